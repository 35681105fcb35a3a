"""Writing one value into nested TOML tables so that the write can be undone exactly, even when
the tables hold mistakes: a table that is missing, or a value of the wrong type where a table
should be, is written whole one level up; a key that is dropped takes any table it leaves
empty with it; a key put back returns to its old place among its siblings (so that a saved
file does not reorder). Qt-free."""

from __future__ import annotations

import copy
from typing import Any

import attrs

from smqt.language.translate import _

Path_ = tuple[str | int, ...]
"""A place inside a table: ``("scoring", 0, "points")``."""


class PlaceError(ValueError):
    """No value can be written there (a list index past the end, a key into a list)."""


@attrs.frozen
class Write:
    path: Path_
    old: Any
    "What is there now (None: nothing)."
    new: Any
    "What goes there (None: the key is dropped)."
    position: int | None
    "The key's place among its siblings, when the key is there now."


def get(root: Any, path: Path_) -> Any:
    """The value at ``path``, or None where there is none."""
    for step in path:
        if isinstance(root, dict) and isinstance(step, str):
            root = root.get(step)
        elif isinstance(root, list) and isinstance(step, int) and 0 <= step < len(root):
            root = root[step]
        else:
            return None
    return root


def _position(root: Any, path: Path_) -> int | None:
    parent = get(root, path[:-1])
    if isinstance(parent, dict) and path[-1] in parent:
        return list(parent).index(path[-1])
    return None


def _build(path: Path_, value: Any) -> Any:
    for step in reversed(path):
        if not isinstance(step, str):
            raise PlaceError(_("no list item {number} to write into").format(number=step))
        value = {step: value}
    return value


def plan(root: dict[str, Any], path: Path_, value: Any) -> Write:
    """How to make ``path`` hold ``value`` (None: drop it) with one undoable write."""
    path = tuple(path)
    if not path:
        raise PlaceError(_("an empty place"))
    if value is None:
        while len(path) > 1:  # a table left empty goes too
            parent = get(root, path[:-1])
            if isinstance(parent, dict) and set(parent) <= {path[-1]}:
                path = path[:-1]
            else:
                break
        return Write(path, copy.deepcopy(get(root, path)), None, _position(root, path))
    container: Any = root
    for depth, step in enumerate(path):
        here = path[: depth + 1]
        if isinstance(container, dict) and isinstance(step, str):
            if depth == len(path) - 1 or step not in container:
                return Write(here, copy.deepcopy(container.get(step)),
                             _build(path[depth + 1:], copy.deepcopy(value)),
                             _position(root, here))
            following = container[step]
            wanted = path[depth + 1]
            if isinstance(wanted, str) and not isinstance(following, dict):
                return Write(here, copy.deepcopy(following),
                             _build(path[depth + 1:], copy.deepcopy(value)),
                             _position(root, here))
        elif isinstance(container, list) and isinstance(step, int) and 0 <= step < len(container):
            following = container[step]
            if depth == len(path) - 1:
                return Write(here, copy.deepcopy(following), copy.deepcopy(value), None)
            wanted = path[depth + 1]
            if isinstance(wanted, str) and not isinstance(following, dict):
                return Write(here, copy.deepcopy(following),
                             _build(path[depth + 1:], copy.deepcopy(value)), None)
        else:
            raise PlaceError(_("nothing at {place} to write into").format(
                place=".".join(str(p) for p in here)))
        container = following
    # the loop always returns
    raise PlaceError("unreachable")  # pragma: no cover  # not translated: never happens


def put(root: dict[str, Any], path: Path_, value: Any, position: int | None = None) -> None:
    """Write a planned value (None: drop the key); ``position`` puts a key back in place."""
    *head, last = path
    container: Any = root
    for step in head:
        container = container[step]
    if isinstance(container, list):
        if value is None or not isinstance(last, int) or not 0 <= last < len(container):
            raise PlaceError(_("list item {number} cannot be written").format(number=last))
        container[last] = copy.deepcopy(value)
        return
    if value is None:
        container.pop(last, None)
    elif last in container or position is None or position >= len(container):
        container[last] = copy.deepcopy(value)
    else:
        items = list(container.items())
        items.insert(position, (last, copy.deepcopy(value)))
        container.clear()
        container.update(items)
