"""Load -> write -> load is the identity, on the fixture pack and on every pack in content/
and tests/ (but the planted-mistakes pack); writing is stable and leaves defaults out."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest

from smqt.engine import effects
from smqt.engine.catalog import Catalog, catalog_entries
from smqt.engine.content import FeatureCard, Rules, Supply, TakeFrom, TakeRule
from smqt.engine.effects import Row, Tag, Who
from smqt.pack.convert import converter
from smqt.pack.folder import KINDS
from smqt.pack.load import load_pack
from smqt.pack.manifest import SCHEMA, PackManifest
from smqt.pack.save import (
    dump_entries,
    entries_to_toml,
    rules_to_toml,
    save_catalog,
    save_pack,
    unstructure_entry,
)
from tests.content.packfixtures import FIXTURE_FILES, manifest, write_pack

ROOT = Path(__file__).resolve().parents[2]
PLANTED = "tests/content/packs/planted"  # wrong on purpose: test_validate.py
FOUND_PACKS = sorted(
    p.parent.relative_to(ROOT).as_posix()
    for folder in (ROOT / "content", ROOT / "tests")
    for p in folder.rglob("pack.toml")
)
ROUND_TRIP_PACKS = ["fixture", *(p for p in FOUND_PACKS if p != PLANTED)]


def assert_same_content(first: Catalog, second: Catalog) -> None:
    for kind in KINDS:
        assert list(catalog_entries(first, kind).items()) == list(
            catalog_entries(second, kind).items()
        ), kind
    assert first.rules == second.rules


@pytest.mark.parametrize("pack", ROUND_TRIP_PACKS)
def test_load_write_load_is_the_identity(pack: str, tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "fixture", FIXTURE_FILES) if pack == "fixture" else ROOT / pack
    loaded = load_pack(folder)
    save_catalog(loaded, tmp_path / "saved", "saved", "1")
    again = load_pack(tmp_path / "saved")
    assert_same_content(loaded, again)
    assert (again.identity.name, again.identity.version) == ("saved", "1")
    # writing what was read back gives the same bytes: the output order is stable
    first_bytes = {p.name: p.read_bytes() for p in (tmp_path / "saved").iterdir()}
    save_catalog(again, tmp_path / "saved", "saved", "1")
    assert first_bytes == {p.name: p.read_bytes() for p in (tmp_path / "saved").iterdir()}


def test_every_content_folder_with_toml_files_is_a_pack() -> None:
    """So the round trip above skips no pack silently (content/positions holds positions)."""
    folders = {
        p.parent
        for p in (ROOT / "content").rglob("*.toml")
        if (ROOT / "content" / "positions") not in p.parents
    }
    assert [f for f in sorted(folders) if not (f / "pack.toml").is_file()] == []


def test_a_variant_is_saved_standalone(fixture_pack: Path, make_pack, tmp_path: Path) -> None:
    child = make_pack(
        "variants/v",
        {
            "pack.toml": manifest("v", extends="../../base"),
            "x.toml": '[remove]\ncard = ["pier_arcade"]\n\n[rules.supply]\nlimited = false\n',
        },
    )
    loaded = load_pack(child)
    save_catalog(loaded, tmp_path / "flat", "flat", "2")
    assert "extends" not in tomllib.loads((tmp_path / "flat" / "pack.toml").read_text())
    assert_same_content(loaded, load_pack(tmp_path / "flat"))


def test_unstructure_entry_order_kind_first_and_defaults_left_out() -> None:
    card = FeatureCard(
        id="x",
        name="X",
        row=Row.BEACH,
        tags=(Tag.WAVE,),
        placement=(effects.Move(people=Who.ANY, count=2),),
        scoring=(effects.Chain(tag=Tag.WAVE, at_least=3, points=1),),
    )
    data = unstructure_entry(card)
    assert data == {
        "id": "x",
        "name": "X",
        "row": "beach",
        "tags": ["wave"],
        "placement": [{"kind": "move", "people": "any", "count": 2}],
        "scoring": [{"kind": "chain", "tag": "wave", "at_least": 3, "points": 1}],
    }
    assert list(data) == ["id", "name", "row", "tags", "placement", "scoring"]
    assert list(data["scoring"][0]) == ["kind", "tag", "at_least", "points"]
    assert type(data["row"]) is str and type(data["tags"][0]) is str
    assert unstructure_entry(TakeRule(source=TakeFrom.COLUMN, count=2)) == {
        "source": "column",
        "count": 2,
    }
    tiers = effects.AdjacentTiers(tag=Tag.LOCAL, tiers=((1, 3), (2, 5)))
    assert unstructure_entry(tiers)["tiers"] == [[1, 3], [2, 5]]
    assert converter.structure(unstructure_entry(tiers), effects.AdjacentTiers) == tiers


def test_entries_to_toml_reads_back(fixture_pack: Path) -> None:
    cards = list(load_pack(fixture_pack).cards.values())
    data = tomllib.loads(entries_to_toml("card", cards))
    assert [converter.structure(raw, FeatureCard) for raw in data["card"]] == cards


def test_rules_to_toml_writes_only_overrides() -> None:
    """R12.1 a saved rules table lists what differs from the defaults."""
    text = rules_to_toml(Rules(cards_to_end=10, supply=Supply(vip=9)))
    assert tomllib.loads(text) == {"rules": {"cards_to_end": 10, "supply": {"vip": 9}}}
    assert tomllib.loads(rules_to_toml(Rules())) == {"rules": {}}


def test_dump_entries_writes_several_sections(fixture_pack: Path) -> None:
    catalog = load_pack(fixture_pack)
    text = dump_entries(
        {"card": catalog.cards.values(), "objective_tile": catalog.objective_tiles.values()},
        rules=catalog.rules,
    )
    assert set(tomllib.loads(text)) == {"card", "objective_tile", "rules"}
    with pytest.raises(ValueError, match="unknown kinds"):
        dump_entries({"cards": []})


def test_save_refuses_a_folder_with_other_pack_files(fixture_pack: Path) -> None:
    with pytest.raises(FileExistsError, match=r"objectives\.toml, sand_dollars\.toml"):
        save_catalog(load_pack(fixture_pack), fixture_pack, "x", "1")


def test_save_pack_writes_a_variant_that_extends(fixture_pack: Path, tmp_path: Path) -> None:
    base = load_pack(fixture_pack)
    card = attrs.evolve(base.cards["pier_arcade"], name="Pier Arcade II")
    text = dump_entries({"card": [card]}, rules=Rules(cards_to_end=9))
    variant = PackManifest("v", "1", SCHEMA, extends="../base")
    save_pack(tmp_path / "v", variant, {"changes.toml": text})
    loaded = load_pack(tmp_path / "v")
    assert loaded.cards["pier_arcade"].name == "Pier Arcade II"
    assert list(loaded.cards) == list(base.cards)
    assert loaded.rules == Rules(display_columns=1, cards_to_end=9, supply=Supply(vip=10))  # base
    with pytest.raises(ValueError, match="not a name for an entries file"):
        save_pack(tmp_path / "v", variant, {"../x.toml": ""})
