"""Editors of values made of others: a table of fields (an attrs class), a union with its kind
drop-down, a list whose items can be added, removed and reordered, a pair; and
``make_editor``, which picks the editor for a field's type."""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.forms import kindinfo
from editor.forms.fields import (
    HELP_PROPERTY,
    BoolEditor,
    Editor,
    EnumEditor,
    FormParts,
    IntEditor,
    Path_,
    TextEditor,
    discard,
    label_for,
    mark,
    plain,
    toml_text,
)
from editor.forms.inputs import ChoiceBox
from editor.forms.unknown import UnknownKey, unknown_keys
from editor.model.templates import default_table, default_value, union_members
from editor.model.words import with_key
from smqt.desktop.flow import FlowLayout
from smqt.engine.effects import MAX_ADJACENT_COPIES, POINTS_LIMIT
from smqt.language.translate import N_, _
from smqt.pack.convert import tag_of
from smqt.pack.fieldinfo import FieldRange, field_docs, field_range, resolved_fields


def make_editor(form: FormParts, path: Path_, tp: Any, attribute: attrs.Attribute | None,
                owner: type | None, doc: str, *, top: bool = False) -> Editor:
    members = union_members(tp)
    if members:
        return UnionEditor(form, path, members, doc)
    origin = typing.get_origin(tp)
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    name = attribute.name if attribute is not None else ""
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return TextEditor(form, path, doc, optional=True)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            limit = field_range(attribute).max_items if attribute is not None else None
            removable = top and form.optional_lists and attribute is not None and \
                attribute.default is not attrs.NOTHING
            return ListEditor(form, path, args[0], doc, limit, drop_when_empty=removable)
        return PairEditor(form, path, args, doc, owner, name)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        default = attribute.default if attribute is not None and \
            isinstance(attribute.default, enum.Enum) else None
        return EnumEditor(form, path, [m.value for m in tp], doc,
                          default=None if default is None else str(default.value))
    if tp is bool:
        return BoolEditor(form, path, doc, attribute)
    if tp is int:
        bounds = field_range(attribute) if attribute is not None else FieldRange()
        return IntEditor(form, path, doc, bounds, attribute)
    if tp is str:
        options = form.choices(owner, name) if owner is not None else []
        if options:
            return EnumEditor(form, path, options, doc, editable=True)
        limit = field_range(attribute).max_chars if attribute is not None else None
        if limit is not None:
            doc = (doc + "\n" + _("(at most {limit} characters)").format(limit=limit)).strip()
        return TextEditor(form, path, doc, optional=False)
    if attrs.has(tp):
        return StructEditor(form, path, tp, doc)
    raise TypeError(f"no editor for {tp!r}")  # not translated: a programming error


class StructEditor(Editor):
    """The fields of an attrs class, one row each; a key the class does not have (a typo) gets
    a row of its own where it stands in the file, with Rename and Delete."""

    def __init__(self, form: FormParts, path: Path_, cls: type, doc: str = "") -> None:
        self.form, self.path, self.cls = form, path, cls
        self.widget = QFrame() if path else QWidget()
        if path:
            self.widget.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QFormLayout(self.widget)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._layout = layout
        self.raw: Any = None
        self.unknown: list[UnknownKey] = []
        "The rows of the keys the class does not have, in file order."
        self._unknown_places: list[tuple[str, str | None]] = []
        docs = {name: plain(_(text)) for name, text in field_docs(cls).items()}
        self.editors: dict[str, Editor] = {}
        for attribute in resolved_fields(cls):
            shown = label_for(attribute.name, cls)
            # the file's key is named with the help wherever the label says it otherwise
            text = with_key(docs.get(attribute.name, ""), shown, attribute.name)
            editor = make_editor(_Route(form, self.commit_field), (*path, attribute.name),
                                 attribute.type,
                                 attribute, cls, text, top=not path)
            label = QLabel(shown)
            label.setObjectName("fieldlabel:" + ".".join(str(p) for p in (*path, attribute.name)))
            label.setToolTip(text)
            label.setProperty(HELP_PROPERTY, text)
            if attribute.default is attrs.NOTHING:
                label.setText(shown + " *")
            layout.addRow(label, editor.widget)
            self.editors[attribute.name] = editor
        if path:
            form.register(path, self.widget, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        table = raw if isinstance(raw, dict) else {}
        for name, editor in self.editors.items():
            editor.set_value(table.get(name))
        names = list(self.editors) + (["kind"] if tag_of(self.cls) else [])
        places = unknown_keys(table, names)
        if places != self._unknown_places:
            self._place_unknown(places)
        for row in self.unknown:
            row.set_value(table.get(row.key), table)

    def _place_unknown(self, places: list[tuple[str, str | None]]) -> None:
        """Make the rows of the unknown keys anew, each after the field it follows in the
        file (before the first field when it stands first)."""
        for row in self.unknown:
            self._layout.takeRow(row.widget)
            discard(row.label)
            discard(row.widget)
            self.form.widgets.pop(row.path, None)
        self.unknown = []
        self._unknown_places = places
        fields = list(self.editors)
        placed: dict[str | None, int] = {}
        for key, before in places:
            row = UnknownKey(self.form, (*self.path, key), fields, self.cls)
            at = 0 if before not in self.editors else \
                self._layout.getWidgetPosition(self.editors[before].widget)[0] + 1
            self._layout.insertRow(at + placed.get(before, 0), row.label, row.widget)
            placed[before] = placed.get(before, 0) + 1
            self.unknown.append(row)

    def commit_field(self, path: Path_, value: Any) -> None:
        """A field changed; a table that is not there yet is written whole."""
        if isinstance(self.raw, dict) or not self.path:
            self.form.commit(path, value)
            return
        table = default_table(self.cls)
        name = path[len(self.path)]
        if len(path) == len(self.path) + 1:
            table[name] = value
        self.form.commit(self.path, table)


class _Route:
    """Hands the parts of a value the form, with their commits routed through the value's
    editor (a struct whose table is not there yet, a pair written whole)."""

    def __init__(self, form: FormParts, commit: Callable[[Path_, Any], None]) -> None:
        self._form, self._commit = form, commit

    def __getattr__(self, name: str) -> Any:
        return getattr(self._form, name)

    def commit(self, path: Path_, value: Any) -> None:
        self._commit(path, value)


class UnionEditor(Editor):
    """A kind drop-down and the fields of that kind."""

    def __init__(self, form: FormParts, path: Path_, members: tuple[type, ...], doc: str,
                 header: QHBoxLayout | None = None) -> None:
        self.form, self.path, self.members = form, path, members
        self.kinds = [tag_of(m) or m.__name__ for m in members]
        self.kind_box = ChoiceBox()
        self.kind_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for member in members:
            self.kind_box.addItem(kindinfo.icon(member), kindinfo.choice_text(member))
            self.kind_box.setItemData(self.kind_box.count() - 1, kindinfo.tip(member),
                                      Qt.ItemDataRole.ToolTipRole)
        self.kind_box.activated.connect(self._kind_chosen)
        self.widget = QWidget()
        self._layout = QVBoxLayout(self.widget)
        self._layout.setContentsMargins(0, 0, 0, 0)
        if header is None:
            header = QHBoxLayout()
            self._layout.addLayout(header)
        header.insertWidget(header.count(), self.kind_box)
        self.describe = QLabel()
        self.describe.setWordWrap(True)
        self.describe.setStyleSheet("color: #555;")
        self._layout.addWidget(self.describe)
        self.body: StructEditor | None = None
        self.raw: Any = None
        form.register((*path, "kind"), self.kind_box, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        kind = raw.get("kind") if isinstance(raw, dict) else None
        blocked = self.kind_box.blockSignals(True)
        if self.kind_box.count() > len(self.kinds):
            self.kind_box.removeItem(len(self.kinds))
        if kind in self.kinds:
            index = self.kinds.index(kind)
            self.kind_box.setCurrentIndex(index)
            member = self.members[index]
            self.describe.setText(kindinfo.description(member))
            self.describe.setStyleSheet("color: #555;")
            mark(self.kind_box, None, kindinfo.tip(member))
            if self.body is None or self.body.cls is not member:
                if self.body is not None:
                    discard(self.body.widget)
                self.body = StructEditor(self.form, self.path, member)
                self.body.widget.setFrameShape(QFrame.Shape.NoFrame)
                self._layout.addWidget(self.body.widget)
            self.body.set_value(raw)
        else:  # shown as written, marked; choosing a kind mends it (fields that fit are kept)
            if not isinstance(raw, dict):
                shown = problem = _("not a table: {value}").format(value=toml_text(raw))
            elif kind is None:
                shown, problem = _("(no kind)"), _("no kind: choose one")
            else:
                shown = _("unknown kind {kind}").format(kind=toml_text(kind))
                problem = _("unknown kind {kind}: choose one of {kinds}").format(
                    kind=toml_text(kind), kinds=", ".join(self.kinds))
            self.kind_box.addItem(shown)
            self.kind_box.setCurrentIndex(len(self.kinds))
            self.describe.setText(problem)
            self.describe.setStyleSheet("color: #b3261e;")
            mark(self.kind_box, problem, "")
        self.kind_box.blockSignals(blocked)

    def _kind_chosen(self, index: int) -> None:
        if index >= len(self.members):
            return  # the unknown kind as written
        member = self.members[index]
        old = self.raw if isinstance(self.raw, dict) else {}
        if old.get("kind") == self.kinds[index]:
            return
        table = default_table(member)
        names = {a.name: a for a in resolved_fields(member)}
        for key, value in old.items():
            if key != "kind" and key in names and _fits(value, names[key].type):
                table[key] = value
        self.form.commit(self.path, table)


def _fits(value: Any, tp: Any) -> bool:
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return value in {m.value for m in tp}
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return False


def _tool(text: str, tip: str, slot: Callable[[], None]) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRaise(True)
    button.clicked.connect(slot)
    return button


class ListEditor(Editor):
    """Items that can be added, removed and moved; each item has its own editor."""

    def __init__(self, form: FormParts, path: Path_, item_type: Any, doc: str, limit: int | None,
                 *, drop_when_empty: bool) -> None:
        self.form, self.path, self.item_type, self.doc = form, path, item_type, doc
        self.limit, self.drop_when_empty = limit, drop_when_empty
        self.members = union_members(item_type)
        self.compact = not self.members and not attrs.has(item_type) and \
            typing.get_origin(item_type) is not tuple
        self.widget = QWidget()
        outer = QVBoxLayout(self.widget)
        outer.setContentsMargins(0, 0, 0, 0)
        self.rows_box = QWidget()
        # short values line up and wrap where the form's width ends (long words in German)
        self.rows = FlowLayout(self.rows_box) if self.compact else QVBoxLayout(self.rows_box)
        self.rows.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.rows_box)
        self.add = QToolButton()
        self.add.setText(_("+ Add"))
        self.add.setToolTip(_("Add an item. {help}").format(help=doc))
        if self.members:
            menu = QMenu(self.add)
            menu.setToolTipsVisible(True)
            for member in self.members:
                action = menu.addAction(kindinfo.icon(member), kindinfo.menu_text(member))
                action.setData(kindinfo.kind_name(member))
                action.setToolTip(kindinfo.description(member))
                action.setStatusTip(kindinfo.description(member))
                action.triggered.connect(lambda _checked=False, m=member: self._append(default_table(m)))
            self.add.setMenu(menu)
            self.add.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        else:
            self.add.clicked.connect(lambda: self._append(default_value(item_type)))
        if self.compact:
            self.rows.addWidget(self.add)
        else:
            line = QHBoxLayout()
            line.addWidget(self.add)
            line.addStretch(1)
            outer.addLayout(line)
        self.items: list[Editor] = []
        self.row_widgets: list[QWidget] = []
        self.raw: list[Any] = []
        form.register(path, self.widget, doc)
        form.widgets[path] = self.add
        self.add.setObjectName("add:" + ".".join(str(p) for p in path))

    def set_value(self, raw: Any) -> None:
        self.raw = list(raw) if isinstance(raw, list) else []
        if len(self.items) != len(self.raw):
            self._build(len(self.raw))
        for editor, value in zip(self.items, self.raw, strict=True):
            editor.set_value(value)
        full = self.limit is not None and len(self.raw) >= self.limit
        self.add.setEnabled(not full)
        problem = None
        if raw is not None and not isinstance(raw, list):
            problem = _("not a list: {value}").format(value=repr(raw))
        elif full and len(self.raw) > self.limit:  # type: ignore[operator]
            problem = _("at most {limit} items").format(limit=self.limit)
        mark(self.add, problem, _("Add an item. {help}").format(help=self.doc))

    def _build(self, count: int) -> None:
        for row in self.row_widgets:
            discard(row)
        self.items, self.row_widgets = [], []
        for index in range(count):
            self.items.append(self._row(index, count))

    def _row(self, index: int, count: int) -> Editor:
        path = (*self.path, index)
        if self.compact:
            editor = make_editor(self.form, path, self.item_type, None, None, self.doc)
            box = QWidget()
            line = QHBoxLayout(box)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(0)
            line.addWidget(editor.widget)
            line.addWidget(_tool("✕", _("Remove this item"), lambda: self._remove(index)))
            self.rows.insertWidget(index, box)
            self.row_widgets.append(box)
            return editor
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        column = QVBoxLayout(frame)
        column.setContentsMargins(6, 4, 6, 4)
        header = QHBoxLayout()
        header.addWidget(QLabel(f"{index + 1}."))
        editor: Editor
        if self.members:
            editor = UnionEditor(self.form, path, self.members, self.doc, header=header)
        else:
            editor = make_editor(self.form, path, self.item_type, None, None, self.doc)
            kind = tag_of(self.item_type) if attrs.has(self.item_type) else None
            if kind:  # a one-kind list (constraints): name the kind and say what it does
                named = kindinfo.title(self.item_type)
                if kindinfo.choice_text(self.item_type) == kind:  # English names the key
                    named = f"<b>{named}</b> ({kind})"
                else:  # other languages: in words, the key in the tooltip
                    named = f"<b>{named}</b>"
                title = QLabel(f"{named} — {kindinfo.description(self.item_type)}")
                title.setToolTip(kindinfo.tip(self.item_type))
                title.setWordWrap(True)
                header.addWidget(title, 1)
        header.addStretch(1)
        up = _tool("↑", _("Move up"), lambda: self._move(index, -1))
        down = _tool("↓", _("Move down"), lambda: self._move(index, 1))
        up.setEnabled(index > 0)
        down.setEnabled(index < count - 1)
        for button in (up, down, _tool("✕", _("Remove this item"), lambda: self._remove(index))):
            header.addWidget(button)
        column.addLayout(header)
        column.addWidget(editor.widget)
        self.rows.addWidget(frame)
        self.row_widgets.append(frame)
        if path not in self.form.widgets:
            self.form.widgets[path] = frame
        return editor

    def _commit(self, items: list[Any]) -> None:
        self.form.commit(self.path, items if items or not self.drop_when_empty else None)

    def _append(self, value: Any) -> None:
        self._commit([*self.raw, value])

    def _remove(self, index: int) -> None:
        self._commit(self.raw[:index] + self.raw[index + 1:])

    def _move(self, index: int, step: int) -> None:
        items = list(self.raw)
        other = index + step
        if 0 <= other < len(items):
            items[index], items[other] = items[other], items[index]
            self._commit(items)


class PairEditor(Editor):
    """A fixed number of values side by side (a tier ``[copies, points]``, a tile's sides),
    each with a label taken from the field's help (``[copies, points]``)."""

    def __init__(self, form: FormParts, path: Path_, types: list[Any], doc: str, owner: type | None,
                 name: str) -> None:
        self.form, self.path, self.types = form, path, types
        self.widget = QWidget()
        line = QHBoxLayout(self.widget)
        line.setContentsMargins(0, 0, 0, 0)
        self.parts: list[Editor] = []
        self.raw: Any = None
        self.words = pair_words(doc, len(types))
        self.labels = pair_labels(doc, name, len(types))
        route = _Route(form, self._commit_part)
        for index, tp in enumerate(types):
            if tp is str and owner is not None and form.choices(owner, name):
                part: Editor = EnumEditor(route, (*path, index), form.choices(owner, name), doc,
                                          editable=True)
            elif tp is int and self.words[index] in PAIR_RANGES:  # a tier's copies, points
                low, high = PAIR_RANGES[self.words[index]]
                part = IntEditor(route, (*path, index), doc, FieldRange(low, high), None)
            else:
                part = make_editor(route, (*path, index), tp, None, None, doc)
            if self.labels[index]:
                label = QLabel(self.labels[index])
                label.setObjectName(f"label:{index}")
                label.setStyleSheet("color: #555;")
                line.addWidget(label)
            line.addWidget(part.widget)
            self.parts.append(part)
        line.addStretch(1)
        form.register(path, self.widget, doc)
        form.widgets[path] = self.parts[0].widget

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        values = raw if isinstance(raw, list) else []
        for index, part in enumerate(self.parts):
            part.set_value(values[index] if index < len(values) else None)

    def _commit_part(self, path: Path_, value: Any) -> None:
        """The pair is written whole, so that a short or malformed one is mended."""
        current = list(self.raw) if isinstance(self.raw, list) else []
        whole = [current[i] if i < len(current) else default_value(tp)
                 for i, tp in enumerate(self.types)]
        whole[path[len(self.path)]] = value  # type: ignore[index]
        self.form.commit(self.path, whole)


PAIR_WORDS = {"copies": N_("at least (copies)"), "points": N_("points")}
"How a part named in the help (``[copies, points]``) is labelled beside its box."
PAIR_LABELS = {"sides": (N_("side A"), N_("side B"))}
"Labels of pairs whose help names no parts (field name -> labels)."
PAIR_RANGES = {"copies": (1, MAX_ADJACENT_COPIES), "points": (0, POINTS_LIMIT)}
"The ranges of a pair's numbers by the part's name (a tier: at least 1 copy, 0 to 99 points)."


def pair_words(doc: str, count: int) -> list[str]:
    """The parts a pair's help names (``[copies, points]`` -> copies, points), or blanks."""
    found = re.search(r"\[\s*([a-z][a-z _]*(?:\s*,\s*[a-z][a-z _]*)+)\s*\]", doc or "")
    if found:
        words = [w.strip() for w in found.group(1).split(",")]
        if len(words) == count:
            return words
    return [""] * count


def pair_labels(doc: str, name: str, count: int) -> list[str]:
    """The labels of a pair's values: from ``[copies, points]`` in its help, or by field name."""
    words = pair_words(doc, count)
    if any(words):
        return [_(PAIR_WORDS[w]) if w in PAIR_WORDS else w.replace("_", " ") for w in words]
    known = PAIR_LABELS.get(name)
    if known is not None and len(known) == count:
        return [_(label) for label in known]
    return [""] * count
