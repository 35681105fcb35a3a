"""A hint lasts as long as its moment (issue 42): whoever ends the moment (the person with
another choice, an undo, the AI after the seat is handed over, a new game, a game loaded), no
frame of it stays on the table and no word of it in the hint bar; while an earlier moment is
looked at (the review's), the table shows that moment's marks only."""

from __future__ import annotations

import random

import pytest

from smqt.ai.protocol import make_bot
from smqt.coach.hint import Hint
from smqt.engine.actions import ChooseTile, Take
from smqt.engine.game import Game
from smqt.engine.state import ACQUIRE
from smqt.ui.game.controller import Seat
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.table.items import HintItem
from tests.support import BASE, base

pytestmark = pytest.mark.gui


def frames(window) -> list[HintItem]:  # type: ignore[no-untyped-def]
    w = window.widgets
    return [item for scene in (w.display_scene, w.city_scene) for item in scene.items()
            if isinstance(item, HintItem)]


def hinted(window, seed: int = 3) -> tuple:  # type: ignore[no-untyped-def]
    """Two people at a new game, a hint shown for the first one's choice of tile; the hint
    and another legal choice."""
    window.start_game(Game.new(base(), 2, seed), [Seat("Ann"), Seat("Bo")], None)
    ctrl = window.controller
    tiles = [a for a in ctrl.legal() if isinstance(a, ChooseTile)]
    window.coach.hint_ready(Hint(tiles[0], 0, (), None))
    assert window.widgets.hint_bar.isVisible() and frames(window), "the hint is shown"
    return tiles[0], tiles[1]


def gone(window) -> bool:  # type: ignore[no-untyped-def]
    bar = window.widgets.hint_bar
    return not frames(window) and not bar.isVisible() and not bar.text()


def test_the_hint_goes_when_the_person_makes_another_choice(window):
    _hint, other = hinted(window)
    assert window.commands.play(other)
    assert gone(window)


def test_the_hint_goes_with_an_undo(window, qtbot):
    hinted(window)
    ctrl = window.controller
    bot, rng = make_bot("medium"), random.Random(3)
    while ctrl.state.phase != ACQUIRE:  # the tiles chosen (the last one by the table)
        legal = ctrl.legal()
        if legal:
            assert ctrl.play(bot.choose(ctrl.state, legal, rng))
        qtbot.wait(1)
    take = next(a for a in ctrl.legal() if isinstance(a, Take))
    assert window.commands.play(take) and ctrl.can_undo
    window.coach.hint_ready(Hint(ctrl.legal()[0], 0, (), None))
    assert window.widgets.hint_bar.isVisible()
    window.commands.undo()
    assert gone(window)


def test_the_hint_goes_when_the_ai_takes_the_seat(window, qtbot):
    hinted(window)
    ctrl = window.controller
    ctrl.set_seat(ctrl.state.current, "random")
    qtbot.waitUntil(lambda: bool(ctrl.game.actions), timeout=20_000)
    assert gone(window)


def test_the_hint_goes_with_a_new_game_and_a_loaded_one(window, tmp_path):
    hinted(window)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 8, BASE), autosave=False)
    assert gone(window)
    path = tmp_path / "game.smqt"
    window.controller.save(path)
    hinted(window)
    assert window.load(path)
    assert gone(window)


def test_an_earlier_moment_shows_no_hint_and_the_live_one_shows_it_again(window):
    _hint, other = hinted(window)
    ctrl = window.controller
    window.coach.hint = None
    window.widgets.hint_bar.say("")
    assert window.commands.play(other)
    later = next(a for a in ctrl.legal())
    window.coach.hint_ready(Hint(later, 0, (), None))
    window.navigation.show_moment(0)  # looking back (as the review opens a moment)
    assert not frames(window) and not window.widgets.hint_bar.isVisible()
    window.navigation.show_live()
    assert window.widgets.hint_bar.isVisible(), "the moment has not passed: the hint is back"
