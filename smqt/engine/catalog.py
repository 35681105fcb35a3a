"""The content of a game (what never changes while it is played): ``Catalog``, every entry of a
pack keyed by id, with the rules parameters in force and the pack's identity. The pack folder
it comes from is read by ``smqt.pack``.
"""

from __future__ import annotations

from typing import Any

import attrs

from smqt.engine.content import (
    WORDED_LANGUAGES,
    FeatureCard,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)

CATALOG_FIELDS = {
    "card": "cards",
    "starting_tile": "starting_tiles",
    "sand_dollar_action": "sand_dollar_actions",
    "sand_dollar_tile": "sand_dollar_tiles",
    "objective_tile": "objective_tiles",
}
"""Each kind of entry (as a pack's files name it) and the catalog's field that holds it."""


@attrs.frozen
class PackIdentity:
    """Which content a game was played with (R12.2)."""

    name: str
    version: str
    content_hash: str


@attrs.define(eq=False)
class Catalog:
    """Every entry of a loaded pack, keyed by id, in file order."""

    identity: PackIdentity
    cards: dict[str, FeatureCard]
    starting_tiles: dict[str, StartingTile]
    sand_dollar_actions: dict[str, SandDollarAction]
    sand_dollar_tiles: dict[str, SandDollarTile]
    objective_tiles: dict[str, ObjectiveTile]
    rules: Rules = Rules()  # noqa: RUF009 (frozen, so one shared default is safe)

    def with_rules(self, rules: Rules) -> Catalog:
        """The same content under other rules parameters (a replay's stored rules, R12.2)."""
        return attrs.evolve(self, rules=rules)


def catalog_entries(catalog: Catalog, kind: str) -> dict[str, Any]:
    """The entries of one kind (``"card"``, ``"starting_tile"``...), keyed by id."""
    return getattr(catalog, CATALOG_FIELDS[kind])


def in_language(catalog: Catalog, language: str) -> Catalog:
    """The catalog with each entry's name and text in ``language`` where the pack gives them
    (``de.name``...), else in the pack's own words; the same catalog for a language no entry
    can have (the pack's own, English)."""
    if language not in WORDED_LANGUAGES:
        return catalog

    def worded(entries: dict[str, Any]) -> dict[str, Any]:
        return {ident: entry_in_language(entry, language) for ident, entry in entries.items()}

    return attrs.evolve(
        catalog, cards=worded(catalog.cards), starting_tiles=worded(catalog.starting_tiles),
        sand_dollar_actions=worded(catalog.sand_dollar_actions),
        objective_tiles=worded(catalog.objective_tiles))


def entry_in_language(entry: Any, language: str) -> Any:
    """One entry with its name and text in ``language`` where it gives them (``de.name``...)
    and they are not marked outdated (``de.outdated``: to be translated again), else as it
    is."""
    wording = getattr(entry, language, None) if language in WORDED_LANGUAGES else None
    changes = {} if wording is None or wording.outdated else {
        name: value for name in ("name", "text")
        if (value := getattr(wording, name, "")) and hasattr(entry, name)}
    return attrs.evolve(entry, **changes) if changes else entry
