"""The coach: a hint is the strongest bot's choice with its reason; a review values each
decision of a player, says what it cost against the bot's best and keeps the scores by turn;
a record remembers the hints shown (R12.2: a record still replays the same game)."""

from __future__ import annotations

import random

import pytest

from smqt.ai.protocol import make_bot
from smqt.ai.search import HardBot
from smqt.coach.hint import hint, hint_reason
from smqt.coach.judge import decision_seed, judge
from smqt.coach.review import Cancelled, review_record
from smqt.engine.actions import parse_action
from smqt.engine.game import Game, replay
from smqt.engine.rules import legal_actions
from smqt.engine.state import ACQUIRE
from smqt.engine.tally import totals
from smqt.records.record import parse_record, record_text
from tests.support import base


@pytest.fixture(scope="module")
def catalog():
    return base()


def played(catalog, seats=("easy", "medium"), seed=4242) -> Game:
    game = Game.new(catalog, len(seats), seed, names=("Anna", "Ben", "Cleo", "Dora")[:len(seats)])
    bots, rng = [make_bot(s) for s in seats], random.Random(1)
    while not game.state.is_over:
        game.play(bots[game.state.current].choose(game.state, game.legal_actions(), rng))
    return game


def first_card_choice(catalog, seed=11):
    game = Game.new(catalog, 2, seed)
    rng, bot = random.Random(2), make_bot("medium")
    while game.state.phase != ACQUIRE:
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    return game.state


def test_a_hint_is_the_bots_choice_and_says_why(catalog):
    state = first_card_choice(catalog)
    legal = legal_actions(state)
    found = hint(state, legal, level="hard")
    judged = judge(state, legal, level="hard")
    assert found.action == legal[judged.best] and found.level == "hard"
    # hard's own search with the same futures picks the same card
    _shallow, deep = HardBot().turn_values(state, legal, decision_seed(state))
    assert max(deep, key=lambda i: (deep[i], -i)) == judged.best
    assert found.margin is not None and found.margin >= 0
    assert found.whole_turn, "a card choice is explained by the turn it starts"
    assert found.gain == sum(delta for _line, delta in found.lines)
    reason = hint_reason(catalog, found)
    assert reason and "None" not in reason
    if found.gain:
        assert "this turn" in reason
    assert hint(state, legal, level="hard") == found, "the same moment gives the same hint"


def test_a_hint_followed_costs_nothing_in_the_review(catalog):
    """The hint and the review are the same bot's: following a hint is never a mistake."""
    state = first_card_choice(catalog, seed=23)
    legal = legal_actions(state)
    found = hint(state, legal, level="hard")
    chosen = legal.index(found.action)
    judged = judge(state, legal, chosen=chosen, level="hard")
    assert judged.best == chosen and judged.loss(chosen) == 0


def test_a_final_move_hint_names_the_best_final_movements_total(catalog):
    game = played(catalog, ("medium", "medium"), seed=31)
    replayed = replay(game.record, catalog, upto=0)
    for text in game.record.actions:
        state = replayed.state
        legal = legal_actions(state)
        if state.phase == "final" and len(legal) > 1:
            found = hint(state, legal, level="hard")
            assert found.final_total is not None
            assert f"ends at {found.final_total} points" in hint_reason(catalog, found)
            return
        replayed.play(parse_action(text))
    pytest.fail("no final movement with a choice in this game")


def test_an_only_choice_is_the_hint_without_a_margin(catalog):
    game = Game.new(catalog, 2, 3)
    state = game.state
    legal = legal_actions(state)[:1]
    found = hint(state, legal)
    assert found.action == legal[0] and found.margin is None


def test_a_review_values_every_decision_of_the_player(catalog):
    game = played(catalog)
    record = game.record
    review = review_record(record, catalog, 0, level="hard", deep=3)
    assert review.complete and review.seat == 0
    replayed = replay(record, catalog, upto=0)
    mine = 0
    for text in record.actions:
        state = replayed.state
        if state.current == 0 and len(legal_actions(state)) > 1:
            mine += 1
        replayed.play(parse_action(text))
    assert len(review.decisions) == mine
    assert all(d.loss >= 0 and d.best_value >= d.chosen_value - 1e-9 for d in review.decisions)
    assert any(d.loss > 0 for d in review.decisions), "an easy player makes costly choices"
    costly = review.costliest(5)
    assert [d.loss for d in costly] == sorted((d.loss for d in costly), reverse=True)
    # a score per turn start for every player, the final totals last
    assert review.scores[0] == (0, 0)
    assert review.scores[-1] == totals(game.state)
    assert len(review.scores) == game.state.turn + 1 or len(review.scores) > 10


def test_the_review_of_the_bots_own_choices_costs_nothing_where_it_chose(catalog):
    """A medium player's move steps are the greedy evaluation's best: they cost nothing."""
    game = played(catalog, ("medium", "medium"), seed=77)
    review = review_record(game.record, catalog, 1, level="hard", deep=2)
    steps = [d for d in review.decisions if d.phase not in (ACQUIRE, "final", "place_truck")]
    assert steps and all(d.loss < 1e-9 for d in steps)


def test_a_review_can_be_cancelled_and_reports_progress(catalog):
    game = played(catalog)
    seen: list[tuple[int, int]] = []
    with pytest.raises(Cancelled):
        review_record(game.record, catalog, 0, level="hard", progress=lambda d, t: seen.append((d, t)),
                      cancelled=lambda: len(seen) >= 5)
    total = len(review_record(game.record, catalog, 0, level="hard", deep=1).decisions)
    assert seen[:2] == [(1, total), (2, total)]


def test_a_record_keeps_the_hints_shown_and_still_replays(catalog):
    game = played(catalog)
    game.hints = [3, 10]
    text = record_text(game.record)
    assert "hints = [" in text
    again = parse_record(text, "game.toml")
    assert again.hints == (3, 10)
    assert replay(again, catalog).state == game.state
    assert replay(again, catalog, upto=5).hints == [3]
    assert "hints" not in record_text(played(catalog).record), "no hints, no key"


@pytest.mark.parametrize("hints, problem", [
    ("[-1]", "hints item 1"), ("[99999]", "hints item 1"), ('["3"]', "hints item 1"),
    ("3", "hints must be a list"), ("[true]", "hints item 1")])
def test_a_damaged_hints_list_is_refused_by_name(catalog, hints, problem):
    from smqt.engine.game import RecordError

    text = record_text(played(catalog).record).replace(
        "format = 1\n", f"format = 1\nhints = {hints}\n", 1)
    with pytest.raises(RecordError, match=problem):
        parse_record(text, "game.toml")
