"""Warnings about a pack that loads (issue 43): two entries sharing a name in a language (a
duplicated card keeps its German name, and a German table shows two "Gezeitentümpel"), and a
parent named by a path into smqt's installation. ``smqt validate`` says them and still
passes the pack; the content editor lists them under its problems."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from smqt.cli.validate import run_validate
from smqt.pack.extends import shipped_pack
from smqt.pack.load import check_pack, review_pack
from smqt.pack.shipped import default_pack, shipped_names
from tests.content.packfixtures import write_pack

COPY_OF_TIDE_POOLS = """\
[[card]]
id = "tide_pools_copy"
name = "Tide Pools (copy)"
row = "beach"
tags = ["nature", "nature"]

[card.de]
name = "Gezeitentümpel"
"""

TWO_OF_ONE_NAME = """\
[[card]]
id = "pier_stand"
name = "Pier Stand"
row = "street"
tags = ["business"]

[[card]]
id = "pier_stand_2"
name = "pier  stand"
row = "street"
tags = ["business"]
"""


def variant(folder: Path, cards: str, extends: str = "base") -> Path:
    manifest = f'name = "trial"\nversion = "0.1"\nschema = 1\nextends = "{extends}"\n'
    return write_pack(folder, {"pack.toml": manifest, "cards.toml": cards})


def validate(folder: Path) -> tuple[int, str]:
    out = io.StringIO()
    return run_validate(str(folder), out), out.getvalue()


def test_a_copy_that_kept_its_german_name_is_warned_of(tmp_path):
    folder = variant(tmp_path / "trial", COPY_OF_TIDE_POOLS)
    code, out = validate(folder)
    assert code == 0  # the pack plays
    lines = out.splitlines()
    assert lines[0].startswith("trial 0.1: 79 feature cards")
    [warning] = [line for line in lines if line.startswith("warning: ")]
    assert "card 'tide_pools_copy', key de.name" in warning
    assert "the German name 'Gezeitentümpel' is also the German name of card 'tide_pools'" \
        in warning and "beach.toml" in warning
    review = review_pack(folder)
    assert review.errors == [] and check_pack(folder)[1] == []
    [found] = review.warnings
    assert (found.file, found.entry, found.key, found.section) == (
        str(folder / "cards.toml"), "tide_pools_copy", "de.name", "card")


def test_a_copy_marked_to_be_translated_again_is_not_warned_of(tmp_path):
    """The editor's Duplicate marks the copy's German outdated (the table shows its own name
    until it is translated again): a warning of two German names contradicted the editor's own
    status line (found in a designer's walk)."""
    marked = COPY_OF_TIDE_POOLS.replace('name = "Gezeitentümpel"\n',
                                        'name = "Gezeitentümpel"\noutdated = true\n')
    folder = variant(tmp_path / "trial", marked)
    code, out = validate(folder)
    assert code == 0 and "warning" not in out, out
    assert review_pack(folder).warnings == []


def test_two_entries_of_one_name_are_told_once_in_the_packs_own_words(tmp_path):
    folder = variant(tmp_path / "trial", TWO_OF_ONE_NAME)
    [found] = review_pack(folder).warnings  # not again in German: neither gives a German name
    assert (found.entry, found.key) == ("pier_stand_2", "name")
    assert "the name 'pier  stand' is also the name of card 'pier_stand'" in found.problem


def test_an_entry_of_the_pack_is_blamed_before_one_it_inherits(tmp_path):
    renamed = COPY_OF_TIDE_POOLS.replace('id = "tide_pools_copy"', 'id = "a_first"')
    folder = variant(tmp_path / "trial", renamed)
    [found] = review_pack(folder).warnings
    assert found.entry == "a_first" and "card 'tide_pools'" in found.problem


def test_the_german_warning_is_german(tmp_path, german):
    folder = variant(tmp_path / "trial", COPY_OF_TIDE_POOLS)
    [found] = review_pack(folder).warnings
    assert "Merkmalskarte 'tide_pools'" in found.problem and "deutsche Name" in found.problem


@pytest.mark.parametrize("name", shipped_names())
def test_the_shipped_packs_have_no_warning(name):
    folder = shipped_pack(name)
    assert folder is not None and review_pack(folder).warnings == []


def test_a_path_into_the_installation_is_warned_of(tmp_path):
    folder = tmp_path / "trial"
    path = Path(os.path.relpath(default_pack(), folder)).as_posix()
    variant(folder, "", extends=path)
    code, out = validate(folder)
    assert code == 0
    [warning] = [line for line in out.splitlines() if line.startswith("warning: ")]
    assert "pack, key extends: extends leads into smqt's installation by a path" in warning
    assert 'extends = "base"' in warning
    mine = variant(tmp_path / "mine", "", extends="../trial")  # a pack of one's own: fine
    assert review_pack(mine).warnings == []


def test_a_pack_with_errors_is_warned_of_too_before_the_count(tmp_path):
    broken = COPY_OF_TIDE_POOLS + '\n[[card]]\nid = "nameless"\nrow = "beach"\n'
    code, out = validate(variant(tmp_path / "trial", broken))
    lines = out.splitlines()
    assert code == 1 and lines[-1] == "1 error"
    assert lines[0].endswith("required key 'name' is missing")
    assert lines[1].startswith("warning: ") and "'Gezeitentümpel'" in lines[1]
