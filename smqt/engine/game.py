"""A game and its record: ``Game`` plays a game while keeping the record of it (pack identity,
rules in force, setup and the action list, R2.8, R12.2), and ``replay`` rebuilds the identical
game from a record. The record's text form (TOML) is ``smqt.records.record``'s.
"""

from __future__ import annotations

import attrs

from smqt.engine.actions import Action, parse_action
from smqt.engine.catalog import Catalog, PackIdentity
from smqt.engine.content import Rules
from smqt.engine.events import Event
from smqt.engine.rules import apply, apply_legal, awaiting_end, legal_actions
from smqt.engine.setup import SetupError, new_game
from smqt.engine.state import GameState
from smqt.language.translate import _


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


class PackMismatch(RecordError):
    """The record was played with another pack, or another version or edit of this one."""

    def __init__(self, played: PackIdentity, given: PackIdentity, source: str = "") -> None:
        self.played, self.given = played, given
        if played.name != given.name:
            text = _("the record was played with pack {name} {version}, not {other} "
                     "{other_version}").format(name=played.name, version=played.version,
                                               other=given.name, other_version=given.version)
        elif played.version != given.version:
            text = _("the record was played with pack {name} {version}; this is version "
                     "{other_version}").format(name=played.name, version=played.version,
                                               other_version=given.version)
        else:
            text = _("the record was played with another edit of pack {name} {version} (its "
                     "files have changed since: {hash}, now {other_hash})").format(
                name=played.name, version=played.version, hash=played.content_hash,
                other_hash=given.content_hash)
        super().__init__(f"{source}: {text}" if source else text)

    @property
    def same_pack(self) -> bool:
        """Another version or edit of the same pack (not another pack)."""
        return self.played.name == self.given.name


@attrs.frozen
class Setup:
    """What setup fixed: players, seed, objective, sand dollar actions, start player (R2), and
    the cards a playtest put into the opening display (``new_game``'s ``opening``)."""

    players: int
    seed: int
    objective: str
    sand_dollar_actions: tuple[str, ...]
    start_player: int
    opening: tuple[str, ...] = ()


@attrs.frozen
class SeatChange:
    """A seat handed over during the game: after ``at`` actions, ``seat`` was played by
    ``player`` (``human``, or the level of the AI that took it)."""

    at: int
    seat: int
    player: str

    @property
    def by_person(self) -> bool:
        return self.player == HUMAN


HUMAN = "human"  # not translated: the record's word for a person at a seat


@attrs.frozen
class GameRecord:
    pack: PackIdentity
    rules: Rules
    setup: Setup
    actions: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    hints: tuple[int, ...] = ()
    """When a person was shown a hint (the coach's "what would the AI do?"): the number of
    actions played before it, once per hint."""
    seat_changes: tuple[SeatChange, ...] = ()
    """Seats handed to the AI or taken back during the game, in the order they were."""
    source: str = attrs.field(default="", eq=False)
    """Where the record was read from (its file), named by every error about it."""

    def person_played(self, seat: int, number: int) -> bool:
        """Whether action ``number`` (from 1), if ``seat``'s, was a person's: false once the AI
        took the seat, until it was given back (a seat nobody handed over: a person's)."""
        person = True
        for change in self.seat_changes:
            if change.seat == seat and change.at < number:
                person = change.by_person
        return person


class Game:
    """A game in progress with its record: every applied action is appended to it."""

    def __init__(self, catalog: Catalog, setup: Setup, names: tuple[str, ...] = ()) -> None:
        self.catalog = catalog
        self.state: GameState = new_game(
            catalog, setup.players, setup.seed, objective=setup.objective,
            sand_dollar_actions=setup.sand_dollar_actions, start_player=setup.start_player,
            opening=setup.opening)
        self.setup = setup
        self.names = names
        self.actions: list[Action] = []
        self.hints: list[int] = []
        """When a hint was shown (``GameRecord.hints``)."""
        self.seat_changes: list[SeatChange] = []
        """Seats handed over during the game (``GameRecord.seat_changes``)."""

    @classmethod
    def new(cls, catalog: Catalog, players: int, seed: int, *, objective: str | None = None,
            sand_dollar_actions: tuple[str, ...] | None = None, start_player: int | None = None,
            names: tuple[str, ...] = (), opening: tuple[str, ...] = ()) -> Game:
        """Set up a new game, drawing whatever is not fixed from the seed (R2); ``opening``
        puts chosen cards into the opening display (``new_game``)."""
        state = new_game(catalog, players, seed, objective=objective,
                         sand_dollar_actions=sand_dollar_actions, start_player=start_player,
                         opening=opening)
        setup = Setup(players, seed, state.objective, state.sand_dollar_actions, state.start_player,
                      tuple(opening))
        return cls(catalog, setup, names)

    def play(self, action: Action, *, hold: bool = False, from_legal: bool = False
             ) -> list[Event]:
        """Apply ``action`` and add it to the record. With ``hold`` the player's turn waits
        for ``end``/``done`` when nothing is left (``rules.apply``); that confirmation is not
        recorded, since a replay ends the turn by itself at the same point. ``from_legal``:
        the action was taken from ``legal_actions`` of this very state (not asked again)."""
        confirming = awaiting_end(self.state)
        events = (apply_legal if from_legal else apply)(self.state, action, hold=hold)
        if not confirming:
            self.actions.append(action)
        return events

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self.state)

    @property
    def record(self) -> GameRecord:
        played = len(self.actions)  # a change after a step taken back is no longer in the game
        return GameRecord(self.catalog.identity, self.catalog.rules, self.setup,
                          tuple(str(a) for a in self.actions), self.names, tuple(self.hints),
                          tuple(c for c in self.seat_changes if c.at <= played))

    def hand_seat(self, seat: int, player: str) -> None:
        """Seat ``seat`` is played by ``player`` from now on (``GameRecord.seat_changes``)."""
        self.seat_changes.append(SeatChange(len(self.actions), seat, player))


def replay(record: GameRecord, catalog: Catalog, *, upto: int | None = None,
           check_pack: bool = True) -> Game:
    """Rebuild the game of ``record`` under its own rules (R12.2), applying its actions
    (the first ``upto`` of them, if given)."""
    source = f"{record.source}: " if record.source else ""
    if check_pack and catalog.identity != record.pack:
        raise PackMismatch(record.pack, catalog.identity, record.source)
    if catalog.rules != record.rules:
        catalog = catalog.with_rules(record.rules)
    try:
        game = Game(catalog, record.setup, record.names)
    except SetupError as exc:
        raise RecordError(source + _("the record's setup cannot be played: {problem}").format(
            problem=exc)) from None
    for number, text in enumerate(record.actions[:upto], start=1):
        try:
            action = parse_action(text)
            game.play(action)
        except ValueError as exc:
            shown = text if len(text) <= 80 else text[:80] + "…"
            raise RecordError(source + _("action {number} of {count} ({text}) cannot be "
                                         "replayed: {problem}").format(
                number=number, count=len(record.actions), text=repr(shown), problem=exc)) from None
    game.hints = [h for h in record.hints if upto is None or h <= upto]
    game.seat_changes = [c for c in record.seat_changes if upto is None or c.at <= upto]
    return game
