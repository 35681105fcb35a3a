"""Statistics for simulation reports: proportions with Wilson intervals, a seat balance test,
summaries of scores, differences between two packs (paired when both played the same games),
the Benjamini-Hochberg correction and the interval level it asks for, and how many games an
interval needs to reach a precision.

An interval never claims more than its games can show: values that hardly vary (every one of
20 games lasted 28 turns) are not taken as certain. The spread of a mean's interval is at least
that of ``n`` values of which the largest share ``n`` values can miss (``unseen_share``, about
3.7/n at 95%) differ by one step (a turn, a point, a win instead of a loss): ``spread_floor``.
Where every paired difference is the same, the interval is that value plus or minus the share
of games that could still differ (exact, Clopper-Pearson for none of ``n``).

scipy gives the t and normal quantiles, the chi-square test and the correction; the hand
formulas are those it has no method for (Wilson and Newcombe intervals with fractional
successes from shared wins, the t intervals with the floor)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

Z95 = 1.959963984540054
LEVEL = 0.95
"""The level of an interval unless a correction for many comparisons asks for more."""
STEP = 1.0
"""The smallest step a measure's value takes per game: a turn, a point, a rank; a win instead
of a loss for a win rate (whose per-game values lie between 0 and 1, so a step of 1 also bounds
how far one game can move it)."""


def z_value(level: float = LEVEL) -> float:
    """The normal quantile of a two-sided interval at ``level`` (1.96 at 95%)."""
    if level == LEVEL:
        return Z95
    from scipy import stats as scistats

    return float(scistats.norm.ppf(1 - (1 - level) / 2))


def _t_value(level: float, df: float) -> float:
    from scipy import stats as scistats

    return float(scistats.t.ppf(1 - (1 - level) / 2, df))


def unseen_share(n: int, level: float = LEVEL) -> float:
    """The largest share of games that could show something none of ``n`` games showed: the
    exact upper end for none of ``n`` at ``level``, two-sided (about 3.7/n at 95%)."""
    return 1 - ((1 - level) / 2) ** (1 / n)


def spread_floor(n: int, step: float = STEP) -> float:
    """The least standard deviation ``n`` values are taken to have: that of values of which a
    share ``unseen_share(n)`` differ from the rest by ``step``, which ``n`` games can miss."""
    share = unseen_share(n)
    return step * math.sqrt(share * (1 - share))


def games_to_see(share: float, level: float = LEVEL) -> int:
    """The games needed before none of them differing shows that fewer than ``share`` of all
    games would: the least ``n`` with ``unseen_share(n) <= share``."""
    return math.ceil(math.log((1 - level) / 2) / math.log(1 - share))


@attrs.frozen
class Proportion:
    """A rate with its 95% interval (``wilson``); a report keeps it as it is."""

    successes: float
    """How often it happened (a shared win counts as a fraction)."""
    trials: int
    """Out of how many."""
    rate: float
    """``successes / trials``; NaN for no trials."""
    low: float
    """The interval's lower end (NaN for no trials)."""
    high: float
    """The interval's upper end."""


def wilson(successes: float, trials: int, z: float = Z95) -> Proportion:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return Proportion(successes, 0, float("nan"), float("nan"), float("nan"))
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Proportion(successes, trials, p, max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class BalanceTest:
    statistic: float
    p_value: float
    degrees_of_freedom: int


def seat_balance(wins: Sequence[float]) -> BalanceTest:
    """Chi-square goodness of fit of wins per seat against equal shares."""
    total = sum(wins)
    if total == 0 or len(wins) < 2:
        return BalanceTest(0.0, 1.0, max(0, len(wins) - 1))
    expected = [total / len(wins)] * len(wins)
    from scipy import stats as scistats  # loaded when a report is made

    result = scistats.chisquare(list(wins), expected)
    return BalanceTest(float(result.statistic), float(result.pvalue), len(wins) - 1)


@attrs.frozen
class Summary:
    """Values summarised (scores, turns, ranks...); a report keeps it as it is."""

    n: int
    """How many values."""
    mean: float
    """Their mean (NaN for none)."""
    sd: float
    """Their standard deviation (0 for one value)."""
    median: float
    """Their median."""
    p5: float
    """The 5th percentile."""
    p95: float
    """The 95th percentile."""
    low: float
    """95% interval of the mean (t distribution): its lower end (NaN for one value)."""
    high: float
    """The interval's upper end."""


def percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = (len(ordered) - 1) * q
    lower = math.floor(position)
    upper = math.ceil(position)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


def summarise(values: Sequence[float]) -> Summary:
    """The values' summary; the mean's interval with the spread at least ``spread_floor``
    (values that never varied still leave their mean uncertain)."""
    n = len(values)
    if n == 0:
        nan = float("nan")
        return Summary(0, nan, nan, nan, nan, nan, nan, nan)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = (_t_value(LEVEL, n - 1) * max(sd, spread_floor(n)) / math.sqrt(n) if n > 1
            else float("nan"))
    return Summary(n, mean, sd, statistics.median(values), percentile(values, 0.05),
                   percentile(values, 0.95), mean - half, mean + half)


@attrs.frozen
class Difference:
    """An estimated difference with its interval (95% unless made at another level); ``se``
    and ``n`` say how the interval would narrow with more games, ``p_value`` tests "no
    difference"."""

    estimate: float
    """The difference itself (the variant's value minus base's, B minus A)."""
    low: float
    """The interval's lower end (NaN when too few games)."""
    high: float
    """Its upper end."""
    n: int
    """The games (or values) behind it; 0 when there were none."""
    se: float
    """Its standard error (NaN when unknown)."""
    p_value: float
    """The test of "no difference" (NaN when not tested)."""
    varied: bool = True
    """False when every paired difference was the same (no game differed, or every game by as
    much): the interval is then as wide as the share of games that could still differ."""

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


NAN_DIFFERENCE = Difference(float("nan"), float("nan"), float("nan"), 0, float("nan"),
                            float("nan"))


@attrs.frozen
class Corrected:
    """A difference's interval at the level the false-discovery correction asks for: the one a
    verdict on "beyond chance" rests on (Benjamini and Yekutieli's intervals for the measures
    a Benjamini-Hochberg correction went over)."""

    interval: Difference
    """The difference with its interval at ``level``."""
    level: float
    """The interval's level: 1 - (discoveries, at least 1) x false-discovery rate / measures."""
    measures: int
    """How many measures the correction went over."""


def corrected_level(p_values: Sequence[float], fdr: float) -> tuple[float, int]:
    """The level at which an interval leaves out 0 exactly when the Benjamini-Hochberg
    correction at ``fdr`` keeps its test (for a test and interval that agree, as a t test and
    its interval): 1 - R q / m for R discoveries of m tests (q / m with none), and m. NaN p
    values are not tests."""
    known = [p for p in p_values if p == p]
    if not known:
        return LEVEL, 0
    found = sum(p <= fdr for p in adjusted_p_values(known))
    return 1 - max(found, 1) * fdr / len(known), len(known)


def _unvaried(estimate: float, n: int, level: float, step: float) -> Difference:
    """Every paired difference ``estimate``: the share of games that could still differ, each
    by a step, either way (exact for none of ``n``); its test the same bound's."""
    share = unseen_share(n, level)
    shift = abs(estimate) / step
    p_value = min(1.0, 2 * (1 - shift) ** n) if shift < 1 else 0.0
    return Difference(estimate, estimate - share * step, estimate + share * step, n,
                      spread_floor(n, step) / math.sqrt(n), p_value, varied=False)


def _t_difference(estimate: float, se: float, df: float, n: int, level: float) -> Difference:
    """``estimate`` with a t interval and the two-sided t test's p value."""
    from scipy import stats as scistats

    half = _t_value(level, df) * se
    p_value = float(2 * scistats.t.sf(abs(estimate) / se, df))
    return Difference(estimate, estimate - half, estimate + half, n, se, p_value)


def paired_difference(after: Sequence[float], before: Sequence[float], level: float = LEVEL,
                      step: float = STEP) -> Difference:
    """Mean of ``after - before`` over the same games, with a t interval at ``level`` (the
    paired t test: both sides play the same seeds, seats and bots, so each game is its own
    control); the spread at least ``spread_floor``."""
    diffs = [a - b for a, b in zip(after, before, strict=True)]
    n = len(diffs)
    if n < 2:
        return (Difference(diffs[0], float("nan"), float("nan"), n, float("nan"), float("nan"))
                if diffs else NAN_DIFFERENCE)
    mean = statistics.fmean(diffs)
    if all(d == diffs[0] for d in diffs):
        return _unvaried(mean, n, level, step)
    sd = max(statistics.stdev(diffs), spread_floor(n, step))
    return _t_difference(mean, sd / math.sqrt(n), n - 1, n, level)


def mean_difference(after: Sequence[float], before: Sequence[float], level: float = LEVEL
                    ) -> Difference:
    """``mean(after) - mean(before)`` for independent samples (Welch's t interval): for
    measures that are not paired game by game, like a card's owners in two packs."""
    if len(after) < 2 or len(before) < 2:
        return NAN_DIFFERENCE
    return summary_mean_difference(
        (len(after), statistics.fmean(after), statistics.stdev(after)),
        (len(before), statistics.fmean(before), statistics.stdev(before)), level)


def summary_mean_difference(after: tuple[int, float, float], before: tuple[int, float, float],
                            level: float = LEVEL) -> Difference:
    """``mean(after) - mean(before)`` from two summaries ``(n, mean, sd)`` of independent
    samples (Welch's t interval and test, as ``mean_difference`` gives from the values): for
    two reports, which keep summaries rather than every game. Each spread is taken as at least
    ``spread_floor``: a run whose values never varied is not taken as exact."""
    (n_after, mean_after, sd_after), (n_before, mean_before, sd_before) = after, before
    estimate = mean_after - mean_before
    if min(n_after, n_before) < 2:
        return Difference(estimate, float("nan"), float("nan"), 0, float("nan"), float("nan"))
    va = max(sd_after, spread_floor(n_after)) ** 2 / n_after
    vb = max(sd_before, spread_floor(n_before)) ** 2 / n_before
    df = (va + vb) ** 2 / (va ** 2 / (n_after - 1) + vb ** 2 / (n_before - 1))
    return _t_difference(estimate, math.sqrt(va + vb), df, n_after + n_before, level)


def at_level(p: Proportion, level: float) -> Proportion:
    """``p`` with its Wilson interval at ``level``."""
    return p if level == LEVEL else wilson(p.successes, p.trials, z_value(level))


def proportion_difference(a: Proportion, b: Proportion, level: float = LEVEL) -> Difference:
    """``a - b`` with Newcombe's interval (hybrid score, method 10) at ``level``: independent
    samples with fractional successes (shared wins), which scipy has no interval for."""
    a, b = at_level(a, level), at_level(b, level)
    estimate = a.rate - b.rate
    low = estimate - math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
    high = estimate + math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
    n = a.trials + b.trials
    se = (high - low) / (2 * z_value(level))
    return Difference(estimate, low, high, n, se, proportion_test(a, b))


def proportion_test(a: Proportion, b: Proportion) -> float:
    """Two-sided p value of the pooled two-proportion z test of ``a`` and ``b`` (the
    chi-square test without continuity correction, for fractional successes as well)."""
    if not a.trials or not b.trials:
        return float("nan")
    pooled = (a.successes + b.successes) / (a.trials + b.trials)
    if pooled <= 0 or pooled >= 1:
        return 1.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials))
    from scipy import stats as scistats

    return float(2 * scistats.norm.sf(abs(a.rate - b.rate) / se))


def proportion_against(p: Proportion, reference: float, level: float = LEVEL) -> Difference:
    """``p - reference`` with the Wilson interval at ``level`` and the score test's two-sided
    p value."""
    if not p.trials:
        return NAN_DIFFERENCE
    from scipy import stats as scistats

    p = at_level(p, level)
    se = math.sqrt(reference * (1 - reference) / p.trials)
    p_value = float(2 * scistats.norm.sf(abs(p.rate - reference) / se))
    return Difference(p.rate - reference, p.low - reference, p.high - reference, p.trials,
                      (p.high - p.low) / (2 * z_value(level)), p_value)


def one_sample(values: Sequence[float], reference: float, level: float = LEVEL,
               step: float = STEP) -> Difference:
    """``mean(values) - reference`` with a t interval at ``level`` and the one-sample t test's
    p value; the spread at least ``spread_floor``."""
    n = len(values)
    if n < 2:
        return NAN_DIFFERENCE
    mean = statistics.fmean(values) - reference
    if all(v == values[0] for v in values):
        return _unvaried(mean, n, level, step)
    sd = max(statistics.stdev(values), spread_floor(n, step))
    return _t_difference(mean, sd / math.sqrt(n), n - 1, n, level)


def adjusted_p_values(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p values (scipy's ``false_discovery_control``); a test is a
    discovery at false-discovery rate q when its adjusted p value is at most q. NaN stays NaN."""
    known = [i for i, p in enumerate(p_values) if p == p]
    result = [float("nan")] * len(p_values)
    if not known:
        return result
    from scipy import stats as scistats

    adjusted = scistats.false_discovery_control([p_values[i] for i in known], method="bh")
    for i, p in zip(known, adjusted, strict=True):
        result[i] = float(p)
    return result


def games_needed(difference: Difference, precision: float, games: int | None = None,
                 z: float = Z95) -> int:
    """Games in all for the interval's half width to shrink to ``precision``: the standard
    error falls as one over the square root of the games. ``games``: the games behind the
    difference (its ``n`` by default, right for paired differences)."""
    games = difference.n if games is None else games
    if games == 0 or not difference.se == difference.se:
        return 0
    if difference.se == 0:
        return games
    return max(games, math.ceil(games * (z * difference.se / precision) ** 2))
