"""Finish found by people playing (issue 13): the large card beside the pointer (after a short
rest, Esc closes it, held back just after a click, closed when the turn moves on), the
scorepad as it stands during a game, and a stray End turn key at the start of a turn."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from smqt.ai.protocol import make_bot
from smqt.pack.shipped import default_pack
from smqt.ui.panels.popup import DELAY_MS
from smqt.ui.shell.newgame import GameOptions
from tests.ui.test_table import play_by_hand

pytestmark = pytest.mark.gui


@pytest.fixture
def window(window):
    """The common table window (tests/ui/conftest.py) with a game of two people."""
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 14, default_pack()),
                    autosave=False)
    return window


def test_the_scorepad_during_the_game_shows_the_scores_as_they_stand(qtbot, window):
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 3)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert window.widgets.pages.currentIndex() == 1
    title = window.widgets.end_page.scorepad.title.text()
    assert title.startswith("As it stands") and "leads with" in title
    assert window.session.score is None, "the game is not over"
    window.widgets.end_page.to_table.emit()
    assert window.widgets.pages.currentIndex() == 0


def test_a_stray_end_turn_key_at_the_start_of_a_turn_is_not_an_error(qtbot, window):
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == "acquire" and bool(c.legal()))
    window.session.turn_started_at = __import__("time").monotonic()  # the turn has just begun
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert not window.widgets.turn_panel.reason.isVisibleTo(window.widgets.turn_panel)
    window.session.turn_started_at = 0.0  # later in the turn, E explains why it cannot end yet
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert window.widgets.turn_panel.reason.isVisibleTo(window.widgets.turn_panel)


def no_room_for_faces(qtbot, window) -> None:
    """The person gave the side's room to the turn panel and the log: the card panel cannot
    show a face, so the large card beside the pointer does."""
    window.room.user_side_split = True
    total = sum(window.widgets.side_split.sizes())
    window.widgets.side_split.setSizes([total - 100, 0, 100])
    qtbot.waitUntil(lambda: not window.widgets.inspector.shows_faces())


def test_the_large_card_closes_when_the_turn_moves_on(qtbot, window):
    no_room_for_faces(qtbot, window)
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == "acquire" and bool(c.legal()))
    qtbot.mouseMove(window.widgets.turn_panel)  # the pointer off the city: only the emitted rest counts
    qtbot.wait(50)
    state = window.controller.state
    window.widgets.popup._held_until = 0.0
    window.widgets.display_scene.hovered.emit(state.catalog.cards[state.front[0]])
    qtbot.waitUntil(window.widgets.popup.isVisible, timeout=DELAY_MS + 2000)
    turn = (state.turn, state.current)
    ctrl, bot = window.controller, make_bot("medium")
    while (ctrl.state.turn, ctrl.state.current) == turn:  # by keys and menus: no click
        window.commands.play(bot.choose(ctrl.state, ctrl.legal(), random.Random(1)))
        if (ctrl.state.turn, ctrl.state.current) == turn:
            assert window.widgets.popup.isVisible(), "the turn goes on: the large card stays"
    assert not window.widgets.popup.isVisible()


def test_the_large_card_opens_on_a_rest_and_esc_closes_it(qtbot, window):
    no_room_for_faces(qtbot, window)
    state = window.controller.state
    card = state.catalog.cards[state.front[0]]
    window.widgets.display_scene.hovered.emit(card)
    assert not window.widgets.popup.isVisible(), "not at once: after a short rest"
    qtbot.waitUntil(window.widgets.popup.isVisible, timeout=DELAY_MS + 2000)
    assert card.name in window.widgets.popup.text.text()
    popup = window.widgets.popup.geometry()
    assert window.rect().contains(popup), "inside the window"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.widgets.popup.isVisible()


def test_no_large_card_just_after_a_click(qtbot, window):
    no_room_for_faces(qtbot, window)
    state = window.controller.state
    card = state.catalog.cards[state.front[1]]
    window.widgets.display_scene.clicked.emit("slot", (0, 1))  # a card picked: its spaces come next
    window.widgets.display_scene.hovered.emit(card)
    qtbot.wait(DELAY_MS + 300)
    assert not window.widgets.popup.isVisible(), "held back just after a click"
    window.widgets.popup._held_until = 0.0  # the hold has run out
    window.widgets.display_scene.hovered.emit(None)
    window.widgets.display_scene.hovered.emit(card)
    qtbot.waitUntil(window.widgets.popup.isVisible, timeout=DELAY_MS + 2000)


def test_esc_leaves_the_scorepad_for_the_table(window, qtbot):
    """Issue 42: Esc closes the scorepad view (Ctrl+P during the game) as it closes a choice."""
    window.navigation.show_scorepad()
    pages = window.widgets.pages
    assert pages.currentIndex() == 1
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert pages.currentIndex() == 0


def test_an_earlier_moment_is_not_called_your_turn(window, qtbot):
    """The city's header said "Ann's city — your turn" over a moment looked back at."""
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 1)
    window.navigation.show_moment(1)
    header = window.widgets.city_header.text()
    assert "turn" not in header and header.endswith("'s city"), header
