"""Writing files the user owns: atomically (temp file + rename), so a failed save never
destroys the previous file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    If anything fails before the rename, the previous file at ``path`` is untouched and the
    temporary file is removed.
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


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (umask applied),
    not the private mode of a temporary file."""
    try:
        return target.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 with ``\\n`` line ends, atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))
