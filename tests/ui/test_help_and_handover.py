"""The Help menu (the rules in this edition's words, shipped in the package; the keyboard
shortcuts read from the menus) and the hand-over of a playtest to an open table."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from smqt.pack.shipped import default_pack
from smqt.ui.shell.help import rules_markdown
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.show()
    yield table
    table.close()


def test_the_rules_page_is_shipped_and_cites_every_clause():
    """Every clause id of the rules the tests cite appears in the shipped rules page, one
    section per phase of play."""
    text = rules_markdown()
    headings = re.findall(r"^## (.+)$", text, re.M)
    for phase in ("Setup", "Your turn", "Sand dollar actions", "Building", "End of the game",
                  "Scoring"):
        assert any(h.startswith(phase) for h in headings), phase
    cited = set(re.findall(r"R\d+\.\d+", text))
    assert {"R3.5", "R9.4", "R11.5", "R12.2"} <= cited
    assert len(cited) >= 70


def test_help_shows_the_rules_and_the_shortcuts(qtbot, window):
    window.menus.show_rules()
    page = window.menus.pages["rules"]
    assert page.isVisible()
    shown = page.browser.toPlainText()
    assert "Santa Monica" in shown and "final movement" in shown.lower()
    window.menus.show_rules()
    assert window.menus.pages["rules"] is page, "the same page comes back"
    window.menus.show_shortcuts()
    keys = window.menus.pages["shortcuts"].browser.toPlainText()
    for key in ("Ctrl+Z", "End turn", "Best final movement"):
        assert key in keys


def test_a_playtest_is_handed_to_the_open_table(qtbot, window, tmp_path):
    """The editor's Playtest (``smqt play --playtest --pack``) reuses an open table window."""
    from smqt.ui.shell.handover import HandoverServer

    server = HandoverServer(window)
    server.requested.connect(window.games.handle_request)
    assert server.listening
    variant = default_pack().parent / "variants" / "short-game"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    command = [sys.executable, "-m", "smqt", "play", "--playtest", "--pack", str(variant),
               "--seed", "8"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL)
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=60_000)
    assert process.returncode == 0, process.stderr.read().decode()
    assert window.session.playtest and window.controller is not None
    assert window.controller.game.setup.seed == 8
    assert "short-game" in window.windowTitle() and "playtest" in window.windowTitle()
    server.close()


def test_a_double_clicked_saved_game_opens_in_the_open_table(qtbot, window, tmp_path):
    """``smqt game.smqt`` while a table is open (what a desktop runs for a double-clicked
    file) hands the file to that table, which opens it; macOS's FileOpen event does the same."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from smqt.ui.shell.handover import HandoverServer
    from smqt.ui.shell.newgame import GameOptions
    from smqt.ui.shell.start import install_file_opener

    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 31, default_pack()))
    saved = tmp_path / "Evening game.smqt"
    window.games._save_to(saved)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 32, default_pack()))
    server = HandoverServer(window)
    server.requested.connect(window.games.handle_request)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    process = subprocess.Popen([sys.executable, "-m", "smqt", str(saved)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL)
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=60_000)
    assert process.returncode == 0, process.stderr.read().decode()
    qtbot.waitUntil(lambda: window.controller.game.setup.seed == 31, timeout=10_000)
    server.close()
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 33, default_pack()))
    app = QApplication.instance()
    opener = install_file_opener(window, app)
    QApplication.sendEvent(app, QFileOpenEvent(QUrl.fromLocalFile(str(saved))))
    assert window.controller.game.setup.seed == 31
    app.removeEventFilter(opener)
