"""The exact automatic final movement (R9.3) against exhaustive search, and scenarios."""

from __future__ import annotations

import itertools
import math
from functools import cache
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smqt.cli.crowded import crowded_city_states
from smqt.engine import rules
from smqt.engine.actions import FinalDone, FinalMove
from smqt.engine.catalog import Catalog
from smqt.engine.content import FeatureCard
from smqt.engine.effects import AnyNumberRing, Ring, Row, Tag, Who
from smqt.engine.features import features
from smqt.engine.finalmove import FinalPlan, best_final_movement
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.rings import outcomes
from smqt.engine.scoring import score_game
from smqt.engine.setup import new_game
from smqt.engine.state import FINAL, OVER, GameState
from smqt.pack.load import load_pack

BASE = Path(__file__).resolve().parents[2] / "content" / "base"
OBJECTIVES = ("blue", "green", "orange")
COMBINATIONS = 3000
"""Most combinations of moves the exhaustive search may have to try in one city."""


@cache
def base() -> Catalog:
    return load_pack(BASE)


@cache
def far_vips(distance: int = 2) -> Catalog:
    """House rule: VIPs walk up to ``distance`` spaces in the final movement (R9.2, R12.1)."""
    catalog = base()
    final = attrs.evolve(catalog.rules.final_move, vip=distance)
    return catalog.with_rules(attrs.evolve(catalog.rules, final_move=final))


# ============================================================================ building states


def _state(catalog: Catalog, objective: str, tiles: tuple[str, str], seed: int = 0) -> GameState:
    """A two-player game whose cities are only the starting tiles, in the final movement of
    player 0 (cities are then filled in by the caller)."""
    state = new_game(catalog, 2, seed, objective=objective)
    for player, tile in zip(state.players, tiles, strict=True):
        player.tile = tile
        player.city = {(0, 0): "^", (1, 0): "@" + tile}
    state.tile_pool = []
    state.phase = FINAL
    state.current = 0
    state.final_moved = set()
    state.next_person = 1
    return state


def _add(state: GameState, index: int, kind: str, space: tuple[int, int]) -> int:
    pid = state.next_person
    state.players[index].people[pid] = (kind, space)
    state.next_person += 1
    return pid


@st.composite
def final_positions(draw: st.DrawFn, catalog: Catalog, objective: str,
                    kinds: tuple[str, ...] = ("local", "tourist", "vip"),
                    supplies: tuple[int, ...] = (28, 28, 0, 1, 2)) -> GameState:
    """A small random city (the starting tile and 1-4 base cards) with 1-6 people of ``kinds``
    and random footprints; the other player's people stand on their starting tile, which has no
    ring, so their unplaced count is plain (R11.7)."""
    tiles = sorted(catalog.starting_tiles)
    mine = draw(st.sampled_from(tiles))
    theirs = draw(st.sampled_from([t for t in tiles if t != mine]))
    state = _state(catalog, objective, (mine, theirs))
    me = state.players[0]
    cards = draw(st.lists(st.sampled_from(sorted(catalog.cards)), min_size=1, max_size=4,
                          unique=True))
    for card in cards:
        spaces = rules.placements(state, me, card)
        if spaces:
            me.city[draw(st.sampled_from(spaces))] = card
    spaces = sorted(me.city)
    for _ in range(draw(st.integers(1, 6))):
        _add(state, 0, draw(st.sampled_from(kinds)), draw(st.sampled_from(spaces)))
    for _ in range(draw(st.integers(0, 4))):
        _add(state, 1, draw(st.sampled_from(("local", "tourist", "vip"))), (1, 0))
    rule = catalog.starting_tiles[mine].footprint
    feats = features(catalog)
    for space in spaces:
        if footprint_matches(rule, space, feats[me.city[space]]) and draw(st.booleans()):
            me.footprints.add(space)
    state.supply["footprint"] = draw(st.sampled_from(supplies))
    # a few people may already have moved by hand (R9.3), or the game may be over already
    if draw(st.booleans()):
        state.final_moved = {pid for pid in me.people if draw(st.booleans())}
    elif draw(st.booleans()):
        state.phase = OVER
    # keep the exhaustive search small: drop people while there are too many combinations
    while _combinations(state) > COMBINATIONS:
        del me.people[max(me.people)]
    return state


# ============================================================================ exhaustive search


def _movers(state: GameState) -> list[int]:
    me = state.players[0]
    moved = state.final_moved if state.phase == FINAL else set()
    return [pid for pid in sorted(me.people) if pid not in moved]


def _options(state: GameState, pid: int) -> list[tuple | None]:
    kind, space = state.players[0].people[pid]
    return [None, *rules.person_paths(state.players[0].city, kind, space,
                                      rules.final_distance(state, kind))]


def _short_supply(state: GameState) -> bool:
    return state.supply["footprint"] < len(state.players[0].city)


def _orders(state: GameState, vips: int) -> int:
    return math.factorial(vips) if _short_supply(state) else 1


def _combinations(state: GameState) -> int:
    count = 1
    vips = 0
    for pid in _movers(state):
        count *= len(_options(state, pid))
        vips += state.players[0].people[pid][0] == "vip"
    return count * _orders(state, vips)


def _exhaustive(state: GameState) -> tuple[int, int]:
    """Max of (total, -unplaced) over every combination of each person's final move: stay or
    any legal path, VIPs in every order when the footprint supply is short (R7.2, R9.3)."""
    me = state.players[0]
    rule = state.catalog.starting_tiles[me.tile].footprint
    feats = features(state.catalog)
    movers = _movers(state)
    scored: dict[tuple, tuple[int, int]] = {}
    best: tuple[int, int] | None = None
    for choice in itertools.product(*(_options(state, pid) for pid in movers)):
        people = dict(me.people)
        walks = []
        for pid, path in zip(movers, choice, strict=True):
            if path is not None:
                kind, _ = people[pid]
                people[pid] = (kind, path[-1])
                if kind == "vip":
                    walks.append(path)
        orders = itertools.permutations(walks) if _short_supply(state) else [walks]
        for order in orders:
            footprints = set(me.footprints)
            supply = state.supply["footprint"]
            for path in order:
                for space in path:
                    if space not in footprints and supply > 0 and \
                            footprint_matches(rule, space, feats[me.city[space]]):
                        footprints.add(space)
                        supply -= 1
            key = (tuple(sorted(people.values())), frozenset(footprints))
            if key not in scored:
                after = state.copy()
                after.players[0].people = people
                after.players[0].footprints = footprints
                sheet = score_game(after).sheets[0]
                scored[key] = (sheet.total, -sheet.unplaced)
            if best is None or scored[key] > best:
                best = scored[key]
    assert best is not None
    return best


def _replay(state: GameState, plan: FinalPlan) -> GameState:
    """Apply the plan's moves with the rules in the final movement of player 0."""
    after = state.copy()
    after.phase = FINAL
    after.current = 0
    if state.phase != FINAL:
        after.final_moved = set()
    for move in plan.moves:
        rules.apply(after, move)
    return after


def _check_against_exhaustive(state: GameState) -> None:
    plan = best_final_movement(state, 0)
    total, fewest = _exhaustive(state)
    assert (plan.total, -plan.unplaced) == (total, fewest)
    moved = state.final_moved if state.phase == FINAL else set()
    assert not {move.person for move in plan.moves} & moved
    assert len({move.person for move in plan.moves}) == len(plan.moves)
    sheet = score_game(_replay(state, plan)).sheets[0]
    assert (sheet.total, sheet.unplaced) == (plan.total, plan.unplaced)


def _examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("objective", OBJECTIVES)
@_examples(35)
@given(data=st.data())
def test_r9_3_final_movement_matches_exhaustive_search(objective: str, data: st.DataObject
                                                       ) -> None:
    """R9.3, R10.12: the automatic final movement reaches the best total of every combination
    of final moves, with the fewest unplaced people among equal totals; its moves are legal and
    score what it says. R7.5: VIP moves leave footprints, even when the supply runs short."""
    state = data.draw(final_positions(base(), objective))
    _check_against_exhaustive(state)


@_examples(40)
@given(data=st.data())
def test_r9_3_multi_step_vip_walks_match_exhaustive_search(data: st.DataObject) -> None:
    """R9.3, R10.12 under a house rule letting VIPs walk 2 spaces: every walk (revisits
    included, R6.1) is tried, and R7.5 footprints on every space entered count."""
    objective = data.draw(st.sampled_from(OBJECTIVES))
    state = data.draw(final_positions(far_vips(), objective))
    _check_against_exhaustive(state)


@_examples(35)
@given(data=st.data())
def test_r1_3_short_footprint_supply_matches_exhaustive_search(data: st.DataObject) -> None:
    """R1.3, R7.2, R7.5, R9.3: with VIPs walking 2 spaces and only 1-3 footprints left, the
    order of the VIP moves decides where the last footprints go; the plan's order reaches the
    best that any order of any walks reaches."""
    objective = data.draw(st.sampled_from(OBJECTIVES))
    state = data.draw(final_positions(far_vips(), objective, kinds=("vip", "vip", "local"),
                                      supplies=(1, 2, 3)))
    _check_against_exhaustive(state)


# ============================================================================ scenarios


def test_r9_3_local_walks_three_spaces_into_a_ring() -> None:
    """R9.2, R9.3: a local walks 3 spaces to the card whose ring takes a local."""
    state = _state(base(), "orange", ("regular", "spots"))
    me = state.players[0]
    me.city.update({(1, 1): "salt_and_wax_surf_shop", (1, 2): "beach_bike_path",
                    (1, 3): "corner_coffee_roaster"})
    local = _add(state, 0, "local", (1, 0))
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    assert plan.moves == (FinalMove(local, ((1, 3),)),)
    assert plan.total == before + 2 + 1  # the ring, and a full ring on the orange tile
    assert plan.unplaced == 0


def test_r7_5_vip_prefers_a_footprint_worth_more_than_a_ring() -> None:
    """R7.5, R9.3: the VIP steps onto the card worth 3 as a footprint rather than into a ring
    worth 2 (a tourist who already moved stands unplaced there, so either way the VIP's
    space stops counting for the green penalty)."""
    state = _state(base(), "green", ("outdoors", "spots"))
    me = state.players[0]
    me.city.update({(0, -1): "seaside_coaster", (0, 1): "dune_restoration"})
    vip = _add(state, 0, "vip", (0, 0))
    tourist = _add(state, 0, "tourist", (0, 1))
    state.final_moved = {tourist}
    before = score_game(state).sheets[0]
    plan = best_final_movement(state)
    assert plan.moves == (FinalMove(vip, ((0, 1),)),)
    assert plan.total == before.total + 3 + 1
    after = _replay(state, plan)
    assert (0, 1) in after.players[0].footprints


def test_r7_5_vip_takes_the_ring_when_the_footprint_is_worth_less() -> None:
    """R7.5, R9.3: the same VIP, with a footprint already on the dune, goes into the ring."""
    state = _state(base(), "green", ("outdoors", "spots"))
    me = state.players[0]
    me.city.update({(0, -1): "seaside_coaster", (0, 1): "dune_restoration"})
    me.footprints.add((0, 1))
    vip = _add(state, 0, "vip", (0, 0))
    before = score_game(state).sheets[0]
    plan = best_final_movement(state)
    assert plan.moves == (FinalMove(vip, ((0, -1),)),)
    assert plan.total == before.total + 2 + 1
    assert plan.unplaced == 0


def test_r9_3_green_gathers_unplaced_people_on_one_space() -> None:
    """R9.3, R11.4 green: with no ring in reach, two tourists share one space so that only one
    space holds unplaced people."""
    state = _state(base(), "green", ("spots", "regular"))
    state.players[0].city[(1, 1)] = "palm_walk"
    first = _add(state, 0, "tourist", (1, 0))
    second = _add(state, 0, "tourist", (1, 1))
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    assert len(plan.moves) == 1 and plan.moves[0].person in (first, second)
    assert plan.total == before + 1
    assert plan.unplaced == 2
    spaces = {space for _, space in _replay(state, plan).players[0].people.values()}
    assert len(spaces) == 1


def test_r9_3_people_moved_by_hand_stay_put() -> None:
    """R9.3: after some moves by hand, the rest is left to the automatic final movement; a VIP
    moved by hand away from its ring stays where it was put."""
    state = _state(base(), "orange", ("spots", "regular"))
    state.players[0].city.update({(1, 1): "rooftop_lounge"})
    vip = _add(state, 0, "vip", (1, 0))
    _add(state, 0, "tourist", (1, 0))
    fresh = best_final_movement(state)
    assert FinalMove(vip, ((1, 1),)) in fresh.moves
    rules.apply(state, FinalMove(vip, ((0, 0),)))
    plan = best_final_movement(state)
    assert all(move.person != vip for move in plan.moves)
    assert plan.total < fresh.total
    _check_against_exhaustive(state)


def test_r9_3_any_phase_treats_everybody_as_not_yet_moved() -> None:
    """R9.3: a position scored after the game (``smqt score --final-move``) may move all."""
    state = _state(base(), "orange", ("regular", "spots"))
    state.players[0].city.update({(1, 1): "corner_coffee_roaster"})
    local = _add(state, 0, "local", (1, 0))
    state.phase = OVER
    state.final_moved = {local}
    plan = best_final_movement(state, 0)
    assert plan.moves == (FinalMove(local, ((1, 1),)),)


def test_r1_3_short_footprint_supply_orders_the_vip_walks() -> None:
    """R1.3, R7.2, R7.5, R9.3: one footprint is left. VIP A (the lower id) walks 2 spaces into
    the VIP ring through a card worth 1; VIP B walks 2 spaces onto the dune, worth 3. B must
    move first so that the last footprint lands on the dune."""
    state = _state(far_vips(), "orange", ("outdoors", "spots"))
    me = state.players[0]
    me.city.update({(0, -1): "dune_restoration", (0, 1): "sunset_lookout",
                    (0, 2): "surf_contest_stage"})
    first = _add(state, 0, "vip", (0, 0))
    second = _add(state, 0, "vip", (1, 0))
    state.supply["footprint"] = 1
    plan = best_final_movement(state)
    assert plan.moves == (FinalMove(second, ((0, 0), (0, -1))),
                          FinalMove(first, ((0, 1), (0, 2))))
    after = _replay(state, plan)
    assert after.players[0].footprints == {(0, -1)}
    _check_against_exhaustive(state)


def test_r1_3_short_footprint_supply_the_first_space_entered_gets_it() -> None:
    """R1.3, R7.2, R9.3: with one footprint left, a VIP that can reach the dune (worth 3) only
    through a card worth 1 leaves the footprint on that card: the plan must not count the dune."""
    state = _state(far_vips(), "green", ("outdoors", "spots"))
    state.players[0].city.update({(0, 1): "sunset_lookout", (0, 2): "dune_restoration"})
    _add(state, 0, "vip", (0, 0))
    state.supply["footprint"] = 1
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    assert plan.total == before + 1
    assert _replay(state, plan).players[0].footprints == {(0, 1)}
    _check_against_exhaustive(state)


def test_r1_3_only_one_vip_runs_the_footprint_supply_out() -> None:
    """R1.3, R7.2, R9.3: two footprints are left and two VIPs each walk through two worthy
    spaces into a ring. Whoever walks first takes both footprints; the other gets none."""
    state = _state(far_vips(), "orange", ("outdoors", "spots"))
    state.players[0].city.update({(0, -2): "kite_meadow", (0, -1): "tide_pools",
                                  (0, 1): "dune_restoration", (0, 2): "surf_contest_stage"})
    _add(state, 0, "vip", (0, 0))
    _add(state, 0, "vip", (0, 0))
    state.supply["footprint"] = 2
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    # both rings (3 + 2, +1 each on orange), no unplaced penalty any more (+1) and two
    # footprints worth 4 in all
    assert plan.total == before + 5 + 2 + 1 + 4
    assert len(_replay(state, plan).players[0].footprints) == 2
    _check_against_exhaustive(state)


def test_r1_3_the_last_footprint_goes_to_the_next_worthy_space_entered() -> None:
    """R1.3, R7.2, R9.3: with VIPs walking 3 spaces and two footprints left, a VIP passing
    spaces worth 1 then 3 cannot skip the first: after another VIP's footprint on the kite
    meadow, its one footprint lands on the space worth 1."""
    state = _state(far_vips(3), "orange", ("outdoors", "spots"))
    state.players[0].city.update({(0, -1): "kite_meadow", (0, 1): "sunset_lookout",
                                  (0, 2): "dune_restoration", (0, 3): "surf_contest_stage"})
    _add(state, 0, "vip", (0, 0))
    _add(state, 0, "vip", (0, 0))
    state.supply["footprint"] = 2
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    # both rings (3 + 2, +1 each), no unplaced penalty any more (+1); the walker to the
    # stage takes both footprints (1 + 3)
    assert plan.total == before + 5 + 2 + 1 + 4
    assert _replay(state, plan).players[0].footprints == {(0, 1), (0, 2)}
    _check_against_exhaustive(state)


def test_r10_10_house_rule_full_rings_may_cost_points() -> None:
    """R10.10, R10.12, R12.1: when a house rule makes full rings cost more than they earn, the
    final movement and the ring assignment leave the ring short rather than full."""
    catalog = base()
    orange = catalog.objective_tiles["orange"]
    costly = attrs.evolve(orange, penalty=attrs.evolve(orange.penalty, per_full_ring=-5))
    catalog = attrs.evolve(catalog, objective_tiles={**catalog.objective_tiles,
                                                     "orange": costly})
    state = _state(catalog, "orange", ("regular", "spots"))
    state.players[0].city[(1, 1)] = "corner_coffee_roaster"
    _add(state, 0, "local", (1, 0))
    _add(state, 0, "local", (1, 1))
    plan = best_final_movement(state)
    assert plan.unplaced == 2
    _check_against_exhaustive(state)


def test_r10_10_any_number_ring_takes_whoever_the_other_rings_leave() -> None:
    """R10.10: on a card with an any_number ring and a ring for one tourist, the tourist fills
    the tourist ring and the local the any_number ring, whatever order the rings are listed in."""
    for rings in ((AnyNumberRing(points=3), Ring(people=(Who.TOURIST,), points=2)),
                  (Ring(people=(Who.TOURIST,), points=2), AnyNumberRing(points=3))):
        best = outcomes(rings, (1, 1, 0))[0]
        assert (best.points, best.full, best.unplaced) == (5, 2, 0)
    best = outcomes((AnyNumberRing(points=3), AnyNumberRing(points=2)), (2, 0, 0))[0]
    assert (best.points, best.full, best.unplaced) == (5, 2, 0)


def test_r10_10_final_movement_on_a_card_with_two_rings() -> None:
    """R9.3, R10.10: the final movement fills both rings of a card with two rings."""
    catalog = base()
    double = FeatureCard(id="double_ring_plaza", name="Double Ring Plaza", row=Row.STREET,
                         tags=(Tag.BUSINESS,),
                         rings=(AnyNumberRing(points=3), Ring(people=(Who.TOURIST,), points=2)))
    catalog = attrs.evolve(catalog, cards={**catalog.cards, double.id: double})
    state = _state(catalog, "green", ("spots", "regular"))
    state.players[0].city[(1, 1)] = double.id
    _add(state, 0, "tourist", (1, 0))
    _add(state, 0, "local", (1, 0))
    before = score_game(state).sheets[0].total
    plan = best_final_movement(state)
    assert plan.unplaced == 0
    assert plan.total == before + 5 + 1
    _check_against_exhaustive(state)


def test_crowded_city_states_are_reproducible_and_solved() -> None:
    """The benchmark cities: 15 cards, 20-26 people with 2-4 VIPs; the same seed gives the
    same cities, and each gets a plan that the rules confirm (R9.3)."""
    first = crowded_city_states(base(), 3, seed=7)
    again = crowded_city_states(base(), 3, seed=7)
    for a, b in zip(first, again, strict=True):
        me = a.players[a.current]
        assert me.card_count() == 15
        assert 20 <= len(me.people) <= 26
        assert 2 <= sum(1 for kind, _ in me.people.values() if kind == "vip") <= 4
        assert me.city == b.players[b.current].city and me.people == b.players[b.current].people
        plan = best_final_movement(a)
        assert plan.total >= score_game(a).sheets[a.current].total


def test_r11_5_green_final_movement_joins_the_starting_tile_halves() -> None:
    """R9.3, R11.5 green: a tourist alone on a beach card steps onto the tile's upper half,
    where the VIP on the lower half already stands unplaced: one card with unplaced people
    instead of two (+1), with nobody placed."""
    state = _state(base(), "green", ("spots", "regular"))
    state.players[0].city[(0, 1)] = "beach_cleanup_crew"
    tourist = _add(state, 0, "tourist", (0, 1))
    _add(state, 0, "vip", (1, 0))
    before = score_game(state).sheets[0]
    plan = best_final_movement(state)
    assert plan.total == before.total + 1
    assert plan.unplaced == 2
    after = _replay(state, plan)
    assert after.players[0].people[tourist][1] == (0, 0)
    _check_against_exhaustive(state)


def test_remembered_plans_are_the_plans_solved_afresh():
    """Issue 15: a plan remembered (``_plan_key``), and the known answer after a plan's last
    move (stay put, same score), are what a fresh solve gives, move after move (R9.3); the
    rest of the plan kept in the state (issue 28) scores what a fresh solve does."""
    from smqt.engine import finalmove

    single_move_answers = 0
    for state in crowded_city_states(base(), 8, seed=11):
        state = state.copy()
        while state.phase == FINAL:
            key = finalmove._plan_key(state, state.current)
            was_known = key in finalmove._PLANS.get(base(), {})
            kept = best_final_movement(state)
            probe = state.copy()
            probe.final_plan = {}
            remembered = best_final_movement(probe)
            finalmove._PLANS.clear()
            probe = state.copy()
            probe.final_plan = {}
            fresh = best_final_movement(probe)
            assert remembered == fresh
            assert (kept.total, kept.unplaced) == (fresh.total, fresh.unplaced)
            if was_known and not remembered.moves:
                single_move_answers += 1
            rules.apply(state, kept.moves[0] if kept.moves else FinalDone())
    assert single_move_answers >= 4


def test_a_final_movement_is_planned_once_and_followed(monkeypatch):
    """R9.3 (issue 28): the plan is made when a player's final movement begins and followed
    to its end: one solve per player, the moves played are that plan's, in its order; a copy
    of the state follows the same plan; people moved otherwise by hand are planned anew."""
    from smqt.engine import finalmove

    solves: list[int] = []
    real = finalmove._solved

    def counted(state, index, known):
        solves.append(index)
        return real(state, index, known)

    monkeypatch.setattr(finalmove, "_solved", counted)
    checked = 0
    for state in crowded_city_states(base(), 6, seed=23):
        state = state.copy()
        finalmove.forget()
        solves.clear()
        player = state.current
        first = best_final_movement(state)
        played = []
        while state.phase == FINAL and state.current == player:
            plan = best_final_movement(state.copy() if played else state)
            if not plan.moves:
                rules.apply(state, FinalDone())
                break
            assert plan.total == first.total
            played.append(plan.moves[0])
            rules.apply(state, plan.moves[0])
        assert tuple(played) == first.moves and solves == [player]
        checked += bool(first.moves)
    assert checked >= 3
    # a hand move that is not the plan's: the position is planned anew
    state = next(s for s in crowded_city_states(base(), 6, seed=23)
                 if len(best_final_movement(s.copy()).moves) >= 2).copy()
    plan = best_final_movement(state)
    other = next(a for a in rules.legal_actions(state)
                 if isinstance(a, FinalMove) and a not in plan.moves)
    rules.apply(state, other)
    assert finalmove._plan_key(state, state.current) not in state.final_plan
    solves.clear()
    best_final_movement(state)
    assert solves == [state.current]
