"""A request to stop closes the table as Quit does (issue 25 #1). A SIGTERM (a logout, a
shutdown, ``kill``, a tool's time limit) or a SIGHUP (the terminal that started smqt closed)
ended the process on the spot: the window vanished, nothing was said, the lock stayed beside
the autosave, which said ``over = true`` when it came at the game's end -- every symptom of
the crash that was reported. Now the table says so, releases the lock, keeps the game and
removes its crash report; the editor keeps its unsaved edits aside for the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from tests.support import ROOT

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")]


def started(command: list[str], home: Path, ready) -> subprocess.Popen:  # type: ignore[no-untyped-def]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(home),
               PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", *command], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 120
    while not ready() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.poll() is None, process.communicate()
    return process


def game_over(home: Path) -> bool:
    for path in (home / "games").glob("*.toml"):
        try:
            return tomllib.loads(path.read_text(encoding="utf-8"))["table"]["over"] is True
        except (OSError, KeyError, ValueError):
            return False
    return False


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_at_the_games_end_closes_the_table_as_quit_does(tmp_path, number):
    home = tmp_path / "home"
    process = started(["smqt", "play", "--players", "ai:easy,ai:easy", "--seed", "8",
                       "--pace", "0"], home, lambda: game_over(home))
    process.send_signal(number)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert f"{number.name}: the table closes" in err
    autosave = next((home / "games").glob("*.toml"))
    assert not autosave.with_name(autosave.name + ".lock").exists(), "the lock is released"
    assert not list((home / "crash-reports").iterdir()), "a clean close leaves no report"


def test_a_stop_while_a_person_waits_closes_the_table_at_once(tmp_path):
    """The event loop sits idle while a person thinks: the stop still closes it at once."""
    home = tmp_path / "home"
    process = started(["smqt", "play", "--players", "human,human", "--seed", "3"], home,
                      lambda: any((home / "crash-reports").glob("*.txt")))
    time.sleep(1.0)
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 0 and "SIGTERM: the table closes" in err


def test_a_stop_keeps_the_editors_unsaved_edits_for_the_next_start(tmp_path):
    import shutil

    from editor.model.autosave import read_snapshot, snapshot_path
    from tests.support import BASE

    pack = tmp_path / "pack"
    shutil.copytree(BASE, pack)
    home = tmp_path / "home"
    edit = ("import sys; from PySide6.QtCore import QTimer\n"
            "from PySide6.QtWidgets import QApplication\n"
            "app = QApplication(sys.argv[:1])\n"
            "def change():\n"
            "    from editor.shell.window import EditorWindow\n"
            "    w = next(x for x in QApplication.topLevelWidgets() if isinstance(x, EditorWindow))\n"
            "    doc = w.session.doc\n"
            "    w.editing.push(doc.set_value('card', 'kite_meadow', ('name',), 'Stopped Meadow'))\n"
            "    print('edited', flush=True)\n"
            "QTimer.singleShot(500, change)\n"
            "sys.argv = ['smqt-editor', sys.argv[1]]\n"
            "from editor.shell.app import main; sys.exit(main())\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(home), PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-c", edit, str(pack)], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               stdin=subprocess.DEVNULL)
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    assert line == "edited", (line, process.poll())
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "SIGTERM: the editor closes" in err
    snapshot = read_snapshot(snapshot_path(home, pack), pack)
    assert snapshot is not None and "Stopped Meadow" in "".join(snapshot.texts.values())


def test_a_stop_while_a_dialog_is_open_ends_the_program(tmp_path):
    """A modal dialog runs an event loop of its own: the stop ends it too (else the window
    closed and the dialog kept the program alive, out of sight)."""
    script = ("import sys; from PySide6.QtCore import QTimer\n"
              "from PySide6.QtWidgets import QApplication, QMessageBox\n"
              "app = QApplication(sys.argv[:1])\n"
              "def ask():\n"
              "    print('asking', flush=True)\n"
              "    QMessageBox.information(None, 'A question', 'Waiting for a person')\n"
              "QTimer.singleShot(300, ask)\n"
              "from smqt.cli.main import main\n"
              "sys.exit(main(['play', '--players', 'human,human', '--seed', '3']))\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"),
               PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-c", script], env=env, cwd=ROOT, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL)
    assert process.stdout is not None and process.stdout.readline().strip() == "asking"
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=30)
    assert "SIGTERM: the table closes" in err, err
    # the offscreen platform warns that a message box cannot size itself: status 1 for that
    others = [line for line in err.splitlines() if line.startswith("Qt ")
              and "This plugin does not support" not in line]
    assert process.returncode == (1 if "Qt " in err else 0) and not others, err
