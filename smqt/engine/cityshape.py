"""The shape of one city, worked out once per distinct city: where each kind of card may be
placed (R4.1-R4.4) and where people may walk (R6.1), with the actions built from them.

The rules ask these questions of one city again and again: every card of the display, every
sand dollar action (with each card it could place first), every person under every allowance,
and again at the start of the next turn. A shape is found by the city's contents (its spaces
and what fills them, in order), never by the identity of the dict alone: the rules, tests and
interfaces change cities in place, so an answer is only reused for the very same contents.
"""

from __future__ import annotations

import weakref
from typing import Any

from smqt.engine.actions import FRONT, FinalMove, MovePerson, Take
from smqt.engine.catalog import Catalog
from smqt.engine.effects import Tag
from smqt.engine.features import TAG_INDEX, features
from smqt.engine.geometry import BEACH, STREET, Space

MAX_SHAPES = 2048
"""Shapes kept per catalog before the cache starts afresh (AI search visits many cities)."""


def _reachable(city: dict[Space, str] | frozenset[Space], start: Space, distance: int) -> list[Space]:
    """Spaces 1..``distance`` steps away over filled spaces, the start excluded (R6.1)."""
    seen = {start: 0}
    frontier = [start]
    for step in range(1, distance + 1):
        nxt = []
        for r, c in frontier:
            for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
                if n in city and n not in seen:
                    seen[n] = step
                    nxt.append(n)
        frontier = nxt
    del seen[start]
    return sorted(seen)


def _walks(city: dict[Space, str] | frozenset[Space], start: Space, distance: int
           ) -> list[tuple[Space, ...]]:
    """Every path of 1..``distance`` steps over filled spaces, revisits allowed (R6.1)."""
    walks: list[tuple[Space, ...]] = []

    def extend(pos: Space, path: tuple[Space, ...]) -> None:
        r, c = pos
        for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
            if n in city:
                longer = (*path, n)
                walks.append(longer)
                if len(longer) < distance:
                    extend(n, longer)

    if distance > 0:
        extend(start, ())
    return walks


def person_paths(city: dict[Space, str] | frozenset[Space], kind: str, start: Space, distance: int
                 ) -> list[tuple[Space, ...]]:
    """The paths a person may take: every walk for a VIP, each destination for others (R6.3)."""
    if kind == "vip":
        return _walks(city, start, distance)
    return [(s,) for s in _reachable(city, start, distance)]


def can_step(city: dict[Space, str], where: Space) -> bool:
    """Whether a person on ``where`` has a filled space beside them: exactly when a walk of
    one space or more has any path (R6.1)."""
    r, c = where
    return (r, c - 1) in city or (r, c + 1) in city or (1 - r, c) in city


STREET_CARD = 0
BEACH_CARD = 1
LEFTMOST_CARD = 2
"""How a card is placed (its ``placing`` kind): in the street row, in the beach row, or in
the beach row left of every beach card (R4.1, R4.4)."""

_ROW = (STREET, BEACH, BEACH)
_OFFSET = 16
"""Columns are bits of an int, column ``c`` at bit ``c + offset``; a city reaching further
left than ``1 - offset`` gets a larger offset. Small enough that a usual city's bits fit in
one digit of a Python int (under 2**30), which keeps the bit arithmetic quick."""
NEAR = 4
"""Walks this long or shorter are remembered by the filled spaces they could reach."""

ANYONE: object = object()
"""No filter on the person (``walkers``, ``final_walkers``)."""

MAX_MEMO = 20_000
"""Entries a memo table keeps before it starts afresh."""

def _remember(table: dict, key: tuple, value: tuple) -> tuple:  # type: ignore[type-arg]
    if len(table) >= MAX_MEMO:
        table.clear()
    table[key] = value
    return value


def _shared(table: dict, key: tuple, make: type, *fields: object) -> Any:  # type: ignore[type-arg]
    """The action ``make(*fields)`` kept in ``table`` under ``key``."""
    found = table.get(key)
    if found is None:
        if len(table) >= MAX_MEMO:
            table.clear()
        found = table[key] = make(*fields)
    return found


def _row_masks(keys: tuple[Space, ...], offset: int) -> tuple[int, int] | None:
    """The filled columns of the beach and the street as bits; None if a column lies too far
    left for ``offset``."""
    beach = street = 0
    try:
        for r, c in keys:
            if r == BEACH:
                beach |= 1 << (c + offset)
            elif r == STREET:
                street |= 1 << (c + offset)
    except ValueError:  # a negative shift
        return None
    if (beach | street) & 1:
        return None
    return beach, street


def _columns(mask: int, offset: int) -> list[int]:
    """The columns of the bits set in ``mask``, left to right."""
    columns = []
    while mask:
        low = mask & -mask
        columns.append(low.bit_length() - 1 - offset)
        mask ^= low
    return columns


class CityShape:
    """The placements and walks of one city's contents (``keys`` filled by ``values``).

    The filled columns of each row are the bits of ``beach`` and ``street``; ``fences`` the
    beach columns holding a card that must be leftmost (every later beach card goes to its
    right, R4.3). ``masks`` holds the columns each placing kind may go to (R4.1-R4.4); None
    where the rules' own ``min`` of no beach column would fail. ``after`` is the same city
    with one more card, for the rules' look-ahead (R4.3, R8)."""

    __slots__ = ("_after", "_filled", "_fits", "beach", "fences", "keys", "masks", "offset",
                 "street", "tables", "values")

    def __init__(self, tables: CityTables, keys: tuple[Space, ...], values: tuple[str, ...],
                 beach: int, street: int, fences: int, offset: int) -> None:
        self.tables = tables
        self.keys = keys
        self.values = values
        self.beach = beach
        self.street = street
        self.fences = fences
        self.offset = offset
        on_beach = ((beach << 1) | (beach >> 1) | street) & ~beach
        leftmost: int | None = 0
        if on_beach:
            if beach:
                leftmost = on_beach & ((beach & -beach) - 1)
            else:
                leftmost = None
            if fences:
                right_of_fences = -(1 << fences.bit_length())
                on_beach &= right_of_fences
                if leftmost is not None:
                    leftmost &= right_of_fences
        self.masks = (((street << 1) | (street >> 1) | beach) & ~street, on_beach, leftmost)
        self._filled: frozenset[Space] | None = None
        self._after: dict[tuple[Space, bool], CityShape] | None = None
        self._fits: dict[tuple[int, ...], bool] | None = None

    @classmethod
    def of(cls, tables: CityTables, keys: tuple[Space, ...], values: tuple[str, ...]) -> CityShape:
        """The shape of a city worked out from scratch (spaces off the two rows, which only a
        hand-made city has, take no part in placement)."""
        offset = _OFFSET
        found = _row_masks(keys, offset)
        if found is None:
            offset = 1 - min(c for r, c in keys if r == BEACH or r == STREET)
            found = _row_masks(keys, offset)
            assert found is not None
        fences = 0
        if not tables.fences.isdisjoint(values):
            for (r, c), fid in zip(keys, values, strict=True):
                if r == BEACH and fid in tables.fences:
                    fences |= 1 << (c + offset)
        return cls(tables, keys, values, found[0], found[1], fences, offset)

    def plus(self, keys: tuple[Space, ...], values: tuple[str, ...]) -> CityShape:
        """The shape of this city with one more card: the last of ``keys`` and ``values``."""
        r, c = keys[-1]
        at = c + self.offset
        if at < 1 or not (r == BEACH or r == STREET):
            return CityShape.of(self.tables, keys, values)
        bit = 1 << at
        beach, street, fences = self.beach, self.street, self.fences
        if r == BEACH:
            beach |= bit
            if values[-1] in self.tables.fences:
                fences |= bit
        else:
            street |= bit
        return CityShape(self.tables, keys, values, beach, street, fences, self.offset)

    # ------------------------------------------------------------------ placement (R4)

    def placements(self, placing: int) -> tuple[Space, ...]:
        """Every space a card of this placing kind may be placed on (R4.1-R4.4), in order."""
        mask = self.masks[placing]
        if mask is None:
            raise ValueError("min() arg is an empty sequence")  # not translated: internal
        row = _ROW[placing]
        memo = self.tables.placed
        found = memo.get((row, mask, self.offset))
        if found is None:
            found = _remember(memo, (row, mask, self.offset),
                              tuple([(row, c) for c in _columns(mask, self.offset)]))
        return found

    def nonempty(self, placing: int) -> bool:
        """Whether a card of this placing kind may be placed at all."""
        mask = self.masks[placing]
        if mask is None:
            raise ValueError("min() arg is an empty sequence")  # not translated: internal
        return mask != 0

    def front_takes(self, column: int, placing: int) -> tuple[Take, ...]:
        """R3.1: taking front card ``column`` (of this placing kind) onto each space it may go."""
        mask = self.masks[placing]
        if mask is None:
            raise ValueError("min() arg is an empty sequence")  # not translated: internal
        key = (column, _ROW[placing], mask, self.offset)
        t = self.tables
        found = t.takes.get(key)
        if found is None:
            slot = (FRONT, column)
            found = _remember(t.takes, key, tuple([_shared(t.take, (column, space), Take, slot, space)
                                                   for space in self.placements(placing)]))
        return found

    def acquire_takes(self, front: list[str | None]) -> list[Take]:
        """R3.1: every front card onto every space it may go (``front_takes`` of each)."""
        placing = self.tables.placing
        memo = self.tables.takes
        masks = self.masks
        offset = self.offset
        found: list[Take] = []
        for column, cid in enumerate(front):
            if cid is not None:
                kind = placing[cid]
                mask = masks[kind]
                takes = None if mask is None else memo.get((column, _ROW[kind], mask, offset))
                found += self.front_takes(column, kind) if takes is None else takes
        return found

    def after(self, space: Space, card: str) -> CityShape:
        """This city with ``card`` placed on the empty ``space`` (only whether the card must
        stay leftmost on the beach matters to what follows)."""
        fence = space[0] == BEACH and card in self.tables.fences
        known = self._after
        if known is None:
            known = self._after = {}
        found = known.get((space, fence))
        if found is None:
            found = known[(space, fence)] = self.plus((*self.keys, space), (*self.values, card))
        return found

    def fits(self, placings: tuple[int, ...]) -> bool:
        """Whether cards of these placing kinds can all be placed, one at a time in some
        order (R4.3)."""
        known = self._fits
        if known is None:
            known = self._fits = {}
        found = known.get(placings)
        if found is None:
            found = known[placings] = self._fit(placings)
        return found

    def _fit(self, placings: tuple[int, ...]) -> bool:
        if not placings:
            return True
        for i, placing in enumerate(placings):
            rest = placings[:i] + placings[i + 1:]
            card = self.tables.example[placing]
            for space in self.placements(placing):
                if not rest or self.after(space, card).fits(rest):
                    return True
        return False

    # ------------------------------------------------------------------ walks (R6)

    @property
    def filled(self) -> frozenset[Space]:
        found = self._filled
        if found is None:
            found = self._filled = frozenset(self.keys)
        return found

    def paths(self, vip: bool, start: Space, distance: int) -> tuple[tuple[Space, ...], ...]:
        """``person_paths`` of a person (a VIP or not) on ``start`` (R6.1, R6.3), remembered by
        the filled spaces within ``distance`` of it when the walk is short."""
        r, c = start
        at = c + self.offset - distance
        if at < 0 or not 0 <= distance <= NEAR:
            return self._walk(vip, start, distance)
        span = (2 << (2 * distance)) - 1
        if r == BEACH:
            key = (vip, r, c, distance, (self.beach >> at) & span, (self.street >> at) & span)
        elif r == STREET:
            key = (vip, r, c, distance, (self.street >> at) & span, (self.beach >> at) & span)
        else:
            return self._walk(vip, start, distance)
        memo = self.tables.paths
        found = memo.get(key)
        if found is None:
            found = _remember(memo, key, self._walk(vip, start, distance))
        return found

    def moves(self, allowance: int, person: int, vip: bool, start: Space, distance: int
              ) -> tuple[MovePerson, ...]:
        """``person`` moving under ``allowance`` along each of their paths (R5, R6)."""
        paths = self.paths(vip, start, distance)
        t = self.tables
        found = t.moves.get((allowance, person, paths))
        if found is None:
            shared = t.move
            if len(shared) >= MAX_MEMO:
                shared.clear()
            made = []
            for path in paths:
                move = shared.get((allowance, person, path))
                if move is None:
                    move = shared[(allowance, person, path)] = MovePerson(allowance, person, path)
                made.append(move)
            found = _remember(t.moves, (allowance, person, paths), tuple(made))
        return found

    def finals(self, person: int, vip: bool, start: Space, distance: int) -> tuple[FinalMove, ...]:
        """``person``'s final moves along each of their paths (R9.2)."""
        paths = self.paths(vip, start, distance)
        t = self.tables
        found = t.finals.get((person, paths))
        if found is None:
            shared = t.final
            if len(shared) >= MAX_MEMO:
                shared.clear()
            made = []
            for path in paths:
                move = shared.get((person, path))
                if move is None:
                    move = shared[(person, path)] = FinalMove(person, path)
                made.append(move)
            found = _remember(t.finals, (person, paths), tuple(made))
        return found

    def walkers(self, allowance: int, people: dict[int, tuple[str, Space]], who: str,
                used: tuple[int, ...], distance: int, only: object) -> list[MovePerson]:
        """The moves of a ``move`` allowance: each of ``people`` it allows (of kind ``who``,
        not in ``used``, and ``only`` unless that is ``ANYONE``) along each of their paths of
        ``distance`` (R5.2, R5.3, R6): ``moves`` of each, quicker (remembered in ``walks`` by
        the allowance, the person and the key of their paths)."""
        found: list[MovePerson] = []
        memo = self.tables.walks
        beach, street = self.beach, self.street
        at_left = self.offset - distance
        span = (2 << (2 * distance)) - 1 if 0 <= distance <= NEAR else 0
        for pid, (kind, where) in people.items():
            if (who == "any" or who == kind) and pid not in used and (only is ANYONE or pid == only):
                vip = kind == "vip"
                r, c = where
                at = c + at_left
                if span and at >= 0 and (r == BEACH or r == STREET):
                    if r == BEACH:
                        key = (allowance, pid, vip, r, c, distance, (beach >> at) & span,
                               (street >> at) & span)
                    else:
                        key = (allowance, pid, vip, r, c, distance, (street >> at) & span,
                               (beach >> at) & span)
                    moves = memo.get(key)
                    if moves is None:
                        moves = _remember(memo, key, self.moves(allowance, pid, vip, where, distance))
                    found += moves
                else:
                    found += self.moves(allowance, pid, vip, where, distance)
        return found

    def final_walkers(self, people: dict[int, tuple[str, Space]], moved: set[int],
                      distances: dict[str, int], only: object) -> list[FinalMove]:
        """Each of ``people`` not yet ``moved`` (and ``only``, unless ``ANYONE``) along each
        of their paths of their kind's final distance (R9.2): ``finals`` of each, quicker
        (remembered in ``walks`` by the person and the key of their paths)."""
        found: list[FinalMove] = []
        memo = self.tables.walks
        beach, street, offset = self.beach, self.street, self.offset
        for pid, (kind, where) in people.items():
            if pid in moved or not (only is ANYONE or pid == only):
                continue
            vip = kind == "vip"
            distance = distances[kind]
            r, c = where
            at = c + offset - distance
            if at >= 0 and 0 <= distance <= NEAR and (r == BEACH or r == STREET):
                span = (2 << (2 * distance)) - 1
                if r == BEACH:
                    key = (pid, vip, r, c, distance, (beach >> at) & span, (street >> at) & span)
                else:
                    key = (pid, vip, r, c, distance, (street >> at) & span, (beach >> at) & span)
                finals = memo.get(key)
                if finals is None:
                    finals = _remember(memo, key, self.finals(pid, vip, where, distance))
                found += finals
            else:
                found += self.finals(pid, vip, where, distance)
        return found

    def _walk(self, vip: bool, start: Space, distance: int) -> tuple[tuple[Space, ...], ...]:
        r, c = start
        at = c + self.offset
        if at < 1 or not (r == BEACH or r == STREET):
            return tuple(person_paths(self.filled, "vip" if vip else "", start, distance))
        if distance == 1:  # the filled spaces beside the start
            row, other = (self.beach, self.street) if r == BEACH else (self.street, self.beach)
            left, right, across = (row >> (at - 1)) & 1, (row >> (at + 1)) & 1, (other >> at) & 1
            if vip or r == BEACH:  # walking order (left, right, across) is sorted on the beach
                return (*([((r, c - 1),)] if left else []), *([((r, c + 1),)] if right else []),
                        *([((1 - r, c),)] if across else []))
            return (*([((1 - r, c),)] if across else []), *([((r, c - 1),)] if left else []),
                    *([((r, c + 1),)] if right else []))
        if vip:
            return tuple(_walks(self.filled, start, distance))
        # the spaces 1..distance steps away, a row's columns at a time (breadth first)
        beach, street = self.beach, self.street
        bit = 1 << at
        now_b, now_s = (bit, 0) if r == BEACH else (0, bit)
        seen_b, seen_s = now_b, now_s
        for _ in range(distance):
            now_b, now_s = (((now_b << 1) | (now_b >> 1) | now_s) & beach & ~seen_b,
                            ((now_s << 1) | (now_s >> 1) | now_b) & street & ~seen_s)
            if not (now_b or now_s):
                break
            seen_b |= now_b
            seen_s |= now_s
        if r == BEACH:
            seen_b &= ~bit
        else:
            seen_s &= ~bit
        offset = self.offset
        return (*[((BEACH, x),) for x in _columns(seen_b, offset)],
                *[((STREET, x),) for x in _columns(seen_s, offset)])


class CityTables:
    """What one catalog's cities need: each card's placing kind, the cards that must be
    leftmost on the beach, the shapes met so far, and the memo tables of what shapes answer.
    They go with the catalog (a new game of the table loads its pack afresh).

    The memo tables, each of at most ``MAX_MEMO`` entries: ``placed``: (row, columns as bits,
    offset) -> the spaces; ``takes``: (front column, row, columns as bits, offset) -> taking
    that card onto each space; ``paths``: the paths of a walk of a few steps, which depend only
    on the filled spaces it could reach (the columns ``c - distance .. c + distance`` of both
    rows), by (VIP?, row, column, distance, those columns of the person's row and of the other
    as bits); ``moves`` and ``finals``: (allowance, person, paths) and (person, paths) -> the
    actions. Actions are values, so one object serves every city and game that lists the same
    action: ``take``, ``move``, ``final`` and ``interned`` keep each one for reuse."""

    __slots__ = ("__weakref__", "_tagged", "by_id", "example", "feats", "fences", "final",
                 "finals", "interned", "move", "moves", "paths", "placed", "placing", "plans",
                 "shapes", "take", "takes", "walks")

    def __init__(self, catalog: Catalog) -> None:
        self.feats = features(catalog)
        self.placing: dict[str, int] = {
            fid: (STREET_CARD if f.row != BEACH else LEFTMOST_CARD if f.leftmost_beach else BEACH_CARD)
            for fid, f in self.feats.items()}
        """Each card's placing kind."""
        self.example = {placing: fid for fid, placing in self.placing.items()}
        """A card of each placing kind."""
        self.fences = frozenset(fid for fid, f in self.feats.items() if f.leftmost_beach)
        self.shapes: dict[tuple[tuple[Space, ...], tuple[str, ...]], CityShape] = {}
        self.by_id: dict[int, CityShape] = {}
        """The shape last found for a city dict (checked against its contents before use)."""
        self._tagged: dict[tuple[Tag, ...], dict[str, bool]] = {}
        self.placed: dict[tuple[int, int, int], tuple[Space, ...]] = {}
        self.takes: dict[tuple[int, int, int, int], tuple[Take, ...]] = {}
        self.paths: dict[tuple[bool, int, int, int, int, int], tuple[tuple[Space, ...], ...]] = {}
        self.moves: dict[tuple[int, int, tuple[tuple[Space, ...], ...]], tuple[MovePerson, ...]] = {}
        self.finals: dict[tuple[int, tuple[tuple[Space, ...], ...]], tuple[FinalMove, ...]] = {}
        self.walks: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        """``walkers`` and ``final_walkers``: (allowance, person, VIP?, row, column, distance,
        columns as bits) -> ``moves``, and (person, VIP?, ...) -> ``finals`` (as ``paths``)."""
        self.take: dict[tuple[int, Space], Take] = {}
        self.move: dict[tuple[int, int, tuple[Space, ...]], MovePerson] = {}
        self.final: dict[tuple[int, tuple[Space, ...]], FinalMove] = {}
        self.interned: dict[tuple, Any] = {}  # type: ignore[type-arg]
        self.plans: dict[tuple[str, str], Any] = {}
        """What the rules do for a card placed or an action bought (R5.1, R5.2), worked out
        once from its effects: ``("card", id)`` and ``("bought", id)`` (``smqt.engine.rules``)."""

    def tagged(self, tags: tuple[Tag, ...]) -> dict[str, bool]:
        """Whether each card carries one of ``tags`` (what a sand dollar action may take, R8)."""
        found = self._tagged.get(tags)
        if found is None:
            wanted = [TAG_INDEX[tag] for tag in tags]
            found = self._tagged[tags] = {
                fid: any(f.tag_count[i] for i in wanted) for fid, f in self.feats.items()}
        return found

    def shape(self, city: dict[Space, str]) -> CityShape:
        """The shape of ``city``'s contents now."""
        keys = tuple(city)
        values = tuple(city.values())
        known = self.by_id.get(id(city))
        if known is not None and known.keys == keys and known.values == values:
            return known
        return self._shape(city, keys, values, known)

    def _shape(self, city: dict[Space, str], keys: tuple[Space, ...], values: tuple[str, ...],
               known: CityShape | None) -> CityShape:
        """``shape`` once the shape last found for this dict, ``known``, no longer fits."""
        shapes = self.shapes
        content = (keys, values)
        if len(shapes) >= MAX_SHAPES:
            shapes.clear()
            self.by_id.clear()
        if (known is not None and len(keys) == len(known.keys) + 1
                and keys[:-1] == known.keys and values[:-1] == known.values):
            # a card placed since: the usual way, the shape met before for these contents
            # if there is one (one look-up)
            found = shapes.setdefault(content, known.plus(keys, values))
        else:
            met = shapes.get(content)
            if met is None:
                met = shapes[content] = CityShape.of(self, keys, values)
            found = met
        if len(self.by_id) >= 4 * MAX_SHAPES:
            self.by_id.clear()
        self.by_id[id(city)] = found
        return found


_TABLES: weakref.WeakKeyDictionary[Catalog, CityTables] = weakref.WeakKeyDictionary()
_last: tuple[weakref.ref[Catalog] | None, weakref.ref[CityTables] | None] = (None, None)
"""The catalog asked for last and its tables (neither kept alive by this)."""


def tables(catalog: Catalog) -> CityTables:
    """The city tables of ``catalog``; they go with the catalog."""
    global _last
    ref, known_ref = _last
    if ref is not None and ref() is catalog:
        found = known_ref() if known_ref is not None else None
        if found is not None:
            return found
    known = _TABLES.get(catalog)
    if known is None:
        known = _TABLES[catalog] = CityTables(catalog)
    _last = (weakref.ref(catalog), weakref.ref(known))
    return known


def forget() -> None:
    """Empty the shapes and memo tables of every catalog (bounded caches, refilled on use)."""
    for known in list(_TABLES.values()):
        for table in (known.shapes, known.by_id, known.placed, known.takes, known.paths,
                      known.moves, known.finals, known.take, known.move, known.final,
                      known.interned, known.plans, known.walks):
            table.clear()


def city_shape(catalog: Catalog, city: dict[Space, str]) -> CityShape:
    """``tables(catalog).shape(city)`` in one call (the rules ask it at every step)."""
    ref, known_ref = _last
    t = known_ref() if ref is not None and known_ref is not None and ref() is catalog else None
    if t is None:
        t = tables(catalog)
    known = t.by_id.get(id(city))
    keys = tuple(city)
    if known is not None and known.keys == keys:
        values = tuple(city.values())
        if known.values == values:
            return known
        return t._shape(city, keys, values, known)
    return t._shape(city, keys, tuple(city.values()), known)
