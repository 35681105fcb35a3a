"""How the editor window's parts speak to the author: a message over the window, a passing
line in its status bar, and the window their questions and dialogs belong to."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QMessageBox, QStatusBar, QWidget


class Notices:
    def __init__(self, window: QWidget, status_bar: QStatusBar) -> None:
        self.window = window
        "The parent of the parts' questions and dialogs."
        self._status_bar = status_bar

    def alive(self) -> bool:
        """False while the window is being destroyed: a field losing its focus then, or a
        timer's last tick, must not act on a half-gone window."""
        return shiboken6.isValid(self.window)

    def tell(self, title: str, text: str, *, critical: bool = False) -> None:
        if critical:
            QMessageBox.critical(self.window, title, text)
        else:
            QMessageBox.information(self.window, title, text)

    def status(self, text: str, timeout: int) -> None:
        """Show ``text`` in the status bar for ``timeout`` milliseconds."""
        self._status_bar.showMessage(text, timeout)
