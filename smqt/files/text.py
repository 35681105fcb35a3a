"""Reading a text file a person gave us (a record, a saved game, an autosave, a position):
through the pack files' guarded reader (only a regular file, only so much of it, never waiting
on a pipe), then UTF-8; each refusal said in words."""

from __future__ import annotations

import os
from pathlib import Path

from smqt.files.guarded import PackFileError, read_bytes
from smqt.language.translate import _

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""Far more than any game record (a whole 4-player game is about 10 KB)."""


class TextFileError(ValueError):
    """The file cannot be read as text; the message says why."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> str:
    """The file's text; raises TextFileError when it is not a regular file, is larger than
    ``limit`` bytes, cannot be read or is not UTF-8."""
    if Path(path).is_dir():
        raise TextFileError(_("it is a folder, not a file"))
    try:
        data = read_bytes(Path(path), limit)
    except PackFileError as exc:
        # Translators: {problem} is a file problem such as "is too large (...)"; "it" is the file
        raise TextFileError(_("it {problem}").format(problem=exc.problem)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(
            _("it is not UTF-8 text (byte {byte})").format(byte=exc.start)) from None
