"""Where the table keeps its files: one autosave per game (so that a playtest or a second game
never overwrites an unfinished one) and the remembered layout. ``SMQT_HOME`` overrides the
platform's application data folder (tests use a temporary one)."""

from __future__ import annotations

import os
import tomllib
from datetime import datetime
from pathlib import Path

import attrs
from PySide6.QtCore import QLockFile, QSettings, QStandardPaths

LEGACY_AUTOSAVE = "autosave.toml"
"""The single autosave of earlier versions: still listed, never written."""


def data_home() -> Path:
    override = os.environ.get("SMQT_HOME")
    if override:
        home = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        home = Path(base or Path.home()) / "smqt"
    home.mkdir(parents=True, exist_ok=True)
    return home


def games_folder() -> Path:
    folder = data_home() / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_autosave_path(seed: int) -> Path:
    """A fresh autosave file for a new game: its start time and seed, never an existing file."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = games_folder()
    path = folder / f"{stamp}-seed{seed}.toml"
    number = 2
    while path.exists():
        path = folder / f"{stamp}-seed{seed}-{number}.toml"
        number += 1
    return path


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
        seats = ", ".join(name if kind == "human" else f"{name} (AI)"
                          for name, kind in zip(self.names, self.kinds, strict=False))
        when = datetime.fromtimestamp(self.modified).strftime("%d %b %H:%M")
        kind = "playtest, " if self.playtest else ""
        return f"{seats} — {kind}{self.pack}, {self.moves} moves — {when}"


def _info(path: Path) -> SavedGameInfo | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        modified = path.stat().st_mtime
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
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


def saved_games() -> list[SavedGameInfo]:
    """Every autosaved game that can be read, newest first."""
    paths = list(games_folder().glob("*.toml"))
    legacy = data_home() / LEGACY_AUTOSAVE
    if legacy.is_file():
        paths.append(legacy)
    found = [info for info in (_info(p) for p in paths if p.is_file()) if info is not None]
    return sorted(found, key=lambda info: info.modified, reverse=True)


def unfinished_games(*, playtests: bool = True) -> list[SavedGameInfo]:
    """Autosaved games not over yet and not open in a table, newest first (playtests left
    out unless asked)."""
    return [g for g in saved_games() if not g.over and (playtests or not g.playtest)
            and not open_elsewhere(g.path)]


def set_aside(path: Path) -> Path:
    """Move a saved game that cannot be resumed out of the list (kept, never deleted)."""
    folder = games_folder() / "set-aside"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / path.name
    number = 2
    while target.exists():
        target = folder / f"{path.stem}-{number}{path.suffix}"
        number += 1
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


def settings() -> QSettings:
    return QSettings(str(data_home() / "table.ini"), QSettings.Format.IniFormat)
