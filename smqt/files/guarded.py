"""Reading the files of a pack folder without trusting them: only regular files, only so much
of each, only UTF-8, TOML nested no deeper than a pack needs; every refusal a sentence (and a
line when there is one). Shared by the pack loader (``smqt.pack.folder``) and the content editor.

A symlink to ``/dev/zero``, a fifo, a folder named ``cards.toml``, a 2 GB file, an integer of
5,000 digits or arrays nested 10,000 deep must each become one reported problem, never a hang,
an exhausted memory or a traceback.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from smqt.files.tomlwords import toml_problem
from smqt.language.translate import _

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "PackFileError",
    "cut",
    "folder_problem",
    "list_toml_files",
    "parse_toml",
    "read_bytes",
]

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Far more than any pack file needs (the base pack's largest file is about 30 KB)."""
MAX_NESTING = 16
"""Tables and arrays inside each other, the file itself the first; a pack needs 7 (a pair of
``tiers`` in ``scoring`` of a ``[[card]]``)."""

_TOML_LINE = re.compile(r"at line (\d+)")  # not translated: a regex on tomllib's message
_LONG_NUMBER = re.compile(rb"[0-9_]{4300,}")


class PackFileError(ValueError):
    """A pack file cannot be read or parsed; the message says why, ``line`` where and, when
    the place is inside an entry, its ``section`` (``card``...), ``entry`` id or ``index`` (its
    position in the section, 0-based) and ``key``."""

    def __init__(self, problem: str, line: int | None = None, *, section: str = "",
                 entry: str = "", index: int | None = None, key: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line
        self.section = section
        self.entry = entry
        self.index = index
        self.key = key

    def where(self) -> str:
        """The place in words: ``line 5, card 'pier', key flavour`` (empty when unknown)."""
        parts = [_("line {line}").format(line=self.line)] if self.line is not None else []
        if self.section and self.entry:
            parts.append(f"{self.section} {self.entry!r}")
        elif self.section and self.index is not None:
            parts.append(f"{self.section} #{self.index + 1}")
        elif self.section:
            parts.append(self.section)
        if self.key:
            parts.append(_("key {key}").format(key=self.key))
        return ", ".join(parts)


def cut(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (a 50 MB value is never echoed)."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _os_problem(exc: OSError | ValueError, path: Path) -> str:
    """An OS refusal in words (the exception's own text would repeat the whole path)."""
    if isinstance(exc, ValueError):
        return _("has a NUL character in its name")
    if exc.errno == errno.ELOOP:
        return _("is a symbolic link that leads round in a loop")
    if exc.errno == errno.ENAMETOOLONG:
        return _("has a name too long for the file system")
    if exc.errno == errno.ENOENT and os.path.islink(path):
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        return _("is a symbolic link to {target}, which does not exist").format(
            target=repr(cut(target)))
    if exc.errno == errno.ENOENT:
        return _("does not exist")
    if exc.errno == errno.ENOTDIR:
        return _("does not exist (a part of its path is a file)")
    return _("cannot be read ({reason})").format(reason=exc.strerror or type(exc).__name__)


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be read as a pack folder, or None when it can."""
    try:
        info = os.stat(folder)
    except (OSError, ValueError) as exc:
        problem = _os_problem(exc, folder)
        return _("no such pack folder") if problem == _("does not exist") else problem
    if not stat.S_ISDIR(info.st_mode):
        return _("is not a folder")
    return None


def list_toml_files(folder: Path) -> list[Path]:
    """Every ``*.toml`` name directly in ``folder`` that is not hidden (a leading ``.``: an
    editor's lock or backup file), by name, whatever it is: a folder, a fifo or a dangling
    symlink so named is listed too, to be reported when read. Raises PackFileError when the
    folder cannot be listed."""
    try:
        with os.scandir(folder) as listing:
            names = [e.name for e in listing
                     if e.name.endswith(".toml") and not e.name.startswith(".")]
    except (OSError, ValueError) as exc:
        # Translators: {problem} is a file problem such as "does not exist"
        raise PackFileError(
            _("the folder {problem}").format(problem=_os_problem(exc, folder))) from None
    return [folder / name for name in sorted(names)]


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; raises PackFileError."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        raise PackFileError(_os_problem(exc, path)) from None
    _check_kind(info, limit)
    try:
        # O_NONBLOCK: should the file become a fifo after the stat, open must not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as exc:
        raise PackFileError(_os_problem(exc, path)) from None
    try:
        _check_kind(os.fstat(fd), limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except BlockingIOError:
        raise PackFileError(_("is not a regular file (it would wait for a writer)")) from None
    except OSError as exc:
        raise PackFileError(_os_problem(exc, path)) from None
    finally:
        os.close(fd)
    if size > limit:
        raise PackFileError(_("is too large (more than {limit:,} bytes)").format(limit=limit))
    return b"".join(chunks)


def _check_kind(info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise PackFileError(_("is a folder, not a file: a pack's entries are *.toml files"))
    if not stat.S_ISREG(info.st_mode):
        raise PackFileError(_("is not a regular file (a device, a pipe or a socket)"))
    if info.st_size > limit:
        raise PackFileError(_("is too large ({size:,} bytes; at most {limit:,})").format(
            size=info.st_size, limit=limit))


def parse_toml(data: bytes) -> dict[str, Any]:
    """The TOML tables in ``data``; raises PackFileError for text that is not UTF-8, not
    TOML, holds a number too long to read or is nested deeper than ``MAX_NESTING``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PackFileError(
            _("is not UTF-8 text (byte 0x{byte:02x}); save it as UTF-8").format(
                byte=data[exc.start]), line
        ) from None
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_LINE.search(message)
        line = int(match[1]) if match else text.count("\n") + 1
        raise PackFileError(_("invalid TOML: {message}").format(
            message=cut(toml_problem(message), 200)), line) from None
    except RecursionError:
        raise _too_deep(
            text, _("tables or arrays are nested too deeply (at most {most} levels)").format(
                most=MAX_NESTING)
        ) from None
    except ValueError:  # int("9" * 5000): Python's limit on digits in a number
        long = _LONG_NUMBER.search(data)
        where = data[: long.start()].count(b"\n") + 1 if long else None
        raise PackFileError(_("a number has more than 4300 digits"), where) from None
    depth = _nesting(parsed)
    if depth > MAX_NESTING:
        raise _too_deep(
            text, _("tables or arrays are nested {depth} levels deep; at most {most}").format(
                depth=depth, most=MAX_NESTING)
        )
    return parsed


_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]*?)\s*\]")
_KEY = re.compile(r"\s*([A-Za-z0-9_\-.\"' ]+?)\s*=")
_ID = re.compile(r"\s*id\s*=\s*\"([^\"\n]*)\"")


def _too_deep(text: str, problem: str) -> PackFileError:
    """The refusal of a file nested too deeply, with the line, entry and key where the
    nesting first goes past ``MAX_NESTING`` when the text shows them."""
    spot = _deep_spot(text)
    if spot is None:
        return PackFileError(problem)
    line, header_line, section, index, key = spot
    entry = ""
    if section:
        lines = text.split("\n")
        for row in lines[header_line + 1:]:
            if _HEADER.match(row) and row.lstrip().startswith("["):
                break
            found = _ID.match(row)
            if found:
                entry = cut(found[1])
                break
    return PackFileError(problem, line, section=section, entry=entry,
                         index=index if section else None, key=cut(key))


def _deep_spot(text: str) -> tuple[int, int, str, int, str] | None:
    """(line, line of its table header, section, entry index, key) of the first value nested
    deeper than ``MAX_NESTING`` (the file counts as the first level, like ``_nesting``), read
    from the text without parsing it (strings and comments are skipped); None when none is."""
    base, inline, line, header_line = 1, 0, 1, 0
    section, key = "", ""
    counts: dict[str, int] = {}
    index = -1
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            at_line_start = True
            i += 1
            continue
        if at_line_start and inline == 0:
            end = text.find("\n", i)
            rest = text[i:end if end >= 0 else n]
            header = _HEADER.match(rest)
            if header and rest.lstrip().startswith("["):
                name = header[2].strip()
                array = header[1] == "[["
                base = 1 + len(name.split(".")) + (1 if array else 0)
                section, key, header_line = name, "", line - 1
                if array:
                    counts[name] = counts.get(name, -1) + 1
                    index = counts[name]
                i += header.end()
                at_line_start = False
                continue
            assignment = _KEY.match(rest)
            if assignment:
                key = assignment[1].strip().strip("\"'")
                base_key = len(assignment[1].split(".")) - 1
                if base + base_key > MAX_NESTING:
                    return line, header_line, section, index, key
                i += assignment.end()
                at_line_start = False
                continue
        at_line_start = False if not ch.isspace() else at_line_start
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "\"'":
            end = _string_end(text, i)
            line += text.count("\n", i, end)
            i = end
            continue
        if ch in "[{":
            inline += 1
            if base + inline > MAX_NESTING:
                return line, header_line, section, index, key
        elif ch in "]}":
            inline = max(0, inline - 1)
        i += 1
    return None


def _string_end(text: str, start: int) -> int:
    """The index just after the TOML string that starts at ``start`` (basic or literal, one
    line or several)."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    i = start + (3 if triple else 1)
    while i < len(text):
        ch = text[i]
        if ch == "\\" and quote == '"':
            i += 2
            continue
        if triple and text.startswith(quote * 3, i):
            return i + 3
        if not triple and (ch == quote or ch == "\n"):
            return i + 1
        i += 1
    return len(text)


def _nesting(value: object) -> int:
    """How many tables and arrays deep ``value`` goes (without recursion)."""
    deepest = 0
    pending: list[tuple[object, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth <= MAX_NESTING:  # deeper is refused anyway: stop counting
            pending.extend((child, depth) for child in children)
    return deepest
