"""Where the table keeps its files: one autosave per game (so that a playtest or a second game
never overwrites an unfinished one) and the remembered layout. ``SMQT_HOME`` overrides the
platform's application data folder (tests use a temporary one)."""

from __future__ import annotations

import getpass
import os
import stat
import tempfile
import tomllib
from datetime import datetime
from pathlib import Path

import attrs
from PySide6.QtCore import QLockFile, QSettings, QStandardPaths

from smqt.engine.textfile import TextFileError, read_text

LEGACY_AUTOSAVE = "autosave.toml"
"""The single autosave of earlier versions: still listed, never written."""


_homes: dict[str, tuple[Path, str]] = {}
"""The data folder found for each ``SMQT_HOME`` value, and what went wrong finding it."""


def data_home() -> Path:
    """The user's data folder (``$SMQT_HOME`` or the platform's). When it cannot be used (it
    is a file, it cannot be made or written), a folder in the temporary directory stands in
    for this run and ``data_home_problem`` says so: the table always starts."""
    override = os.environ.get("SMQT_HOME") or ""
    if override not in _homes:
        _homes[override] = _find_home(override)
    return _homes[override][0]


def data_home_problem() -> str:
    """Why the data folder had to be replaced for this run ("" when it did not)."""
    data_home()
    return _homes[os.environ.get("SMQT_HOME") or ""][1]


def _find_home(override: str) -> tuple[Path, str]:
    if override:
        home = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        home = Path(base or Path.home()) / "smqt"
    reason = _unusable(home)
    if not reason:
        return home, ""
    stand_in = _stand_in()
    return stand_in, (f"The data folder {str(home)[:200]} cannot be used ({reason}). Games "
                      f"and settings are kept in {stand_in} for now.")


def _unusable(folder: Path) -> str:
    """Why ``folder`` cannot hold the program's files (it is made when missing), or ""."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise NotADirectoryError("it is not a folder")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError("it cannot be written")
        return ""
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        if isinstance(exc, FileExistsError):
            return "a file of that name is in the way"
        return getattr(exc, "strerror", None) or str(exc)


def _stand_in() -> Path:
    """The folder that stands in for the data folder, or a part of it, for this run."""
    stand_in = Path(tempfile.gettempdir()) / f"smqt-{getpass.getuser()}"
    try:
        stand_in.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # what is written there then fails, and says so, at its own place
    return stand_in


_part_problems: dict[tuple[str, str], str] = {}
"""Parts of the data folder that a stand-in replaces, with what is wrong (per ``SMQT_HOME``)."""


def data_folder(*parts: str) -> Path:
    """A folder inside the data folder (``games``, ``games/set-aside``...), made when missing.
    When it cannot be used (a file is in its place, it cannot be made or written), a folder of
    the same name in a stand-in serves for this run and ``storage_problems`` says so: the
    table goes on saving. Looked at on every call (a folder removed behind the program's back
    is made again)."""
    folder = data_home().joinpath(*parts)
    reason = _unusable(folder)
    key = (os.environ.get("SMQT_HOME") or "", "/".join(parts))
    if not reason:
        return folder
    stand_in = _stand_in().joinpath(*parts)
    if _unusable(stand_in):
        return folder  # no stand-in either: the write itself reports its failure
    _part_problems.setdefault(key, (f"The folder {str(folder)[:200]} cannot be used "
                                    f"({reason}). What belongs there is kept in {stand_in} "
                                    f"for now."))
    return stand_in


def storage_problems() -> list[str]:
    """What is wrong with the data folder and its parts, each once, in sentences."""
    home = os.environ.get("SMQT_HOME") or ""
    found = [data_home_problem(), settings_problem()]
    found += [text for (where, _), text in _part_problems.items() if where == home]
    return [text for text in found if text]


def games_folder() -> Path:
    return data_folder("games")


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


def saved_games() -> list[SavedGameInfo]:
    """Every autosaved game that can be read, newest first."""
    paths = list(games_folder().glob("*.toml"))
    legacy = data_home() / LEGACY_AUTOSAVE
    if legacy.is_file():
        paths.append(legacy)
    found = [info for info in (saved_game_info(p) for p in paths if p.is_file())
             if info is not None]
    return sorted(found, key=lambda info: info.modified, reverse=True)


def unfinished_games(*, playtests: bool = True) -> list[SavedGameInfo]:
    """Autosaved games not over yet and not open in a table, newest first (playtests left
    out unless asked)."""
    return [g for g in saved_games() if not g.over and (playtests or not g.playtest)
            and not open_elsewhere(g.path)]


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
    folder = data_folder("games", "set-aside")
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


SETTINGS_LIMIT = 1024 * 1024
_settings_problem: list[str] = []


def settings() -> QSettings:
    """The remembered layout. A settings file that is not a small regular file (damaged, a
    link to a device) is set aside first, so that it can neither hang nor break the start."""
    path = data_home() / "table.ini"
    try:
        info = path.stat()
        bad = not stat.S_ISREG(info.st_mode) or info.st_size > SETTINGS_LIMIT
    except FileNotFoundError:
        bad = path.is_symlink()  # a link to nothing
    except OSError:
        bad = True
    if bad:
        aside = path.with_name(f"table.ini.set-aside-{datetime.now():%Y%m%d-%H%M%S}")
        try:
            path.rename(aside)
            _settings_problem.append(f"The settings file {path} was damaged: it was moved to "
                                     f"{aside.name} and the table starts with its defaults.")
        except OSError:
            pass
    return QSettings(str(path), QSettings.Format.IniFormat)


def settings_problem() -> str:
    return " ".join(_settings_problem)
