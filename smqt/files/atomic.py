"""Writing files the user owns: atomically (temp file + rename + directory sync), so a failed
save never destroys the previous file; and several files of one folder all-or-nothing
(``write_files``: staged, then committed by a journal), so a kill at any moment leaves either
the old set or the new one, never a mix.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from smqt.language.translate import _

__all__ = [
    "SAVE_JOURNAL",
    "SAVE_STAGING",
    "atomic_write_bytes",
    "atomic_write_text",
    "finish_interrupted_write",
    "remove_stale_temporaries",
    "write_files",
]

SAVE_STAGING = ".smqt-save"
"The folder ``write_files`` stages the new files in (hidden: no pack reads it)."
SAVE_JOURNAL = ".smqt-save.journal"
"Its journal: present from the moment every new file is staged until all are in place."
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
"What ``atomic_write_bytes`` names its temporary files: ``.NAME.`` + mkstemp's 8 letters."


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    If anything fails before the rename, the previous file at ``path`` is untouched and the
    temporary file is removed. After the rename the folder is synced (POSIX), so that the
    rename itself survives a power cut.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp_name, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(target.parent)


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask applied),
    not the private mode of a temporary file."""
    try:
        return target.stat().st_mode & 0o7777
    except (FileNotFoundError, NotADirectoryError):
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """fsync a folder so that renames and removals in it are durable (POSIX; Windows has no
    folder handles to sync). Best effort: some file systems refuse it, and the rename has
    happened either way."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 with ``\\n`` line ends, atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


# --------------------------------------------------------------------------- several files


def write_files(folder: str | os.PathLike[str], files: Mapping[str, bytes]) -> None:
    """Write ``files`` (plain file name -> bytes) into ``folder``, all or none of them.

    Every new file is written and synced in ``SAVE_STAGING`` first; then the journal is
    written (atomically): it is the commit. Then each file is renamed into place and the
    journal removed. A kill before the journal leaves the old files (and a staging folder
    that the next ``finish_interrupted_write`` drops); a kill after it leaves a journal that
    the next ``finish_interrupted_write`` completes. A failure raises OSError; when it comes
    after the commit, the message says the write completes at the next opening.
    """
    target = Path(folder)
    for name in files:
        _check_name(name)
    target.mkdir(parents=True, exist_ok=True)
    finish_interrupted_write(target)
    for name in files:
        if os.path.isdir(target / name):  # found now, not after the commit
            raise IsADirectoryError(_("{path} is a folder; a file cannot replace it").format(
                path=target / name))
    staging = target / SAVE_STAGING
    staging.mkdir()  # fails while another write_files of this folder is under way
    try:
        for name, data in files.items():
            _write_synced(staging / name, data, _mode_for(target / name))
        _sync_folder(staging)
        atomic_write_bytes(target / SAVE_JOURNAL, json.dumps({"files": list(files)}).encode())
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        _complete(target, list(files))
    except OSError as exc:
        raise OSError(_(
            "the save was interrupted after it began to replace files ({error}); it is "
            "completed when the folder is next opened ({journal})"
        ).format(error=exc, journal=target / SAVE_JOURNAL)) from exc


def finish_interrupted_write(folder: str | os.PathLike[str]) -> str | None:
    """Complete a ``write_files`` that a kill or a power cut interrupted after its commit, or
    drop one interrupted before it; returns what was done (``"completed"``, ``"dropped"``)
    or None when there was nothing to do. Raises OSError when the journal is damaged."""
    target = Path(folder)
    journal = target / SAVE_JOURNAL
    staging = target / SAVE_STAGING
    for half_written in target.glob(f"{SAVE_JOURNAL}.*.tmp"):  # a journal never committed
        half_written.unlink(missing_ok=True)
    if os.path.lexists(journal):
        _complete(target, _journal_names(journal))
        return "completed"
    if os.path.lexists(staging):
        if os.path.isdir(staging) and not os.path.islink(staging):
            shutil.rmtree(staging)
        else:
            os.unlink(staging)
        return "dropped"
    return None


def _complete(target: Path, names: list[str]) -> None:
    staging = target / SAVE_STAGING
    for name in names:
        if os.path.lexists(staging / name):  # else it was moved before the interruption
            os.replace(staging / name, target / name)
    _sync_folder(target)
    os.unlink(target / SAVE_JOURNAL)
    _sync_folder(target)
    shutil.rmtree(staging, ignore_errors=True)


def _journal_names(journal: Path) -> list[str]:
    try:
        if not stat.S_ISREG(os.stat(journal).st_mode) or os.path.getsize(journal) > 1 << 20:
            raise ValueError(_("not a small regular file"))
        names = json.loads(journal.read_bytes())["files"]
        if not isinstance(names, list):
            raise ValueError(_("no list of files"))
        for name in names:
            _check_name(name)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise OSError(_("{journal}: the journal of an interrupted save is damaged ({error}); "
                        "check the pack's files and delete it").format(
                            journal=journal, error=exc)) from None
    return names


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name or name in (".", "..") or \
            os.path.basename(name) != name or "/" in name or "\\" in name or "\0" in name:
        raise ValueError(_("{name} is not a plain file name").format(name=repr(name)))


def _write_synced(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(path, mode)  # os.open applied the umask to a kept mode


def remove_stale_temporaries(folder: str | os.PathLike[str], older_than: float = 60.0) -> list[str]:
    """Remove the temporary files ``atomic_write_bytes`` left in ``folder`` when it was
    killed (``.NAME.xxxxxxxx.tmp``) that are older than ``older_than`` seconds (a younger one
    may belong to a write under way); returns their names."""
    removed = []
    now = time.time()
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if not _TEMPORARY.fullmatch(entry.name) or not entry.is_file(follow_symlinks=False):
                    continue
                try:
                    if now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                        os.unlink(entry.path)
                        removed.append(entry.name)
                except OSError:
                    continue
    except OSError:
        return removed
    return removed
