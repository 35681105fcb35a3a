"""The game log in words (Qt-free): one sentence per action, read from the state before it,
and one per engine event that adds to it. Sentences speak like a person: card names, "the
beach" and "the street", where a card stands next to its neighbours, never coordinates, person
numbers or "(s)"."""

from __future__ import annotations

from collections.abc import Sequence

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
from smqt.engine.geometry import BEACH, Space
from smqt.engine.rules import awaiting_end
from smqt.engine.scoring import score_game
from smqt.engine.state import CHOOSE_TILE, PERSON_WORDS, PLACE_TRUCK, GameState
from smqt.ui.game.scoretext import change_words

KIND_WORDS = {kind: words[0] for kind, words in PERSON_WORDS.items()}
REWARD_WORDS = {
    "dollar_move": "1 sand dollar and a move of 1 person 1 space",
    "two_dollars": "2 sand dollars",
    "double_move": "moves for 2 people 1 space each (or 1 person 2 spaces)",
}
ROW_WORDS = ("beach", "street")


def card_name(state: GameState, player: int, space: Space) -> str:
    """The name of what stands on ``space`` of ``player``'s city ("the starting tile" for
    either half of it)."""
    fid = state.players[player].city.get(space)
    if fid is None:
        return f"an empty {ROW_WORDS[space[0]]} space"
    if fid == UPPER_HALF_ID:
        return "the beach half of the starting tile"
    if fid.startswith("@"):
        return "the starting tile"
    return features(state.catalog)[fid].name


def position_words(state: GameState, player: int, space: Space) -> str:
    """Where a new card goes, by its neighbours: "on the beach, left of Pier", "on the street,
    between Bakery and Surf Shop", "on the street, below Pier"."""
    city = state.players[player].city
    row, column = space
    left, right = (row, column - 1), (row, column + 1)
    where = f"on the {ROW_WORDS[row]}"
    if left in city and right in city:
        return (f"{where}, between {card_name(state, player, left)} and "
                f"{card_name(state, player, right)}")
    if right in city:
        return f"{where}, left of {card_name(state, player, right)}"
    if left in city:
        return f"{where}, right of {card_name(state, player, left)}"
    other = (1 - row, column)
    if other in city:
        return f"{where}, {'above' if row == BEACH else 'below'} {card_name(state, player, other)}"
    return where


def _under(state: GameState, column: int) -> str:
    card = state.front[column] if 0 <= column < len(state.front) else None
    return f"under {state.catalog.cards[card].name}" if card else "under an empty column"


def describe_action(state: GameState, action: Action, name: str) -> str:
    """What ``name`` (the current player of ``state``) does with ``action``."""
    catalog = state.catalog
    me = state.current
    if isinstance(action, ChooseTile):
        return f"{name} chooses the starting tile {catalog.starting_tiles[action.tile].name}"
    if isinstance(action, PlaceTruck):
        return f"{name} puts the food truck {_under(state, action.column)}"
    if isinstance(action, Take):
        row = state.front if action.slot[0] != BACK else state.back
        card = row[action.slot[1]]
        card_words = catalog.cards[card].name if card else "a card"
        source = "back row" if action.slot[0] == BACK else "front row"
        return (f"{name} takes {card_words} from the {source} and builds it "
                f"{position_words(state, me, action.space)}")
    if isinstance(action, Buy):
        bought = catalog.sand_dollar_actions[action.action]
        return f"{name} pays {count(bought.cost, 'sand dollar')} for {bought.name}"
    if isinstance(action, Reward):
        return f"{name} takes the food truck and foodie reward: {REWARD_WORDS[action.choice]}"
    if isinstance(action, Swap):
        return (f"{name} swaps {card_name(state, me, action.a)} and "
                f"{card_name(state, me, action.b)}")
    if isinstance(action, NoSwap):
        return f"{name} keeps the city as it is (no swap)"
    if isinstance(action, MovePerson | FinalMove):
        kind, origin = state.players[me].people[action.person]
        end = card_name(state, me, action.path[-1])
        final = "final movement: " if isinstance(action, FinalMove) else ""
        if kind == "vip":
            via = [card_name(state, me, s) for s in action.path[:-1]]
            through = f" by way of {', '.join(via)}" if via else ""
            return f"{name}'s {final}VIP walks from {card_name(state, me, origin)} to {end}{through}"
        return (f"{name}'s {final}{KIND_WORDS[kind]} moves from {card_name(state, me, origin)} "
                f"to {end}")
    if isinstance(action, ReturnPerson):
        kind, origin = state.players[me].people[action.person]
        return (f"{name} sends a {KIND_WORDS[kind]} from {card_name(state, me, origin)} back "
                f"to the supply")
    if isinstance(action, EndTurn):
        return f"{name} ends the turn"
    if isinstance(action, FinalDone):
        return f"{name} is done with the final movement"
    return f"{name}: {action}"


def describe_event(state: GameState, event: Event, names: Sequence[str]) -> str | None:
    """A sentence for an engine event that adds to the action's own sentence (``state`` is
    the state after the action); None for the ones the action's sentence already says."""
    who = names[event.player] if event.player is not None else ""
    kind = event.kind
    if kind == ev.FOOTPRINT and event.space is not None:
        return f"a footprint lands on {card_name(state, event.player or 0, event.space)}"
    if kind == ev.NO_FOOTPRINT:
        where = card_name(state, event.player or 0, event.space) if event.space else "a space"
        return f"no footprint is left in the supply for {where}"
    if kind == ev.SHORT_SUPPLY:
        person = KIND_WORDS.get(event.what, event.what)
        return (f"the supply has only {count(event.count, person)} left: "
                f"{event.count} of {event.wanted} added")
    if kind == ev.NO_MORE_CARDS:
        return "no other card the sand dollar action allows can be taken and built"
    if kind == ev.TRUCK_REWARD:
        return f"the food truck gives {who} {count(event.count, 'sand dollar')}"
    if kind == ev.FOODIE_REWARD:
        return f"the foodie gives {who} a move of 1 person 1 space"
    if kind == ev.TRUCK_PLACED:
        return f"the foodie stands {_under(state, event.wanted)}"
    if kind == ev.FINAL_ROUND and event.player is not None:
        return final_round_words(state, event.player, names)
    if kind == ev.TURN_PASSES:
        return f"{who} cannot take any card: the turn passes"
    if kind == ev.NOBODY_CAN_TAKE:
        return "nobody can take a card: the game ends"
    if kind == ev.FINAL_MOVEMENT:
        return "the final movement begins: each person may move once more"
    if kind == ev.GAME_OVER:
        return "the game is over"
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
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def final_round_words(state: GameState, trigger: int, names: Sequence[str]) -> str:
    """Final round: who triggered it and who still plays (R9.1)."""
    cards = state.players[trigger].card_count()
    still = still_to_play(state, trigger)
    head = f"Final round: {names[trigger]} has {count(cards, 'card')}. "
    if not still:
        return head + "That was the last turn; the final movement follows."
    verb = "plays a last turn" if len(still) == 1 else "play a last turn each"
    return head + f"{_and([names[s] for s in still])} {verb}, then the final movement."


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
            old, new = self.score.sheets[seat], score.sheets[seat]
            self.score = score
            if before.phase not in (CHOOSE_TILE, PLACE_TRUCK):
                self.summary = turn_summary(self.names[seat], self.turn, new.total - old.total)
                if new.total != old.total:
                    lines.append(f"    {self.names[seat]}: {old.total} → {new.total} points "
                                 f"({change_words(after.catalog, old, new)})")
            self.turn = []
        return lines


def turn_summary(name: str, turn: Sequence[tuple[GameState, Action]], gain: int) -> str:
    """One line for a whole turn: the cards taken, the people moved or sent home, the points."""
    taken, moved, returned, final = [], set(), 0, 0
    for before, action in turn:
        if isinstance(action, Take):
            row = before.front if action.slot[0] != BACK else before.back
            card = row[action.slot[1]]
            if card:
                taken.append(before.catalog.cards[card].name)
        elif isinstance(action, MovePerson):
            moved.add(action.person)
        elif isinstance(action, FinalMove):
            final += 1
        elif isinstance(action, ReturnPerson):
            returned += 1
    parts = []
    if taken:
        parts.append("took " + _and(taken))
    if moved:
        parts.append("moved " + count(len(moved), "person", "people"))
    if returned:
        parts.append("sent " + count(returned, "person", "people") + " home")
    if final:
        parts.append("made " + count(final, "final move"))
    did = ", ".join(parts) if parts else "passed"
    return f"{name} {did}: {gain:+d} point{'' if abs(gain) == 1 else 's'}"
