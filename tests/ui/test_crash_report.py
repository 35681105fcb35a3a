"""Crash reports (issue 25 #1): a table that dies of a fatal signal leaves a report in the data
folder (faulthandler's stacks of every thread, the game it was playing); the next start says
that smqt closed unexpectedly, where the report is, and resumes or offers that game."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from smqt.desktop.crashes import REPORTS, CrashGuard, previous_crashes
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui

CRASH_AFTER_THE_FIRST_AUTOSAVE = textwrap.dedent("""
    import faulthandler, pathlib, sys, threading, time
    from smqt.cli.main import main

    def crash():
        games = pathlib.Path(sys.argv[1]) / "games"
        while not any(games.glob("*.toml")):
            time.sleep(0.05)
        faulthandler._sigsegv()  # a deliberate crash, as a fault inside Qt would be

    threading.Thread(target=crash, daemon=True).start()
    sys.exit(main(["play", "--players", "ai:easy,ai:easy", "--seed", "3", "--pace", "0"]))
""")


@pytest.fixture
def crashed(tmp_path, monkeypatch):
    """A data folder where a table crashed while playing its autosaved game."""
    home = tmp_path / "home"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(home))
    result = subprocess.run([sys.executable, "-c", CRASH_AFTER_THE_FIRST_AUTOSAVE, str(home)],
                            env=env, capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    if sys.platform != "win32":
        assert result.returncode == -11, result.stderr[-2000:]
    monkeypatch.setenv("SMQT_HOME", str(home))
    return home


def start_and_look(options: PlayOptions, then=None) -> dict:  # type: ignore[no-untyped-def]
    """Start the table as ``smqt play`` does; once it shows, note what its problem bar says
    and which game it plays, let ``then(window)`` act, and close it."""
    seen: dict = {}

    def look() -> None:
        tables = [w for w in QApplication.topLevelWidgets()
                  if isinstance(w, TableWindow) and w.isVisible()]
        if not tables:
            QTimer.singleShot(50, look)
            return
        window = tables[0]
        bar = window.widgets.problem_bar
        seen.update(title=bar.title.text(), text=bar.text.text(), choices=list(bar.choices),
                    game=window.controller.autosave if window.controller else None)
        if then is not None:
            then(window)
            seen["then"] = window.controller.autosave if window.controller else None
        QTimer.singleShot(200, window.close)

    QTimer.singleShot(100, look)
    err = io.StringIO()
    assert run_play(options, err=err) == 0, err.getvalue()
    return seen


def test_a_crash_leaves_a_report_with_the_stacks_and_the_game(crashed):
    reports = list((crashed / REPORTS).glob("table-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in text
    assert "Current thread" in text and "Thread 0x" in text, "every thread's stack"
    games = list((crashed / "games").glob("*.toml"))
    assert f"game: {games[0]}" in text
    assert reports[0].with_suffix(".lock").exists(), "the lock of a run that died stays"


def test_the_next_start_says_so_and_resumes_the_game(qtbot, crashed):
    game = next((crashed / "games").glob("*.toml"))
    seen = start_and_look(PlayOptions())
    assert seen["title"] == "smqt closed unexpectedly last time"
    assert str(next((crashed / REPORTS).glob("table-*.txt"))) in seen["text"]
    assert "error inside the program" in seen["text"] and "is resumed" in seen["text"]
    assert seen["choices"] == ["Show the report"]
    assert seen["game"] == game
    assert not previous_crashes("table"), "a crash is told once"


def test_the_next_start_of_another_game_offers_the_crashed_one(qtbot, crashed):
    game = next((crashed / "games").glob("*.toml"))
    seen = start_and_look(PlayOptions(players="human,ai:easy", seed=9),
                          then=lambda window: window.widgets.problem_bar.choices[
                              "Resume that game"].click())
    assert "can be resumed" in seen["text"]
    assert seen["choices"] == ["Resume that game", "Show the report"]
    assert seen["game"] != game and seen["then"] == game


def test_a_clean_exit_leaves_no_report(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    guard = CrashGuard("table").start()
    assert guard.report is not None and guard.report.is_file()
    guard.note("Qt QtWarningMsg: something Qt said")
    assert "something Qt said" in guard.report.read_text(encoding="utf-8")
    guard.finish()
    assert not list((tmp_path / "home" / REPORTS).iterdir())
    assert not previous_crashes("table")


def test_the_editor_says_it_closed_unexpectedly(qtbot, tmp_path, monkeypatch):
    from editor.shell.app import main as editor_main
    from editor.shell.window import EditorWindow
    from tests.support import BASE

    home = tmp_path / "home"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(home))
    died = subprocess.run([sys.executable, "-c", "import os\n"
                           "from smqt.desktop.crashes import CrashGuard\n"
                           "guard = CrashGuard('editor').start()\nos._exit(9)"],
                          env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert died.returncode == 9
    monkeypatch.setenv("SMQT_HOME", str(home))
    said: list[str] = []

    def look() -> None:
        from PySide6.QtWidgets import QLabel

        notes = [w.findChild(QLabel, "crash_note") for w in QApplication.topLevelWidgets()
                 if isinstance(w, EditorWindow) and w.isVisible()]
        if not any(notes):  # the editor is still opening its pack
            QTimer.singleShot(50, look)
            return
        said.append(next(note for note in notes if note).text())
        QTimer.singleShot(0, lambda: [w.close() for w in QApplication.topLevelWidgets()
                                      if isinstance(w, EditorWindow)])

    QTimer.singleShot(100, look)
    pack = tmp_path / "pack"
    shutil.copytree(BASE, pack)
    err = io.StringIO()
    assert editor_main([str(pack)], err=err) == 0, err.getvalue()
    assert "The editor closed unexpectedly last time" in said[0]
    assert str(home / REPORTS) in said[0]
