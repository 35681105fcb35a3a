"""The coach's hint at the table (Turn ▸ Hint, H): asked in a known position, the AI's choice
is framed on the display and in the city and said with its reason in the hint bar; it goes
when the moment passes, is never given for an AI's turn, and the record and the scorepad say
that a hint was shown."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from smqt.ai.protocol import make_bot
from smqt.coach.hint import hint
from smqt.engine.actions import Take
from smqt.engine.game import Game
from smqt.engine.state import ACQUIRE
from smqt.records.record import parse_record, record_text
from smqt.ui.game.controller import Seat
from smqt.ui.table.items import CARD_H, CARD_W, HintItem
from smqt.ui.table.scenes import PITCH_X, PITCH_Y
from tests.support import base
from tests.ui.clicks import played

pytestmark = pytest.mark.gui



def to_first_card(window, seed: int = 11) -> Game:
    """Two people at the table, played by a medium bot's choices up to the first card."""
    game = Game.new(base(), 2, seed, names=("Anna", "Ben"))
    window.start_game(game, [Seat("Anna"), Seat("Ben")], None)
    ctrl = window.controller
    bot, rng = make_bot("medium"), random.Random(3)
    while ctrl.state.phase != ACQUIRE:
        assert ctrl.play(bot.choose(ctrl.state, ctrl.legal(), rng))
    return game


def marks(scene) -> list[HintItem]:
    return [item for item in scene.items() if isinstance(item, HintItem)]


def test_a_hint_frames_the_ais_card_and_space_and_says_why(qtbot, window, nearby):
    game = to_first_card(window)
    expected = hint(game.state.copy())
    assert isinstance(expected.action, Take)
    table_at = window.widgets.display_view.mapTo(window, QPoint(0, 0))
    qtbot.keyClick(window, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: window.widgets.hint_bar.isVisible(), timeout=20_000)
    qtbot.wait(20)
    # the hint is said beside the turn: the table did not move under the pointer
    assert window.widgets.display_view.mapTo(window, QPoint(0, 0)) == table_at
    text = window.widgets.hint_bar.text()
    name = game.names[game.state.current]
    assert text.startswith(f"Hint — the expert AI would do this: {name} takes ")
    assert "Why: " in text
    on_display = marks(window.widgets.display_scene)
    assert len(on_display) == 1
    card = next(i for i in window.widgets.display_scene.items()
                if getattr(i, "intent", None) == ("slot", expected.action.slot))
    assert on_display[0].pos() == card.pos(), "the card to take is framed"
    in_city = marks(window.widgets.city_scene)
    row, column = expected.action.space
    assert [m.pos().toTuple() for m in in_city] == [(column * PITCH_X, row * PITCH_Y)]
    assert in_city[0].boundingRect().width() >= CARD_W and \
        in_city[0].boundingRect().height() >= CARD_H
    assert game.hints == [len(game.actions)], "the record says a hint was shown, and when"
    assert parse_record(record_text(game.record)).hints == (len(game.actions),)

    # the hint is followed: the moment passes, the marks and the bar go
    played(qtbot, window, expected.action)
    assert not window.widgets.hint_bar.isVisible()
    assert not marks(window.widgets.display_scene) and not marks(window.widgets.city_scene)

    # asked again at the next moment of the same turn, in the same window
    window.coach.ask_hint()
    qtbot.waitUntil(lambda: window.widgets.hint_bar.isVisible(), timeout=20_000)
    assert len(game.hints) == 2


def test_no_hint_for_an_ai_seat_and_the_scorepad_says_hints_were_used(qtbot, window, nearby):
    game = Game.new(base(), 2, 5, names=("Anna", "Ben"))
    window.start_game(game, [Seat("Anna", "medium"), Seat("Ben", "medium")], None)
    window.menus.set_pace(0)
    window.coach.ask_hint()
    assert not window.widgets.hint_bar.isVisible()
    assert window.widgets.status.text() == "A hint is for a person's turn with a choice to make."
    assert game.hints == []
    game.hints.append(4)
    qtbot.waitUntil(lambda: window.controller.state.is_over, timeout=120_000)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    note = window.widgets.end_page.scorepad.hints
    assert note.isVisible() and note.text() == "Hints shown in this game (Turn ▸ Hint): 1"
