"""Shared by the editor's window tests: a copy of the base pack to edit, a data folder of
the test's own (simulation reports, settings, autosaves), and a window on the copy whose
questions are answered "discard" so that leaving a test never blocks."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QMessageBox

from tests.support import BASE


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    return folder


@pytest.fixture
def window(qtbot, pack, monkeypatch):
    asked = []

    def no_dialogs(*args, **kwargs):
        asked.append(args[1:3])
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", no_dialogs)  # leaving a test never blocks
    from editor.shell.window import EditorWindow

    win = EditorWindow()
    win.asked = asked
    qtbot.addWidget(win)
    win.open_pack(pack)
    win.show()
    qtbot.waitExposed(win)
    return win
