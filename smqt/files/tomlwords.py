"""What Python's TOML reader says of a broken file, in the language in force.

``tomllib`` words its errors in English, with the place at the end: ``Illegal character '\\n'
(at line 5, column 25)``. The messages are a small fixed set (Python 3.11-3.13); each is said
again in our words, with the column (the line is reported beside it). A message this list does
not know is kept as it is."""

from __future__ import annotations

import re
from collections.abc import Callable

from smqt.language.translate import _

_PLACE = re.compile(  # not translated: a regular expression over tomllib's words
    r"^(?P<what>.*?)(?: \(at line (?P<line>\d+), column (?P<column>\d+)\)"
    r"| \(at end of document\))?$", re.S)  # not translated: tomllib's
_QUOTED = r"(?P<x>'.*'|\".*\")"

# Each of tomllib's messages (a regular expression over its English words, not translated:
# they are tomllib's) and what we say instead.
_TOMLLIB: list[tuple[str, Callable[[str], str]]] = [
    (r"^Illegal character '\\n'$",  # not translated: tomllib's
     lambda x: _("a string is not closed before the end of its line")),
    (rf"^Illegal character {_QUOTED}$",  # not translated: tomllib's
     lambda x: _("the character {char} may not stand here").format(char=x)),
    (rf"^Found invalid character {_QUOTED}$",  # not translated: tomllib's
     lambda x: _("the character {char} may not stand here").format(char=x)),
    (r"^Expected '=' after a key in a key/value pair$",  # not translated: tomllib's
     lambda x: _("a key must be followed by '='")),
    (r"^Expected newline or end of document after a statement$",  # not translated: tomllib's
     lambda x: _("something else follows a value on the same line")),
    (r"^Expected '\]' at the end of a table declaration$",  # not translated: tomllib's
     lambda x: _("a [table] heading is not closed with ']'")),
    (r"^Expected '\]\]' at the end of an array declaration$",  # not translated: tomllib's
     lambda x: _("a [[table]] heading is not closed with ']]'")),
    (rf"^Expected {_QUOTED}$",
     lambda x: _("{text} was expected here").format(text=x)),
    (r"^Invalid value$",  # not translated: tomllib's
     lambda x: _("this is not a value TOML can read")),
    (r"^Invalid statement$",  # not translated: tomllib's
     lambda x: _("this line is neither key = value nor a [table] heading")),
    (r"^Invalid initial character for a key part$",  # not translated: tomllib's
     lambda x: _("a key cannot begin with this character")),
    (r"^Invalid date or datetime$",  # not translated: tomllib's
     lambda x: _("this date or time is not valid")),
    (r"^Invalid hex value$",  # not translated: tomllib's
     lambda x: _("a \\u or \\U escape is not valid")),
    (r"^Unterminated string$",  # not translated: tomllib's
     lambda x: _("a string is not closed")),
    (r"^Unclosed array$",  # not translated: tomllib's
     lambda x: _("a list is not closed with ']'")),
    (r"^Unclosed inline table$",  # not translated: tomllib's
     lambda x: _("an inline table is not closed with {brace}").format(brace="'}'")),
    (r"^Unescaped '\\' in a string$",  # not translated: tomllib's
     lambda x: _("a backslash in a string must be written \\\\")),
    (r"^Escaped character is not a Unicode scalar value$",  # not translated: tomllib's
     lambda x: _("an escaped character is not a valid Unicode character")),
    (r"^Cannot overwrite a value$",  # not translated: tomllib's
     lambda x: _("a value is given twice")),
    (r"^Cannot declare (?P<x>.*) twice$",  # not translated: tomllib's
     lambda x: _("{key} is declared twice").format(key=x)),
    (r"^Cannot redefine namespace (?P<x>.*)$",  # not translated: tomllib's
     lambda x: _("the table {key} is defined twice").format(key=x)),
    (r"^Cannot mutate immutable namespace (?P<x>.*)$",  # not translated: tomllib's
     lambda x: _("the table {key} is already complete and cannot be added to").format(key=x)),
    (r"^Duplicate inline table key (?P<x>.*)$",  # not translated: tomllib's
     lambda x: _("the key {key} is given twice in an inline table").format(key=x)),
]
_SAID = [(re.compile(pattern), say) for pattern, say in _TOMLLIB]


def toml_problem(message: str) -> str:
    """``tomllib``'s message said in the language in force, with its column."""
    place = _PLACE.match(message)
    what = place["what"] if place else message
    said = next((say(match.groupdict().get("x") or "") for pattern, say in _SAID
                 if (match := pattern.match(what))), what)
    if place and place["column"]:
        return _("{problem} (column {column})").format(problem=said, column=place["column"])
    if message.endswith("(at end of document)"):  # not translated: tomllib's words
        return _("{problem} (at the end of the file)").format(problem=said)
    return said
