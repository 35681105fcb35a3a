"""``extends = "base"``: a pack names a shipped pack by its name, so that a variant works
wherever its folder is sent and whichever installation opens it (issue 43); a pack of that
name beside it comes first (a report's copies), and folder paths keep working."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from smqt.files.guarded import parse_toml
from smqt.pack import extends as extends_module
from smqt.pack.extends import names_a_pack, parent_folder, shipped_pack
from smqt.pack.load import check_pack, load_pack
from smqt.pack.shipped import default_pack, shipped_names
from tests.content.packfixtures import write_pack

CHANGED_CARD = """\
[[card]]
id = "tide_pools"
name = "Tide Pools"
row = "beach"
tags = ["nature", "nature", "wave"]
"""


def variant(folder: Path, extends: str, **files: str) -> Path:
    manifest = f'name = "trial"\nversion = "0.1"\nschema = 1\nextends = "{extends}"\n'
    return write_pack(folder, {"pack.toml": manifest, **files})


def test_a_variant_names_the_shipped_base_pack_by_its_name(tmp_path):
    folder = variant(tmp_path / "anywhere" / "deep" / "trial", "base",
                     **{"changes.toml": CHANGED_CARD})
    catalog, errors = check_pack(folder)
    assert errors == [] and catalog is not None
    base = load_pack(default_pack())
    assert set(catalog.cards) == set(base.cards)
    assert catalog.cards["tide_pools"].tags != base.cards["tide_pools"].tags
    # the same files anywhere else: the same pack (the hash covers names and bytes only)
    moved = Path(shutil.copytree(folder, tmp_path / "elsewhere" / "trial"))
    assert load_pack(moved).identity == catalog.identity


def test_a_name_that_names_no_pack_says_what_it_looked_for(tmp_path):
    folder = variant(tmp_path / "trial", "bsae")
    catalog, errors = check_pack(folder)
    assert catalog is None
    [error] = errors
    assert (error.entry, error.key) == ("pack", "extends")
    assert "no pack named 'bsae'" in error.problem
    assert str(tmp_path / "bsae") in error.problem  # where it looked beside the pack
    assert all(name in error.problem for name in shipped_names())


def test_a_pack_of_that_name_beside_it_comes_before_the_shipped_one(tmp_path):
    """A report's copies: ``packs/trial-1a2b/trial`` beside ``packs/trial-1a2b/base``."""
    near = Path(shutil.copytree(default_pack(), tmp_path / "base"))
    (near / "beach.toml").write_text(
        (near / "beach.toml").read_text().replace('name = "Tide Pools"', 'name = "Rock Pools"'))
    folder = variant(tmp_path / "trial", "base")
    assert parent_folder(folder, "base") == near
    assert load_pack(folder).cards["tide_pools"].name == "Rock Pools"


def test_a_folder_of_that_name_holding_another_pack_is_passed_over(tmp_path):
    variant(tmp_path / "base", "../elsewhere")  # a variant named "trial" in a folder "base"
    folder = variant(tmp_path / "trial", "base")
    assert parent_folder(folder, "base") == default_pack()
    assert load_pack(folder).cards == load_pack(default_pack()).cards


def test_folder_paths_keep_working(tmp_path):
    shutil.copytree(default_pack(), tmp_path / "packs" / "mine")
    folder = variant(tmp_path / "variants" / "trial", "../../packs/mine")
    assert load_pack(folder).cards.keys() == load_pack(default_pack()).cards.keys()
    sub = variant(tmp_path / "outer", "./base")  # a folder inside, not the shipped pack
    shutil.copytree(default_pack(), sub / "base")
    assert parent_folder(sub, "./base") == sub / "base"
    assert check_pack(sub)[1] == []


@pytest.mark.parametrize("text, name", [
    ("base", True), ("short-game", True), ("../base", False), ("./base", False), (".", False),
    ("..", False), ("a\\b", False), ("", False)])
def test_what_counts_as_a_name(text, name):
    assert names_a_pack(text) is name


@pytest.mark.parametrize("name", shipped_names())
def test_every_shipped_pack_says_the_name_it_is_shipped_under(name):
    """A pack carried by value finds a pack named by its name beside it only when that
    pack's pack.toml says the name (``smqt.pack.extends``)."""
    folder = shipped_pack(name)
    assert folder is not None
    assert parse_toml((folder / "pack.toml").read_bytes())["name"] == name


def test_an_installation_without_its_content_names_no_pack(tmp_path, monkeypatch):
    def gone():
        raise FileNotFoundError("no content")

    monkeypatch.setattr(extends_module, "default_pack", gone)
    monkeypatch.setattr(extends_module, "shipped_names", gone)
    folder = variant(tmp_path / "trial", "base")
    [error] = check_pack(folder)[1]
    assert "no pack named 'base'" in error.problem
