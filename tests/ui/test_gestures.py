"""The gestures that span several clicks, one object each, given the game explicitly (issue
41): started by the first click, updated by the next ones, finished as one of the engine's
legal actions, and a refusal said in the engine's words."""

from __future__ import annotations

import random

from smqt.engine.actions import MovePerson, Swap, Take
from smqt.engine.rules import apply, legal_actions
from smqt.engine.setup import new_game
from smqt.ui.game.gestures import Moment, PlaceCard, SwapCards, WalkPerson
from tests.support import base


def moments(seeds: range = range(6)):  # type: ignore[no-untyped-def]
    """Every moment of a few seeded random games, as a gesture is given it."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = new_game(base(), 2, seed)
        while not state.is_over:
            legal = legal_actions(state)
            yield Moment(state, legal)
            apply(state, chooser.choice(legal))


def test_r3_1_a_card_picked_finishes_on_an_offered_space_and_says_why_not_elsewhere():
    moment = next(m for m in moments() if any(isinstance(a, Take) for a in m.legal))
    take = next(a for a in moment.legal if isinstance(a, Take))
    card = PlaceCard.start(moment, take.slot)
    assert card is not None and take.space in card.spaces()
    assert card.finish(take.space) == take
    taken = {a.space for a in moment.legal if isinstance(a, Take) and a.slot == take.slot}
    player = moment.state.players[moment.state.current]
    elsewhere = next(space for space in player.city if space not in taken)
    assert card.finish(elsewhere) is None and card.reason
    assert PlaceCard.start(moment, (9, 9)) is None, "no card there: no gesture"


def test_r6_1_a_walk_steps_finishes_as_a_legal_move_and_takes_a_step_back():
    for moment in moments():
        walks = [a for a in moment.legal if isinstance(a, MovePerson) and len(a.path) >= 2]
        if walks:
            break
    move = walks[0]
    walk = WalkPerson.start(moment, move.person)
    assert walk is not None and move.path[0] in walk.next_steps()
    made = walk.update(move.path[0])
    assert made is None or made in moment.legal
    if made is None:
        assert walk.path == move.path[:1] and walk.back() and walk.path == ()
    assert not walk.back(), "no step left: the gesture ends"
    assert walk.update((99, 99)) is None and walk.reason
    assert all(m in moment.legal for m in walk.drops().values())


def test_r8_6_a_swap_is_two_cards_and_the_second_finishes_it():
    moment = next(m for m in moments(range(40)) if any(isinstance(a, Swap) for a in m.legal))
    swap = next(a for a in moment.legal if isinstance(a, Swap))
    pair = SwapCards.start(moment, swap.a)
    assert pair is not None and swap.b in pair.partners()
    assert pair.finish(swap.b) == swap
