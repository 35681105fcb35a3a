"""Autosaves that cannot be read at all (issue 43, the bad-input campaign): cut short, binary,
a folder, a pipe, a link loop, far too large. They were passed over without a word; now each is
told in a sentence and set aside, as one that reads but cannot be replayed is, and what is
wrong is said once, not twice."""

from __future__ import annotations

import io
import os

import pytest

from smqt.ui.shell.autosaves import games_folder, unfinished_games
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui

UNREPLAYABLE = "format = 1\n[table]\nover = false\n"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def unreadable_autosaves() -> dict[str, str]:
    """Autosaves that no reader can take, by file name, with what is said of each."""
    games = games_folder()
    (games / "cut.toml").write_text('format = 1\n[pack]\nname = "ba', encoding="utf-8")
    (games / "binary.toml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff" * 50)
    (games / "folder.toml").mkdir()
    (games / "loop.toml").symlink_to("loop.toml")
    with open(games / "huge.toml", "wb") as huge:  # 80 MB, sparse: nothing is written
        huge.truncate(80 * 1024 * 1024)
    said = {"cut.toml": "not a readable record", "binary.toml": "not UTF-8 text",
            "folder.toml": "it is a folder, not a file",
            "loop.toml": "a symbolic link that leads round in a loop",
            "huge.toml": "is too large"}
    if hasattr(os, "mkfifo"):  # a reader that opened it would wait for ever for a writer
        os.mkfifo(games / "pipe.toml")
        said["pipe.toml"] = "not a regular file"
    return said


def test_unreadable_autosaves_are_told_and_set_aside(qtbot, home):
    said = unreadable_autosaves()
    (games_folder() / "unreplayable.toml").write_text(UNREPLAYABLE, encoding="utf-8")
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    told = []
    table.problem_reported.connect(lambda title, text: told.append((title, text)))
    assert not table.games.resume_last()
    assert len(told) == 1, told
    title, text = told[0]
    assert f"{len(said) + 1} saved games could not be resumed" in title
    aside = games_folder() / "set-aside"
    for name, words in said.items():
        line = next((line for line in text.splitlines() if f"{name}:" in line), "")
        assert words in line, (name, text)
        assert f"It was moved to {aside / name}." in text
        assert os.path.lexists(aside / name) and not os.path.lexists(games_folder() / name)
    assert (aside / "unreplayable.toml").is_file()
    assert not unfinished_games()
    table.close()


def test_an_unreadable_autosave_alone_is_told_at_the_start(qtbot, home):
    """With nothing else to resume, the start said nothing at all of it."""
    (games_folder() / "cut.toml").write_text("format = 1\n[pack", encoding="utf-8")
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    assert not table.games.resume_on_start()
    assert "could not be resumed" in table.widgets.problem_bar.title.text()
    assert "cut.toml: not a readable record" in table.widgets.problem_bar.text.text()
    assert (games_folder() / "set-aside" / "cut.toml").is_file()
    table.close()


def test_a_failed_resume_says_its_problem_once(home):
    """``smqt play --quit`` printed the replay's problem, then the same again as set aside."""
    (games_folder() / "d.toml").write_text(UNREPLAYABLE, encoding="utf-8")
    err = io.StringIO()
    assert run_play(PlayOptions(quit=True), err=err) == 1
    said = err.getvalue()
    assert said.count("the [pack] table is missing") == 1, said
    assert "could not be resumed" in said and "set-aside" in said
