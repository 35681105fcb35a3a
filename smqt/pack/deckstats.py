"""Deck composition of a content pack: cards per row, tag copies per row, rings by people,
placement actions and scoring entries by kind. Used by ``smqt stats``, by the test that keeps
``content/base/DESIGN.md`` in step with the TOML, and by the editor's statistics view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from smqt.engine.catalog import Catalog
from smqt.engine.effects import (
    PLACEMENT_KINDS,
    SCORING_KINDS,
    AddPeople,
    AnyNumberRing,
    Chain,
    GainSandDollars,
    Move,
    MoveHere,
    ReturnPeople,
    Ring,
    Tag,
)
from smqt.language.translate import N_, _

ROWS = ("beach", "street")
ANY_NUMBER = N_("any number")
"The ring that holds any number of people, as the rings table names it (translated when shown)."
CHAIN_PER_TAG = N_("chain (per tag)")
"Chain entries that score per tag, as the scoring table names them (translated when shown)."
_PEOPLE_ADDED = {"local": N_("{count} locals"), "tourist": N_("{count} tourists"),
                 "vip": N_("{count} vips")}


@attrs.frozen
class DeckStats:
    cards: dict[str, int]
    """Feature cards per row."""
    tags: dict[str, dict[str, int]]
    """Tag -> row -> copies."""
    cards_with_tag: dict[str, dict[str, int]]
    """Tag -> row -> cards carrying it at least once."""
    rings: dict[str, int]
    """Ring description (e.g. ``local + tourist``) -> cards."""
    ring_people: dict[str, int]
    """Places in rings by type (local, tourist, vip, any)."""
    placement: dict[str, int]
    """Placement kind -> entries."""
    people_added: dict[str, int]
    """People added by all cards, by type."""
    sand_dollars_given: int
    moves: dict[str, int]
    """Move allowances by the people they move."""
    scoring: dict[str, int]
    """Scoring kind -> entries (``chain`` split into flat and per tag)."""
    constraints: dict[str, int]


def _ring_name(ring: object) -> str:
    if isinstance(ring, AnyNumberRing):
        return ANY_NUMBER
    assert isinstance(ring, Ring)
    return " + ".join(str(w) for w in sorted(ring.people))


@attrs.define
class PlacementTally:
    """What the placement actions of a deck give, added up."""

    people_added: Counter[str]
    """People added, by type."""
    moves: Counter[str]
    """Move allowances, by the people they move."""
    sand_dollars: int = 0


def _count_sand_dollars(tally: PlacementTally, action: GainSandDollars) -> None:
    tally.sand_dollars += action.count


def _count_people(tally: PlacementTally, action: AddPeople) -> None:
    tally.people_added[action.people.value] += action.count


def _count_move(tally: PlacementTally, action: Move) -> None:
    tally.moves[action.people.value] += 1


def _count_by_kind_only(tally: PlacementTally, action: object) -> None:
    """Counted with the entries of its kind (``DeckStats.placement``) and nowhere else."""


PLACEMENT_COUNTS: dict[type, Callable[[PlacementTally, Any], None]] = {
    GainSandDollars: _count_sand_dollars,
    AddPeople: _count_people,
    Move: _count_move,
    MoveHere: _count_by_kind_only,
    ReturnPeople: _count_by_kind_only,
}
"""What each kind of placement action adds to a deck's statistics besides its count."""


def deck_stats(catalog: Catalog) -> DeckStats:
    """Count the feature cards of ``catalog``."""
    cards = Counter({row: 0 for row in ROWS})
    tags = {t.value: dict.fromkeys(ROWS, 0) for t in Tag}
    with_tag = {t.value: dict.fromkeys(ROWS, 0) for t in Tag}
    rings: Counter[str] = Counter()
    ring_people: Counter[str] = Counter({k: 0 for k in ("local", "tourist", "vip", "any")})
    placement: Counter[str] = Counter({k.kind: 0 for k in PLACEMENT_KINDS})  # type: ignore[attr-defined]
    given = PlacementTally(Counter({k: 0 for k in ("local", "tourist", "vip")}), Counter())
    scoring: Counter[str] = Counter(
        {k.kind: 0 for k in SCORING_KINDS if k is not Chain})  # type: ignore[attr-defined]
    scoring.update({"chain": 0, CHAIN_PER_TAG: 0})
    constraints: Counter[str] = Counter()
    for card in catalog.cards.values():
        row = card.row.value
        cards[row] += 1
        for tag in card.tags:
            tags[tag.value][row] += 1
        for tag in set(card.tags):
            with_tag[tag.value][row] += 1
        for ring in card.rings:
            rings[_ring_name(ring)] += 1
            if isinstance(ring, Ring):
                ring_people.update(str(w) for w in ring.people)
        for action in card.placement:
            placement[action.kind] += 1
            PLACEMENT_COUNTS[type(action)](given, action)
        for entry in card.scoring:
            if isinstance(entry, Chain) and entry.per_tag:
                scoring[CHAIN_PER_TAG] += 1
            else:
                scoring[entry.kind] += 1
        for constraint in card.constraints:
            constraints[constraint.kind] += 1
    return DeckStats(
        cards=dict(cards), tags=tags, cards_with_tag=with_tag,
        rings=dict(sorted(rings.items(), key=lambda kv: (-kv[1], kv[0]))),
        ring_people=dict(ring_people), placement=dict(placement),
        people_added=dict(given.people_added), sand_dollars_given=given.sand_dollars,
        moves=dict(sorted(given.moves.items())), scoring=dict(scoring),
        constraints=dict(sorted(constraints.items())),
    )


def _kind_as_is(room: str, key: str) -> str:
    return _(key) if key == CHAIN_PER_TAG else key


@attrs.frozen
class Naming:
    """How the composition tables name what they count: as the pack's files do (``smqt stats``,
    DESIGN.md), or in words (the editor's statistics, ``editor.shell.statsview``)."""

    value: Callable[[str], str] = str
    "A tag, a kind of person (``local``...)."
    plural: Callable[[str], str] = lambda key: key + "s"
    "People of a kind that has no count sentence of its own."
    kind: Callable[[str, str], str] = _kind_as_is
    "A placement, scoring or constraint kind (its list, its key; ``CHAIN_PER_TAG`` too)."


def composition_markdown(stats: DeckStats, naming: Naming = Naming()) -> str:
    """The composition tables as Markdown (what DESIGN.md embeds), named by ``naming``."""
    value = naming.value
    out = []
    total = sum(stats.cards.values())
    out.append(_("Feature cards: **{total}** ({beach} beach, {street} street).").format(
        total=total, beach=stats.cards["beach"], street=stats.cards["street"]) + "\n")
    out.append(_("| tag | beach copies | street copies | all copies | beach cards | street cards |"))
    out.append("|---|---:|---:|---:|---:|---:|")
    for tag, rows in stats.tags.items():
        cards = stats.cards_with_tag[tag]
        out.append(f"| {value(tag)} | {rows['beach']} | {rows['street']} | "
                   f"{rows['beach'] + rows['street']} | {cards['beach']} | {cards['street']} |")
    out.append("")
    out.append(_("| ring (people it holds) | cards |"))
    out.append("|---|---:|")
    for name, count in stats.rings.items():
        ring = _(name) if name == ANY_NUMBER else " + ".join(map(value, name.split(" + ")))
        out.append(f"| {ring} | {count} |")
    places = ", ".join(f"{value(k)} {v}" for k, v in stats.ring_people.items())
    out.append("\n" + _("Ring places by type: {places}.").format(places=places) + "\n")
    out.append(_("| placement action | entries |"))
    out.append("|---|---:|")
    for kind, count in stats.placement.items():
        out.append(f"| {naming.kind('placement', kind)} | {count} |")
    added = ", ".join(_(_PEOPLE_ADDED[k]).format(count=v) if k in _PEOPLE_ADDED
                      else f"{v} {naming.plural(k)}" for k, v in stats.people_added.items())
    moves = ", ".join(f"{value(k)} {v}" for k, v in stats.moves.items())
    out.append("\n" + _("People added in all: {added}; sand dollars given: {sand_dollars}; "
                         "move allowances by people moved: {moves}.").format(
                             added=added, sand_dollars=stats.sand_dollars_given, moves=moves)
               + "\n")
    out.append(_("| scoring entry | entries |"))
    out.append("|---|---:|")
    for kind, count in stats.scoring.items():
        out.append(f"| {naming.kind('scoring', kind)} | {count} |")
    if stats.constraints:
        constraints = ", ".join(f"{naming.kind('constraints', k)} {v}"
                                for k, v in stats.constraints.items())
        out.append("\n" + _("Constraints: {constraints}.").format(constraints=constraints))
    return "\n".join(out) + "\n"
