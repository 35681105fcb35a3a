"""Scoring: a city -> a ScoreSheet with one line per cause (R10, R11.4-R11.7).

Pure functions of the game state. Static parts (objective bonuses, card entries, footprints)
depend on cards and tokens only; rings and penalties depend on where people stand and on the
ring assignment, which is chosen to maximise each player's score (R10.12), among equal scores
leaving the fewest people unplaced.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence

import attrs

from smqt.engine import effects as fx
from smqt.engine.catalog import Catalog
from smqt.engine.city import CACHE_SIZE, City, city_of
from smqt.engine.content import ObjectiveTile
from smqt.engine.entryrules import entry_points, static_objective
from smqt.engine.features import Feature, feature_name
from smqt.engine.footprints import points as footprint_points
from smqt.engine.geometry import TILE_LOWER, TILE_UPPER, Space, space_str
from smqt.engine.rings import RingOutcome, describe_held, outcomes
from smqt.engine.state import GameState, PlayerState
from smqt.language.translate import _, ngettext, quoted

OBJECTIVE = "objective"
CARD = "card"
RING = "ring"
FOOTPRINT = "footprint"
SLOTS = ("wave", "misc", "penalty")
PEOPLE_OBJECTIVES = (fx.MostUnplaced, fx.CardsWithUnplaced, fx.RingsAndUnplaced)
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
    city: City = attrs.field(eq=False, repr=False)
    """The scored city (for the tie-break's chains and for interfaces)."""
    unplaced: int
    rings: tuple[tuple[Space, RingOutcome], ...]
    """The ring assignment used, per space with people."""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def longest_chain(self) -> int:
        """The longest chain of any single tag (R10.8 size): the second tie-break (R10.15).
        Computed on demand: most games never need it."""
        return self.city.longest_chain()

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


# ============================================================================ people


Choice = tuple[tuple[Space, RingOutcome], ...]


@attrs.frozen
class PeopleFrontier:
    """For one player: the best ring assignment for each achievable unplaced count."""

    best: dict[int, tuple[int, Choice]]
    """unplaced count -> (separable value, chosen outcome per space with people)."""


def people_on_spaces(player: PlayerState) -> dict[Space, tuple[int, int, int]]:
    counts: dict[Space, list[int]] = {}
    kinds = KIND_INDEX
    for kind, space in player.people.values():
        found = counts.get(space)
        if found is None:
            found = counts[space] = [0, 0, 0]
        found[kinds[kind]] += 1
    return {s: (c[0], c[1], c[2]) for s, c in counts.items()}


def card_of(space: Space) -> Space:
    """The space that names the card on ``space``: both halves of the starting tile are one
    card (R0.2, R11.5), named by its lower half."""
    return TILE_LOWER if space == TILE_UPPER else space


def _card_options(city: City, spaces: dict[Space, tuple[int, int, int]]
                  ) -> list[tuple[int, Choice]]:
    """Every (unplaced, outcome per space) for the people on the spaces of one card."""
    combos: list[tuple[int, Choice]] = [(0, ())]
    grid = city.grid
    for space, have in sorted(spaces.items()):
        combos = [(u + option.unplaced, (*chosen, (space, option)))
                  for u, chosen in combos for option in outcomes(grid[space].rings, have)]
    return combos


def _worths(people_objectives: Sequence[object]) -> tuple[int, int]:
    """What the outcomes on the spaces of one card are worth apart from the unplaced total,
    besides their ring points: (for holding any unplaced person, per full ring)."""
    with_unplaced = per_full = 0
    for objective in people_objectives:
        if isinstance(objective, fx.CardsWithUnplaced):
            with_unplaced += objective.points
        elif isinstance(objective, fx.RingsAndUnplaced):
            per_full += objective.per_full_ring
    return with_unplaced, per_full


def _worth(option: Choice, unplaced: int, worths: tuple[int, int]) -> int:
    """The separable value of the outcomes on one card's spaces (``_worths``)."""
    points = full = 0
    for _space, outcome in option:
        points += outcome.points
        full += outcome.full
    return points + worths[1] * full + (worths[0] if unplaced else 0)


_ONE_SPACE: dict[tuple[Feature, tuple[int, int, int], tuple[int, int]],
                 tuple[tuple[int, int, RingOutcome], ...]] = {}
"""(feature, people on it, ``_worths``) -> (unplaced, separable value, outcome) for each of
``rings.outcomes`` (CACHE_SIZE entries, emptied when full): the options of a card of one
space, as ``frontier`` reads them (a feature hashes by identity, its rings field by field)."""


def _one_space(feature: Feature, have: tuple[int, int, int], worths: tuple[int, int]
               ) -> tuple[tuple[int, int, RingOutcome], ...]:
    key = (feature, have, worths)
    found = _ONE_SPACE.get(key)
    if found is None:
        if len(_ONE_SPACE) >= CACHE_SIZE:
            _ONE_SPACE.clear()
        with_unplaced, per_full = worths
        found = _ONE_SPACE[key] = tuple(
            (o.unplaced, o.points + per_full * o.full + (with_unplaced if o.unplaced else 0), o)
            for o in outcomes(feature.rings, have))
    return found


def frontier(city: City, player: PlayerState, people_objectives: Sequence[object],
             counts: dict[Space, tuple[int, int, int]] | None = None) -> PeopleFrontier:
    """Best separable value per total unplaced count, by DP over cards (R10.12); ``counts``
    are ``people_on_spaces(player)`` when already known."""
    by_card: dict[Space, dict[Space, tuple[int, int, int]]] = {}
    if counts is None:
        counts = people_on_spaces(player)
    for space, have in counts.items():
        by_card.setdefault(card_of(space), {})[space] = have
    best: dict[int, tuple[int, Choice]] = {0: (0, ())}
    worths = _worths(people_objectives)
    grid = city.grid
    for card in sorted(by_card):
        nxt: dict[int, tuple[int, Choice]] = {}
        spaces = by_card[card]
        choices: list[tuple[int, int, Choice]]
        if len(spaces) == 1:  # most cards: their options are remembered
            [(space, have)] = spaces.items()
            choices = [(option_u, worth, ((space, outcome),))
                       for option_u, worth, outcome in _one_space(grid[space], have, worths)]
        else:
            choices = [(option_u, _worth(option, option_u, worths), option)
                       for option_u, option in _card_options(city, spaces)]
        for option_u, worth, option in choices:
            for u, (value, chosen) in best.items():
                key = u + option_u
                total = value + worth
                current = nxt.get(key)
                if current is None or total > current[0]:
                    nxt[key] = (total, (*chosen, *option))
        best = nxt
    return PeopleFrontier({u: (value, tuple(sorted(chosen, key=_first)))
                           for u, (value, chosen) in best.items()})


def _first(pair: tuple[Space, RingOutcome]) -> Space:
    return pair[0]


_FRONTIERS: weakref.WeakKeyDictionary[Catalog, dict[tuple, PeopleFrontier]] = \
    weakref.WeakKeyDictionary()


def people_frontier(catalog: Catalog, tile: ObjectiveTile, city: City, player: PlayerState,
                    people_objectives: Sequence[object]) -> PeopleFrontier:
    """``frontier``, remembered per objective tile and layout of people on features (all it
    depends on)."""
    known = _FRONTIERS.get(catalog)
    if known is None or len(known) >= CACHE_SIZE:
        known = _FRONTIERS[catalog] = {}
    grid = city.grid
    counts = people_on_spaces(player)
    key = (tile.id, tuple(sorted((space, grid[space].id, have) for space, have in counts.items())))
    found = known.get(key)
    if found is None:
        found = known[key] = frontier(city, player, people_objectives, counts)
    return found


def forget() -> None:
    """Empty the remembered people frontiers and choices of people on a card."""
    _FRONTIERS.clear()
    _ONE_SPACE.clear()


def _unplaced_term(people_objectives: Sequence[object], unplaced: int) -> int:
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


def choose_unplaced(front: PeopleFrontier, people_objectives: Sequence[object],
                    extra: PenaltyFn | None = None) -> int:
    """The unplaced count that maximises value (+ ``extra``), fewest unplaced on ties."""
    def key(u: int) -> tuple[int, int]:
        total = front.best[u][0] + _unplaced_term(people_objectives, u)
        if extra is not None:
            total += extra(u)
        return (total, -u)

    return max(front.best, key=key)


def resolve_most_unplaced(fronts: list[PeopleFrontier], people_objectives: Sequence[object],
                          objective: fx.MostUnplaced, rounds: int = 8) -> list[int]:
    """Each player's unplaced count under a comparative penalty (R10.12, R11.7).

    **Decision**: each player's assignment is their best reply to the others' counts, found by
    repeated best replies in seat order starting from the fewest-unplaced optimum, stopping when
    nobody changes (or after ``rounds``)."""
    chosen = [choose_unplaced(f, people_objectives) for f in fronts]
    for _round in range(rounds):
        changed = False
        for p, front in enumerate(fronts):
            others = [u for q, u in enumerate(chosen) if q != p]
            def penalty(u: int, others: list[int] = others) -> int:
                return most_unplaced_points(objective, u, others)

            best = choose_unplaced(front, people_objectives, penalty)
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
            pts, why = static_objective(objective, city)
            objective_lines.append(ScoreLine(OBJECTIVE, tile.id, slot, None, pts, why))
    card_lines = []
    for space in city.spaces:
        feature = city.grid[space]
        for i, entry in enumerate(feature.scoring):
            pts, why = entry_points(entry, city, space, player)
            card_lines.append(ScoreLine(CARD, feature.id, f"scoring[{i}]", space, pts, why))
    footprint_lines = []
    if player.tile is not None and player.footprints:
        rule = catalog.starting_tiles[player.tile].footprint
        for space in sorted(player.footprints):
            feature = city.grid[space]
            footprint_lines.append(ScoreLine(FOOTPRINT, feature.id, "footprint", space,
                                             footprint_points(rule, feature),
                                             _("footprint on {name}").format(
                                                 name=quoted(feature_name(feature)))))
    return objective_lines, card_lines, footprint_lines


def people_facts(chosen: Choice) -> tuple[int, int, int]:
    """Of a chosen ring assignment: ring points, full rings, cards holding unplaced people
    (the starting tile's halves are one card, R11.5)."""
    points = full = 0
    cards_with_unplaced: set[Space] = set()
    for space, outcome in chosen:
        points += outcome.points
        full += outcome.full
        if outcome.unplaced:
            cards_with_unplaced.add(card_of(space))
    return points, full, len(cards_with_unplaced)


def people_objective_points(objective: object, full_rings: int, cards_with_unplaced: int,
                            unplaced: int, penalty: int | None) -> int:
    """What one people objective scores (R11.4, R11.5, R11.7): ``penalty`` is the
    comparative one, as resolved among the players."""
    if isinstance(objective, fx.MostUnplaced):
        return penalty or 0
    if isinstance(objective, fx.CardsWithUnplaced):
        return cards_with_unplaced * objective.points
    assert isinstance(objective, fx.RingsAndUnplaced)
    return (full_rings * objective.per_full_ring
            + (unplaced // objective.per_unplaced) * objective.points)


def _people_lines(tile: ObjectiveTile, chosen: tuple[tuple[Space, RingOutcome], ...],
                  city: City, unplaced: int, penalty: int | None
                  ) -> tuple[list[ScoreLine], list[ScoreLine]]:
    """Ring lines and people-objective lines for a chosen assignment."""
    ring_lines = []
    for space, outcome in chosen:
        feature = city.grid[space]
        for i in outcome.full_rings:
            ring = feature.rings[i]
            ring_lines.append(ScoreLine(RING, feature.id, f"rings[{i}]", space, ring.points,
                                        _("ring holds {people}").format(
                                            people=describe_held(outcome.held[i]))))
    _points, full_rings, cards = people_facts(chosen)
    objective_lines = []
    for slot, objective in zip(SLOTS, tile.objectives, strict=True):
        if not isinstance(objective, PEOPLE_OBJECTIVES):
            continue
        pts = people_objective_points(objective, full_rings, cards, unplaced, penalty)
        if isinstance(objective, fx.MostUnplaced):
            why = ngettext("{n} person outside rings", "{n} people outside rings",
                           unplaced).format(n=unplaced)
        elif isinstance(objective, fx.CardsWithUnplaced):
            why = ngettext("{n} card with people outside rings",
                           "{n} cards with people outside rings", cards).format(n=cards)
        else:
            why = ngettext("{rings}, {n} person outside rings", "{rings}, {n} people outside rings",
                           unplaced).format(rings=ngettext("{n} full ring", "{n} full rings",
                                                           full_rings).format(n=full_rings),
                                            n=unplaced)
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
        city=city,
        unplaced=unplaced,
        rings=chosen,
    )


def score_game(state: GameState) -> GameScore:
    """Score every player as the cities stand, with the best ring assignments (R10)."""
    sheets = _sheets(state, range(len(state.players)))
    winners, decided_by = rank(sheets)
    return GameScore(tuple(sheets), winners, decided_by)


def score_player(state: GameState, index: int) -> ScoreSheet:
    """One player's sheet, the same as ``score_game(state).sheets[index]`` (for the bots):
    only that city's lines are made; the others' people are looked at only when an objective
    compares the players (R11)."""
    return _sheets(state, (index,))[0]


def _sheets(state: GameState, wanted: Sequence[int]) -> list[ScoreSheet]:
    """The sheets of the players in ``wanted``."""
    catalog = state.catalog
    tile = objective_tile(state)
    people_objectives = [o for o in tile.objectives if isinstance(o, PEOPLE_OBJECTIVES)]
    most = next((o for o in people_objectives if isinstance(o, fx.MostUnplaced)), None)
    # a comparative objective needs every player's people; otherwise only the wanted ones
    looked_at = range(len(state.players)) if most is not None else wanted
    cities = {i: city_of(catalog, state.players[i]) for i in looked_at}
    fronts = {i: people_frontier(catalog, tile, cities[i], state.players[i], people_objectives)
              for i in looked_at}
    if most is not None:
        chosen = resolve_most_unplaced([fronts[i] for i in looked_at], people_objectives, most)
        chosen_u = dict(zip(looked_at, chosen, strict=True))
    else:
        chosen_u = {i: choose_unplaced(fronts[i], people_objectives) for i in looked_at}
    sheets = []
    for i in wanted:
        player, city, u = state.players[i], cities[i], chosen_u[i]
        penalty = None
        if most is not None:
            penalty = most_unplaced_points(most, u, [v for j, v in chosen_u.items() if j != i])
        sheets.append(_assemble(i, player, tile, city, static_lines(catalog, tile, player, city),
                                fronts[i].best[u][1], u, penalty))
    return sheets


def rank(sheets: list[ScoreSheet]) -> tuple[tuple[int, ...], str]:
    """R10.15: highest total; ties by sand dollars left, then the longest chain; then shared."""
    best = max(s.total for s in sheets)
    tied = [s for s in sheets if s.total == best]
    if len(tied) == 1:
        return (tied[0].player,), "score"
    most_dollars = max(s.sand_dollars for s in tied)
    tied = [s for s in tied if s.sand_dollars == most_dollars]
    if len(tied) == 1:
        return (tied[0].player,), "sand dollars"  # not translated: a code (reports)
    longest = max(s.longest_chain for s in tied)
    tied = [s for s in tied if s.longest_chain == longest]
    if len(tied) == 1:
        return (tied[0].player,), "longest chain"  # not translated: a code (reports)
    return tuple(s.player for s in tied), "shared"
