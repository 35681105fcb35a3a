"""Saved games of the table: the engine's game record, plus a ``[table]`` section with who sits
where (a person or an AI level) and the pack folder. Any record is a saved game (seats default to
people), and a saved game is a record that ``smqt replay`` reads.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import tomli_w

from smqt.engine.game import GameRecord, RecordError
from smqt.files.atomic import atomic_write_text
from smqt.files.text import TextFileError, read_text
from smqt.language.translate import _
from smqt.records.record import parse_record, record_text

SEAT_KINDS = ("human", "random", "easy", "medium", "hard", "expert")
MAX_PATH = 4096
"""The longest pack folder a saved game may name (Linux's own limit on a path)."""


@attrs.frozen
class SavedGame:
    record: GameRecord
    seats: tuple[tuple[str, str], ...]
    """(name, kind) per seat."""
    pack: Path | None
    playtest: bool = False


def seat_name(value: object, index: int) -> str:
    """A seat's name as it can be shown and saved: text, UTF-8, one line, at most 40
    characters (anything else becomes "Player N")."""
    if not isinstance(value, str):
        return _("Player {number}").format(number=index + 1)
    text = value.encode("utf-8", "replace").decode("utf-8")  # lone surrogates from argv
    text = " ".join(text.split())[:40]
    return text or _("Player {number}").format(number=index + 1)


def save_game(path: str | Path, record: GameRecord, seats: list[tuple[str, str]],
              pack: Path | None, *, over: bool = False, playtest: bool = False) -> None:
    """Write atomically: a failed save keeps the previous file. ``over`` and ``playtest`` let
    the list of games to resume skip finished games and playtests without replaying them."""
    table: dict[str, object] = {"seats": [{"name": n, "kind": k} for n, k in seats],
                                "over": over, "playtest": playtest}
    if pack is not None:
        table["pack"] = str(Path(pack).resolve())
    atomic_write_text(path, record_text(record) + "\n" + tomli_w.dumps({"table": table}))


def load_game(path: str | Path) -> SavedGame:
    """Read a saved game or a plain record; raises RecordError saying what is wrong."""
    try:
        text = read_text(path)
    except TextFileError as exc:
        raise RecordError(_("{path}: cannot read the saved game: {error}").format(
            path=path, error=exc)) from None
    record = parse_record(text, str(path))
    data = tomllib.loads(text)  # read whole by from_text already
    table = data.get("table", {})
    names = list(record.names)
    seats = [(seat_name(names[i] if i < len(names) else None, i), "human")
             for i in range(record.setup.players)]
    listed = table.get("seats", []) if isinstance(table, dict) else []
    if listed:
        if not isinstance(listed, list) or len(listed) != record.setup.players:
            raise RecordError(_("{path}: [table] seats must list {count} seats").format(
                path=path, count=record.setup.players))
        seats = []
        for i, seat in enumerate(listed):
            kind = seat.get("kind") if isinstance(seat, dict) else None
            if kind not in SEAT_KINDS:
                shown = repr(kind) if len(repr(kind)) <= 40 else repr(kind)[:40] + "…"
                raise RecordError(_("{path}: seat {number} has an unknown kind {kind} "
                                    "(expected one of {allowed})").format(
                                        path=path, number=i + 1, kind=shown,
                                        allowed=", ".join(SEAT_KINDS)))
            seats.append((seat_name(seat.get("name"), i), kind))
    pack = table.get("pack") if isinstance(table, dict) else None
    playtest = isinstance(table, dict) and table.get("playtest") is True
    folder = None
    if pack is not None:
        if not isinstance(pack, str) or not pack or "\0" in pack or len(pack) > MAX_PATH:
            raise RecordError(_("{path}: [table] pack must be the path of a pack folder (a text "
                                "of at most {most} characters)").format(path=path, most=MAX_PATH))
        # a relative pack folder is beside the file (smqt sim's games/)
        folder = Path(pack) if Path(pack).is_absolute() else Path(path).parent / pack
    return SavedGame(record, tuple(seats), folder, playtest)


def usable_folder(folder: Path | None) -> Path | None:
    """``folder`` when it is a folder that can be looked at, else None (a path too long for the
    file system or through a file is no folder, never an error)."""
    if folder is None:
        return None
    try:
        return folder if folder.is_dir() else None
    except (OSError, ValueError):
        return None
