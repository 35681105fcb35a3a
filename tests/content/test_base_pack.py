"""The base content pack: what the rules name (R11.1-R11.3), checked from the loaded pack."""

from __future__ import annotations

from smqt.engine.effects import (
    PLACEMENT_KINDS,
    SCORING_KINDS,
    AddPeople,
    AdjacentGives,
    AnyNumberRing,
    Chain,
    GainSandDollars,
    LeftmostBeach,
    MoveHere,
    Ring,
    Tag,
    Who,
)
from smqt.engine.features import features, tile_feature_id
from smqt.engine.footprints import matches
from smqt.engine.geometry import TILE_LOWER
from tests.support import base


def test_r11_1_every_form_is_used_by_the_base_cards():
    """R11.1 78 cards that use every placement and scoring form of R5 and R10."""
    cards = list(base().cards.values())
    assert len(cards) == 78
    placement = {type(a) for c in cards for a in c.placement}
    scoring = {type(e) for c in cards for e in c.scoring}
    assert placement == set(PLACEMENT_KINDS)
    assert scoring == set(SCORING_KINDS)
    assert any(isinstance(e, Chain) and e.per_tag for c in cards for e in c.scoring)
    assert any(isinstance(e, Chain) and not e.per_tag for c in cards for e in c.scoring)
    assert any(isinstance(e, AdjacentGives) and e.points < 0 for c in cards for e in c.scoring)
    assert {type(r) for c in cards for r in c.rings} == {Ring, AnyNumberRing}
    assert any(c.constraints for c in cards)


def test_r11_2_special_cards():
    """R11.2 exactly two any_number rings worth 3; one move_here of up to 3 people of any
    type; one leftmost_beach card."""
    cards = list(base().cards.values())
    any_number = [c for c in cards for r in c.rings if isinstance(r, AnyNumberRing)]
    assert len(any_number) == 2
    assert all(r.points == 3 for c in any_number for r in c.rings if isinstance(r, AnyNumberRing))
    move_here = [a for c in cards for a in c.placement if isinstance(a, MoveHere)]
    assert len(move_here) == 1 and move_here[0].count == 3 and move_here[0].people is Who.ANY
    ends = [c for c in cards if any(isinstance(k, LeftmostBeach) for k in c.constraints)]
    assert len(ends) == 1 and ends[0].row.value == "beach"


R11_3 = {
    # id: (VIPs, tourists, sand dollars, row, criterion tags, per tag, per space)
    "spots": (1, 0, 1, "any", {"local", "tourist"}, 1, 0),
    "beachcomber": (1, 0, 0, "beach", set(), 0, 1),
    "outdoors": (2, 0, 0, "any", {"sports", "nature"}, 1, 0),
    "shopper": (1, 2, 0, "street", {"business", "tourist"}, 1, 0),
    "regular": (1, 0, 1, "street", {"business", "local"}, 1, 0),
    "surfer": (2, 0, 0, "any", {"wave", "sports"}, 1, 0),
}


def test_r11_3_starting_tiles():
    """R11.3 the six starting tiles: bonus, VIP criterion, footprint scoring; only spots and
    regular have a lower half that meets their own criterion."""
    catalog = base()
    feats = features(catalog)
    assert set(catalog.starting_tiles) == set(R11_3)
    for tile_id, (vips, tourists, dollars, row, tags, per_tag, per_space) in R11_3.items():
        tile = catalog.starting_tiles[tile_id]
        people = {a.people.value: a.count for a in tile.placement if isinstance(a, AddPeople)}
        assert people.get("vip", 0) == vips and people.get("tourist", 0) == tourists, tile_id
        assert sum(a.count for a in tile.placement if isinstance(a, GainSandDollars)) == dollars
        rule = tile.footprint
        assert rule.row.value == row and {t.value for t in rule.tags} == tags, tile_id
        assert (rule.points_per_tag, rule.points_per_space) == (per_tag, per_space), tile_id
        lower = feats[tile_feature_id(tile_id)]
        assert matches(rule, TILE_LOWER, lower) is (tile_id in ("spots", "regular")), tile_id
    assert set(catalog.starting_tiles["spots"].tags) & {Tag.LOCAL, Tag.TOURIST}
    assert set(catalog.starting_tiles["regular"].tags) & {Tag.BUSINESS, Tag.LOCAL}
