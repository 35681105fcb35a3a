"""A broken TOML file is said in the language in force (issue 27): every message Python's TOML
reader has is said again in our words, with its column."""

from __future__ import annotations

import inspect
import re
import tomllib

import pytest

from smqt.files.tomlwords import _SAID, toml_problem
from smqt.language.translate import use


def tomllib_messages() -> list[str]:
    """Every message ``tomllib`` raises, placeholders filled with a quoted sample."""
    import tomllib._parser as parser

    source = inspect.getsource(parser)
    found = re.findall(r'suffixed_err\(\s*src,\s*\w+,\s*(f?)"((?:[^"\\]|\\.)*)"', source)
    messages = []
    for is_f, text in found:
        text = text.encode().decode("unicode_escape")
        if is_f:
            text = re.sub(r"\{[^}]*!r\}", "'x'", text)
            text = re.sub(r"\{[^}]*\}", "x", text)
        messages.append(text)
    return messages


def test_every_message_of_the_toml_reader_is_said_in_our_words():
    messages = tomllib_messages()
    assert len(messages) >= 15
    unknown = [m for m in messages if not any(p.match(m) for p, _say in _SAID)]
    assert not unknown, unknown


@pytest.mark.parametrize(("text", "english", "german"), [
    ('name = "Pier\n', "a string is not closed before the end of its line (column 13)",
     "eine Zeichenkette ist vor dem Ende ihrer Zeile nicht geschlossen (Spalte 13)"),
    ("name Pier", "a key must be followed by '=' (column 6)",
     "auf einen Schlüssel muss '=' folgen (Spalte 6)"),
    ("[card\n", "a [table] heading is not closed with ']' (column 6)",
     "eine [Tabellen]-Überschrift ist nicht mit ']' geschlossen (Spalte 6)"),
])
def test_a_broken_file_is_said_in_each_language(text, english, german):
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    assert toml_problem(str(caught.value)) == english
    try:
        use("de")
        assert toml_problem(str(caught.value)) == german
    finally:
        use("en")
    assert toml_problem("something new") == "something new"
