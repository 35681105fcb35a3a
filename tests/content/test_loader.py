"""Loading good packs: classes, order, inheritance (extends / replace / remove / rules),
cycles and the pack identity (R12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from smqt.engine import effects
from smqt.engine.catalog import Catalog, PackIdentity
from smqt.engine.content import (
    FeatureCard,
    FootprintRule,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
    Supply,
    TakeFrom,
    TakeRule,
)
from smqt.engine.effects import Person, Row, Tag, Who
from smqt.pack.folder import read_pack
from smqt.pack.load import check_pack, load_pack
from smqt.pack.problems import PackError
from tests.content.packfixtures import FIXTURE_FILES, manifest, single_error


def test_fixture_pack_loads_entries_as_their_classes(fixture_pack: Path) -> None:
    catalog = load_pack(fixture_pack)
    assert isinstance(catalog, Catalog)
    assert list(catalog.cards) == ["boardwalk_tacos", "end_of_the_beach", "pier_arcade"]
    assert all(isinstance(c, FeatureCard) for c in catalog.cards.values())
    assert all(isinstance(t, StartingTile) for t in catalog.starting_tiles.values())
    assert all(isinstance(a, SandDollarAction) for a in catalog.sand_dollar_actions.values())
    assert all(isinstance(t, SandDollarTile) for t in catalog.sand_dollar_tiles.values())
    assert all(isinstance(t, ObjectiveTile) for t in catalog.objective_tiles.values())
    assert list(catalog.sand_dollar_tiles) == ["tile_1", "tile_2"]
    assert list(catalog.objective_tiles) == ["blue", "green", "orange"]


def test_card_fields_are_structured_exactly(fixture_pack: Path) -> None:
    """The example card of the format: enums by value, tuples, tagged unions, defaults."""
    card = load_pack(fixture_pack).cards["boardwalk_tacos"]
    assert card == FeatureCard(
        id="boardwalk_tacos",
        name="Boardwalk Tacos",
        row=Row.STREET,
        tags=(Tag.BUSINESS, Tag.TOURIST),
        placement=(
            effects.GainSandDollars(count=1),
            effects.AddPeople(people=Person.TOURIST, count=1),
            effects.Move(people=Who.ANY, count=2, distance=1),
        ),
        scoring=(
            effects.Adjacent(tag=Tag.LOCAL, points=2),
            effects.Chain(tag=Tag.BUSINESS, at_least=3, points=1, per_tag=True),
        ),
        rings=(effects.Ring(people=(Who.TOURIST, Who.ANY), points=4),),
    )
    assert type(card.row) is Row and type(card.tags[0]) is Tag


def test_every_union_member_is_reachable_from_toml(fixture_pack: Path) -> None:
    catalog = load_pack(fixture_pack)
    beach = catalog.cards["end_of_the_beach"]
    assert beach.leftmost_beach
    assert beach.scoring[1] == effects.AdjacentTiers(tag=Tag.NATURE, tiers=((1, 3), (2, 5)))
    assert beach.rings == (effects.AnyNumberRing(points=3),)
    pier = catalog.cards["pier_arcade"]
    assert pier.scoring[3] == effects.PerTagInCity(tag=Tag.SPORTS, per=2, points=1)
    assert pier.scoring[2] == effects.AdjacentGives(symbol=effects.Symbol.PEOPLE, points=-2)
    kinds = {type(e) for c in catalog.cards.values() for e in (*c.placement, *c.scoring)}
    assert set(effects.PLACEMENT_KINDS) <= kinds
    assert set(effects.SCORING_KINDS) <= kinds
    objectives = {type(o) for t in catalog.objective_tiles.values() for o in t.objectives}
    assert objectives == set(effects.OBJECTIVE_KINDS)


def test_nested_tables_and_defaults(fixture_pack: Path) -> None:
    catalog = load_pack(fixture_pack)
    assert catalog.starting_tiles["spots"].footprint == FootprintRule(
        tags=(Tag.LOCAL, Tag.TOURIST), points_per_tag=1
    )
    action = catalog.sand_dollar_actions["swap_and_return"]
    assert action.take == TakeRule(source=TakeFrom.FRONT, count=1)
    assert action.swap is True
    assert action.allowances == (effects.ReturnPeople(people=Who.ANY, count=2),)
    assert catalog.sand_dollar_tiles["tile_2"].sides == ("swap_and_return", "spot_anywhere")
    assert catalog.objective_tiles["blue"].penalty == effects.MostUnplaced(most=-4, second=-2)


def test_r12_1_rules_table_overrides_only_the_keys_given(fixture_pack: Path) -> None:
    """R12.1 a pack's rules table overrides single parameters, nested tables partially."""
    rules = load_pack(fixture_pack).rules
    assert rules == Rules(display_columns=1, cards_to_end=12, supply=Supply(vip=10))


def test_r12_1_pack_without_rules_table_has_default_rules(make_pack) -> None:
    """R12.1 every parameter has its default when no rules table is given."""
    folder = make_pack("plain", {"pack.toml": manifest("plain")})
    contents, _ = read_pack(folder)
    assert contents is not None and contents.rules == Rules()
    assert contents.entries["card"] == {}


def test_entries_files_are_read_in_file_name_order(make_pack) -> None:
    card = '[[card]]\nid = "{0}"\nname = "{0}"\nrow = "beach"\n'
    folder = make_pack(
        "ordered",
        {
            "pack.toml": manifest("ordered"),
            "b.toml": card.format("from_b"),
            "a.toml": card.format("from_a"),
            "c.toml": card.format("from_c"),
            ".hidden.toml": "not = [toml",
            "notes.txt": "not read",
        },
    )
    contents, errors = read_pack(folder)
    assert errors == [] and contents is not None
    assert list(contents.entries["card"]) == ["from_a", "from_b", "from_c"]


# --------------------------------------------------------------------------- extends


CHILD_CARDS = """\
[[card]]
id = "new_card"
name = "New Card"
row = "beach"
tags = ["wave"]

[[card]]
id = "pier_arcade"
name = "Pier Arcade Deluxe"
row = "street"
tags = ["sports"]
"""

CHILD_REMOVE = """\
[remove]
card = ["boardwalk_tacos"]
objective_tile = ["green"]
"""

CHILD_RULES = """\
[rules]
cards_to_end = 10

[rules.supply]
local = 20
"""


@pytest.fixture
def child_pack(fixture_pack: Path, make_pack) -> Path:
    return make_pack(
        "variants/child",
        {
            "pack.toml": manifest("child", extends="../../base"),
            "cards.toml": CHILD_CARDS,
            "remove.toml": CHILD_REMOVE,
            "rules.toml": CHILD_RULES,
        },
    )


def test_extends_replaces_in_place_appends_new_and_removes(child_pack: Path) -> None:
    catalog = load_pack(child_pack)
    assert list(catalog.cards) == ["end_of_the_beach", "pier_arcade", "new_card"]
    assert catalog.cards["pier_arcade"].name == "Pier Arcade Deluxe"
    assert catalog.cards["pier_arcade"].tags == (Tag.SPORTS,)
    assert list(catalog.objective_tiles) == ["blue", "orange"]
    assert list(catalog.starting_tiles) == ["spots", "regular", "surfer", "shopper"]
    assert len(catalog.sand_dollar_actions) == 4


def test_r12_1_child_rules_override_parent_rules_partially(child_pack: Path) -> None:
    """R12.1 rules: parent's table, then the child's partial overrides, nested ones too."""
    assert load_pack(child_pack).rules == Rules(
        display_columns=1, cards_to_end=10, supply=Supply(local=20, vip=10)
    )


def test_identity_uses_leaf_name_and_version(child_pack: Path) -> None:
    identity = load_pack(child_pack).identity
    assert (identity.name, identity.version) == ("child", "1.0")


def test_extends_is_recursive(child_pack: Path, make_pack) -> None:
    grandchild = make_pack(
        "variants/grandchild",
        {
            "pack.toml": manifest("grandchild", extends="../child"),
            "more.toml": '[remove]\ncard = ["new_card"]\n\n[rules]\nfoodie_offset = 1\n',
        },
    )
    catalog = load_pack(grandchild)
    assert list(catalog.cards) == ["end_of_the_beach", "pier_arcade"]
    assert catalog.rules == Rules(
        display_columns=1, cards_to_end=10, foodie_offset=1, supply=Supply(20, vip=10)
    )


def test_an_id_may_be_removed_and_defined_again_which_moves_it_last(
    fixture_pack: Path, make_pack
) -> None:
    folder = make_pack(
        "variants/again",
        {
            "pack.toml": manifest(extends="../../base"),
            "x.toml": '[remove]\ncard = ["boardwalk_tacos"]\n\n'
            '[[card]]\nid = "boardwalk_tacos"\nname = "Tacos"\nrow = "street"\n',
        },
    )
    assert list(load_pack(folder).cards)[-1] == "boardwalk_tacos"


def test_extends_cycle_is_an_error_not_a_hang(make_pack) -> None:
    a = make_pack("a", {"pack.toml": manifest("a", extends="../b")})
    make_pack("b", {"pack.toml": manifest("b", extends="../a")})
    error = single_error(a)
    assert Path(error.file).parent.name == "b" and Path(error.file).name == "pack.toml"
    assert (error.entry, error.key) == ("pack", "extends")
    assert "cycle" in error.problem
    assert check_pack(a)[0] is None


def test_pack_extending_itself_is_a_cycle(make_pack) -> None:
    folder = make_pack("self", {"pack.toml": manifest("self", extends=".")})
    error = single_error(folder)
    assert (error.entry, error.key) == ("pack", "extends") and "cycle" in error.problem


def test_parent_errors_are_reported_with_the_parents_file(make_pack) -> None:
    files = dict(FIXTURE_FILES, **{"cards.toml": '[[card]]\nid = "x"\nname = "X"\nrow = "sky"\n'})
    make_pack("base", files)
    child = make_pack("variants/c", {"pack.toml": manifest(extends="../../base")})
    error = single_error(child)
    assert error.file == str(child.parent.parent / "base" / "cards.toml")
    assert (error.entry, error.key) == ("x", "row")


# --------------------------------------------------------------------------- identity (R12.2)


def test_r12_2_identity_hash_is_stable_and_covers_every_file(
    fixture_pack: Path, child_pack: Path
) -> None:
    """R12.2 the identity has name, version and a hash of the pack's and its parents' files."""
    first = load_pack(child_pack).identity
    assert first == load_pack(child_pack).identity
    assert len(first.content_hash) == 16 and int(first.content_hash, 16) >= 0
    parent_cards = fixture_pack / "cards.toml"
    parent_cards.write_text(parent_cards.read_text() + "\n# a comment\n")
    changed = load_pack(child_pack).identity
    assert changed.content_hash != first.content_hash
    assert changed == PackIdentity("child", "1.0", changed.content_hash)


def test_r12_2_identity_hash_changes_when_a_file_is_renamed(fixture_pack: Path) -> None:
    """R12.2 file names are part of the hash, not only the bytes."""
    before = load_pack(fixture_pack).identity.content_hash
    (fixture_pack / "cards.toml").rename(fixture_pack / "zcards.toml")
    assert load_pack(fixture_pack).identity.content_hash != before


def test_load_pack_raises_pack_error_listing_every_problem(make_pack) -> None:
    folder = make_pack(
        "bad",
        {
            **FIXTURE_FILES,
            "pack.toml": manifest("bad"),
            "zcards.toml": '[[card]]\nid = "a"\nrow = "sky"\n',
        },
    )
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    assert [(e.entry, e.key) for e in caught.value.errors] == [("a", "name"), ("a", "row")]
    assert "2 problems" in str(caught.value)
    assert "card 'a', key row: unknown row 'sky'" in str(caught.value)


def test_r11_5_a_renamed_kind_of_an_earlier_version_still_loads(tmp_path: Path) -> None:
    """R11.5: packs written before the green penalty counted cards say
    ``spaces_with_unplaced``; they load as ``cards_with_unplaced`` (and save under it)."""
    import shutil

    from smqt.pack.convert import converter

    folder = tmp_path / "old"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content" / "base", folder)
    objectives = folder / "objectives.toml"
    text = objectives.read_text(encoding="utf-8")
    assert 'kind = "cards_with_unplaced"' in text
    objectives.write_text(text.replace('"cards_with_unplaced"', '"spaces_with_unplaced"'),
                          encoding="utf-8")
    catalog = load_pack(folder)
    penalty = catalog.objective_tiles["green"].penalty
    assert isinstance(penalty, effects.CardsWithUnplaced)
    assert converter.unstructure(penalty)["kind"] == "cards_with_unplaced"
