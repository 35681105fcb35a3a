"""Scenario tests for the scoring of people: activity rings, unplaced people, the ring
assignment, the objective tiles, the final movement and the winner (R10.10-R10.12,
R10.14, R10.15, R11.4-R11.7).

Cities are built by hand from the lab pack on top of the base content; every expected number
is worked out from RULES.md. People on a starting tile stand on its lower half (``street:0``),
which has no ring in the base content, so they are always unplaced.
"""

from __future__ import annotations

import pytest

from smqt.engine.actions import FinalMove
from smqt.engine.rules import apply
from smqt.engine.scoring import RING, ScoreLine, ScoreSheet, score_game
from smqt.engine.state import OVER
from tests.support import lab, lines, player, points, position, sheet

B, S = 0, 1  # rows of a space tuple (beach, street)


def line(result: ScoreSheet, source: str, entry: str) -> ScoreLine:
    """The one line of ``source`` for ``entry`` (failing if there is not exactly one)."""
    found = [item for item in lines(result, source) if item.entry == entry]
    assert len(found) == 1, f"expected one line {source} {entry}, got {found}"
    return found[0]


def one(cards: dict[str, str] | None = None, people: dict[str, list[str]] | None = None,
        tile: str = "outdoors", objective: str = "blue", **extra) -> ScoreSheet:
    """The first player's sheet in a two-player position (the other player has no people)."""
    return sheet(position(lab(), player(tile, cards=cards, people=people), objective=objective,
                          **extra))


def ring_points(result: ScoreSheet) -> dict[tuple[str, str], int]:
    return {(item.source, item.entry): item.points for item in lines(result, category=RING)}


# ================================================================== R10.10 rings


def test_r10_10_ring_scores_when_it_holds_exactly_the_listed_people():
    """R10.10: lab_ring_lt lists 1 local + 1 tourist (4 points)."""
    result = one({"street:1": "lab_ring_lt"}, {"street:1": ["local", "tourist"]})
    ring = line(result, "lab_ring_lt", "rings[0]")
    assert ring.points == 4
    assert ring.why == "ring holds 1 local + 1 tourist"
    assert result.unplaced == 0


def test_r10_10_typed_places_take_only_their_type():
    """R10.10: two tourists cannot fill local + tourist: one goes in, one stays out."""
    result = one({"street:1": "lab_ring_lt"}, {"street:1": ["tourist", "tourist"]})
    assert ring_points(result) == {}
    assert result.unplaced == 1


def test_r10_10_a_local_does_not_fit_a_tourist_ring():
    """R10.10: lab_ring_tourist takes a tourist only; a local stays unplaced."""
    local = one({"street:1": "lab_ring_tourist"}, {"street:1": ["local"]})
    assert ring_points(local) == {}
    assert local.unplaced == 1
    tourist = one({"street:1": "lab_ring_tourist"}, {"street:1": ["tourist"]})
    assert ring_points(tourist) == {("lab_ring_tourist", "rings[0]"): 3}


def test_r10_10_vip_ring():
    """R10.10: a VIP ring takes a VIP and nobody else."""
    assert ring_points(one({"street:1": "lab_ring_vip"}, {"street:1": ["vip"]})) == {
        ("lab_ring_vip", "rings[0]"): 2}
    assert ring_points(one({"street:1": "lab_ring_vip"}, {"street:1": ["tourist"]})) == {}


@pytest.mark.parametrize("pair", [["vip", "local"], ["tourist", "tourist"], ["local", "vip"]])
def test_r10_10_any_places_take_anybody(pair):
    """R10.10: an 'any, any' ring (lab_ring_any2, 3 points) takes any two people."""
    result = one({"beach:1": "lab_ring_any2"}, {"beach:1": pair})
    assert ring_points(result) == {("lab_ring_any2", "rings[0]"): 3}
    assert result.unplaced == 0


def test_r10_10_never_beyond_capacity():
    """R10.10: three people on an 'any, any' ring: it scores once and one person stays out;
    two tourists on a one-tourist ring: 3 points, one unplaced."""
    three = one({"beach:1": "lab_ring_any2"}, {"beach:1": ["local", "tourist", "vip"]})
    assert ring_points(three) == {("lab_ring_any2", "rings[0]"): 3}
    assert three.unplaced == 1
    two = one({"street:1": "lab_ring_tourist"}, {"street:1": ["tourist", "tourist"]})
    assert ring_points(two) == {("lab_ring_tourist", "rings[0]"): 3}
    assert two.unplaced == 1


@pytest.mark.parametrize("crowd", [["tourist"], ["local", "vip"], ["local"] * 3 + ["tourist"] * 2])
def test_r10_10_any_number_ring_scores_once_with_one_or_more(crowd):
    """R10.10: lab_ring_anynum holds any number of anybody and scores 3 once it holds one."""
    result = one({"beach:1": "lab_ring_anynum"}, {"beach:1": crowd})
    assert ring_points(result) == {("lab_ring_anynum", "rings[0]"): 3}
    assert result.unplaced == 0


def test_r10_10_empty_any_number_ring_scores_nothing():
    """R10.10: nobody on the crowd card (people next door do not count): no ring line."""
    result = one({"beach:1": "lab_ring_anynum", "beach:2": "lab_beach_plain"},
                 {"beach:2": ["tourist"]})
    assert ring_points(result) == {}
    assert result.unplaced == 1


def test_r10_10_people_only_use_the_rings_of_their_own_card():
    """R10.10: a tourist on a plain card next to an empty tourist ring stays unplaced."""
    result = one({"street:1": "lab_plain", "street:2": "lab_ring_tourist"},
                 {"street:1": ["tourist"]})
    assert ring_points(result) == {}
    assert result.unplaced == 1


# ================================================================== R10.11 unplaced


def test_r10_11_people_in_a_ring_that_is_not_full_are_placed():
    """R10.11: one local in the 'any, any' ring: no ring points, but nobody is unplaced, so
    blue's penalty does not apply (the same local on a plain lot costs 4)."""
    in_ring = one({"beach:1": "lab_ring_any2"}, {"beach:1": ["local"]})
    assert ring_points(in_ring) == {}
    assert in_ring.unplaced == 0
    assert line(in_ring, "blue", "penalty").points == 0
    on_lot = one({"street:1": "lab_plain"}, {"street:1": ["local"]})
    assert on_lot.unplaced == 1
    assert line(on_lot, "blue", "penalty").points == -4


def test_r10_11_green_and_orange_count_a_partial_ring_as_placed_not_full():
    """R10.11: a lone tourist in the local + tourist ring is placed: green has no space with
    unplaced people; orange has no full ring and no unplaced people either."""
    green = one({"street:1": "lab_ring_lt"}, {"street:1": ["tourist"]}, objective="green")
    assert line(green, "green", "penalty").points == 0
    orange = one({"street:1": "lab_ring_lt"}, {"street:1": ["tourist"]}, objective="orange")
    penalty = line(orange, "orange", "penalty")
    assert penalty.points == 0
    assert penalty.why == "0 full rings, 0 people outside rings"


# ================================================================== R10.12 best assignment


def test_r10_12_best_of_two_rings():
    """R10.12: lab_two_rings has 'any' (1) and 'tourist + any' (5). A tourist and a local
    could fill either; the engine puts both in the 5-point ring."""
    result = one({"street:1": "lab_two_rings"}, {"street:1": ["tourist", "local"]})
    assert ring_points(result) == {("lab_two_rings", "rings[1]"): 5}
    assert result.unplaced == 0
    ((space, outcome),) = result.rings
    assert space == (S, 1)
    assert outcome.held[1] == (1, 1, 0)


def test_r10_12_both_rings_filled_when_possible():
    """R10.12: two tourists and a local fill both rings: 1 + 5."""
    result = one({"street:1": "lab_two_rings"}, {"street:1": ["tourist", "tourist", "local"]})
    assert ring_points(result) == {("lab_two_rings", "rings[0]"): 1,
                                   ("lab_two_rings", "rings[1]"): 5}
    assert result.unplaced == 0


def test_r10_12_assignment_that_places_everybody():
    """R10.12: lab_rings_choice has 'any, any' (3) and 'vip, vip' (1). With two VIPs and a
    local, filling 'any, any' with the two VIPs would leave the local out (blue: -4); the
    engine fills it with a VIP and the local and puts the other VIP in the VIP ring."""
    result = one({"street:1": "lab_rings_choice"}, {"street:1": ["vip", "vip", "local"]})
    assert ring_points(result) == {("lab_rings_choice", "rings[0]"): 3}
    assert result.unplaced == 0
    assert line(result, "blue", "penalty").points == 0
    ((_, outcome),) = result.rings
    assert outcome.held == ((1, 0, 1), (0, 0, 1))
    assert result.total == 3 + 2  # ring + blue misc (business chain 1 of the outdoors tile)


def test_r10_12_full_rings_counted_for_orange():
    """R10.12, R11.4: two locals and two VIPs fill both rings of lab_rings_choice (3 + 1);
    orange adds 1 per full ring."""
    result = one({"street:1": "lab_rings_choice"}, {"street:1": ["vip", "vip", "local", "local"]},
                 objective="orange")
    assert ring_points(result) == {("lab_rings_choice", "rings[0]"): 3,
                                   ("lab_rings_choice", "rings[1]"): 1}
    assert line(result, "orange", "penalty").points == 2


def test_r10_12_any_number_ring_shares_people_with_a_typed_ring():
    """R10.12: lab_crowd_first lists an any-number ring (3) before a tourist ring (2). Two
    tourists: one in each ring scores 5 with nobody left out (not 3 with both in the crowd)."""
    result = one({"street:1": "lab_crowd_first"}, {"street:1": ["tourist", "tourist"]})
    assert ring_points(result) == {("lab_crowd_first", "rings[0]"): 3,
                                   ("lab_crowd_first", "rings[1]"): 2}
    assert result.unplaced == 0


# ================================================================== R10.14 final movement


def _final_city(objective: str):
    """Player 1: a tourist on a lot next to an empty tourist ring. Player 2: a local two
    steps from a crowd card (street:1 -> street:0 -> beach:0 -> beach:-1 is 3 steps)."""
    return position(
        lab(),
        player("outdoors", cards={"street:1": "lab_plain", "street:2": "lab_ring_tourist"},
               people={"street:1": ["tourist"]}),
        player("surfer", cards={"street:1": "lab_local", "beach:-1": "lab_ring_anynum"},
               people={"street:1": ["local"]}),
        objective=objective, phase="final",
    )


def test_r10_14_objectives_scored_after_a_final_move():
    """R10.14, R9.2: before the final movement player 1's tourist is unplaced (green: -1);
    after stepping into the ring next door the penalty is gone and the ring scores 3."""
    state = _final_city("green")
    before = score_game(state).sheets[0]
    assert line(before, "green", "penalty").points == -1
    (tourist,) = state.players[0].people
    apply(state, FinalMove(tourist, ((S, 2),)))
    after = score_game(state).sheets[0]
    assert line(after, "green", "penalty").points == 0
    assert line(after, "green", "penalty").why == "0 cards with people outside rings"
    assert points(after, "lab_ring_tourist") == 3
    assert after.total - before.total == 4


def test_r10_14_objectives_reflect_the_automatic_final_movement():
    """R10.14, R9.3: after ``final_movement`` both players' people stand in rings, and the
    blue penalty lines (which were -4 for both: one unplaced each) are 0."""
    from smqt.cli.score import final_movement

    state = _final_city("blue")
    before = score_game(state)
    assert [line(s, "blue", "penalty").points for s in before.sheets] == [-4, -4]
    moves: list[tuple[int, str]] = []
    final_movement(state, moves)
    assert state.phase == OVER
    assert {p for p, _ in moves} == {0, 1}
    after = score_game(state)
    for result in after.sheets:
        penalty = line(result, "blue", "penalty")
        assert penalty.points == 0
        assert penalty.why == "0 people outside rings"
    assert points(after.sheets[0], "lab_ring_tourist") == 3
    assert points(after.sheets[1], "lab_ring_anynum") == 3
    assert state.players[1].people[next(iter(state.players[1].people))][1] == (B, -1)


# ================================================================== R10.15 winner


def _two(first: dict, second: dict, objective: str = "green"):
    return score_game(position(lab(), first, second, objective=objective))


def test_r10_15_highest_total_wins_whatever_the_sand_dollars():
    """R10.15: 2 points (the vault counts 2 sand dollars) beat 0 points and 5 sand dollars."""
    game = _two(player("outdoors", cards={"street:1": "lab_sd_score1"}, sand_dollars=2),
                player("surfer", sand_dollars=5))
    assert game.totals == (2, 0)
    assert game.winners == (0,)
    assert game.decided_by == "score"


def test_r10_15_tie_broken_by_sand_dollars_before_chains():
    """R10.15: both score 0 on green; player 1 holds 3 sand dollars, player 2 only 1 but has
    the longer chain (local 2): the sand dollars decide."""
    game = _two(player("outdoors", sand_dollars=3),
                player("surfer", cards={"street:1": "lab_local"}, sand_dollars=1))
    assert game.totals == (0, 0)
    assert [s.longest_chain for s in game.sheets] == [1, 2]
    assert game.winners == (0,)
    assert game.decided_by == "sand dollars"


def test_r10_15_then_the_longest_chain_of_any_tag():
    """R10.15: equal totals (one wave group each, green 3) and sand dollars (1 each); player 1's
    wave chain of 2 beats player 2's chains of 1."""
    game = _two(player("outdoors", cards={"beach:1": "lab_wave2"}, sand_dollars=1),
                player("surfer", cards={"beach:1": "lab_wave"}, sand_dollars=1))
    assert game.totals == (3, 3)
    assert [s.longest_chain for s in game.sheets] == [2, 1]
    assert game.winners == (0,)
    assert game.decided_by == "longest chain"


def test_r10_15_longest_chain_can_favour_the_second_player():
    """R10.15: the surfer's local lower half plus lab_local make a chain of 2."""
    game = _two(player("outdoors", cards={"street:1": "lab_plain"}),
                player("surfer", cards={"street:1": "lab_local"}))
    assert game.totals == (0, 0)
    assert game.winners == (1,)
    assert game.decided_by == "longest chain"


def test_r10_15_full_tie_is_shared():
    """R10.15: same total (0), same sand dollars (2), same longest chain (1): shared."""
    game = _two(player("outdoors", sand_dollars=2), player("regular", sand_dollars=2))
    assert game.totals == (0, 0)
    assert game.winners == (0, 1)
    assert game.decided_by == "shared"


def test_r10_15_shared_among_the_tied_players_only():
    """R10.15: players 1 and 3 have one wave group each (green 3) and a chain of 1; player 2
    has nothing: players 1 and 3 share the win."""
    game = score_game(position(
        lab(),
        player("outdoors", cards={"beach:1": "lab_wave"}),
        player("surfer"),
        player("regular", cards={"beach:-1": "lab_leftmost"}),
        objective="green"))
    assert game.totals == (3, 0, 3)
    assert game.winners == (0, 2)
    assert game.decided_by == "shared"


# ================================================================== R11.4 objective tiles


def test_r11_4_blue_wave_two_per_wave_in_the_largest_group():
    """R11.4: wave groups 1 (beach:-1), 5 (lab_wave2 + outer_reef) and 1 (beach:4): 2 x 5."""
    result = one({"beach:-1": "lab_wave", "beach:1": "lab_wave2", "beach:2": "outer_reef",
                  "beach:3": "lab_beach_plain", "beach:4": "shorebreak"})
    wave = line(result, "blue", "wave")
    assert wave.points == 10
    assert wave.why == "largest wave chain: 5"


def test_r11_4_blue_misc_largest_non_wave_chain():
    """R11.4: local chain 4 (lab_local2, the surfer tile, lab_local), nature chain 2; a wave
    group of 5 is bigger but not a non-wave chain: 2 x 4."""
    result = one({"street:-1": "lab_local2", "street:1": "lab_local", "street:2": "lab_nature",
                  "street:3": "lab_nature_b", "beach:1": "outer_reef", "beach:2": "lab_wave2"},
                 tile="surfer")
    misc = line(result, "blue", "misc")
    assert misc.points == 8
    assert misc.why == "largest local chain: 4"


def test_r11_4_blue_penalty_two_players():
    """R11.4, R11.7: 2 unplaced against 1: the most loses 4, the second loses 2."""
    game = score_game(position(lab(), player("outdoors", people={"street:0": ["vip", "vip"]}),
                               player("surfer", people={"street:0": ["vip"]})))
    assert [line(s, "blue", "penalty").points for s in game.sheets] == [-4, -2]
    assert [line(s, "blue", "penalty").why for s in game.sheets] == [
        "2 people outside rings", "1 person outside rings"]


def test_r11_4_green_wave_three_per_separate_group():
    """R11.4: waves at beach:-1, beach:1 and beach:3 are three groups (the upper half and a
    plain beach card separate them): 3 x 3."""
    result = one({"beach:-1": "lab_wave", "beach:1": "lab_wave2", "beach:2": "lab_beach_plain",
                  "beach:3": "outer_reef"}, objective="green")
    assert line(result, "green", "wave").points == 9


def test_r11_4_green_misc_three_per_non_wave_chain_of_three():
    """R11.4: business 3 (outdoors tile + lab_business2) and local 3 (lab_local2 + lab_local)
    count; nature 2 does not, nor the wave group of 3: 2 x 3."""
    result = one({"street:1": "lab_business2", "street:2": "lab_local2", "street:3": "lab_local",
                  "street:-1": "lab_nature", "street:-2": "lab_nature_b",
                  "beach:1": "outer_reef"}, objective="green")
    misc = line(result, "green", "misc")
    assert misc.points == 6
    assert misc.why == "2 chains of 3 or more"


def test_r11_4_green_penalty_per_space_holding_unplaced_people():
    """R11.4: two locals on a lot (1 space), a VIP on the tile (1 space), three tourists on an
    'any, any' ring (one left out: 1 space), a tourist in a tourist ring (placed): -3."""
    result = one({"street:1": "lab_plain", "street:2": "lab_ring_tourist",
                  "beach:1": "lab_ring_any2"},
                 {"street:1": ["local", "local"], "street:0": ["vip"],
                  "street:2": ["tourist"], "beach:1": ["tourist", "tourist", "tourist"]},
                 objective="green")
    penalty = line(result, "green", "penalty")
    assert penalty.points == -3
    assert penalty.why == "3 cards with people outside rings"
    assert result.unplaced == 4
    assert sum(ring_points(result).values()) == 6


def test_r11_4_orange_wave_table_per_group():
    """R11.4: groups of 1, 2, 3 and 5 waves score 1 + 3 + 6 + 10."""
    result = one({"beach:-1": "lab_wave",
                  "beach:1": "lab_wave2", "beach:2": "lab_beach_plain",
                  "beach:3": "outer_reef", "beach:4": "lab_beach_nature",
                  "beach:5": "longboard_break", "beach:6": "shorebreak",
                  "beach:7": "dolphin_watch", "beach:8": "pelican_rocks"},
                 objective="orange")
    wave = line(result, "orange", "wave")
    assert wave.points == 20
    assert wave.why == "chains of 5, 3, 2, 1"


def test_r11_4_orange_wave_group_of_four():
    """R11.4: a group of exactly 4 waves scores 10."""
    result = one({"beach:1": "lab_wave2", "beach:2": "longboard_break"}, objective="orange")
    assert line(result, "orange", "wave").points == 10


def test_r11_4_orange_misc_one_per_column_of_the_longest_paired_run():
    """R11.4, R11.6: paired columns -1, 0, 1, 2 and 4 (column 3 has no street card): 4."""
    result = one({"beach:-1": "lab_beach_plain", "beach:1": "lab_beach_nature",
                  "beach:2": "lab_wave", "beach:3": "lab_wave2", "beach:4": "lab_tiers",
                  "street:-1": "lab_plain", "street:-2": "lab_local", "street:1": "lab_nature",
                  "street:2": "lab_local2", "street:4": "lab_tourist"},
                 objective="orange")
    misc = line(result, "orange", "misc")
    assert misc.points == 4
    assert misc.why == "longest run of paired columns: 4"


def test_r11_4_orange_penalty_full_rings_and_unplaced_pairs():
    """R11.4: two full rings (a tourist in the tourist ring, two people in the crowd ring) +2;
    a lone local in the local + tourist ring is placed but that ring is not full; three
    unplaced locals on a lot -1 (3 // 2): +1 in all."""
    result = one({"street:1": "lab_ring_tourist", "beach:1": "lab_ring_anynum",
                  "street:2": "lab_ring_lt", "street:3": "lab_plain"},
                 {"street:1": ["tourist"], "beach:1": ["local", "vip"], "street:2": ["local"],
                  "street:3": ["local", "local", "local"]},
                 objective="orange")
    penalty = line(result, "orange", "penalty")
    assert penalty.points == 1
    assert penalty.why == "2 full rings, 3 people outside rings"
    assert ring_points(result) == {("lab_ring_tourist", "rings[0]"): 3,
                                   ("lab_ring_anynum", "rings[0]"): 3}


# ================================================================== R11.5 groups and chains


def test_r11_5_blue_largest_counts_one_group_when_tied():
    """R11.5: two wave groups of 2 score 2 x 2, not 2 x 4; two non-wave chains of 3
    (business, nature) score 2 x 3, not 2 x 6."""
    result = one({"beach:-1": "lab_wave2", "beach:1": "longboard_break",
                  "street:1": "lab_business2", "street:-1": "lab_nature",
                  "street:-2": "palm_walk"})
    assert line(result, "blue", "wave").points == 4
    assert line(result, "blue", "misc").points == 6


def test_r11_5_green_counts_a_long_chain_once():
    """R11.5: a local chain of 6 (beachside_apartments 2, surfer tile 1, lab_local2 2,
    lab_local 1) is one chain: 3, not 6."""
    result = one({"street:-1": "beachside_apartments", "street:1": "lab_local2",
                  "street:2": "lab_local"}, tile="surfer", objective="green")
    misc = line(result, "green", "misc")
    assert misc.points == 3
    assert misc.why == "1 chain of 3 or more"
    assert result.longest_chain == 6


def test_r11_5_green_wave_groups_are_separate_chains():
    """R11.5: a plain beach card between two wave cards makes two groups (green 3 x 2); a wave
    card in its place joins them into one group (3)."""
    result = one({"beach:1": "lab_wave", "beach:2": "lab_beach_plain", "beach:3": "lab_wave2"},
                 objective="green")
    assert line(result, "green", "wave").points == 6
    merged = one({"beach:1": "lab_wave", "beach:2": "shorebreak", "beach:3": "lab_wave2"},
                 objective="green")
    assert line(merged, "green", "wave").points == 3


# ================================================================== R11.6 paired columns


def test_r11_6_column_zero_is_always_paired():
    """R11.6: beach cards at 1 and 2, a street card at -1: only column 0 is paired: 1."""
    result = one({"beach:1": "lab_beach_plain", "beach:2": "lab_wave", "street:-1": "lab_plain"},
                 objective="orange")
    assert line(result, "orange", "misc").points == 1


def test_r11_6_runs_must_be_consecutive():
    """R11.6: paired columns 0, 2, 3, 4 (column 1 has no street card): the run 2-4 scores 3,
    not 4."""
    result = one({"beach:1": "lab_beach_plain", "beach:2": "lab_wave", "beach:3": "lab_wave2",
                  "beach:4": "lab_tiers", "street:2": "lab_plain", "street:3": "lab_local",
                  "street:4": "lab_nature"}, objective="orange")
    misc = line(result, "orange", "misc")
    assert misc.points == 3
    assert misc.why == "longest run of paired columns: 3"


def test_r11_6_run_through_column_zero():
    """R11.6: columns -2..2 all paired: a run of 5."""
    result = one({"beach:-2": "lab_beach_plain", "beach:-1": "lab_wave", "beach:1": "lab_wave2",
                  "beach:2": "lab_tiers", "street:-2": "lab_plain", "street:-1": "lab_local",
                  "street:1": "lab_nature", "street:2": "lab_tourist"}, objective="orange")
    assert line(result, "orange", "misc").points == 5


# ================================================================== R11.7 most unplaced


TILES = ("outdoors", "surfer", "spots", "regular")


def _unplaced_game(counts: tuple[int, ...]):
    """Each player has ``counts[i]`` locals on their tile's lower half (no ring there)."""
    players = [player(tile, people={"street:0": ["local"] * n} if n else None)
               for tile, n in zip(TILES, counts, strict=False)]
    return score_game(position(lab(), *players))


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ((3, 3, 1), (-4, -4, 0)),          # tie for the most: all lose 4, there is no second
        ((4, 2, 2), (-4, -2, -2)),         # one most: all tied for second lose 2
        ((2, 0, 0), (-4, 0, 0)),           # zero never loses
        ((0, 0, 0), (0, 0, 0)),
        ((5, 0, 2, 1), (-4, 0, -2, 0)),    # third place loses nothing
        ((0, 0, 0, 2), (0, 0, 0, -4)),
        ((1, 1, 1, 1), (-4, -4, -4, -4)),
        ((3, 1, 1, 0), (-4, -2, -2, 0)),
        ((2, 2, 0, 5), (-2, -2, 0, -4)),   # one most, two tied for second
    ],
)
def test_r11_7_most_and_second_most_unplaced(counts, expected):
    """R11.7: blue's penalty compares the players' unplaced people (3 and 4 players)."""
    game = _unplaced_game(counts)
    assert tuple(s.unplaced for s in game.sheets) == counts
    assert tuple(line(s, "blue", "penalty").points for s in game.sheets) == expected


def test_r11_5_green_penalty_counts_the_starting_tile_once():
    """R11.5, R11.4 green: unplaced people on both halves of the starting tile cost -1 (one
    card), not -2; a lot with an unplaced local beside it makes -2."""
    both = one({"street:1": "lab_plain"}, {"beach:0": ["tourist"], "street:0": ["vip"]},
               objective="green")
    assert line(both, "green", "penalty").points == -1
    assert line(both, "green", "penalty").why == "1 card with people outside rings"
    assert both.unplaced == 2
    more = one({"street:1": "lab_plain"},
               {"beach:0": ["tourist"], "street:0": ["vip"], "street:1": ["local"]},
               objective="green")
    assert line(more, "green", "penalty").points == -2
