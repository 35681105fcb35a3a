"""What a balance search asks for: ``smqt sim --tune TARGET=LOW..HIGH`` (one or a few numbers
of the pack, each over a range of values) and ``--goal MEASURE=VALUE`` (a headline measure of
the report and the value wanted, several weighed with ``@WEIGHT``), with ``--within`` the
tolerance. Each value tried must make a valid pack (the sweep's checks)."""

from __future__ import annotations

import difflib
import itertools
import re

import attrs

from smqt.engine.catalog import Catalog, catalog_entries
from smqt.language.translate import N_, _
from smqt.pack.changes import plain_text
from smqt.sim.plan.sweep import MAX_SWEEP_VALUES, Sweep, SweepError, sweep_catalog, sweep_target_value

__all__ = ["MEASURE_FORMS", "BalanceError", "Goal", "TuneRange", "grid",  # not translated: names
           "parse_goal", "parse_tune", "tuned_catalog"]

MAX_TUNED = 3
"""More numbers at once than this is a grid too large to search by games."""

CARD_RATE = "card pp"  # not translated: the unit key of a card's owners' win rate
RATES = ("pp", CARD_RATE)  # not translated: unit keys
UNITS = {"turns": "turns", "score": "points"}  # not translated: unit keys
"""The measures of the whole game and their units; the others are rates (``pp``)."""
WITHIN = {"turns": 0.5, "points": 1.0, "pp": 0.03, CARD_RATE: 0.05}  # not translated: unit keys
"""The tolerance of a goal unless ``--within`` says: half a turn, a point, 3 percentage points
of a rate, 5 of a card's owners' win rate (which few seats show)."""

BASE_GOAL = "base"  # not translated: the goal value "as in the base game"

MEASURE_FORMS = N_(
    "turns (mean game length), score (mean score), seat.N.win (seat N's win rate, %), "
    "card.ID.win (the card's owners' win rate minus the other cards' owners' mean, in "
    "percentage points), card.ID.pick (its pick rate when offered, %) or action.ID.use (the "
    "share of games it is bought in, %)")


class BalanceError(ValueError):
    """A ``--tune`` or ``--goal`` the search cannot play; the message says what to write."""


@attrs.frozen
class TuneRange:
    """One number of the pack and the values tried for it."""

    target: str
    """As a sweep names it: ``rules.cards_to_end``, ``card.ID.scoring[0].points``."""
    values: tuple[int | float, ...]
    """Every value tried, from low to high."""
    current: int | float
    """Its value in the pack."""


@attrs.frozen
class Goal:
    """A measure and the value wanted of it."""

    measure: str
    """``turns``, ``score``, ``seat.N.win``, ``card.ID.win``, ``card.ID.pick``, ``action.ID.use``."""
    value: float
    """Wanted, in the measure's own scale (rates as fractions)."""
    unit: str
    """``turns``, ``points``, ``pp`` or ``card pp`` (a card's owners against the others')."""
    weight: float = 1.0
    """Its weight against the other goals."""
    within: float = 0.0
    """The tolerance, in the measure's scale."""
    text: str = ""
    """As given on the command line."""
    base: bool = False
    """``turns=base``: the measure against the base game's on the same games (``value`` is 0:
    the difference wanted)."""

    @property
    def rate(self) -> bool:
        return self.unit in RATES


_RANGE = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*\.\.\s*([+-]?\d+(?:\.\d+)?)\s*$")


def parse_tune(text: str, base: Catalog) -> TuneRange:
    """``TARGET=LOW..HIGH`` (whole numbers; a number with decimals takes steps of a tenth);
    BalanceError with a sentence for a target that is not a number of ``base`` (with the closest
    names) or a range the pack's schema forbids."""
    target, sep, spec = text.partition("=")
    target, spec = target.strip(), spec.strip()
    if target.startswith("action."):  # not translated: the short name of a sand dollar action
        target = "sand_dollar_" + target  # not translated: the kind's name in a pack
    found = _RANGE.match(spec)
    if not sep or not target or not found:
        raise BalanceError(_("--tune {text}: write TARGET=LOW..HIGH, such as "
                             "rules.cards_to_end=8..20 or card.tide_pools.scoring[0].points=0..6")
                           .format(text=repr(text)))
    try:
        current = sweep_target_value(base, target)
    except SweepError as exc:
        raise BalanceError(_closest(str(exc), target, base)) from None
    low_text, high_text = found.groups()
    floats = isinstance(current, float)
    if not floats and ("." in low_text or "." in high_text):
        raise BalanceError(_("--tune {target}: {spec} is not a range of whole numbers, and the "
                             "value there takes whole numbers").format(target=target,
                                                                        spec=repr(spec)))
    low, high = (float(low_text), float(high_text)) if floats else (int(low_text),
                                                                    int(high_text))
    if high <= low:
        raise BalanceError(_("--tune {target}: the range {spec} holds one value or none; write "
                             "the smaller value first, such as {low}..{high}").format(
            target=target, spec=repr(spec), low=min(low, high), high=max(low, high) + 1))
    step = 1 if not floats else 0.1
    count = round((high - low) / step) + 1
    if count > MAX_SWEEP_VALUES:
        raise BalanceError(_("--tune {target}: {spec} gives {count} values, more than {most}; "
                             "narrow the range").format(target=target, spec=repr(spec),
                                                        count=count, most=MAX_SWEEP_VALUES))
    values = tuple(low + i if not floats else round(low + i * step, 9) for i in range(count))
    refused = []
    for value in values:
        try:
            sweep_catalog(base, Sweep(target, values), value)
        except SweepError as exc:
            refused.append((value, str(exc)))
    if refused:
        allowed = [v for v in values if v not in dict(refused)]
        value, reason = refused[0]
        if allowed:
            raise BalanceError(_("--tune {target}: the pack's schema forbids {value} ({reason}); "
                                 "the values allowed in that range are {low}..{high}").format(
                target=target, value=plain_text(value), reason=reason,
                low=plain_text(allowed[0]), high=plain_text(allowed[-1])))
        raise BalanceError(_("--tune {target}: the pack's schema forbids every value of {spec} "
                             "({reason})").format(target=target, spec=repr(spec), reason=reason))
    return TuneRange(target, values, current)


def _closest(problem: str, target: str, base: Catalog) -> str:
    """The sweep's sentence about a target that names no number, with the closest names of
    numbers the pack holds."""
    names = number_names(base)
    close = difflib.get_close_matches(target, names, n=3, cutoff=0.5)
    if not close:
        return problem
    return _("{problem}; the closest numbers of the pack: {names}").format(
        problem=problem, names=", ".join(close))


def number_names(base: Catalog) -> list[str]:
    """Every number the pack holds, named as ``--tune`` takes them."""
    from smqt.pack.changes import ENTRY_KINDS, RULES, plain

    names: list[str] = []

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, bool):
            return
        if isinstance(node, (int, float)):
            names.append(prefix)
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}", value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(f"{prefix}[{i}]", value)

    walk(RULES, plain(base.rules))
    for kind in ENTRY_KINDS:
        for entry_id, entry in catalog_entries(base, kind).items():
            walk(f"{kind}.{entry_id}", plain(entry))
    return names


def parse_goal(text: str, base: Catalog, within: float | None = None) -> Goal:
    """``MEASURE=VALUE`` or ``MEASURE=VALUE@WEIGHT``; rates in percent, turns in turns, score in
    points; ``within``: the tolerance in the same units (its default by the measure's unit)."""
    measure, sep, rest = text.partition("=")
    measure, rest = measure.strip(), rest.strip()
    wanted, at, weight_text = rest.partition("@")
    if not sep or not measure or not wanted.strip():
        raise BalanceError(_("--goal {text}: write MEASURE=VALUE, such as turns=27 or "
                             "card.tide_pools.win=0; the measures: {forms}").format(
            text=repr(text), forms=_(MEASURE_FORMS)))
    against = wanted.strip() == BASE_GOAL
    if against and measure not in UNITS:
        raise BalanceError(_("--goal {text}: only turns and score can be compared with the base "
                             "game (turns=base, score=base); give {measure} a number").format(
            text=repr(text), measure=measure))
    try:
        value = 0.0 if against else float(wanted)
        weight = float(weight_text) if at else 1.0
    except ValueError:
        raise BalanceError(_("--goal {text}: {value} is not a number").format(
            text=repr(text), value=repr(weight_text if at else wanted))) from None
    if not weight > 0:
        raise BalanceError(_("--goal {text}: the weight after @ must be more than 0").format(
            text=repr(text)))
    unit = _unit(measure, base)
    if unit in RATES:
        low = -100.0 if unit == CARD_RATE else 0.0
        if not low <= value <= 100:
            raise BalanceError(_("--goal {text}: a rate is a percentage from {low} to 100")
                               .format(text=repr(text), low=f"{low:g}"))
        value /= 100
    scale = 100 if unit in RATES else 1
    tolerance = WITHIN[unit] if within is None else within / scale
    if not tolerance > 0:
        raise BalanceError(_("--within must be more than 0"))
    return Goal(measure, value, unit, weight, tolerance, text, against)


def _unit(measure: str, base: Catalog) -> str:
    if measure in UNITS:
        return UNITS[measure]
    parts = measure.split(".")
    if len(parts) == 3 and parts[0] == "seat" and parts[2] == "win" and parts[1].isdigit() \
            and 1 <= int(parts[1]) <= 4:
        return "pp"
    kinds = {"card": ("cards", ("win", "pick")),  # not translated: measure keys
             "action": ("sand_dollar_actions", ("use",))}  # not translated: measure keys
    if len(parts) == 3 and parts[0] in kinds:
        table, tails = kinds[parts[0]]
        entries = getattr(base, table)
        if parts[2] not in tails:
            raise BalanceError(_("--goal {measure}: the measures of a {kind} are {tails}").format(
                measure=measure, kind=parts[0], tails=", ".join(
                    f"{parts[0]}.{parts[1]}.{t}" for t in tails)))
        if parts[1] not in entries:
            close = difflib.get_close_matches(parts[1], list(entries), n=3)
            extra = _(" (did you mean {close}?)").format(close=", ".join(close)) if close else ""
            raise BalanceError(_("--goal {measure}: the pack has no {kind} {entry}{extra}").format(
                measure=measure, kind=parts[0], entry=repr(parts[1]), extra=extra))
        return CARD_RATE if parts[0] == "card" and parts[2] == "win" else "pp"
    raise BalanceError(_("--goal {measure}: no such measure; the measures: {forms}").format(
        measure=repr(measure), forms=_(MEASURE_FORMS)))


def grid(ranges: list[TuneRange]) -> list[tuple[int | float, ...]]:
    """Every combination of the ranges' values (one value each), in order."""
    if len(ranges) > MAX_TUNED:
        raise BalanceError(_("--tune: at most {most} numbers at once").format(most=MAX_TUNED))
    points = list(itertools.product(*(r.values for r in ranges)))
    if len(points) > MAX_SWEEP_VALUES:
        raise BalanceError(_("--tune: {count} combinations of values, more than {most}; narrow "
                             "the ranges").format(count=len(points), most=MAX_SWEEP_VALUES))
    return points


def tuned_catalog(base: Catalog, ranges: list[TuneRange], point: tuple[int | float, ...]
                  ) -> Catalog:
    """``base`` with each range's target set to its value of ``point``."""
    catalog = base
    for tuned, value in zip(ranges, point, strict=True):
        catalog = sweep_catalog(catalog, Sweep(tuned.target, tuned.values), value)
    return catalog
