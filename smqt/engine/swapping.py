"""Swapping two cards of one row (R8.6), right after building the cards of a sand dollar
action that allows it: ``Swap`` (people and footprints move with their cards, R7.3) and
``NoSwap`` (declining). Each kind's application and its refusal in the player's words;
``actionkinds`` holds the table. Both are legal exactly when ``legal_actions`` lists them."""

from __future__ import annotations

from smqt.engine import events as ev
from smqt.engine.actions import NoSwap, Swap
from smqt.engine.events import Event
from smqt.engine.features import feature_name, features
from smqt.engine.geometry import BEACH, space_str
from smqt.engine.legal import legal_actions
from smqt.engine.refusals import moment
from smqt.engine.state import GameState
from smqt.engine.turns import placement_actions
from smqt.language.translate import _


def apply_swap(state: GameState, action: Swap, events: list[Event]) -> None:
    """R8.6: people and footprints move with their cards (R7.3)."""
    player = state.players[state.current]
    a, b = action.a, action.b
    city = player.city
    city[a], city[b] = city[b], city[a]
    for pid, (kind, where) in player.people.items():
        if where == a:
            player.people[pid] = (kind, b)
        elif where == b:
            player.people[pid] = (kind, a)
    fa, fb = a in player.footprints, b in player.footprints
    player.footprints.discard(a)
    player.footprints.discard(b)
    if fa:
        player.footprints.add(b)
    if fb:
        player.footprints.add(a)
    events.append(Event(ev.SWAPPED,
                        f"player {state.current + 1} swaps {space_str(a)} "  # not translated: event text
                        f"and {space_str(b)}",
                        state.current, a))
    placement_actions(state, events)


def why_not_swap(state: GameState, swap: Swap) -> str | None:
    waiting = moment(state, "swap")
    if waiting:
        return waiting
    if Swap(swap.b, swap.a) in legal_actions(state):
        return _("Choose the left card of the swap first.")
    city = state.players[state.current].city
    if swap.a not in city or swap.b not in city:
        return _("Swap two cards that are built in your city.")
    feats = features(state.catalog)
    for space in (swap.a, swap.b):
        feature = feats[city[space]]
        if not feature.is_card:
            return _("The starting tile cannot be swapped.")
        if feature.leftmost_beach:
            return _("{name} is the leftmost beach card: it cannot be swapped.").format(
                name=feature.name)
    if swap.a == swap.b:
        if not any(isinstance(a, Swap) and swap.a in (a.a, a.b) for a in legal_actions(state)):
            if swap.a[0] == BEACH:
                text = _("No other card of your beach can be swapped with {name}.")
            else:
                text = _("No other card of your street can be swapped with {name}.")
            return text.format(name=feature_name(feats[city[swap.a]]))
        return _("Choose two different cards to swap.")
    if swap.a[0] != swap.b[0]:
        return _("Swap two cards of the same row.")
    return None


def apply_noswap(state: GameState, action: NoSwap, events: list[Event]) -> None:
    placement_actions(state, events)


def why_not_noswap(state: GameState, action: NoSwap) -> str | None:
    return moment(state, "noswap")
