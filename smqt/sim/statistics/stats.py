"""Statistics for simulation reports: proportions with Wilson intervals, a seat balance test,
summaries of scores, differences between two packs (paired when both played the same games),
the Benjamini-Hochberg correction, and how many games an interval needs to reach a precision.

scipy does the t intervals, tests and the correction; the hand formulas are the ones scipy has
no method for (Wilson and Newcombe intervals with fractional successes from shared wins)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

Z95 = 1.959963984540054


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
    n = len(values)
    if n == 0:
        nan = float("nan")
        return Summary(0, nan, nan, nan, nan, nan, nan, nan)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    from scipy import stats as scistats

    half = scistats.t.ppf(0.975, n - 1) * sd / math.sqrt(n) if n > 1 else float("nan")
    return Summary(n, mean, sd, statistics.median(values), percentile(values, 0.05),
                   percentile(values, 0.95), mean - half, mean + half)


@attrs.frozen
class Difference:
    """An estimated difference with its 95% interval; ``se`` and ``n`` say how the interval
    would narrow with more games, ``p_value`` tests "no difference"."""

    estimate: float
    """The difference itself (the variant's value minus base's, B minus A)."""
    low: float
    """The 95% interval's lower end (NaN when too few games)."""
    high: float
    """Its upper end."""
    n: int
    """The games (or values) behind it; 0 when there were none."""
    se: float
    """Its standard error (NaN when unknown)."""
    p_value: float
    """The test of "no difference" (NaN when not tested)."""

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


NAN_DIFFERENCE = Difference(float("nan"), float("nan"), float("nan"), 0, float("nan"),
                            float("nan"))


def _exact(estimate: float, n: int) -> Difference:
    """Every difference the same: no spread, so the interval is the value itself."""
    return Difference(estimate, estimate, estimate, n, 0.0, 1.0 if estimate == 0 else 0.0)


def paired_difference(after: Sequence[float], before: Sequence[float]) -> Difference:
    """Mean of ``after - before`` over the same games, with a 95% t interval (the paired t test:
    both sides play the same seeds, seats and bots, so each game is its own control)."""
    diffs = [a - b for a, b in zip(after, before, strict=True)]
    n = len(diffs)
    if n < 2:
        return (Difference(diffs[0], float("nan"), float("nan"), n, float("nan"), float("nan"))
                if diffs else NAN_DIFFERENCE)
    mean = statistics.fmean(diffs)
    if all(d == diffs[0] for d in diffs):
        return _exact(mean, n)
    from scipy import stats as scistats

    test = scistats.ttest_1samp(diffs, 0.0)
    ci = test.confidence_interval(0.95)
    se = statistics.stdev(diffs) / math.sqrt(n)
    return Difference(mean, float(ci.low), float(ci.high), n, se, float(test.pvalue))


def mean_difference(after: Sequence[float], before: Sequence[float]) -> Difference:
    """``mean(after) - mean(before)`` for independent samples (Welch's t interval): for
    measures that are not paired game by game, like a card's owners in two packs."""
    if len(after) < 2 or len(before) < 2:
        return NAN_DIFFERENCE
    mean = statistics.fmean(after) - statistics.fmean(before)
    n = len(after) + len(before)
    va, vb = statistics.variance(after), statistics.variance(before)
    if va == 0 and vb == 0:
        return _exact(mean, n)
    from scipy import stats as scistats

    test = scistats.ttest_ind(after, before, equal_var=False)
    ci = test.confidence_interval(0.95)
    se = math.sqrt(va / len(after) + vb / len(before))
    return Difference(mean, float(ci.low), float(ci.high), n, se, float(test.pvalue))


def summary_mean_difference(after: tuple[int, float, float], before: tuple[int, float, float]
                            ) -> Difference:
    """``mean(after) - mean(before)`` from two summaries ``(n, mean, sd)`` of independent
    samples (Welch's t interval and test, as ``mean_difference`` gives from the values): for
    two reports, which keep summaries rather than every game."""
    (n_after, mean_after, sd_after), (n_before, mean_before, sd_before) = after, before
    estimate = mean_after - mean_before
    if min(n_after, n_before) < 2:
        return Difference(estimate, float("nan"), float("nan"), 0, float("nan"), float("nan"))
    va, vb = sd_after ** 2 / n_after, sd_before ** 2 / n_before
    se = math.sqrt(va + vb)
    if se == 0:
        return _exact(estimate, n_after + n_before)
    from scipy import stats as scistats

    df = (va + vb) ** 2 / (va ** 2 / (n_after - 1) + vb ** 2 / (n_before - 1))
    half = float(scistats.t.ppf(0.975, df)) * se
    p = float(2 * scistats.t.sf(abs(estimate) / se, df))
    return Difference(estimate, estimate - half, estimate + half, n_after + n_before, se, p)


def proportion_difference(a: Proportion, b: Proportion) -> Difference:
    """``a - b`` with Newcombe's interval (hybrid score, method 10), 95%: independent samples
    with fractional successes (shared wins), which scipy has no interval for."""
    estimate = a.rate - b.rate
    low = estimate - math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
    high = estimate + math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
    n = a.trials + b.trials
    se = (high - low) / (2 * Z95)
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


def proportion_against(p: Proportion, reference: float) -> Difference:
    """``p - reference`` with the Wilson interval and the score test's two-sided p value."""
    if not p.trials:
        return NAN_DIFFERENCE
    from scipy import stats as scistats

    se = math.sqrt(reference * (1 - reference) / p.trials)
    p_value = float(2 * scistats.norm.sf(abs(p.rate - reference) / se))
    return Difference(p.rate - reference, p.low - reference, p.high - reference, p.trials,
                      (p.high - p.low) / (2 * Z95), p_value)


def one_sample(values: Sequence[float], reference: float) -> Difference:
    """``mean(values) - reference`` with a t interval and the one-sample t test's p value."""
    n = len(values)
    if n < 2:
        return NAN_DIFFERENCE
    mean = statistics.fmean(values) - reference
    if all(v == values[0] for v in values):
        return _exact(mean, n)
    from scipy import stats as scistats

    test = scistats.ttest_1samp(values, reference)
    ci = test.confidence_interval(0.95)
    se = statistics.stdev(values) / math.sqrt(n)
    return Difference(mean, float(ci.low) - reference, float(ci.high) - reference, n, se,
                      float(test.pvalue))


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
