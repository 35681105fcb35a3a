"""VIP footprint criteria and footprint scoring of the starting tiles (R7, R10.13, R11.3)."""

from __future__ import annotations

from smqt.engine.content import FootprintRule
from smqt.engine.effects import RowFilter
from smqt.engine.features import TAG_INDEX, Feature
from smqt.engine.geometry import BEACH, Space


def matches(rule: FootprintRule, space: Space, feature: Feature) -> bool:
    """Whether a VIP visiting ``space`` leaves a footprint there under ``rule`` (R7.2)."""
    if rule.row is RowFilter.BEACH and space[0] != BEACH:
        return False
    if rule.row is RowFilter.STREET and space[0] == BEACH:
        return False
    if not rule.tags:
        return True
    counts = feature.tag_count
    return any(counts[TAG_INDEX[tag]] for tag in rule.tags)


def points(rule: FootprintRule, feature: Feature) -> int:
    """What one footprint on ``feature`` scores (R10.13)."""
    counts = feature.tag_count
    copies = sum(counts[TAG_INDEX[tag]] for tag in rule.tags)
    return rule.points_per_space + rule.points_per_tag * copies
