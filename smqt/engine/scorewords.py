"""Score lines in words (Qt-free): each line named by its card or objective ("Harbor Seafood
Grill: next to a wave +2"), what a turn changed, and a player's sheet grouped by category for
the score breakdown. Everything is read from the engine's score sheet (R10)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from smqt.engine.catalog import Catalog
from smqt.engine.features import feature_name, features
from smqt.engine.geometry import Space
from smqt.engine.scoring import CARD, FOOTPRINT, OBJECTIVE, RING, ScoreLine, ScoreSheet
from smqt.language.translate import N_, _

SLOT_WORDS = {"wave": N_("wave bonus"), "misc": N_("other bonus"), "penalty": N_("penalty")}
PEOPLE_BONUS = N_("people bonus")
"""The third objective slot when it adds points (the orange tile's full rings): a bonus is not
called a penalty."""
CATEGORIES = ((OBJECTIVE, N_("Objective")), (CARD, N_("Feature cards")),
              (RING, N_("Activity rings")), (FOOTPRINT, N_("Footprints")))
"""The categories in scorepad order; their titles are marked (translate with ``_`` where shown)."""


def is_people_bonus(entry: str, points: int) -> bool:
    """The objective's third slot adds points (the orange tile's full rings): it is then named
    a bonus, not a penalty."""
    return entry == "penalty" and points > 0


def source_name(catalog: Catalog, line: ScoreLine, change: int = 0) -> str:
    """The card, tile or objective a line belongs to, as a person calls it; a line shown with
    its ``change`` is named by what the change does (a penalty that shrinks is not "a
    penalty" with a plus sign)."""
    if line.category == OBJECTIVE:
        tile = catalog.objective_tiles.get(line.source)
        name = tile.name if tile is not None else line.source
        slot = _(SLOT_WORDS[line.entry]) if line.entry in SLOT_WORDS else line.entry
        if is_people_bonus(line.entry, line.points):
            slot = _(PEOPLE_BONUS)
        elif line.entry == "penalty" and change > 0:
            slot = _("penalty avoided") if line.points == 0 else _("smaller penalty")
        return _("{name} objective, {slot}").format(name=name, slot=slot)
    feature = features(catalog).get(line.source)
    if feature is None:
        return line.source
    return feature_name(feature) or _("the starting tile")


def line_words(catalog: Catalog, line: ScoreLine, *, points: bool = True) -> str:
    """``Harbor Seafood Grill: next to a wave +2``."""
    text = f"{source_name(catalog, line)}: {line.why}"
    return f"{text} {line.points:+d}" if points else text


def line_change_words(catalog: Catalog, line: ScoreLine, change: int) -> str:
    """A line with what a choice changes of it: ``Blue objective, penalty avoided: 0 people
    outside rings +4``."""
    return f"{source_name(catalog, line, change)}: {line.why} {change:+d}"


def _key(line: ScoreLine) -> tuple[str, str, str, Space | None]:
    return (line.category, line.source, line.entry, line.space)


def changes(before: ScoreSheet, after: ScoreSheet) -> list[tuple[ScoreLine, int]]:
    """The lines whose points a turn changed, with the change (lines gone count as 0 now)."""
    old = {_key(line): line for line in before.lines}
    new = {_key(line): line for line in after.lines}
    found = []
    for key, line in new.items():
        delta = line.points - (old[key].points if key in old else 0)
        if delta:
            found.append((line, delta))
    for key, line in old.items():
        if key not in new and line.points:
            why = _("ring no longer full") if line.category == RING else _("no longer scores")
            found.append((attrs.evolve(line, points=0, why=why), -line.points))
    return found


def change_words(catalog: Catalog, before: ScoreSheet, after: ScoreSheet, most: int = 4) -> str:
    """What changed, biggest first: "Surf Shack: next to a wave +2; Pier: ring holds 1 local
    +3 ..." (``most`` lines, then how many more)."""
    found = sorted(changes(before, after), key=lambda pair: -abs(pair[1]))
    parts = [line_change_words(catalog, line, delta) for line, delta in found[:most]]
    if len(found) > most:
        parts.append(_("{n} more").format(n=len(found) - most))
    return "; ".join(parts)


@attrs.frozen
class BreakdownGroup:
    title: str
    total: int
    lines: tuple[ScoreLine, ...]


def breakdown(sheet: ScoreSheet, with_zero: bool = False) -> list[BreakdownGroup]:
    """A player's sheet grouped by category in scorepad order (R10): objective, feature
    cards, rings, footprints; lines worth nothing are left out unless ``with_zero``."""
    groups = []
    for category, title in CATEGORIES:
        lines = tuple(line for line in sheet.lines if line.category == category
                      and (with_zero or line.points))
        total = sum(line.points for line in sheet.lines if line.category == category)
        groups.append(BreakdownGroup(title, total, lines))
    return groups


def breakdown_text(catalog: Catalog, lines: Iterable[ScoreLine]) -> list[str]:
    return [line_words(catalog, line) for line in lines]
