"""The pack being edited, as the editor window's parts share it: the document, the entry
shown, and the one undo stack every edit goes on. Its signals say what happened to the
document; the window's parts redraw from them and never read one another."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.model.document import PackDocument


class PackSession(QObject):
    opened = Signal()
    "A pack was opened: nothing of the last one is shown any more."
    reread = Signal()
    """The pack's files were read again (from disk, or from edits kept aside): redraw, the form
    made anew."""
    changed = Signal()
    "An edit or its undo changed the document, or the entry shown changed with it: redraw."
    saved_state_changed = Signal()
    "Saved, or the disk's version accepted: what is unsaved changed without an edit."

    def __init__(self, stack: QUndoStack) -> None:
        # no Qt parent: the window's parts hold it, so it outlives the window's widgets while
        # they are destroyed (a field losing its focus then still finds it)
        super().__init__()
        self.stack = stack
        self._doc: PackDocument | None = None
        self.current: tuple[str, str] | None = None
        "(kind, list key) of the entry shown: its id, unless an earlier entry shares it."

    @property
    def doc(self) -> PackDocument | None:
        return self._doc

    def open(self, doc: PackDocument) -> None:
        """Edit ``doc`` from now on: the undo history starts again, nothing selected."""
        self._doc = doc
        self.stack.clear()
        self.stack.setClean()
        self.current = None
        self.opened.emit()
