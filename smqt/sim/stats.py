"""Statistics for simulation reports: proportions with Wilson intervals, a seat balance test,
summaries of scores, and differences between two packs played on the same games."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

Z95 = 1.959963984540054


@attrs.frozen
class Proportion:
    successes: float
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else float("nan")

    def as_dict(self) -> dict[str, float]:
        return {"successes": self.successes, "trials": self.trials, "rate": self.rate,
                "low": self.low, "high": self.high}


def wilson(successes: float, trials: int, z: float = Z95) -> Proportion:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return Proportion(successes, 0, float("nan"), float("nan"))
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Proportion(successes, trials, max(0.0, centre - half), min(1.0, centre + half))


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
    n: int
    mean: float
    sd: float
    median: float
    p5: float
    p95: float
    low: float
    """95% interval of the mean (t distribution)."""
    high: float

    def as_dict(self) -> dict[str, float]:
        return attrs.asdict(self)


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
    estimate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        return attrs.asdict(self)


def paired_difference(after: Sequence[float], before: Sequence[float]) -> Difference:
    """Mean of ``after - before`` over the same games, with a 95% t interval."""
    diffs = [a - b for a, b in zip(after, before, strict=True)]
    s = summarise(diffs)
    return Difference(s.mean, s.low, s.high)


def proportion_difference(a: Proportion, b: Proportion) -> Difference:
    """``a - b`` with Newcombe's interval (hybrid score, method 10), 95%."""
    estimate = a.rate - b.rate
    low = estimate - math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
    high = estimate + math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
    return Difference(estimate, low, high)
