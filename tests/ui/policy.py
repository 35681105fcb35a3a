"""The scripted person of the full-game table test: plays like the medium AI, but goes out of
its way to take a card under the foodie, buy a two-card sand dollar action, swap, walk a VIP
onto a footprint space, and leave the final movement to the table's "Best final movement"."""

from __future__ import annotations

import random

from smqt.ai.protocol import make_bot
from smqt.engine.actions import Action, Buy, MovePerson, Swap, Take
from smqt.engine.rules import applied, legal_actions
from smqt.engine.state import ACQUIRE, FINAL, MOVE, SWAP, GameState

AUTO_FINAL = "auto final"
TWO_CARD = "two_front"
SWAPPING = "swap_and_move"
SAND_DOLLAR_ACTIONS = (TWO_CARD, SWAPPING)


def vip_footprint_moves(state: GameState, legal: tuple[Action, ...]) -> list[MovePerson]:
    me = state.players[state.current]
    moves = []
    for action in legal:
        if isinstance(action, MovePerson) and me.people[action.person][0] == "vip":
            after = applied(state, action).players[state.current]
            if len(after.footprints) > len(me.footprints):
                moves.append(action)
    return moves


def choose(state: GameState, legal: tuple[Action, ...], done: set[str]) -> Action | str:
    """The person's next decision (``AUTO_FINAL`` in the final movement)."""
    bot = make_bot("medium")
    rng = random.Random(state.turn * 101 + len(state.placed))
    if state.phase == FINAL:
        return AUTO_FINAL
    if state.phase == ACQUIRE:
        for wanted, buy in (("two_card", TWO_CARD), ("swap", SWAPPING)):
            if wanted not in done and Buy(buy) in legal:
                return Buy(buy)
        if "foodie" not in done and state.foodie != state.truck:
            takes = [a for a in legal if isinstance(a, Take) and a.slot[1] == state.foodie]
            if takes:
                return bot.choose(state, tuple(takes), rng)
    if state.phase == SWAP and "swap" not in done:
        return bot.choose(state, tuple(a for a in legal if isinstance(a, Swap)), rng)
    if state.phase == MOVE and "vip" not in done:
        walks = vip_footprint_moves(state, legal)
        if walks:
            return bot.choose(state, tuple(walks), rng)
    return bot.choose(state, legal, rng)


def note(state_before: GameState, action: Action, done: set[str]) -> None:
    """Record which of the wanted moments ``action`` was."""
    if isinstance(action, Take) and state_before.phase == ACQUIRE and \
            action.slot[1] == state_before.foodie != state_before.truck:
        done.add("foodie")
    elif isinstance(action, Buy) and action.action == TWO_CARD:
        done.add("two_card")
    elif isinstance(action, Swap):
        done.add("swap")
    elif isinstance(action, MovePerson) and action in vip_footprint_moves(
            state_before, legal_actions(state_before)):
        done.add("vip")
