"""A pack carried by value: its files and the packs it extends, loaded anywhere to the same
identity (R12.2: a record names the pack by name, version and content hash)."""

from __future__ import annotations

import pickle
import tempfile

import pytest

from smqt.pack import extends as extends_module
from smqt.pack import packsource
from smqt.pack.load import load_pack
from smqt.pack.packsource import PackSource, PackSourceError, load_source, write_pack
from smqt.pack.problems import PackError
from smqt.pack.save import save_catalog
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


def test_a_source_loads_without_writing_a_file(tmp_path):
    """Issue 41: a worker loads the pack it is sent from the files as they are."""
    source = PackSource.from_folder(SHORT)
    catalog = load_source(source)
    assert catalog.identity == load_pack(SHORT).identity
    assert list((tmp_path / "temp").iterdir()) == []


def test_the_old_pack_cache_folder_is_removed(tmp_path):
    import os

    old = tmp_path / "temp" / f"smqt-packs-{os.getuid()}"
    (old / "abc-1" / "base").mkdir(parents=True)
    (old / "abc-1" / "base" / "pack.toml").write_text("")
    assert packsource.remove_old_pack_cache()
    assert not old.exists()
    assert not packsource.remove_old_pack_cache(), "nothing left to remove"


def test_a_source_that_loads_to_another_identity_is_refused():
    source = PackSource.from_folder(BASE)
    forged = PackSource(source.name, source.version, "0" * 16, source.files, source.leaf)
    with pytest.raises(PackSourceError, match="0000000000000000"):
        load_source(forged)


def named_variant(folder, extends="base"):
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(f'name = "trial"\nversion = "0.1"\nschema = 1\n'
                                      f'extends = "{extends}"\n')
    (folder / "rules.toml").write_text("[rules]\ncards_to_end = 10\n")
    return folder


def test_a_variant_naming_base_is_carried_with_base_beside_it_and_no_path(tmp_path, monkeypatch):
    """Issue 43: a variant in the documents folder that extends the shipped base by its name
    is carried as ``trial/`` and ``base/``: no folder of this machine among its files, and
    its copy loads from itself, even where no shipped base is to be found."""
    folder = named_variant(tmp_path / "Documents" / "Santa Monica variants" / "trial")
    source = PackSource.from_folder(folder)
    names = [name for name, _ in source.files]
    assert source.leaf == "trial"
    assert "base/street.toml" in names and "trial/rules.toml" in names
    assert all(name.split("/")[0] in ("base", "trial") for name in names)
    assert dict(source.files)["base/street.toml"] == (BASE / "street.toml").read_bytes()
    identity = load_pack(folder).identity
    assert load_source(source).identity == identity
    copy = write_pack(source, tmp_path / "report" / "packs" / "trial-1a2b")
    monkeypatch.setattr(extends_module, "shipped_pack", lambda name: None)  # no installation
    assert load_pack(copy).identity == identity
    assert PackSource.from_folder(copy) == source


def test_a_variant_of_a_variant_naming_base_keeps_its_own_layout(tmp_path):
    named_variant(tmp_path / "mine" / "middle")
    leaf = named_variant(tmp_path / "mine" / "top", "../middle")
    (leaf / "pack.toml").write_text((leaf / "pack.toml").read_text().replace("trial", "top"))
    source = PackSource.from_folder(leaf)
    assert source.leaf == "top"
    assert {name.split("/")[0] for name, _ in source.files} == {"base", "middle", "top"}
    assert load_source(source).identity == load_pack(leaf).identity


def test_a_name_carried_where_another_pack_of_the_chain_is_is_refused(tmp_path):
    """A folder ``base`` holding a pack called otherwise, which names ``base``: the shipped
    base would be carried into that folder's place."""
    named_variant(tmp_path / "base")  # "trial", extends the shipped "base"
    leaf = named_variant(tmp_path / "top", "../base")
    assert load_pack(leaf).rules.cards_to_end == 10
    with pytest.raises(PackError, match="another of the packs it builds on"):
        PackSource.from_folder(leaf)
