"""Equality of reports that counts NaN as equal to NaN (a report holds many: an interval of
too few games, a card never tested), and that tells a tuple from a list."""

from __future__ import annotations

import math

import attrs


def same(a: object, b: object) -> bool:
    """``a`` and ``b`` hold the same values: attrs instances of one class field by field,
    dicts key by key, tuples item by item, numbers by value (NaN equal to NaN)."""
    if attrs.has(type(a)):
        return type(a) is type(b) and all(
            same(getattr(a, field.name), getattr(b, field.name)) for field in attrs.fields(type(a)))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b
