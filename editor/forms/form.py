"""Forms built from the attrs classes: a field editor per schema field (enums as drop-downs,
numbers as spin boxes with the validators' ranges, lists whose items can be added, removed
and reordered, unions with a kind drop-down), the field's docstring as its help text.

A form shows a TOML table as written, mistakes included (a value out of range or of the
wrong type is shown in red, never silently corrected; a key the class does not have stands
where the file has it, with Rename and Delete), and reports each change as
``edited(path, value)`` (an unknown key's as ``key_renamed``, ``key_deleted``); the window
turns that into an undoable document edit. When the shape of the table changes (an item
added, a kind changed) the form is rebuilt, otherwise its widgets are updated in place so
that typing is never interrupted.

The editors themselves are in ``fields`` (one value), ``compound`` (tables, unions, lists,
pairs) and ``unknown`` (a key the table does not have).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import shiboken6
from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QVBoxLayout, QWidget

from editor.forms.compound import StructEditor
from editor.forms.fields import HELP_PROPERTY, Choices, Path_, discard, discarded, plain
from editor.forms.inputs import NumberBox, pass_undo_keys


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
    key_renamed = Signal(tuple, str)
    "(path of a key the table's class does not have, the key it is to be renamed to)"
    key_deleted = Signal(tuple)
    "(path of a key the table's class does not have): delete it"
    balance_asked = Signal(tuple, int, int, int)
    "(path of a whole number, its value, its least and its most): find a balanced value"

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

    def rename_key(self, path: Path_, new_key: str) -> None:
        if not self._quiet:
            self.key_renamed.emit(tuple(path), new_key)

    def delete_key(self, path: Path_) -> None:
        if not self._quiet:
            self.key_deleted.emit(tuple(path))

    def ask_balance(self, path: Path_, value: int, low: int, high: int) -> None:
        self.balance_asked.emit(tuple(path), value, low, high)

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
            widget.setProperty(HELP_PROPERTY, doc)

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
