"""Each kind of action in one place: ``ACTION_KINDS`` holds, for every class of the engine's
``Action``, its legality, its application, the rules' refusal and the refusal in the player's
words, and ``rules.apply``, ``is_legal`` and ``explain.why_not`` look a kind up here (a test
checks that every kind has its entry).

The kinds' code lives in the modules of what they do: ``opening`` (``ChooseTile``,
``PlaceTruck``), ``taking`` (``Take``, ``Reward``), ``buying`` (``Buy``), ``swapping``
(``Swap``, ``NoSwap``) and ``moving`` (``MovePerson``, ``ReturnPerson``, ``EndTurn``,
``FinalMove``, ``FinalDone``). A new kind of action is a class in ``actions`` (with its text
form), the phases that list it (``legal.PHASE_TYPES`` and ``legal_actions``), its functions in
one of those modules and its entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from smqt.engine.actions import (
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
from smqt.engine.buying import apply_buy, buy_is_legal, buy_rule_reason, why_not_buy
from smqt.engine.events import Event
from smqt.engine.legal import PHASE_TYPES, legal_actions
from smqt.engine.moving import (
    apply_end,
    apply_final_done,
    apply_final_move,
    apply_move,
    apply_return,
    end_is_legal,
    final_is_legal,
    final_rule_reason,
    move_is_legal,
    move_rule_reason,
    why_not_done,
    why_not_end,
    why_not_final,
    why_not_move,
    why_not_return,
)
from smqt.engine.opening import apply_choose_tile, apply_place_truck, why_not_tile, why_not_truck
from smqt.engine.state import GameState, PlayerState
from smqt.engine.swapping import apply_noswap, apply_swap, why_not_noswap, why_not_swap
from smqt.engine.taking import (
    apply_reward,
    apply_take,
    take_is_legal,
    take_rule_reason,
    why_not_reward,
    why_not_take,
)
from smqt.language.translate import _


@attrs.frozen
class Kind:
    """What the engine knows of one kind of action."""

    is_legal: Callable[[GameState, PlayerState, Any], bool]
    """Whether the action is in ``legal_actions`` of a state whose phase lists its kind (for
    the current player); sooner than building the list where the kind can."""
    apply: Callable[[GameState, Any, list[Event]], None]
    """Carry out a legal action on the state, adding the events worth logging."""
    rule_reason: Callable[[GameState, Any], str]
    """Why the rules refuse it in a phase that lists its kind, citing them (the
    ``IllegalActionError`` of ``rules.apply``)."""
    why_not: Callable[[GameState, Any], str | None]
    """Why it is refused now, in the player's words (``explain.why_not``); None when nothing
    more precise than the general sentence fits."""


def _listed(state: GameState, player: PlayerState, action: Any) -> bool:
    return action in legal_actions(state)


def _not_allowed_now(state: GameState, action: Any) -> str:
    return _("not allowed now")


ACTION_KINDS: dict[type, Kind] = {
    ChooseTile: Kind(_listed, apply_choose_tile, _not_allowed_now, why_not_tile),
    PlaceTruck: Kind(_listed, apply_place_truck, _not_allowed_now, why_not_truck),
    Take: Kind(take_is_legal, apply_take, take_rule_reason, why_not_take),
    Buy: Kind(buy_is_legal, apply_buy, buy_rule_reason, why_not_buy),
    Reward: Kind(_listed, apply_reward, _not_allowed_now, why_not_reward),
    Swap: Kind(_listed, apply_swap, _not_allowed_now, why_not_swap),
    NoSwap: Kind(_listed, apply_noswap, _not_allowed_now, why_not_noswap),
    MovePerson: Kind(move_is_legal, apply_move, move_rule_reason, why_not_move),
    ReturnPerson: Kind(move_is_legal, apply_return, move_rule_reason, why_not_return),
    EndTurn: Kind(end_is_legal, apply_end, _not_allowed_now, why_not_end),
    FinalMove: Kind(final_is_legal, apply_final_move, final_rule_reason, why_not_final),
    FinalDone: Kind(end_is_legal, apply_final_done, _not_allowed_now, why_not_done),
}


def is_legal(state: GameState, action: object) -> bool:
    """``action in legal_actions(state)``, building only the part of the list of the action's
    own kind (and allowance, person or slot), which holds every listed action it can equal."""
    kind = ACTION_KINDS.get(type(action))
    if kind is None:
        return any(legal == action for legal in legal_actions(state))
    if type(action) not in PHASE_TYPES.get(state.phase, ()):
        return False
    return kind.is_legal(state, state.players[state.current], action)
