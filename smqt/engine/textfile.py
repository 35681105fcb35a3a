"""Reading a text file a person gave us (a record, a save, an autosave): only a regular file,
only so much of it, and only UTF-8, each refusal said in words (a symlink to ``/dev/zero``, a
fifo or a 2 GB file must never hang or exhaust the program)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""Far more than any game record (a whole 4-player game is about 10 KB)."""


class TextFileError(ValueError):
    """The file cannot be read as text; the message says why."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> str:
    """The file's text; raises TextFileError when it is not a regular file, is larger than
    ``limit`` bytes, cannot be read or is not UTF-8."""
    target = Path(path)
    try:
        info = target.stat()
    except OSError as exc:
        raise TextFileError(f"cannot read it ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise TextFileError("it is not a regular file")
    if info.st_size > limit:
        raise TextFileError(f"it is too large ({info.st_size:,} bytes; at most {limit:,})")
    try:
        with target.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise TextFileError(f"cannot read it ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise TextFileError(f"it is too large (more than {limit:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(f"it is not UTF-8 text (byte {exc.start})") from None
