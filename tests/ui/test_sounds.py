"""Issue 30: the table's sounds, off until chosen: cues made for this product (synthesized,
the same bytes every time), asked for at the right moments of a game, and the choice kept."""

from __future__ import annotations

import io
import random
import wave

import pytest

from smqt.ai.protocol import make_bot
from smqt.engine.scoring import score_game
from smqt.pack.shipped import default_pack
from smqt.ui.shell.chimes import CUES, RATE, wav_bytes, write_cues
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.sounds import full_rings
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui


def test_the_cues_are_short_wav_files_made_the_same_every_time(tmp_path):
    for cue in CUES:
        data = wav_bytes(cue)
        assert data == wav_bytes(cue)
        with wave.open(io.BytesIO(data)) as sound:
            assert sound.getframerate() == RATE and sound.getnchannels() == 1
            assert 0.05 < sound.getnframes() / RATE < 1.5
    files = write_cues(tmp_path / "sounds")
    assert set(files) == {"your_turn", "card_placed", "ring_filled", "game_over"}
    assert all(path.read_bytes() == wav_bytes(cue) for cue, path in files.items())
    assert not list((tmp_path / "sounds").glob(".*.tmp"))


def test_sound_is_off_until_chosen_and_the_choice_is_kept(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    first = TableWindow(remember_layout=True)
    qtbot.addWidget(first)
    assert not first.sounds.player.enabled and not first.menus.sound_action.isChecked()
    first.sounds.player.play("your_turn")
    assert first.sounds.player.asked == [], "nothing is played while sound is off"
    first.menus.sound_action.trigger()
    assert first.sounds.player.enabled
    first.close()
    again = TableWindow(remember_layout=True)
    qtbot.addWidget(again)
    assert again.sounds.player.enabled and again.menus.sound_action.isChecked()
    again.close()


def test_a_game_asks_for_each_cue_at_its_moment(qtbot, window):
    window.menus.sound_action.trigger()
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 8, default_pack()))
    ctrl, bot = window.controller, make_bot("medium")
    rng = random.Random(3)
    rings_filled = False
    while not ctrl.state.is_over:
        qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=60_000)
        if ctrl.state.is_over:
            break
        before = full_rings(score_game(ctrl.state))
        window.commands.play(bot.choose(ctrl.state, ctrl.legal(), rng))
        after = full_rings(score_game(ctrl.state))
        rings_filled |= any(a > b for a, b in zip(after, before, strict=True))
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    asked = window.sounds.player.asked
    assert "your_turn" in asked and "card_placed" in asked
    assert asked[-1] == "game_over"
    assert rings_filled, "a medium player fills a ring in a whole game"
    assert "ring_filled" in asked
