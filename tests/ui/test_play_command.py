"""``smqt play``: the seat list, and an AI-only game from setup to scorepad offscreen with no
exception and no Qt warning (issue 5 acceptance)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from smqt.ui.shell.start import SeatListError, parse_seats

pytestmark = pytest.mark.gui


def test_seat_lists_name_people_and_ai_levels():
    assert parse_seats("human,ai:hard") == [("Ann", "human"), ("Bo (AI hard)", "hard")]
    assert parse_seats("Zoe=human, Max=ai:easy, ai") == [
        ("Zoe", "human"), ("Max", "easy"), ("Cy (AI medium)", "medium")]
    for bad in ("human", "human,ai:genius", "a,b,c,d,e", "human,robot"):
        with pytest.raises(SeatListError):
            parse_seats(bad)


def test_autoplay_runs_a_whole_game_and_saves_the_scorepad(tmp_path):
    shot = tmp_path / "end.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run(
        [sys.executable, "-m", "smqt", "play", "--autoplay", "--players",
         "ai:medium,ai:medium,ai:easy", "--seed", "5", "--screenshot", str(shot), "--quit"],
        env=env, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert "Qt" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    image = QImage(str(shot))
    assert image.width() >= 800 and image.height() >= 600
    assert not list((tmp_path / "home").rglob("*.toml")), "AI-only games leave no autosave"


def test_a_bad_seat_list_is_refused_before_any_window(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "smqt", "play", "--players", "human,ai:x"],
                            env=env, capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "unknown kind" in result.stderr


def test_the_largest_seed_plays_with_two_ai_levels(tmp_path):
    """Any seed the command line accepts plays (the AI's own seeds stay within 64 bits)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run(
        [sys.executable, "-m", "smqt", "play", "--autoplay", "--players", "ai:medium,ai:hard",
         "--seed", "9223372036854775807", "--quit"],
        env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr


@pytest.mark.parametrize("seed", ["-1", "9223372036854775808", "abc", "1e9"])
def test_a_seed_out_of_range_is_refused_with_its_range(tmp_path, seed):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "smqt", "play", "--seed", seed, "--quit"],
                            env=env, capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "0 to 9223372036854775807" in result.stderr or "whole number" in result.stderr


# ------------------------------------------------------------------ nobody there (issue 25 #4)


def play_command(tmp_path, *argv: str) -> subprocess.CompletedProcess:
    """``smqt play`` as CI runs it: no display, no standard input."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, "-m", "smqt", "play", *argv], env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("argv", [["--quit"], []], ids=["--quit", "no options"])
def test_no_game_and_nobody_to_choose_one_says_so_and_exits(tmp_path, argv):
    """Issue 25: ``smqt play --quit`` with no game to resume opened the new-game dialog and
    waited for ever offscreen; the dialog never opens where no display shows it."""
    result = play_command(tmp_path, *argv)
    assert result.returncode == 1
    assert "there is no game to play and nobody to choose one" in result.stderr
    assert "Traceback" not in result.stderr


def test_quit_with_a_game_that_waits_for_a_person_says_so_and_exits(tmp_path):
    from smqt.records.record import save_record
    from tests.engine.test_record import played

    record = tmp_path / "half.toml"
    save_record(record, played(seed=4, players=2, steps=20).record)
    result = play_command(tmp_path, "--load", str(record), "--quit")
    assert result.returncode == 1
    assert "the game waits for a person (Ann, Bo)" in result.stderr
    assert "--autoplay" in result.stderr


# ------------------------------------------------- a picture that cannot be saved (issue 43)


@pytest.mark.parametrize(("where", "said"), [
    ("missing/end.png", "the folder {tmp}/missing does not exist"),
    ("a-folder", "is a folder: give a file name, such as {tmp}/a-folder/end.png"),
    ("end.txt", "the name must end in a picture type, such as .png"),
    ("a-file/end.png", "a part of that path is a file, not a folder"),
    ("", "--screenshot needs a file name"),
])
def test_a_screenshot_that_cannot_be_saved_is_refused_before_the_game(tmp_path, monkeypatch,
                                                                      where, said):
    """It was found only after the whole game, as 'cannot write the screenshot' with no
    reason: now before any window, with the reason and exit status 2."""
    import io

    from smqt.ui.shell import window
    from smqt.ui.shell.start import PlayOptions, run_play

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("", encoding="utf-8")

    def no_window(*args, **kwargs):
        raise AssertionError("a table window was made: the game was to be refused before it")

    monkeypatch.setattr(window.TableWindow, "__init__", no_window)
    err = io.StringIO()
    target = str(tmp_path / where) if where else ""
    assert run_play(PlayOptions(players="ai:easy,ai:easy", seed=1, autoplay=True, quit=True,
                                pace=0, screenshot=target), err=err) == 2, err.getvalue()
    assert err.getvalue().startswith("smqt play: --screenshot")
    assert said.format(tmp=tmp_path) in err.getvalue()


def test_a_screenshot_in_a_folder_that_cannot_be_written_is_refused(tmp_path, monkeypatch):
    """No permission (simulated: the tests may run as root, whom permissions do not stop)."""
    import io

    from smqt.ui.shell import screenshot
    from smqt.ui.shell.start import PlayOptions, run_play

    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(screenshot.os, "access",
                        lambda path, mode: False if os.fspath(path) == str(locked)
                        else real(path, mode))
    err = io.StringIO()
    assert run_play(PlayOptions(players="ai:easy,ai:easy", autoplay=True, quit=True,
                                screenshot=str(locked / "end.png")), err=err) == 2
    assert f"the folder {locked} cannot be written" in err.getvalue()
