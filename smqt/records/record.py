"""The text form of game records (readable TOML): pack identity, rules in force, seed, setup,
names and the action list (R2.8, R12.2). A record is untrusted input, like a pack: every limit
(player count, seed, names, actions, sizes) is checked before any work, and every refusal names
the file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from smqt.engine.catalog import PackIdentity
from smqt.engine.content import Rules
from smqt.engine.game import GameRecord, RecordError, SeatChange, Setup
from smqt.engine.rng import seed_problem
from smqt.engine.setup import PLAYER_COUNTS
from smqt.files.atomic import atomic_write_text
from smqt.files.text import TextFileError, read_text
from smqt.language.translate import N_, _, ngettext
from smqt.pack.convert import converter, structure_problems

RECORD_FORMAT = 1
MAX_ACTIONS = 10_000
"""Far more actions than any game has (a 4-player game has about 300): a record that lists
more is refused before any is replayed."""
MAX_TEXT = 200
"""The longest text a record may hold in one place (an action, a name, an id)."""
MAX_LISTED = 64
"""The longest list of ids in a setup (sand dollar actions, opening cards)."""
_WRONG_KIND = {int: N_("{source}: {name} must be a whole number, not {value}"),
               str: N_("{source}: {name} must be a text, not {value}"),
               list: N_("{source}: {name} must be a list, not {value}")}
"What a record says of a value of the wrong kind (translated when shown)."



def record_text(record: GameRecord) -> str:
    """The record as readable TOML (every rules parameter written, defaults too)."""
    setup: dict[str, Any] = {
        "players": record.setup.players,
        "seed": record.setup.seed,
        "objective": record.setup.objective,
        "sand_dollar_actions": list(record.setup.sand_dollar_actions),
        "start_player": record.setup.start_player,
    }
    if record.setup.opening:  # only playtests have one: other records stay as they were
        setup["opening"] = list(record.setup.opening)
    data = {
        "format": RECORD_FORMAT,
        "pack": {"name": record.pack.name, "version": record.pack.version,
                 "content_hash": record.pack.content_hash},
        "setup": setup,
        "names": list(record.names),
        # Every parameter is written, defaults too, so a later change of a default can
        # never reinterpret an old record (R12.2).
        "rules": attrs.asdict(record.rules),
        "actions": list(record.actions),
    }
    if record.hints:  # only games in which a hint was shown have them
        data["hints"] = list(record.hints)
    if record.seat_changes:  # only games in which a seat was handed over have them
        data["seat_changes"] = [{"at": c.at, "seat": c.seat, "player": c.player}
                                for c in record.seat_changes]
    header = "# Santa Monica (smqt) game record: replay with `smqt replay FILE`\n"  # not translated: file
    return header + tomli_w.dumps(data, multiline_strings=False, indent=1)



def parse_record(text: str, source: str = "record") -> GameRecord:
    """Read a record; raises RecordError naming what is missing or wrong. A record is
    whole or refused: nothing is filled in with a default (R12.2)."""
    if not text.strip():
        raise RecordError(_("{source}: the file is empty").format(source=source))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(_("{source}: not a readable record: {error}").format(
            source=source, error=exc)) from None
    except (RecursionError, ValueError, MemoryError) as exc:  # deep nesting, huge numbers
        raise RecordError(_("{source}: not a readable record ({error})").format(
            source=source, error=_short(exc))) from None
    if "format" not in data:
        raise RecordError(_("{source}: not a game record (it has no 'format' key)").format(
            source=source))
    if data["format"] != RECORD_FORMAT:
        raise RecordError(_("{source}: unknown record format {format} (this program reads "
                            "format {known})").format(source=source, format=_short(data["format"]),
                                                      known=RECORD_FORMAT))
    pack = _table(data, "pack", source)
    for key in ("name", "version", "content_hash"):
        _text(_field(pack, key, str, f"pack.{key}", source), f"pack.{key}", source)
    setup = _table(data, "setup", source)
    players = _field(setup, "players", int, "setup.players", source)
    if players not in PLAYER_COUNTS:
        raise RecordError(_("{source}: setup.players must be {counts} or {last}, not "
                            "{value}").format(source=source,
                                              counts=", ".join(map(str, PLAYER_COUNTS[:-1])),
                                              last=PLAYER_COUNTS[-1], value=_short(players)))
    seed_wrong = seed_problem(_field(setup, "seed", int, "setup.seed", source))
    if seed_wrong:
        raise RecordError(f"{source}: setup.seed: {seed_wrong}")
    _text(_field(setup, "objective", str, "setup.objective", source), "setup.objective",
          source)
    actions_in_play = _texts(_field(setup, "sand_dollar_actions", list,
                                    "setup.sand_dollar_actions", source),
                             "setup.sand_dollar_actions", MAX_LISTED, source)
    start = _field(setup, "start_player", int, "setup.start_player", source)
    if not 0 <= start < players:
        raise RecordError(_("{source}: setup.start_player must be a seat from 0 to {last}, "
                            "not {value}").format(source=source, last=players - 1,
                                                  value=_short(start)))
    opening = _texts(setup.get("opening", []), "setup.opening", MAX_LISTED, source,
                     ids=True)
    rules = _table(data, "rules", source)
    missing = _missing_rules(rules, Rules, "rules")
    if missing:
        raise RecordError(_("{source}: {name} is missing: a record keeps every rules "
                            "parameter in force, so it is incomplete (cut short?)").format(
                                source=source, name=missing[0]))
    try:
        structured = converter.structure(rules, Rules)
    except Exception as exc:  # cattrs groups: rules with wrong values
        problems = structure_problems(exc)
        where, problem = problems[0] if problems else ("", str(exc))
        raise RecordError(f"{source}: rules{'.' + where if where else ''}: "
                          f"{_short(problem)}") from None
    actions = _texts(data.get("actions", []), "actions", MAX_ACTIONS, source)
    names = _texts(data.get("names", []), "names", players, source)
    hints = _hints(data.get("hints", []), len(actions), source)
    changes = _seat_changes(data.get("seat_changes", []), len(actions), players, source)
    if names and len(names) != players:
        raise RecordError(ngettext("{source}: names lists {count} name for {players} players",
                                   "{source}: names lists {count} names for {players} players",
                                   len(names)).format(source=source, count=len(names),
                                                      players=players))
    return GameRecord(
        pack=PackIdentity(pack["name"], pack["version"], pack["content_hash"]),
        rules=structured,
        setup=Setup(setup["players"], setup["seed"], setup["objective"],
                    tuple(actions_in_play), setup["start_player"], tuple(opening)),
        actions=tuple(actions),
        names=tuple(names),
        hints=hints,
        seat_changes=changes,
        source=source,
    )


def _short(value: object, most: int = 80) -> str:
    text = str(value)
    return text if len(text) <= most else text[:most] + "…"


def _table(data: dict, key: str, source: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise RecordError(_("{source}: the [{key}] table is missing (the record is incomplete "
                            "or damaged)").format(source=source, key=key))
    return value


def _field(table: dict, key: str, kind: type, name: str, source: str) -> Any:
    if key not in table:
        raise RecordError(_("{source}: {name} is missing (the record is incomplete or "
                            "damaged)").format(source=source, name=name))
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordError(_(_WRONG_KIND[kind]).format(source=source, name=name,
                                                      value=_short(value)))
    return value


def _text(value: str, name: str, source: str) -> str:
    if len(value) > MAX_TEXT:
        raise RecordError(_("{source}: {name} is {length:,} characters long; at most "
                            "{most}").format(source=source, name=name, length=len(value),
                                             most=MAX_TEXT))
    return value


def _texts(value: object, name: str, most: int, source: str, ids: bool = False) -> list[str]:
    """A list of at most ``most`` short texts (card ids when ``ids``), checked before anything
    is done with it."""
    if not isinstance(value, list):
        wrong = _("{source}: {name} must be a list of card ids, not {value}") if ids else \
            _("{source}: {name} must be a list of texts, not {value}")
        raise RecordError(wrong.format(source=source, name=name, value=_short(value)))
    if len(value) > most:
        raise RecordError(_("{source}: {name} lists {count:,} items; at most {most:,}").format(
            source=source, name=name, count=len(value), most=most))
    for number, item in enumerate(value, start=1):
        if not isinstance(item, str):
            raise RecordError(_("{source}: {name} item {number} must be a text, not "
                                "{value}").format(source=source, name=name, number=number,
                                                  value=_short(item)))
        _text(item, _("{name} item {number}").format(name=name, number=number), source)
    return value


def _hints(value: object, actions: int, source: str) -> tuple[int, ...]:
    """The moments hints were shown: whole numbers from 0 to the number of actions."""
    if not isinstance(value, list):
        raise RecordError(_("{source}: hints must be a list of whole numbers, not {value}").format(
            source=source, value=_short(value)))
    if len(value) > MAX_ACTIONS:
        raise RecordError(_("{source}: {name} lists {count:,} items; at most {most:,}").format(
            source=source, name="hints", count=len(value), most=MAX_ACTIONS))
    for number, item in enumerate(value, start=1):
        if not isinstance(item, int) or isinstance(item, bool) or not 0 <= item <= actions:
            raise RecordError(_("{source}: hints item {number} must be a number of actions "
                                "from 0 to {last}, not {value}").format(
                source=source, number=number, last=actions, value=_short(item)))
    return tuple(value)


def _seat_changes(value: object, actions: int, players: int,
                  source: str) -> tuple[SeatChange, ...]:
    """Seats handed over: tables of ``at`` (a number of actions), ``seat`` and ``player``."""
    if not isinstance(value, list):
        raise RecordError(_("{source}: {name} must be a list, not {value}").format(
            source=source, name="seat_changes", value=_short(value)))
    if len(value) > MAX_ACTIONS:
        raise RecordError(_("{source}: {name} lists {count:,} items; at most {most:,}").format(
            source=source, name="seat_changes", count=len(value), most=MAX_ACTIONS))
    changes = []
    for number, item in enumerate(value, start=1):
        name = f"seat_changes[{number}]"  # not translated: the record's key
        if not isinstance(item, dict):
            raise RecordError(_("{source}: {name} must be a table of at, seat and player, not "
                                "{value}").format(source=source, name=name, value=_short(item)))
        at = _field(item, "at", int, f"{name}.at", source)
        seat = _field(item, "seat", int, f"{name}.seat", source)
        player = _text(_field(item, "player", str, f"{name}.player", source), f"{name}.player",
                       source)
        if not 0 <= at <= actions:
            raise RecordError(_("{source}: {name} must be a number of actions from 0 to {last}, "
                                "not {value}").format(source=source, name=f"{name}.at",
                                                      last=actions, value=_short(at)))
        if not 0 <= seat < players:
            raise RecordError(_("{source}: {name} must be a seat from 0 to {last}, not "
                                "{value}").format(source=source, name=f"{name}.seat",
                                                  last=players - 1, value=_short(seat)))
        changes.append(SeatChange(at, seat, player))
    return tuple(changes)


def _missing_rules(value: object, cls: type, path: str) -> list[str]:
    """Every field of the rules (nested tables too) that the record does not give."""
    if not isinstance(value, dict):
        return [path] if attrs.has(cls) else []
    missing = []
    for field in attrs.fields(attrs.resolve_types(cls)):
        name = f"{path}.{field.name}"
        if field.name not in value:
            missing.append(name)
        elif isinstance(field.type, type) and attrs.has(field.type):
            missing += _missing_rules(value[field.name], field.type, name)
    return missing


def save_record(path: str | Path, record: GameRecord) -> None:
    """Write ``record`` atomically: a failed save keeps the previous file."""
    atomic_write_text(path, record_text(record))


def load_record(path: str | Path) -> GameRecord:
    try:
        text = read_text(path)
    except TextFileError as exc:
        raise RecordError(_("{path}: cannot read the record: {error}").format(
            path=path, error=exc)) from None
    return parse_record(text, str(path))

