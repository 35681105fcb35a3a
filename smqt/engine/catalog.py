"""The loaded content of a pack (what never changes in a game), the one configured cattrs
converter, and loading / saving content packs as TOML.
"""

from __future__ import annotations

import attrs

from smqt.engine.content import (
    FeatureCard,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)


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
    rules: Rules = Rules()

    def with_rules(self, rules: Rules) -> Catalog:
        """The same content under other rules parameters (a replay's stored rules, R12.2)."""
        return attrs.evolve(self, rules=rules)
