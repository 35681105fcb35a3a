"""An editor window opened on a pack folder as the tests use it: shown, and never stopped by a
question (every "save first?" is answered Discard and kept in ``window.asked``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox


def open_editor(qtbot, monkeypatch, folder: Path, *, offer_recovery: bool = True):  # type: ignore[no-untyped-def]
    asked: list = []

    def no_dialogs(*args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(args[1:3])
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", no_dialogs)  # leaving a test never blocks
    from editor.shell.window import EditorWindow

    win = EditorWindow()
    win.asked = asked
    qtbot.addWidget(win)
    win.files.open_pack(folder, offer_recovery=offer_recovery)
    win.show()
    qtbot.waitExposed(win)
    return win
