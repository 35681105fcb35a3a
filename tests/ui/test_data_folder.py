"""Every part of the data folder is tolerated as the folder itself is (issue 25 #3): a file
where the games folder or its set-aside folder belongs, a games folder that cannot be written.
Each gets a clear message, a stand-in folder for this run, and the game goes on."""

from __future__ import annotations

import getpass
import io
import os
import tempfile

import pytest

from smqt.desktop import datafolder
from smqt.pack.shipped import default_pack
from smqt.ui.shell.autosaves import unfinished_games
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow
from tests.ui.test_table import play_by_hand

pytestmark = pytest.mark.gui


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    """The stand-in folder of this test (inside its own temporary folder)."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp / f"smqt-{getpass.getuser()}"


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("SMQT_HOME", str(folder))
    return folder


def one_turn(qtbot, window: TableWindow) -> None:
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 3, default_pack()))
    play_by_hand(qtbot, window, until=lambda ctrl: ctrl.state.turn >= 1)


def test_a_file_where_the_games_folder_belongs(qtbot, home, stand_in):
    """It stopped the table at its start (FileExistsError); now the autosaves go to a
    stand-in and the window says where."""
    (home / "games").write_text("not a folder")
    assert run_play(PlayOptions(players="ai:easy,ai:easy", autoplay=True, quit=True, pace=0),
                    err=io.StringIO()) == 0
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    said = window.widgets.problem_bar.text.text()
    assert str(home / "games") in said and "a file of that name is in the way" in said
    assert str(stand_in / "games") in said
    one_turn(qtbot, window)
    assert window.controller.autosave.parent == stand_in / "games"
    assert window.controller.autosave.is_file()
    assert (home / "games").read_text() == "not a folder", "the person's file is left alone"
    window.close()


def test_a_games_folder_that_cannot_be_written(qtbot, home, stand_in, monkeypatch):
    """No permission (simulated: the tests may run as root, whom permissions do not stop)."""
    games = home / "games"
    games.mkdir()
    real = os.access
    monkeypatch.setattr(datafolder.os, "access",
                        lambda path, mode: False if os.fspath(path) == str(games)
                        else real(path, mode))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    assert "it cannot be written" in window.widgets.problem_bar.text.text()
    one_turn(qtbot, window)
    assert window.controller.autosave.parent == stand_in / "games"
    window.close()


def test_a_file_where_the_set_aside_folder_belongs(qtbot, home, stand_in):
    """A game that cannot be resumed is moved out of the list into a stand-in set-aside
    folder (the move raised FileExistsError out of Resume)."""
    games = home / "games"
    games.mkdir()
    (games / "set-aside").write_text("not a folder")
    (games / "d.toml").write_text("format = 1\n[table]\nover = false\n")
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    assert not window.games.resume_last()
    assert (stand_in / "games" / "set-aside" / "d.toml").is_file()
    said = window.widgets.problem_bar.text.text()
    assert "could not be resumed" in window.widgets.problem_bar.title.text()
    assert str(stand_in / "games" / "set-aside") in said
    assert not unfinished_games(), "the game is no longer listed"
    window.close()


def test_a_file_where_the_editors_autosave_folder_belongs(qtbot, home, stand_in, monkeypatch):
    """The editor keeps unsaved edits aside in a stand-in, not only says it cannot."""
    import shutil

    from PySide6.QtWidgets import QMessageBox

    from editor.shell.window import EditorWindow
    from tests.support import BASE

    monkeypatch.setattr(QMessageBox, "question",  # leaving the test never blocks
                        lambda *args, **kwargs: QMessageBox.StandardButton.Discard)
    (home / "editor-autosave").write_text("not a folder")
    pack = home.parent / "pack"
    shutil.copytree(BASE, pack)
    editor = EditorWindow()
    qtbot.addWidget(editor)
    editor.files.open_pack(pack, offer_recovery=False)
    editor.editing.push(editor.session.doc.set_value("card", "kite_meadow", ("name",), "Aside Meadow"))
    editor.files.autosave()
    kept = list((stand_in / "editor-autosave").glob("*.json"))
    assert len(kept) == 1 and "Aside Meadow" in kept[0].read_text(encoding="utf-8")
