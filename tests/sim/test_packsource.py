"""A pack carried by value: its files and the packs it extends, loaded anywhere to the same
identity (R12.2: a record names the pack by name, version and content hash)."""

from __future__ import annotations

import pickle
import tempfile
from pathlib import Path

import pytest

from smqt.pack.load import load_pack
from smqt.pack.problems import PackError
from smqt.pack.save import save_catalog
from smqt.sim import packsource
from smqt.sim.packsource import PackSource, PackSourceError, load_source, write_pack
from tests.support import ROOT, base

BASE = ROOT / "content" / "base"
SHORT = ROOT / "content" / "variants" / "short-game"


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    """Each test loads from files again, into a temporary folder of its own."""
    monkeypatch.setattr(packsource, "_catalogs", {})
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()


@pytest.mark.parametrize("folder", [BASE, SHORT], ids=["base", "short-game"])
def test_source_loads_to_the_identity_of_its_folder(folder):
    source = PackSource.from_folder(folder)
    expected = load_pack(folder)
    assert (source.name, source.version, source.content_hash) == (
        expected.identity.name, expected.identity.version, expected.identity.content_hash)
    catalog = load_source(pickle.loads(pickle.dumps(source)))
    assert catalog.identity == expected.identity
    assert catalog.rules == expected.rules and catalog.cards == expected.cards


def test_a_variant_carries_the_packs_it_extends():
    source = PackSource.from_folder(SHORT)
    names = [name for name, _ in source.files]
    assert source.leaf == "variants/short-game"
    assert "base/pack.toml" in names and "base/street.toml" in names
    assert "variants/short-game/rules.toml" in names
    assert dict(source.files)["base/street.toml"] == (BASE / "street.toml").read_bytes()
    assert PackSource.from_folder(BASE).leaf == "."


def test_pickling_keeps_every_value():
    source = PackSource.from_folder(SHORT)
    assert pickle.loads(pickle.dumps(source)) == source


def test_the_catalog_is_loaded_once_per_process():
    source = PackSource.from_folder(SHORT)
    assert load_source(source) is load_source(PackSource.from_folder(SHORT))


def test_from_files_makes_a_self_contained_pack(tmp_path):
    save_catalog(base(), tmp_path / "made", "made", "0.1")
    files = {p.name: p.read_text() for p in (tmp_path / "made").glob("*.toml")}
    source = PackSource.from_files(files)
    assert source.leaf == "." and (source.name, source.version) == ("made", "0.1")
    assert source.content_hash == load_pack(tmp_path / "made").identity.content_hash
    catalog = load_source(source)
    assert catalog.identity.content_hash == source.content_hash
    assert catalog.cards == base().cards


def test_from_files_refuses_what_is_not_a_flat_standalone_pack():
    manifest = (SHORT / "pack.toml").read_text()
    with pytest.raises(ValueError, match="extend nothing"):
        PackSource.from_files({"pack.toml": manifest})
    with pytest.raises(ValueError, match="flat folder"):
        PackSource.from_files({"pack.toml": "", "sub/cards.toml": ""})
    with pytest.raises(ValueError, match=r"needs its pack\.toml"):
        PackSource.from_files({"cards.toml": ""})
    with pytest.raises(PackError):
        PackSource.from_files({"pack.toml": 'name = "x"\n'})


def test_a_pack_that_does_not_load_is_refused(tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "pack.toml").write_text('name = "broken"\nversion = "1"\nschema = 1\n'
                                                   'extends = "../nowhere"\n')
    with pytest.raises(PackError, match="nowhere"):
        PackSource.from_folder(tmp_path / "broken")


def test_paths_that_leave_the_folder_are_refused():
    source = PackSource.from_folder(BASE)
    with pytest.raises(ValueError, match="relative path"):
        PackSource(source.name, source.version, source.content_hash,
                   (("../evil.toml", b""),), ".")
    with pytest.raises(ValueError, match="relative path"):
        PackSource(source.name, source.version, source.content_hash, source.files, "/etc")


def test_write_pack_writes_a_loadable_pack_elsewhere(tmp_path):
    """The hash covers file names and bytes, not folders: the copy keeps its identity."""
    source = PackSource.from_folder(SHORT)
    leaf = write_pack(source, tmp_path / "report" / "packs")
    assert leaf == tmp_path / "report" / "packs" / "variants" / "short-game"
    assert load_pack(leaf).identity == load_pack(SHORT).identity
    assert write_pack(source, tmp_path / "report" / "packs") == leaf  # the same files again
    (leaf / "extra.toml").write_text("")
    with pytest.raises(FileExistsError, match=r"extra\.toml"):
        write_pack(source, tmp_path / "report" / "packs")


def test_a_damaged_copy_is_replaced(tmp_path):
    source = PackSource.from_folder(SHORT)
    load_source(source)
    (copy,) = (tmp_path / "temp").glob("smqt-packs-*/*/variants/short-game")
    (copy / "rules.toml").write_text("# emptied by someone\n")
    packsource._catalogs.clear()
    assert load_source(source).identity == load_pack(SHORT).identity
    assert (copy / "rules.toml").read_bytes() == (SHORT / "rules.toml").read_bytes()


def test_a_source_that_loads_to_another_identity_is_refused():
    source = PackSource.from_folder(BASE)
    forged = PackSource(source.name, source.version, "0" * 16, source.files, source.leaf)
    with pytest.raises(PackSourceError, match="0000000000000000"):
        load_source(forged)


def test_the_pack_cache_is_pruned_by_age_and_by_size(tmp_path):
    """Issue 31: the per-user pack cache does not grow without end: copies unused for two
    weeks go, half-written ones after a day, then the least recently used while it is too
    large (never one used within the hour)."""
    import os

    from smqt.sim.packsource import prune_cache

    now = 10_000_000.0
    day = 86400

    def copy(name: str, age_days: float, size: int) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "cards.toml").write_bytes(b"x" * size)
        os.utime(folder, (now - age_days * day, now - age_days * day))
        return folder

    old = copy("aaa-1", 20, 10)
    half = copy(".bbb-tmp", 2, 10)
    oldest_big = copy("ccc-1", 5, 600)
    newer_big = copy("ddd-1", 1, 600)
    fresh = copy("eee-1", 0.01, 600)
    gone = prune_cache(tmp_path, now=now, days=14, most=1300)
    assert set(gone) == {old, half, oldest_big}
    assert newer_big.is_dir() and fresh.is_dir()
    assert prune_cache(tmp_path, now=now, days=14, most=100) == [newer_big], \
        "a copy used within the hour stays even when the cache is too large"
