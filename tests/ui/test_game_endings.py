"""A hundred games end in one table window (issue 25 #1): AI-only games and games whose person
seats go to the AI through the Seats menu at random moments, motion off and on, the scorepad
and a new game from the end page (``endings.py``), under a real X server where there is one
(Xvfb), else offscreen. Run as a program, so that a crash is its exit status: none may
happen, and Qt may warn of nothing (a deleted object above all)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.support import ROOT

pytestmark = [pytest.mark.gui, pytest.mark.slow]

GAMES = int(os.environ.get("SMQT_ENDINGS", "100"))


def x_server():  # type: ignore[no-untyped-def]
    """A private Xvfb and its display (None, None when there is none or Qt cannot use it)."""
    if not sys.platform.startswith("linux") or shutil.which("Xvfb") is None:
        return None, None
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1080x24",
                               "-nolisten", "tcp"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    line = server.stdout.readline().decode().strip() if server.stdout else ""
    if not line.isdigit():
        server.kill()
        return None, None
    display = f":{line}"
    probe = subprocess.run([sys.executable, "-c", "from PySide6.QtWidgets import QApplication;"
                            "QApplication([])"], env=dict(os.environ, DISPLAY=display,
                                                          QT_QPA_PLATFORM="xcb"),
                           capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    if probe.returncode != 0:  # the xcb plugin lacks system libraries here
        server.kill()
        return None, None
    return server, display


def test_a_hundred_games_end_in_one_window_with_seat_handovers(tmp_path):
    server, display = x_server()
    env = dict(os.environ, SMQT_HOME=str(tmp_path / "home"), TMPDIR=str(tmp_path))
    if display:
        env.update(QT_QPA_PLATFORM="xcb", DISPLAY=display)
    else:
        env.update(QT_QPA_PLATFORM="offscreen")
    try:
        result = subprocess.run([sys.executable, "-m", "tests.ui.endings", str(GAMES), "2511"],
                                cwd=ROOT, env=env, capture_output=True, text=True,
                                timeout=1800, stdin=subprocess.DEVNULL)
    finally:
        if server is not None:
            server.kill()
            server.wait()
    where = f"under Xvfb {display}" if display else "offscreen"
    tail = result.stdout[-3000:] + result.stderr[-3000:]
    assert result.returncode == 0, f"{where}: exit status {result.returncode}\n{tail}"
    assert f"{GAMES} games ended in one window; 0 Qt warnings" in result.stdout, tail
    print(f"\n{GAMES} games ended {where}")
