"""The data folder where the table and the editor keep their files (autosaves, crash reports,
the problems log, simulation reports) and the remembered settings. ``SMQT_HOME`` overrides the
platform's application data folder (tests use a temporary one); a part of it that cannot be
used is replaced by a stand-in in the temporary folder, private to the user and that data
folder, and said so."""

from __future__ import annotations

import getpass
import hashlib
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from smqt.language.translate import N_, _

Problem = tuple[str, dict[str, str]]
"""What is wrong, kept untranslated until it is shown (the language may change meanwhile): a
marked sentence and its values (a ``reason`` among them is translated too when it is ours)."""

_homes: dict[str, tuple[Path, Problem | None, Path]] = {}
"""The data folder found for each ``SMQT_HOME`` value, what went wrong finding it, and the
folder asked for."""


def _words(problem: Problem | None) -> str:
    """A problem as a sentence in the language in force ("" for none)."""
    if problem is None:
        return ""
    sentence, values = problem
    reason = values.get("reason")
    if reason:
        values = {**values, "reason": _(reason)}  # the system's own words stay as they are
    return _(sentence).format(**values)


def data_home() -> Path:
    """The user's data folder (``$SMQT_HOME`` or the platform's). When it cannot be used (it
    is a file, it cannot be made or written), a folder in the temporary directory stands in
    for this run and ``data_home_problem`` says so: the table always starts."""
    override = os.environ.get("SMQT_HOME") or ""
    if override not in _homes:
        _homes[override] = _find_home(override)
    return _homes[override][0]


def _asked_home() -> Path:
    """The data folder asked for (``$SMQT_HOME`` or the platform's), used or not."""
    data_home()
    return _homes[os.environ.get("SMQT_HOME") or ""][2]


def data_home_problem() -> str:
    """Why the data folder had to be replaced for this run ("" when it did not)."""
    data_home()
    return _words(_homes[os.environ.get("SMQT_HOME") or ""][1])


def _find_home(override: str) -> tuple[Path, Problem | None, Path]:
    """(the folder used, what went wrong, the folder asked for)."""
    if override:
        home = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        home = Path(base or Path.home()) / "smqt"
    reason = _unusable(home)
    if not reason:
        return home, None, home
    stand_in = _stand_in(home)
    if stand_in is None:  # what is written then fails, and says so, at its own place
        return home, (N_("The data folder {folder} cannot be used ({reason}), and no private "
                         "folder could stand in for it: games and settings are not kept."),
                      {"folder": str(home)[:200], "reason": reason}), home
    return stand_in, (N_("The data folder {folder} cannot be used ({reason}). Games and settings "
                         "are kept in {stand_in} for now."),
                      {"folder": str(home)[:200], "reason": reason, "stand_in": str(stand_in)}), home


def _unusable(folder: Path) -> str:
    """Why ``folder`` cannot hold the program's files (it is made when missing), or "" (in
    English: translated where it is shown, ``_words``)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise NotADirectoryError(N_("it is not a folder"))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(N_("it cannot be written"))
        return ""
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        if isinstance(exc, FileExistsError):
            return N_("a file of that name is in the way")
        return getattr(exc, "strerror", None) or str(exc)


def stand_in_path(home: Path) -> Path:
    """Where a stand-in for the data folder ``home`` is made: in the temporary folder, named
    after the user and this data folder (two data folders never share one)."""
    digest = hashlib.sha256(os.fsencode(os.path.abspath(home))).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"smqt-{_user()}-{digest}"


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name anywhere (a container without one): the number
        return str(os.getuid()) if hasattr(os, "getuid") else "user"


_stand_ins: dict[str, Path] = {}
"""The stand-in of each data folder this run (a fresh one where the usual one is not private)."""


def _stand_in(home: Path) -> Path | None:
    """The folder that stands in for the data folder ``home``, or a part of it, for this run:
    private (mode 0700). One that is there already serves when it is a folder (not a link) of
    this user; else a fresh private folder serves. None when none can be made. Looked at on
    every call (a stand-in removed behind the program's back is made again, private)."""
    key = os.path.abspath(home)
    path = _stand_ins.get(key) or stand_in_path(home)
    try:
        path.mkdir(mode=0o700)
    except OSError:
        pass  # there already (it is checked next), or it cannot be made
    if not _private(path):
        try:
            path = Path(tempfile.mkdtemp(prefix=f"smqt-{_user()}-"))  # made with mode 0700
        except OSError:
            return None
    _stand_ins[key] = path
    return path


def _private(folder: Path) -> bool:
    """Whether ``folder`` is a real folder of this user that nobody else may enter (made so
    when it is the user's own)."""
    try:
        info = os.lstat(folder)
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
            return False
        if hasattr(os, "getuid"):  # POSIX: elsewhere the temporary folder is the user's own
            if info.st_uid != os.getuid():
                return False
            if stat.S_IMODE(info.st_mode) & 0o077:
                os.chmod(folder, 0o700)
        return True
    except OSError:
        return False


_part_problems: dict[tuple[str, str], Problem] = {}
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
    private = _stand_in(_asked_home())
    stand_in = private.joinpath(*parts) if private is not None else folder
    if private is None or _unusable(stand_in):
        return folder  # no stand-in either: the write itself reports its failure
    _part_problems.setdefault(key, (N_("The folder {folder} cannot be used ({reason}). What "
                                       "belongs there is kept in {stand_in} for now."),
                                    {"folder": str(folder)[:200], "reason": reason,
                                     "stand_in": str(stand_in)}))
    return stand_in


def storage_problems() -> list[str]:
    """What is wrong with the data folder and its parts, each once, in sentences."""
    home = os.environ.get("SMQT_HOME") or ""
    found = [data_home_problem(), settings_problem()]
    found += [_words(problem) for (where, _part), problem in _part_problems.items()
              if where == home]
    return [text for text in found if text]


SETTINGS_LIMIT = 1024 * 1024
_settings_problem: list[Problem] = []


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
            _settings_problem.append((N_("The settings file {path} was damaged: it was moved to "
                                         "{aside} and the table starts with its defaults."),
                                      {"path": str(path), "aside": aside.name}))
        except OSError:
            pass
    return QSettings(str(path), QSettings.Format.IniFormat)


def settings_problem() -> str:
    return " ".join(_words(problem) for problem in _settings_problem)
