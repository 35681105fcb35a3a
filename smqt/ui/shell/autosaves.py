"""The table's games on disk: one autosave per game (so that a playtest or a second game never
overwrites an unfinished one), what the Resume list reads of them without replaying, the lock
that keeps a game to one table, the autosaves that cannot be read, and the saves set aside."""

from __future__ import annotations

import os
import tomllib
from datetime import datetime
from pathlib import Path

import attrs
from PySide6.QtCore import QLockFile

from smqt.desktop.datafolder import data_folder, data_home
from smqt.engine.game import RecordError
from smqt.files.names import unused
from smqt.files.text import TextFileError, read_text
from smqt.language.translate import _, ngettext
from smqt.pack.shipped import pack_title
from smqt.records.savedgame import load_game

LEGACY_AUTOSAVE = "autosave.toml"
"""The single autosave of earlier versions: still listed, never written."""


def games_folder() -> Path:
    return data_folder("games")


def new_autosave_path(seed: int) -> Path:
    """A fresh autosave file for a new game: its start time and seed, never an existing file."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return unused(games_folder(), f"{stamp}-seed{seed}", ".toml")


@attrs.frozen
class SavedGameInfo:
    """What the Resume list shows of an autosaved game, read without replaying it."""

    path: Path
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    pack: str
    moves: int
    over: bool
    playtest: bool
    modified: float

    def title(self) -> str:
        seats = ", ".join(name if kind == "human" else _("{name} (AI)").format(name=name)
                          for name, kind in zip(self.names, self.kinds, strict=False))
        # Translators: the day, month and time the game was last saved (strftime: %d day, %b
        # month's short name, %m month's number, %H:%M time)
        when = datetime.fromtimestamp(self.modified).strftime(_("%d %b %H:%M"))
        if self.playtest:
            # Translators: a saved game in the Resume list (English says "moves" for one too)
            text = ngettext("{seats} — playtest, {pack}, {moves} moves — {when}",
                            "{seats} — playtest, {pack}, {moves} moves — {when}", self.moves)
        else:
            # Translators: a saved game in the Resume list (English says "moves" for one too)
            text = ngettext("{seats} — {pack}, {moves} moves — {when}",
                            "{seats} — {pack}, {moves} moves — {when}", self.moves)
        return text.format(seats=seats, pack=pack_title(self.pack), moves=self.moves, when=when)


def saved_game_info(path: Path) -> SavedGameInfo | None:
    try:
        data = tomllib.loads(read_text(path))
        modified = path.stat().st_mtime
    except (OSError, TextFileError, tomllib.TOMLDecodeError, RecursionError, ValueError,
            MemoryError):
        return None
    table = data.get("table") if isinstance(data.get("table"), dict) else {}
    seats = table.get("seats") if isinstance(table.get("seats"), list) else []
    names = data.get("names") if isinstance(data.get("names"), list) else []
    pack = data.get("pack") if isinstance(data.get("pack"), dict) else {}
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    kinds = tuple(str(s.get("kind", "human")) if isinstance(s, dict) else "human" for s in seats)
    listed = tuple(str(s.get("name", "?")) if isinstance(s, dict) else "?" for s in seats)
    return SavedGameInfo(path, listed or tuple(str(n) for n in names), kinds,
                         str(pack.get("name", "?")), len(actions), table.get("over") is True,
                         table.get("playtest") is True, modified)


def autosave_paths() -> list[Path]:
    """Every autosave's name, whatever stands there (a file, a folder, a pipe, a link that
    leads nowhere): the ``*.toml`` of the games folder and the legacy autosave."""
    paths = list(games_folder().glob("*.toml"))
    legacy = data_home() / LEGACY_AUTOSAVE
    if os.path.lexists(legacy):
        paths.append(legacy)
    return paths


def saved_games() -> list[SavedGameInfo]:
    """Every autosaved game that can be read, newest first."""
    found = [info for info in (saved_game_info(p) for p in autosave_paths() if p.is_file())
             if info is not None]
    return sorted(found, key=lambda info: info.modified, reverse=True)


def unreadable_games() -> list[tuple[Path, str]]:
    """The autosaves that cannot be read at all (cut short, not text, a folder, a pipe, a
    link that leads nowhere or round in a loop, far too large), each with why in a sentence
    that names it; read through the guarded reader, so that none can hang or fill the
    memory. One that another table holds is left to it."""
    found = []
    for path in autosave_paths():
        if (path.is_file() and saved_game_info(path) is not None) or open_elsewhere(path):
            continue
        try:  # read whole once more for why (one that reads now was being replaced: kept)
            load_game(path)
        except RecordError as exc:
            found.append((path, str(exc)))
        except OSError as exc:
            found.append((path, _("{path}: cannot read the saved game: {error}").format(
                path=path, error=exc.strerror or type(exc).__name__)))
    return found


def unfinished_games(*, playtests: bool = True) -> list[SavedGameInfo]:
    """Autosaved games not over yet and not open in a table, newest first (playtests left
    out unless asked)."""
    return [g for g in saved_games() if not g.over and (playtests or not g.playtest)
            and not open_elsewhere(g.path)]


def last_game() -> SavedGameInfo | None:
    """The game played last (the newest autosave, playtests aside): a restart resumes it when
    it is unfinished; when it was finished, the person had moved on, and an older unfinished
    game is offered in the Resume list rather than resumed."""
    return next((g for g in saved_games() if not g.playtest), None)


def clean_leftovers(older_than: float = 120.0) -> int:
    """Remove the temporary files of saves that a killed program left behind (``.NAME.*.tmp``
    beside the autosaves and the settings); a fresh one may be another table's save under
    way, so only those older than ``older_than`` seconds go. Returns how many went."""
    now = datetime.now().timestamp()
    removed = 0
    for folder in (data_home(), games_folder()):
        for leftover in folder.glob(".*.tmp"):
            try:
                if leftover.is_file() and now - leftover.stat().st_mtime > older_than:
                    leftover.unlink()
                    removed += 1
            except OSError:
                pass
    return removed


def set_aside(path: Path) -> Path:
    """Move a saved game that cannot be resumed out of the list (kept, never deleted); raises
    OSError when it cannot be moved."""
    target = unused(data_folder("games", "set-aside"), path.stem, path.suffix)
    path.replace(target)
    return target


def _lock_path(path: Path) -> str:
    return str(path) + ".lock"


class GameLock:
    """While a table plays a game, its autosave is locked: no other table resumes it and
    writes the same file."""

    def __init__(self, path: Path) -> None:
        self.lock = QLockFile(_lock_path(path))
        # never stale by age (a long game holds it); one left by a table that died is known
        # by its process id and taken over
        self.lock.setStaleLockTime(0)
        self.held = self.lock.tryLock(0)

    def release(self) -> None:
        if self.held:
            self.lock.unlock()
            self.held = False


def open_elsewhere(path: Path) -> bool:
    """Whether another table (alive) holds the lock of this autosave."""
    probe = QLockFile(_lock_path(path))
    probe.setStaleLockTime(0)
    if probe.tryLock(0):
        probe.unlock()
        return False
    return probe.error() == QLockFile.LockError.LockFailedError
