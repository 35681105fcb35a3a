"""Playtest setup: chosen cards in the opening display (R2.1) from the new-game dialog, the
editor's playtest request and ``smqt play --opening``; saved games keep it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt

from smqt.pack.shipped import default_pack
from smqt.records.savedgame import load_game
from smqt.ui.shell.newgame import OPENING_HINT, GameOptions, NewGameDialog

pytestmark = pytest.mark.gui

CARDS = ("kite_meadow", "shorebreak")


def test_r2_1_the_dialog_puts_the_typed_cards_into_the_opening_display(qtbot, window):
    """R2.1 the new-game dialog's opening field: completion by id, the engine's reason shown
    beside the field (and no start) until the cards can be dealt."""
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    dialog.seed.setText("5")
    assert dialog.opening.text() == "" and dialog.ok.isEnabled()
    assert dialog.opening_note.text() == OPENING_HINT
    completer = dialog.opening.completer()
    dialog.opening.setText("kite_mea")  # typing would open the popup (offscreen warns)
    completer.setCompletionPrefix(completer.splitPath(dialog.opening.text())[0])
    assert completer.completionCount() == 1
    assert completer.pathFromIndex(completer.currentIndex()) == "kite_meadow"
    dialog.opening.setText("kite_meadow,shore")
    completer.setCompletionPrefix(completer.splitPath(dialog.opening.text())[0])
    assert completer.pathFromIndex(completer.currentIndex()) == "kite_meadow,shorebreak"
    dialog.opening.setText("kite_meadow,shorebrek")
    assert not dialog.ok.isEnabled()
    assert "The pack has no feature card 'shorebrek'" in dialog.opening_note.text()
    assert "did you mean shorebreak" in dialog.opening_note.text()
    dialog.opening.setText("kite_meadow,kite_meadow")
    assert not dialog.ok.isEnabled() and "named twice" in dialog.opening_note.text()
    dialog.opening.setText("kite_meadow, _, _, _, shorebreak")
    assert dialog.ok.isEnabled()
    assert dialog.opening_note.text() == ("Front row: Kite Meadow (1st from the left); "
                                          "Back row: Shorebreak (1st from the left)")
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.options is not None
    assert dialog.options.opening == ("kite_meadow", "", "", "", "shorebreak")
    window.new_game(dialog.options)
    state = window.controller.state
    assert state.front[0] == "kite_meadow" and state.back[0] == "shorebreak"
    assert window.controller.game.record.setup.opening == dialog.options.opening


def test_r2_1_the_editors_playtest_request_deals_the_chosen_card(qtbot, window):
    """R2.1 a playtest handed over by a later ``smqt play --playtest --opening``."""
    window.games.handle_request({"playtest": str(default_pack()), "seed": 7, "opening": ["kite_meadow"]})
    assert window.controller is not None and window.session.playtest
    assert window.controller.state.front[0] == "kite_meadow"
    assert "with kite_meadow in the opening display" in window.widgets.status.text()
    # the person starts, so the AI cannot take the card before it is tried (R2.4 fixed)
    assert window.controller.state.start_player == 0
    assert window.controller.seats[0].kind == "human"
    window.games.handle_request({"playtest": str(default_pack()), "seed": 7, "opening": "kite_meadow"})
    assert "not understood" in window.widgets.problem_bar.text.text()


def test_r2_8_a_saved_game_keeps_its_opening_display(qtbot, window, tmp_path):
    """R2.8 a saved game started with an opening opens to the same game."""
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 5, default_pack(),
                                opening=CARDS))
    ctrl = window.controller
    ctrl.play(ctrl.legal()[0])
    path = tmp_path / "saved.smqt"
    ctrl.save(path)
    saved = load_game(path)
    assert saved.record.setup.opening == CARDS
    state = ctrl.state.copy()
    assert window.load(path)
    assert window.controller.state == state
    assert window.controller.game.record.setup.opening == CARDS


def test_play_opening_runs_a_whole_game_offscreen(tmp_path):
    """``smqt play --opening`` with AI seats plays to the end with no problem."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run(
        [sys.executable, "-m", "smqt", "play", "--autoplay", "--seed", "5", "--quit",
         "--opening", ",".join(CARDS)],
        env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
