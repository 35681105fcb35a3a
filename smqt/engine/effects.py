"""Tagged unions printed on cards and tiles: placement actions, scoring entries, rings,
constraints and objectives.

Every class is frozen attrs with a ``kind`` class variable (not a field): the TOML form is
``{ kind = "adjacent", tag = "nature", points = 2 }`` and the one converter in
``smqt.pack.convert`` dispatches on it. The docstring under each field is the help text the editor
shows and the description in the JSON Schema.
"""

from __future__ import annotations

import enum
from typing import ClassVar, Union

import attrs
from attrs import field

from smqt.language.translate import _


class Row(enum.StrEnum):
    """A row of a city: beach on top, street below (R0.1)."""

    BEACH = "beach"
    STREET = "street"


class RowFilter(enum.StrEnum):
    """A row restriction, or none."""

    ANY = "any"
    BEACH = "beach"
    STREET = "street"


class Tag(enum.StrEnum):
    """Location tags (R0.4)."""

    LOCAL = "local"
    TOURIST = "tourist"
    BUSINESS = "business"
    SPORTS = "sports"
    NATURE = "nature"
    WAVE = "wave"


class Person(enum.StrEnum):
    """Kinds of people (R0.5)."""

    LOCAL = "local"
    TOURIST = "tourist"
    VIP = "vip"


class Who(enum.StrEnum):
    """Which people an allowance or a ring slot accepts (R5.3, R10.10)."""

    LOCAL = "local"
    TOURIST = "tourist"
    VIP = "vip"
    ANY = "any"


class Symbol(enum.StrEnum):
    """Printed placement symbols that ``adjacent_gives`` looks for (R0.6, R10.6)."""

    SAND_DOLLAR = "sand_dollar"
    LOCAL = "local"
    TOURIST = "tourist"
    VIP = "vip"
    PEOPLE = "people"


POINTS_LIMIT = 99
"""No printed number of points is larger than this, either way: the final-movement solver
adds points as floating-point numbers, exact only for scores far below 2**53."""
MAX_ADJACENT_COPIES = 12
"Copies of a tag on the (at most 3) spaces next to a card: 4 tags each (R0.4)."
MAX_CHAIN_TABLE = 20
"Values in an objective's chain table; longer chains score the last one."


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters with an ellipsis (a
    50 MB value must not be echoed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return _("a whole number of {digits} digits or so").format(
            digits=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[: 4 * limit]  # repr of a huge string is costly; enough is kept to cut
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def check_positive(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(_("must be a whole number of at least 1, got {value}").format(
            value=shown(value)))


def check_not_negative(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(_("must not be negative, got {value}").format(value=shown(value)))


def _any_int(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(_("must be a whole number, got {value}").format(value=shown(value)))


def check_at_most(limit: int):
    def check(inst: object, attribute: attrs.Attribute, value: int) -> None:
        if value > limit:
            raise ValueError(_("must be at most {limit}, got {value}").format(
                limit=limit, value=shown(value)))

    check.maximum = limit  # type: ignore[attr-defined]  # read by fieldinfo (editor, schema)
    return check


def _at_least(limit: int):
    def check(inst: object, attribute: attrs.Attribute, value: int) -> None:
        if value < limit:
            raise ValueError(_("must be at least {limit}, got {value}").format(
                limit=limit, value=shown(value)))

    check.minimum = limit  # type: ignore[attr-defined]  # read by fieldinfo (editor, schema)
    return check


_POINTS = [check_not_negative, check_at_most(POINTS_LIMIT)]
"Points scored: 0 to 99."
_PENALTY = [_at_least(-POINTS_LIMIT)]
"A penalty: 0 to -99 (after ``check_not_positive``)."
_SIGNED_POINTS = [_any_int, _at_least(-POINTS_LIMIT), check_at_most(POINTS_LIMIT)]
"Points that may be negative: -99 to 99."


def check_not_positive(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value > 0:
        raise ValueError(_("is a penalty: must be 0 or negative, got {value}").format(
            value=shown(value)))


def check_distinct(inst: object, attribute: attrs.Attribute, value: tuple) -> None:
    if len(set(value)) != len(value):
        raise ValueError(_("must not list the same value twice"))


# --------------------------------------------------------------------------- placement (R5)


@attrs.frozen
class GainSandDollars:
    """Gain sand dollars from the supply (R5.1)."""

    kind: ClassVar[str] = "sand_dollars"
    count: int = field(validator=[check_positive, check_at_most(9)])
    "How many sand dollars the player gains."


@attrs.frozen
class AddPeople:
    """Add people from the supply to this card; mandatory, limited by supply (R5.1, R1.3)."""

    kind: ClassVar[str] = "add_people"
    people: Person
    "Which kind of person is added."
    count: int = field(validator=[check_positive, check_at_most(9)])
    "How many people are added."


@attrs.frozen
class Move:
    """Move up to ``count`` people of a type, each up to ``distance`` spaces (R5.3)."""

    kind: ClassVar[str] = "move"
    people: Who
    "Which people may move (``any``: every person, never the foodie)."
    count: int = field(validator=[check_positive, check_at_most(9)])
    "Up to how many different people may move."
    distance: int = field(default=1, validator=[check_positive, check_at_most(6)])
    "Up to how many spaces each of them may move."


@attrs.frozen
class MoveHere:
    """Up to ``count`` people jump straight onto this card from anywhere (R5.4)."""

    kind: ClassVar[str] = "move_here"
    people: Who
    "Which people may jump here."
    count: int = field(validator=[check_positive, check_at_most(9)])
    "Up to how many people may jump here."


@attrs.frozen
class ReturnPeople:
    """Up to ``count`` people leave the city for the supply (R5.5)."""

    kind: ClassVar[str] = "return"
    people: Who
    "Which people may be returned."
    count: int = field(validator=[check_positive, check_at_most(9)])
    "Up to how many people may be returned."


PlacementAction = Union[GainSandDollars, AddPeople, Move, MoveHere, ReturnPeople]
PLACEMENT_KINDS: tuple[type, ...] = (GainSandDollars, AddPeople, Move, MoveHere, ReturnPeople)
Allowance = Union[Move, MoveHere, ReturnPeople]

# --------------------------------------------------------------------------- scoring (R10)


@attrs.frozen
class Adjacent:
    """Points once when at least one adjacent space carries the tag (R10.1)."""

    kind: ClassVar[str] = "adjacent"
    tag: Tag
    "The tag an adjacent space must carry."
    points: int = field(validator=_POINTS)
    "Points scored."


@attrs.frozen
class AdjacentCount:
    """Points when adjacent spaces carry at least ``at_least`` copies of the tag (R10.2)."""

    kind: ClassVar[str] = "adjacent_count"
    tag: Tag
    "The tag counted over all adjacent spaces."
    at_least: int = field(validator=[check_positive, check_at_most(MAX_ADJACENT_COPIES)])
    "How many copies are needed."
    points: int = field(validator=_POINTS)
    "Points scored."


@attrs.frozen
class AdjacentTiers:
    """Points of the highest tier reached by adjacent copies of the tag (R10.3)."""

    kind: ClassVar[str] = "adjacent_tiers"
    tag: Tag
    "The tag counted over all adjacent spaces."
    tiers: tuple[tuple[int, int], ...] = field()
    "Pairs ``[copies, points]`` in rising order of copies, e.g. ``[[1, 3], [2, 5]]``."

    @tiers.validator
    def _check_tiers(self, attribute: attrs.Attribute, value: tuple) -> None:
        if not value:
            raise ValueError(_("needs at least one tier"))
        last = 0
        for copies, points in value:
            if copies <= last:
                raise ValueError(_("tiers must list copies in rising order, each at least 1"))
            if copies > MAX_ADJACENT_COPIES:
                raise ValueError(_("copies must be at most {limit} (3 adjacent spaces of 4 tags "
                                   "each), got {value}").format(limit=MAX_ADJACENT_COPIES,
                                                                value=shown(copies)))
            if not 0 <= points <= POINTS_LIMIT:
                raise ValueError(_("points must be 0 to {limit}, got {value}").format(
                    limit=POINTS_LIMIT, value=shown(points)))
            last = copies


@attrs.frozen
class AdjacentAll:
    """Points only when every listed tag appears on an adjacent space (R10.4)."""

    kind: ClassVar[str] = "adjacent_all"
    tags: tuple[Tag, ...] = field(validator=check_distinct)
    "The tags that must all be adjacent."
    points: int = field(validator=_POINTS)
    "Points scored."

    @tags.validator
    def _two_or_more(self, attribute: attrs.Attribute, value: tuple) -> None:
        if len(value) < 2:
            raise ValueError(_("needs at least two different tags"))


@attrs.frozen
class AdjacentRing:
    """Points when an adjacent space has a ring, filled or not (R10.5)."""

    kind: ClassVar[str] = "adjacent_ring"
    points: int = field(validator=_POINTS)
    "Points scored."


@attrs.frozen
class NotAdjacentRing:
    """Points when no adjacent space has a ring (R10.5)."""

    kind: ClassVar[str] = "not_adjacent_ring"
    points: int = field(validator=_POINTS)
    "Points scored."


@attrs.frozen
class AdjacentGives:
    """Points once when an adjacent space prints the symbol; negative is a penalty (R10.6)."""

    kind: ClassVar[str] = "adjacent_gives"
    symbol: Symbol
    "The printed placement symbol looked for (gains only, never movement)."
    points: int = field(validator=_SIGNED_POINTS)
    "Points scored; a negative value is a penalty applied once."


@attrs.frozen
class PerTagInCity:
    """``points`` for every ``per`` copies of the tag anywhere in the city (R10.7)."""

    kind: ClassVar[str] = "per_tag_in_city"
    tag: Tag
    "The tag counted over the whole city."
    per: int = field(default=2, validator=[check_positive, check_at_most(12)])
    "How many copies make one step."
    points: int = field(default=1, validator=_POINTS)
    "Points per step."


@attrs.frozen
class Chain:
    """Points when this card's chain of the tag has at least ``at_least`` copies (R10.8)."""

    kind: ClassVar[str] = "chain"
    tag: Tag
    "The tag whose chain through this card counts."
    at_least: int = field(validator=[check_positive, check_at_most(20)])
    "The smallest chain size that scores."
    points: int = field(validator=_POINTS)
    "Points scored, or points per copy when ``per_tag`` is true."
    per_tag: bool = False
    "Score ``points`` times the chain's size instead of a flat ``points``."


@attrs.frozen
class SandDollarsHeld:
    """``points`` for every ``per`` sand dollars still held at the end (R10.9)."""

    kind: ClassVar[str] = "sand_dollars"
    per: int = field(validator=[check_positive, check_at_most(12)])
    "How many sand dollars make one step."
    points: int = field(validator=_POINTS)
    "Points per step."


ScoringEntry = Union[
    Adjacent,
    AdjacentCount,
    AdjacentTiers,
    AdjacentAll,
    AdjacentRing,
    NotAdjacentRing,
    AdjacentGives,
    PerTagInCity,
    Chain,
    SandDollarsHeld,
]
SCORING_KINDS: tuple[type, ...] = ScoringEntry.__args__  # type: ignore[attr-defined]

# --------------------------------------------------------------------------- rings (R10.10)


@attrs.frozen
class Ring:
    """An activity ring that scores when it holds exactly the listed people (R10.10)."""

    kind: ClassVar[str] = "ring"
    people: tuple[Who, ...] = field()
    "One entry per place in the ring: ``local``, ``tourist``, ``vip`` or ``any``."
    points: int = field(validator=_POINTS)
    "Points when the ring is full."

    @people.validator
    def _size(self, attribute: attrs.Attribute, value: tuple) -> None:
        if not 1 <= len(value) <= 6:
            raise ValueError(_("must hold 1 to 6 people, got {count}").format(count=len(value)))


@attrs.frozen
class AnyNumberRing:
    """A ring that holds any number of any people and scores once it holds one (R10.10)."""

    kind: ClassVar[str] = "any_number"
    points: int = field(validator=_POINTS)
    "Points when the ring holds at least one person."


RingEntry = Union[Ring, AnyNumberRing]

# --------------------------------------------------------------------------- constraints (R4)


@attrs.frozen
class LeftmostBeach:
    """End of the beach: no beach card may ever stand to this card's left (R4.4)."""

    kind: ClassVar[str] = "leftmost_beach"


Constraint = LeftmostBeach

# --------------------------------------------------------------------------- objectives (R11.4)

_NON_WAVE = (Tag.LOCAL, Tag.TOURIST, Tag.BUSINESS, Tag.SPORTS, Tag.NATURE)


@attrs.frozen
class LargestChain:
    """``points_per_tag`` for each copy in the largest chain of any of the tags (blue)."""

    kind: ClassVar[str] = "largest_chain"
    tags: tuple[Tag, ...] = field(validator=check_distinct)
    "Chains of these tags compete; the largest single one scores."
    points_per_tag: int = field(validator=_POINTS)
    "Points per copy in that chain."


@attrs.frozen
class CountChains:
    """``points`` for every chain of the tags with at least ``at_least`` copies (green)."""

    kind: ClassVar[str] = "count_chains"
    tags: tuple[Tag, ...] = field(validator=check_distinct)
    "Chains of these tags are counted."
    at_least: int = field(validator=[check_positive, check_at_most(20)])
    "The smallest chain size that counts."
    points: int = field(validator=_POINTS)
    "Points per counted chain."


@attrs.frozen
class ChainTable:
    """Each chain of the tags scores from a table by its size; the last value caps (orange)."""

    kind: ClassVar[str] = "chain_table"
    tags: tuple[Tag, ...] = field(validator=check_distinct)
    "Chains of these tags score."
    table: tuple[int, ...] = field()
    "Points for a chain of 1, 2, 3... copies; larger chains score the last value."

    @table.validator
    def _non_empty(self, attribute: attrs.Attribute, value: tuple) -> None:
        if not value:
            raise ValueError(_("needs at least one value"))
        if len(value) > MAX_CHAIN_TABLE:
            raise ValueError(_("must list at most {limit} values, got {count}").format(
                limit=MAX_CHAIN_TABLE, count=len(value)))
        for points in value:
            if not -POINTS_LIMIT <= points <= POINTS_LIMIT:
                raise ValueError(_("points must be -{limit} to {limit}, got {value}").format(
                    limit=POINTS_LIMIT, value=shown(points)))


@attrs.frozen
class PairedRun:
    """``points`` per column in the longest run of paired columns (R11.6, orange)."""

    kind: ClassVar[str] = "paired_run"
    points: int = field(validator=_POINTS)
    "Points per paired column in the longest run."


@attrs.frozen
class MostUnplaced:
    """The most unplaced people lose ``most``, the second most ``second`` (R11.7, blue)."""

    kind: ClassVar[str] = "most_unplaced"
    most: int = field(default=-4, validator=[check_not_positive, *_PENALTY])
    "Points (0 or negative) for every player tied for the most unplaced people."
    second: int = field(default=-2, validator=[check_not_positive, *_PENALTY])
    ("Points (0 or negative, no harsher than ``most``) for the second most, when exactly one "
     "player has the most.")

    def __attrs_post_init__(self) -> None:
        if self.second < self.most:
            raise ValueError(_("second: the second most may not lose more than the most"))


@attrs.frozen
class CardsWithUnplaced:
    """``points`` per card holding at least one unplaced person (green, R11.5): the two
    halves of the starting tile are one card."""

    kind: ClassVar[str] = "cards_with_unplaced"
    former_kinds: ClassVar[tuple[str, ...]] = ("spaces_with_unplaced",)
    points: int = field(default=-1, validator=[check_not_positive, *_PENALTY])
    "Points (0 or negative) per card (the starting tile counts once) with people outside rings."


@attrs.frozen
class RingsAndUnplaced:
    """``per_full_ring`` per full ring, ``points`` per ``per_unplaced`` unplaced (orange)."""

    kind: ClassVar[str] = "rings_and_unplaced"
    per_full_ring: int = field(default=1, validator=_SIGNED_POINTS)
    "Points per full ring."
    per_unplaced: int = field(default=2, validator=[check_positive, check_at_most(12)])
    "How many unplaced people make one step (round down)."
    points: int = field(default=-1, validator=[check_not_positive, *_PENALTY])
    "Points (0 or negative) per step of unplaced people."


Objective = Union[
    LargestChain,
    CountChains,
    ChainTable,
    PairedRun,
    MostUnplaced,
    CardsWithUnplaced,
    RingsAndUnplaced,
]
OBJECTIVE_KINDS: tuple[type, ...] = Objective.__args__  # type: ignore[attr-defined]
NON_WAVE_TAGS = _NON_WAVE
