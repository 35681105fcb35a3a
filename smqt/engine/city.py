"""A player's city as scoring reads it: each filled space's features, its neighbours and its chains
of each tag (R0.3, R10.8), computed lazily and shared by every look at the same cards."""

from __future__ import annotations

import bisect
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from smqt.engine.catalog import Catalog
from smqt.engine.features import TAGS, Feature, features
from smqt.engine.geometry import Space
from smqt.engine.state import GameState, PlayerState

Chains = tuple[dict[Space, Space], dict[Space, int]]
"""One tag's chains: each space of a chain -> the chain's first space (in order), and each
chain's first space -> its size in copies of the tag (R10.8)."""


_AROUND: dict[Space, tuple[Space, Space, Space]] = {}
"""Each space's possible neighbours: left, right, the other row (R0.3)."""


def _near(space: Space, grid: dict[Space, Feature]) -> tuple[Space, ...]:
    """The filled neighbours of ``space``, in that order."""
    around = _AROUND.get(space)
    if around is None:
        r, c = space
        around = _AROUND[space] = ((r, c - 1), (r, c + 1), (1 - r, c))
    a, b, o = around
    return tuple([n for n in (a, b, o) if n in grid])


class City:
    """A player's filled spaces with their features, adjacency and chains (computed lazily).

    A City never changes once made. ``extended`` makes the City of one more card from it,
    reusing what it has already worked out (the chains are merged, not searched again): the
    game keeps each player's City up to date that way as cards are placed (``city_of``).
    """

    __slots__ = ("__weakref__", "_chains", "added", "catalog", "grid", "ids", "near", "parent",
                 "parts", "spaces")

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        self.catalog = weakref.ref(catalog)
        """The catalog it was made with (weakly: the remembered cities must not keep it)."""
        table = features(catalog)
        self.ids: dict[Space, str] = dict(player.city)
        grid = self.grid = {s: table[fid] for s, fid in player.city.items()}
        self.spaces: list[Space] = sorted(grid)
        self.near: dict[Space, tuple[Space, ...]] = {s: _near(s, grid) for s in self.spaces}
        self._chains: dict[int, Chains] = {}
        self.parts: dict[object, Any] = {}
        """What scoring works out from these cards alone, by who asks (``tally``)."""
        self.parent: weakref.ref[City] | None = None
        """The City this one was ``extended`` from, while it lives (its parts can be reused)."""
        self.added: Space | None = None
        """The space filled since the parent."""

    def extended(self, space: Space, feature: Feature) -> City:
        """The City with ``feature`` on the empty ``space`` too."""
        made = City.__new__(City)
        made.catalog = self.catalog
        ids = made.ids = self.ids.copy()
        ids[space] = feature.id
        grid = made.grid = self.grid.copy()
        grid[space] = feature
        spaces = made.spaces = self.spaces.copy()
        bisect.insort(spaces, space)
        near = made.near = self.near.copy()
        mine = near[space] = _near(space, grid)
        for n in mine:
            near[n] = _near(n, grid)
        counts = feature.tag_count
        made._chains = {tag: (_merged(found, space, counts[tag], mine) if counts[tag] else found)
                        for tag, found in self._chains.items()}
        made.parts = {}
        made.parent = weakref.ref(self)
        made.added = space
        return made

    def same_as(self, other: City) -> str | None:
        """The first difference between this City and ``other`` (every chain worked out in
        both), or None: the differential check of the kept Cities."""
        if self.grid != other.grid or self.ids != other.ids:
            return "grid"
        if self.spaces != other.spaces:
            return "spaces"
        if self.near != other.near:
            return "neighbours"
        for tag in range(len(TAGS)):
            if self.chains(tag) != other.chains(tag):
                return f"chains of {TAGS[tag]}"  # not translated: the check's, for developers
        return None

    def adjacent(self, space: Space) -> list[Feature]:
        grid = self.grid
        return [grid[n] for n in self.near[space]]

    def chains(self, tag: int) -> Chains:
        """``tag``'s chains (R10.8), searched once."""
        found = self._chains.get(tag)
        if found is not None:
            return found
        grid, near = self.grid, self.near
        label: dict[Space, Space] = {}
        sizes: dict[Space, int] = {}
        for start in self.spaces:  # in order: a chain is found from its first space
            if start in label or not grid[start].tag_count[tag]:
                continue
            label[start] = start
            size = 0
            stack = [start]
            while stack:
                here = stack.pop()
                size += grid[here].tag_count[tag]
                for n in near[here]:
                    if n not in label and grid[n].tag_count[tag]:
                        label[n] = start
                        stack.append(n)
            sizes[start] = size
        found = self._chains[tag] = (label, sizes)
        return found

    def chain_sizes(self, tag: int) -> list[int]:
        """The sizes of ``tag``'s chains, in the order of their first spaces."""
        sizes = self.chains(tag)[1]
        return [sizes[first] for first in sorted(sizes)]

    def chain_size(self, space: Space, tag: int) -> int:
        label, sizes = self.chains(tag)
        first = label.get(space)
        return 0 if first is None else sizes[first]

    def longest_chain(self) -> int:
        return max((max(self.chains(t)[1].values(), default=0) for t in range(len(TAGS))),
                   default=0)

    def tag_total(self, tag: int) -> int:
        return sum(f.tag_count[tag] for f in self.grid.values())


def _merged(found: Chains, space: Space, copies: int, near: tuple[Space, ...]) -> Chains:
    """One tag's chains after ``space`` is filled with ``copies`` of the tag (more than none)
    beside the filled spaces ``near``: the chains it touches join it."""
    label, sizes = found
    joined = {label[n] for n in near if n in label}
    first = min(joined, default=space)
    if space < first:
        first = space
    size = copies
    sizes = sizes.copy()
    for old in joined:
        size += sizes.pop(old)
    sizes[first] = size
    if joined:
        label = {s: (first if f in joined else f) for s, f in label.items()}
    else:
        label = label.copy()
    label[space] = first
    return label, sizes


CACHE_SIZE = 4096
"""Entries kept per catalog by each cache of the scoring that is keyed by cards (emptied when
full): the bots look at many cities and people layouts that differ in one card or one person."""


_CITIES: weakref.WeakKeyDictionary[Catalog, dict[frozenset, City]] = weakref.WeakKeyDictionary()


def city_of(catalog: Catalog, player: PlayerState) -> City:
    """The ``City`` of ``player``'s filled spaces. The player keeps the last one made
    (``PlayerState.made``, shared by copies of the state). A city with more cards since is
    looked up among those made for the same cards lately (two look-aheads that reach the same
    city share it, and what scoring worked out for it), else made from the kept one by
    ``extended``, one card at a time; without a kept one that is a part of the city now, from
    scratch."""
    kept = player.made
    city = player.city
    if kept is not None and kept.catalog() is not catalog:
        kept = None
    if kept is not None and len(kept.grid) == len(city) and kept.ids == city:
        return kept
    known = _CITIES.get(catalog)
    if known is None or len(known) >= CACHE_SIZE:
        known = _CITIES[catalog] = {}
    key = frozenset(city.items())
    made = known.get(key)
    if made is None:
        if kept is not None and len(kept.grid) < len(city) and \
                all(city.get(s) == fid for s, fid in kept.ids.items()):
            table = features(catalog)
            made = kept
            for space in [s for s in city if s not in kept.grid]:
                made = made.extended(space, table[city[space]])
        else:
            made = City(catalog, player)
        known[key] = made
    player.made = made
    return made


def keep_cities(state: GameState) -> None:
    """Bring every player's kept City up to date: before a look-ahead copies the state, so
    that every copy goes on from it rather than from scratch."""
    catalog = state.catalog
    for player in state.players:
        city_of(catalog, player)


@contextmanager
def from_scratch() -> Iterator[None]:
    """Inside the block no City made before is found again by its cards (the differential
    check's recomputation); the remembered ones are back after it."""
    global _CITIES
    before = _CITIES
    _CITIES = weakref.WeakKeyDictionary()
    try:
        yield
    finally:
        _CITIES = before


def forget() -> None:
    """Empty the cities remembered by their cards (those states keep stay with them)."""
    _CITIES.clear()
