"""Sweeps of one number of a pack: ``smqt sim --sweep TARGET=VALUES`` such as
``rules.cards_to_end=10:14`` or ``card.sunset_lookout.scoring[1].points=1,2,3``; each value
gives a catalog that ``load_pack`` would give (validators and setup checks run)."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable
from typing import Any

import attrs

from smqt.engine.catalog import Catalog, catalog_entries
from smqt.engine.content import Rules
from smqt.pack.convert import converter, structure_problems
from smqt.sim.changes import (
    ENTRY_KINDS,
    RULES,
    catalog_with,
    checked_catalog,
    get_path,
    pack_name,
    parse_path,
    plain,
    plain_text,
    set_path,
)

__all__ = ["MAX_SWEEP_VALUES", "Sweep", "SweepError", "parse_sweep", "sweep_catalog",
           "sweep_target_value"]

MAX_SWEEP_VALUES = 25
"More values than this in one sweep is almost surely a typing mistake (and hours of games)."


class SweepError(ValueError):
    """A ``--sweep`` the program cannot play; the message says what to write instead."""


@attrs.frozen
class Sweep:
    """One number of the pack set to each of several values in turn."""

    target: str
    "``rules.<path>`` or ``<kind>.<entry id>.<path>``, such as ``card.pier_arcade.scoring[0].points``."
    values: tuple[int | float, ...]
    "The values, in the order given."


_SWEEP_FORMS = (
    "rules.<parameter> (rules.cards_to_end, rules.supply.tourist) or "
    "<kind>.<id>.<field path> (card.pier_arcade.scoring[0].points, "
    "objective_tile.orange.wave.table[2])"
)
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_INT = re.compile(r"[+-]?\d+")


def parse_sweep(text: str, base: Catalog) -> Sweep:
    """Read ``TARGET=SPEC``: ``A:B`` (every whole number from A to B), ``A:B:STEP`` or a
    list ``1,2,5``; check that the target is a number of ``base`` and that every value makes
    a valid pack. Raises SweepError with a sentence naming the target and what is wrong."""
    target, sep, spec = text.partition("=")
    target, spec = target.strip(), spec.strip()
    if not sep or not target or not spec:
        raise SweepError(f"a sweep is TARGET=VALUES, such as rules.cards_to_end=10:14 or "
                         f"card.pier_arcade.scoring[0].points=1,2,3; got {text!r}")
    current = sweep_target_value(base, target)
    values = _parse_values(target, spec, isinstance(current, float))
    for value in values:
        sweep_catalog(base, Sweep(target, values), value)
    return Sweep(target, values)


def sweep_target_value(base: Catalog, target: str) -> int | float:
    """The value ``target`` has in ``base``; SweepError when it names no number there."""
    data, _, _, steps = _resolve(base, target)
    value = get_path(data, steps)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SweepError(f"sweep {target}: the value there is {plain_text(value)}, not a "
                         f"number; only a number (a count, points, a cost...) can be swept")
    return value


def sweep_catalog(base: Catalog, sweep: Sweep, value: int | float) -> Catalog:
    """``base`` with ``sweep.target`` set to ``value``. SweepError when the value is refused
    (a field's validator, or a pack that would not set up a game)."""
    data, rebuild, shown, steps = _resolve(base, sweep.target)
    current = get_path(data, steps)
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise SweepError(f"sweep {sweep.target}: the value there is {plain_text(current)}, "
                         f"not a number")
    if isinstance(current, int) and not (isinstance(value, int) and not isinstance(value, bool)):
        raise SweepError(f"sweep {sweep.target}: {value!r} is not a whole number, and "
                         f"{shown} takes whole numbers")
    set_path(data, steps, value)
    try:
        catalog = rebuild(data)
    except Exception as exc:  # cattrs wraps the validators' ValueErrors in its own groups
        problems = "; ".join(f"{path}: {problem}" if path else problem
                             for path, problem in structure_problems(exc))
        raise SweepError(f"sweep {sweep.target}: {value} is not allowed there ({problems})") \
            from None
    name = pack_name(base.identity.name, [f"{sweep.target} = {value}"])
    return checked_catalog(catalog, name, base.identity.version, lambda problems: SweepError(
        f"sweep {sweep.target}: with {value} the pack would not set up a game ({problems})"))


def _resolve(
    base: Catalog, target: str
) -> tuple[dict[str, Any], Callable[[dict[str, Any]], Catalog], str, list[str | int]]:
    """(plain data holding the target, data -> catalog with it, the thing's name for
    messages, the path inside the data)."""
    head, _, rest = target.partition(".")
    if head == RULES:
        steps = _target_path(target, rest)
        data = plain(base.rules)
        _check_path(target, data, steps, "the rules table")
        return (data, lambda d: attrs.evolve(base, rules=converter.structure(d, Rules)),
                "the rules table", steps)
    if head not in ENTRY_KINDS:
        raise SweepError(f"sweep {target}: unknown target {head!r}; write {_SWEEP_FORMS}")
    entry_id, _, rest = rest.partition(".")
    entries = catalog_entries(base, head)
    if entry_id not in entries:
        close = difflib.get_close_matches(entry_id, list(entries), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise SweepError(f"sweep {target}: no {head.replace('_', ' ')} {entry_id!r} in the "
                         f"pack {base.identity.name!r}{hint}")
    steps = _target_path(target, rest)
    entry = entries[entry_id]
    data = plain(entry)
    shown = f"{head.replace('_', ' ')} {entry_id}"
    _check_path(target, data, steps, shown)

    def rebuild(d: dict[str, Any]) -> Catalog:
        new = converter.structure(d, type(entry))
        return catalog_with(base, {head: {**entries, entry_id: new}}, base.rules)

    return data, rebuild, shown, steps


def _target_path(target: str, rest: str) -> list[str | int]:
    if not rest:
        raise SweepError(f"sweep {target}: name a number inside it; write {_SWEEP_FORMS}")
    try:
        return parse_path(rest)
    except ValueError:
        raise SweepError(f"sweep {target}: cannot read the path {rest!r}; write keys with dots "
                         f"and list positions in brackets, such as scoring[0].points") from None


def _check_path(target: str, data: Any, steps: list[str | int], shown: str) -> None:
    node = data
    done = ""
    for step in steps:
        where = f"{shown} {done}" if done else shown
        if isinstance(step, str):
            if not isinstance(node, dict):
                raise SweepError(f"sweep {target}: {where} is {plain_text(node)}, not a table "
                                 f"with a key {step!r}")
            if step not in node:
                keys = ", ".join(node) or "none"
                raise SweepError(f"sweep {target}: {where} has no key {step!r} "
                                 f"(its keys: {keys})")
            node = node[step]
            done = f"{done}.{step}" if done else step
        else:
            if not isinstance(node, list):
                raise SweepError(f"sweep {target}: {where} is {plain_text(node)}, not a list")
            if step >= len(node):
                raise SweepError(f"sweep {target}: {where} has {len(node)} "
                                 f"value{'s' if len(node) != 1 else ''}, so no [{step}] "
                                 f"(positions count from 0)")
            node = node[step]
            done = f"{done}[{step}]"


def _parse_values(target: str, spec: str, floats: bool) -> tuple[int | float, ...]:
    kind = "numbers" if floats else "whole numbers"

    def number(text: str) -> int | float:
        text = text.strip()
        if _INT.fullmatch(text):
            return int(text)
        if _NUMBER.fullmatch(text):
            if floats:
                return float(text)
            raise SweepError(f"sweep {target}: {text!r} is not a whole number, and the value "
                             f"there takes whole numbers")
        raise SweepError(f"sweep {target}: {text!r} is not a number; the values are {kind} "
                         f"such as 10:14, 10:20:2 or 1,2,5")

    if ":" in spec:
        parts = spec.split(":")
        if len(parts) not in (2, 3):
            raise SweepError(f"sweep {target}: {spec!r} is no range; write A:B or A:B:STEP")
        start, stop = number(parts[0]), number(parts[1])
        step = number(parts[2]) if len(parts) == 3 else 1
        if step <= 0:
            raise SweepError(f"sweep {target}: the step in {spec!r} must be more than 0")
        if stop < start:
            raise SweepError(f"sweep {target}: the range {spec!r} is empty; write the smaller "
                             f"value first ({parts[1]}:{parts[0]})")
        count = math.floor((stop - start) / step + 1e-9) + 1
        if count > MAX_SWEEP_VALUES:
            raise SweepError(f"sweep {target}: {spec!r} gives {count} values, more than "
                             f"{MAX_SWEEP_VALUES}; use a larger step or a shorter range")
        values: list[int | float] = [
            start + i * step if isinstance(start + step, int) else round(start + i * step, 9)
            for i in range(count)
        ]
    else:
        parts = spec.split(",")
        if any(not part.strip() for part in parts):
            raise SweepError(f"sweep {target}: {spec!r} has an empty value; write a list such "
                             f"as 1,2,5")
        values = [number(part) for part in parts]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise SweepError(f"sweep {target}: {spec!r} lists {plain_text(twice[0])} more than "
                             f"once")
        if len(values) > MAX_SWEEP_VALUES:
            raise SweepError(f"sweep {target}: {len(values)} values, more than "
                             f"{MAX_SWEEP_VALUES}; sweep fewer at a time")
    return tuple(values)


# --------------------------------------------------------------------------- pack files
