"""``smqt.files.tomllines``: the line of each ``[[section]]`` table of a TOML text, or none
when the headers found are not the array's tables (issue 43: a duplicate id gives the lines
of both copies)."""

from __future__ import annotations

import tomllib

import pytest

from smqt.files.tomllines import table_lines

TEXT = '''\
[[card]]
id = "a"
text = "a \\"quoted\\" [[card]] and # no comment"
[[card.rings]]
kind = "ring"

[[ "card" ]]
id = "b"
text = \'\'\'
[[card]]
\'\'\'
note = """ends here: \\""""
# [[card]]
[[starting_tile]]
id = "s"
  [[card]]
id = "c"
'''


def test_each_header_of_the_section_and_no_other():
    tables = len(tomllib.loads(TEXT)["card"])
    assert tables == 3
    assert table_lines(TEXT, "card", tables) == [1, 7, 16]
    assert table_lines(TEXT, "starting_tile", 1) == [14]


@pytest.mark.parametrize("text", [
    'card = [{ id = "a" }]\n',  # inline: no header at all
    '[[card]]\nid = "a"\n',  # the parsed array says two: do not guess
])
def test_no_lines_when_the_headers_are_not_the_tables(text):
    assert table_lines(text, "card", 2) is None
