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
from smqt.engine.game import GameRecord, RecordError, Setup
from smqt.engine.rng import seed_problem
from smqt.engine.setup import PLAYER_COUNTS
from smqt.files.atomic import atomic_write_text
from smqt.files.text import TextFileError, read_text
from smqt.pack.convert import converter, structure_problems

RECORD_FORMAT = 1
MAX_ACTIONS = 10_000
"""Far more actions than any game has (a 4-player game has about 300): a record that lists
more is refused before any is replayed."""
MAX_TEXT = 200
"""The longest text a record may hold in one place (an action, a name, an id)."""
MAX_LISTED = 64
"""The longest list of ids in a setup (sand dollar actions, opening cards)."""



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
    header = "# Santa Monica (smqt) game record: replay with `smqt replay FILE`\n"
    return header + tomli_w.dumps(data, multiline_strings=False, indent=1)



def parse_record(text: str, source: str = "record") -> GameRecord:
    """Read a record; raises RecordError naming what is missing or wrong. A record is
    whole or refused: nothing is filled in with a default (R12.2)."""
    if not text.strip():
        raise RecordError(f"{source}: the file is empty")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"{source}: not a readable record: {exc}") from None
    except (RecursionError, ValueError, MemoryError) as exc:  # deep nesting, huge numbers
        raise RecordError(f"{source}: not a readable record ({_short(exc)})") from None
    if "format" not in data:
        raise RecordError(f"{source}: not a game record (it has no 'format' key)")
    if data["format"] != RECORD_FORMAT:
        raise RecordError(f"{source}: unknown record format {_short(data['format'])} "
                          f"(this program reads format {RECORD_FORMAT})")
    pack = _table(data, "pack", source)
    for key in ("name", "version", "content_hash"):
        _text(_field(pack, key, str, f"pack.{key}", source), f"pack.{key}", source)
    setup = _table(data, "setup", source)
    players = _field(setup, "players", int, "setup.players", source)
    if players not in PLAYER_COUNTS:
        raise RecordError(f"{source}: setup.players must be "
                          f"{', '.join(map(str, PLAYER_COUNTS[:-1]))} or {PLAYER_COUNTS[-1]}, "
                          f"not {_short(players)}")
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
        raise RecordError(f"{source}: setup.start_player must be a seat from 0 to "
                          f"{players - 1}, not {_short(start)}")
    opening = _texts(setup.get("opening", []), "setup.opening", MAX_LISTED, source,
                     "card ids")
    rules = _table(data, "rules", source)
    missing = _missing_rules(rules, Rules, "rules")
    if missing:
        raise RecordError(f"{source}: {missing[0]} is missing: a record keeps every rules "
                          f"parameter in force, so it is incomplete (cut short?)")
    try:
        structured = converter.structure(rules, Rules)
    except Exception as exc:  # cattrs groups: rules with wrong values
        problems = structure_problems(exc)
        where, problem = problems[0] if problems else ("", str(exc))
        raise RecordError(f"{source}: rules{'.' + where if where else ''}: "
                          f"{_short(problem)}") from None
    actions = _texts(data.get("actions", []), "actions", MAX_ACTIONS, source)
    names = _texts(data.get("names", []), "names", players, source)
    if names and len(names) != players:
        raise RecordError(f"{source}: names lists {len(names)} name"
                          f"{'' if len(names) == 1 else 's'} for {players} players")
    return GameRecord(
        pack=PackIdentity(pack["name"], pack["version"], pack["content_hash"]),
        rules=structured,
        setup=Setup(setup["players"], setup["seed"], setup["objective"],
                    tuple(actions_in_play), setup["start_player"], tuple(opening)),
        actions=tuple(actions),
        names=tuple(names),
        source=source,
    )


def _short(value: object, most: int = 80) -> str:
    text = str(value)
    return text if len(text) <= most else text[:most] + "…"


def _table(data: dict, key: str, source: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise RecordError(f"{source}: the [{key}] table is missing (the record is incomplete "
                          f"or damaged)")
    return value


def _field(table: dict, key: str, kind: type, name: str, source: str) -> Any:
    if key not in table:
        raise RecordError(f"{source}: {name} is missing (the record is incomplete or damaged)")
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        wanted = {int: "a whole number", str: "a text", list: "a list"}[kind]
        raise RecordError(f"{source}: {name} must be {wanted}, not {_short(value)}")
    return value


def _text(value: str, name: str, source: str) -> str:
    if len(value) > MAX_TEXT:
        raise RecordError(f"{source}: {name} is {len(value):,} characters long; at most "
                          f"{MAX_TEXT}")
    return value


def _texts(value: object, name: str, most: int, source: str, items: str = "texts") -> list[str]:
    """A list of at most ``most`` short texts, checked before anything is done with it."""
    if not isinstance(value, list):
        raise RecordError(f"{source}: {name} must be a list of {items}, not {_short(value)}")
    if len(value) > most:
        raise RecordError(f"{source}: {name} lists {len(value):,} items; at most {most:,}")
    for number, item in enumerate(value, start=1):
        if not isinstance(item, str):
            raise RecordError(f"{source}: {name} item {number} must be a text, not "
                              f"{_short(item)}")
        _text(item, f"{name} item {number}", source)
    return value


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
        raise RecordError(f"{path}: cannot read the record: {exc}") from None
    return parse_record(text, str(path))

