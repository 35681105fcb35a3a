"""The game log in words: one sentence per action, read from the state before it (Qt-free)."""

from __future__ import annotations

from smqt.engine.actions import (
    SLOT_ROWS,
    Action,
    Buy,
    ChooseTile,
    EndTurn,
    FinalDone,
    FinalMove,
    MovePerson,
    NoSwap,
    PlaceTruck,
    ReturnPerson,
    Reward,
    Swap,
    Take,
)
from smqt.engine.features import features
from smqt.engine.geometry import ROW_NAMES, Space
from smqt.engine.state import GameState

KIND_WORDS = {"local": "local", "tourist": "tourist", "vip": "VIP"}
REWARD_WORDS = {
    "dollar_move": "1 sand dollar and a move of 1 person 1 space",
    "two_dollars": "2 sand dollars",
    "double_move": "moves for 2 people 1 space each (or 1 person 2 spaces)",
}


def where(space: Space) -> str:
    """``(1, -2)`` -> ``street -2``; the starting tile's column is 0."""
    return f"{ROW_NAMES[space[0]]} {space[1]:+d}" if space[1] else f"{ROW_NAMES[space[0]]} 0"


def _feature_name(state: GameState, player: int, space: Space) -> str:
    fid = state.players[player].city.get(space)
    if fid is None:
        return where(space)
    return features(state.catalog)[fid].name or "the starting tile"


def describe_action(state: GameState, action: Action, name: str) -> str:
    """What ``name`` (the current player of ``state``) does with ``action``."""
    catalog = state.catalog
    me = state.current
    if isinstance(action, ChooseTile):
        return f"{name} chooses the starting tile {catalog.starting_tiles[action.tile].name}"
    if isinstance(action, PlaceTruck):
        return f"{name} puts the food truck under column {action.column + 1}"
    if isinstance(action, Take):
        row = state.front if action.slot[0] == 0 else state.back
        card = row[action.slot[1]]
        card_name = catalog.cards[card].name if card else "a card"
        return (f"{name} takes {card_name} ({SLOT_ROWS[action.slot[0]]} row, column "
                f"{action.slot[1] + 1}) and builds it on {where(action.space)}")
    if isinstance(action, Buy):
        bought = catalog.sand_dollar_actions[action.action]
        return f"{name} pays {bought.cost} for the sand dollar action {bought.name}"
    if isinstance(action, Reward):
        return f"{name} takes the food truck and foodie reward: {REWARD_WORDS[action.choice]}"
    if isinstance(action, Swap):
        return (f"{name} swaps {_feature_name(state, me, action.a)} and "
                f"{_feature_name(state, me, action.b)}")
    if isinstance(action, NoSwap):
        return f"{name} keeps the city as it is (no swap)"
    if isinstance(action, MovePerson | FinalMove):
        kind, origin = state.players[me].people[action.person]
        via = " via " + ", ".join(where(s) for s in action.path[:-1]) if len(action.path) > 1 else ""
        final = "in the final movement " if isinstance(action, FinalMove) else ""
        return (f"{name} {final}moves a {KIND_WORDS[kind]} from {_feature_name(state, me, origin)} to "
                f"{_feature_name(state, me, action.path[-1])}{via}")
    if isinstance(action, ReturnPerson):
        kind, origin = state.players[me].people[action.person]
        return f"{name} returns a {KIND_WORDS[kind]} from {_feature_name(state, me, origin)} to the supply"
    if isinstance(action, EndTurn):
        return f"{name} ends the turn"
    if isinstance(action, FinalDone):
        return f"{name} finishes the final movement"
    return f"{name}: {action}"


def worth_logging(event: str) -> bool:
    """Engine events that add to the sentence (the others repeat it)."""
    return not event.startswith("player ")
