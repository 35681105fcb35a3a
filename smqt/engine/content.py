"""What never changes during a game: feature cards, starting tiles, sand dollar actions and
tiles, objective tiles and the rules parameters (R1, R8, R11, R12).

Frozen attrs classes; field validators check single values, ``__attrs_post_init__`` checks
across fields. The docstring under each field is the editor's help text.
"""

from __future__ import annotations

import enum
import re

import attrs
from attrs import field

from smqt.engine.effects import (
    AddPeople,
    Allowance,
    Constraint,
    GainSandDollars,
    LeftmostBeach,
    Move,
    Objective,
    PlacementAction,
    ReturnPeople,
    RingEntry,
    Row,
    RowFilter,
    ScoringEntry,
    Tag,
    check_at_most,
    check_distinct,
    check_not_negative,
    check_positive,
    shown,
)
from smqt.language.translate import _

ID_PATTERN = r"[a-z0-9][a-z0-9_\-]*"
"What an id may be; it must match whole (a trailing newline is not allowed, R12.2)."
ID_MAX_CHARS = 40
NAME_MAX_CHARS = 60
TEXT_MAX_CHARS = 500
_ID = re.compile(ID_PATTERN)


def _entry_id(inst: object, attribute: attrs.Attribute, value: str) -> None:
    # fullmatch, not match with "$": "$" also matches before a trailing newline, and an id with
    # a newline splits the text form of actions, so such records could not be replayed.
    if not isinstance(value, str) or not _ID.fullmatch(value) or len(value) > ID_MAX_CHARS:
        raise ValueError(
            _("ids use lower-case letters, digits, '_' and '-', start with a letter or digit "
              "and have at most {most} characters, got {value}").format(
                most=ID_MAX_CHARS, value=shown(value))
        )


_entry_id.pattern = ID_PATTERN  # type: ignore[attr-defined]  # read by fieldinfo (schema)
_entry_id.max_chars = ID_MAX_CHARS  # type: ignore[attr-defined]


def _name(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(_("must not be empty"))
    if len(value) > NAME_MAX_CHARS:
        raise ValueError(_("must have at most {most} characters, got {count}").format(
            most=NAME_MAX_CHARS, count=len(value)))
    if any(ch < " " or ch == "\x7f" for ch in value):
        raise ValueError(_("must be one line of printable text, got {value}").format(
            value=shown(value)))


_name.max_chars = NAME_MAX_CHARS  # type: ignore[attr-defined]


def _text(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if len(value) > TEXT_MAX_CHARS:
        raise ValueError(_("must have at most {most} characters, got {count}").format(
            most=TEXT_MAX_CHARS, count=len(value)))


_text.max_chars = TEXT_MAX_CHARS  # type: ignore[attr-defined]


WORDED_LANGUAGES = ("de",)
"The languages an entry may give its own words in (a field each: ``de.name``, ``de.text``)."


def _wording_name(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if value != "":
        _name(inst, attribute, value)


_wording_name.max_chars = NAME_MAX_CHARS  # type: ignore[attr-defined]


@attrs.frozen
class NameWording:
    """An entry's name in another language."""

    name: str = field(default="", validator=_wording_name)
    "The name in this language; empty: the pack's own name is shown."
    outdated: bool = False
    "``true``: to be translated again (a copy's words); until then its own name is shown."

@attrs.frozen
class Wording:
    """An entry's name and flavour text in another language."""

    name: str = field(default="", validator=_wording_name)
    "The name in this language; empty: the pack's own name is shown."
    text: str = field(default="", validator=_text)
    "The flavour text in this language; empty: the pack's own text is shown."
    outdated: bool = False
    "``true``: to be translated again (a copy's words); until then its own name and text are shown."

@attrs.frozen
class FeatureCard:
    """A beach or street feature card."""

    id: str = field(validator=_entry_id)
    "Unique id, used by saves, positions and variants."
    name: str = field(validator=_name)
    "The name printed on the card."
    row: Row
    "``beach`` cards go in the top row, ``street`` cards in the bottom row (R4.1)."
    tags: tuple[Tag, ...] = field(default=(), validator=attrs.validators.max_len(4))
    "Location tags; a tag may repeat and every copy counts (R0.4)."
    placement: tuple[PlacementAction, ...] = field(default=(), validator=attrs.validators.max_len(6))
    "Placement actions, taken after placing: gains first, then allowances (R5)."
    scoring: tuple[ScoringEntry, ...] = field(default=(), validator=attrs.validators.max_len(6))
    "Scoring entries, each scored independently at the end (R10)."
    rings: tuple[RingEntry, ...] = field(default=(), validator=attrs.validators.max_len(3))
    "Activity rings (R10.10)."
    constraints: tuple[Constraint, ...] = field(default=(), validator=attrs.validators.max_len(1))
    "Placement constraints such as ``leftmost_beach`` (R4.4)."
    text: str = field(default="", validator=_text)
    "Flavour text; not a rule."
    de: Wording = Wording()
    "The name and flavour text in German (``de.name``, ``de.text``)."

    def __attrs_post_init__(self) -> None:
        if self.leftmost_beach and self.row is not Row.BEACH:
            raise ValueError(_("constraints: leftmost_beach is only allowed on beach cards"))

    @property
    def leftmost_beach(self) -> bool:
        return any(isinstance(c, LeftmostBeach) for c in self.constraints)


@attrs.frozen
class FootprintRule:
    """When a VIP's visit leaves a footprint, and what a footprint scores (R7, R10.13)."""

    row: RowFilter = RowFilter.ANY
    "The row a visited space must be in (``any`` for both)."
    tags: tuple[Tag, ...] = field(default=(), validator=check_distinct)
    "The space must carry at least one of these tags; empty means no tag is needed."
    points_per_tag: int = field(default=1, validator=[check_not_negative, check_at_most(9)])
    "Points per copy of the listed tags on a footprinted space."
    points_per_space: int = field(default=0, validator=[check_not_negative, check_at_most(9)])
    "Points per footprinted space."

    def __attrs_post_init__(self) -> None:
        if self.row is RowFilter.ANY and not self.tags:
            raise ValueError(_("tags: give tags or a row, otherwise every space would match"))
        if self.points_per_tag == 0 and self.points_per_space == 0:
            raise ValueError(_("points_per_tag: a footprint must score something"))


@attrs.frozen
class StartingTile:
    """A two-space starting tile; its tags, bonus and rings belong to the lower half (R0.4)."""

    id: str = field(validator=_entry_id)
    "Unique id."
    name: str = field(validator=_name)
    "The printed name."
    footprint: FootprintRule
    "The VIP criterion and how footprints score (R11.3)."
    tags: tuple[Tag, ...] = field(default=(), validator=attrs.validators.max_len(4))
    "Location tags of the lower half."
    placement: tuple[PlacementAction, ...] = field(default=(), validator=attrs.validators.max_len(6))
    "Placement bonus at setup: sand dollars and people on the lower half (R2.6)."
    scoring: tuple[ScoringEntry, ...] = field(default=(), validator=attrs.validators.max_len(6))
    "Scoring entries of the lower half, if any."
    rings: tuple[RingEntry, ...] = field(default=(), validator=attrs.validators.max_len(3))
    "Activity rings of the lower half, if any."
    de: NameWording = NameWording()
    "The name in German (``de.name``)."

    def __attrs_post_init__(self) -> None:
        for i, action in enumerate(self.placement):
            if not isinstance(action, (GainSandDollars, AddPeople)):
                raise ValueError(
                    _("placement[{index}]: a starting tile gives only sand dollars and people, "
                      "not {kind}").format(index=i, kind=action.kind)
                )


class TakeFrom(enum.StrEnum):
    """Where a sand dollar action takes its cards from (R8)."""

    FRONT = "front"
    BACK = "back"
    DISPLAY = "display"
    COLUMN = "column"


@attrs.frozen
class TakeRule:
    """Which display cards a sand dollar action takes."""

    source: TakeFrom
    "``front`` or ``back`` row, ``display`` (either row) or ``column`` (a front card and the one behind it)."
    count: int = field(default=1, validator=[check_positive, check_at_most(2)])
    "How many cards are taken (``column`` always takes 2: write ``count = 2``)."
    tags_any: tuple[Tag, ...] = field(default=(), validator=check_distinct)
    "Only cards carrying at least one of these tags; empty means any card."

    def __attrs_post_init__(self) -> None:
        if self.source is TakeFrom.COLUMN and self.count != 2:
            raise ValueError(_("count: a column take always takes 2 cards"))


@attrs.frozen
class SandDollarAction:
    """One side of a sand dollar tile (R8)."""

    id: str = field(validator=_entry_id)
    "Unique id."
    name: str = field(validator=_name)
    "The printed name."
    cost: int = field(validator=[check_not_negative, check_at_most(20)])
    "Sand dollars paid before taking (R8.2)."
    take: TakeRule
    "Which cards the action takes."
    swap: bool = False
    "The player may swap two feature cards of one row after placing (R8.6)."
    allowances: tuple[Allowance, ...] = field(default=(), validator=attrs.validators.max_len(3))
    "Movement or return allowances used in the placement-action phase (R8.5)."
    text: str = field(default="", validator=_text)
    "A sentence for the rules help; not a rule."
    de: Wording = Wording()
    "The name and sentence in German (``de.name``, ``de.text``)."

    def __attrs_post_init__(self) -> None:
        for i, allowance in enumerate(self.allowances):
            if not isinstance(allowance, (Move, ReturnPeople)):
                raise ValueError(
                    _("allowances[{index}]: a sand dollar action allows move or return, "
                      "not {kind}").format(index=i, kind=allowance.kind)
                )


@attrs.frozen
class SandDollarTile:
    """A two-sided tile: one of its sides is in play (R2.2, R8.1)."""

    id: str = field(validator=_entry_id)
    "Unique id."
    sides: tuple[str, str] = field()
    "The sand dollar action ids of side A and side B."

    @sides.validator
    def _two_sides(self, attribute: attrs.Attribute, value: tuple) -> None:
        if len(value) != 2 or value[0] == value[1]:
            raise ValueError(_("needs two different sand dollar action ids"))


@attrs.frozen
class ObjectiveTile:
    """A scoring objective tile with its three objectives (R11.4)."""

    id: str = field(validator=_entry_id)
    "Unique id."
    name: str = field(validator=_name)
    "The printed name (its colour in the base game)."
    wave: Objective
    "The wave bonus."
    misc: Objective
    "The miscellaneous bonus."
    penalty: Objective
    "The unplaced-people penalty."
    de: NameWording = NameWording()
    "The name in German (``de.name``)."

    @property
    def objectives(self) -> tuple[Objective, Objective, Objective]:
        return (self.wave, self.misc, self.penalty)


@attrs.frozen
class Supply:
    """Pieces in the shared supply (R1.2)."""

    local: int = field(default=30, validator=[check_not_negative, check_at_most(999)])
    "Locals in the supply."
    tourist: int = field(default=30, validator=[check_not_negative, check_at_most(999)])
    "Tourists in the supply."
    vip: int = field(default=8, validator=[check_not_negative, check_at_most(999)])
    "VIPs in the supply."
    footprint: int = field(default=28, validator=[check_not_negative, check_at_most(999)])
    "Footprint tokens in the supply."
    limited: bool = True
    "Keep the physical limit (R1.3); false lifts it."


@attrs.frozen
class FinalMove:
    """How far each kind of person may move in the final movement (R9.2)."""

    local: int = field(default=3, validator=[check_not_negative, check_at_most(6)])
    "Spaces a local may move."
    tourist: int = field(default=1, validator=[check_not_negative, check_at_most(6)])
    "Spaces a tourist may move."
    vip: int = field(default=1, validator=[check_not_negative, check_at_most(6)])
    "Spaces a VIP may move."


@attrs.frozen
class Rules:
    """Rules parameters with their defaults (R12); a variant may override any of them."""

    display_columns: int = field(default=4, validator=[check_positive, check_at_most(8)])
    "Display width; the display is two rows deep (R2.1)."
    sand_dollar_tiles_in_play: int = field(default=2, validator=[check_not_negative, check_at_most(8)])
    "Sand dollar tiles drawn at setup (R2.2)."
    foodie_offset: int = field(default=2, validator=[check_not_negative, check_at_most(7)])
    "Columns between the food truck and the foodie at setup (R2.7)."
    food_truck_reward: int = field(default=1, validator=[check_not_negative, check_at_most(9)])
    "Sand dollars for the food truck reward (R3.3)."
    cards_to_end: int = field(default=14, validator=[check_positive, check_at_most(60)])
    "Feature cards in a city that trigger the final round (R9.1)."
    supply: Supply = Supply()
    "The shared supply (R1.2)."
    final_move: FinalMove = FinalMove()
    "Final movement distances (R9.2)."


__all__ = [
    "WORDED_LANGUAGES",
    "FeatureCard",
    "FinalMove",
    "FootprintRule",
    "NameWording",
    "ObjectiveTile",
    "Rules",  # not translated: a name
    "SandDollarAction",
    "SandDollarTile",
    "StartingTile",
    "Supply",  # not translated: a name
    "TakeFrom",
    "TakeRule",
    "Wording",
]
