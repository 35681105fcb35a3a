"""Score totals without explanations, for the bots and playouts (R10, R11).

``player_tally(state, i).total`` is always ``score_game(state).sheets[i].total``: the same
entry rules (``entryrules``), the same ring assignment (``scoring.people_frontier``) and the
same comparative penalty, minus the reasons and score lines people read. What depends on the
cards alone (the City, the objective bonuses, the card entries) is worked out once per city and
objective tile and remembered, so a bot weighing many moves of people over one city pays for it
once.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from smqt.engine import effects as fx
from smqt.engine.catalog import Catalog
from smqt.engine.city import CACHE_SIZE, City, city_of
from smqt.engine.city import forget as forget_cities
from smqt.engine.content import ObjectiveTile
from smqt.engine.entryrules import (
    CHAIN_OBJECTIVES,
    NEIGHBOURS,
    ONE_TAG,
    READS,
    card_awards,
    entry_award,
    objective_award,
    objective_measure,
)
from smqt.engine.features import TAG_INDEX, Feature
from smqt.engine.footprints import points as footprint_points
from smqt.engine.geometry import Space
from smqt.engine.rings import RingOutcome
from smqt.engine.scoring import (
    PEOPLE_OBJECTIVES,
    PeopleFrontier,
    choose_unplaced,
    most_unplaced_points,
    objective_tile,
    people_facts,
    people_frontier,
    people_objective_points,
    resolve_most_unplaced,
)
from smqt.engine.state import GameState, PlayerState

CardPoints = tuple[Space, Feature, int, int]
"""(space, feature, index of the scoring entry, points), in the score sheet's order."""


class Tally:
    """One player's total and what the bots read besides it."""

    __slots__ = ("cards", "city", "memo", "rings", "total", "unplaced")

    def __init__(self, total: int, cards: tuple[CardPoints, ...], part: _CityPart,
                 rings: tuple[tuple[Space, RingOutcome], ...], unplaced: int) -> None:
        self.total = total
        self.cards = cards
        """Every card entry's points (the sheet's ``card`` lines)."""
        self.city = part.city
        self.memo = part.memo
        """A place for callers to keep what they derive from the cards alone (shared by
        every tally of the same city and objective tile)."""
        self.rings = rings
        """The ring assignment used, per space with people (as ``ScoreSheet.rings``)."""
        self.unplaced = unplaced


class _CityPart:
    """What a city scores on its cards alone under one objective tile."""

    __slots__ = ("_city", "card_points", "cards", "held", "memo", "objective_points",
                 "objectives", "people")

    def __init__(self, catalog: Catalog, tile: ObjectiveTile, player: PlayerState,
                 city: City, parent: _CityPart | None = None) -> None:
        """From scratch, or from ``parent``, the part of the City this one was extended
        from (only the entries the added card can change are worked out again)."""
        self._city = weakref.ref(city)  # the City keeps its parts: no cycle to collect
        static = [o for o in tile.objectives if not isinstance(o, PEOPLE_OBJECTIVES)]
        # each objective's points that reads the cards alone, in the tile's order
        self.objectives: tuple[int, ...]
        if parent is None:
            self.objectives = tuple(objective_award(o, objective_measure(o, city))
                                    for o in static)
            cards = _cards(city, player)
        else:
            self.objectives = _objectives_from(parent, static, city)
            cards = _cards_from(parent, city, player)
        self.objective_points = sum(self.objectives)
        self.cards: tuple[Any, ...] = cards
        self.held = tuple(k for k, card in enumerate(cards) if card[3] is None)
        self.card_points = sum(card[3] for card in cards if card[3] is not None)
        """The points of the card entries but the purse's."""
        self.people: dict[tuple, Any] = {}
        """Layout of people -> their frontier, or without a comparative objective the whole
        people result (unplaced, ring assignment, points)."""
        self.memo: dict[object, Any] = {}

    @property
    def city(self) -> City:
        city = self._city()
        assert city is not None  # a part is reached through its City
        return city


def _entries(space: Space, feature: Feature, city: City, player: PlayerState) -> list[Any]:
    """The card entries of one filled space (``None`` points: the purse's, worked out last)."""
    if not feature.scoring:
        return []
    return [(space, feature, i, points)
            for i, points in enumerate(card_awards(feature.scoring, city, space, player))]


def _cards(city: City, player: PlayerState) -> tuple[Any, ...]:
    cards: list[Any] = []
    grid = city.grid
    for space in city.spaces:
        feature = grid[space]
        if feature.scoring:
            cards += [(space, feature, i, points) for i, points in
                      enumerate(card_awards(feature.scoring, city, space, player))]
    return tuple(cards)


def _cards_from(parent: _CityPart, city: City, player: PlayerState) -> tuple[Any, ...]:
    """The card entries of ``city``, one card more than ``parent``'s: an entry is worked out
    again only if the added card can change it (it is the added card's, or next to it and
    reads its neighbours, or reads a tag the added card has); any other kind, always."""
    added = city.added
    assert added is not None
    feature = city.grid[added]
    near = city.near_mask(added)
    has = feature.tag_count
    cards: list[Any] = []
    placed = False
    for card in parent.cards:
        space, owner, i, points = card
        if not placed and space > added:
            cards += _entries(added, feature, city, player)
            placed = True
        if points is not None:
            entry = owner.scoring[i]
            reads = READS.get(type(entry))
            if (reads != NEIGHBOURS or city.bit(space) & near) and \
                    (reads != ONE_TAG or has[TAG_INDEX[entry.tag]]):  # type: ignore[attr-defined]
                card = (space, owner, i, entry_award(entry, city, space, player))
        cards.append(card)
    if not placed:
        cards += _entries(added, feature, city, player)
    return tuple(cards)


def _objectives_from(parent: _CityPart, static: list[Any], city: City) -> tuple[int, ...]:
    """The objectives' points of ``city``, one card more than ``parent``'s: a chain objective
    none of whose tags the added card has keeps its points; any other is worked out again."""
    assert city.added is not None
    has = city.grid[city.added].tag_count
    return tuple(
        old if isinstance(o, CHAIN_OBJECTIVES) and not any(has[TAG_INDEX[t]] for t in o.tags)
        else objective_award(o, objective_measure(o, city))
        for o, old in zip(static, parent.objectives, strict=True))


_LAYOUTS_KEPT = 256
"""Layouts of people remembered per city part."""
_LAYOUT_BUDGET = 20_000
"""Layouts of people remembered in all city parts together: past it, the cities remembered by
their cards are forgotten (with their parts; those the states keep stay)."""
_layouts = [0]

def _city_part(catalog: Catalog, tile: ObjectiveTile, player: PlayerState) -> _CityPart:
    """The city's part under ``tile``, kept with the City (so as long as a state keeps it)."""
    city = city_of(catalog, player)
    parts = city.parts
    part = parts.get(tile.id)
    if part is None:
        parent = city.parent() if city.parent is not None else None
        before = parent.parts.get(tile.id) if parent is not None else None
        part = parts[tile.id] = _CityPart(catalog, tile, player, city, before)
    return part


def part_difference(catalog: Catalog, player: PlayerState, city: City, fresh: City) -> str | None:
    """The first difference between the parts ``city`` keeps and the same worked out from
    scratch on ``fresh`` (the differential check, ``incremental``), or None."""
    for tile_id, part in city.parts.items():
        scratch = _CityPart(catalog, catalog.objective_tiles[str(tile_id)], player, fresh)
        if part.objectives != scratch.objectives or \
                part.objective_points != scratch.objective_points:
            return f"objective points under {tile_id}"  # not translated: for developers
        if part.cards != scratch.cards:
            return f"card entries under {tile_id}"  # not translated: for developers
    return None


def player_tally(state: GameState, index: int) -> Tally:
    """Player ``index``'s total as ``score_game`` gives it, without the explanations."""
    return _tallies(state, (index,))[0]


def totals(state: GameState) -> tuple[int, ...]:
    """Every player's total, as ``score_game(state).totals``."""
    return tuple(t.total for t in _tallies(state, range(len(state.players))))


_TILES: dict[int, tuple[ObjectiveTile, list[object], fx.MostUnplaced | None]] = {}
"""id of an objective tile -> the tile (while it is here its id stays its own), its people
objectives and its comparative one (emptied past CACHE_SIZE tiles)."""


def _people_objectives(tile: ObjectiveTile) -> tuple[list[object], fx.MostUnplaced | None]:
    known = _TILES.get(id(tile))
    if known is None or known[0] is not tile:
        if len(_TILES) >= CACHE_SIZE:
            _TILES.clear()
        people: list[object] = [o for o in tile.objectives if isinstance(o, PEOPLE_OBJECTIVES)]
        most = next((o for o in people if isinstance(o, fx.MostUnplaced)), None)
        known = _TILES[id(tile)] = (tile, people, most)
    return known[1], known[2]


def _tallies(state: GameState, wanted: Sequence[int]) -> list[Tally]:
    catalog = state.catalog
    tile = objective_tile(state)
    people_objectives, most = _people_objectives(tile)
    if most is None:
        return [_tally(catalog, tile, state.players[i], people_objectives) for i in wanted]
    parts = [_city_part(catalog, tile, player) for player in state.players]
    fronts = [_frontier(catalog, tile, part, player, people_objectives)
              for part, player in zip(parts, state.players, strict=True)]
    key = tuple(id(front) for front in fronts)
    known = _RESOLVED.get(key)
    if known is None:
        if len(_RESOLVED) >= CACHE_SIZE:
            _RESOLVED.clear()
        chosen_u = resolve_most_unplaced(fronts, people_objectives, most)
        people = []
        for i, u in enumerate(chosen_u):
            rings = fronts[i].best[u][1]
            penalty = most_unplaced_points(most, u,
                                           [v for j, v in enumerate(chosen_u) if j != i])
            people.append((u, rings, _people_points(rings, u, penalty, people_objectives)))
        # the frontiers are kept with the answer: while it is remembered their ids stay theirs
        known = _RESOLVED[key] = (fronts, people)
    result = []
    for i in wanted:
        u, rings, points = known[1][i]
        result.append(_finish(catalog, state.players[i], parts[i], rings, u, points))
    return result


_RESOLVED: dict[tuple[int, ...], tuple[list[PeopleFrontier],
                                       list[tuple[int, tuple[tuple[Space, RingOutcome], ...],
                                                  int]]]] = {}
"""The players' frontiers (by identity) -> each player's unplaced count under the
comparative objective (R11.7), ring assignment and people's points."""


def _remember_layout(part: _CityPart) -> None:
    """Make room for one more layout of people remembered by ``part``."""
    if len(part.people) >= _LAYOUTS_KEPT:
        part.people.clear()
    _layouts[0] += 1
    if _layouts[0] >= _LAYOUT_BUDGET:
        _layouts[0] = 0
        forget_cities()


def _people_key(player: PlayerState) -> tuple:
    return tuple(sorted(player.people.values()))


def _frontier(catalog: Catalog, tile: ObjectiveTile, part: _CityPart, player: PlayerState,
              people_objectives: Sequence[object]) -> PeopleFrontier:
    key = _people_key(player)
    front = part.people.get(key)
    if front is None:
        _remember_layout(part)
        front = part.people[key] = people_frontier(catalog, tile, part.city, player,
                                                   people_objectives)
    return front


def _people_points(rings: tuple[tuple[Space, RingOutcome], ...], unplaced: int,
                   penalty: int | None, people_objectives: Sequence[object]) -> int:
    ring_points, full, with_unplaced = people_facts(rings)
    return ring_points + sum(people_objective_points(o, full, with_unplaced, unplaced, penalty)
                             for o in people_objectives)


def _tally(catalog: Catalog, tile: ObjectiveTile, player: PlayerState,
           people_objectives: Sequence[object]) -> Tally:
    """A tally without a comparative objective: the people's part is remembered whole."""
    part = _city_part(catalog, tile, player)
    key = _people_key(player)
    known = part.people.get(key)
    if known is None:
        _remember_layout(part)
        front = people_frontier(catalog, tile, part.city, player, people_objectives)
        u = choose_unplaced(front, people_objectives)
        rings = front.best[u][1]
        known = part.people[key] = (u, rings,
                                    _people_points(rings, u, None, people_objectives))
    u, rings, people = known
    return _finish(catalog, player, part, rings, u, people)


def _finish(catalog: Catalog, player: PlayerState, part: _CityPart,
            rings: tuple[tuple[Space, RingOutcome], ...], unplaced: int, people: int) -> Tally:
    """The tally from the city's part, the player's purse and footprints, and the people."""
    cards = part.cards
    total = part.objective_points + part.card_points + people
    if part.held:
        mended = list(cards)
        for k in part.held:
            space, feature, e, _ = cards[k]
            points = entry_award(feature.scoring[e], part.city, space, player)
            mended[k] = (space, feature, e, points)
            total += points
        cards = tuple(mended)
    if player.tile is not None and player.footprints:
        key = (_FOOTPRINTS, player.tile)
        worth = part.memo.get(key)
        if worth is None:
            rule = catalog.starting_tiles[player.tile].footprint
            worth = part.memo[key] = {space: footprint_points(rule, feature)
                                      for space, feature in part.city.grid.items()}
        for space in player.footprints:
            total += worth[space]
    return Tally(total, cards, part, rings, unplaced)


_FOOTPRINTS = "footprints"
"""The key under which a city part's memo keeps, per starting tile, each space's footprint
points."""


def forget() -> None:
    """Empty the remembered answers of the comparative objective (city parts live with their
    City: a first look is measured on a state that has not kept one)."""
    _RESOLVED.clear()
    _layouts[0] = 0
