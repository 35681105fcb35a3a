"""The balance search, ``smqt sim --tune TARGET=LOW..HIGH --goal MEASURE=VALUE``: the number
proposed, not only the verdict.

Every value of the range plays the same games (seeds, seats and bots: common random numbers,
so values differ by the value alone). Each round doubles the games of the values still in the
running (successive elimination); a value whose interval rules it out (``statistics.goals``)
plays no more. The search
stops when every value left is inside the goals' tolerance (clear), when ``--max-games`` games
(over every value) are spent, or at Ctrl+C, and says which. The report's own figures (its base
side) are the pack at the value proposed; ``Report.balance`` holds every value tried.

``find_balanced_value`` is the same search for a program (the editor): a pack folder, the
target, its range and the goal in, a ``BalanceOutcome`` out, with progress and a cancel flag.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TextIO

import attrs

from smqt.ai.protocol import level_words
from smqt.language.translate import _, ngettext
from smqt.pack.packsource import PackSource, load_source
from smqt.sim.plan.balance import BalanceError, Goal, TuneRange, grid, parse_goal, parse_tune, tuned_catalog
from smqt.sim.plan.sides import Side, generated, specs
from smqt.sim.report.build import build_report
from smqt.sim.report.model import Meta, Report
from smqt.sim.run.playgame import GameResult
from smqt.sim.run.runner import (
    ClusterExecutor,
    ProgressBar,
    SimCancelled,
    both_told,
    default_jobs,
    run_batches,
)
from smqt.sim.run.task import make_batches
from smqt.sim.statistics.anchored import anchored, games_wanted, moved
from smqt.sim.statistics.goals import (
    BETWEEN,
    BUDGET,
    CANCELLED,
    CLEAR,
    KEPT,
    UNREACHABLE,
    Balance,
    TriedValue,
    against_base,
    judge,
    measure,
    misses,
    point_words,
    settled,
    shown,
    tolerance_words,
)
from smqt.sim.statistics.verdicts import FDR, precisions

REFERENCE = "reference"  # not translated: the side key of the base game's games

MAX_ROUNDS = 10
"""The games of the values left double at most this many times."""


@attrs.frozen
class BalanceRequest:
    """What ``--tune``, ``--goal`` and ``--within`` ask, read against the pack."""

    ranges: tuple[TuneRange, ...]
    goals: tuple[Goal, ...]
    points: tuple[tuple[int | float, ...], ...]
    """Every combination of values tried."""


def read_request(tune: Sequence[str], goal: Sequence[str], within: float | None,
                 source: PackSource) -> BalanceRequest:
    """The search asked for; BalanceError with a sentence for bad input."""
    catalog = load_source(source)
    if not goal:
        raise BalanceError(_("--tune needs a --goal: what the number should make true, such as "
                             "--goal turns=27 or --goal card.tide_pools.win=0"))
    ranges = [parse_tune(text, catalog) for text in tune]
    twice = {r.target for r in ranges if [s.target for s in ranges].count(r.target) > 1}
    if twice:
        raise BalanceError(_("--tune {target} is given twice").format(target=sorted(twice)[0]))
    goals = [parse_goal(text, catalog, within) for text in goal]
    return BalanceRequest(tuple(ranges), tuple(goals), tuple(grid(ranges)))


def play_balance(options: object, source: PackSource, counts: list[int], lineup: list[str],
                 executor: Executor, err: TextIO, cancelled: Callable[[], bool] | None,
                 progress: Callable[[int, int], None] | None = None,
                 rounds_told: Callable[[int, str], None] | None = None
                 ) -> tuple[Report, list[Side], dict[str, list[GameResult]]]:
    """Search, and the report of the search (``options``: the run's ``SimOptions``); raises
    BalanceError for a goal the games cannot measure. ``rounds_told(round, status)`` hears
    after each round the best value so far with its interval and the values left (the line
    ``err`` gets)."""
    request = read_request(options.tune, options.goal, options.within, source)  # type: ignore[attr-defined]
    catalog = load_source(source)
    names = [r.target for r in request.ranges]
    current = tuple(r.current for r in request.ranges)
    packs = [source if point == current else generated(
        tuned_catalog(catalog, list(request.ranges), point),
        f"{source.name} {point_words(names, point)}", source.version,
        f"{source.name} {source.version} with {point_words(names, point)}")  # not translated: pack.toml
        for point in request.points]
    labels = [f"tune-{i}" for i in range(len(packs))]  # not translated: side keys
    games: list[list[GameResult]] = [[] for _p in packs]
    played = [0] * len(packs)
    reference = source.root() if any(g.base for g in request.goals) else None
    ref_games: list[GameResult] = []
    ref_played = 0
    goals = [(g.value, g.within, g.weight, g.unit) for g in request.goals]
    workers = (executor.workers() if isinstance(executor, ClusterExecutor)
               else getattr(options, "jobs", None) or default_jobs())
    seed, first, most = options.seed, options.games, options.max_games  # type: ignore[attr-defined]
    stop, rounds = BUDGET, 0
    status = ""
    while rounds < MAX_ROUNDS:
        judged = _judge(request, games, played, goals, names, ref_games)
        if rounds == 1:
            _check_depends(request, games, names)
        left = sorted((i for i, t in enumerate(judged) if t.status == KEPT),
                      key=lambda i: (_distance(judged[i], goals), i))
        if rounds and left and _settled(judged[left[0]], goals):
            stop = CLEAR
            break
        if rounds and _unreachable(judged, goals) is not None:
            stop = UNREACHABLE
            break
        if rounds and len(left) == 1 and _outside_all(judged[left[0]], goals):
            stop = BETWEEN
            break
        going = [i for i in left if not _settled(judged[i], goals)] or left[:1]
        room = most - sum(played) - ref_played
        target = _targets(request, games, played, going, first if not rounds else 0)
        if _cost(target, played, ref_played, reference) > room:
            share = room // (len(target) + (reference is not None)) if target else 0
            if share < 1:
                stop = BUDGET
                break
            target = {i: played[i] + share for i in target}
        ref_target = max([ref_played, *target.values()]) if reference is not None else 0
        batches = []  # the base game's first: a value is measured against it
        if reference is not None and ref_target > ref_played:
            batches += make_batches(reference, REFERENCE, specs(
                counts, lineup, ref_played, ref_target, seed), workers)
        batches += [batch for i in target for batch in make_batches(
            packs[i], labels[i], specs(counts, lineup, played[i], target[i], seed), workers)]
        total = sum(len(b.games) for b in batches)
        bar = ProgressBar(total, err, status=lambda s=status: s)

        def arrived(results: list[GameResult]) -> None:
            for result in results:
                (ref_games if result.label == REFERENCE else
                 games[labels.index(result.label)]).append(result)

        try:
            run_batches(batches, executor, both_told(bar, progress), cancelled, arrived)
        except (SimCancelled, KeyboardInterrupt):
            for i in target:
                played[i] = len(games[i]) // len(counts)
            ref_played = len(ref_games) // len(counts)
            stop = CANCELLED
            err.write("\n")
            break
        for i in target:
            played[i] = target[i]
        ref_played = max(ref_played, ref_target)
        rounds += 1
        status = _status_words(_judge(request, games, played, goals, names, ref_games), names,
                               goals)
        err.write(_("smqt sim: after round {round}: {status}").format(round=rounds,
                                                                      status=status) + "\n")
        if rounds_told is not None:
            rounds_told(rounds, status)
    judged = _judge(request, games, played, goals, names, ref_games)
    if not any(played):
        raise SimCancelled
    balance = _outcome(request, judged, stop, names, goals, _reference_words(
        request, reference, ref_games), ref_played)
    best = [t.values for t in judged].index(balance.proposed) if balance.proposed else 0
    title = _("Balance search: {targets} on {pack} {version}").format(
        targets=", ".join(r.target for r in request.ranges), pack=source.name,
        version=source.version)
    side = Side("base", point_words(names, judged[best].values), "base", packs[best])
    results = {"base": [attrs.evolve(r, label="base") for r in games[best]]}
    precision = precisions(None)
    meta = Meta(title=title, design=_design(balance, counts, lineup, seed), bots=tuple(lineup),
                players=tuple(counts), seed=seed, games=played[best], rounds=rounds,
                per_change=False, sweep=None, until_clear=False, cluster=bool(
                    getattr(options, "cluster", None)), fdr=FDR, precision=precision, skipped=())
    report = attrs.evolve(build_report(meta, [side], results, []), balance=balance)
    return report, [side], results


def balance_code(balance: Balance, err: TextIO) -> int:
    """The exit code of a search whose report is written: 2 for a goal the range cannot reach
    (said), 130 when cancelled (the report so far written), else 0."""
    if balance.stop == UNREACHABLE:
        err.write(f"smqt sim: {balance.sentence}\n")  # not translated: the program's name
        return 2
    if balance.stop == CANCELLED:
        err.write(_("smqt sim: cancelled; the report so far is written") + "\n")
        return 130
    return 0



def _judge(request: BalanceRequest, games: list[list[GameResult]], played: list[int],
           goals: list[tuple[float, float, float, str]], names: list[str],
           reference: list[GameResult]) -> list[TriedValue]:
    """Each value judged by its intervals (a goal against the base game by the differences
    from the base's games, game by game)."""
    figures = [[against_base(g.measure, games[i], reference) if g.base else
                measure(g.measure, games[i]) for g in request.goals]
               for i in range(len(request.points))]
    anchor = _anchor(played, [])
    for i, own in enumerate(figures):
        for k, goal in enumerate(request.goals):
            told = None if goal.base or i == anchor else anchored(
                goal.measure, games[i], games[anchor], (figures[anchor][k].estimate,
                                                        figures[anchor][k].low,
                                                        figures[anchor][k].high))
            if told is not None:
                own[k] = attrs.evolve(own[k], estimate=told[0], low=told[1], high=told[2])
    tried = [(tuple(float(v) for v in point), played[i], tuple(figures[i]))
             for i, point in enumerate(request.points)]
    return judge(tried, goals, names)


def _targets(request: BalanceRequest, games: list[list[GameResult]], played: list[int],
             going: list[int], first: int) -> dict[int, int]:
    """The games each value plays to after this round (``going``: the values still in the
    running, the nearest the goals first; ``first``: the first round's games, 0 after it).
    The anchor, the value with the most games (at first the nearest), doubles them: every
    value is measured through it (``anchored``), so it stays the anchor even once ruled out;
    each value in the running plays as many as its difference from the anchor needs
    (``games_wanted``), never fewer than it has."""
    if first:
        return {i: first for i in going}
    anchor = _anchor(played, going)
    most = 2 * played[anchor]
    target = {anchor: most}
    for i in going:
        if i == anchor:
            continue
        wanted = max((games_wanted(g.measure, games[i], games[anchor], most)
                      for g in request.goals if not g.base), default=most)
        target[i] = max(played[i], wanted)
    return {i: n for i, n in target.items() if n > played[i]}


def _sweep_games(judged: list[TriedValue], best: TriedValue | None) -> int:
    """The games a plain sweep would give each value for the precision the value proposed
    reached: its own games, or, when it was measured through the anchor, the anchor's scaled
    by the square of their intervals' widths (a width falls as one over the root of the
    games)."""
    if best is None:
        return 0
    anchor = max(judged, key=lambda t: t.games)
    ratios = [((theirs.high - theirs.low) / (mine.high - mine.low)) ** 2
              for mine, theirs in zip(best.figures, anchor.figures, strict=True)
              if mine.high - mine.low > 0 and theirs.high - theirs.low > 0]
    return max(best.games, math.ceil(anchor.games * min(ratios, default=0.0)))


def _anchor(played: list[int], nearest: list[int]) -> int:
    """The value with the most games; of several, the first of ``nearest`` (the values by how
    near they come to the goals), else the first."""
    most = max(played)
    tied = [i for i in range(len(played)) if played[i] == most]
    return next((i for i in nearest if i in tied), tied[0])


def _cost(target: dict[int, int], played: list[int], ref_played: int,
          reference: PackSource | None) -> int:
    """The games a round asks for: each value's new games and the base game's it lacks."""
    more = sum(target[i] - played[i] for i in target)
    if reference is not None:
        more += max(0, max(target.values(), default=0) - ref_played)
    return more


def _reference_words(request: BalanceRequest, reference: PackSource | None,
                     ref_games: list[GameResult]) -> str:
    """``The base game (base 1.0): turns 27.6 [27.2, 28.0] over 160 games``, or empty."""
    if reference is None or not ref_games:
        return ""
    figures = "; ".join(
        f"{g.measure} {shown(f.estimate, g.unit)} [{shown(f.low, g.unit)}, "
        f"{shown(f.high, g.unit)}]" for g in request.goals if g.base
        for f in [measure(g.measure, ref_games)])
    return ngettext("The base game ({pack} {version}): {figures} over {games} game",
                    "The base game ({pack} {version}): {figures} over {games} games",
                    len(ref_games)).format(pack=reference.name, version=reference.version,
                                           figures=figures, games=len(ref_games))


def _distance(tried: TriedValue, goals: list[tuple[float, float, float, str]]) -> float:
    """How far the estimates miss the goals, weighed, in tolerances (a value never measured:
    infinitely far)."""
    total = 0.0
    for f, (wanted, within, weight, _unit) in zip(tried.figures, goals, strict=True):
        total += weight * abs(f.estimate - wanted) / within if f.estimate == f.estimate \
            else float("inf")
    return total


def _settled(tried: TriedValue, goals: list[tuple[float, float, float, str]]) -> bool:
    return all(settled(f, g[0], g[1]) for f, g in zip(tried.figures, goals, strict=True))


def _outside_all(tried: TriedValue, goals: list[tuple[float, float, float, str]]) -> bool:
    return any(misses(f, g[0], g[1])[0] > 1.0 for f, g in zip(tried.figures, goals, strict=True))


def _check_depends(request: BalanceRequest, games: list[list[GameResult]],
                   names: list[str]) -> None:
    """After the first round: a goal the games could not measure, or one that came out the
    same at every value (the target does not move it), is said (BalanceError)."""
    for goal in request.goals:
        figures = [measure(goal.measure, played) for played in games if played]
        if all(f.estimate != f.estimate for f in figures):
            _kind, entry = goal.measure.split(".")[:2]
            if goal.measure.endswith(".pick"):
                raise BalanceError(_("--goal {measure}: the card {card} was never offered in "
                                     "the games played; play more games (--games) or choose "
                                     "another measure").format(measure=goal.measure, card=entry))
            raise BalanceError(_("--goal {measure}: no seat ever owned the card {card} in the "
                                 "games played; play more games (--games) or choose another "
                                 "measure").format(measure=goal.measure, card=entry))
        if len({(f.estimate, f.low, f.high) for f in figures}) == 1 and len(figures) > 1 \
                and not moved(goal.measure, [played for played in games if played]):
            raise BalanceError(_("--goal {measure} does not depend on {targets} in the games "
                                 "played: every value gave {value}; choose a measure the number "
                                 "moves").format(measure=goal.measure,
                                                 targets=", ".join(names),
                                                 value=shown(figures[0].estimate, goal.unit)))


def _unreachable(judged: list[TriedValue], goals: list[tuple[float, float, float, str]]
                 ) -> tuple[int, bool] | None:
    """The first goal every value misses on the same side (goal index, above), or None."""
    for k, (wanted, within, _weight, _unit) in enumerate(goals):
        figures = [t.figures[k] for t in judged]
        if all(f.low > wanted + within for f in figures):
            return k, True
        if all(f.high < wanted - within for f in figures):
            return k, False
    return None


def _status_words(judged: list[TriedValue], names: list[str],
                  goals: list[tuple[float, float, float, str]]) -> str:
    """``best rules.cards_to_end = 14: turns 27.1 [26.7, 27.5]; 3 of 13 values left``."""
    kept = [t for t in judged if t.status == KEPT] or judged
    best = min(kept, key=lambda t: _distance(t, goals))
    figures = "; ".join(f"{f.measure} {shown(f.estimate, g[3])} [{shown(f.low, g[3])}, "
                        f"{shown(f.high, g[3])}]" for f, g in zip(best.figures, goals,
                                                                    strict=True))
    return ngettext("best {point}: {figures}; {left} of {count} value left",
                    "best {point}: {figures}; {left} of {count} values left", len(judged)).format(
        point=point_words(names, best.values), figures=figures,
        left=sum(t.status == KEPT for t in judged), count=len(judged))


def _outcome(request: BalanceRequest, judged: list[TriedValue], stop: str, names: list[str],
             goals: list[tuple[float, float, float, str]], reference: str, ref_played: int
             ) -> Balance:
    measured = [t for t in judged if t.games and _distance(t, goals) < float("inf")]
    kept = [t for t in measured if t.status == KEPT] or measured
    best = min(kept, key=lambda t: _distance(t, goals)) if kept else None
    also = tuple(t.values for t in kept if best is not None and t is not best
                 and t.status == KEPT and t.best[0] <= 1.0)
    spent = sum(t.games for t in judged) + ref_played
    sweep = len(judged) * _sweep_games(judged, best) + ref_played
    point = point_words(names, best.values) if best is not None else ""
    if stop == CLEAR:
        sentence = _("Clear: {point} meets the goals within their tolerance.").format(point=point)
        if also:
            sentence += " " + _("These values do as well within it: {values}.").format(
                values="; ".join(point_words(names, v) for v in also))
    elif stop == BETWEEN:
        sentence = _("No value lands inside the tolerance: the goal lies between two values; "
                     "{point} comes nearest.").format(point=point)
    elif stop == UNREACHABLE:
        k, above = _unreachable(judged, goals) or (0, True)
        goal = request.goals[k]
        edge = min(judged, key=lambda t: abs(t.figures[k].estimate - goal.value))
        f = edge.figures[k]
        text = (_("Even at {point}, {measure} is {value} [{low}, {high}], above the goal {wanted} "
                  "± {within}: widen the range.") if above else
                _("Even at {point}, {measure} is {value} [{low}, {high}], below the goal {wanted} "
                  "± {within}: widen the range."))
        sentence = text.format(point=point_words(names, edge.values), measure=goal.measure,
                               value=shown(f.estimate, goal.unit), low=shown(f.low, goal.unit),
                               high=shown(f.high, goal.unit), wanted=shown(goal.value, goal.unit),
                               within=tolerance_words(goal.within, goal.unit))
    elif stop == CANCELLED and best is None:
        sentence = _("Cancelled before any value was measured.")
    elif stop == CANCELLED:
        sentence = _("Cancelled: the values tried so far are kept; {point} is the best so far, "
                     "not yet clear.").format(point=point)
    else:
        sentence = ngettext(
            "Not clear: the budget of {games} game (--max-games) was spent; {point} is the best "
            "so far.",
            "Not clear: the budget of {games} games (--max-games) was spent; {point} is the best "
            "so far.", spent).format(games=spent, point=point)
    return Balance(
        targets=tuple(names), goals=tuple(g.text for g in request.goals),
        units=tuple(g.unit for g in request.goals), wanted=tuple(g.value for g in request.goals),
        within=tuple(g.within for g in request.goals), tried=tuple(judged),
        proposed=best.values if best is not None else None, also=also, stop=stop,
        sentence=sentence, games=spent, sweep_games=sweep, reference=reference)


def _design(balance: Balance, counts: list[int], lineup: list[str], seed: int) -> str:
    return ngettext(
        "{values} value tried ({players} players, bots {bots}, seats rotating, seed {seed}); "
        "every value plays the same games (common random numbers); each round the value with the "
        "most games doubles them, and every other value still in the running is measured "
        "through it, game by game, playing only the games its difference needs; {games} games in "
        "all, where a sweep of every value to the same precision plays {sweep}",
        "{values} values tried ({players} players, bots {bots}, seats rotating, seed {seed}); "
        "every value plays the same games (common random numbers); each round the value with the "
        "most games doubles them, and every other value still in the running is measured "
        "through it, game by game, playing only the games its difference needs; {games} games in "
        "all, where a sweep of every value to the same precision plays {sweep}", len(balance.tried)).format(
        values=len(balance.tried), players=", ".join(map(str, counts)),
        bots=", ".join(map(level_words, lineup)), seed=seed, games=balance.games,
        sweep=balance.sweep_games)
