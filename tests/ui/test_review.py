"""The post-game review at the table: a stored game's decisions judged in the AI's process with
a progress bar, the costliest listed with the AI's better choice and a score chart; a click
opens that moment on the table with the better choice framed; Cancel stops it; it can be
opened twice in one window."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from smqt.ai.protocol import make_bot
from smqt.coach.review import review_record
from smqt.engine.game import Game
from smqt.ui.game.controller import Seat
from smqt.ui.table.items import HintItem
from tests.support import base

pytestmark = pytest.mark.gui



def finished(seed: int = 4242) -> Game:
    game = Game.new(base(), 2, seed, names=("Anna", "Ben"))
    bots, rng = [make_bot("easy"), make_bot("medium")], random.Random(1)
    while not game.state.is_over:
        game.play(bots[game.state.current].choose(game.state, game.legal_actions(), rng))
    return game


def test_the_review_lists_costly_decisions_and_opens_a_moment(qtbot, window, nearby):
    game = finished()
    window.start_game(game, [Seat("Anna"), Seat("Ben", "medium")], None)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    window.coach.open_review()
    review = window.coach.review_window
    assert review is not None and review.isVisible()
    assert review.level == "expert", "the strongest judges"
    review.level = "hard"  # quicker for the test: the same window, another judge
    review.start()
    qtbot.waitUntil(lambda: not review.cancel.isEnabled(), timeout=120_000)
    expected = review_record(game.record, game.catalog, 0, level="hard")
    assert [d.number for d in review.decisions] == [d.number for d in expected.decisions]
    assert [round(d.loss, 6) for d in review.decisions] == \
        [round(d.loss, 6) for d in expected.decisions]
    assert review.progress.value() == len(expected.decisions)
    assert review.chart.scores == expected.scores
    rows = review.list.rowCount()
    costly = expected.costliest(15)
    assert rows == len(costly) > 0
    first = review.list.item(0, 1)
    assert first.text().startswith("Anna") and review.list.item(0, 2).text().startswith("Anna")
    assert float(review.list.item(0, 3).text()) == pytest.approx(costly[0].loss, abs=0.05)
    assert "decisions judged" in review.summary.text()

    rect = review.list.visualItemRect(first)
    qtbot.mouseClick(review.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.viewing == costly[0].number - 1, "the moment before the decision"
    assert window.widgets.pages.currentIndex() == 0 and window.session.shown == 0
    framed = [i for scene in (window.widgets.display_scene, window.widgets.city_scene)
              for i in scene.items() if isinstance(i, HintItem)]
    assert framed, "the better choice is framed on the table"
    assert review.chart.mark == costly[0].turn

    # asked again, the review of this game comes back as it was (not judged again)
    judged = list(review.decisions)
    window.coach.open_review()
    again = window.coach.review_window
    assert again is review and again.decisions == judged and again.isVisible()
    # the other player's decisions, cancelled at once
    again.player.setCurrentIndex(1)
    again.stop()
    assert not again.cancel.isEnabled() and "stopped" in again.summary.text()
    window.navigation.show_live()
    assert not [i for i in window.widgets.display_scene.items() if isinstance(i, HintItem)]


def test_the_reviews_help_text_grows_with_the_text_size(qtbot, window, nearby):
    """Issue 42: the review's help text kept the text size it was made at."""
    from PySide6.QtWidgets import QLabel
    game = finished()
    window.start_game(game, [Seat("Anna"), Seat("Ben", "medium")], None)
    window.coach.open_review()
    review = window.coach.review_window
    help_text = next(label for label in review.findChildren(QLabel)
                     if label.text().startswith("Click a decision"))
    before = help_text.fontInfo().pixelSize()
    try:
        window.menus.set_text_size(1.5)
        assert help_text.fontInfo().pixelSize() > before
    finally:
        window.menus.set_text_size(1.0)


def test_the_ais_moves_after_it_took_the_seat_are_not_the_persons(qtbot, window, nearby):
    """Issue 42: Seats ▸ let the AI play is written in the record, and the review of that
    person leaves the AI's moves in their seat out, saying how many."""
    game = Game.new(base(), 2, 4242, names=("Anna", "Ben"))
    window.start_game(game, [Seat("Anna"), Seat("Ben", "medium")], None)
    ctrl = window.controller
    bot, rng = make_bot("easy"), random.Random(2)
    while ctrl.state.turn < 4 or ctrl.state.current != 0:
        if ctrl.state.current == 0:
            assert ctrl.play(bot.choose(ctrl.state, ctrl.legal(), rng))
        qtbot.wait(1)
    ctrl.set_seat(0, "random")
    qtbot.waitUntil(lambda: ctrl.state.is_over, timeout=60_000)
    changes = ctrl.game.record.seat_changes
    assert [(c.seat, c.player) for c in changes] == [(0, "random")]
    window.coach.open_review()
    review = window.coach.review_window
    assert review.course is not None and review.course.by_ai > 0
    assert all(m.number <= changes[0].at for m in review.course.moments)
    review.stop()
    assert "were the AI's, after it took the seat: not judged" in review.summary.text()
