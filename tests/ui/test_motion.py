"""Motion on the table (issue 13): what happened glides into place, driven by the scenes from
the game's changes; a setting switches it off; AI games with motion on raise no Qt warning."""

from __future__ import annotations

import pytest

from smqt.engine.actions import Take
from smqt.pack.shipped import default_pack
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.table.motion import Motion
from tests.ui.clicks import perform
from tests.ui.test_table import play_by_hand

pytestmark = pytest.mark.gui


@pytest.fixture
def motion():
    saved = Motion.factor
    yield
    Motion.factor = saved


@pytest.fixture
def window(window, motion):
    """The common table window (tests/ui/conftest.py), the motion setting restored after."""
    return window


def test_a_card_taken_glides_from_the_display_into_the_city(qtbot, window):
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 6, default_pack()))
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == "acquire")
    window.menus.set_motion(1.0)
    take = next(a for a in ctrl.legal() if isinstance(a, Take))
    card = ctrl.state.front[take.slot[1]]
    perform(qtbot, window, take)
    item = next(i for i in window.widgets.city_scene.items() if getattr(i, "key", None) == ("card", card))
    final = window.widgets.city_scene.position(("card", card))
    assert item.pos() != final, "the card is on its way"
    qtbot.waitUntil(lambda: item.pos() == final, timeout=3000)
    window.menus.set_motion(-1.0)
    assert not Motion.on()


def test_an_ai_only_four_player_game_with_motion_on_ends_cleanly(qtbot, window):
    """Motion at normal speed, the AI at full pace: no Qt warning (pytest-qt fails on one),
    and each AI turn is summed up in one line."""
    window.menus.set_motion(1.0)
    seats = (("A", "easy"), ("B", "medium"), ("C", "random"), ("D", "easy"))
    window.new_game(GameOptions(seats, 77, default_pack()), autosave=False)
    qtbot.waitUntil(lambda: window.controller.state.is_over, timeout=240_000)
    qtbot.wait(500)  # the last animations end
    assert window.last_summary and "point" in window.last_summary


def test_an_ai_turn_stays_in_sight_then_the_view_returns_to_yours(qtbot, window):
    """At a pace above 0 the view follows the AI seat to its city, stays there a moment after
    its turn ends, then shows the person's city again; the status bar sums up every AI turn
    since the person's."""
    window.menus.set_motion(1.0)
    window.menus.set_pace(150)
    seats = (("Ann", "human"), ("Bo", "easy"), ("Cy", "easy"))
    window.new_game(GameOptions(seats, 21, default_pack()), autosave=False)
    ctrl = window.controller
    # past the set-up, to the start of Ann's first regular turn
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == "acquire" and
                 c.state.current == 0 and bool(c.legal()))
    moments = []  # (seat to play, city shown) after each AI decision
    ctrl.state_changed.connect(lambda: moments.append((ctrl.state.current, window.session.shown)))
    play_by_hand(qtbot, window, until=lambda c: c.state.current != 0)
    qtbot.waitUntil(lambda: ctrl.state.current == 0 and bool(ctrl.legal()), timeout=30_000)
    seat, shown = moments[-1]
    assert seat == 0 and shown in (1, 2), f"the last AI's city stays in sight: {moments}"
    qtbot.waitUntil(lambda: window.session.shown == 0, timeout=3000)
    summary = window.statusBar().currentMessage()
    assert "Bo" in summary and "Cy" in summary, summary
