"""Scenario tests for the scoring of cards, tiles and footprints (R0, R10.1-R10.9, R10.13).

Every city is built by hand from the lab pack (``lab_*`` cards with one effect each, on top of
the base content) and every expected number is worked out from RULES.md, never by asking the
engine a second way. Spaces: ``beach:N`` is the top row, ``street:N`` the bottom row; column 0
is the starting tile (upper half ``beach:0``, lower half ``street:0``).
"""

from __future__ import annotations

import pytest

from smqt.engine.actions import FinalMove
from smqt.engine.rules import IllegalActionError, apply, legal_actions
from smqt.engine.scoring import CARD, FOOTPRINT, OBJECTIVE, RING, ScoreLine, ScoreSheet
from smqt.engine.state import OVER
from tests.support import lab, lines, player, points, position, sheet

B, S = 0, 1  # rows of a space tuple (beach, street)


def city(tile: str = "outdoors", objective: str = "blue", sand_dollars: int = 0,
         people: dict[str, list[str]] | None = None, footprints: tuple[str, ...] = (),
         phase: str = "over", **cards: str):
    """A two-player position whose first player has ``cards`` (keyword ``street_1`` means
    ``street:1``, ``beach_m2`` means ``beach:-2``)."""
    placed = {_space_text(key): card for key, card in cards.items()}
    return position(lab(), player(tile, cards=placed, people=people, footprints=footprints,
                                  sand_dollars=sand_dollars),
                    objective=objective, phase=phase)


def _space_text(key: str) -> str:
    row, _, column = key.partition("_")
    return f"{row}:{-int(column[1:]) if column.startswith('m') else int(column)}"


def line(result: ScoreSheet, source: str, entry: str = "scoring[0]") -> ScoreLine:
    """The one line of ``source`` for ``entry`` (failing if there is not exactly one)."""
    found = [item for item in lines(result, source) if item.entry == entry]
    assert len(found) == 1, f"expected one line {source} {entry}, got {found}"
    return found[0]


# ================================================================== R10.1 adjacency


def test_r10_1_adjacency_scores_once_however_many_neighbours():
    """R10.1: two adjacent nature spaces (street:2 and beach:1) still score the entry once."""
    state = city(street_1="lab_adj", street_2="lab_nature", beach_1="lab_beach_nature")
    result = sheet(state)
    nature = line(result, "lab_adj", "scoring[0]")
    assert nature.points == 2
    assert nature.space == (S, 1)
    assert "nature" in nature.why
    # the outdoors tile's lower half is business, so no tourist is adjacent
    assert line(result, "lab_adj", "scoring[1]").points == 0
    assert points(result, "lab_adj") == 2


def test_r10_1_own_tags_never_count():
    """R10.1: lab_adj_self carries nature itself and wants an adjacent nature: alone, 0."""
    alone = city(street_1="lab_adj_self", street_2="lab_plain", beach_1="lab_beach_plain")
    assert line(sheet(alone), "lab_adj_self").points == 0
    assert "not next to a nature tag" in line(sheet(alone), "lab_adj_self").why
    with_neighbour = city(street_1="lab_adj_self", street_2="lab_nature")
    assert line(sheet(with_neighbour), "lab_adj_self").points == 2


def test_r10_1_side_by_side_entries_score_independently():
    """R10.1: lab_adj has 'adjacent nature 2' and 'adjacent tourist 2' side by side. The
    beachcomber tile's lower half carries tourist: only the tourist entry scores, then both."""
    only_tourist = sheet(city("beachcomber", street_1="lab_adj", street_2="lab_plain"))
    assert line(only_tourist, "lab_adj", "scoring[0]").points == 0
    assert line(only_tourist, "lab_adj", "scoring[1]").points == 2
    both = sheet(city("beachcomber", street_1="lab_adj", street_2="lab_nature"))
    assert line(both, "lab_adj", "scoring[0]").points == 2
    assert line(both, "lab_adj", "scoring[1]").points == 2
    assert points(both, "lab_adj") == 4


def test_r10_1_r0_3_diagonal_neighbour_is_not_adjacent():
    """R10.1, R0.3: a nature card diagonal to lab_adj (beach:2 vs street:1) does not count."""
    state = city(street_1="lab_adj", beach_1="lab_beach_plain", beach_2="lab_beach_nature")
    assert line(sheet(state), "lab_adj", "scoring[0]").points == 0
    # the same card straight above scores
    state = city(street_1="lab_adj", beach_1="lab_beach_nature")
    assert line(sheet(state), "lab_adj", "scoring[0]").points == 2


# ================================================================== R10.2 adjacency to many


@pytest.mark.parametrize(
    ("neighbours", "expected"),
    [
        ({"beach_1": "lab_wave"}, 0),                               # 1 copy < 2
        ({"beach_1": "lab_wave", "beach_3": "lab_wave2"}, 4),        # 1 + 2 copies
        ({"beach_1": "lab_wave", "beach_3": "shorebreak"}, 4),       # 1 + 1 over two spaces
        ({"beach_1": "lab_wave2"}, 4),                              # 2 copies on one card
        ({"beach_1": "lab_beach_plain"}, 0),                        # none
    ],
)
def test_r10_2_adjacent_count_sums_copies_over_all_neighbours(neighbours, expected):
    """R10.2: lab_adj_count (beach:2) needs at least 2 wave copies summed over its neighbours."""
    result = sheet(city(beach_2="lab_adj_count", **neighbours))
    entry = line(result, "lab_adj_count")
    assert entry.points == expected
    assert "needs 2" in entry.why


# ================================================================== R10.3 tiers


@pytest.mark.parametrize(
    ("neighbours", "expected"),
    [
        ({"beach_1": "lab_beach_plain"}, 0),                        # none -> 0
        ({"beach_1": "lab_wave"}, 3),                               # exactly one copy -> 3
        ({"beach_1": "lab_wave", "beach_3": "shorebreak"}, 5),      # two on two cards -> 5
        ({"beach_1": "lab_wave2"}, 5),                              # two on one card -> 5
        ({"beach_1": "lab_wave2", "beach_3": "lab_wave"}, 5),       # three -> still 5, not 8
        ({"beach_1": "lab_wave2", "beach_3": "outer_reef"}, 5),     # five -> 5
    ],
)
def test_r10_3_highest_tier_only(neighbours, expected):
    """R10.3: lab_tiers (beach:2) scores 3 for one adjacent wave, 5 for two or more."""
    assert line(sheet(city(beach_2="lab_tiers", **neighbours)), "lab_tiers").points == expected


# ================================================================== R10.4 adjacency to all


def test_r10_4_adjacent_all_needs_every_tag():
    """R10.4: lab_adj_all (street:1) wants local, tourist and nature around it. The
    beachcomber tile gives tourist (street:0), lab_local local, lab_beach_nature nature."""
    full = sheet(city("beachcomber", street_1="lab_adj_all", street_2="lab_local",
                      beach_1="lab_beach_nature"))
    assert line(full, "lab_adj_all").points == 6


def test_r10_4_one_missing_tag_scores_nothing():
    """R10.4: without the nature neighbour the entry scores 0 and says what is missing."""
    missing = line(sheet(city("beachcomber", street_1="lab_adj_all", street_2="lab_local",
                              beach_1="lab_beach_plain")), "lab_adj_all")
    assert missing.points == 0
    assert "nature" in missing.why
    assert "local" not in missing.why


# ================================================================== R10.5 ring neighbours


def test_r10_5_adjacent_ring_counts_an_empty_ring():
    """R10.5: lab_ring_tourist (street:2) has nobody in its ring: lab_adj_ring still scores,
    lab_not_adj_ring (street:3) on its other side does not."""
    result = sheet(city(street_1="lab_adj_ring", street_2="lab_ring_tourist",
                        street_3="lab_not_adj_ring"))
    assert line(result, "lab_adj_ring").points == 3
    assert line(result, "lab_not_adj_ring").points == 0
    assert lines(result, category=RING) == []


def test_r10_5_adjacent_ring_counts_a_filled_ring():
    """R10.5: the same with a tourist in the ring: the neighbours score the same."""
    result = sheet(city(street_1="lab_adj_ring", street_2="lab_ring_tourist",
                        street_3="lab_not_adj_ring", people={"street:2": ["tourist"]}))
    assert line(result, "lab_adj_ring").points == 3
    assert line(result, "lab_not_adj_ring").points == 0
    assert points(result, "lab_ring_tourist") == 3


def test_r10_5_no_ring_neighbour():
    """R10.5: with no ring around, adjacent_ring scores 0 and not_adjacent_ring scores 3
    (the starting tile has no ring)."""
    result = sheet(city(street_1="lab_adj_ring", street_2="lab_plain",
                        street_m1="lab_not_adj_ring"))
    assert line(result, "lab_adj_ring").points == 0
    assert line(result, "lab_not_adj_ring").points == 3
    assert line(result, "lab_not_adj_ring").why == "no card with a ring next to it"


def test_r10_5_ring_card_above_and_diagonal():
    """R10.5, R0.3: a ring card straight above counts; a diagonal one does not."""
    above = sheet(city(street_1="lab_adj_ring", beach_1="lab_ring_any2"))
    assert line(above, "lab_adj_ring").points == 3
    diagonal = sheet(city(street_1="lab_not_adj_ring", street_2="lab_plain",
                          beach_1="lab_beach_plain", beach_2="lab_ring_any2"))
    assert line(diagonal, "lab_not_adj_ring").points == 3


# ================================================================== R10.6 placement symbols


def test_r10_6_adjacent_gives_sand_dollar():
    """R10.6: lab_gain prints a sand dollar gain, so lab_gives_sd next to it scores 2."""
    entry = line(sheet(city(street_1="lab_gives_sd", street_2="lab_gain")), "lab_gives_sd")
    assert entry.points == 2
    assert "sand dollar" in entry.why


def test_r10_6_movement_allowances_are_not_gives():
    """R10.6: move, move_here and return allowances are not 'gives': no penalty for the
    grump (street:2) between a shuttle (move tourists) and below a magnet (move_here), and
    no bonus for lab_gives_sd next to a limo (move VIP) and an exit (return)."""
    grump = sheet(city(street_1="lab_plain", street_2="lab_gives_people_neg",
                       street_3="lab_move_tourist2", beach_1="lab_beach_plain",
                       beach_2="lab_move_here"))
    assert line(grump, "lab_gives_people_neg").points == 0
    bank = sheet(city(street_1="lab_move_vip2", street_2="lab_gives_sd", street_3="lab_return"))
    assert line(bank, "lab_gives_sd").points == 0


def test_r10_6_r0_6_printed_symbols_not_tokens_present():
    """R10.6, R0.6: three tourists standing on a plain neighbour do not make it 'give
    people'; an empty neighbour that prints 'add 2 tourists' does."""
    crowded = sheet(city(street_1="lab_plain", street_2="lab_gives_people_neg",
                         street_3="lab_local",
                         people={"street:3": ["tourist", "tourist", "tourist"]}))
    assert line(crowded, "lab_gives_people_neg").points == 0
    printed = sheet(city(street_1="lab_plain", street_2="lab_gives_people_neg",
                         street_3="lab_add_people"))
    entry = line(printed, "lab_gives_people_neg")
    assert entry.points == -2
    assert "people" in entry.why


def test_r10_6_negative_points_apply_once():
    """R10.6: the grump (street:3) between two neighbours that give people loses 2 once."""
    result = sheet(city(street_1="lab_plain", street_2="lab_add_vip",
                        street_3="lab_gives_people_neg", street_4="lab_add_people"))
    assert line(result, "lab_gives_people_neg").points == -2
    assert points(result, "lab_gives_people_neg") == -2


def test_r10_6_symbol_kinds():
    """R10.6: 'vip' looks for added VIPs only: a tourist-adding neighbour does not count."""
    tourists = sheet(city(street_1="lab_plain", street_2="lab_gives_vip",
                          street_3="lab_add_people"))
    assert line(tourists, "lab_gives_vip").points == 0
    vips = sheet(city(street_1="lab_plain", street_2="lab_gives_vip", street_3="lab_add_vip"))
    assert line(vips, "lab_gives_vip").points == 2


def test_r10_6_r0_4_starting_tile_lower_half_prints_its_bonus():
    """R10.6, R0.4: the spots tile's bonus (1 VIP, 1 sand dollar) is printed on its lower
    half: street:1 and street:-1 see it, beach:1 (next to the empty upper half) does not."""
    result = sheet(city("spots", street_1="lab_gives_sd", street_m1="lab_gives_people_neg",
                        beach_1="lab_beach_gives_sd"))
    assert line(result, "lab_gives_sd").points == 2
    assert line(result, "lab_gives_people_neg").points == -2
    assert line(result, "lab_beach_gives_sd").points == 0
    # the outdoors tile gives two VIPs and no sand dollar
    outdoors = sheet(city("outdoors", street_1="lab_gives_vip", street_m1="lab_gives_sd"))
    assert line(outdoors, "lab_gives_vip").points == 2
    assert line(outdoors, "lab_gives_sd").points == 0


# ================================================================== R10.7 city count


@pytest.mark.parametrize(
    ("tile", "cards", "tourists"),
    [
        ("outdoors", {}, 1),
        ("outdoors", {"street_3": "lab_tourist"}, 2),
        ("beachcomber", {"street_3": "lab_tourist"}, 3),
        ("beachcomber", {"street_3": "lab_tourist", "beach_m1": "pier_ferris_wheel"}, 5),
        ("beachcomber", {"street_3": "lab_tourist", "beach_m1": "pier_ferris_wheel",
                         "street_m1": "lab_ring_tourist"}, 6),
    ],
)
def test_r10_7_per_tag_in_city_rounds_down(tile, cards, tourists):
    """R10.7: lab_per_tag gives 1 per 2 tourist copies anywhere in the city, rounded down
    (the copies need not be adjacent: street:2 is a plain lot)."""
    result = sheet(city(tile, street_1="lab_per_tag", street_2="lab_plain", **cards))
    entry = line(result, "lab_per_tag")
    assert entry.points == tourists // 2
    assert entry.why.startswith(f"{tourists} tourist")


# ================================================================== R10.8 chains


def test_r10_8_chain_does_not_connect_through_diagonals():
    """R10.8, R0.3: lab_chain (street:1) + lab_nature (street:2) make a chain of 2; the nature
    card at beach:3 touches street:2 only diagonally, so the chain stays at 2 (< 3)."""
    apart = city(street_1="lab_chain", street_2="lab_nature", street_3="lab_plain",
                 beach_1="lab_beach_plain", beach_2="lab_wave", beach_3="lab_beach_nature")
    entry = line(sheet(apart), "lab_chain")
    assert entry.points == 0
    assert entry.why == "nature chain of 2 (needs 3)"


def test_r10_8_chain_connects_through_the_other_row():
    """R10.8: the same nature card straight above street:2 joins the chain (size 3)."""
    joined = city(street_1="lab_chain", street_2="lab_nature", street_3="lab_plain",
                  beach_1="lab_beach_plain", beach_2="lab_beach_nature")
    entry = line(sheet(joined), "lab_chain")
    assert entry.points == 4
    assert entry.why == "nature chain of 3 (needs 3)"


def test_r10_8_r0_4_copies_count_in_a_chain():
    """R10.8, R0.4: lab_chain (1 nature) + palm_walk (2 nature) is a chain of 3 copies."""
    assert line(sheet(city(street_1="lab_chain", street_2="palm_walk")), "lab_chain").points == 4


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ({"street_2": "lab_nature"}, 0),                             # chain 2 < 3
        ({"street_2": "palm_walk"}, 3),                              # chain 3: 1 per tag
        ({"street_2": "palm_walk", "street_3": "lab_nature"}, 4),    # chain 4
        ({"street_2": "palm_walk", "beach_1": "tide_pools"}, 5),     # 1 + 2 + 2 through the beach
    ],
)
def test_r10_8_per_tag_scores_the_chain_size(cards, expected):
    """R10.8: lab_chain_per scores 1 per nature copy of its chain once it has 3 or more."""
    assert line(sheet(city(street_1="lab_chain_per", **cards)), "lab_chain_per").points == expected


def test_r10_8_card_without_the_tag_scores_zero():
    """R10.8: lab_chain_other (a local card) wants a nature chain of 1 through itself; two
    nature cards beside it do not put it in a chain."""
    result = sheet(city(street_1="lab_nature", street_2="lab_chain_other",
                        street_3="lab_nature_b", beach_2="tide_pools", beach_1="lab_beach_plain"))
    entry = line(result, "lab_chain_other")
    assert entry.points == 0
    assert entry.why == "nature chain of 0 (needs 1)"


# ================================================================== R10.9 sand dollars held


@pytest.mark.parametrize(("held", "per_two", "per_one"),
                         [(0, 0, 0), (1, 0, 1), (5, 2, 5), (6, 3, 6)])
def test_r10_9_several_cards_count_the_same_sand_dollars(held, per_two, per_one):
    """R10.9: the piggy bank (1 per 2) and the vault (1 per 1) both count all sand dollars."""
    result = sheet(city(sand_dollars=held, street_1="lab_sd_score", street_2="lab_sd_score1"))
    assert line(result, "lab_sd_score").points == per_two
    assert line(result, "lab_sd_score1").points == per_one
    assert line(result, "lab_sd_score1").why.startswith(
        f"{held} sand dollar{'' if held == 1 else 's'} left")
    assert result.sand_dollars == held


# ================================================================== R10.13 footprints


@pytest.mark.parametrize(
    ("tile", "cards", "expected"),
    [
        # spots: 1 per local and tourist copy (the lower half is local)
        ("spots", {"street_1": "lab_local2", "street_2": "street_performers_row",
                   "beach_1": "pier_ferris_wheel"},
         {"street:0": 1, "street:1": 2, "street:2": 2, "beach:1": 2}),
        # beachcomber: 1 per beach space, however many tags (the upper half too)
        ("beachcomber", {"beach_m1": "lab_beach_plain", "beach_1": "lab_wave2",
                         "beach_2": "outer_reef"},
         {"beach:0": 1, "beach:-1": 1, "beach:1": 1, "beach:2": 1}),
        # shopper: business and tourist copies on street spaces
        ("shopper", {"street_1": "lab_business2", "street_2": "blue_tide_hotel"},
         {"street:1": 2, "street:2": 2}),
        # outdoors: sports and nature copies
        ("outdoors", {"beach_1": "kite_meadow", "street_1": "lab_nature"},
         {"beach:1": 2, "street:1": 1}),
        # regular: business and local copies (the lower half is business)
        ("regular", {"street_1": "lab_local2", "street_2": "lab_business2"},
         {"street:0": 1, "street:1": 2, "street:2": 2}),
        # surfer: wave and sports copies
        ("surfer", {"beach_1": "lab_wave2", "beach_2": "lab_adj_count"},
         {"beach:1": 2, "beach:2": 1}),
    ],
)
def test_r10_13_footprints_score_by_the_tile(tile, cards, expected):
    """R10.13, R11.3: each footprinted space scores by its owner's tile."""
    result = sheet(city(tile, footprints=tuple(expected), **cards))
    got = {f"{'beach' if fp.space[0] == B else 'street'}:{fp.space[1]}": fp.points
           for fp in lines(result, category=FOOTPRINT)}
    assert got == expected
    assert sum(fp.points for fp in lines(result, category=FOOTPRINT)) == sum(expected.values())
    assert all(fp.why.startswith("footprint on ") for fp in lines(result, category=FOOTPRINT))


def test_r10_13_unfootprinted_spaces_score_nothing():
    """R10.13: a matching card without a footprint adds no footprint line."""
    result = sheet(city("spots", street_1="lab_local2", footprints=("street:0",)))
    assert [(fp.space, fp.points) for fp in lines(result, category=FOOTPRINT)] == [((S, 0), 1)]


def test_r10_13_r0_3_beachcomber_vip_steps_onto_the_upper_half():
    """R10.13, R0.2, R0.3, R7.5: the tile's halves are adjacent spaces. A beachcomber VIP on
    the lower half steps up in the final movement, leaves a footprint on the upper half (a beach
    space) and it scores 1; the diagonal beach:1 is out of reach in one step."""
    state = city("beachcomber", phase="final", beach_1="lab_beach_plain",
                 people={"street:0": ["vip"]})
    (vip,) = state.players[0].people
    with pytest.raises(IllegalActionError):
        apply(state, FinalMove(vip, ((B, 1),)))
    assert FinalMove(vip, ((B, 0),)) in legal_actions(state)
    apply(state, FinalMove(vip, ((B, 0),)))
    assert state.phase == OVER
    footprints = lines(sheet(state), category=FOOTPRINT)
    assert [(fp.space, fp.points, fp.source) for fp in footprints] == [((B, 0), 1, "^")]


def test_r10_13_shopper_vip_leaves_no_footprint_on_the_beach():
    """R10.13, R11.3: the shopper's footprints are street-only. Its VIP stepping from a
    business street card onto a business+tourist beach card leaves nothing there, and the
    footprint it left on the street scores its 2 business copies."""
    state = city("shopper", phase="final", street_1="lab_business2", beach_1="pier_arcade",
                 people={"beach:1": ["vip"]})
    (vip,) = state.players[0].people
    apply(state, FinalMove(vip, ((S, 1),)))
    result = sheet(state)
    assert [(fp.space, fp.points) for fp in lines(result, category=FOOTPRINT)] == [((S, 1), 2)]
    state = city("shopper", phase="final", street_1="lab_business2", beach_1="pier_arcade",
                 people={"street:1": ["vip"]})
    (vip,) = state.players[0].people
    apply(state, FinalMove(vip, ((B, 1),)))
    assert lines(sheet(state), category=FOOTPRINT) == []


# ================================================================== R0 vocabulary


def test_r0_1_city_grows_both_ways_and_lines_follow_city_order():
    """R0.1, R10: negative and positive columns both score, and card lines come beach left to
    right, then street left to right, after the objective lines and before rings and
    footprints."""
    state = city("spots", beach_m2="lab_tiers", beach_m1="lab_wave", beach_1="lab_adj_count",
                 street_m1="lab_adj_self", street_1="lab_adj", street_2="lab_ring_tourist",
                 people={"street:2": ["tourist"]}, footprints=("street:0",))
    result = sheet(state)
    assert [item.category for item in result.lines] == (
        [OBJECTIVE] * 3 + [CARD] * 5 + [RING] + [FOOTPRINT])
    assert [item.space for item in lines(result, category=CARD)] == [
        (B, -2), (B, 1), (S, -1), (S, 1), (S, 1)]
    assert [item.source for item in lines(result, category=CARD)] == [
        "lab_tiers", "lab_adj_count", "lab_adj_self", "lab_adj", "lab_adj"]
    assert line(result, "lab_tiers").points == 3          # one wave at beach:-1
    assert line(result, "lab_adj", "scoring[1]").points == 2  # tourist ring card at street:2


def test_r0_2_chain_runs_through_the_tile_lower_half():
    """R0.2, R0.4, R10.8: the surfer tile's lower half is a local space: lab_local2 (street:-1),
    the tile and lab_local (street:1) form one local chain of 4, worth 8 on blue."""
    result = sheet(city("surfer", street_m1="lab_local2", street_1="lab_local"))
    misc = line(result, "blue", "misc")
    assert misc.points == 8
    assert misc.why == "largest local chain: 4"
    assert result.longest_chain == 4


def test_r0_2_tile_lower_half_is_one_space_between_two_columns():
    """R0.2, R0.3: street:-1 and street:1 are both next to the tile's lower half, not to each
    other: lab_adj (street:1) does not see the nature card at street:-1."""
    result = sheet(city(street_1="lab_adj", street_m1="lab_nature"))
    assert line(result, "lab_adj", "scoring[0]").points == 0
    # the lower half's own tag (business for outdoors) is what street:1 sees there
    beside = sheet(city("beachcomber", street_1="lab_adj", street_m1="lab_nature"))
    assert line(beside, "lab_adj", "scoring[1]").points == 2


def test_r0_2_upper_half_breaks_a_beach_chain():
    """R0.2, R0.4: the upper half is a space with no tags: waves left and right of it are two
    groups (blue scores the larger, 2 copies, not 3)."""
    result = sheet(city(beach_m1="lab_wave", beach_1="lab_wave2"))
    assert line(result, "blue", "wave").points == 4
    assert line(result, "blue", "wave").why == "largest wave chain: 2"


def test_r0_4_tile_tags_belong_to_the_lower_half_only():
    """R0.4: the beachcomber tile carries tourist on its lower half. A tourist-seeking beach
    card at beach:1 touches only the upper half (nothing) and plain street:1, so it scores 0;
    the street card at street:1 touching the lower half scores."""
    result = sheet(city("beachcomber", beach_1="lab_beach_adj_tourist", street_1="lab_adj"))
    assert line(result, "lab_beach_adj_tourist").points == 0
    assert line(result, "lab_adj", "scoring[1]").points == 2
    # a tourist card below it does count
    below = sheet(city("beachcomber", beach_1="lab_beach_adj_tourist", street_1="lab_tourist"))
    assert line(below, "lab_beach_adj_tourist").points == 2


def test_r0_4_tile_tags_are_counted_once():
    """R0.4, R10.7: the beachcomber's one tourist counts once in the city total: with
    lab_per_tag and lab_tourist that is 3 tourists -> 1 point (2 if counted on both halves)."""
    result = sheet(city("beachcomber", street_1="lab_per_tag", street_2="lab_tourist"))
    assert line(result, "lab_per_tag").points == 1
    assert line(result, "lab_per_tag").why.startswith("3 tourist")


def test_r0_4_repeated_tags_every_copy_counts():
    """R0.4: lab_local2 carries local twice: the chain with the spots tile is 3 (blue 6),
    lab_tiers next to lab_wave2 reaches the top tier, and a spots footprint on it scores 2."""
    result = sheet(city("spots", street_1="lab_local2", beach_1="lab_wave2", beach_2="lab_tiers",
                        footprints=("street:1",)))
    assert line(result, "blue", "misc").points == 6
    assert line(result, "lab_tiers").points == 5
    assert [fp.points for fp in lines(result, category=FOOTPRINT)] == [2]


def test_r0_5_every_kind_of_person_counts_as_a_person():
    """R0.5, R10.11: a local, a tourist and a VIP on a ringless card are three unplaced people
    on one space (green: -1 for that space)."""
    result = sheet(city(objective="green", street_1="lab_plain",
                        people={"street:1": ["local", "tourist", "vip"]}))
    assert result.unplaced == 3
    assert line(result, "green", "penalty").points == -1


def test_r0_5_foodie_is_not_a_person():
    """R0.5: the foodie stands under the display, wherever it is: nobody is unplaced."""
    state = city(street_1="lab_plain")
    for column in range(state.rules.display_columns):
        state.foodie = column
        result = sheet(state)
        assert result.unplaced == 0
        assert line(result, "blue", "penalty").points == 0


# ================================================================== sheet totals


@pytest.mark.parametrize(
    "build",
    [
        lambda: city("spots", sand_dollars=5, beach_m2="lab_tiers", beach_m1="lab_wave",
                     street_1="lab_adj", street_2="lab_ring_tourist", street_3="lab_sd_score",
                     people={"street:2": ["tourist"], "street:0": ["vip", "local"]},
                     footprints=("street:0",)),
        lambda: city("beachcomber", objective="green", beach_1="lab_ring_any2",
                     beach_2="lab_wave2", street_1="lab_gives_people_neg",
                     street_2="lab_add_people", people={"beach:1": ["local", "vip", "tourist"]},
                     footprints=("beach:0", "beach:1")),
        lambda: city("surfer", objective="orange", beach_1="outer_reef", beach_m1="lab_wave",
                     street_1="lab_ring_lt", street_m1="lab_chain", street_m2="palm_walk",
                     people={"street:1": ["local", "tourist"], "street:0": ["vip", "vip"]},
                     footprints=("beach:1",)),
    ],
)
def test_r10_total_is_the_sum_of_the_lines(build):
    """R10: a sheet's total is the sum of its lines, and the categories add up to it."""
    result = sheet(build())
    assert result.total == sum(item.points for item in result.lines)
    assert sum(result.by_category().values()) == result.total
    assert any(item.points for item in result.lines)
