"""The table cannot freeze and always starts (issue 12): a failed autosave, a bot that raises,
damaged files in the user's data folder, unreadable saves, names with markup or stray bytes."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from smqt.ai import protocol, thinker
from smqt.desktop.datafolder import data_home, data_home_problem
from smqt.desktop.errorlog import log_path
from smqt.pack.shipped import default_pack
from smqt.ui.shell.autosaves import games_folder
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow
from tests.ai.nearby import NearbyThinker
from tests.ui.clicks import click_button
from tests.ui.test_table import play_by_hand

pytestmark = pytest.mark.gui


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def bots_nearby(monkeypatch):
    """The AI thinks on a thread of the test's process, where a bot the test makes can be
    handed to it (another process would not see it)."""
    nearby = NearbyThinker()
    monkeypatch.setattr(thinker, "shared", lambda: nearby)
    yield
    nearby.stop()


class Failing:
    """A bot that raises the first ``times`` times it is asked."""

    name = "failing"

    def __init__(self, inner, times: list[int]) -> None:
        self.inner, self.times = inner, times

    def choose(self, state, legal, rng):  # type: ignore[no-untyped-def]
        if self.times[0] > 0:
            self.times[0] -= 1
            raise RuntimeError("the bot tripped over its own feet")
        return self.inner.choose(state, legal, rng)


def test_a_failed_autosave_and_a_failing_bot_never_stop_the_game(qtbot, window, monkeypatch, bots_nearby):
    """Issue 12, failures 1 and 2: the autosave path is a folder (every autosave fails) and
    the AI raises; the person is told each time, chooses another AI, and the game reaches
    its scorepad."""
    times = [1]
    real = protocol.make_bot
    monkeypatch.setattr(protocol, "make_bot",
                        lambda kind: Failing(real(kind), times) if kind == "medium" else real(kind))
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "medium")), 21, default_pack()))
    ctrl = window.controller
    ctrl.autosave.parent.mkdir(parents=True, exist_ok=True)
    ctrl.autosave.mkdir()  # a folder where the file should go
    play_by_hand(qtbot, window, until=lambda c: c.stalled is not None or c.state.is_over)
    assert ctrl.stalled is not None, "the bot failed and the seat waits"
    bar = window.widgets.problem_bar
    assert bar.isVisible() and "could not decide" in bar.title.text()
    assert set(bar.choices) == {"Try again", "Let the easy AI play", "Play it yourself"}
    click_button(qtbot, bar.choices["Let the easy AI play"])
    assert ctrl.seats[1].kind == "easy"
    seen_autosave_problem = []
    window.problem_reported.connect(lambda title, _t: seen_autosave_problem.append(title))
    play_by_hand(qtbot, window)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1, timeout=30_000)
    assert "The game could not be autosaved" in seen_autosave_problem
    log = log_path().read_text(encoding="utf-8")
    assert "could not decide" in log and "tripped over its own feet" in log
    assert "could not be autosaved" in log


def test_a_failing_bot_can_be_retried_or_taken_over(qtbot, window, monkeypatch, bots_nearby):
    times = [1]
    real = protocol.make_bot
    monkeypatch.setattr(protocol, "make_bot",
                        lambda kind: Failing(real(kind), times) if kind == "easy" else real(kind))
    window.new_game(GameOptions((("Ann", "easy"), ("Bo", "human")), 5, default_pack()))
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.stalled is not None)
    count = len(ctrl.game.actions)
    click_button(qtbot, window.widgets.problem_bar.choices["Try again"])
    qtbot.waitUntil(lambda: len(ctrl.game.actions) > count, timeout=30_000)
    assert ctrl.stalled is None
    ctrl.set_seat(0, "human")
    assert ctrl.seats[0].kind == "human"


def test_an_unattended_run_hands_a_failing_seat_to_the_random_ai(qtbot, home, monkeypatch, bots_nearby):
    """``smqt play --autoplay``: nobody can choose, so the random AI plays on and the run
    ends (with the problem reported)."""
    real = protocol.make_bot
    monkeypatch.setattr(protocol, "make_bot",
                        lambda kind: Failing(real(kind), [10**6]) if kind.startswith("hard")
                        else real(kind))
    table = TableWindow(remember_layout=False, unattended=True)
    qtbot.addWidget(table)
    table.menus.set_pace(0)
    reported = []
    table.problem_reported.connect(lambda title, _t: reported.append(title))
    table.new_game(GameOptions((("A", "hard"), ("B", "random")), 3, default_pack()),
                   autosave=False)
    qtbot.waitUntil(lambda: table.controller.state.is_over, timeout=120_000)
    assert table.controller.seats[0].kind == "random"
    assert reported == ["The AI could not decide"]
    table.close()


def test_names_with_markup_or_stray_bytes_show_as_written(qtbot, window):
    """Failure 8: seat names go into rich-text labels escaped; lone surrogates (bytes that are
    not UTF-8 on the command line) are replaced and the autosave can write them."""
    from smqt.ui.shell.start import parse_seats

    seats = parse_seats("<b>Ann</b>=human,Bo\udcff=human")
    assert seats[1][0] == "Bo?"
    window.new_game(GameOptions(tuple(seats), 4, default_pack()))
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 2)
    panel = window.widgets.players.panels[0].name.text()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in panel
    assert window.controller.autosave.read_text(encoding="utf-8")
    assert window.widgets.banner.textFormat() == Qt.TextFormat.PlainText
    assert window.widgets.status.textFormat() == Qt.TextFormat.PlainText


# ================================================================== starting


def damaged_homes(tmp_path):
    """Each damaged data folder of issue 12, failure 3 (name, SMQT_HOME)."""
    homes = {}
    deep = tmp_path / "deep"
    (deep / "games").mkdir(parents=True)
    (deep / "games" / "a.toml").write_text("format = 1\nx = " + "[" * 20000 + "\n")
    homes["deeply nested autosave"] = deep
    ini = tmp_path / "ini"
    ini.mkdir()
    (ini / "table.ini").write_text("[table]\npace=abc\n[window]\ngeometry=@ByteArray(nonsense)\n")
    homes["pace=abc"] = ini
    huge = tmp_path / "huge"
    (huge / "games").mkdir(parents=True)
    (huge / "games" / "b.toml").write_text("format = 1\nseed = " + "7" * 5000 + "\n")
    homes["huge integer"] = huge
    if os.path.exists("/dev/zero"):
        zero = tmp_path / "zero"
        (zero / "games").mkdir(parents=True)
        (zero / "games" / "c.toml").symlink_to("/dev/zero")
        (zero / "table.ini").symlink_to("/dev/zero")
        (zero / "autosave.toml").symlink_to("/dev/zero")
        homes["links to /dev/zero"] = zero
    file_home = tmp_path / "a-file"
    file_home.write_text("not a folder")
    homes["SMQT_HOME is a file"] = file_home
    unreplayable = tmp_path / "unreplayable"
    (unreplayable / "games").mkdir(parents=True)
    (unreplayable / "games" / "d.toml").write_text("format = 1\n[table]\nover = false\n")
    homes["an autosave that cannot be replayed"] = unreplayable
    return homes


def test_the_table_starts_whatever_the_data_folder_holds(qtbot, tmp_path, monkeypatch):
    """Failure 3: with each damaged file in the data folder, ``smqt play`` opens the table
    and starts the game, with no traceback and no problem counted."""
    for name, folder in damaged_homes(tmp_path).items():
        monkeypatch.setenv("SMQT_HOME", str(folder))
        opened = []

        def close_all(opened=opened) -> None:
            tables = [w for w in QApplication.topLevelWidgets()
                      if isinstance(w, TableWindow) and w.isVisible()]
            opened.extend(tables)
            for widget in QApplication.topLevelWidgets():
                if widget.isVisible():
                    widget.close()

        QTimer.singleShot(1500, close_all)
        err = io.StringIO()
        status = run_play(PlayOptions(players="human,ai:easy"), err=err)
        assert status == 0, (name, err.getvalue())
        assert opened, f"{name}: no table opened"
        assert "Traceback" not in err.getvalue(), name
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "a-file"))
    assert "cannot be used" in data_home_problem()
    assert data_home().is_dir()


def test_a_damaged_autosave_is_set_aside_not_deleted(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "unreplayable"))
    damaged_homes(tmp_path)
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    assert not table.games.resume_last()
    assert (games_folder() / "set-aside" / "d.toml").exists()
    assert "could not be resumed" in table.widgets.problem_bar.title.text()
    table.close()


def test_a_bad_saved_game_says_why_on_the_command_line(tmp_path):
    """Failure 8: ``smqt play --load BAD --quit`` prints the reason, not only that it failed."""
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n[pack]\nname = 'base'\n", encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "smqt", "play", "--load", str(bad), "--quit"],
                            env=env, capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 1
    assert "pack.version is missing" in result.stderr


def test_temporary_files_of_a_killed_save_are_cleaned_at_the_next_start(qtbot, home):
    """Failure 8: ``.NAME.*.tmp`` files left by a kill are removed when the table starts
    (those of a save under way right now are left alone)."""
    import time

    games = games_folder()
    old = games / ".a.toml.x1.tmp"
    fresh = games / ".b.toml.x2.tmp"
    old.write_text("half a save")
    fresh.write_text("a save under way")
    past = time.time() - 3600
    os.utime(old, (past, past))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    assert not old.exists() and fresh.exists()
    table.close()
