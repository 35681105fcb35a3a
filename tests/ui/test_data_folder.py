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
def temp(tmp_path, monkeypatch):
    """The temporary folder of this test, where stand-ins are made."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("SMQT_HOME", str(folder))
    return folder


@pytest.fixture
def stand_in(temp, home):
    """The stand-in folder of this test's data folder (inside its own temporary folder)."""
    return datafolder.stand_in_path(home)


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


# ------------------------------------------------- said without a window, kept private (issue 43)


def test_a_run_without_a_window_says_on_stderr_what_the_data_folder_lacks(qtbot, home, stand_in):
    """It was said only in the problems log: a run with --quit went on in silence."""
    (home / "games").write_text("not a folder")
    err = io.StringIO()
    assert run_play(PlayOptions(players="ai:easy,ai:easy", seed=2, autoplay=True, quit=True,
                                pace=0), err=err) == 0, "the game goes on with the stand-in"
    said = err.getvalue()
    assert said.count(f"smqt play: The folder {home / 'games'} cannot be used") == 1, said
    assert "a file of that name is in the way" in said and str(stand_in / "games") in said


def test_a_data_folder_that_is_a_file_is_said_on_stderr(qtbot, tmp_path, temp, monkeypatch):
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    monkeypatch.setenv("SMQT_HOME", str(taken))
    err = io.StringIO()
    assert run_play(PlayOptions(players="ai:easy,ai:easy", seed=2, autoplay=True, quit=True,
                                pace=0), err=err) == 0
    assert f"The data folder {taken} cannot be used" in err.getvalue()
    assert str(datafolder.stand_in_path(taken)) in err.getvalue()


def test_each_data_folder_has_a_private_stand_in_of_its_own(tmp_path, temp, monkeypatch):
    """There was one /tmp/smqt-USER, made with the usual permissions, for every data folder
    of the user: now one per data folder, that nobody else may enter."""
    found = []
    for name in ("one", "two"):
        taken = tmp_path / name
        taken.write_text("not a folder")
        monkeypatch.setenv("SMQT_HOME", str(taken))
        found.append(datafolder.data_home())
        assert "cannot be used" in datafolder.data_home_problem()
    assert found[0] != found[1]
    assert temp / f"smqt-{getpass.getuser()}" not in found
    for folder in found:
        assert folder.parent == temp and folder.is_dir() and not folder.is_symlink()
        if os.name == "posix":
            assert folder.stat().st_mode & 0o777 == 0o700


def test_a_stand_in_put_there_as_a_link_is_not_used(tmp_path, temp, monkeypatch):
    """Someone else may have made the expected name first (the temporary folder is
    everyone's): a link to their folder is not written through."""
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    datafolder.stand_in_path(taken).symlink_to(theirs, target_is_directory=True)
    monkeypatch.setenv("SMQT_HOME", str(taken))
    used = datafolder.data_home()
    assert used.parent == temp and not used.is_symlink()
    assert used != datafolder.stand_in_path(taken)
    assert datafolder.data_folder("games").parent == used
    assert not list(theirs.iterdir()), "nothing went into the other folder"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners are POSIX's")
def test_a_stand_in_of_another_user_is_not_used(tmp_path, temp, monkeypatch):
    """Simulated: the folder is this test's, so the program is told it runs as another user."""
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    datafolder.stand_in_path(taken).mkdir(mode=0o700)
    monkeypatch.setattr(datafolder.os, "getuid", lambda: os.stat(temp).st_uid + 1)
    monkeypatch.setenv("SMQT_HOME", str(taken))
    used = datafolder.data_home()
    assert used != datafolder.stand_in_path(taken) and used.parent == temp


def test_with_no_private_stand_in_at_all_the_problem_says_nothing_is_kept(tmp_path, temp,
                                                                          monkeypatch):
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    datafolder.stand_in_path(taken).symlink_to(tmp_path, target_is_directory=True)

    def no_room(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(datafolder.tempfile, "mkdtemp", no_room)
    monkeypatch.setenv("SMQT_HOME", str(taken))
    assert datafolder.data_home() == taken, "never a folder that is not private"
    assert "no private folder could stand in for it" in datafolder.data_home_problem()
