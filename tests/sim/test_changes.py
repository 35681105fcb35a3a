"""What a variant changes (issue 16): the list of changes field by field, the base pack plus
any of them, sweeps of one number, and generated catalogs written as pack files."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

from smqt.engine.catalog import Catalog, catalog_entries
from smqt.engine.setup import new_game
from smqt.pack.changes import (
    Change,
    ChangeError,
    FieldChange,
    catalog_files,
    pack_changes,
    with_changes,
)
from smqt.pack.folder import KINDS
from smqt.pack.load import check_pack, load_pack
from smqt.sim.plan.sweep import (
    MAX_SWEEP_VALUES,
    Sweep,
    SweepError,
    parse_sweep,
    sweep_catalog,
    sweep_target_value,
)
from tests.content.packfixtures import manifest, write_pack
from tests.support import ROOT, base

VARIANTS = ROOT / "content" / "variants"
VARIANT_NAMES = ["house-rule-trial", "boardwalk-swap", "short-game"]


@cache
def variant(name: str) -> Catalog:
    return load_pack(VARIANTS / name)


def same_content(first: Catalog, second: Catalog) -> bool:
    """Same entries of every kind in the same order (the deck order follows it), same rules."""
    return all(
        list(catalog_entries(first, kind).items()) == list(catalog_entries(second, kind).items())
        for kind in KINDS
    ) and first.rules == second.rules


def load_files(files: dict[str, str], folder: Path) -> Catalog:
    write_pack(folder, files)
    return load_pack(folder)


# --------------------------------------------------------------------------- the list


HOUSE_RULE_TRIAL = [
    Change("rules", "cards_to_end", "changed", (FieldChange("", 14, 11),)),
    Change("card", "ocean_avenue_taco_stand", "added", name="Ocean Avenue Taco Stand"),
    Change("card", "sunset_lookout", "changed", (FieldChange("scoring[1].points", 2, 3),),
           name="Sunset Lookout"),
    Change("card", "churro_cart", "removed", name="Churro Cart"),
]


def test_the_designers_variant_lists_its_four_changes():
    """Rules first, then cards: added, changed (field by field), removed (R12)."""
    changes = pack_changes(base(), variant("house-rule-trial"))
    assert changes == HOUSE_RULE_TRIAL
    assert [c.label() for c in changes] == [
        "rules cards_to_end 14 -> 11",
        "card Ocean Avenue Taco Stand added",
        "card Sunset Lookout changed",
        "card Churro Cart removed",
    ]
    assert changes[2].describe() == "card Sunset Lookout changed: scoring[1].points 2 -> 3"
    assert [c.slug() for c in changes] == [
        "rules-cards_to_end",
        "card-ocean_avenue_taco_stand-added",
        "card-sunset_lookout-changed",
        "card-churro_cart-removed",
    ]


def test_the_house_rule_trial_pack_validates_and_sets_up_every_player_count():
    """FORMAT.md "What a game needs": a pack that validates sets up 2, 3 and 4 players (R2)."""
    catalog, problems = check_pack(VARIANTS / "house-rule-trial")
    assert problems == [] and catalog is not None
    for players in (2, 3, 4):
        state = new_game(catalog, players, seed=players)
        assert len(state.players) == players


def test_boardwalk_swap_changes_field_by_field():
    changes = pack_changes(base(), variant("boardwalk-swap"))
    assert [c.key for c in changes] == [
        ("card", "rollerskate_rink", "added"),
        ("card", "lifeguard_cafe", "added"),
        ("card", "pier_arcade", "changed"),
        ("card", "seawall_savings_bank", "removed"),  # base order, not the [remove] list's
        ("card", "ticket_kiosk", "removed"),
    ]
    pier = changes[2]
    # a scoring entry of another kind is replaced whole; a list of a new length too
    assert pier.fields == (
        FieldChange("scoring[0]", {"kind": "sand_dollars", "per": 2, "points": 1},
                    {"kind": "adjacent", "tag": "tourist", "points": 2}),
        FieldChange("rings[0].people", ["tourist"], ["tourist", "tourist"]),
        FieldChange("rings[0].points", 2, 4),
        FieldChange("text", "Feed it sand dollars, win a rubber crab.", pier.fields[3].after),
        FieldChange("de.text", "Füttere sie mit Sanddollar und gewinne eine Gummikrabbe.",
                    pier.fields[4].after),  # its German words are reworked with it (issue 27)
    )
    assert 'rings[0].points 2 -> 4' in pier.describe()
    assert 'rings[0].people ["tourist"] -> ["tourist", "tourist"]' in pier.describe()


def test_values_read_as_toml():
    assert FieldChange("text", "two\nlines", None).describe() == 'text "two\\nlines" -> (none)'
    assert FieldChange("tiers", [[1, 3]], [[1, 4]]).describe() == "tiers [[1, 3]] -> [[1, 4]]"
    assert FieldChange("wave", {"kind": "paired_run", "points": 1}, True).describe() == \
        'wave { kind = "paired_run", points = 1 } -> true'


def test_short_game_changes_one_rules_parameter():
    assert pack_changes(base(), variant("short-game")) == [
        Change("rules", "cards_to_end", "changed", (FieldChange("", 14, 12),))
    ]


def test_a_pack_against_itself_changes_nothing():
    assert pack_changes(base(), base()) == []
    assert pack_changes(variant("boardwalk-swap"), variant("boardwalk-swap")) == []


# --------------------------------------------------------------------------- base plus changes


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_all_the_changes_give_the_variant_exactly(name):
    """Same entries in the same order within each kind (the deck is dealt in it), same rules."""
    result = with_changes(base(), variant(name), pack_changes(base(), variant(name)))
    assert same_content(result, variant(name))
    assert result.identity.name.startswith("base + ")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_each_change_alone_changes_exactly_that(name):
    changes = pack_changes(base(), variant(name))
    names = set()
    for change in changes:
        single = with_changes(base(), variant(name), [change])
        assert pack_changes(base(), single) == [change]
        names.add(single.identity.name)
    assert len(names) == len(changes)


def test_any_subset_of_changes_keeps_the_base_order_and_the_listed_order():
    trial = variant("house-rule-trial")
    _rules, added, _changed, removed = pack_changes(base(), trial)
    result = with_changes(base(), trial, [removed, added])
    assert pack_changes(base(), result) == [added, removed]
    cards = list(result.cards)
    assert cards[-1] == "ocean_avenue_taco_stand" and "churro_cart" not in cards
    assert cards[:-1] == [c for c in base().cards if c != "churro_cart"]
    assert result.rules == base().rules
    assert with_changes(base(), trial, []).cards == base().cards


def test_a_change_the_variant_does_not_make_is_refused():
    stranger = Change("card", "churro_cart", "changed", (FieldChange("text", "", "x"),))
    with pytest.raises(ValueError, match="not a change the variant 'house-rule-trial' makes"):
        with_changes(base(), variant("house-rule-trial"), [stranger])


def test_the_inputs_are_left_alone():
    before = list(base().cards)
    with_changes(base(), variant("boardwalk-swap"), pack_changes(base(), variant("boardwalk-swap")))
    assert list(base().cards) == before and base().rules.cards_to_end == 14


GRANDCHILD = """\
[remove]
card = ["tide_pools", "skate_bowl"]

[rules.supply]
tourist = 40

[rules.final_move]
local = 2

[[card]]   # removed and defined again: it moves to the end of the order (FORMAT.md)
id = "tide_pools"
name = "Tide Pools"
de.name = "Gezeitentümpel"
de.text = "Seesterne, Anemonen und sehr viele vorsichtige Schritte."
row = "beach"
tags = ["nature", "nature"]
placement = [{ kind = "add_people", people = "tourist", count = 1 }]
scoring = [{ kind = "adjacent", tag = "wave", points = 2 }]
rings = [{ kind = "ring", people = ["tourist"], points = 2 }]
text = "Starfish, anemones and a lot of careful footsteps."

[[card]]
id = "beach_bike_path"
name = "Beach Bike Path"
de.name = "Strandradweg"
row = "street"
tags = ["sports", "nature"]
placement = [{ kind = "move", people = "any", count = 2 }]
scoring = [
    { kind = "chain", tag = "sports", at_least = 3, points = 3 },
    { kind = "adjacent", tag = "nature", points = 1 },
]

[[sand_dollar_action]]
id = "lifeguard_whistle"
name = "Lifeguard Whistle"
cost = 3
take = { source = "front", count = 1 }

[[sand_dollar_action]]
id = "pier_pass"
name = "Pier Pass"
cost = 1
take = { source = "back", count = 1 }

[[sand_dollar_tile]]
id = "tile_extra"
sides = ["lifeguard_whistle", "pier_pass"]
"""


@pytest.fixture(scope="module")
def grandchild(tmp_path_factory) -> Catalog:
    """A variant of a variant with changes of several kinds, a moved card and nested rules."""
    folder = tmp_path_factory.mktemp("variants") / "grandchild"
    parent = os.path.relpath(VARIANTS / "boardwalk-swap", folder)
    return load_pack(write_pack(folder, {"pack.toml": manifest("grandchild", parent),
                                         "changes.toml": GRANDCHILD}))


def test_a_variant_of_a_variant_with_every_sort_of_change(grandchild):
    changes = pack_changes(base(), grandchild)
    by_key = {c.key: c for c in changes}
    assert [c.key for c in changes][:2] == [("rules", "supply.tourist", "changed"),
                                            ("rules", "final_move.local", "changed")]
    assert by_key["rules", "final_move.local", "changed"].label() == \
        "rules final_move.local 3 -> 2"
    assert by_key["rules", "final_move.local", "changed"].slug() == "rules-final_move-local"
    # a default is written out: the distance left out is 1 in both, so only it is unchanged
    path = by_key["card", "beach_bike_path", "changed"]
    assert path.fields == (
        FieldChange("placement[0].distance", 2, 1),
        FieldChange("scoring[1]", None, {"kind": "adjacent", "tag": "nature", "points": 1}),
    )
    tide = by_key["card", "tide_pools", "changed"]
    assert tide.moved and tide.fields == ()
    assert tide.describe() == "card Tide Pools changed: moved to the end of the card order"
    assert ("card", "skate_bowl", "removed") in by_key
    assert [c.key for c in changes if c.kind == "sand_dollar_tile"] == [
        ("sand_dollar_tile", "tile_extra", "added")]
    assert by_key["sand_dollar_tile", "tile_extra", "added"].label() == \
        "sand dollar tile tile_extra added"
    assert len({c.slug() for c in changes}) == len(changes)

    assert same_content(with_changes(base(), grandchild, changes), grandchild)
    moved = with_changes(base(), grandchild, [tide])
    assert list(moved.cards)[-1] == "tide_pools"
    assert pack_changes(base(), moved) == [tide]


def test_changes_that_do_not_make_a_pack_alone_say_why(grandchild):
    changes = {c.key: c for c in pack_changes(base(), grandchild)}
    tile = changes["sand_dollar_tile", "tile_extra", "added"]
    with pytest.raises(ChangeError, match="no sand dollar action 'lifeguard_whistle'"):
        with_changes(base(), grandchild, [tile])
    together = [changes["sand_dollar_action", "lifeguard_whistle", "added"],
                changes["sand_dollar_action", "pier_pass", "added"], tile]
    result = with_changes(base(), grandchild, together)
    assert pack_changes(base(), result) == together
    assert result.identity.name == "base + 3 changes"  # the labels are too long for a name


# --------------------------------------------------------------------------- sweeps


@pytest.mark.parametrize(("text", "values"), [
    ("rules.cards_to_end=10:14", (10, 11, 12, 13, 14)),
    ("rules.cards_to_end = 8:14:3", (8, 11, 14)),
    ("rules.cards_to_end=8:13:3", (8, 11)),
    ("rules.supply.tourist=20,40,25", (20, 40, 25)),
    ("card.sunset_lookout.scoring[1].points=0:4", (0, 1, 2, 3, 4)),
    ("card.beach_bike_path.placement[0].distance=1,3", (1, 3)),  # a default, written out
    ("objective_tile.orange.wave.table[1]=2,4", (2, 4)),
    ("sand_dollar_action.two_front.cost=0:6:2", (0, 2, 4, 6)),
    ("starting_tile.spots.footprint.points_per_tag=1:2", (1, 2)),
])
def test_sweeps_parse(text, values):
    sweep = parse_sweep(text, base())
    assert sweep == Sweep(text.partition("=")[0].strip(), values)


def test_a_sweep_catalog_has_the_value_set_and_nothing_else():
    sweep = parse_sweep("card.sunset_lookout.scoring[1].points=1,3", base())
    assert sweep_target_value(base(), sweep.target) == 2
    catalog = sweep_catalog(base(), sweep, 3)
    assert pack_changes(base(), catalog) == [
        Change("card", "sunset_lookout", "changed", (FieldChange("scoring[1].points", 2, 3),),
               name="Sunset Lookout")
    ]
    assert list(catalog.cards) == list(base().cards)
    assert catalog.identity.name == "base + card.sunset_lookout.scoring[1].points = 3"
    rules = sweep_catalog(base(), parse_sweep("rules.final_move.vip=2", base()), 2)
    assert pack_changes(base(), rules) == [
        Change("rules", "final_move.vip", "changed", (FieldChange("", 1, 2),))
    ]


@pytest.mark.parametrize(("text", "words"), [
    ("rules.cards_to_end", "TARGET=VALUES"),
    ("rules.cards_to_ends=1:3", "no key 'cards_to_ends' (its keys: display_columns"),
    ("rule.cards_to_end=1:3", "unknown target 'rule'"),
    ("card.sunset_lookot.scoring[1].points=1", "did you mean sunset_lookout?"),
    ("card.sunset_lookout.scoring[2].points=1", "scoring has 2 values, so no [2]"),
    ("card.sunset_lookout.scoring[1].symbol=1", 'is "vip", not a number'),
    ("card.sunset_lookout=1", "name a number inside it"),
    ("card.sunset_lookout.scoring[1]..points=1", "cannot read the path"),
    ("rules.supply.limited=0,1", "is true, not a number"),
    ("rules.supply=1", "not a number"),
    ("rules.cards_to_end=14:10", "the range '14:10' is empty"),
    ("rules.cards_to_end=1:2:0", "step in '1:2:0' must be more than 0"),
    ("rules.cards_to_end=1:2:3:4", "no range"),
    ("rules.cards_to_end=1:40", f"40 values, more than {MAX_SWEEP_VALUES}"),
    (f"rules.supply.tourist={','.join(map(str, range(30)))}", "30 values, more than"),
    ("rules.cards_to_end=1.5,2", "'1.5' is not a whole number"),
    ("rules.cards_to_end=ten", "'ten' is not a number"),
    ("rules.cards_to_end=10,,12", "has an empty value"),
    ("rules.cards_to_end=10,12,10", "lists 10 more than once"),
    ("rules.cards_to_end=0:2", "0 is not allowed there (cards_to_end: must be"),
    ("rules.display_columns=8,9", "9 is not allowed there (display_columns: must be at most 8"),
    ("card.sunset_lookout.scoring[0].points=50,100",
     "100 is not allowed there (scoring[0].points: must be at most 99"),
    ("rules.sand_dollar_tiles_in_play=4,5", "with 5 the pack would not set up a game"),
])
def test_bad_sweeps_say_what_to_fix(text, words):
    with pytest.raises(SweepError) as caught:
        parse_sweep(text, base())
    message = str(caught.value)
    assert words in message
    assert message.startswith(("a sweep", f"sweep {text.partition('=')[0].strip()}"))


def test_sweep_catalog_refuses_a_value_of_the_wrong_sort():
    sweep = Sweep("rules.cards_to_end", (10,))
    with pytest.raises(SweepError, match="not a whole number"):
        sweep_catalog(base(), sweep, 10.5)
    with pytest.raises(SweepError, match="61 is not allowed there"):
        sweep_catalog(base(), sweep, 61)


# --------------------------------------------------------------------------- pack files


def test_catalog_files_round_trip(tmp_path):
    trial = variant("house-rule-trial")
    generated = with_changes(base(), trial, pack_changes(base(), trial)[1:3])
    files = catalog_files(generated, "trial-part", "2.0", "Two changes of the trial.")
    assert "pack.toml" in files and "extends" not in files["pack.toml"]
    again = load_files(files, tmp_path / "part")
    assert same_content(again, generated)
    assert (again.identity.name, again.identity.version) == ("trial-part", "2.0")
    # a generated catalog's identity is that of its files under its own name and version
    own = load_files(catalog_files(generated, generated.identity.name,
                                   generated.identity.version), tmp_path / "own")
    assert own.identity == generated.identity


def test_catalog_files_of_a_variant_and_a_sweep_round_trip(tmp_path):
    swept = sweep_catalog(base(), Sweep("rules.cards_to_end", (9,)), 9)
    for index, catalog in enumerate([variant("boardwalk-swap"), swept, base()]):
        files = catalog_files(catalog, "flat", "1")
        assert same_content(load_files(files, tmp_path / str(index)), catalog)


def test_catalog_files_cut_a_long_name_and_description_to_the_manifests_limits(tmp_path):
    files = catalog_files(base(), "base + card " + "x" * 60 + " changed", "1", "y" * 600)
    identity = load_files(files, tmp_path / "long").identity
    assert len(identity.name) == 60 and identity.name.endswith("...")
    assert 'description = "' + "y" * 497 + '..."' in files["pack.toml"]
    with pytest.raises(ValueError, match="must not be empty"):
        catalog_files(base(), " ", "1")
