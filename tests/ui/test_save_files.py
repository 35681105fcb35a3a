"""Saves are found where they were put (issue 25 #6): Save as adds ``.smqt`` to a name typed
without it (a file the Open dialog's filter would hide), and the Open dialog starts in the
folder of the last save, with a filter that shows it."""

from __future__ import annotations

import fnmatch

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit

from smqt.pack.shipped import default_pack
from smqt.ui.shell.filedialogs import saved_game_name
from smqt.ui.shell.newgame import GameOptions

pytestmark = pytest.mark.gui


def answer_file_dialog(qtbot, typed: str, seen: dict) -> None:
    """Type ``typed`` into the file dialog once it is open, note what it shows, accept."""
    def answer() -> None:
        dialogs = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QFileDialog) and w.isVisible()]
        if not dialogs:
            QTimer.singleShot(50, answer)
            return
        dialog = dialogs[0]
        seen["folder"] = dialog.directory().absolutePath()
        seen["filter"] = dialog.selectedNameFilter()
        name = dialog.findChild(QLineEdit, "fileNameEdit")  # where a person types the name
        name.clear()
        QTest.keyClicks(name, typed)
        accept = next(button for button in dialog.findChild(QDialogButtonBox).buttons()
                      if dialog.findChild(QDialogButtonBox).buttonRole(button)
                      == QDialogButtonBox.ButtonRole.AcceptRole)
        QTest.mouseClick(accept, Qt.MouseButton.LeftButton)  # Save / Open (Return may go to
        # the completer's list of names instead)
        QTimer.singleShot(500, lambda: finish(dialog))

    def finish(dialog: QFileDialog) -> None:
        # a click that came before the button was enabled (a busy machine) did nothing: the
        # button's own slot then, so that the test can never wait for ever
        if shiboken6.isValid(dialog) and dialog.isVisible():  # (a finished dialog is deleted)
            dialog.accept()
            QTimer.singleShot(500, lambda: shiboken6.isValid(dialog) and dialog.isVisible()
                              and dialog.reject())  # the test fails rather than hangs

    QTimer.singleShot(50, answer)


def shown_by(name_filter: str, name: str) -> bool:
    patterns = name_filter[name_filter.index("(") + 1:name_filter.index(")")].split()
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


@pytest.mark.qt_log_ignore("This plugin does not support")  # the offscreen platform's own
def test_save_as_adds_the_suffix_and_open_shows_the_file(qtbot, window, tmp_path):
    folder = tmp_path / "my games"
    folder.mkdir()
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "easy")), 3, default_pack()))
    seen: dict = {}
    answer_file_dialog(qtbot, str(folder / "sunday game"), seen)
    window.games.save_as()
    saved = folder / "sunday game.smqt"
    assert saved.is_file(), sorted(p.name for p in folder.iterdir())
    assert window.session.save_path == saved
    answer_file_dialog(qtbot, str(saved), seen)
    window.games.open_dialog()
    assert seen["folder"] == str(folder), "Open starts where the game was saved"
    assert shown_by(seen["filter"], saved.name), seen["filter"]
    assert window.controller is not None and window.session.save_path == saved


def test_names_that_keep_or_get_the_suffix(tmp_path):
    assert saved_game_name(tmp_path / "a") == tmp_path / "a.smqt"
    assert saved_game_name(tmp_path / "a.SMQT") == tmp_path / "a.SMQT"
    assert saved_game_name(tmp_path / "record.toml") == tmp_path / "record.toml"
    assert saved_game_name(tmp_path / "game.txt") == tmp_path / "game.txt.smqt"
