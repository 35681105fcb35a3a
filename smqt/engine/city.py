"""A player's city as scoring reads it: each filled space's features, its neighbours and its chains
of each tag (R0.3, R10.8), computed lazily and shared by every look at the same cards."""

from __future__ import annotations

import weakref

from smqt.engine.catalog import Catalog
from smqt.engine.features import TAGS, Feature, features
from smqt.engine.geometry import Space
from smqt.engine.state import PlayerState


class City:
    """A player's filled spaces with their features, adjacency and chains (computed lazily)."""

    __slots__ = ("_chains", "_index", "_neighbours", "grid", "spaces")

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        table = features(catalog)
        self.grid: dict[Space, Feature] = {s: table[fid] for s, fid in player.city.items()}
        self.spaces: list[Space] = sorted(self.grid)
        index = {s: i for i, s in enumerate(self.spaces)}
        self._index = index
        self._neighbours: list[list[int]] = [
            [index[n] for n in ((r, c - 1), (r, c + 1), (1 - r, c)) if n in index]
            for r, c in self.spaces
        ]
        self._chains: dict[int, tuple[list[int], list[int]]] = {}

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


CACHE_SIZE = 4096
"""Entries kept per catalog by each cache below (emptied when full): the bots look at many
cities and people layouts that differ in one card or one person."""


_CITIES: weakref.WeakKeyDictionary[Catalog, dict[frozenset, City]] = weakref.WeakKeyDictionary()


def city_of(catalog: Catalog, player: PlayerState) -> City:
    """The ``City`` of ``player``'s filled spaces, shared by every look at the same cards (a
    City never changes once made)."""
    known = _CITIES.get(catalog)
    if known is None or len(known) >= CACHE_SIZE:
        known = _CITIES[catalog] = {}
    key = frozenset(player.city.items())
    city = known.get(key)
    if city is None:
        city = known[key] = City(catalog, player)
    return city


def forget() -> None:
    """Empty the remembered cities."""
    _CITIES.clear()
