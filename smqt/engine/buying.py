"""Buying a sand dollar action (R3.2, R3.7, R8): ``Buy`` pays for an action in play that can
take a card now; its cards are then taken with ``Take`` (``taking``). Its legality,
application, the rules' refusal and the refusal in the player's words; ``actionkinds`` holds
the table."""

from __future__ import annotations

from smqt.engine import events as ev
from smqt.engine.actions import Buy
from smqt.engine.cityshape import city_shape
from smqt.engine.content import TakeFrom
from smqt.engine.events import Event
from smqt.engine.legal import action_def, buys, slot_card, take_candidates
from smqt.engine.refusals import moment
from smqt.engine.state import PLACE, GameState, PlayerState
from smqt.engine.taking import no_space, takes_words
from smqt.language.translate import _, ngettext


def buy_is_legal(state: GameState, player: PlayerState, action: Buy) -> bool:
    """``action in legal_actions(state)`` for a buy, in a phase that lists buys."""
    return action in buys(state, player, city_shape(state.catalog, player.city))


def apply_buy(state: GameState, action: Buy, events: list[Event]) -> None:
    """R3.2, R8.2: pay first; the cards are then taken with ``take`` actions."""
    player = state.players[state.current]
    definition = action_def(state, action.action)
    player.sand_dollars -= definition.cost
    state.bought = action.action
    state.to_place = definition.take.count
    state.take_column = None
    state.phase = PLACE
    events.append(Event(ev.PAID,
                        f"player {state.current + 1} pays {definition.cost} "  # not translated: event text
                        f"for {definition.name}",
                        state.current, count=definition.cost, what=definition.id))


def buy_rule_reason(state: GameState, action: Buy) -> str:
    """Why the rules refuse a buy in a phase that lists buys (``IllegalActionError``)."""
    player = state.players[state.current]
    if action.action not in state.sand_dollar_actions:
        return _("{action} is not in play this game").format(action=action.action)
    cost = action_def(state, action.action).cost
    if player.sand_dollars < cost:
        return _("it costs {cost} sand dollars and the player has {have} (R3.2)").format(
            cost=cost, have=player.sand_dollars)
    return _("no card it allows can be taken and placed (R3.7)")


def why_not_buy(state: GameState, buy: Buy) -> str | None:
    waiting = moment(state, "buy")
    if waiting:
        return waiting
    action = state.catalog.sand_dollar_actions.get(buy.action)
    if action is None or buy.action not in state.sand_dollar_actions:
        if action is None:
            return _("That sand dollar action is not in play this game.")
        return _("{name} is not in play this game.").format(name=action.name)
    have = state.players[state.current].sand_dollars
    if have < action.cost:
        if have <= 0:
            text = _("You have no sand dollars; {name} costs {cost}.")
        else:
            text = ngettext("You have {n} sand dollar; {name} costs {cost}.",
                            "You have {n} sand dollars; {name} costs {cost}.", have)
        return text.format(n=have, name=action.name, cost=action.cost)
    candidates = take_candidates(state, action)
    if not candidates:
        if action.take.source is TakeFrom.COLUMN:
            return _("{takes}, and no column of the display has both.").format(takes=takes_words(action))
        return _("{takes}, and the display has none.").format(takes=takes_words(action))
    cards = sorted({c for c in (slot_card(state, s) for s in candidates) if c})
    if action.take.source is TakeFrom.COLUMN:
        return _("{name} must build both cards of one column, and no such pair fits in your "
                 "city.").format(name=action.name)
    if len(cards) == 1:
        return no_space(state, cards[0])
    return _("None of the cards {name} can take can be built in your city.").format(
        name=action.name)
