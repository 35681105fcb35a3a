"""Scoring: a city -> a ScoreSheet with one line per cause (R10, R11.4-R11.7).

Pure functions of the game state. Static parts (objective bonuses, card entries, footprints)
depend on cards and tokens only; rings and penalties depend on where people stand and on the
ring assignment, which is chosen to maximise each player's score (R10.12), among equal scores
leaving the fewest people unplaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from smqt.engine import effects as fx
from smqt.engine.catalog import Catalog
from smqt.engine.content import ObjectiveTile
from smqt.engine.features import TAG_INDEX, TAGS, Feature, features
from smqt.engine.footprints import points as footprint_points
from smqt.engine.geometry import Space, space_str
from smqt.engine.rings import RingOutcome, describe_held, outcomes
from smqt.engine.state import GameState, PlayerState

OBJECTIVE = "objective"
CARD = "card"
RING = "ring"
FOOTPRINT = "footprint"
SLOTS = ("wave", "misc", "penalty")
PEOPLE_OBJECTIVES = (fx.MostUnplaced, fx.SpacesWithUnplaced, fx.RingsAndUnplaced)
KIND_INDEX = {"local": 0, "tourist": 1, "vip": 2}


@attrs.frozen
class ScoreLine:
    """One cause of points."""

    category: str
    """``objective``, ``card``, ``ring`` or ``footprint``."""
    source: str
    """Objective tile id, card id, or starting tile feature id (``@tile``)."""
    entry: str
    """``wave`` / ``misc`` / ``penalty``, ``scoring[i]``, ``rings[i]`` or ``footprint``."""
    space: Space | None
    points: int
    why: str

    def as_dict(self) -> dict[str, object]:
        return {
            "category": self.category,
            "source": self.source,
            "entry": self.entry,
            "space": space_str(self.space) if self.space else None,
            "points": self.points,
            "why": self.why,
        }


@attrs.frozen
class ScoreSheet:
    """A player's score with every line, and what the tie-breaks look at (R10.15)."""

    player: int
    lines: tuple[ScoreLine, ...]
    sand_dollars: int
    longest_chain: int
    unplaced: int
    rings: tuple[tuple[Space, RingOutcome], ...]
    """The ring assignment used, per space with people."""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def by_category(self) -> dict[str, int]:
        result = {OBJECTIVE: 0, CARD: 0, RING: 0, FOOTPRINT: 0}
        for line in self.lines:
            result[line.category] += line.points
        return result


@attrs.frozen
class GameScore:
    sheets: tuple[ScoreSheet, ...]
    winners: tuple[int, ...]
    decided_by: str
    """``score``, ``sand dollars``, ``longest chain`` or ``shared`` (R10.15)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sheet.total for sheet in self.sheets)


# ============================================================================ city facts


class City:
    """A player's filled spaces with their features, adjacency and chains (computed lazily)."""

    __slots__ = ("_chains", "feats", "grid", "spaces")

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        table = features(catalog)
        self.grid: dict[Space, Feature] = {s: table[fid] for s, fid in player.city.items()}
        self.spaces: list[Space] = sorted(self.grid)
        self._chains: dict[int, tuple[dict[Space, int], list[int]]] = {}

    def adjacent(self, space: Space) -> list[Feature]:
        grid = self.grid
        r, c = space
        return [grid[n] for n in ((r, c - 1), (r, c + 1), (1 - r, c)) if n in grid]

    def chains(self, tag: int) -> tuple[dict[Space, int], list[int]]:
        """For ``tag``: space -> chain number, and each chain's size in copies (R10.8)."""
        found = self._chains.get(tag)
        if found is not None:
            return found
        grid = self.grid
        label: dict[Space, int] = {}
        sizes: list[int] = []
        for start in self.spaces:
            if start in label or not grid[start].tag_count[tag]:
                continue
            number = len(sizes)
            label[start] = number
            size = 0
            stack = [start]
            while stack:
                space = stack.pop()
                size += grid[space].tag_count[tag]
                r, c = space
                for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
                    if n in grid and n not in label and grid[n].tag_count[tag]:
                        label[n] = number
                        stack.append(n)
            sizes.append(size)
        self._chains[tag] = (label, sizes)
        return label, sizes

    def chain_size(self, space: Space, tag: int) -> int:
        label, sizes = self.chains(tag)
        number = label.get(space)
        return 0 if number is None else sizes[number]

    def longest_chain(self) -> int:
        return max((max(self.chains(t)[1], default=0) for t in range(len(TAGS))), default=0)

    def tag_total(self, tag: int) -> int:
        return sum(f.tag_count[tag] for f in self.grid.values())


# ============================================================================ card entries


def _tag_name(tag: fx.Tag) -> str:
    return tag.value


def _entry_points(entry: object, city: City, space: Space, player: PlayerState) -> tuple[int, str]:
    """Points of one scoring entry on the card at ``space``, with the reason (R10.1-R10.9)."""
    if isinstance(entry, fx.Adjacent):
        t = TAG_INDEX[entry.tag]
        if any(f.tag_count[t] for f in city.adjacent(space)):
            return entry.points, f"adjacent to {entry.tag.value}"
        return 0, f"no adjacent {entry.tag.value}"
    if isinstance(entry, fx.AdjacentCount):
        t = TAG_INDEX[entry.tag]
        copies = sum(f.tag_count[t] for f in city.adjacent(space))
        if copies >= entry.at_least:
            return entry.points, f"{copies} adjacent {entry.tag.value} (needs {entry.at_least})"
        return 0, f"only {copies} adjacent {entry.tag.value} (needs {entry.at_least})"
    if isinstance(entry, fx.AdjacentTiers):
        t = TAG_INDEX[entry.tag]
        copies = sum(f.tag_count[t] for f in city.adjacent(space))
        reached = [pts for need, pts in entry.tiers if copies >= need]
        if reached:
            return reached[-1], f"{copies} adjacent {entry.tag.value}: highest tier reached"
        return 0, f"{copies} adjacent {entry.tag.value}: no tier reached"
    if isinstance(entry, fx.AdjacentAll):
        near = city.adjacent(space)
        missing = [tag.value for tag in entry.tags
                   if not any(f.tag_count[TAG_INDEX[tag]] for f in near)]
        if not missing:
            return entry.points, "adjacent to " + ", ".join(t.value for t in entry.tags)
        return 0, "missing adjacent " + ", ".join(missing)
    if isinstance(entry, fx.AdjacentRing):
        if any(f.rings for f in city.adjacent(space)):
            return entry.points, "adjacent to a card with a ring"
        return 0, "no adjacent card with a ring"
    if isinstance(entry, fx.NotAdjacentRing):
        if any(f.rings for f in city.adjacent(space)):
            return 0, "adjacent to a card with a ring"
        return entry.points, "no adjacent card with a ring"
    if isinstance(entry, fx.AdjacentGives):
        symbol = entry.symbol.value
        if any(symbol in f.gives for f in city.adjacent(space)):
            return entry.points, f"adjacent to a card that gives {symbol.replace('_', ' ')}"
        return 0, f"no adjacent card gives {symbol.replace('_', ' ')}"
    if isinstance(entry, fx.PerTagInCity):
        copies = city.tag_total(TAG_INDEX[entry.tag])
        steps = copies // entry.per
        return steps * entry.points, f"{copies} {entry.tag.value} in the city, {entry.points} per {entry.per}"
    if isinstance(entry, fx.Chain):
        size = city.chain_size(space, TAG_INDEX[entry.tag])
        if size >= entry.at_least:
            if entry.per_tag:
                return entry.points * size, f"{entry.tag.value} chain of {size}, {entry.points} per tag"
            return entry.points, f"{entry.tag.value} chain of {size} (needs {entry.at_least})"
        return 0, f"{entry.tag.value} chain of {size} (needs {entry.at_least})"
    if isinstance(entry, fx.SandDollarsHeld):
        held = player.sand_dollars
        return (held // entry.per) * entry.points, f"{held} sand dollars, {entry.points} per {entry.per}"
    raise TypeError(f"unknown scoring entry {entry!r}")


# ============================================================================ objectives


def _chains_of(city: City, tags: Iterable[fx.Tag]) -> list[tuple[str, int]]:
    result = []
    for tag in tags:
        for size in city.chains(TAG_INDEX[tag])[1]:
            result.append((tag.value, size))
    return result


def _static_objective(objective: object, city: City) -> tuple[int, str]:
    """Objectives that depend on cards only (R11.4-R11.6)."""
    if isinstance(objective, fx.LargestChain):
        chains = _chains_of(city, objective.tags)
        if not chains:
            return 0, "no chain"
        tag, size = max(chains, key=lambda c: c[1])
        return size * objective.points_per_tag, f"largest {tag} chain: {size}"
    if isinstance(objective, fx.CountChains):
        chains = [c for c in _chains_of(city, objective.tags) if c[1] >= objective.at_least]
        return len(chains) * objective.points, f"{len(chains)} chain(s) of {objective.at_least} or more"
    if isinstance(objective, fx.ChainTable):
        chains = _chains_of(city, objective.tags)
        table = objective.table
        total = sum(table[min(size, len(table)) - 1] for _, size in chains)
        sizes = ", ".join(str(size) for _, size in sorted(chains, key=lambda c: -c[1]))
        return total, f"chains of {sizes}" if chains else "no chain"
    if isinstance(objective, fx.PairedRun):
        grid = city.grid
        columns = sorted({c for _, c in grid if (0, c) in grid and (1, c) in grid})
        best = run = 0
        previous = None
        for column in columns:
            run = run + 1 if previous is not None and column == previous + 1 else 1
            best = max(best, run)
            previous = column
        return best * objective.points, f"longest run of paired columns: {best}"
    raise TypeError(f"not a static objective: {objective!r}")


# ============================================================================ people


@attrs.frozen
class PeopleFrontier:
    """For one player: the best ring assignment for each achievable unplaced count."""

    best: dict[int, tuple[int, tuple[tuple[Space, RingOutcome], ...]]]
    """unplaced count -> (separable value, chosen outcome per space with people)."""


def _separable(outcome: RingOutcome, people_objectives: list[object]) -> int:
    value = outcome.points
    for objective in people_objectives:
        if isinstance(objective, fx.SpacesWithUnplaced) and outcome.unplaced:
            value += objective.points
        elif isinstance(objective, fx.RingsAndUnplaced):
            value += objective.per_full_ring * outcome.full
    return value


def people_on_spaces(player: PlayerState) -> dict[Space, tuple[int, int, int]]:
    counts: dict[Space, list[int]] = {}
    for kind, space in player.people.values():
        counts.setdefault(space, [0, 0, 0])[KIND_INDEX[kind]] += 1
    return {s: (c[0], c[1], c[2]) for s, c in counts.items()}


def frontier(city: City, player: PlayerState, people_objectives: list[object]) -> PeopleFrontier:
    """Best separable value per total unplaced count, by DP over spaces (R10.12)."""
    best: dict[int, tuple[int, tuple[tuple[Space, RingOutcome], ...]]] = {0: (0, ())}
    for space, have in sorted(people_on_spaces(player).items()):
        options = outcomes(city.grid[space].rings, have)
        nxt: dict[int, tuple[int, tuple[tuple[Space, RingOutcome], ...]]] = {}
        for u, (value, chosen) in best.items():
            for option in options:
                key = u + option.unplaced
                total = value + _separable(option, people_objectives)
                current = nxt.get(key)
                if current is None or total > current[0]:
                    nxt[key] = (total, (*chosen, (space, option)))
        best = nxt
    return PeopleFrontier(best)


def _unplaced_term(people_objectives: list[object], unplaced: int) -> int:
    """Penalty terms that depend on the total of unplaced people, others excluded."""
    value = 0
    for objective in people_objectives:
        if isinstance(objective, fx.RingsAndUnplaced):
            value += (unplaced // objective.per_unplaced) * objective.points
    return value


def most_unplaced_points(objective: fx.MostUnplaced, mine: int, others: Iterable[int]) -> int:
    """R11.7: zero never loses; ties for the most all lose ``most``; with exactly one player
    on the most, those tied for the second-highest count lose ``second``."""
    if mine == 0:
        return 0
    counts = [c for c in others if c > 0] + [mine]
    top = max(counts)
    if mine == top:
        return objective.most
    if counts.count(top) > 1:
        return 0
    second = max(c for c in counts if c < top)
    return objective.second if mine == second else 0


PenaltyFn = Callable[[int], int]


def choose_unplaced(front: PeopleFrontier, people_objectives: list[object],
                    extra: PenaltyFn | None = None) -> int:
    """The unplaced count that maximises value (+ ``extra``), fewest unplaced on ties."""
    def key(u: int) -> tuple[int, int]:
        total = front.best[u][0] + _unplaced_term(people_objectives, u)
        if extra is not None:
            total += extra(u)
        return (total, -u)

    return max(front.best, key=key)


def resolve_most_unplaced(fronts: list[PeopleFrontier], people_objectives: list[object],
                          objective: fx.MostUnplaced, rounds: int = 8) -> list[int]:
    """Each player's unplaced count under a comparative penalty (R10.12, R11.7).

    **Decision**: each player's assignment is their best reply to the others' counts, found by
    repeated best replies in seat order starting from the fewest-unplaced optimum, stopping when
    nobody changes (or after ``rounds``)."""
    chosen = [choose_unplaced(f, people_objectives) for f in fronts]
    for _ in range(rounds):
        changed = False
        for p, front in enumerate(fronts):
            others = [u for q, u in enumerate(chosen) if q != p]
            best = choose_unplaced(front, people_objectives,
                                   lambda u, o=others: most_unplaced_points(objective, u, o))
            if best != chosen[p]:
                chosen[p] = best
                changed = True
        if not changed:
            break
    return chosen


# ============================================================================ sheets


def objective_tile(state: GameState) -> ObjectiveTile:
    return state.catalog.objective_tiles[state.objective]


def static_lines(catalog: Catalog, tile: ObjectiveTile, player: PlayerState, city: City
                 ) -> tuple[list[ScoreLine], list[ScoreLine], list[ScoreLine]]:
    """Objective bonuses (non-people), card entries and footprints (R10.1-R10.9, R10.13)."""
    objective_lines = []
    for slot, objective in zip(SLOTS, tile.objectives, strict=True):
        if not isinstance(objective, PEOPLE_OBJECTIVES):
            pts, why = _static_objective(objective, city)
            objective_lines.append(ScoreLine(OBJECTIVE, tile.id, slot, None, pts, why))
    card_lines = []
    for space in city.spaces:
        feature = city.grid[space]
        for i, entry in enumerate(feature.scoring):
            pts, why = _entry_points(entry, city, space, player)
            card_lines.append(ScoreLine(CARD, feature.id, f"scoring[{i}]", space, pts, why))
    footprint_lines = []
    if player.tile is not None and player.footprints:
        rule = catalog.starting_tiles[player.tile].footprint
        for space in sorted(player.footprints):
            feature = city.grid[space]
            footprint_lines.append(ScoreLine(FOOTPRINT, feature.id, "footprint", space,
                                             footprint_points(rule, feature),
                                             f"footprint on {feature.name}"))
    return objective_lines, card_lines, footprint_lines


def _people_lines(tile: ObjectiveTile, chosen: tuple[tuple[Space, RingOutcome], ...],
                  city: City, unplaced: int, penalty: int | None
                  ) -> tuple[list[ScoreLine], list[ScoreLine]]:
    """Ring lines and people-objective lines for a chosen assignment."""
    ring_lines = []
    full_rings = 0
    spaces_with_unplaced = 0
    for space, outcome in chosen:
        feature = city.grid[space]
        full_rings += outcome.full
        spaces_with_unplaced += 1 if outcome.unplaced else 0
        for i in outcome.full_rings:
            ring = feature.rings[i]
            ring_lines.append(ScoreLine(RING, feature.id, f"rings[{i}]", space, ring.points,
                                        f"ring holds {describe_held(outcome.held[i])}"))
    objective_lines = []
    for slot, objective in zip(SLOTS, tile.objectives, strict=True):
        if isinstance(objective, fx.MostUnplaced):
            pts = penalty or 0
            why = f"{unplaced} unplaced people"
        elif isinstance(objective, fx.SpacesWithUnplaced):
            pts = spaces_with_unplaced * objective.points
            why = f"{spaces_with_unplaced} space(s) with unplaced people"
        elif isinstance(objective, fx.RingsAndUnplaced):
            pts = full_rings * objective.per_full_ring + (unplaced // objective.per_unplaced) * objective.points
            why = f"{full_rings} full ring(s), {unplaced} unplaced people"
        else:
            continue
        objective_lines.append(ScoreLine(OBJECTIVE, tile.id, slot, None, pts, why))
    return ring_lines, objective_lines


def _assemble(player_index: int, player: PlayerState, tile: ObjectiveTile, city: City,
              static: tuple[list[ScoreLine], list[ScoreLine], list[ScoreLine]],
              chosen: tuple[tuple[Space, RingOutcome], ...], unplaced: int,
              penalty: int | None) -> ScoreSheet:
    objective_static, card_lines, footprint_lines = static
    ring_lines, objective_people = _people_lines(tile, chosen, city, unplaced, penalty)
    by_slot = {line.entry: line for line in objective_static + objective_people}
    objective_lines = [by_slot[slot] for slot in SLOTS if slot in by_slot]
    return ScoreSheet(
        player=player_index,
        lines=tuple(objective_lines + card_lines + ring_lines + footprint_lines),
        sand_dollars=player.sand_dollars,
        longest_chain=city.longest_chain(),
        unplaced=unplaced,
        rings=chosen,
    )


def score_game(state: GameState) -> GameScore:
    """Score every player as the cities stand, with the best ring assignments (R10)."""
    catalog = state.catalog
    tile = objective_tile(state)
    people_objectives = [o for o in tile.objectives if isinstance(o, PEOPLE_OBJECTIVES)]
    cities = [City(catalog, p) for p in state.players]
    fronts = [frontier(c, p, people_objectives) for c, p in zip(cities, state.players, strict=True)]
    most = next((o for o in people_objectives if isinstance(o, fx.MostUnplaced)), None)
    if most is not None:
        chosen_u = resolve_most_unplaced(fronts, people_objectives, most)
    else:
        chosen_u = [choose_unplaced(f, people_objectives) for f in fronts]
    sheets = []
    for i, (player, city, front) in enumerate(zip(state.players, cities, fronts, strict=True)):
        u = chosen_u[i]
        penalty = None
        if most is not None:
            penalty = most_unplaced_points(most, u, [v for j, v in enumerate(chosen_u) if j != i])
        sheets.append(_assemble(i, player, tile, city, static_lines(catalog, tile, player, city),
                                front.best[u][1], u, penalty))
    winners, decided_by = rank(sheets)
    return GameScore(tuple(sheets), winners, decided_by)


def score_player(state: GameState, index: int) -> ScoreSheet:
    """One player's sheet (with the comparative penalty resolved against everybody)."""
    return score_game(state).sheets[index]


def rank(sheets: list[ScoreSheet]) -> tuple[tuple[int, ...], str]:
    """R10.15: highest total; ties by sand dollars left, then the longest chain; then shared."""
    best = max(s.total for s in sheets)
    tied = [s for s in sheets if s.total == best]
    if len(tied) == 1:
        return (tied[0].player,), "score"
    most_dollars = max(s.sand_dollars for s in tied)
    tied = [s for s in tied if s.sand_dollars == most_dollars]
    if len(tied) == 1:
        return (tied[0].player,), "sand dollars"
    longest = max(s.longest_chain for s in tied)
    tied = [s for s in tied if s.longest_chain == longest]
    if len(tied) == 1:
        return (tied[0].player,), "longest chain"
    return tuple(s.player for s in tied), "shared"
