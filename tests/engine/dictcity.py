"""The reference city (issue 40): a dict of spaces and their features, every question asked by
walking it, as the engine answered before its city became bits. Slow and plain, it is the
oracle the bits are compared with (``test_bitcity_oracle``): it answers the same questions by
the same names, so scoring can be run on either (``oracle_scoring``).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from smqt.engine import city as city_module
from smqt.engine import finalmove, scoring, tally
from smqt.engine.catalog import Catalog
from smqt.engine.features import TAGS, Feature, features
from smqt.engine.geometry import Space
from smqt.engine.state import PlayerState

SYMBOLS = ("sand_dollar", "local", "tourist", "vip", "people")


class DictCity:
    """A player's filled spaces with their features, each answer worked out by walking them."""

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        self.catalog = weakref.ref(catalog)
        table = features(catalog)
        self.ids: dict[Space, str] = dict(player.city)
        self.grid: dict[Space, Feature] = {s: table[fid] for s, fid in player.city.items()}
        self.spaces: list[Space] = sorted(self.grid)
        self.near: dict[Space, tuple[Space, ...]] = {
            s: tuple(n for n in ((s[0], s[1] - 1), (s[0], s[1] + 1), (1 - s[0], s[1]))
                     if n in self.grid)
            for s in self.spaces}
        self._chains: dict[int, tuple[dict[Space, Space], dict[Space, int]]] = {}
        self.parts: dict[object, Any] = {}
        self.parent = None
        self.added = None

    def adjacent(self, space: Space) -> list[Feature]:
        r, c = space
        return [self.grid[n] for n in ((r, c - 1), (r, c + 1), (1 - r, c)) if n in self.grid]

    def adjacent_copies(self, space: Space, tag: int) -> int:
        return sum(f.tag_count[tag] for f in self.adjacent(space))

    def adjacent_has(self, space: Space, tag: int) -> bool:
        return any(f.tag_count[tag] for f in self.adjacent(space))

    def adjacent_ring(self, space: Space) -> bool:
        return any(f.rings for f in self.adjacent(space))

    def adjacent_gives(self, space: Space, symbol: str) -> bool:
        return any(symbol in f.gives for f in self.adjacent(space))

    def tag_total(self, tag: int) -> int:
        return sum(f.tag_count[tag] for f in self.grid.values())

    def chains(self, tag: int) -> tuple[dict[Space, Space], dict[Space, int]]:
        """Each space of a chain -> its first space, and each first space -> the chain's size
        in copies (R10.8), by a search from each space in city order."""
        found = self._chains.get(tag)
        if found is not None:
            return found
        label: dict[Space, Space] = {}
        sizes: dict[Space, int] = {}
        for start in self.spaces:
            if start in label or not self.grid[start].tag_count[tag]:
                continue
            label[start] = start
            size = 0
            stack = [start]
            while stack:
                here = stack.pop()
                size += self.grid[here].tag_count[tag]
                for n in self.near[here]:
                    if n not in label and self.grid[n].tag_count[tag]:
                        label[n] = start
                        stack.append(n)
            sizes[start] = size
        found = self._chains[tag] = (label, sizes)
        return found

    def chain_sizes(self, tag: int) -> list[int]:
        sizes = self.chains(tag)[1]
        return [sizes[first] for first in sorted(sizes)]

    def chain_size(self, space: Space, tag: int) -> int:
        label, sizes = self.chains(tag)
        first = label.get(space)
        return 0 if first is None else sizes[first]

    def longest_chain(self) -> int:
        return max((max(self.chains(t)[1].values(), default=0) for t in range(len(TAGS))),
                   default=0)

    def paired_run(self) -> int:
        grid = self.grid
        columns = sorted({c for _, c in grid if (0, c) in grid and (1, c) in grid})
        best = run = 0
        previous = None
        for column in columns:
            run = run + 1 if previous is not None and column == previous + 1 else 1
            best = max(best, run)
            previous = column
        return best


def answers(city: Any) -> dict[tuple[object, ...], object]:
    """Every answer a city gives scoring, by question (to compare two cities): a question is
    a tuple (what, and the space and tag or symbol it is about)."""
    found: dict[tuple[object, ...], object] = {
        ("spaces",): list(city.spaces), ("paired run",): city.paired_run(),
        ("longest chain",): city.longest_chain()}
    tags = range(len(TAGS))
    for tag in tags:
        found["total of", tag] = city.tag_total(tag)
        found["chains of", tag] = city.chain_sizes(tag)
    for space in city.spaces:
        found[space, "beside"] = [f.id for f in city.adjacent(space)]
        found[space, "ring beside"] = city.adjacent_ring(space)
        for tag in tags:
            found[space, tag, "beside"] = (city.adjacent_copies(space, tag),
                                           city.adjacent_has(space, tag))
            found[space, tag, "chain"] = city.chain_size(space, tag)
        for symbol in SYMBOLS:
            found[space, "gives", symbol] = city.adjacent_gives(space, symbol)
    return found


def first_difference(one: dict[tuple[object, ...], object],
                     two: dict[tuple[object, ...], object]) -> str | None:
    for question, answer in one.items():
        if answer != two.get(question):
            words = " ".join(TAGS[part] if isinstance(part, int) and not isinstance(part, bool)
                             else str(part) for part in question)
            return f"{words}: {answer!r} against {two.get(question)!r}"
    return None


@contextmanager
def oracle_scoring() -> Iterator[None]:
    """Inside the block scoring, the bots' tallies and the final movement read every city as
    a ``DictCity`` made afresh (nothing remembered from outside the block is reused)."""

    made: list[DictCity] = []  # held while the block lasts: scoring keeps them weakly

    def dict_city_of(catalog: Catalog, player: PlayerState) -> DictCity:
        made.append(DictCity(catalog, player))
        return made[-1]

    saved = (scoring.city_of, tally.city_of, finalmove.City)
    scoring.city_of = dict_city_of  # type: ignore[assignment]
    tally.city_of = dict_city_of  # type: ignore[assignment]
    finalmove.City = DictCity  # type: ignore[assignment,misc]
    forget()
    try:
        with city_module.from_scratch():
            yield
    finally:
        scoring.city_of, tally.city_of, finalmove.City = saved  # type: ignore[misc]
        forget()


def forget() -> None:
    """Empty what scoring remembers across cities (frontiers, resolved penalties)."""
    scoring.forget()
    tally.forget()
