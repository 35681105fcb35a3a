"""A player's city as scoring reads it: each filled space's features, its neighbours and its chains
of each tag (R0.3, R10.8), computed lazily and shared by every look at the same cards."""

from __future__ import annotations

import bisect
import weakref
from typing import Any

from smqt.engine.catalog import Catalog
from smqt.engine.features import TAGS, Feature, features
from smqt.engine.geometry import Space
from smqt.engine.state import GameState, PlayerState


class City:
    """A player's filled spaces with their features, adjacency and chains (computed lazily).

    A City never changes once made. ``extended`` makes the City of one more card from it,
    reusing what it has already worked out (the chains are merged, not searched again): the
    game keeps each player's City up to date that way as cards are placed (``city_of``).
    """

    __slots__ = ("__weakref__", "_chains", "_index", "_neighbours", "catalog", "grid", "ids", "parts",
                 "spaces")

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        self.catalog = weakref.ref(catalog)
        """The catalog it was made with (weakly: the remembered cities must not keep it)."""
        table = features(catalog)
        self.ids: dict[Space, str] = dict(player.city)
        self.grid: dict[Space, Feature] = {s: table[fid] for s, fid in player.city.items()}
        self.spaces: list[Space] = sorted(self.grid)
        index = {s: i for i, s in enumerate(self.spaces)}
        self._index = index
        self._neighbours: list[list[int]] = [
            [index[n] for n in ((r, c - 1), (r, c + 1), (1 - r, c)) if n in index]
            for r, c in self.spaces
        ]
        self._chains: dict[int, tuple[list[int], list[int]]] = {}
        self.parts: dict[object, Any] = {}
        """What scoring works out from these cards alone, by who asks (``tally``)."""

    def extended(self, space: Space, feature: Feature) -> City:
        """The City with ``feature`` on the empty ``space`` too."""
        made = City.__new__(City)
        made.catalog = self.catalog
        made.ids = dict(self.ids)
        made.ids[space] = feature.id
        grid = made.grid = dict(self.grid)
        grid[space] = feature
        at = bisect.bisect_left(self.spaces, space)
        spaces = made.spaces = [*self.spaces[:at], space, *self.spaces[at:]]
        index = made._index = {s: i for i, s in enumerate(spaces)}
        # the old neighbour lists with their numbers shifted past the new space, then the
        # new space's own list and its place in each neighbour's (in the order of a new City)
        shifted = [[n + 1 if n >= at else n for n in near] for near in self._neighbours]
        shifted.insert(at, [])
        r, c = space
        for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
            if n in index:
                shifted[at].append(index[n])
        for j in shifted[at]:
            nr, nc = spaces[j]
            shifted[j] = [index[m] for m in ((nr, nc - 1), (nr, nc + 1), (1 - nr, nc))
                          if m in index]
        made._neighbours = shifted
        made._chains = {tag: _merged(label, sizes, at, feature.tag_count[tag], shifted[at])
                        for tag, (label, sizes) in self._chains.items()}
        made.parts = {}
        return made

    def same_as(self, other: City) -> str | None:
        """The first difference between this City and ``other`` (every chain worked out in
        both), or None: the differential check of the kept Cities."""
        if self.grid != other.grid or self.ids != other.ids:
            return "grid"
        if self.spaces != other.spaces or self._index != other._index:
            return "spaces"
        if self._neighbours != other._neighbours:
            return "neighbours"
        for tag in range(len(TAGS)):
            if self.chains(tag) != other.chains(tag):
                return f"chains of {TAGS[tag]}"
        return None
    def adjacent(self, space: Space) -> list[Feature]:
        grid, spaces = self.grid, self.spaces
        return [grid[spaces[i]] for i in self._neighbours[self._index[space]]]

    def chains(self, tag: int) -> tuple[list[int], list[int]]:
        """For ``tag``: each space's chain number (-1: none), and each chain's size in copies
        (R10.8)."""
        found = self._chains.get(tag)
        if found is not None:
            return found
        grid, spaces, neighbours = self.grid, self.spaces, self._neighbours
        copies = [grid[s].tag_count[tag] for s in spaces]
        label = [-1] * len(spaces)
        sizes: list[int] = []
        for start, copies_here in enumerate(copies):
            if not copies_here or label[start] >= 0:
                continue
            number = len(sizes)
            label[start] = number
            size = 0
            stack = [start]
            while stack:
                i = stack.pop()
                size += copies[i]
                for n in neighbours[i]:
                    if copies[n] and label[n] < 0:
                        label[n] = number
                        stack.append(n)
            sizes.append(size)
        self._chains[tag] = (label, sizes)
        return label, sizes

    def chain_sizes(self, tag: int) -> list[int]:
        return self.chains(tag)[1]

    def chain_size(self, space: Space, tag: int) -> int:
        label, sizes = self.chains(tag)
        number = label[self._index[space]]
        return 0 if number < 0 else sizes[number]

    def longest_chain(self) -> int:
        return max((max(self.chains(t)[1], default=0) for t in range(len(TAGS))), default=0)

    def tag_total(self, tag: int) -> int:
        return sum(f.tag_count[tag] for f in self.grid.values())


def _merged(label: list[int], sizes: list[int], at: int, copies: int, near: list[int]
            ) -> tuple[list[int], list[int]]:
    """One tag's chains after a space is inserted at ``at`` with ``copies`` of the tag and the
    neighbours ``near`` (new numbering): the chains it touches join it. Chains are numbered
    by their first space in order, as a search from scratch numbers them."""
    label = [*label[:at], -1, *label[at:]]
    if not copies:
        return label, sizes
    joined = {label[n] for n in near if label[n] >= 0}
    size = copies + sum(sizes[k] for k in joined)
    label[at] = -2  # the joined chain, numbered below
    if joined:
        label = [-2 if k in joined else k for k in label]
    renumber: dict[int, int] = {}
    new_sizes: list[int] = []
    for i, k in enumerate(label):
        if k == -1:
            continue
        number = renumber.get(k)
        if number is None:
            number = renumber[k] = len(new_sizes)
            new_sizes.append(size if k == -2 else sizes[k])
        label[i] = number
    return label, new_sizes


CACHE_SIZE = 4096
"""Entries kept per catalog by each cache of the scoring that is keyed by cards (emptied when
full): the bots look at many cities and people layouts that differ in one card or one person."""


_CITIES: weakref.WeakKeyDictionary[Catalog, dict[frozenset, City]] = weakref.WeakKeyDictionary()


def city_of(catalog: Catalog, player: PlayerState) -> City:
    """The ``City`` of ``player``'s filled spaces. The player keeps the last one made
    (``PlayerState.made``, shared by copies of the state): a city with more cards since is made
    from it by ``extended``, one card at a time. Without one (or with one that is not a part of
    the city now: another city written in its place) the City is made from scratch, or found
    among those made for the same cards lately."""
    kept = player.made
    city = player.city
    if kept is not None and kept.catalog() is catalog:
        grid = kept.grid
        if len(grid) == len(city) and kept.ids == city:
            return kept
        if len(grid) < len(city) and all(city.get(s) == fid for s, fid in kept.ids.items()):
            table = features(catalog)
            for space in [s for s in city if s not in grid]:
                kept = kept.extended(space, table[city[space]])
            player.made = kept
            return kept
    known = _CITIES.get(catalog)
    if known is None or len(known) >= CACHE_SIZE:
        known = _CITIES[catalog] = {}
    key = frozenset(city.items())
    made = known.get(key)
    if made is None:
        made = known[key] = City(catalog, player)
    player.made = made
    return made


def keep_cities(state: GameState) -> None:
    """Bring every player's kept City up to date: before a look-ahead copies the state, so
    that every copy goes on from it rather than from scratch."""
    catalog = state.catalog
    for player in state.players:
        city_of(catalog, player)


def forget() -> None:
    """Empty the cities remembered by their cards (those states keep stay with them)."""
    _CITIES.clear()
