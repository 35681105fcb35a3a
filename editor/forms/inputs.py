"""Field widgets that behave in a long scrolling form: the mouse wheel scrolls the form unless
the field was clicked into, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y reach the window's Undo and
Redo (the window commits the field first) instead of the field's own text undo, and a number
typed out of range (``-3`` where points are 0 or more) is kept as typed and refused with a
reason, never silently turned into another number; a number's menu (with its own actions, such
as "Find a balanced value…") opens with the right button, the Menu key or Shift+F10."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QFocusEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QValidator,
    QWheelEvent,
)
from PySide6.QtWidgets import QComboBox, QSpinBox, QWidget

from smqt.language.translate import _

_UNDO_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
_EXTRA_KEYS = {
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
}


def is_undo_key(event: QKeyEvent) -> bool:
    """Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y (and the platform's own undo and redo keys)."""
    if any(event.matches(key) for key in _UNDO_KEYS):
        return True
    modifiers = event.modifiers() & (Qt.KeyboardModifier.ControlModifier |
                                     Qt.KeyboardModifier.ShiftModifier |
                                     Qt.KeyboardModifier.AltModifier |
                                     Qt.KeyboardModifier.MetaModifier)
    return (Qt.Key(event.key()), modifiers) in _EXTRA_KEYS


class _UndoKeysPass(QObject):
    """Refuses a field's claim on the undo and redo keys (the ShortcutOverride a line edit
    accepts to do its own text undo), so that the window's Undo and Redo actions fire."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and is_undo_key(event):  # type: ignore[arg-type]
            event.ignore()
            return True
        return False


_PASS = _UndoKeysPass()


def pass_undo_keys(widget: QWidget) -> None:
    """Let Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y typed in ``widget`` (or any widget inside it)
    reach the window's Undo and Redo actions. Safe to call again on the same widget."""
    for target in (widget, *widget.findChildren(QWidget)):
        target.removeEventFilter(_PASS)
        target.installEventFilter(_PASS)


def _wheel_only_when_focused(widget: QWidget, event: QWheelEvent) -> bool:
    """True when the wheel is for the form: the field was not clicked into (a field reached
    with Tab keeps its value while the author scrolls the form past it)."""
    if widget.hasFocus() and getattr(widget, "clicked_into", False):
        return False
    event.ignore()  # goes on to the parent: the scroll area scrolls
    return True


class _WheelAfterClick:
    """For a field class: the wheel changes it only once it was clicked into (focus from
    Tab or from the program does not count), otherwise the wheel scrolls the form."""

    clicked_into = False

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.clicked_into = event.reason() == Qt.FocusReason.MouseFocusReason
        super().focusInEvent(event)  # type: ignore[misc]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.clicked_into = True
        super().mousePressEvent(event)  # type: ignore[misc]

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not _wheel_only_when_focused(self, event):  # type: ignore[arg-type]
            super().wheelEvent(event)  # type: ignore[misc]


class ChoiceBox(_WheelAfterClick, QComboBox):
    """A drop-down that the mouse wheel changes only once it has been clicked into."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


_INTEGER = re.compile(r"\s*[+-]?\d+\s*")
_PARTIAL = re.compile(r"\s*[+-]?\d*\s*")


class NumberBox(_WheelAfterClick, QSpinBox):
    """A spin box that keeps what was typed: a whole number outside the allowed range stays in
    the box and is refused with a reason (``refused``), nothing is committed. The wheel
    changes it only when it has the focus.

    ``allowed`` is the range a typed number may take (the spin box's own range may reach one
    lower, for the blank or the wrong-typed value shown as the special value text)."""

    refused = Signal(str)
    "why the typed text is not taken ('' when the problem is gone)"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.allowed: tuple[int, int] = (self.minimum(), self.maximum())
        self.bounds: tuple[int, int] = self.allowed
        "the field's real range, for the reason given"
        self.problem = ""
        self.extra_actions: list[QAction] = []
        "Actions of the field shown in its context menu."

    # ------------------------------------------------------------ typing

    def validate(self, text: str, pos: int) -> QValidator.State:  # type: ignore[override]
        special = self.specialValueText()
        if special and text == special:
            return QValidator.State.Acceptable
        if _INTEGER.fullmatch(text):
            low, high = self.allowed
            return QValidator.State.Acceptable if low <= int(text) <= high else \
                QValidator.State.Intermediate
        if _PARTIAL.fullmatch(text):
            return QValidator.State.Intermediate
        return QValidator.State.Invalid

    def typed_problem(self) -> str:
        """Why the text in the box cannot be taken, or ''."""
        text = self.lineEdit().text()
        if not _INTEGER.fullmatch(text):
            return ""  # blank or a lone sign: left, the box shows its value again
        number = int(text)
        low, high = self.bounds
        if number < low:
            return _("must be {low} or more").format(low=low)
        if number > high:
            return _("must be {high} or less").format(high=high)
        return ""

    def finish(self) -> bool:
        """Take what is typed (Enter, leaving the field, Ctrl+Z): False when it is refused."""
        problem = self.typed_problem()
        if problem:
            self._refuse(problem)
            return False
        self.interpretText()
        self._refuse("")
        return True

    def _refuse(self, problem: str) -> None:
        if problem != self.problem:
            self.problem = problem
            self.refused.emit(problem)

    def clear_refusal(self) -> None:
        self._refuse("")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F10 and event.modifiers() == Qt.KeyboardModifier.ShiftModifier:
            # the field's menu from the keyboard where there is no Menu key (most laptops), as
            # Shift+F10 opens it elsewhere; Qt itself opens it only for the Menu key
            corner = QPoint(5, 5)
            self.contextMenuEvent(QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, corner,
                                                    self.mapToGlobal(corner)))
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            problem = self.typed_problem()
            if problem:
                self._refuse(problem)
                self.selectAll()
                event.accept()
                return
            self._refuse("")
        super().keyPressEvent(event)
        if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab,
                               Qt.Key.Key_Backtab) and self.problem and not self.typed_problem():
            self._refuse("")  # mended by typing or the arrow keys

    def focusOutEvent(self, event) -> None:
        problem = self.typed_problem()
        if problem:  # keep the text as typed, marked; the base class would put the old value back
            self._refuse(problem)
            from PySide6.QtCore import QCoreApplication
            QCoreApplication.sendEvent(self.lineEdit(), event)
            QWidget.focusOutEvent(self, event)
            return
        super().focusOutEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The line's own menu, and the field's own actions below it (``extra_actions``, such
        as "Find a balanced value…")."""
        if not self.extra_actions:
            super().contextMenuEvent(event)
            return
        menu = self.lineEdit().createStandardContextMenu()
        menu.addSeparator()
        for action in self.extra_actions:
            menu.addAction(action)
        menu.exec(event.globalPos())
        menu.deleteLater()

    def stepBy(self, steps: int) -> None:
        if self.typed_problem():  # the arrows start again from the value the field holds
            self.setValue(self.value())
            self._refuse("")
        super().stepBy(steps)
