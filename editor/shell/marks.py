"""What the editor's window says of the pack in its title and its status bar: its folder and
name, unsaved ``[*]``, INVALID, the problems' count, and Save enabled only with something to
save."""

from __future__ import annotations

import shiboken6
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QWidget

from editor.shell import entryrows
from editor.shell.session import PackSession
from smqt.language.translate import _, ngettext


class WindowMarks:
    """A part of the editor's window, given the window whose title it sets, the status bar's
    label, the Save action and the session it follows."""

    def __init__(self, window: QWidget, state: QLabel, save_action: QAction,
                 session: PackSession) -> None:
        self._window = window
        self._state = state
        self._save_action = save_action
        self._session = session
        for happened in (session.opened, session.reread, session.changed,
                         session.saved_state_changed):
            happened.connect(self.update)
        session.stack.cleanChanged.connect(lambda _clean: self.update())
        self.update()

    def update(self) -> None:
        if not shiboken6.isValid(self._window):
            return  # (the stack says it is clean again while the window is destroyed)
        doc = self._session.doc
        if doc is None:
            self._window.setWindowTitle(_("Santa Monica content editor"))
            self._state.setText(_("No pack open"))
            return
        modified = doc.modified
        self._window.setWindowModified(modified)
        valid = doc.valid
        count = len(doc.problems)
        title = _("{folder}[*] — {pack} — Santa Monica content editor") if valid else \
            _("{folder}[*] — {pack} — INVALID — Santa Monica content editor")
        self._window.setWindowTitle(title.format(folder=doc.folder.name,
                                                 pack=entryrows.pack_title(doc)))
        parts = [_("Unsaved changes") if modified else _("Saved")]
        parts.append(_("valid") if valid else ngettext(
            "invalid: {count} problem", "invalid: {count} problems", count).format(count=count))
        self._state.setText(" · ".join(parts))
        self._state.setStyleSheet("color: #8a1c12; font-weight: bold;" if not valid else
                                  ("font-weight: bold;" if modified else ""))
        self._save_action.setEnabled(modified)
