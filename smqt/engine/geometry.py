"""Spaces of a city and their text form (R0.1-R0.3).

A space is ``(row, column)`` with row 0 = beach (top) and row 1 = street (bottom). Column 0
holds the starting tile: ``(0, 0)`` is its upper half, ``(1, 0)`` its lower half.
"""

from __future__ import annotations

from smqt.language.translate import _

BEACH = 0
STREET = 1
ROW_NAMES = ("beach", "street")
Space = tuple[int, int]
TILE_UPPER: Space = (BEACH, 0)
TILE_LOWER: Space = (STREET, 0)


def space_str(space: Space) -> str:
    """``(1, -2)`` -> ``"street:-2"``."""
    return f"{ROW_NAMES[space[0]]}:{space[1]}"


def parse_space(text: str) -> Space:
    """``"beach:-2"`` -> ``(0, -2)``; raises ValueError for anything else."""
    row_name, sep, col_text = text.strip().partition(":")
    if not sep or row_name not in ROW_NAMES:
        raise ValueError(_("not a space: {text} (expected beach:N or street:N)").format(
            text=repr(text)))
    try:
        column = int(col_text)
    except ValueError:
        raise ValueError(_("not a space: {text} (column must be a whole number)").format(
            text=repr(text))) from None
    return (ROW_NAMES.index(row_name), column)


def neighbours(space: Space) -> tuple[Space, Space, Space]:
    """The three spaces sharing a side with ``space`` (filled or not): left, right, other row."""
    row, col = space
    return ((row, col - 1), (row, col + 1), (1 - row, col))


def city_order_key(space: Space) -> tuple[int, int]:
    """Beach left to right, then street left to right (R10 scorepad order)."""
    return space
