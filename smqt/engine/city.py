"""A player's city as scoring reads it, in bits: each filled space is one bit of an int, and
every question scoring asks (what is next to a card, how many copies of a tag, which chains)
is a few shifts, ands and popcounts (R0.3, R10, R11.5, R11.6).

The layout, for a city whose columns run from -3 to 4 (``offset`` 32, ``stride`` 64)::

    bit:     0 ... 29 30 31 32 33 34 35 36 ... 63 | 64 ... 93 94 95 96 97 98 99 100 ... 127
    column:  -32   -3 -2 -1  0  1  2  3  4    31  | -32   -3 -2 -1  0  1  2  3   4     31
    row:     beach (row 0)                        | street (row 1)

A space ``(row, column)`` is bit ``row * stride + column + offset``. Its neighbours are the
bits one to each side and one ``stride`` away (the other row): ``around`` shifts a whole set
of spaces at once. Every filled column stays at least one bit inside its row, so a shift never
carries a space into the other row; a city too wide for the usual stride gets a larger one.

Per tag there is a mask of the spaces carrying at least one copy, one of those carrying at
least two, and so on (``layers``): the copies on a set of spaces are the popcounts of the set
and-ed with each layer. ``ringed`` holds the spaces with an activity ring, ``gives`` the spaces
printing each placement symbol (R10.6). A chain of a tag (R10.8) is a connected part of its
first layer, found by growing a seed bit with ``around`` until it stops (``chain_masks``).

A City never changes once made. ``extended`` makes the City of one more card from it (the
chains that touch the new card merge): the game keeps each player's City up to date that way as
cards are placed (``city_of``). The dict-based city it replaced stays in the tests as the
oracle every answer is compared with (``tests/engine/dictcity.py``).
"""

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

STRIDE = 64
"""Bits per row in the usual layout."""
OFFSET = 32
"""Column 0's bit in its row in the usual layout (columns -31..30 fit it)."""

_NO_CHAINS: dict[int, tuple[int, ...]] = {}


def around(spaces: int, stride: int) -> int:
    """The spaces beside any of ``spaces`` (left, right, the other row), filled or not; they
    may include some of ``spaces`` themselves."""
    return (spaces << 1) | (spaces >> 1) | (spaces << stride) | (spaces >> stride)


def _layout(columns: list[int]) -> tuple[int, int]:
    """(offset, stride) that keep every column at least one bit inside its row."""
    low, high = min(columns, default=0), max(columns, default=0)
    if low + OFFSET >= 1 and high + OFFSET <= STRIDE - 2:
        return OFFSET, STRIDE
    offset = 1 - low
    return offset, high + offset + 2


class City:
    """A player's filled spaces with their features, as bits (see the module's docstring).

    ``grid`` and ``ids``: each filled space's feature and its id; ``spaces``: the filled
    spaces in city order (beach left to right, then street, R10); ``filled``: their bits."""

    __slots__ = ("__weakref__", "_chains", "added", "catalog", "filled", "gives", "grid", "ids",
                 "layers", "offset", "parent", "parts", "ringed", "spaces", "stride")

    def __init__(self, catalog: Catalog, player: PlayerState) -> None:
        self.catalog = weakref.ref(catalog)
        """The catalog it was made with (weakly: the remembered cities must not keep it)."""
        table = features(catalog)
        ids = self.ids = dict(player.city)
        grid: dict[Space, Feature] = {s: table[fid] for s, fid in ids.items()}
        self.grid = grid
        self.spaces: list[Space] = sorted(grid)
        offset, stride = self.offset, self.stride = _layout([c for _r, c in grid])
        filled = ringed = 0
        layers: list[list[int]] = [[], [], [], [], [], []] if len(TAGS) == 6 else \
            [[] for _tag in TAGS]
        """Per tag: the spaces with at least one copy, at least two, ..."""
        gives: dict[str, int] = {}
        for (r, c), feature in grid.items():
            bit = 1 << (r * stride + c + offset)
            filled |= bit
            for tag, copies in feature.plan:
                found = layers[tag]
                if copies == 1:
                    if found:
                        found[0] |= bit
                    else:
                        found.append(bit)
                    continue
                while len(found) < copies:
                    found.append(0)
                for k in range(copies):
                    found[k] |= bit
            if feature.rings:
                ringed |= bit
            for symbol in feature.gives:
                gives[symbol] = gives.get(symbol, 0) | bit
        self.filled, self.ringed, self.layers, self.gives = filled, ringed, layers, gives
        self._chains: dict[int, tuple[int, ...]] = _NO_CHAINS
        self.parts: dict[object, Any] = {}
        """What scoring works out from these cards alone, by who asks (``tally``)."""
        self.parent: weakref.ref[City] | None = None
        """The City this one was ``extended`` from, while it lives (its parts can be reused)."""
        self.added: Space | None = None
        """The space filled since the parent."""

    def _add(self, space: Space, feature: Feature) -> int:
        """Set ``space``'s bits for ``feature`` (the masks are this City's own)."""
        bit = 1 << (space[0] * self.stride + space[1] + self.offset)
        self.filled |= bit
        for tag, copies in feature.plan:
            layers = self.layers[tag]
            while len(layers) < copies:
                layers.append(0)
            for k in range(copies):
                layers[k] |= bit
        if feature.rings:
            self.ringed |= bit
        for symbol in feature.gives:
            self.gives[symbol] = self.gives.get(symbol, 0) | bit
        return bit

    def extended(self, space: Space, feature: Feature) -> City:
        """The City with ``feature`` on the empty ``space`` too."""
        column = space[1] + self.offset
        if not 1 <= column <= self.stride - 2:  # past the layout's room: made afresh
            made = City.__new__(City)
            made.catalog = self.catalog
            made.ids = {**self.ids, space: feature.id}
            made.grid = {**self.grid, space: feature}
            made.spaces = sorted(made.grid)
            made.offset, made.stride = _layout([c for _r, c in made.grid])
            made.filled, made.ringed, made.gives = 0, 0, {}
            made.layers = [[] for _tag in TAGS]
            for s, f in made.grid.items():
                made._add(s, f)
            made._chains = _NO_CHAINS
        else:
            made = City.__new__(City)
            made.catalog = self.catalog
            ids = made.ids = self.ids.copy()
            ids[space] = feature.id
            grid = made.grid = self.grid.copy()
            grid[space] = feature
            spaces = made.spaces = self.spaces.copy()
            bisect.insort(spaces, space)
            made.offset, made.stride = self.offset, self.stride
            made.filled, made.ringed, made.gives = self.filled, self.ringed, dict(self.gives)
            made.layers = [list(layers) for layers in self.layers]
            bit = made._add(space, feature)
            made._chains = _merged(self._chains, bit, feature, self.stride)
        made.parts = {}
        made.parent = weakref.ref(self)
        made.added = space
        return made

    # ------------------------------------------------------------------ where

    def bit(self, space: Space) -> int:
        """The bit of ``space`` (0 for a space past this City's room, which is never filled)."""
        r, c = space
        column = c + self.offset
        if not 0 <= column < self.stride or not (r == 0 or r == 1):
            return 0
        return 1 << (r * self.stride + column)

    def beside(self, space: Space) -> int:
        """The spaces beside ``space``, filled or not (0 past this City's room)."""
        r, c = space
        column = c + self.offset
        if not 0 <= column < self.stride or not (r == 0 or r == 1):
            return 0
        stride = self.stride
        bit = 1 << (r * stride + column)
        return (bit << 1) | (bit >> 1) | (bit << stride) | (bit >> stride)

    def near_mask(self, space: Space) -> int:
        """The filled spaces beside ``space`` (R0.3)."""
        return self.beside(space) & self.filled

    def adjacent(self, space: Space) -> list[Feature]:
        """The features beside ``space``: left, right, then the other row's."""
        grid = self.grid
        r, c = space
        return [grid[n] for n in ((r, c - 1), (r, c + 1), (1 - r, c)) if n in grid]

    def copies(self, spaces: int, tag: int) -> int:
        """The copies of ``tag`` on ``spaces`` (a card carrying it twice counts twice, R0.4)."""
        layers = self.layers[tag]
        if len(layers) == 1:
            return (spaces & layers[0]).bit_count()
        found = 0
        for layer in layers:
            found += (spaces & layer).bit_count()
        return found

    def carries(self, spaces: int, tag: int) -> bool:
        """Whether any of ``spaces`` carries ``tag``."""
        layers = self.layers[tag]
        return bool(layers) and bool(spaces & layers[0])

    # ------------------------------------------------------------------ what scoring asks

    def adjacent_copies(self, space: Space, tag: int) -> int:
        """Copies of ``tag`` summed over the spaces beside ``space`` (R10.2, R10.3)."""
        return self.copies(self.beside(space), tag)

    def adjacent_has(self, space: Space, tag: int) -> bool:
        """Whether a space beside ``space`` carries ``tag`` (R10.1, R10.4)."""
        return self.carries(self.beside(space), tag)

    def adjacent_ring(self, space: Space) -> bool:
        """Whether a space beside ``space`` has a ring, filled or not (R10.5)."""
        return bool(self.near_mask(space) & self.ringed)

    def adjacent_gives(self, space: Space, symbol: str) -> bool:
        """Whether a space beside ``space`` prints ``symbol`` (R10.6)."""
        return bool(self.near_mask(space) & self.gives.get(symbol, 0))

    def tag_total(self, tag: int) -> int:
        """Copies of ``tag`` in the whole city (R10.7)."""
        return self.copies(self.filled, tag)

    def chain_masks(self, tag: int) -> tuple[int, ...]:
        """``tag``'s chains (R10.8) as sets of spaces, in the order of their first spaces
        (the lowest bit is the first space: beach before street, left before right)."""
        found = self._chains.get(tag)
        if found is None:
            layers = self.layers[tag]
            found = _components(layers[0], self.stride) if layers else ()
            if self._chains is _NO_CHAINS:
                self._chains = {}
            self._chains[tag] = found
        return found

    def chain_size(self, space: Space, tag: int) -> int:
        """The copies of ``tag`` on the chain through ``space``; 0 when it carries none."""
        bit = self.bit(space)
        for chain in self.chain_masks(tag):
            if chain & bit:
                return self.copies(chain, tag)
        return 0

    def chain_sizes(self, tag: int) -> list[int]:
        """The sizes of ``tag``'s chains, in the order of their first spaces."""
        layers = self.layers[tag]
        if len(layers) == 1:  # a chain is a part of the first layer: its bits are its copies
            return [chain.bit_count() for chain in self.chain_masks(tag)]
        return [self.copies(chain, tag) for chain in self.chain_masks(tag)]

    def longest_chain(self) -> int:
        """The longest chain of any single tag (R10.15's second tie-break)."""
        return max((max(self.chain_sizes(t), default=0) for t in range(len(TAGS))), default=0)

    def paired_run(self) -> int:
        """The longest run of consecutive columns filled in both rows (R11.6)."""
        row = (1 << self.stride) - 1
        paired = self.filled & (self.filled >> self.stride) & row
        run = 0
        while paired:
            paired &= paired >> 1
            run += 1
        return run

    def same_as(self, other: City) -> str | None:
        """The first difference between this City and ``other`` (every chain worked out in
        both), or None: the differential check of the kept Cities."""
        if self.grid != other.grid or self.ids != other.ids:
            return "grid"
        if self.spaces != other.spaces:
            return "spaces"
        if (self.offset, self.stride) == (other.offset, other.stride) and (
                self.filled != other.filled or self.layers != other.layers
                or self.ringed != other.ringed or self.gives != other.gives):
            return "bits"
        for tag in range(len(TAGS)):
            if self.chain_sizes(tag) != other.chain_sizes(tag):
                return f"chains of {TAGS[tag]}"  # not translated: the check's, for developers
        return None


def _components(spaces: int, stride: int) -> tuple[int, ...]:
    """The connected parts of ``spaces``, each grown from its lowest bit."""
    found = []
    while spaces:
        part = spaces & -spaces
        while True:
            grown = (part | around(part, stride)) & spaces
            if grown == part:
                break
            part = grown
        found.append(part)
        spaces ^= part
    return tuple(found)


def _merged(chains: dict[int, tuple[int, ...]], bit: int, feature: Feature, stride: int
            ) -> dict[int, tuple[int, ...]]:
    """The chains worked out so far once ``bit`` is filled with ``feature``: for each tag it
    carries, the chains beside it join it (kept in the order of their first spaces)."""
    if not chains:
        return _NO_CHAINS
    merged = {}
    near = around(bit, stride)
    for tag, found in chains.items():
        if not feature.tag_count[tag]:
            merged[tag] = found
            continue
        joined = bit
        rest = []
        for chain in found:
            if chain & near:
                joined |= chain
            else:
                rest.append(chain)
        rest.append(joined)
        rest.sort(key=lambda chain: chain & -chain)
        merged[tag] = tuple(rest)
    return merged


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
