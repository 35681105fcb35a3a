"""The game log in words (Qt-free): one sentence per action, read from the state before it,
and one per engine event that adds to it. Sentences speak like a person: card names, "the
beach" and "the street", where a card stands next to its neighbours, never coordinates, person
numbers or "(s)"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from smqt.engine import events as ev
from smqt.engine.actions import (
    BACK,
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
from smqt.engine.entryrules import count
from smqt.engine.events import Event
from smqt.engine.features import UPPER_HALF_ID, features
from smqt.engine.geometry import Space
from smqt.engine.rules import awaiting_end
from smqt.engine.scorewords import change_words
from smqt.engine.scoring import score_game
from smqt.engine.state import CHOOSE_TILE, PERSON_WORDS, PLACE_TRUCK, GameState
from smqt.language.translate import N_, _, ngettext, pgettext, quoted

KIND_WORDS = {kind: words[0] for kind, words in PERSON_WORDS.items()}
REWARD_WORDS = {
    "dollar_move": N_("1 sand dollar and a move of 1 person 1 space"),
    "two_dollars": N_("2 sand dollars"),
    "double_move": N_("moves for 2 people 1 space each (or 1 person 2 spaces)"),
}
"""The food truck and foodie rewards in words (marked: translate with ``_`` where shown)."""
ROW_WORDS = ("beach", "street")  # not translated: the rows' names in code; the words are below
EMPTY_WORDS = (N_("an empty beach space"), N_("an empty street space"))
POSITION_WORDS = (
    {"alone": N_("on the beach"),
     "between": N_("on the beach, between {left} and {right}"),
     "left": N_("on the beach, left of {card}"),
     "right": N_("on the beach, right of {card}"),
     "other": N_("on the beach, above {card}")},
    {"alone": N_("on the street"),
     "between": N_("on the street, between {left} and {right}"),
     "left": N_("on the street, left of {card}"),
     "right": N_("on the street, right of {card}"),
     "other": N_("on the street, below {card}")},
)
"""Where a new card goes, by row (beach, street) and by its neighbours."""
MOVE_WORDS = {
    ("local", False): N_("{name}'s local moves from {origin} to {end}"),
    ("tourist", False): N_("{name}'s tourist moves from {origin} to {end}"),
    ("local", True): N_("{name}'s final movement: local moves from {origin} to {end}"),
    ("tourist", True): N_("{name}'s final movement: tourist moves from {origin} to {end}"),
}
RETURN_WORDS = {
    "local": N_("{name} sends a local from {origin} back to the supply"),
    "tourist": N_("{name} sends a tourist from {origin} back to the supply"),
    "vip": N_("{name} sends a VIP from {origin} back to the supply"),
}


def card_name(state: GameState, player: int, space: Space) -> str:
    """The name of what stands on ``space`` of ``player``'s city ("the starting tile" for
    either half of it)."""
    fid = state.players[player].city.get(space)
    if fid is None:
        return _(EMPTY_WORDS[space[0]])
    # Translators: the starting tile in a sentence, after "from", "to", "left of", "above"...
    # (German: dative, "dem Startplättchen")
    if fid == UPPER_HALF_ID:
        return pgettext("place in a sentence", "the beach half of the starting tile")
    if fid.startswith("@"):
        return pgettext("place in a sentence", "the starting tile")
    return quoted(features(state.catalog)[fid].name)


def position_words(state: GameState, player: int, space: Space) -> str:
    """Where a new card goes, by its neighbours: "on the beach, left of Pier", "on the street,
    between Bakery and Surf Shop", "on the street, below Pier"."""
    city = state.players[player].city
    row, column = space
    left, right = (row, column - 1), (row, column + 1)
    words = POSITION_WORDS[row]
    if left in city and right in city:
        between = words["between"]
        return _(between).format(left=card_name(state, player, left),
                                 right=card_name(state, player, right))
    other = (1 - row, column)
    if right in city:
        key, card = "left", right
    elif left in city:
        key, card = "right", left
    elif other in city:
        key, card = "other", other
    else:
        alone = words["alone"]
        return _(alone)
    text = words[key]
    return _(text).format(card=card_name(state, player, card))


def _under_card(state: GameState, column: int) -> str | None:
    """The name of the front-row card above ``column``, or None for an empty column."""
    card = state.front[column] if 0 <= column < len(state.front) else None
    return state.catalog.cards[card].name if card else None


def _token_place(state: GameState, column: int) -> str:
    """Where a token stands now: under the card above it, or under an empty column."""
    above = _under_card(state, column)
    return _("now under {card}").format(card=above) if above else _("now under an empty column")


def _choose_tile(state: GameState, action: ChooseTile, name: str) -> str:
    tile = quoted(state.catalog.starting_tiles[action.tile].name)
    if len(state.tile_pool) == 1:  # R2.5: no choice left, the table took it for them
        return _("{name} gets the last starting tile, {tile}").format(name=name, tile=tile)
    return _("{name} chooses the starting tile {tile}").format(name=name, tile=tile)


def _place_truck(state: GameState, action: PlaceTruck, name: str) -> str:
    above = _under_card(state, action.column)
    if above is None:
        return _("{name} puts the food truck under an empty column").format(name=name)
    return _("{name} puts the food truck under {card}").format(name=name, card=above)


def _take(state: GameState, action: Take, name: str) -> str:
    row = state.front if action.slot[0] != BACK else state.back
    card = row[action.slot[1]]
    where = position_words(state, state.current, action.space)
    if action.slot[0] == BACK:
        if card:
            text = _("{name} takes {card} from the back row and builds it {where}")
        else:
            text = _("{name} takes a card from the back row and builds it {where}")
    elif card:
        text = _("{name} takes {card} from the front row and builds it {where}")
    else:
        text = _("{name} takes a card from the front row and builds it {where}")
    return text.format(name=name, card=state.catalog.cards[card].name if card else "",
                       where=where)


def _buy(state: GameState, action: Buy, name: str) -> str:
    bought = state.catalog.sand_dollar_actions[action.action]
    return ngettext("{name} pays {n} sand dollar for {action}",
                    "{name} pays {n} sand dollars for {action}", bought.cost).format(
        name=name, n=bought.cost, action=bought.name)


def _reward(state: GameState, action: Reward, name: str) -> str:
    return _("{name} takes the food truck and foodie reward: {reward}").format(
        name=name, reward=_(REWARD_WORDS[action.choice]))


def _swap(state: GameState, action: Swap, name: str) -> str:
    me = state.current
    return _("{name} swaps {first} and {second}").format(
        name=name, first=card_name(state, me, action.a), second=card_name(state, me, action.b))


def _no_swap(state: GameState, action: NoSwap, name: str) -> str:
    return _("{name} keeps the city as it is (no swap)").format(name=name)


def _move(state: GameState, action: MovePerson, name: str) -> str:
    return _walk(state, action, name, final=False)


def _final_move(state: GameState, action: FinalMove, name: str) -> str:
    return _walk(state, action, name, final=True)


def _walk(state: GameState, action: MovePerson | FinalMove, name: str, final: bool) -> str:
    me = state.current
    kind, origin = state.players[me].people[action.person]
    end = card_name(state, me, action.path[-1])
    start = card_name(state, me, origin)
    if kind == "vip":
        via = [card_name(state, me, s) for s in action.path[:-1]]
        if final and via and action.path[-1] == origin:
            text = _("{name}'s final movement: VIP walks from {origin} to {via} and back")
        elif final and via:
            text = _("{name}'s final movement: VIP walks from {origin} to {end} by way of "
                     "{via}")
        elif final:
            text = _("{name}'s final movement: VIP walks from {origin} to {end}")
        elif via and action.path[-1] == origin:  # out and back: the footprints on the way
            text = _("{name}'s VIP walks from {origin} to {via} and back")
        elif via:
            text = _("{name}'s VIP walks from {origin} to {end} by way of {via}")
        else:
            text = _("{name}'s VIP walks from {origin} to {end}")
        return text.format(name=name, origin=start, end=end, via=", ".join(via))
    return _(MOVE_WORDS[kind, final]).format(name=name, origin=start, end=end)


def _return(state: GameState, action: ReturnPerson, name: str) -> str:
    me = state.current
    kind, origin = state.players[me].people[action.person]
    return _(RETURN_WORDS[kind]).format(name=name, origin=card_name(state, me, origin))


def _end_turn(state: GameState, action: EndTurn, name: str) -> str:
    return _("{name} ends the turn").format(name=name)


def _final_done(state: GameState, action: FinalDone, name: str) -> str:
    return _("{name} is done with the final movement").format(name=name)


ACTION_WORDS: dict[type, Callable[[GameState, Any, str], str]] = {
    ChooseTile: _choose_tile, PlaceTruck: _place_truck, Take: _take, Buy: _buy,
    Reward: _reward, Swap: _swap, NoSwap: _no_swap, MovePerson: _move, FinalMove: _final_move,
    ReturnPerson: _return, EndTurn: _end_turn, FinalDone: _final_done,
}
"""The log's sentence for each kind of action, keyed by the engine's action class (every kind
of ``smqt.engine.actions.Action`` has one: a test checks)."""


def describe_action(state: GameState, action: Action, name: str) -> str:
    """What ``name`` (the current player of ``state``) does with ``action``."""
    return ACTION_WORDS[type(action)](state, action, name)


def _short_supply(event: Event) -> str:
    n, wanted = event.count, event.wanted
    if event.what == "local":
        text = ngettext("the supply has only {n} local left: {n} of {wanted} added",
                        "the supply has only {n} locals left: {n} of {wanted} added", n)
    elif event.what == "tourist":
        text = ngettext("the supply has only {n} tourist left: {n} of {wanted} added",
                        "the supply has only {n} tourists left: {n} of {wanted} added", n)
    elif event.what == "vip":
        text = ngettext("the supply has only {n} VIP left: {n} of {wanted} added",
                        "the supply has only {n} VIPs left: {n} of {wanted} added", n)
    else:
        return _("the supply has only {n} {what} left: {n} of {wanted} added").format(
            n=n, what=count(n, str(event.what)).partition(" ")[2], wanted=wanted)
    return text.format(n=n, wanted=wanted)


def describe_event(state: GameState, event: Event, names: Sequence[str]) -> str | None:
    """A sentence for an engine event that adds to the action's own sentence (``state`` is
    the state after the action); None for the ones the action's sentence already says."""
    who = names[event.player] if event.player is not None else ""
    kind = event.kind
    if kind == ev.FOOTPRINT and event.space is not None:
        return _("a footprint lands on {card}").format(
            card=card_name(state, event.player or 0, event.space))
    if kind == ev.NO_FOOTPRINT:
        if event.space:
            return _("no footprint is left in the supply for {card}").format(
                card=card_name(state, event.player or 0, event.space))
        return _("no footprint is left in the supply for a space")
    if kind == ev.SHORT_SUPPLY:
        return _short_supply(event)
    if kind == ev.NO_MORE_CARDS:
        return _("no other card the sand dollar action allows can be taken and built")
    if kind == ev.TRUCK_REWARD:  # R3.3: and the truck moves one column on
        return ngettext("the food truck gives {name} {n} sand dollar and moves on: {where}",
                        "the food truck gives {name} {n} sand dollars and moves on: {where}",
                        event.count).format(name=who, n=event.count,
                                            where=_token_place(state, state.truck))
    if kind == ev.FOODIE_REWARD:  # R3.4
        return _("the foodie gives {name} a move of 1 person 1 space and moves on: {where}"
                 ).format(name=who, where=_token_place(state, state.foodie))
    if kind == ev.BOTH_REWARD:  # R3.5: only the truck moves, two columns
        return _("the food truck moves on two columns: {where}; the foodie stays").format(
            where=_token_place(state, state.truck))
    if kind == ev.TRUCK_PLACED:
        above = _under_card(state, event.wanted)
        if above is None:
            return _("the foodie stands under an empty column")
        return _("the foodie stands under {card}").format(card=above)
    if kind == ev.FINAL_ROUND and event.player is not None:
        return final_round_words(state, event.player, names)
    if kind == ev.TURN_PASSES:
        return _("{name} cannot take any card: the turn passes").format(name=who)
    if kind == ev.NOBODY_CAN_TAKE:
        return _("nobody can take a card: the game ends")
    if kind == ev.FINAL_MOVEMENT:
        return _("the final movement begins: each person may move once more")
    if kind == ev.GAME_OVER:
        return _("the game is over")
    return None


def still_to_play(state: GameState, trigger: int) -> list[int]:
    """The players who still take a turn after ``trigger`` triggered the end (R9.1)."""
    players = []
    seat = trigger
    while seat != state.last_player:
        seat = (seat + 1) % state.num_players
        players.append(seat)
    return players


def _and(words: list[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann, Bo and Cy``."""
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list of names or cards ("Ann, Bo and Cy")
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def final_round_words(state: GameState, trigger: int, names: Sequence[str]) -> str:
    """Final round: who triggered it and who still plays (R9.1)."""
    cards = state.players[trigger].card_count()
    still = still_to_play(state, trigger)
    head = ngettext("Final round: {name} has {n} card.", "Final round: {name} has {n} cards.",
                    cards).format(name=names[trigger], n=cards)
    if not still:
        then = _("That was the last turn; the final movement follows.")
    elif len(still) == 1:
        then = _("{name} plays a last turn, then the final movement.").format(
            name=names[still[0]])
    else:
        then = _("{names} play a last turn each, then the final movement.").format(
            names=_and([names[s] for s in still]))
    return f"{head} {then}"


def log_lines(before: GameState, action: Action, after: GameState, events: Sequence[Event],
              names: Sequence[str]) -> list[str]:
    """The action's sentence, then one indented line per event worth telling."""
    lines = [describe_action(before, action, names[before.current])]
    for event in events:
        text = describe_event(after, event, names)
        if text:
            lines.append("    " + text)
    return lines


class GameLog:
    """Writes the log of a game as it is played (or replayed): each action's lines, and when a
    turn settles, the player's score change named by card and objective. The same lines come
    out live and when a saved game is replayed: a turn the table held for a person ends with
    no line of its own (a record does not keep that confirmation)."""

    def __init__(self, state: GameState, names: Sequence[str]) -> None:
        self.names = list(names)
        self.score = score_game(state)
        self.turn: list[tuple[GameState, Action]] = []
        """The actions of the turn under way, each with the state before it."""
        self.summary = ""
        """One line for the turn that just settled ("Bo took Pier Arcade, moved 2 people:
        +7 points"); empty until a turn settles."""

    def lines(self, before: GameState, action: Action, after: GameState,
              events: Sequence[Event]) -> list[str]:
        seat = before.current
        lines = log_lines(before, action, after, events, self.names)
        if awaiting_end(before):
            lines = lines[1:]  # "ends the turn": the score line below says it
        self.turn.append((before, action))
        self.summary = ""
        if after.is_over or (after.turn, after.current) != (before.turn, before.current):
            score = score_game(after)
            old_sheets = self.score.sheets
            old, new = old_sheets[seat], score.sheets[seat]
            self.score = score
            if before.phase not in (CHOOSE_TILE, PLACE_TRUCK):
                self.summary = turn_summary(self.names[seat], self.turn, new.total - old.total)
                if new.total != old.total:
                    lines.append("    " + _("{name}: {old} → {new} points ({changes})").format(
                        name=self.names[seat], old=old.total, new=new.total,
                        changes=change_words(after.catalog, old, new)))
                else:  # every turn ends with its score line, for every seat alike
                    lines.append("    " + ngettext(
                        "{name}: still {total} point (no change this turn)",
                        "{name}: still {total} points (no change this turn)",
                        new.total).format(name=self.names[seat], total=new.total))
                for other, (was, now) in enumerate(zip(old_sheets, score.sheets, strict=True)):
                    if other != seat and was.total != now.total:  # an objective shared out anew
                        lines.append("    " + _("{name}: {old} → {new} points ({changes})").format(
                            name=self.names[other], old=was.total, new=now.total,
                            changes=change_words(after.catalog, was, now)))
            self.turn = []
        return lines


@attrs.define
class TurnTally:
    """What a turn did, for its one-line summary."""

    taken: list[str] = attrs.Factory(list)
    """The names of the cards taken, in order."""
    moved: set[int] = attrs.Factory(set)
    """The people moved (each once, however often)."""
    returned: int = 0
    final: int = 0
    """Final moves made."""


def _tally_take(tally: TurnTally, before: GameState, action: Take) -> None:
    row = before.front if action.slot[0] != BACK else before.back
    card = row[action.slot[1]]
    if card:
        tally.taken.append(before.catalog.cards[card].name)


def _tally_move(tally: TurnTally, before: GameState, action: MovePerson) -> None:
    tally.moved.add(action.person)


def _tally_return(tally: TurnTally, before: GameState, action: ReturnPerson) -> None:
    tally.returned += 1


def _tally_final_move(tally: TurnTally, before: GameState, action: FinalMove) -> None:
    tally.final += 1


def _tally_nothing(tally: TurnTally, before: GameState, action: Action) -> None:
    """The kind is not in a turn's summary (the log's sentence says it)."""


TURN_TALLY: dict[type, Callable[[TurnTally, GameState, Any], None]] = {
    ChooseTile: _tally_nothing, PlaceTruck: _tally_nothing, Take: _tally_take, Buy: _tally_nothing,
    Reward: _tally_nothing, Swap: _tally_nothing, NoSwap: _tally_nothing,
    MovePerson: _tally_move, FinalMove: _tally_final_move, ReturnPerson: _tally_return,
    EndTurn: _tally_nothing, FinalDone: _tally_nothing,
}
"""What each kind of action adds to its turn's summary, keyed by the engine's action class."""


def turn_summary(name: str, turn: Sequence[tuple[GameState, Action]], gain: int) -> str:
    """One line for a whole turn: the cards taken, the people moved or returned to the supply,
    the points."""
    tally = TurnTally()
    for before, action in turn:
        TURN_TALLY[type(action)](tally, before, action)
    taken, moved, returned, final = tally.taken, tally.moved, tally.returned, tally.final
    parts = []
    if taken:
        parts.append(_("took {cards}").format(cards=_and(taken)))
    if moved:
        parts.append(ngettext("moved {n} person", "moved {n} people", len(moved)).format(
            n=len(moved)))
    if returned:
        parts.append(ngettext("returned {n} person to the supply",
                              "returned {n} people to the supply", returned).format(n=returned))
    if final:
        parts.append(ngettext("made {n} final move", "made {n} final moves", final).format(
            n=final))
    points = f"{gain:+d}"
    if not parts:
        return ngettext("{name} passed: {points} point", "{name} passed: {points} points",
                        abs(gain)).format(name=name, points=points)
    # Translators: {did} lists what the player did this turn ("took Pier, moved 2 people")
    return ngettext("{name} {did}: {points} point", "{name} {did}: {points} points",
                    abs(gain)).format(name=name, did=", ".join(parts), points=points)
