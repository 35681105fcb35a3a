"""The words that the refusals of every kind of action share (``explain``): the moment an
intent belongs to (the phase that admits it, R2-R9), and the names of cards, of a turn's moves
and lists as a sentence says them to the player ("you")."""

from __future__ import annotations

from smqt.engine.features import feature_name, features
from smqt.engine.legal import action_def
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
    AllowanceState,
    GameState,
)
from smqt.language.translate import N_, _


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def join_words(words: list[str], last: str = "and") -> str:
    if len(words) == 1:
        return words[0]
    items, final = ", ".join(words[:-1]), words[-1]
    if last == "or":
        return _("{items} or {last}").format(items=items, last=final)
    return _("{items} and {last}").format(items=items, last=final)


def card_name(state: GameState, card: str) -> str:
    return feature_name(features(state.catalog)[card])


def allowance_label(state: GameState, allowance: AllowanceState) -> str:
    """What the player calls an allowance: the Foodie move, a card or an action name."""
    source = allowance.source
    if source == "foodie":
        return _("the Foodie move")
    if source == "reward":
        return _("the food truck and foodie move")
    if source in state.catalog.sand_dollar_actions:
        return state.catalog.sand_dollar_actions[source].name
    if source in state.catalog.cards:
        return state.catalog.cards[source].name
    return _("this move")


# The intents ("tile", "take", "person"...) each phase admits, and why another waits.
_ADMITS = {CHOOSE_TILE: {"tile"}, PLACE_TRUCK: {"truck"}, ACQUIRE: {"take", "buy"},
           PLACE: {"take"}, REWARD: {"reward"}, SWAP: {"swap", "noswap"},
           MOVE: {"person", "allowance", "end"}, FINAL: {"person", "final", "done"}}
_BLOCKING = {OVER: N_("The game is over."),
             CHOOSE_TILE: N_("First choose your starting tile."),
             PLACE_TRUCK: N_("First place the food truck under a column of the display."),
             REWARD: N_("First choose your food truck and foodie reward."),
             SWAP: N_("First swap two cards of one row, or choose No swap.")}
_IN_TURN = {
    "tile": N_("Starting tiles are chosen only at the start of the game."),
    "truck": N_("The food truck is placed only at the start of the game."),
    "person": N_("People move after your cards are built."),
    "allowance": N_("People move after your cards are built."),
    "final": N_("The final movement comes at the end of the game."),
    "done": N_("The final movement comes at the end of the game."),
    "swap": N_("You may swap cards only right after building the card of a sand dollar action "
               "that allows a swap."),
    "noswap": N_("There is no swap to decline now."),
    "reward": N_("You choose a reward only when you take the card in the column of both the "
                 "food truck and the foodie."),
}


def moment(state: GameState, intent: str) -> str | None:
    """Why nothing of ``intent`` can happen in this phase, or None when the phase allows it."""
    phase = state.phase
    if intent in _ADMITS.get(phase, set()):
        return None
    if phase in _BLOCKING:
        return _(_BLOCKING[phase])
    if phase == FINAL:
        if intent == "end":
            return _("In the final movement, choose Done when you have finished.")
        return _("The game has ended: only the final movement is left.")
    if intent == "buy" and state.bought:
        return _("Only one sand dollar action per turn.")
    if intent in ("take", "buy"):
        return _("You have already taken your card this turn.")
    if intent == "end":
        if phase == ACQUIRE:
            return _("First take a card, or buy a sand dollar action.")
        return _cards_left(state)
    return _(_IN_TURN[intent])


def _cards_left(state: GameState) -> str:
    action = action_def(state, state.bought)  # type: ignore[arg-type]
    if action.take.count == 1:
        text = _("First take and build the card of {name}.")
    elif state.to_place >= action.take.count:
        text = _("First take and build the cards of {name}.")
    else:
        text = _("First take and build the other card of {name}.")
    return text.format(name=action.name)
