"""Game records: pack identity, rules in force, seed, setup and the action list (R2.8, R12.2),
saved as readable TOML and replayed to the identical state; and ``Game``, which plays a game
while keeping its record.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import tomli_w

from smqt.engine.actions import Action, parse_action
from smqt.engine.catalog import Catalog, PackIdentity
from smqt.engine.content import Rules
from smqt.engine.convert import converter
from smqt.engine.events import Event
from smqt.engine.rules import SetupError, apply, awaiting_end, legal_actions, new_game
from smqt.engine.state import GameState
from smqt.fileio import atomic_write_text

RECORD_FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


class PackMismatch(RecordError):
    """The record was played with another pack, or another version or edit of this one."""

    def __init__(self, played: PackIdentity, given: PackIdentity) -> None:
        self.played, self.given = played, given
        if played.name != given.name:
            text = (f"the record was played with pack {played.name} {played.version}, not "
                    f"{given.name} {given.version}")
        elif played.version != given.version:
            text = (f"the record was played with pack {played.name} {played.version}; this is "
                    f"version {given.version}")
        else:
            text = (f"the record was played with another edit of pack {played.name} "
                    f"{played.version} (its files have changed since: {played.content_hash}, "
                    f"now {given.content_hash})")
        super().__init__(text)

    @property
    def same_pack(self) -> bool:
        """Another version or edit of the same pack (not another pack)."""
        return self.played.name == self.given.name


@attrs.frozen
class Setup:
    """What setup fixed: players, seed, objective, sand dollar actions, start player (R2)."""

    players: int
    seed: int
    objective: str
    sand_dollar_actions: tuple[str, ...]
    start_player: int


@attrs.frozen
class GameRecord:
    pack: PackIdentity
    rules: Rules
    setup: Setup
    actions: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    def to_text(self) -> str:
        data = {
            "format": RECORD_FORMAT,
            "pack": {"name": self.pack.name, "version": self.pack.version,
                     "content_hash": self.pack.content_hash},
            "setup": {
                "players": self.setup.players,
                "seed": self.setup.seed,
                "objective": self.setup.objective,
                "sand_dollar_actions": list(self.setup.sand_dollar_actions),
                "start_player": self.setup.start_player,
            },
            "names": list(self.names),
            # Every parameter is written, defaults too, so a later change of a default can
            # never reinterpret an old record (R12.2).
            "rules": attrs.asdict(self.rules),
            "actions": list(self.actions),
        }
        header = "# Santa Monica (smqt) game record: replay with `smqt replay FILE`\n"
        return header + tomli_w.dumps(data, multiline_strings=False, indent=1)

    @classmethod
    def from_text(cls, text: str, source: str = "record") -> GameRecord:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RecordError(f"{source}: not a readable record: {exc}") from None
        try:
            if data.get("format") != RECORD_FORMAT:
                raise RecordError(f"{source}: unknown record format {data.get('format')!r}")
            pack = data["pack"]
            setup = data["setup"]
            for key in ("players", "seed", "start_player"):
                if not isinstance(setup[key], int) or isinstance(setup[key], bool):
                    raise RecordError(f"{source}: setup.{key} must be a whole number")
            return cls(
                pack=PackIdentity(str(pack["name"]), str(pack["version"]), str(pack["content_hash"])),
                rules=converter.structure(data["rules"], Rules),
                setup=Setup(int(setup["players"]), int(setup["seed"]), str(setup["objective"]),
                            tuple(setup["sand_dollar_actions"]), int(setup["start_player"])),
                actions=tuple(str(a) for a in data.get("actions", [])),
                names=tuple(str(n) for n in data.get("names", [])),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"{source}: the record is incomplete or damaged ({exc})") from None
        except Exception as exc:  # cattrs groups: rules with wrong values
            raise RecordError(f"{source}: the record's rules are invalid ({exc})") from None


def save_record(path: str | Path, record: GameRecord) -> None:
    """Write ``record`` atomically: a failed save keeps the previous file."""
    atomic_write_text(path, record.to_text())


def load_record(path: str | Path) -> GameRecord:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record ({exc})") from None
    return GameRecord.from_text(text, str(path))


class Game:
    """A game in progress with its record: every applied action is appended to it."""

    def __init__(self, catalog: Catalog, setup: Setup, names: tuple[str, ...] = ()) -> None:
        self.catalog = catalog
        self.state: GameState = new_game(
            catalog, setup.players, setup.seed, objective=setup.objective,
            sand_dollar_actions=setup.sand_dollar_actions, start_player=setup.start_player)
        self.setup = setup
        self.names = names
        self.actions: list[Action] = []

    @classmethod
    def new(cls, catalog: Catalog, players: int, seed: int, *, objective: str | None = None,
            sand_dollar_actions: tuple[str, ...] | None = None, start_player: int | None = None,
            names: tuple[str, ...] = ()) -> Game:
        """Set up a new game, drawing whatever is not fixed from the seed (R2)."""
        state = new_game(catalog, players, seed, objective=objective,
                         sand_dollar_actions=sand_dollar_actions, start_player=start_player)
        setup = Setup(players, seed, state.objective, state.sand_dollar_actions, state.start_player)
        return cls(catalog, setup, names)

    def play(self, action: Action, *, hold: bool = False) -> list[Event]:
        """Apply ``action`` and add it to the record. With ``hold`` the player's turn waits
        for ``end``/``done`` when nothing is left (``rules.apply``); that confirmation is not
        recorded, since a replay ends the turn by itself at the same point."""
        confirming = awaiting_end(self.state)
        events = apply(self.state, action, hold=hold)
        if not confirming:
            self.actions.append(action)
        return events

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self.state)

    @property
    def record(self) -> GameRecord:
        return GameRecord(self.catalog.identity, self.catalog.rules, self.setup,
                          tuple(str(a) for a in self.actions), self.names)


def replay(record: GameRecord, catalog: Catalog, *, upto: int | None = None,
           check_pack: bool = True) -> Game:
    """Rebuild the game of ``record`` under its own rules (R12.2), applying its actions
    (the first ``upto`` of them, if given)."""
    if check_pack and catalog.identity != record.pack:
        raise PackMismatch(record.pack, catalog.identity)
    if catalog.rules != record.rules:
        catalog = catalog.with_rules(record.rules)
    try:
        game = Game(catalog, record.setup, record.names)
    except SetupError as exc:
        raise RecordError(f"the record's setup cannot be played: {exc}") from None
    for number, text in enumerate(record.actions[:upto], start=1):
        try:
            action = parse_action(text)
            game.play(action)
        except ValueError as exc:
            raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") from None
    return game
