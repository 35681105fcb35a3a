"""Exact automatic final movement (R9.3): where each person of a player should end up, and
which way each VIP should walk, to maximise that player's final score (R10), and among equal
scores to leave the fewest people unplaced.

The choice is one integer program (``scipy.optimize.milp``, HiGHS, solved to a zero gap):

- every group of interchangeable people (same space, same kind, not yet moved) spreads its
  members over the destinations within reach (R6.1, R9.2);
- every VIP picks one of its walks, walks with the same destination and the same
  footprint-worthy spaces entered counting as one (R6.1, R7.2, R7.5);
- a footprint is new on a space when some chosen walk enters it, within what the supply holds;
- on every space the people are put in its rings the way ``rings._fits`` allows (typed places
  take their type, ``any`` places take anyone, never beyond capacity; an ``any_number`` ring
  is full with one person), and whoever stays out is unplaced (R10.10-R10.12);
- the people objectives of the objective tile are read from their effect classes as a
  per-space term, a per-full-ring term and any function of the total unplaced count (R11.4,
  R11.7); a comparative penalty takes the other players' counts as ``score_game`` resolves them
  on the given state.

When the footprint supply is short of what the walks could take, the order of the moves decides
which spaces get the last footprints (R1.3, R7.2). The program then only bounds the footprint
points; the moves are ordered by a small search, and when no order reaches the bound the program
is told so (a cut for that choice of walks) and solved again.

The plan is checked by applying its moves with ``rules.apply`` and scoring with
``scoring.score_game``; any difference from the program's value raises ``AssertionError``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csr_array

from smqt.engine import effects as fx
from smqt.engine import rules
from smqt.engine.actions import FinalMove
from smqt.engine.catalog import Catalog
from smqt.engine.features import features
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.footprints import points as footprint_points
from smqt.engine.geometry import Space, space_str
from smqt.engine.scoring import (
    KIND_INDEX,
    PEOPLE_OBJECTIVES,
    City,
    most_unplaced_points,
    objective_tile,
    score_game,
    static_lines,
)
from smqt.engine.state import FINAL, PERSON_KINDS, GameState

__all__ = ["FinalPlan", "best_final_movement", "crowded_city_states"]

Walk = tuple[Space, ...]

_MAX_CUTS = 500
"""Rounds of 'no move order reaches these footprints' before giving up (never seen above a few)."""


@attrs.frozen
class FinalPlan:
    """The best final movement of one player (R9.3)."""

    moves: tuple[FinalMove, ...]
    """Legal one after another in the final movement; people who stay are left out."""
    total: int
    """The player's final score after these moves (R10)."""
    unplaced: int
    """People outside every ring after these moves (R10.11)."""


# ============================================================================ people objectives


@attrs.frozen
class _PeopleTerms:
    """The people objectives of the objective tile, split by what they depend on."""

    per_space: int
    """Points per space holding unplaced people."""
    per_full_ring: int
    """Points per full ring."""
    by_unplaced: tuple[int, ...]
    """Points for a total of 0, 1, ... N unplaced people."""


def _people_terms(objectives: Sequence[object], people: int, others: list[int]) -> _PeopleTerms:
    per_space = per_full_ring = 0
    table = [0] * (people + 1)
    for objective in objectives:
        if isinstance(objective, fx.SpacesWithUnplaced):
            per_space += objective.points
        elif isinstance(objective, fx.RingsAndUnplaced):
            per_full_ring += objective.per_full_ring
            for j in range(people + 1):
                table[j] += (j // objective.per_unplaced) * objective.points
        elif isinstance(objective, fx.MostUnplaced):
            for j in range(people + 1):
                table[j] += most_unplaced_points(objective, j, others)
        else:
            raise TypeError(f"the final movement does not know the people objective {objective!r}")
    return _PeopleTerms(per_space, per_full_ring, tuple(table))


# ============================================================================ the program


class _Program:
    """A maximisation MILP assembled row by row (sparse), solved by HiGHS."""

    def __init__(self) -> None:
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.integer: list[int] = []
        self.gain: list[int] = []
        self.row_of: list[int] = []
        self.col_of: list[int] = []
        self.coef: list[float] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []

    def var(self, upper: float, gain: int = 0, *, integer: bool = True) -> int:
        self.lower.append(0.0)
        self.upper.append(float(upper))
        self.integer.append(1 if integer else 0)
        self.gain.append(gain)
        return len(self.gain) - 1

    def row(self, terms: Sequence[tuple[int, float]], lower: float, upper: float) -> None:
        index = len(self.row_lower)
        for col, value in terms:
            self.row_of.append(index)
            self.col_of.append(col)
            self.coef.append(value)
        self.row_lower.append(lower)
        self.row_upper.append(upper)

    def solve(self) -> np.ndarray:
        n = len(self.gain)
        constraints = []
        if self.row_lower:
            matrix = csr_array((self.coef, (self.row_of, self.col_of)),
                               shape=(len(self.row_lower), n))
            constraints.append(LinearConstraint(matrix, self.row_lower, self.row_upper))
        result = milp(
            -np.asarray(self.gain, dtype=float),
            integrality=np.asarray(self.integer),
            bounds=Bounds(self.lower, self.upper),
            constraints=constraints,
            options={"mip_rel_gap": 0.0, "presolve": True},
        )
        if result.status != 0 or result.x is None:
            raise AssertionError(f"final movement program not solved: {result.message}")
        return np.rint(result.x).astype(np.int64)


# ============================================================================ options


@attrs.frozen
class _Option:
    """One end of a person's final move: a destination and the footprint-worthy spaces a VIP
    enters on the way, with one walk per order of first entering them (``None``: stay)."""

    destination: Space
    visits: frozenset[Space]
    walks: tuple[tuple[tuple[Space, ...], Walk | None], ...]
    """(footprint-worthy spaces in order of first entry, a walk doing so)."""


def _walk_options(city: dict[Space, str], kind: str, origin: Space, distance: int,
                  worthy: dict[Space, int]) -> list[_Option]:
    """Stay, or any destination (and for a VIP any set of footprint-worthy spaces) in reach."""
    found: dict[tuple[Space, frozenset[Space]], dict[tuple[Space, ...], Walk | None]] = {
        (origin, frozenset()): {(): None}
    }
    if distance > 0:
        for path in rules.person_paths(city, kind, origin, distance):
            order: list[Space] = []
            if kind == "vip":
                for space in path:
                    if space in worthy and space not in order:
                        order.append(space)
            walks = found.setdefault((path[-1], frozenset(order)), {})
            known = walks.get(tuple(order), ())
            if known == () or (known is not None and len(path) < len(known)):
                walks[tuple(order)] = path  # the shortest walk of each kind
    return [_Option(dest, visits, tuple(walks.items())) for (dest, visits), walks in found.items()]


@attrs.frozen
class _Group:
    kind: str
    origin: Space
    people: tuple[int, ...]
    options: tuple[_Option, ...]
    choice: tuple[int, ...]
    """Program variable for each option (how many of the group end there; VIPs: 0 or 1)."""


# ============================================================================ footprints order


def _order_vips(chosen: list[tuple[int, _Option]], supply: int, worth: dict[Space, int],
                target: int) -> tuple[int, list[tuple[int, Walk | None]]]:
    """The best footprint points a move order of these VIP walks reaches when the supply is
    short (R1.3, R7.2), and that order; stops as soon as ``target`` is reached."""
    active = [(pid, option) for pid, option in chosen if option.visits]
    best: list = [-1, []]
    seen: set[tuple[int, frozenset[Space]]] = set()

    def search(mask: int, placed: frozenset[Space], value: int,
               order: list[tuple[int, Walk | None]]) -> bool:
        if value > best[0]:
            best[0], best[1] = value, list(order)
        if value >= target:
            return True
        if len(placed) >= supply or (mask, placed) in seen:
            return False
        seen.add((mask, placed))
        for i, (pid, option) in enumerate(active):
            if mask >> i & 1:
                continue
            for entered, walk in option.walks:
                now = set(placed)
                gained = 0
                for space in entered:
                    if space not in now and len(now) < supply:
                        now.add(space)
                        gained += worth[space]
                order.append((pid, walk))
                if search(mask | 1 << i, frozenset(now), value + gained, order):
                    return True
                order.pop()
        return False

    search(0, frozenset(), 0, [])
    value, order = best
    done = {pid for pid, _ in order}
    for pid, option in active:
        if pid not in done:
            order.append((pid, option.walks[0][1]))
    return value, order


# ============================================================================ the plan


def best_final_movement(state: GameState, player: int | None = None) -> FinalPlan:
    """The exact best final movement of ``player`` (default: the current player) (R9.3).

    In the final movement (phase ``final``, ``player`` current) people already in
    ``state.final_moved`` stay put; in any other phase every person of the player may move.
    """
    index = state.current if player is None else player
    catalog = state.catalog
    feats = features(catalog)
    me = state.players[index]
    city = me.city
    tile = objective_tile(state)
    moved = state.final_moved if state.phase == FINAL and state.current == index else set()
    people_objectives = [o for o in tile.objectives if isinstance(o, PEOPLE_OBJECTIVES)]

    others: list[int] = []
    if any(isinstance(o, fx.MostUnplaced) for o in people_objectives):
        sheets = score_game(state).sheets
        others = [sheet.unplaced for i, sheet in enumerate(sheets) if i != index]
    total_people = len(me.people)
    terms = _people_terms(people_objectives, total_people, others)
    weight = total_people + 1  # one point outweighs every difference in unplaced people

    rule = catalog.starting_tiles[me.tile].footprint if me.tile is not None else None
    worthy: dict[Space, int] = {}
    if rule is not None:
        for space, fid in city.items():
            if space not in me.footprints and footprint_matches(rule, space, feats[fid]):
                worthy[space] = footprint_points(rule, feats[fid])

    program = _Program()

    # ---- who goes where (R6, R9.2)
    fixed: dict[Space, list[int]] = {}
    movers: dict[tuple[Space, str], list[int]] = {}
    for pid, (kind, space) in sorted(me.people.items()):
        if pid in moved or rules.final_distance(state, kind) == 0:
            fixed.setdefault(space, [0, 0, 0])[KIND_INDEX[kind]] += 1
        else:
            movers.setdefault((space, kind), []).append(pid)
    groups: list[_Group] = []
    arrivals: dict[Space, list[list[int]]] = {}
    reach: dict[Space, list[int]] = {}
    for (origin, kind), pids in sorted(movers.items()):
        options = _walk_options(city, kind, origin, rules.final_distance(state, kind), worthy)
        k = KIND_INDEX[kind]
        batches = [(pid,) for pid in pids] if kind == "vip" else [tuple(pids)]
        previous: list[int] | None = None
        for batch in batches:
            size = len(batch)
            choice = tuple(program.var(size) for _ in options)
            program.row([(v, 1.0) for v in choice], size, size)
            for option, v in zip(options, choice, strict=True):
                arrivals.setdefault(option.destination, [[], [], []])[k].append(v)
                reach.setdefault(option.destination, [0, 0, 0])[k] += size
            if previous is not None:
                # interchangeable VIPs take their options in rising order (no symmetric twins)
                program.row([(v, float(i)) for i, v in enumerate(previous)]
                            + [(v, -float(i)) for i, v in enumerate(choice)], -np.inf, 0)
            previous = list(choice)
            groups.append(_Group(kind, origin, batch, tuple(options), choice))

    # ---- footprints (R7.2, R7.5)
    enters: dict[Space, list[int]] = {}
    for group in groups:
        for option, v in zip(group.options, group.choice, strict=True):
            for space in option.visits:
                enters.setdefault(space, []).append(v)
    new_footprint: dict[Space, int] = {}
    supply = state.supply["footprint"]
    if supply > 0:
        for space in sorted(enters):
            f = program.var(1, weight * worthy[space])
            new_footprint[space] = f
            program.row([(f, 1.0)] + [(v, -1.0) for v in enters[space]], -np.inf, 0)
    short = len(new_footprint) > supply
    if short:
        program.row([(f, 1.0) for f in new_footprint.values()], -np.inf, supply)

    # ---- rings and unplaced people on every space people may end on (R10.10-R10.12)
    unplaced_vars: list[int] = []
    ring_vars: list[tuple[int, int]] = []  # (full variable, points)
    space_vars: list[int] = []
    for space in sorted(set(fixed) | set(arrivals)):
        have = fixed.get(space, [0, 0, 0])
        come = arrivals.get(space, [[], [], []])
        most = [have[k] + reach.get(space, [0, 0, 0])[k] for k in range(3)]
        everyone = sum(most)
        held_by_kind: list[list[int]] = [[], [], []]
        for ring in feats[city[space]].rings:
            points = weight * (ring.points + terms.per_full_ring)
            if isinstance(ring, fx.AnyNumberRing):
                held = [(k, program.var(most[k])) for k in range(3) if most[k]]
                full = program.var(1, points)
                program.row([(full, 1.0)] + [(a, -1.0) for _, a in held], -np.inf, 0)
                program.row([(a, 1.0) for _, a in held] + [(full, -float(everyone))], -np.inf, 0)
            else:
                typed = [sum(1 for w in ring.people if w == kind) for kind in PERSON_KINDS]
                free = sum(1 for w in ring.people if w == "any")
                capacity = len(ring.people)
                held = [(k, program.var(min(most[k], typed[k] + free)))
                        for k in range(3) if min(most[k], typed[k] + free)]
                if free < sum(max(0, min(most[k], capacity) - typed[k]) for k in range(3)):
                    overflow = []
                    for k, a in held:
                        if most[k] > typed[k]:
                            o = program.var(capacity, integer=False)
                            overflow.append(o)
                            program.row([(a, 1.0), (o, -1.0)], -np.inf, typed[k])
                    program.row([(o, 1.0) for o in overflow], -np.inf, free)
                full = program.var(1 if sum(min(most[k], typed[k] + free) for k in range(3))
                                   >= capacity else 0, points)
                # full exactly when the ring holds its capacity (and never more)
                program.row([(a, 1.0) for _, a in held] + [(full, -float(capacity))], 0, np.inf)
                program.row([(a, 1.0) for _, a in held] + [(full, -1.0)], -np.inf, capacity - 1)
            for k, a in held:
                held_by_kind[k].append(a)
            ring_vars.append((full, ring.points + terms.per_full_ring))
        for k in range(3):
            if held_by_kind[k]:
                program.row([(a, 1.0) for a in held_by_kind[k]] + [(v, -1.0) for v in come[k]],
                            -np.inf, have[k])
        u = program.var(everyone, -1, integer=False)
        unplaced_vars.append(u)
        program.row([(u, 1.0)] + [(a, 1.0) for k in range(3) for a in held_by_kind[k]]
                    + [(v, -1.0) for k in range(3) for v in come[k]], sum(have), sum(have))
        if terms.per_space:
            h = program.var(1, weight * terms.per_space)
            space_vars.append(h)
            program.row([(u, 1.0), (h, -float(everyone))], -np.inf, 0)
            program.row([(h, 1.0), (u, -1.0)], -np.inf, 0)

    # ---- any function of the total unplaced count (R11.4, R11.7)
    count_vars: list[int] = []
    if any(terms.by_unplaced):
        count_vars = [program.var(1, weight * pts) for pts in terms.by_unplaced]
        program.row([(b, 1.0) for b in count_vars], 1, 1)
        program.row([(u, 1.0) for u in unplaced_vars]
                    + [(b, -float(j)) for j, b in enumerate(count_vars)], 0, 0)

    # ---- solve; when the footprint supply is short, make sure an order of moves exists
    footprint_ceiling = sum(worthy[s] for s in new_footprint)
    for _ in range(_MAX_CUTS):
        x = program.solve()
        vips = [(group.people[0], option) for group in groups if group.kind == "vip"
                for option, v in zip(group.options, group.choice, strict=True) if x[v]]
        bound = sum(worthy[s] for s, f in new_footprint.items() if x[f])
        vip_order: list[tuple[int, Walk | None]] = []
        if not short:
            break
        reached, vip_order = _order_vips(vips, supply, worthy, bound)
        if reached >= bound:
            break
        # No order of these walks places footprints worth ``bound``: for this choice of walks
        # the footprints are worth at most ``reached``.
        picked = [v for group in groups if group.kind == "vip"
                  for v in group.choice if x[v]]
        program.row([(new_footprint[s], float(worthy[s])) for s in new_footprint]
                    + [(v, float(footprint_ceiling)) for v in picked],
                    -np.inf, reached + footprint_ceiling * len(picked))
    else:
        raise AssertionError("final movement: no move order found for the footprints")

    # ---- the program's value
    unplaced = int(sum(x[u] for u in unplaced_vars))
    variable = (sum(pts for full, pts in ring_vars if x[full]) + bound
                + terms.per_space * sum(int(x[h]) for h in space_vars)
                + terms.by_unplaced[unplaced])
    city_facts = City(catalog, me)
    fixed_points = sum(line.points for lines in static_lines(catalog, tile, me, city_facts)
                       for line in lines)
    total = fixed_points + variable

    # ---- the moves: lowest person ids first within a group
    walks: dict[int, Walk] = {}
    for group in groups:
        if group.kind == "vip":
            continue
        pids = list(group.people)
        for option, v in sorted(zip(group.options, group.choice, strict=True),
                                key=lambda ov: (ov[0].destination == group.origin,
                                                ov[0].destination)):
            for _ in range(int(x[v])):
                pid = pids.pop(0)
                if option.destination != group.origin:
                    walks[pid] = (option.destination,)
    if short:
        vip_moves = [FinalMove(pid, walk) for pid, walk in vip_order if walk is not None]
        chosen_vips = {pid for pid, _ in vip_order}
        for pid, option in vips:
            if pid not in chosen_vips and option.walks[0][1] is not None:
                vip_moves.append(FinalMove(pid, option.walks[0][1]))  # type: ignore[arg-type]
    else:
        vip_moves = []
        for pid, option in vips:
            walk = option.walks[0][1]
            if walk is not None:
                walks[pid] = walk
    moves = tuple(vip_moves) + tuple(FinalMove(pid, walks[pid]) for pid in sorted(walks))
    plan = FinalPlan(moves, total, unplaced)
    _verify(state, index, plan)
    return plan


def _verify(state: GameState, index: int, plan: FinalPlan) -> None:
    """Apply the plan with the rules and score it: it must be what the program says."""
    check = state.copy()
    if check.phase != FINAL or check.current != index:
        check.phase = FINAL
        check.current = index
        check.final_moved = set()
    for move in plan.moves:
        rules.apply(check, move)
    sheet = score_game(check).sheets[index]
    if (sheet.total, sheet.unplaced) != (plan.total, plan.unplaced):
        lines = "\n".join(f"  {line.points:+d} {line.source} {line.entry} "
                          f"{space_str(line.space) if line.space else ''} {line.why}"
                          for line in sheet.lines)
        raise AssertionError(
            f"final movement of player {index + 1}: the program expects total {plan.total} "
            f"with {plan.unplaced} unplaced, the rules score {sheet.total} with "
            f"{sheet.unplaced} unplaced after {' / '.join(str(m) for m in plan.moves)}\n{lines}"
        )


# ============================================================================ benchmark cities


def crowded_city_states(catalog: Catalog, count: int, seed: int) -> list[GameState]:
    """``count`` reproducible states in the final movement whose current player has a crowded
    city: 15 feature cards, 20-26 people with 2-4 VIPs, some footprints (for ``smqt bench``).
    Every fifth state has a short footprint supply."""
    chooser = random.Random(seed)
    objectives = sorted(catalog.objective_tiles)
    states = []
    for number in range(count):
        num_players = chooser.randint(2, 4)
        state = rules.new_game(catalog, num_players, chooser.randrange(2**31),
                               objective=objectives[number % len(objectives)])
        deck = sorted(catalog.cards)
        chooser.shuffle(deck)
        tiles = sorted(catalog.starting_tiles)
        chooser.shuffle(tiles)
        current = chooser.randrange(num_players)
        used_footprints = 0
        for i, player in enumerate(state.players):
            crowded = i == current
            _build_city(state, i, tiles[i], deck, 15 if crowded else chooser.randint(8, 15),
                        chooser)
            people = chooser.randint(20, 26) if crowded else chooser.randint(3, 12)
            vips = chooser.randint(2, 4) if crowded else chooser.randint(1, 2)
            spaces = sorted(player.city)
            for n in range(people):
                kind = "vip" if n < vips else chooser.choice(("local", "tourist"))
                player.people[state.next_person] = (kind, chooser.choice(spaces))
                state.next_person += 1
            rule = catalog.starting_tiles[tiles[i]].footprint
            feats = features(catalog)
            for space in spaces:
                if footprint_matches(rule, space, feats[player.city[space]]) and \
                        chooser.random() < 0.35:
                    player.footprints.add(space)
                    used_footprints += 1
        for kind in PERSON_KINDS:
            placed = sum(1 for p in state.players for k, _ in p.people.values() if k == kind)
            state.supply[kind] = max(0, state.supply[kind] - placed)
        state.supply["footprint"] = max(0, state.supply["footprint"] - used_footprints)
        if number % 5 == 4:
            state.supply["footprint"] = chooser.randint(0, 2)
        state.tile_pool = []
        state.deck = deck
        state.front = [None] * len(state.front)
        state.back = [None] * len(state.back)
        state.triggered = True
        state.phase = FINAL
        state.current = current
        state.final_moved = set()
        state.final_players_done = 0
        states.append(state)
    return states


def _build_city(state: GameState, index: int, tile: str, deck: list[str], cards: int,
                chooser: random.Random) -> None:
    """Grow a connected city of ``cards`` feature cards from the deck (R4)."""
    player = state.players[index]
    player.tile = tile
    player.city = {(0, 0): "^", (1, 0): "@" + tile}
    placed = 0
    skipped: list[str] = []
    while placed < cards and deck:
        card = deck.pop()
        spaces = rules.placements(state, player, card)
        if not spaces:
            skipped.append(card)
            continue
        player.city[chooser.choice(spaces)] = card
        placed += 1
    deck.extend(skipped)
