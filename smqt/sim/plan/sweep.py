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
from smqt.language.translate import N_, _, ngettext
from smqt.pack.changes import (
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
from smqt.pack.convert import converter, structure_problems

__all__ = ["MAX_SWEEP_VALUES", "Sweep", "SweepError", "parse_sweep",  # not translated: names
           "sweep_catalog", "sweep_target_value"]

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


_SWEEP_FORMS = N_(
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
        raise SweepError(_("a sweep is TARGET=VALUES, such as rules.cards_to_end=10:14 or "
                           "card.pier_arcade.scoring[0].points=1,2,3; got {text}").format(
                               text=repr(text)))
    current = sweep_target_value(base, target)
    values = _parse_values(target, spec, isinstance(current, float))
    for value in values:
        sweep_catalog(base, Sweep(target, values), value)
    return Sweep(target, values)


def sweep_target_value(base: Catalog, target: str) -> int | float:
    """The value ``target`` has in ``base``; SweepError when it names no number there."""
    data, _rebuild, _shown, steps = _resolve(base, target)
    value = get_path(data, steps)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SweepError(_("sweep {target}: the value there is {value}, not a number; only a "
                           "number (a count, points, a cost...) can be swept").format(
                               target=target, value=plain_text(value)))
    return value


def sweep_catalog(base: Catalog, sweep: Sweep, value: int | float) -> Catalog:
    """``base`` with ``sweep.target`` set to ``value``. SweepError when the value is refused
    (a field's validator, or a pack that would not set up a game)."""
    data, rebuild, shown, steps = _resolve(base, sweep.target)
    current = get_path(data, steps)
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        raise SweepError(_("sweep {target}: the value there is {value}, not a number").format(
            target=sweep.target, value=plain_text(current)))
    if isinstance(current, int) and not (isinstance(value, int) and not isinstance(value, bool)):
        raise SweepError(_("sweep {target}: {value} is not a whole number, and {where} takes "
                           "whole numbers").format(target=sweep.target, value=repr(value),
                                                   where=shown))
    set_path(data, steps, value)
    try:
        catalog = rebuild(data)
    except Exception as exc:  # cattrs wraps the validators' ValueErrors in its own groups
        problems = "; ".join(f"{path}: {problem}" if path else problem
                             for path, problem in structure_problems(exc))
        raise SweepError(_("sweep {target}: {value} is not allowed there ({problems})").format(
            target=sweep.target, value=value, problems=problems)) from None
    name = pack_name(base.identity.name, [f"{sweep.target} = {value}"])
    return checked_catalog(catalog, name, base.identity.version, lambda problems: SweepError(
        _("sweep {target}: with {value} the pack would not set up a game ({problems})").format(
            target=sweep.target, value=value, problems=problems)))


def _resolve(
    base: Catalog, target: str
) -> tuple[dict[str, Any], Callable[[dict[str, Any]], Catalog], str, list[str | int]]:
    """(plain data holding the target, data -> catalog with it, the thing's name for
    messages, the path inside the data)."""
    head, _dot, rest = target.partition(".")
    if head == RULES:
        steps = _target_path(target, rest)
        data = plain(base.rules)
        table = _("the rules table")
        _check_path(target, data, steps, table)
        return (data, lambda d: attrs.evolve(base, rules=converter.structure(d, Rules)),
                table, steps)
    if head not in ENTRY_KINDS:
        raise SweepError(_("sweep {target}: unknown target {head}; write {forms}").format(
            target=target, head=repr(head), forms=_(_SWEEP_FORMS)))
    entry_id, _dot, rest = rest.partition(".")
    entries = catalog_entries(base, head)
    if entry_id not in entries:
        close = difflib.get_close_matches(entry_id, list(entries), n=3)
        kind = head.replace("_", " ")
        if close:
            raise SweepError(_("sweep {target}: no {kind} {entry} in the pack {pack} (did you "
                               "mean {close}?)").format(
                target=target, kind=kind, entry=repr(entry_id),
                pack=repr(base.identity.name), close=", ".join(close)))
        raise SweepError(_("sweep {target}: no {kind} {entry} in the pack {pack}").format(
            target=target, kind=kind, entry=repr(entry_id), pack=repr(base.identity.name)))
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
        raise SweepError(_("sweep {target}: name a number inside it; write {forms}").format(
            target=target, forms=_(_SWEEP_FORMS)))
    try:
        return parse_path(rest)
    except ValueError:
        raise SweepError(_("sweep {target}: cannot read the path {path}; write keys with dots "
                           "and list positions in brackets, such as scoring[0].points").format(
                               target=target, path=repr(rest))) from None


def _check_path(target: str, data: Any, steps: list[str | int], shown: str) -> None:
    node = data
    done = ""
    for step in steps:
        where = f"{shown} {done}" if done else shown
        if isinstance(step, str):
            if not isinstance(node, dict):
                raise SweepError(_("sweep {target}: {where} is {value}, not a table with a key "
                                   "{key}").format(target=target, where=where,
                                                   value=plain_text(node), key=repr(step)))
            if step not in node:
                keys = ", ".join(node) or _("none")
                raise SweepError(_("sweep {target}: {where} has no key {key} (its keys: "
                                   "{keys})").format(target=target, where=where, key=repr(step),
                                                     keys=keys))
            node = node[step]
            done = f"{done}.{step}" if done else step
        else:
            if not isinstance(node, list):
                raise SweepError(_("sweep {target}: {where} is {value}, not a list").format(
                    target=target, where=where, value=plain_text(node)))
            if step >= len(node):
                raise SweepError(ngettext(
                    "sweep {target}: {where} has {count} value, so no [{step}] (positions "
                    "count from 0)",
                    "sweep {target}: {where} has {count} values, so no [{step}] (positions "
                    "count from 0)", len(node)).format(target=target, where=where,
                                                       count=len(node), step=step))
            node = node[step]
            done = f"{done}[{step}]"


def _parse_values(target: str, spec: str, floats: bool) -> tuple[int | float, ...]:
    def number(text: str) -> int | float:
        text = text.strip()
        if _INT.fullmatch(text):
            return int(text)
        if _NUMBER.fullmatch(text):
            if floats:
                return float(text)
            raise SweepError(_("sweep {target}: {text} is not a whole number, and the value "
                               "there takes whole numbers").format(target=target,
                                                                   text=repr(text)))
        if floats:
            raise SweepError(_("sweep {target}: {text} is not a number; the values are numbers "
                               "such as 10:14, 10:20:2 or 1,2,5").format(target=target,
                                                                         text=repr(text)))
        raise SweepError(_("sweep {target}: {text} is not a number; the values are whole "
                           "numbers such as 10:14, 10:20:2 or 1,2,5").format(target=target,
                                                                             text=repr(text)))

    if ":" in spec:
        parts = spec.split(":")
        if len(parts) not in (2, 3):
            raise SweepError(_("sweep {target}: {spec} is no range; write A:B or A:B:STEP")
                             .format(target=target, spec=repr(spec)))
        start, stop = number(parts[0]), number(parts[1])
        step = number(parts[2]) if len(parts) == 3 else 1
        if step <= 0:
            raise SweepError(_("sweep {target}: the step in {spec} must be more than 0").format(
                target=target, spec=repr(spec)))
        if stop < start:
            raise SweepError(_("sweep {target}: the range {spec} is empty; write the smaller "
                               "value first ({swapped})").format(
                                   target=target, spec=repr(spec),
                                   swapped=f"{parts[1]}:{parts[0]}"))
        count = math.floor((stop - start) / step + 1e-9) + 1
        if count > MAX_SWEEP_VALUES:
            raise SweepError(_("sweep {target}: {spec} gives {count} values, more than "
                               "{most}; use a larger step or a shorter range").format(
                                   target=target, spec=repr(spec), count=count,
                                   most=MAX_SWEEP_VALUES))
        values: list[int | float] = [
            start + i * step if isinstance(start + step, int) else round(start + i * step, 9)
            for i in range(count)
        ]
    else:
        parts = spec.split(",")
        if any(not part.strip() for part in parts):
            raise SweepError(_("sweep {target}: {spec} has an empty value; write a list such "
                               "as 1,2,5").format(target=target, spec=repr(spec)))
        values = [number(part) for part in parts]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise SweepError(_("sweep {target}: {spec} lists {value} more than once").format(
                target=target, spec=repr(spec), value=plain_text(twice[0])))
        if len(values) > MAX_SWEEP_VALUES:
            raise SweepError(_("sweep {target}: {count} values, more than {most}; sweep fewer "
                               "at a time").format(target=target, count=len(values),
                                                   most=MAX_SWEEP_VALUES))
    return tuple(values)


# --------------------------------------------------------------------------- pack files
