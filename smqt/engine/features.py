"""Per-entry facts the engine looks up on hot paths (tag counts, printed symbols, rings),
computed once per catalog.

A city space holds a feature card, the starting tile's lower half (its tags, bonus and rings,
R0.4) or the tile's upper half (a plain space with nothing printed on it).
"""

from __future__ import annotations

import weakref

import attrs

from smqt.engine.catalog import Catalog
from smqt.engine.effectkinds import placement_gives
from smqt.engine.effects import (
    AnyNumberRing,
    PlacementAction,
    Ring,
    RingEntry,
    ScoringEntry,
    Tag,
)
from smqt.language.translate import N_, _

TAGS: tuple[Tag, ...] = tuple(Tag)
TAG_INDEX: dict[Tag, int] = {tag: i for i, tag in enumerate(TAGS)}
UPPER_HALF_ID = "^"
"""The id used for the starting tile's upper half in a city (it has no content)."""
UPPER_HALF_NAME = N_("starting tile (upper half)")
"""The name of the upper half (``Feature.name`` keeps it in English: show ``feature_name``)."""


@attrs.frozen(eq=False)
class Feature:
    """What one filled space shows, ready for rules and scoring."""

    id: str
    name: str
    row: int
    tag_count: tuple[int, ...]
    """Copies of each tag, indexed like ``TAGS``."""
    gives: frozenset[str]
    placement: tuple[PlacementAction, ...]
    scoring: tuple[ScoringEntry, ...]
    rings: tuple[RingEntry, ...]
    leftmost_beach: bool
    is_card: bool
    plan: tuple[tuple[int, int], ...] = attrs.field(init=False, repr=False)
    """(tag index, copies) for each tag it carries (what a city's bits set for it)."""
    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "plan", tuple(
            (t, n) for t, n in enumerate(self.tag_count) if n))

    @property
    def has_ring(self) -> bool:
        return bool(self.rings)


_CACHE: weakref.WeakKeyDictionary[Catalog, dict[str, Feature]] = weakref.WeakKeyDictionary()


def _counts(tags: tuple[Tag, ...]) -> tuple[int, ...]:
    counts = [0] * len(TAGS)
    for tag in tags:
        counts[TAG_INDEX[tag]] += 1
    return tuple(counts)


def features(catalog: Catalog) -> dict[str, Feature]:
    """Every card and starting tile of ``catalog`` (tiles as their lower half) by id."""
    table = _CACHE.get(catalog)
    if table is not None:
        return table
    table = {
        UPPER_HALF_ID: Feature(UPPER_HALF_ID, UPPER_HALF_NAME, 0, (0,) * len(TAGS),
                               frozenset(), (), (), (), False, False)
    }
    for card in catalog.cards.values():
        table[card.id] = Feature(
            card.id, card.name, 0 if card.row.value == "beach" else 1, _counts(card.tags),
            placement_gives(card.placement), card.placement, card.scoring, card.rings,
            card.leftmost_beach, True,
        )
    for tile in catalog.starting_tiles.values():
        table["@" + tile.id] = Feature(
            "@" + tile.id, tile.name, 1, _counts(tile.tags), placement_gives(tile.placement),
            tile.placement, tile.scoring, tile.rings, False, False,
        )
    _CACHE[catalog] = table
    return table


def feature_name(feature: Feature) -> str:
    """The name of ``feature`` as a person reads it: a card's or tile's printed name, or the
    upper half's in the language in force."""
    return _(UPPER_HALF_NAME) if feature.id == UPPER_HALF_ID else feature.name


def tile_feature_id(tile_id: str) -> str:
    """The feature id of a starting tile's lower half in a city."""
    return "@" + tile_id


def ring_capacity(ring: RingEntry) -> int | None:
    """How many people a ring holds when full; None for an ``any_number`` ring."""
    if isinstance(ring, AnyNumberRing):
        return None
    assert isinstance(ring, Ring)
    return len(ring.people)
