"""The only source of legality: ``new_game``, ``legal_actions(state)`` and
``apply(state, action)`` (R2-R9).

``apply`` mutates the state in place and returns the events worth logging; it refuses anything
that ``legal_actions`` does not list with ``IllegalActionError``. Use ``state.copy()`` first to
keep the previous state (undo, search). Each kind of action is carried out, and refused, by
its entry in ``actionkinds.ACTION_KINDS``; the turn's flow they share is in ``turns``.
"""

from __future__ import annotations

from smqt.engine import incremental
from smqt.engine.actionkinds import ACTION_KINDS, is_legal
from smqt.engine.actions import Action
from smqt.engine.cityshape import person_paths as person_paths
from smqt.engine.events import Event
from smqt.engine.legal import PHASE_TYPES, has_final_move, has_move
from smqt.engine.legal import final_distance as final_distance
from smqt.engine.legal import legal_actions as legal_actions
from smqt.engine.legal import placements as placements
from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    OVER,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    GameState,
)
from smqt.engine.turns import end_turn, skip_idle_final_players
from smqt.engine.turns import footprint_spaces as footprint_spaces
from smqt.engine.turns import refresh_display as refresh_display
from smqt.engine.turns import walk_distance as walk_distance
from smqt.language.translate import N_, _


class IllegalActionError(ValueError):
    """An action that ``legal_actions`` does not offer in this state."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(_("illegal action {action}: {reason}").format(
            action=repr(str(action)), reason=reason))
        self.action = action
        self.reason = reason


def apply(state: GameState, action: Action, *, hold: bool = False) -> list[Event]:
    """Carry out ``action`` on ``state`` (in place) and return the events worth logging.

    Raises ``IllegalActionError`` (and leaves the state unchanged) for anything not in
    ``legal_actions(state)``.

    A turn ends by itself once its player has nothing left to do (no movement left, nobody
    left to move in the final movement). With ``hold`` it waits instead: the state stays with
    that player, whose only legal action is ``end`` (or ``done``), so that a person can look
    at the result and still take it back. Applying that action then is exactly what would
    have happened at once (``awaiting_end``); a record leaves it out.
    """
    if state.phase == OVER:
        raise IllegalActionError(action, _("the game is over"))
    # only the part of the legal actions that could hold this one is listed: the same answer
    # as ``action in legal_actions(state)``
    if not is_legal(state, action):
        raise IllegalActionError(action, _why_illegal(state, action))
    return apply_legal(state, action, hold=hold)


def apply_legal(state: GameState, action: Action, *, hold: bool = False) -> list[Event]:
    """``apply`` for an action taken from ``legal_actions`` of this very state (AI search,
    playouts): the same effects, without enumerating the legal actions again to check it."""
    events: list[Event] = []
    ACTION_KINDS[type(action)].apply(state, action, events)
    if not hold:  # end the turn (or final movement) that has nothing left to do
        phase = state.phase
        if phase == MOVE:
            if not has_move(state, state.players[state.current]):
                end_turn(state, events)
        elif phase == FINAL and not has_final_move(state, state.players[state.current]):
            skip_idle_final_players(state, events)
    if incremental.active():
        incremental.check(state)
    return events


def awaiting_end(state: GameState) -> bool:
    """Whether the current player has nothing left to do but end the turn (``end``) or the
    final movement (``done``): a state that only ``apply(..., hold=True)`` leaves."""
    player = state.players[state.current]
    if state.phase == MOVE:
        return not has_move(state, player)
    if state.phase == FINAL:
        return not has_final_move(state, player)
    return False


def applied(state: GameState, action: Action) -> GameState:
    """A copy of ``state`` with ``action`` applied; ``state`` itself is untouched."""
    result = state.copy()
    apply(result, action)
    return result


_PHASE_ACTIONS = {
    CHOOSE_TILE: N_("now the player must choose a starting tile (tile ID)"),
    PLACE_TRUCK: N_("now the player must place the food truck (truck COLUMN)"),
    ACQUIRE: N_("now the player must take a front-row card (take front:N SPACE) or buy a sand "
                "dollar action"),
    PLACE: N_("now the player must take and place the cards of the sand dollar action (take SLOT "
              "SPACE)"),
    REWARD: N_("now the player must choose the reward (reward dollar_move|two_dollars|double_move)"),
    SWAP: N_("now the player must swap two cards of one row or decline (swap A B | noswap)"),
    MOVE: N_("now the player must use a movement allowance or end the turn (move / return / end)"),
    FINAL: N_("now the player must make final moves (final pN SPACE...) or finish (done)"),
}
"""What the player must do in each phase, for a refusal (the command words are the text form)."""


def _why_illegal(state: GameState, action: Action) -> str:
    if not isinstance(action, PHASE_TYPES.get(state.phase, ())):
        return _(_PHASE_ACTIONS[state.phase])
    return ACTION_KINDS[type(action)].rule_reason(state, action)
