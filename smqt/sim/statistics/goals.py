"""The balance search's statistics: each goal's measure over the games of one value tried,
with its 95% interval, and which values the intervals rule out.

A value is ruled out when one of its goals' intervals lies wholly outside the goal's
tolerance (too high, or too low), or when, over the goals weighed, even its best case misses by
more than another value's worst case. The search is clear when every value left has each
goal's interval inside the tolerance: the value proposed is the one nearest the goals, the
others left do as well within the tolerance."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.stats import paired_difference, proportion_difference, summarise, wilson

KEPT = "kept"  # not translated: a value's status (a report key)
TOO_HIGH = "too high"  # not translated: a value's status (a report key)
TOO_LOW = "too low"  # not translated: a value's status (a report key)
WORSE = "worse"  # not translated: a value's status (a report key)


@attrs.frozen
class GoalFigure:
    """One goal's measure over the games of one value."""

    measure: str
    """The goal's measure, as given."""
    estimate: float
    """Its value (rates as fractions; NaN when not measured)."""
    low: float
    """The 95% interval's lower end."""
    high: float
    """Its upper end."""
    seen: int
    """What the measure counts: games, seats that owned the card, offers of it."""


@attrs.frozen
class TriedValue:
    """One value (a value of each number tuned) and what its games showed."""

    values: tuple[float, ...]
    """The value of each number tuned, in the order of ``--tune``."""
    games: int
    """Its games, each played on the same seeds as every other value's."""
    figures: tuple[GoalFigure, ...]
    """Each goal's measure, in the order of ``--goal``."""
    status: str
    """``kept``, ``too high``, ``too low`` or ``worse``."""
    why: str
    """Why it was ruled out, in the language of the run (empty when kept)."""
    best: tuple[float, float]
    """The weighed miss of the goals at best and at worst within the intervals (in
    tolerances)."""


def measure(key: str, results: Sequence[GameResult]) -> GoalFigure:
    """The measure ``key`` (``turns``, ``score``, ``seat.N.win``, ``card.ID.win``,
    ``card.ID.pick``, ``action.ID.use``) over ``results`` with its 95% interval."""
    nan = float("nan")
    parts = key.split(".")
    if key in ("turns", "score"):  # not translated: measure keys
        values = [game_value(key, r) for r in results]
        summary = summarise(values)
        return GoalFigure(key, summary.mean, summary.low, summary.high, len(values))
    if parts[0] == "seat":
        seat = int(parts[1]) - 1
        played = [r for r in results if seat < len(r.seats)]
        p = wilson(sum(r.win_share(seat) for r in played), len(played))
        return GoalFigure(key, p.rate, p.low, p.high, len(played))
    if parts[0] == "action":
        used = sum(any(s.buys.get(parts[1], 0) for s in r.seats) for r in results)
        p = wilson(used, len(results))
        return GoalFigure(key, p.rate, p.low, p.high, len(results))
    card = parts[1]
    if parts[2] == "pick":
        offered = sum(r.offered.get(card, 0) for r in results)
        picked = sum(r.picked.get(card, 0) for r in results)
        p = wilson(picked, offered)
        return GoalFigure(key, p.rate, p.low, p.high, offered)
    mine: list[float] = []
    others: list[float] = []
    for r in results:
        for s in r.seats:
            share = r.win_share(s.seat)
            mine += [share] * (card in s.cards)
            others += [share] * sum(c != card for c in s.cards)
    if not mine or not others:
        return GoalFigure(key, nan, nan, nan, len(mine))
    d = proportion_difference(wilson(sum(mine), len(mine)), wilson(sum(others), len(others)))
    return GoalFigure(key, d.estimate, d.low, d.high, len(mine))


def game_value(key: str, result: GameResult) -> float:
    """A whole-game measure (``turns``, ``score``) of one game."""
    if key == "turns":  # not translated: a measure key
        return float(result.turns)
    return sum(s.score for s in result.seats) / len(result.seats)


def against_base(key: str, results: Sequence[GameResult], base: Sequence[GameResult]
                 ) -> GoalFigure:
    """``turns`` or ``score`` over ``results`` minus the base game's over the same games (the
    same seeds, seats and bots), game by game, with its 95% interval; the games both played."""
    nan = float("nan")
    theirs = {(r.spec.players, r.spec.index): r for r in base}
    pairs = [(game_value(key, r), game_value(key, theirs[(r.spec.players, r.spec.index)]))
             for r in results if (r.spec.players, r.spec.index) in theirs]
    shown_as = f"{key} \u2212 base"  # not translated: a measure's name, "turns − base"
    if not pairs:
        return GoalFigure(shown_as, nan, nan, nan, 0)
    d = paired_difference([a for a, _b in pairs], [b for _a, b in pairs])
    return GoalFigure(shown_as, d.estimate, d.low, d.high, len(pairs))


def misses(figure: GoalFigure, wanted: float, within: float) -> tuple[float, float]:
    """How far the goal is missed, at best and at worst within the interval, in tolerances."""
    if figure.low != figure.low:
        return float("inf"), float("inf")
    least = max(0.0, figure.low - wanted, wanted - figure.high)
    most = max(abs(figure.low - wanted), abs(figure.high - wanted))
    return least / within, most / within


def settled(figure: GoalFigure, wanted: float, within: float) -> bool:
    """The whole interval inside the goal's tolerance."""
    return misses(figure, wanted, within)[1] <= 1.0


def shown(value: float, unit: str) -> str:
    """A goal's figure as a person reads it: rates in percent, turns and points with a
    decimal."""
    from smqt.language.formats import fixed, with_percent
    from smqt.language.translate import _

    if value != value:
        return _("n/a")
    if unit == "card pp":  # not translated: a unit key
        return _("{value} pp").format(value=fixed(100 * value, "+.1f"))
    if unit == "pp":  # not translated: a unit key
        return with_percent(fixed(100 * value, ".1f"))
    return fixed(value, ".1f")


Wanted = tuple[float, float, float, str]
"""A goal as the judgement needs it: (value wanted, tolerance, weight, unit)."""


def judge(tried: Sequence[tuple[tuple[float, ...], int, tuple[GoalFigure, ...]]],
          goals: Sequence[Wanted], names: Sequence[str]) -> list[TriedValue]:
    """Each value tried (its values, games and figures) with its status: ruled out as too high
    or too low (a goal's interval wholly outside its tolerance, while some value is not), or
    as worse than another value (its least weighed miss above that value's most); ``names``:
    the numbers tuned, for the sentences."""
    from smqt.language.translate import _

    weighed = []
    for _values, _games, figures in tried:
        low = high = 0.0
        for figure, (wanted, within, weight, _unit) in zip(figures, goals, strict=True):
            least, most = misses(figure, wanted, within)
            low, high = low + weight * least, high + weight * most
        weighed.append((low, high))
    outside = [_outside(figures, goals) for _values, _games, figures in tried]
    reachable = any(not side for side in outside)
    best_high = min((high for _low, high in weighed), default=float("inf"))
    best_at = next((i for i, (_low, high) in enumerate(weighed) if high == best_high), 0)
    judged = []
    for i, (values, games, figures) in enumerate(tried):
        status, why = KEPT, ""
        side = outside[i]
        if side and reachable:
            _k, figure, (wanted, within, _weight, unit) = side
            status = TOO_HIGH if figure.estimate > wanted else TOO_LOW
            text = (_("{measure} {value} [{low}, {high}], above {wanted} + {within}")
                    if status == TOO_HIGH else
                    _("{measure} {value} [{low}, {high}], below {wanted} - {within}"))
            why = text.format(measure=figure.measure, value=shown(figure.estimate, unit),
                              low=shown(figure.low, unit), high=shown(figure.high, unit),
                              wanted=shown(wanted, unit), within=tolerance_words(within, unit))
        elif weighed[i][0] > best_high:
            status = WORSE
            why = _("misses the goals by more than {other} at worst").format(
                other=point_words(names, tried[best_at][0]))
        judged.append(TriedValue(tuple(values), games, figures, status, why, weighed[i]))
    return judged


def _outside(figures: Sequence[GoalFigure], goals: Sequence[Wanted]
             ) -> tuple[int, GoalFigure, Wanted] | tuple[()]:
    """The first goal whose interval lies wholly outside its tolerance, or ()."""
    for k, (figure, goal) in enumerate(zip(figures, goals, strict=True)):
        if misses(figure, goal[0], goal[1])[0] > 1.0:
            return k, figure, goal
    return ()


def tolerance_words(within: float, unit: str) -> str:
    """A goal's tolerance: percentage points for a rate."""
    rate = unit in ("pp", "card pp")  # not translated: unit keys
    return shown(within, "card pp").lstrip("+") if rate else shown(  # not translated: a unit key
        within, unit)


def point_words(names: Sequence[str], values: Sequence[float]) -> str:
    """``rules.cards_to_end = 14`` (and the others tuned, comma-separated)."""
    return ", ".join(f"{name} = {value:g}" for name, value in zip(names, values, strict=True))


CLEAR = "clear"  # not translated: why a search stopped (a report key)
BUDGET = "budget"  # not translated: why a search stopped (a report key)
CANCELLED = "cancelled"  # not translated: why a search stopped (a report key)
BETWEEN = "between"  # not translated: why a search stopped (a report key)
UNREACHABLE = "unreachable"  # not translated: why a search stopped (a report key)


@attrs.frozen
class Balance:
    """A balance search (``smqt sim --tune``): every value tried, and the value proposed."""

    targets: tuple[str, ...]
    """The numbers tuned, as ``--tune`` names them."""
    goals: tuple[str, ...]
    """The goals as given: ``turns=27``, ``card.tide_pools.win=0@2``."""
    units: tuple[str, ...]
    """Each goal's unit: ``turns``, ``points``, ``pp`` or ``card pp``."""
    wanted: tuple[float, ...]
    """Each goal's value (rates as fractions)."""
    within: tuple[float, ...]
    """Each goal's tolerance (rates as fractions)."""
    tried: tuple[TriedValue, ...]
    """Every value of the ranges, in order, with its games and figures."""
    proposed: tuple[float, ...] | None
    """The value proposed (one per number tuned); None when no game was played."""
    also: tuple[tuple[float, ...], ...]
    """The other values not ruled out."""
    stop: str
    """``clear``, ``budget``, ``cancelled``, ``between`` or ``unreachable``."""
    sentence: str
    """The outcome in words, in the language of the run."""
    games: int
    """Games the search played, over every value."""
    sweep_games: int
    """Games a plain sweep of every value would play for the proposed value's precision."""
    reference: str = ""
    """For a goal against the base game (``turns=base``): the base game's figures in words."""
