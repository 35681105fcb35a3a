"""Where the tables of an array stand in a TOML text: the line of each ``[[card]]`` header, so
that a problem about the third card of a file can say its line (tomllib gives no lines).
Headers inside multi-line strings or comments do not count; when the headers found are not
exactly the array's tables (some written inline, ``card = [{...}]``), no line is given
rather than a wrong one."""

from __future__ import annotations

import re

_HEADER = re.compile(r"""\s*\[\[\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*\]\]""")
_TRIPLES = ('"""', "'''")


def table_lines(text: str, section: str, tables: int) -> list[int] | None:
    """The 1-based line of each ``[[section]]`` header in ``text``, in order, when there are
    exactly ``tables`` of them (the length of the parsed array); else None."""
    found = []
    open_string: str | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if open_string is None:
            header = _HEADER.match(line)
            if header and next(g for g in header.groups() if g is not None) == section:
                found.append(number)
        open_string = _string_after(line, open_string)
    return found if len(found) == tables else None


def _string_after(line: str, open_string: str | None) -> str | None:
    """The multi-line string still open at the end of ``line`` (``\"\"\"`` or ``'''``), given
    the one open at its start; strings on one line and comments are skipped."""
    i = 0
    while i < len(line):
        if open_string is not None:
            if open_string == '"""' and line[i] == "\\":
                i += 2
            elif line.startswith(open_string, i):
                i += 3
                while line.startswith(open_string[0], i):  # up to two quotes end the string
                    i += 1
                open_string = None
            else:
                i += 1
            continue
        triple = next((t for t in _TRIPLES if line.startswith(t, i)), None)
        if triple is not None:
            open_string, i = triple, i + 3
        elif line[i] == "#":
            break
        elif line[i] in "\"'":
            i = _end_of_string(line, i)
        else:
            i += 1
    return open_string


def _end_of_string(line: str, start: int) -> int:
    """The index after the one-line string opening at ``start``."""
    quote, i = line[start], start + 1
    while i < len(line) and line[i] != quote:
        i += 2 if quote == '"' and line[i] == "\\" else 1
    return i + 1
