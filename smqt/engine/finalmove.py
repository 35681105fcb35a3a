"""Exact automatic final movement (R9.3): where each person of a player should end up, and
which way each VIP should walk, to maximise that player's final score (R10), and among equal
scores to leave the fewest people unplaced.

The choice is one integer program (``scipy.optimize.milp``, HiGHS, solved to a zero gap);
among equally good movements it makes the fewest moves:

- every group of interchangeable people (same space, same kind, not yet moved) spreads its
  members over the destinations within reach (R6.1, R9.2);
- every VIP picks one of its walks, walks with the same destination and the same
  footprint-worthy spaces entered counting as one (R6.1, R7.2, R7.5);
- a footprint is new on a space when some chosen walk enters it, within what the supply holds;
- on every space the people are put in its rings the way ``rings._fits`` allows (typed places
  take their type, ``any`` places take anyone, never beyond capacity; an ``any_number`` ring
  is full with one person), and whoever stays out is unplaced (R10.10-R10.12);
- the people objectives of the objective tile are read from their effect classes as a
  per-card term (the starting tile's halves are one card), a per-full-ring term and any
  function of the total unplaced count (R11.4, R11.5, R11.7); a comparative penalty takes the
  other players' counts as ``score_game`` resolves them on the given state: the earlier
  players' final positions and the later players' people as they stand (R9.4).

When the footprint supply is short of what the walks could take, the order of the moves decides
which spaces get the last footprints (R1.3, R7.2). Any order amounts to this: some VIPs walk
first and leave a footprint on every worthy space they enter; then at most one VIP enters worthy
spaces until the supply runs out on its way; the others walk after that and leave none. Each VIP
then chooses its walk together with its part (first, running out after so many spaces of a given
order, or after), and the moves are played in that order.

The plan is checked by applying its moves with ``rules.apply`` and scoring with
``scoring.score_game``; any difference from the program's value raises ``AssertionError``.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from smqt.engine import effects as fx
from smqt.engine import rules
from smqt.engine.actions import FinalMove
from smqt.engine.catalog import Catalog
from smqt.engine.city import City
from smqt.engine.features import features
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.footprints import points as footprint_points
from smqt.engine.geometry import TILE_LOWER, TILE_UPPER, Space, space_str
from smqt.engine.scoring import (
    KIND_INDEX,
    PEOPLE_OBJECTIVES,
    card_of,
    most_unplaced_points,
    objective_tile,
    score_game,
    score_player,
    static_lines,
)
from smqt.engine.state import FINAL, PERSON_KINDS, GameState

if TYPE_CHECKING:
    import numpy as np

__all__ = ["FinalPlan", "best_final_movement"]

Walk = tuple[Space, ...]

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

    per_card: int
    """Points per card holding unplaced people."""
    per_full_ring: int
    """Points per full ring."""
    by_unplaced: tuple[int, ...]
    """Points for a total of 0, 1, ... N unplaced people."""


def _people_terms(objectives: Sequence[object], people: int, others: list[int]) -> _PeopleTerms:
    per_card = per_full_ring = 0
    table = [0] * (people + 1)
    for objective in objectives:
        if isinstance(objective, fx.CardsWithUnplaced):
            per_card += objective.points
        elif isinstance(objective, fx.RingsAndUnplaced):
            per_full_ring += objective.per_full_ring
            for j in range(people + 1):
                table[j] += (j // objective.per_unplaced) * objective.points
        elif isinstance(objective, fx.MostUnplaced):
            for j in range(people + 1):
                table[j] += most_unplaced_points(objective, j, others)
        else:
            raise TypeError(
                "the final movement does not know the people "  # not translated: for developers
                f"objective {objective!r}")
    return _PeopleTerms(per_card, per_full_ring, tuple(table))


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
        """A new variable in ``[0, upper]`` adding ``gain`` per unit to the objective."""
        self.lower.append(0.0)
        self.upper.append(float(upper))
        self.integer.append(1 if integer else 0)
        self.gain.append(gain)
        return len(self.gain) - 1

    def row(self, terms: Sequence[tuple[int, float]], lower: float, upper: float) -> None:
        """The constraint ``lower <= sum(coefficient * variable) <= upper``."""
        index = len(self.row_lower)
        for col, value in terms:
            self.row_of.append(index)
            self.col_of.append(col)
            self.coef.append(value)
        self.row_lower.append(lower)
        self.row_upper.append(upper)

    def solve(self) -> np.ndarray:
        """The optimal values, rounded to whole numbers (every variable is integral at the
        optimum: the continuous ones are sums of integers)."""
        # scipy (and numpy) load here, when a final movement is first solved: a table, a
        # replay or a command that never solves one starts without them (half the import time)
        np, Bounds, LinearConstraint, milp, csr_array = load_solver()

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
            options={"mip_rel_gap": 0.0, "presolve": False},
        )
        if result.status != 0 or result.x is None:
            raise AssertionError(  # not translated: for developers
                f"final movement program not solved: {result.message}")  # not translated: for developers
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
            entered = tuple(order)
            if entered not in walks:
                walks[entered] = path
            elif (known := walks[entered]) is not None and len(path) < len(known):
                walks[entered] = path  # the shortest walk of each kind; staying beats all
    return [_Option(dest, visits, tuple(walks.items())) for (dest, visits), walks in found.items()]


@attrs.frozen
class _Group:
    kind: str
    origin: Space
    people: tuple[int, ...]
    options: tuple[_Option, ...]
    choice: tuple[int, ...]
    """Program variable for each option (how many of the group end there; VIPs: 0 or 1)."""


@attrs.frozen
class _Part:
    """A VIP's option and its part in a short footprint supply (R1.3): ``first`` (a footprint on
    every worthy space entered), ``last`` (entering worthy spaces in the order of ``walk``
    until the supply runs out after ``prefix``), or ``after`` (the supply is gone)."""

    person: int
    option: _Option
    part: str
    walk: Walk
    prefix: frozenset[Space] = frozenset()


# ============================================================================ the plan


def load_solver() -> tuple[Any, Any, Any, Any, Any]:
    """numpy and scipy's MILP pieces, imported on first use (a second call costs nothing)."""
    import numpy
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_array

    return numpy, Bounds, LinearConstraint, milp, csr_array


def best_final_movement(state: GameState, player: int | None = None) -> FinalPlan:
    """The exact best final movement of ``player`` (default: the current player) (R9.3).

    In the final movement (phase ``final``, ``player`` current) people already in
    ``state.final_moved`` stay put; in any other phase every person of the player may move.

    **Planned once.** In a player's own final movement the plan is made the first time it is
    asked for (normally before the first move) and kept in the state (``final_plan``): after
    each of its moves the answer is the rest of that plan, not a new plan. Among plans with
    the same final score, the fewest people outside rings, then the fewest moves; among
    those still equal, the one the solver returns for the position the plan is made in (the
    same position always builds the same program, and HiGHS answers it the same way), its
    moves in the order ``_FinalProgram.solve`` gives. A position the kept plan does not know
    (people moved otherwise by hand, a game loaded mid-movement) is planned anew.

    Plans are remembered by what they depend on (``_plan_key``): the same question gets the
    same answer without solving again (a bot's look-ahead asks it often). After the last move
    of a plan the answer is known too: staying put, with the same score (any better movement
    from there would have been better before it, and moving nobody is the fewest moves).
    """
    index = state.current if player is None else player
    key = _plan_key(state, index)
    moving = state.phase == FINAL and state.current == index
    if moving:
        planned = state.final_plan.get(key)
        if planned is not None:
            return planned
    known = _PLANS.get(state.catalog)
    if known is None or len(known) >= _PLANS_KEPT:
        known = _PLANS[state.catalog] = {}
    plan = known.get(key)
    if plan is None:
        plan = _solved(state, index, known)
        known[key] = plan
    if moving and plan.moves:
        state.final_plan = _plan_rests(state, index, key, plan)
    return plan


def _solved(state: GameState, index: int, known: dict[tuple, FinalPlan]) -> FinalPlan:
    model = _FinalProgram(state, index)
    if not model.groups:
        sheet = score_player(state, index)
        return FinalPlan((), sheet.total, sheet.unplaced)
    plan = model.solve()
    _verify(state, index, plan)
    if len(plan.moves) == 1 and state.phase == FINAL and state.current == index:
        after = state.copy()
        rules.apply_legal(after, plan.moves[0], hold=True)
        known[_plan_key(after, index)] = FinalPlan((), plan.total, plan.unplaced)
    return plan


def _plan_rests(state: GameState, index: int, key: tuple, plan: FinalPlan
                ) -> dict[tuple, FinalPlan]:
    """The position after each move of ``plan`` -> the rest of it (``GameState.final_plan``)."""
    rests = {key: plan}
    after = state.copy()
    for done in range(1, len(plan.moves) + 1):
        rules.apply_legal(after, plan.moves[done - 1], hold=True)
        rests[_plan_key(after, index)] = FinalPlan(plan.moves[done:], plan.total, plan.unplaced)
    return rests


_PLANS: weakref.WeakKeyDictionary[Catalog, dict[tuple, FinalPlan]] = weakref.WeakKeyDictionary()
_PLANS_KEPT = 2048


def forget() -> None:
    """Empty the remembered plans (bounded; refilled on use)."""
    _PLANS.clear()


def _plan_key(state: GameState, index: int) -> tuple:
    """Everything a player's best final movement depends on: their city, people, footprints
    and sand dollars, who has moved already, the footprint supply, the objective tile, the
    final movement distances, and for a comparative objective the other players' people."""
    me = state.players[index]
    moving = state.phase == FINAL and state.current == index
    key: tuple = (state.objective, index, me.tile, me.sand_dollars,
                  frozenset(me.city.items()), frozenset(me.people.items()),
                  frozenset(me.footprints), state.supply["footprint"],
                  frozenset(state.final_moved) if moving else None, state.rules.final_move)
    if any(isinstance(o, fx.MostUnplaced) for o in objective_tile(state).objectives):
        key += tuple((frozenset(p.city.items()), frozenset(p.people.items()))
                     for i, p in enumerate(state.players) if i != index)
    return key


class _FinalProgram:
    """The integer program of one player's final movement, and the plan read from it."""

    def __init__(self, state: GameState, index: int) -> None:
        self.state = state
        self.index = index
        self.me = me = state.players[index]
        catalog = state.catalog
        self.feats = features(catalog)
        self.tile = objective_tile(state)
        people_objectives = [o for o in self.tile.objectives if isinstance(o, PEOPLE_OBJECTIVES)]
        others: list[int] = []
        if any(isinstance(o, fx.MostUnplaced) for o in people_objectives):
            sheets = score_game(state).sheets
            others = [sheet.unplaced for i, sheet in enumerate(sheets) if i != index]
        self.terms = _people_terms(people_objectives, len(me.people), others)
        self.weight = len(me.people) + 1  # one point outweighs any difference in unplaced
        self.worthy: dict[Space, int] = {}
        """Spaces without a footprint where a VIP would leave one, and what it would score."""
        if me.tile is not None:
            rule = catalog.starting_tiles[me.tile].footprint
            for space, fid in me.city.items():
                if space not in me.footprints and footprint_matches(rule, space, self.feats[fid]):
                    self.worthy[space] = footprint_points(rule, self.feats[fid])
        self.program = _Program()
        self.groups: list[_Group] = []
        self.fixed: dict[Space, list[int]] = {}
        """People who stay put, by space and kind."""
        self.arrivals: dict[Space, list[list[int]]] = {}
        """Variables counting people who end on a space, by kind."""
        self.reach: dict[Space, list[int]] = {}
        """How many people of each kind could end on a space."""
        self.supply = state.supply["footprint"]
        self.new_footprints: dict[Space, int] = {}
        self.parts: list[tuple[int, _Part]] = []
        """VIP walks by part when the footprint supply is short (empty otherwise)."""
        self.rings: list[tuple[int, int]] = []
        """(variable: the ring is full, what a full ring scores)."""
        self.unplaced: list[int] = []
        self.cards_with_unplaced: list[int] = []
        self.moves: list[int] = []
        """Variables counting people who move (to another space, or round a walk that
        leaves footprints)."""
        self._people()
        if self.groups:
            self._footprints()
            self._spaces()
            self._unplaced_total()
            self._fewest_moves()

    # ---------------------------------------------------------------- the program

    def _people(self) -> None:
        """Each group of interchangeable people spreads over its options (R6, R9.2); VIPs
        choose one walk each."""
        state, program = self.state, self.program
        moved = state.final_moved if state.phase == FINAL and state.current == self.index \
            else set()
        movers: dict[tuple[Space, str], list[int]] = {}
        for pid, (kind, space) in sorted(self.me.people.items()):
            if pid in moved or rules.final_distance(state, kind) == 0:
                self.fixed.setdefault(space, [0, 0, 0])[KIND_INDEX[kind]] += 1
            else:
                movers.setdefault((space, kind), []).append(pid)
        for (origin, kind), pids in sorted(movers.items()):
            options = _walk_options(self.me.city, kind, origin,
                                    rules.final_distance(state, kind), self.worthy)
            k = KIND_INDEX[kind]
            previous: tuple[int, ...] = ()
            for batch in [(pid,) for pid in pids] if kind == "vip" else [tuple(pids)]:
                size = len(batch)
                choice = tuple(program.var(size) for _ in options)
                program.row([(v, 1.0) for v in choice], size, size)
                self.moves += [v for option, v in zip(options, choice, strict=True)
                               if (option.destination, option.visits) != (origin, frozenset())]
                for option, v in zip(options, choice, strict=True):
                    self.arrivals.setdefault(option.destination, [[], [], []])[k].append(v)
                    self.reach.setdefault(option.destination, [0, 0, 0])[k] += size
                if previous:
                    # interchangeable VIPs take their options in rising order (no twins)
                    program.row([(v, float(i)) for i, v in enumerate(previous)]
                                + [(v, -float(i)) for i, v in enumerate(choice)], -math.inf, 0)
                previous = choice
                self.groups.append(_Group(kind, origin, batch, tuple(options), choice))

    def _footprints(self) -> None:
        """A space entered by a chosen walk gets a footprint, supply permitting (R7.2, R7.5)."""
        program = self.program
        enters: dict[Space, list[int]] = {}
        for group in self.groups:
            for option, v in zip(group.options, group.choice, strict=True):
                for space in option.visits:
                    enters.setdefault(space, []).append(v)
        if self.supply <= 0:
            return
        for space in sorted(enters):
            self.new_footprints[space] = program.var(1, self.weight * self.worthy[space])
        if len(self.new_footprints) <= self.supply:
            for space, f in self.new_footprints.items():
                program.row([(f, 1.0)] + [(v, -1.0) for v in enters[space]], -math.inf, 0)
        else:
            self._short_supply()

    def _short_supply(self) -> None:
        """The footprints when the supply may run out (R1.3): VIPs walking ``first`` cover
        their worthy spaces (``covered``); one VIP may be ``last``, adding the first spaces
        of its walk; VIPs walking ``after`` need the supply to be gone."""
        program, supply = self.program, self.supply
        self.parts = []
        covered = {space: program.var(1, integer=False) for space in self.new_footprints}
        covered_by: dict[Space, list[int]] = {space: [] for space in self.new_footprints}
        last_by: dict[Space, list[int]] = {space: [] for space in self.new_footprints}
        every_last: list[int] = []
        footprints = [(f, 1.0) for f in self.new_footprints.values()]
        for group in self.groups:
            if group.kind != "vip":
                continue
            pid = group.people[0]
            not_first: list[int] = []
            for option, y in zip(group.options, group.choice, strict=True):
                if not option.visits:
                    continue
                walk = option.walks[0][1]
                assert walk is not None  # staying enters nothing
                first = program.var(1)
                self.parts.append((first, _Part(pid, option, "first", walk)))
                for space in option.visits:
                    covered_by[space].append(first)
                after = program.var(1)
                self.parts.append((after, _Part(pid, option, "after", walk)))
                split = [first, after]
                prefixes: set[frozenset[Space]] = set()
                for entered, way in option.walks:
                    assert way is not None
                    for j in range(1, len(entered)):
                        prefix = frozenset(entered[:j])
                        if prefix in prefixes:
                            continue
                        prefixes.add(prefix)
                        last = program.var(1)
                        self.parts.append((last, _Part(pid, option, "last", way, prefix)))
                        split.append(last)
                        every_last.append(last)
                        for space in prefix:
                            last_by[space].append(last)
                            program.row([(self.new_footprints[space], 1.0), (last, -1.0)],
                                        0, math.inf)
                program.row([(y, 1.0)] + [(v, -1.0) for v in split], 0, 0)
                not_first += split[1:]
            if not_first:
                # who is not among the first walks finds the supply gone after its prefix (or
                # at once); the optimum never gains by breaking this, but it keeps each part
                # meaning what it says
                program.row(footprints + [(v, -float(supply)) for v in not_first], 0, math.inf)
        for space, f in self.new_footprints.items():
            g = covered[space]
            for first in covered_by[space]:
                program.row([(g, 1.0), (first, -1.0)], 0, math.inf)
            program.row([(g, 1.0)] + [(v, -1.0) for v in covered_by[space]], -math.inf, 0)
            program.row([(f, 1.0), (g, -1.0)], 0, math.inf)
            program.row([(f, 1.0), (g, -1.0)] + [(v, -1.0) for v in last_by[space]], -math.inf, 0)
        if every_last:
            program.row([(v, 1.0) for v in every_last], -math.inf, 1)
        program.row(footprints, -math.inf, supply)

    def _spaces(self) -> None:
        """Rings and unplaced people on every space where people may end (R10.10-R10.12)."""
        program, terms = self.program, self.terms
        spaces = sorted(set(self.fixed) | set(self.arrivals))
        tile_halves: dict[Space, list[int]] = {}
        """The starting tile is one card (R11.5): when people may end on both halves, one
        indicator for the card is at least each half's."""
        if TILE_UPPER in spaces and TILE_LOWER in spaces:
            tile_halves[TILE_LOWER] = []
        for space in spaces:
            have = self.fixed.get(space, [0, 0, 0])
            come = self.arrivals.get(space, [[], [], []])
            most = [have[k] + self.reach.get(space, [0, 0, 0])[k] for k in range(3)]
            everyone = sum(most)
            held_by_kind: list[list[int]] = [[], [], []]
            for ring in self.feats[self.me.city[space]].rings:
                gain = ring.points + terms.per_full_ring
                if isinstance(ring, fx.AnyNumberRing):
                    held, full = self._any_number_ring(most, gain)
                else:
                    held, full = self._ring(ring, most, gain)
                for k, a in held:
                    held_by_kind[k].append(a)
                self.rings.append((full, gain))
            for k in range(3):
                if held_by_kind[k]:
                    program.row([(a, 1.0) for a in held_by_kind[k]]
                                + [(v, -1.0) for v in come[k]], -math.inf, have[k])
            u = program.var(everyone, -1, integer=False)
            self.unplaced.append(u)
            program.row([(u, 1.0)] + [(a, 1.0) for k in range(3) for a in held_by_kind[k]]
                        + [(v, -1.0) for k in range(3) for v in come[k]], sum(have), sum(have))
            if terms.per_card:
                h = program.var(1, 0 if card_of(space) in tile_halves else
                                self.weight * terms.per_card)
                if card_of(space) in tile_halves:
                    tile_halves[card_of(space)].append(h)
                else:
                    self.cards_with_unplaced.append(h)
                program.row([(u, 1.0), (h, -float(everyone))], -math.inf, 0)
                program.row([(h, 1.0), (u, -1.0)], -math.inf, 0)
                # people no ring here can hold are unplaced: the same, one arrival at a time
                for k in range(3):
                    if not held_by_kind[k]:
                        if have[k]:
                            program.row([(h, 1.0)], 1, 1)
                        for v in come[k]:
                            program.row([(v, 1.0), (h, -program.upper[v])], -math.inf, 0)

        for halves in tile_halves.values():
            card = program.var(1, self.weight * terms.per_card)
            self.cards_with_unplaced.append(card)
            for h in halves:
                program.row([(card, 1.0), (h, -1.0)], 0, math.inf)

    def _any_number_ring(self, most: list[int], gain: int) -> tuple[list[tuple[int, int]], int]:
        """Any number of anybody; full with one person (R10.10)."""
        program = self.program
        held = [(k, program.var(most[k])) for k in range(3) if most[k]]
        full = program.var(1, self.weight * gain)
        program.row([(full, 1.0)] + [(a, -1.0) for _, a in held], -math.inf, 0)
        program.row([(a, 1.0) for _, a in held] + [(full, -float(sum(most)))], -math.inf, 0)
        return held, full

    def _ring(self, ring: fx.Ring, most: list[int], gain: int
              ) -> tuple[list[tuple[int, int]], int]:
        """Typed places take their type, ``any`` places the overflow (``rings._fits``); full
        when it holds its capacity, never more (R10.10)."""
        program = self.program
        typed = [sum(1 for w in ring.people if w == kind) for kind in PERSON_KINDS]
        free = sum(1 for w in ring.people if w == "any")
        capacity = len(ring.people)
        room = [min(most[k], typed[k] + free) for k in range(3)]
        held = [(k, program.var(room[k])) for k in range(3) if room[k]]
        if free < sum(max(0, room[k] - typed[k]) for k in range(3)):
            overflow = []
            for k, a in held:
                if room[k] > typed[k]:
                    o = program.var(capacity, integer=False)
                    overflow.append(o)
                    program.row([(a, 1.0), (o, -1.0)], -math.inf, typed[k])
            program.row([(o, 1.0) for o in overflow], -math.inf, free)
        full = program.var(1 if sum(room) >= capacity else 0, self.weight * gain)
        program.row([(a, 1.0) for _, a in held] + [(full, -float(capacity))], 0, math.inf)
        program.row([(a, 1.0) for _, a in held] + [(full, -1.0)], -math.inf, capacity - 1)
        return held, full

    def _unplaced_total(self) -> None:
        """Any function of the total unplaced count, one variable per count (R11.4, R11.7)."""
        if not any(self.terms.by_unplaced):
            return
        program = self.program
        counts = [program.var(1, self.weight * pts) for pts in self.terms.by_unplaced]
        program.row([(b, 1.0) for b in counts], 1, 1)
        program.row([(u, 1.0) for u in self.unplaced]
                    + [(b, -float(j)) for j, b in enumerate(counts)], 0, 0)

    def _fewest_moves(self) -> None:
        """Among equal scores and unplaced counts, the fewest moves: nobody moves for nothing
        (no A -> B beside B -> A). Every gain so far is scaled so that all the moves together
        weigh less than one unit of it."""
        program = self.program
        scale = len(self.me.people) + 1
        program.gain = [gain * scale for gain in program.gain]
        for v in self.moves:
            program.gain[v] -= 1

    # ---------------------------------------------------------------- solving

    def solve(self) -> FinalPlan:
        """Solve, and read the plan: VIPs who walk first, then the one who runs the footprint
        supply out, then the others (R7.2), then everybody else by person id."""
        x = self.program.solve()
        vips = [(group.people[0], option) for group in self.groups if group.kind == "vip"
                for option, v in zip(group.options, group.choice, strict=True) if x[v]]
        footprints = sum(self.worthy[s] for s, f in self.new_footprints.items() if x[f])
        if not self.parts:
            return self._plan(x, footprints, _walk_order(vips))
        chosen = {part.person: part for v, part in self.parts if x[v]}
        order = [(pid, chosen[pid].walk) for pid, _ in sorted(vips)
                 if pid in chosen and chosen[pid].part == "first"]
        order += [(pid, chosen[pid].walk) for pid, _ in sorted(vips)
                  if pid in chosen and chosen[pid].part == "last"]
        order += _walk_order([(pid, option) for pid, option in vips if pid not in chosen])
        order += [(pid, chosen[pid].walk) for pid, _ in sorted(vips)
                  if pid in chosen and chosen[pid].part == "after"]
        return self._plan(x, footprints, order)

    def _plan(self, x: np.ndarray, footprints: int, vip_order: list[tuple[int, Walk]]
              ) -> FinalPlan:
        """The moves (VIPs in ``vip_order`` first, then by person id, lowest ids first within a
        group) and the program's value."""
        terms = self.terms
        unplaced = int(sum(x[u] for u in self.unplaced))
        variable = (sum(gain for full, gain in self.rings if x[full]) + footprints
                    + terms.per_card * int(sum(x[h] for h in self.cards_with_unplaced))
                    + terms.by_unplaced[unplaced])
        catalog = self.state.catalog
        fixed_points = sum(line.points for lines in static_lines(
            catalog, self.tile, self.me, City(catalog, self.me)) for line in lines)
        walks: dict[int, Walk] = {}
        for group in self.groups:
            if group.kind == "vip":
                continue
            pids = list(group.people)
            chosen = sorted(zip(group.options, group.choice, strict=True),
                            key=lambda ov: (ov[0].destination == group.origin, ov[0].destination))
            for option, v in chosen:
                for _ in range(int(x[v])):
                    pid = pids.pop(0)
                    if option.destination != group.origin:
                        walks[pid] = (option.destination,)
        moves = [FinalMove(pid, walk) for pid, walk in vip_order]
        moves += [FinalMove(pid, walks[pid]) for pid in sorted(walks)]
        return FinalPlan(tuple(moves), fixed_points + variable, unplaced)


def _walk_order(vips: list[tuple[int, _Option]]) -> list[tuple[int, Walk]]:
    """The VIPs who move, by id, each on the first walk of its option."""
    order = []
    for pid, option in sorted(vips, key=lambda pv: pv[0]):
        walk = option.walks[0][1]
        if walk is not None:
            order.append((pid, walk))
    return order


def _verify(state: GameState, index: int, plan: FinalPlan) -> None:
    """Apply the plan with the rules and score it: it must be what the program says."""
    check = state.copy()
    if check.phase != FINAL or check.current != index:
        check.phase = FINAL
        check.current = index
        check.final_moved = set()
    for move in plan.moves:
        rules.apply(check, move)
    sheet = score_player(check, index)
    if (sheet.total, sheet.unplaced) != (plan.total, plan.unplaced):
        lines = "\n".join(f"  {line.points:+d} {line.source} {line.entry} "
                          f"{space_str(line.space) if line.space else ''} {line.why}"
                          for line in sheet.lines)
        raise AssertionError(
            f"final movement of player {index + 1}: "  # not translated: for developers
            f"the program expects total {plan.total} "
            f"with {plan.unplaced} unplaced, the rules score {sheet.total} with "
            f"{sheet.unplaced} unplaced after {' / '.join(str(m) for m in plan.moves)}\n{lines}"
        )
