"""Forms built from the attrs classes: a field editor per schema field (enums as drop-downs,
numbers as spin boxes with the validators' ranges, lists whose items can be added, removed
and reordered, unions with a kind drop-down), the field's docstring as its help text.

A form shows a TOML table as written, mistakes included (a value out of range or of the
wrong type is shown in red, never silently corrected), and reports each change as
``edited(path, value)``; the window turns that into an undoable document edit. When the
shape of the table changes (an item added, a kind changed) the form is rebuilt, otherwise
its widgets are updated in place so that typing is never interrupted.
"""

from __future__ import annotations

import enum
import itertools
import re
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import shiboken6
from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.forms import kindinfo
from editor.forms.inputs import ChoiceBox, NumberBox, pass_undo_keys
from editor.model.templates import default_table, default_value, union_members
from smqt.engine.effects import MAX_ADJACENT_COPIES, POINTS_LIMIT
from smqt.pack.convert import tag_of
from smqt.pack.fieldinfo import FieldRange, field_docs, field_range, resolved_fields

Path_ = tuple[str | int, ...]
Choices = Callable[[type, str], list[str]]
"(class, field name) -> the values a text field may take (sand dollar action ids), or []."

_INVALID = "background: #fde2e1; color: #8a1c12;"
_HELP = "help"


def plain(doc: str) -> str:
    """A docstring for people: ````value```` markup becomes quotes."""
    return re.sub(r"``([^`]+)``", r"'\1'", doc)


def label_for(name: str) -> str:
    return name.replace("_", " ")


def parse_key(key: str) -> Path_:
    """``scoring[1].tag`` -> ``("scoring", 1, "tag")`` (a loader error's key as a path)."""
    path: list[str | int] = []
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key):
        path.append(int(part[1:-1]) if part.startswith("[") else part)
    return tuple(path)


def shape(raw: Any) -> Any:
    """What decides the widgets a table needs: kinds and list lengths, not the values."""
    if isinstance(raw, dict):
        return ("table", raw.get("kind"),
                tuple((k, shape(v)) for k, v in raw.items() if isinstance(v, dict | list)))
    if isinstance(raw, list):
        return ("list", tuple(shape(v) for v in raw))
    return None


ROW_TOLERANCE = 8
"Pixels between the middles of two widgets that still stand in one row."


class Form(QWidget):
    """An editable view of one TOML table of an attrs class."""

    edited = Signal(tuple, object)
    "(path inside the table, new value; None drops an optional key)"

    def __init__(self, cls: type, *, choices: Choices | None = None, optional_lists: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cls = cls
        self.choices = choices or (lambda _cls, _name: [])
        self.optional_lists = optional_lists
        self.widgets: dict[Path_, QWidget] = {}
        self._shape: Any = object()
        self._root: StructEditor | None = None
        self._quiet = False
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def show_table(self, raw: dict[str, Any]) -> None:
        self._quiet = True  # a field losing its focus while it is replaced commits nothing
        try:
            new_shape = shape(raw)
            if self._root is None or new_shape != self._shape:
                focused = self.focused_path()
                if self._root is not None:
                    discard(self._root.widget)
                self.widgets = {}
                self._root = StructEditor(self, (), self.cls)
                self._layout.addWidget(self._root.widget)
                self._shape = new_shape
                self._root.set_value(raw)
                if focused is not None:
                    self.focus_path(focused)
                # list rows are made after the fields below them: Tab follows the page once
                # the new widgets have their places
                QTimer.singleShot(0, self._order_tabs)
            else:
                self._root.set_value(raw)
        finally:
            self._quiet = False

    def _order_tabs(self) -> None:
        """Chain the focusable fields and buttons in reading order: rows top to bottom (a row
        is what stands at the same height), left to right within a row."""
        if not shiboken6.isValid(self) or discarded(self):
            return
        found = []
        for widget in self.findChildren(QWidget):
            inner = isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox)
            if inner or discarded(widget) or not widget.isVisibleTo(self) or \
                    not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                continue
            corner = widget.mapTo(self, QPoint(0, 0))
            found.append((corner.y() + widget.height() / 2, corner.x(), widget))
        found.sort(key=lambda item: item[0])
        rows: list[list[tuple[float, int, QWidget]]] = []
        for item in found:
            if rows and item[0] - rows[-1][0][0] <= ROW_TOLERANCE:
                rows[-1].append(item)
            else:
                rows.append([item])
        ordered = [w for row in rows for _, _, w in sorted(row, key=lambda i: i[1])]
        for before, after in itertools.pairwise(ordered):
            QWidget.setTabOrder(before, after)

    def commit(self, path: Path_, value: Any) -> None:
        if not self._quiet:
            self.edited.emit(tuple(path), value)

    def flush(self) -> None:
        """Commit what is typed in the focused field but not committed yet (text is committed
        when the field is left, numbers when Enter is pressed or the field is left)."""
        focus = self.focusWidget()
        while focus is not None and focus is not self:
            if isinstance(focus, NumberBox):
                focus.finish()  # a number out of range stays refused, nothing is committed
                return
            if isinstance(focus, QAbstractSpinBox):
                focus.interpretText()
                return
            if isinstance(focus, QLineEdit):
                focus.editingFinished.emit()
                return
            focus = focus.parentWidget()

    def register(self, path: Path_, widget: QWidget, doc: str) -> None:
        self.widgets[path] = widget
        widget.setObjectName("field:" + ".".join(str(p) for p in path))
        pass_undo_keys(widget)  # Ctrl+Z in a field undoes the last change, the field committed
        doc = plain(doc)
        if doc:
            widget.setToolTip(doc)
            widget.setProperty(_HELP, doc)

    def focused_path(self) -> Path_ | None:
        focus = self.focusWidget()
        for path, widget in self.widgets.items():
            if widget is focus or (focus is not None and widget.isAncestorOf(focus)):
                return path
        return None

    def focus_path(self, path: Path_) -> QWidget | None:
        """Give the focus to the field at ``path`` or its nearest enclosing one."""
        path = tuple(path)
        while True:
            widget = self.widgets.get(path)
            if widget is not None:
                target = widget
                if target.focusPolicy() == Qt.FocusPolicy.NoFocus:
                    target = next((w for w in widget.findChildren(QWidget)
                                   if w.focusPolicy() != Qt.FocusPolicy.NoFocus
                                   and w.isEnabled()), widget)
                target.setFocus(Qt.FocusReason.OtherFocusReason)
                return target
            if not path:
                return None
            path = path[:-1]


def discard(widget: QWidget) -> None:
    """Take a widget out of sight at once (it takes no room in its layout from now on) and
    delete it when control returns to the event loop."""
    widget.hide()
    widget.setProperty("discarded", True)
    widget.deleteLater()


def discarded(widget: QWidget) -> bool:
    """The widget belongs to a part of a form that was replaced (and awaits deletion)."""
    while widget is not None:
        if widget.property("discarded"):
            return True
        widget = widget.parentWidget()
    return False


def help_of(widget: QWidget | None) -> str:
    """The help text of a field widget or of the field it is part of."""
    while widget is not None:
        text = widget.property(_HELP)
        if text:
            return str(text)
        widget = widget.parentWidget()
    return ""


# ============================================================================ editors


class Editor:
    """One field: a widget showing a raw value and committing changes through the form."""

    widget: QWidget

    def set_value(self, raw: Any) -> None:
        raise NotImplementedError


def make_editor(form: Form, path: Path_, tp: Any, attribute: attrs.Attribute | None,
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
            doc = f"{doc}\n(at most {limit} characters)".strip()
        return TextEditor(form, path, doc, optional=False)
    if attrs.has(tp):
        return StructEditor(form, path, tp, doc)
    raise TypeError(f"no editor for {tp!r}")


def _mark(widget: QWidget, problem: str | None, doc: str) -> None:
    doc = plain(doc)
    style = _INVALID if not isinstance(widget, QComboBox) else f"QComboBox {{ {_INVALID} }}"
    widget.setStyleSheet(style if problem else "")  # (a drop-down's list keeps its colours)
    widget.setToolTip(f"{problem}\n\n{doc}" if problem else doc)


def toml_text(raw: Any, limit: int = 40) -> str:
    """A value as it is written in the TOML file (``"2"`` for text), cut to ``limit``."""
    if isinstance(raw, bool):
        text = "true" if raw else "false"
    elif isinstance(raw, str):
        text = '"' + raw.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(raw, list):
        text = "[" + ", ".join(toml_text(v, limit) for v in raw[:6]) + (", …" if len(raw) > 6 else "") + "]"
    elif isinstance(raw, dict):
        text = "{ " + ", ".join(f"{k} = {toml_text(v, limit)}" for k, v in list(raw.items())[:4]) + " }"
    else:
        text = str(raw)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Noted:
    """A field with a short red note beside it saying what is wrong (hidden when nothing is)."""

    def __init__(self, field: QWidget, *, grow: bool = True) -> None:
        self.widget = QWidget()
        line = QHBoxLayout(self.widget)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(6)
        line.addWidget(field, 1 if grow else 0)
        self.note = QLabel()
        self.note.setObjectName("note")
        self.note.setStyleSheet("color: #b3261e;")
        self.note.setWordWrap(True)  # a long reason wraps; it never widens the form
        self.note.hide()
        line.addWidget(self.note)
        if not grow:
            line.addStretch(1)

    def say(self, problem: str | None) -> None:
        self.note.setText(problem or "")
        self.note.setVisible(bool(problem))


class TextEditor(Editor):
    def __init__(self, form: Form, path: Path_, doc: str, *, optional: bool) -> None:
        self.form, self.path, self.doc, self.optional = form, path, doc, optional
        self.field = QLineEdit()
        self.noted = _Noted(self.field)
        self.widget = self.noted.widget
        self.raw: Any = None
        self.field.editingFinished.connect(self._finished)
        form.register(path, self.field, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        text = "" if raw is None else str(raw)
        if self.field.text() != text:
            self.field.setText(text)
        bad = raw is not None and not isinstance(raw, str)
        problem = f"not text: {toml_text(raw)}" if bad else None
        _mark(self.field, problem, self.doc)
        self.noted.say(problem)

    def _finished(self) -> None:
        text = self.field.text()
        if (self.raw is None or isinstance(self.raw, str)) and text == (self.raw or ""):
            return  # untouched: leaving an empty field must not write an empty value (nor
            # push a step that would drop the redo history)
        value: str | None = text if text or not self.optional else None
        if value != self.raw:
            self.form.commit(self.path, value)


class IntEditor(Editor):
    """A spin box. What the file holds is shown as written: out of range in red, text or
    another wrong type as written (``"2"``) in red with the problem beside it; any number
    chosen mends it. A number typed out of range stays as typed and is refused."""

    def __init__(self, form: Form, path: Path_, doc: str, bounds: FieldRange,
                 attribute: attrs.Attribute | None) -> None:
        self.form, self.path = form, path
        self.low = bounds.minimum if bounds.minimum is not None else -99
        self.high = bounds.maximum if bounds.maximum is not None else 99
        self.doc = f"{doc}\n(from {self.low} to {self.high})".strip()
        self.default = attribute.default if attribute is not None and \
            isinstance(attribute.default, int) else None
        self.spin = NumberBox()
        self.spin.setMinimumWidth(80)
        self.spin.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.spin.setKeyboardTracking(False)
        self.spin.setRange(self.low, self.high)
        self.spin.bounds = self.spin.allowed = (self.low, self.high)
        self.noted = _Noted(self.spin, grow=False)
        self.widget = self.noted.widget
        self.raw: Any = None
        self.problem: str | None = None
        self.spin.valueChanged.connect(self._changed)
        self.spin.refused.connect(self._refused)
        form.register(path, self.spin, self.doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        number = isinstance(raw, int) and not isinstance(raw, bool)
        problem = None
        low, high = self.low, self.high
        special = ""
        if number:
            shown = raw
            if not self.low <= raw <= self.high:
                problem = f"out of range ({self.low} to {self.high})"
                low, high = min(low, raw), max(high, raw)
        elif raw is None and self.default is not None:
            shown = self.default
        else:  # missing or not a number: shown as written below the range, any number mends it
            problem = "missing" if raw is None else f"not a whole number: {toml_text(raw)}"
            low = shown = self.low - 1
            special = " " if raw is None else toml_text(raw, 24)
        blocked = self.spin.blockSignals(True)
        self.spin.setSpecialValueText(special)
        self.spin.setRange(low, high)
        self.spin.setValue(shown)
        self.spin.lineEdit().setText(self.spin.textFromValue(shown) if not special else special)
        self.spin.clear_refusal()
        self.spin.blockSignals(blocked)
        self.problem = problem
        self._show(problem)

    def _show(self, problem: str | None) -> None:
        _mark(self.spin, problem, self.doc)
        self.noted.say(problem if problem and problem != "missing" else None)

    def _refused(self, problem: str) -> None:
        if problem:
            self._show(f"{problem}: not taken")
        else:
            self._show(self.problem)

    def _changed(self, value: int) -> None:
        number = isinstance(self.raw, int) and not isinstance(self.raw, bool)
        if self.spin.specialValueText() and value == self.spin.minimum():
            return  # still blank
        if not (number and value == self.raw):
            self.form.commit(self.path, value)


class BoolEditor(Editor):
    def __init__(self, form: Form, path: Path_, doc: str, attribute: attrs.Attribute | None) -> None:
        self.form, self.path, self.doc = form, path, doc
        self.default = bool(attribute.default) if attribute is not None and \
            isinstance(attribute.default, bool) else False
        self.check = QCheckBox()
        self.noted = _Noted(self.check, grow=False)
        self.widget = self.noted.widget
        self.raw: Any = None
        self.check.toggled.connect(self._toggled)
        form.register(path, self.check, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        blocked = self.check.blockSignals(True)
        self.check.setChecked(raw if isinstance(raw, bool) else self.default)
        self.check.blockSignals(blocked)
        bad = raw is not None and not isinstance(raw, bool)
        problem = f"not true or false: {toml_text(raw)}" if bad else None
        _mark(self.check, problem, self.doc)
        self.noted.say(problem)

    def _toggled(self, checked: bool) -> None:
        if not (isinstance(self.raw, bool) and checked == self.raw):
            self.form.commit(self.path, checked)


class EnumEditor(Editor):
    def __init__(self, form: Form, path: Path_, values: list[str], doc: str, *,
                 editable: bool = False, default: str | None = None) -> None:
        self.form, self.path, self.values, self.doc = form, path, values, doc
        self.default = default
        "What a missing key means (the field's default), shown as chosen."
        self.combo = ChoiceBox()
        self.combo.setMinimumContentsLength(8)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        if not editable:
            self.combo.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.combo.setEditable(editable)
        self.combo.addItems(values)
        self.noted = _Noted(self.combo, grow=editable)
        self.widget = self.noted.widget
        self.raw: Any = None
        if editable:
            self.combo.lineEdit().editingFinished.connect(
                lambda: self._chosen(self.combo.currentText()))
        self.combo.activated.connect(lambda i: self._chosen(self.combo.itemText(i)))
        form.register(path, self.combo, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        text = raw if isinstance(raw, str) else ""
        if raw is None and self.default is not None:
            text = self.default
        blocked = self.combo.blockSignals(True)
        if self.combo.count() > len(self.values):
            self.combo.removeItem(len(self.values))
        index = self.values.index(text) if text in self.values else -1
        if index < 0 and not self.combo.isEditable():
            self.combo.addItem("(missing)" if raw is None else f"{toml_text(raw)} (unknown)")
            index = len(self.values)
        if self.combo.isEditable():
            self.combo.setEditText(text if raw is None or isinstance(raw, str) else toml_text(raw))
        else:
            self.combo.setCurrentIndex(index)
        self.combo.blockSignals(blocked)
        unknown = text not in self.values
        problem = None
        if unknown:
            problem = "missing" if raw is None else f"unknown value {toml_text(raw)}"
        _mark(self.combo, problem, self.doc)
        self.noted.say(problem if raw is not None and unknown else None)

    def _chosen(self, text: str) -> None:
        if text in self.values or self.combo.isEditable():
            if text != self.raw and not (self.raw is None and text == self.default):
                self.form.commit(self.path, text)


class StructEditor(Editor):
    """The fields of an attrs class, one row each."""

    def __init__(self, form: Form, path: Path_, cls: type, doc: str = "") -> None:
        self.form, self.path, self.cls = form, path, cls
        self.widget = QFrame() if path else QWidget()
        if path:
            self.widget.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QFormLayout(self.widget)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.raw: Any = None
        docs = {name: plain(text) for name, text in field_docs(cls).items()}
        self.editors: dict[str, Editor] = {}
        for attribute in resolved_fields(cls):
            text = docs.get(attribute.name, "")
            editor = make_editor(_Route(form, self.commit_field), (*path, attribute.name),
                                 attribute.type,
                                 attribute, cls, text, top=not path)
            label = QLabel(label_for(attribute.name))
            label.setToolTip(text)
            label.setProperty(_HELP, text)
            if attribute.default is attrs.NOTHING:
                label.setText(label_for(attribute.name) + " *")
            layout.addRow(label, editor.widget)
            self.editors[attribute.name] = editor
        if path:
            form.register(path, self.widget, doc)

    def set_value(self, raw: Any) -> None:
        self.raw = raw
        table = raw if isinstance(raw, dict) else {}
        for name, editor in self.editors.items():
            editor.set_value(table.get(name))

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

    def __init__(self, form: Form, commit: Callable[[Path_, Any], None]) -> None:
        self._form, self._commit = form, commit

    def __getattr__(self, name: str) -> Any:
        return getattr(self._form, name)

    def commit(self, path: Path_, value: Any) -> None:
        self._commit(path, value)


class UnionEditor(Editor):
    """A kind drop-down and the fields of that kind."""

    def __init__(self, form: Form, path: Path_, members: tuple[type, ...], doc: str,
                 header: QHBoxLayout | None = None) -> None:
        self.form, self.path, self.members = form, path, members
        self.kinds = [tag_of(m) or m.__name__ for m in members]
        self.kind_box = ChoiceBox()
        self.kind_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for member, kind in zip(members, self.kinds, strict=True):
            self.kind_box.addItem(kindinfo.icon(member), kind)
            self.kind_box.setItemData(self.kind_box.count() - 1,
                                      f"{kindinfo.title(member)}: {kindinfo.description(member)}",
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
            _mark(self.kind_box, None, f"{kindinfo.title(member)}: {self.describe.text()}")
            if self.body is None or self.body.cls is not member:
                if self.body is not None:
                    discard(self.body.widget)
                self.body = StructEditor(self.form, self.path, member)
                self.body.widget.setFrameShape(QFrame.Shape.NoFrame)
                self._layout.addWidget(self.body.widget)
            self.body.set_value(raw)
        else:  # shown as written, marked; choosing a kind mends it (fields that fit are kept)
            if not isinstance(raw, dict):
                shown, problem = f"not a table: {toml_text(raw)}", f"not a table: {toml_text(raw)}"
            elif kind is None:
                shown, problem = "(no kind)", "no kind: choose one"
            else:
                shown = f"unknown kind {toml_text(kind)}"
                problem = f"unknown kind {toml_text(kind)}: choose one of " + ", ".join(self.kinds)
            self.kind_box.addItem(shown)
            self.kind_box.setCurrentIndex(len(self.kinds))
            self.describe.setText(problem)
            self.describe.setStyleSheet("color: #b3261e;")
            _mark(self.kind_box, problem, "")
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

    def __init__(self, form: Form, path: Path_, item_type: Any, doc: str, limit: int | None,
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
        self.rows = QHBoxLayout(self.rows_box) if self.compact else QVBoxLayout(self.rows_box)
        self.rows.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.rows_box)
        self.add = QToolButton()
        self.add.setText("+ Add")
        self.add.setToolTip(f"Add an item. {doc}")
        if self.members:
            menu = QMenu(self.add)
            menu.setToolTipsVisible(True)
            for member in self.members:
                action = menu.addAction(kindinfo.icon(member), kindinfo.menu_text(member))
                action.setData(kindinfo.kind_name(member))
                action.setToolTip(kindinfo.description(member))
                action.setStatusTip(kindinfo.description(member))
                action.triggered.connect(lambda _=False, m=member: self._append(default_table(m)))
            self.add.setMenu(menu)
            self.add.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        else:
            self.add.clicked.connect(lambda: self._append(default_value(item_type)))
        if self.compact:
            self.rows.addWidget(self.add)
            self.rows.addStretch(1)
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
            problem = f"not a list: {raw!r}"
        elif full and len(self.raw) > self.limit:  # type: ignore[operator]
            problem = f"at most {self.limit} items"
        _mark(self.add, problem, f"Add an item. {self.doc}")

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
            line.addWidget(_tool("✕", "Remove this item", lambda: self._remove(index)))
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
                title = QLabel(f"<b>{kindinfo.title(self.item_type)}</b> ({kind}) — "
                               f"{kindinfo.description(self.item_type)}")
                title.setWordWrap(True)
                header.addWidget(title, 1)
        header.addStretch(1)
        up = _tool("↑", "Move up", lambda: self._move(index, -1))
        down = _tool("↓", "Move down", lambda: self._move(index, 1))
        up.setEnabled(index > 0)
        down.setEnabled(index < count - 1)
        for button in (up, down, _tool("✕", "Remove this item", lambda: self._remove(index))):
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

    def __init__(self, form: Form, path: Path_, types: list[Any], doc: str, owner: type | None,
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


PAIR_WORDS = {"copies": "at least (copies)", "points": "points"}
"How a part named in the help (``[copies, points]``) is labelled beside its box."
PAIR_LABELS = {"sides": ("side A", "side B")}
PAIR_RANGES = {"copies": (1, MAX_ADJACENT_COPIES), "points": (0, POINTS_LIMIT)}
"The ranges of a pair's numbers by the part's name (a tier: at least 1 copy, 0 to 99 points)."
"Labels of pairs whose help names no parts (field name -> labels)."


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
        return [PAIR_WORDS.get(w, w.replace("_", " ")) for w in words]
    known = PAIR_LABELS.get(name)
    if known is not None and len(known) == count:
        return list(known)
    return [""] * count
