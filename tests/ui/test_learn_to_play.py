"""Issue 30: Learn to play, a guided first game. Its lessons come at the moment each idea first
matters, point at what to click and wait for the learner's move; the learner follows them from
the first lesson to the scorepad. It can be left half-way, and a normal game then starts in the
same window with no lesson in it."""

from __future__ import annotations

import random

import pytest

from smqt.ai.protocol import make_bot
from smqt.pack.shipped import default_pack
from smqt.ui.game.lessons import LESSONS
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.table.items import HintItem, TokenItem
from tests.support import base
from tests.ui.clicks import click_button, click_item, click_person, click_space, face, find, played

pytestmark = pytest.mark.gui


def callout_shown(window) -> bool:
    return window.tutorial.callout is not None and window.tutorial.callout.isVisible()


def marks(scene) -> list[HintItem]:
    return [item for item in scene.items() if isinstance(item, HintItem)]


def click_target(qtbot, window, target) -> None:
    """Make the move the lesson points at, with the mouse."""
    kind, key = target
    display = window.widgets.display_view
    if kind == "button":
        click_button(qtbot, getattr(window.widgets.turn_panel, key))
    elif kind in ("tile", "slot", "sand_dollar"):
        click_item(qtbot, display, face(display, (kind, key)))
    elif kind == "column":
        click_item(qtbot, display, find(display, lambda i: isinstance(i, TokenItem)
                                        and i.kind == "marker" and i.column == key))
    elif kind == "space":
        click_space(qtbot, window, key)
    elif kind == "person":
        click_person(qtbot, window, key)
    else:
        raise AssertionError(f"no gesture for {target}")


def learners_turn(qtbot, window) -> None:
    ctrl = window.controller
    qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=60_000)


def test_learn_to_play_walks_from_the_first_lesson_to_the_scorepad(qtbot, window):
    window.tutorial.learn_to_play()
    ctrl = window.controller
    assert [s.is_ai for s in ctrl.seats] == [False, True]
    learners_turn(qtbot, window)
    assert callout_shown(window)
    assert window.tutorial.tutorial.current.key == "tile"
    assert "lesson 1" in window.tutorial.callout.step.text()
    assert marks(window.widgets.display_scene), "the lesson marks the tile to click"
    bot = make_bot("medium")
    followed = 0
    for step in range(3000):
        if ctrl.state.is_over:
            break
        learners_turn(qtbot, window)
        if ctrl.state.is_over:
            continue
        lesson = window.tutorial.tutorial.current
        target = window.tutorial.tutorial.target(ctrl.state, ctrl.legal(),
                                        window.session.interaction.highlights()) if lesson else None
        if lesson is not None and lesson.info:
            click_button(qtbot, window.tutorial.callout.got_it_button)
        elif lesson is not None and target is not None and ctrl.legal():
            click_target(qtbot, window, target)  # the move the lesson asks for
            followed += 1
        else:
            window.session.interaction.clear()
            action = bot.choose(ctrl.state, ctrl.legal(), random.Random(step))
            played(qtbot, window, action)
    assert ctrl.state.is_over
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    shown = list(window.tutorial.tutorial.seen)  # every lesson shown, in order
    assert sorted(shown) == sorted(lesson.key for lesson in LESSONS), "all twelve lessons"
    assert shown[:4] == ["tile", "truck", "draft", "place"], shown
    assert {"move", "end_turn", "last_round", "final", "scorepad"} <= set(shown), shown
    assert shown[-1] == "scorepad"
    assert followed >= 6
    assert callout_shown(window) and window.tutorial.callout.finish_button.isVisible()
    assert f"lesson {len(shown)}" in window.tutorial.callout.step.text()
    click_button(qtbot, window.tutorial.callout.finish_button)
    assert not callout_shown(window) and window.tutorial.tutorial is None
    assert window.widgets.pages.currentIndex() == 1  # the scorepad stays


def test_the_lesson_can_be_left_half_way_and_a_normal_game_started(qtbot, window):
    window.tutorial.learn_to_play()
    ctrl = window.controller
    for _ in range(20):  # follow the lessons up to the first card
        learners_turn(qtbot, window)
        lesson = window.tutorial.tutorial.current
        if lesson is not None and lesson.key == "place":
            break
        target = window.tutorial.tutorial.target(ctrl.state, ctrl.legal(),
                                                 window.session.interaction.highlights())
        click_target(qtbot, window, target)
    assert window.tutorial.tutorial.current.key == "place"
    assert marks(window.widgets.city_scene), "the lesson marks a space in the city"
    click_button(qtbot, window.tutorial.callout.leave_button)
    assert window.tutorial.tutorial is None and not callout_shown(window)
    assert "left the lesson" in window.widgets.status.text()
    assert not marks(window.widgets.city_scene)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 5, default_pack()))
    ctrl = window.controller
    bot = make_bot("random")
    for step in range(12):
        learners_turn(qtbot, window)
        assert not callout_shown(window)
        played(qtbot, window, bot.choose(ctrl.state, ctrl.legal(), random.Random(step)))
    assert window.tutorial.tutorial is None


def test_a_lesson_reads_the_redraws_scoring_instead_of_scoring_again(monkeypatch):
    """The ring lesson asks whether the learner has a full ring: with the table's scoring of
    this moment at hand it scores nothing itself (each redraw scores the game once)."""
    from smqt.engine.scoring import score_game
    from smqt.engine.setup import new_game
    from smqt.ui.game import lessons
    from smqt.ui.game.interaction import Highlights

    state = new_game(base(), 2, 17)
    score = score_game(state)
    monkeypatch.setattr(lessons, "score_game", lambda _state: pytest.fail("scored again"))
    tutorial = lessons.Tutorial()
    tutorial.update(state, (), Highlights(), score)
    tutorial.target(state, (), Highlights(), score)
    monkeypatch.undo()
    assert lessons.Tutorial().update(state, (), Highlights()) is None, "and scores without it"


@pytest.mark.qt_log_ignore("This plugin does not support")  # the offscreen platform's own
def test_a_new_game_asks_before_it_drops_the_lessons_and_resuming_takes_them_up(qtbot, window):
    """Issue 42: a new game in the middle of the guided game asked nothing, and the guided game
    resumed later went on without its lessons."""
    window.tutorial.learn_to_play()
    ctrl = window.controller
    guided = ctrl.autosave
    learners_turn(qtbot, window)
    target = window.tutorial.tutorial.target(ctrl.state, ctrl.legal(),
                                             window.session.interaction.highlights())
    click_target(qtbot, window, target)  # the first lesson's move: the game is under way
    window.games.new_game_dialog()
    box = window.tutorial.asking
    assert box is not None and box.isVisible(), "the lessons are not dropped without asking"
    keep = next(b for b in box.buttons() if b.text() == "Keep learning")
    keep.click()
    assert window.tutorial.tutorial is not None and window.games.new_game_dialog_shown is None
    window.games.new_game_dialog()
    leave = next(b for b in window.tutorial.asking.buttons() if b.text() == "Leave the lessons")
    leave.click()
    dialog = window.games.new_game_dialog_shown
    assert dialog is not None and dialog.isVisible(), "then the new game is chosen"
    dialog.reject()
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 5, default_pack()))
    assert window.tutorial.tutorial is None
    said: list[str] = []
    window.session.status.connect(said.append)
    assert window.load(guided, autosave=guided)  # Game ▸ Resume
    learners_turn(qtbot, window)
    assert window.tutorial.tutorial is not None and callout_shown(window)
    assert any("goes on where you left it" in line for line in said)
