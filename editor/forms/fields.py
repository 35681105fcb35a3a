"""Field editors of a form, one per kind of value (text, whole number, true or false, one of
some values), and what they share: showing a mistake in red with its help text, and the
parts of the form an editor uses."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

import attrs
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QWidget,
)

from editor.forms.inputs import ChoiceBox, NumberBox
from editor.model.words import field_label, value_word, values_help
from smqt.language.translate import _
from smqt.pack.fieldinfo import FieldRange

Path_ = tuple[str | int, ...]
Choices = Callable[[type, str], list[str]]
"(class, field name) -> the values a text field may take (sand dollar action ids), or []."
_INVALID = "background: #fde2e1; color: #8a1c12;"  # not translated: a style sheet
HELP_PROPERTY = "help"  # not translated: a property name
"The widget property that holds a field's help text (shown when the field has the focus)."


class FormParts(Protocol):
    """What a field editor uses of the form it stands in (``editor.forms.form.Form``)."""

    choices: Choices | None
    optional_lists: bool
    widgets: dict[Path_, QWidget]

    def commit(self, path: Path_, value: Any) -> None: ...

    def register(self, path: Path_, widget: QWidget, doc: str) -> None: ...

    def rename_key(self, path: Path_, new_key: str) -> None: ...

    def delete_key(self, path: Path_) -> None: ...

    def ask_balance(self, path: Path_, value: int, low: int, high: int) -> None: ...


def plain(doc: str) -> str:
    """A docstring for people: ````value```` markup becomes quotes."""
    return re.sub(r"``([^`]+)``", r"'\1'", doc)


def label_for(name: str, owner: type | None = None) -> str:
    """A key's label in the form: its words in the language in force (``editor.model.words``)."""
    return field_label(name, owner)


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
        text = widget.property(HELP_PROPERTY)
        if text:
            return str(text)
        widget = widget.parentWidget()
    return ""


class Editor:
    """One field: a widget showing a raw value and committing changes through the form."""

    widget: QWidget

    def set_value(self, raw: Any) -> None:
        raise NotImplementedError


def mark(widget: QWidget, problem: str | None, doc: str) -> None:
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
    def __init__(self, form: FormParts, path: Path_, doc: str, *, optional: bool) -> None:
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
        problem = _("not text: {value}").format(value=toml_text(raw)) if bad else None
        mark(self.field, problem, self.doc)
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

    def __init__(self, form: FormParts, path: Path_, doc: str, bounds: FieldRange,
                 attribute: attrs.Attribute | None) -> None:
        self.form, self.path = form, path
        self.low = bounds.minimum if bounds.minimum is not None else -99
        self.high = bounds.maximum if bounds.maximum is not None else 99
        self.doc = (doc + "\n" + _("(from {low} to {high})").format(low=self.low, high=self.high)).strip()
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
        balance = QAction(_("Find a balanced value…"), self.spin)
        balance.setToolTip(_("Let the simulator search the value of this number that meets a "
                             "goal, such as a card as strong as the others"))
        balance.triggered.connect(lambda: form.ask_balance(path, self.spin.value(), self.low,
                                                           self.high))
        self.spin.extra_actions.append(balance)
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
                problem = _("out of range ({low} to {high})").format(low=self.low, high=self.high)
                low, high = min(low, raw), max(high, raw)
        elif raw is None and self.default is not None:
            shown = self.default
        else:  # missing or not a number: shown as written below the range, any number mends it
            problem = _("missing") if raw is None else \
                _("not a whole number: {value}").format(value=toml_text(raw))
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
        mark(self.spin, problem, self.doc)
        self.noted.say(problem if problem and problem != _("missing") else None)

    def _refused(self, problem: str) -> None:
        if problem:
            self._show(_("{problem}: not taken").format(problem=problem))
        else:
            self._show(self.problem)

    def _changed(self, value: int) -> None:
        number = isinstance(self.raw, int) and not isinstance(self.raw, bool)
        if self.spin.specialValueText() and value == self.spin.minimum():
            return  # still blank
        if not (number and value == self.raw):
            self.form.commit(self.path, value)


class BoolEditor(Editor):
    def __init__(self, form: FormParts, path: Path_, doc: str, attribute: attrs.Attribute | None) -> None:
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
        problem = _("not true or false: {value}").format(value=toml_text(raw)) if bad else None
        mark(self.check, problem, self.doc)
        self.noted.say(problem)

    def _toggled(self, checked: bool) -> None:
        if not (isinstance(self.raw, bool) and checked == self.raw):
            self.form.commit(self.path, checked)


class EnumEditor(Editor):
    """One of some values: a drop-down showing each value in words (``value_word``: "Strand"
    for ``beach`` in German), the value as the file writes it kept as the item's data and
    committed. An editable one (ids to choose from, or one's own) shows values as written."""

    def __init__(self, form: FormParts, path: Path_, values: list[str], doc: str, *,
                 editable: bool = False, default: str | None = None) -> None:
        self.form, self.path, self.values = form, path, values
        if not editable:
            doc = "\n".join(part for part in (doc, values_help(values)) if part)
        self.doc = doc
        self.default = default
        "What a missing key means (the field's default), shown as chosen."
        self.combo = ChoiceBox()
        self.combo.setMinimumContentsLength(8)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        if not editable:
            self.combo.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.combo.setEditable(editable)
        for value in values:
            self.combo.addItem(value if editable else value_word(value), value)
        self.noted = _Noted(self.combo, grow=editable)
        self.widget = self.noted.widget
        self.raw: Any = None
        if editable:
            self.combo.lineEdit().editingFinished.connect(
                lambda: self._chosen(self.combo.currentText()))
        self.combo.activated.connect(lambda i: self._chosen(self._value_at(i)))
        form.register(path, self.combo, doc)

    def _value_at(self, index: int) -> str:
        """The file's value of the item at ``index`` (an item shown as written has none)."""
        value = self.combo.itemData(index)
        return value if isinstance(value, str) else self.combo.itemText(index)

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
            self.combo.addItem(_("(missing)") if raw is None else
                               _("{value} (unknown)").format(value=toml_text(raw)))
            index = len(self.values)
        if self.combo.isEditable():
            self.combo.setEditText(text if raw is None or isinstance(raw, str) else toml_text(raw))
        else:
            self.combo.setCurrentIndex(index)
        self.combo.blockSignals(blocked)
        unknown = text not in self.values
        problem = None
        if unknown:
            problem = _("missing") if raw is None else \
                _("unknown value {value}").format(value=toml_text(raw))
        mark(self.combo, problem, self.doc)
        self.noted.say(problem if raw is not None and unknown else None)

    def _chosen(self, text: str) -> None:
        if text in self.values or self.combo.isEditable():
            if text != self.raw and not (self.raw is None and text == self.default):
                self.form.commit(self.path, text)
