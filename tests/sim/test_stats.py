"""Interval formulas and tests of the simulation reports, against published values."""

from __future__ import annotations

import math

import pytest

from smqt.sim.statistics.stats import (
    Z95,
    Difference,
    adjusted_p_values,
    games_needed,
    games_to_see,
    mean_difference,
    one_sample,
    paired_difference,
    percentile,
    proportion_against,
    proportion_difference,
    proportion_test,
    seat_balance,
    spread_floor,
    summarise,
    summary_mean_difference,
    unseen_share,
    wilson,
)
from smqt.sim.statistics.verdicts import judge


def test_wilson_interval_known_values():
    """Wilson score interval: 8/10 -> 0.4902-0.9433; 0/10 -> 0-0.2775 (Newcombe 1998)."""
    p = wilson(8, 10)
    assert p.rate == 0.8
    assert p.low == pytest.approx(0.4902, abs=1e-4)
    assert p.high == pytest.approx(0.9433, abs=1e-4)
    zero = wilson(0, 10)
    assert zero.low == 0.0 and zero.high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(81, 263).low == pytest.approx(0.2553, abs=1e-4)
    assert wilson(81, 263).high == pytest.approx(0.3662, abs=1e-4)


def test_newcombe_difference_of_proportions():
    """Newcombe's hybrid score interval (method 10): 56/70 - 48/80 = 0.2000 [0.0524, 0.3339]."""
    d = proportion_difference(wilson(56, 70), wilson(48, 80))
    assert d.estimate == pytest.approx(0.2, abs=1e-9)
    assert d.low == pytest.approx(0.0524, abs=1e-3)
    assert d.high == pytest.approx(0.3339, abs=1e-3)


def test_seat_balance_chi_square():
    """Wins 30 and 10 against 20 expected each: chi-square 10 on 1 df, p = 0.00157."""
    test = seat_balance([30, 10])
    assert test.statistic == pytest.approx(10.0)
    assert test.p_value == pytest.approx(0.001565, abs=1e-5)
    assert seat_balance([25, 25, 25, 25]).p_value == pytest.approx(1.0)


def test_summary_and_t_interval():
    """Mean 3, SD 1.5811, 95% t interval 1.0368-4.9632 for 1..5."""
    s = summarise([1, 2, 3, 4, 5])
    assert (s.mean, s.median) == (3, 3)
    assert s.sd == pytest.approx(1.58114, abs=1e-5)
    assert s.low == pytest.approx(1.0368, abs=1e-4) and s.high == pytest.approx(4.9632, abs=1e-4)
    assert percentile([1, 2, 3, 4], 0.05) == pytest.approx(1.15)
    assert percentile([1, 2, 3, 4], 0.95) == pytest.approx(3.85)


def test_paired_difference():
    """Every game 2 higher: not an exact 2 (four games can miss a share of up to 60% that
    would differ, the exact upper end for none of 4, 1 - 0.025^(1/4)), and beyond chance."""
    d = paired_difference([3, 4, 5, 6], [1, 2, 3, 4])
    assert d.estimate == 2 and not d.varied
    assert (d.low, d.high) == (pytest.approx(2 - 0.6023646), pytest.approx(2 + 0.6023646))
    assert d.excludes_zero and d.p_value == 0.0


def test_the_share_a_run_can_miss_is_the_exact_bound_for_none_seen():
    """None of n: the Clopper-Pearson upper end at 95% (two-sided) is 1 - 0.025^(1/n): 0.1684
    for 20, 0.0295 for 123 (tables of the exact binomial interval); 122 games without a
    difference show that fewer than 3% of games would differ."""
    assert unseen_share(20) == pytest.approx(0.16843, abs=1e-5)
    assert unseen_share(123) == pytest.approx(0.02955, abs=1e-5)
    assert games_to_see(0.03) == 122
    assert unseen_share(122) <= 0.03 < unseen_share(121)


def test_a_run_whose_values_never_varied_gives_no_interval_without_width():
    """Issue 43: every one of 20 games lasted 28 turns. The mean's interval is not 28 to 28:
    its spread is at least that of 20 games of which the share 20 games can miss (16.8%) took a
    turn more or less."""
    s = summarise([28] * 20)
    assert s.sd == 0 and s.low < 28 < s.high
    floor = spread_floor(20)
    assert floor == pytest.approx(math.sqrt(0.16843 * (1 - 0.16843)), abs=1e-4)
    assert s.high - 28 == pytest.approx(2.093024 * floor / math.sqrt(20), abs=1e-5)
    # a spread above the floor is the values' own: the t interval as it always was
    assert summarise([1, 2, 3, 4, 5]).low == pytest.approx(1.0368, abs=1e-4)
    # every paired difference 0 is not a difference known to be 0
    d = paired_difference([28] * 20, [28] * 20)
    assert d.estimate == 0 and not d.varied and d.p_value == 1.0
    assert (d.low, d.high) == (pytest.approx(-0.16843, abs=1e-5), pytest.approx(0.16843, abs=1e-5))


def test_twenty_games_of_28_turns_are_not_different_from_600_of_27_87():
    """The issue's two runs of base (20 games all of 28 turns; 600 of mean 27.87, SD 0.49):
    Welch's interval from the 600 games' spread alone left out 0 ([-0.17, -0.09]); with the
    20 games' spread at least its floor it holds 0, and the test agrees."""
    d = summary_mean_difference((600, 27.87, 0.494), (20, 28.0, 0.0))
    assert d.low < 0 < d.high and d.p_value > 0.05
    assert d.half_width > 0.15


# Student's sleep data (Cushny and Peebles): extra hours of sleep under two drugs, same patients.
SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


def test_paired_interval_known_values():
    """The paired t interval of the sleep data: mean 1.58 [0.7001, 2.4599], p = 0.002833 (R's
    t.test(paired = TRUE)); as independent samples (Welch) the same data give [-0.2055, 3.3655],
    p = 0.07939: pairing is what narrows it."""
    d = paired_difference(SLEEP_2, SLEEP_1)
    assert d.estimate == pytest.approx(1.58)
    assert (d.low, d.high) == (pytest.approx(0.7001142, abs=1e-6), pytest.approx(2.4598858, abs=1e-6))
    assert d.p_value == pytest.approx(0.002833, abs=1e-6)
    assert d.n == 10 and d.se == pytest.approx(0.3889587, abs=1e-6)
    w = mean_difference(SLEEP_2, SLEEP_1)
    assert (w.low, w.high) == (pytest.approx(-0.2054832, abs=1e-6), pytest.approx(3.3654832, abs=1e-6))
    assert w.p_value == pytest.approx(0.07939, abs=1e-5)
    assert w.half_width > 2 * d.half_width


def test_one_sample_against_a_reference():
    """R: t.test(c(0.7, -1.6, ...), mu = 0): 0.75 [-0.5297804, 2.0297804], p = 0.2176."""
    d = one_sample(SLEEP_1, 0.0)
    assert d.estimate == pytest.approx(0.75)
    assert (d.low, d.high) == (pytest.approx(-0.5297804, abs=1e-6), pytest.approx(2.0297804, abs=1e-6))
    assert d.p_value == pytest.approx(0.2176, abs=1e-4)


def test_benjamini_hochberg_known_values():
    """Benjamini and Hochberg (1995), section 3.2: of these 15 p values, the first four are
    discoveries at q = 0.05 (adjusted 0.0015, 0.0030, 0.0095, 0.0356; the fifth 0.0603)."""
    p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240,
         0.4262, 0.5719, 0.6528, 0.7590, 1.000]
    adjusted = adjusted_p_values(p)
    assert [a <= 0.05 for a in adjusted] == [True] * 4 + [False] * 11
    assert adjusted[:5] == pytest.approx([0.0015, 0.0030, 0.0095, 0.035625, 0.0603], abs=1e-6)
    with_gaps = adjusted_p_values([float("nan"), 0.01, float("nan"), 0.04])
    assert math.isnan(with_gaps[0]) and math.isnan(with_gaps[2])
    assert with_gaps[1] == pytest.approx(0.02) and with_gaps[3] == pytest.approx(0.04)


def test_games_needed_on_a_synthetic_case():
    """A paired difference with SD 10 over 100 games has a standard error of 1; reaching +-1
    needs (1.96 * 10 / 1)^2 = 384.1 -> 385 games, i.e. 285 more."""
    d = Difference(0.0, -1.98, 1.98, n=100, se=1.0, p_value=1.0)
    assert games_needed(d, 1.0) == 385
    verdict = judge(d, "points", 1.0, 1.0)
    assert verdict.status == "inconclusive" and verdict.more_games == 285
    assert "its interval reaching beyond ±1.00 (about 285 more games would tell" in verdict.text
    # off centre by 0.3, the interval must shrink to +-0.7 to fit inside +-1: (1.96*10/0.7)^2
    off = judge(Difference(0.3, -1.68, 2.28, n=100, se=1.0, p_value=0.7), "points", 1.0, 0.7)
    assert off.more_games == 684
    # and the estimate is right: an interval from 385 games of SD 10 is within +-1
    assert Z95 * 10 / math.sqrt(385) <= 1.0 < Z95 * 10 / math.sqrt(384)


def test_verdicts():
    assert judge(Difference(2.0, 1.0, 3.0, 50, 0.5, 0.001), "points", 1.0, 0.002).status == \
        "changed"
    # significant alone, but not after the correction over the comparison's measures
    assert judge(Difference(2.0, 0.1, 3.9, 50, 0.97, 0.04), "points", 1.0, 0.2).status == \
        "inconclusive"
    assert judge(Difference(0.1, -0.5, 0.7, 400, 0.3, 0.7), "points", 1.0, 0.9).status == \
        "no change detected"
    # "no change" needs the whole interval inside the precision, not just a narrow one
    assert judge(Difference(0.036, -0.023, 0.097, 300, 0.03, 0.2), "card pp", 0.083, 0.4
                 ).status == "inconclusive"
    # no game differed: the exact bound for none of n bounds the share of games a change
    # could affect; 122 games show it is below 3%
    few = judge(paired_difference([1, 2, 3], [1, 2, 3]), "pp", 0.03, 1.0)
    assert few.status == "inconclusive" and few.more_games == 119
    assert judge(paired_difference([1] * 121, [1] * 121), "pp", 0.03, 1.0).status == \
        "inconclusive"
    many = judge(paired_difference([1] * 122, [1] * 122), "pp", 0.03, 1.0)
    assert many.status == "no change detected" and "no game of 122 differed" in many.text
    # and the interval shown beside it is inside the precision too
    d = paired_difference([1] * 122, [1] * 122)
    assert -0.03 <= d.low and d.high <= 0.03


def test_two_proportion_test_known_values():
    """Newcombe's example 56/70 against 48/80: z = 2.650, p = 0.00805, the same as the
    chi-square test without continuity correction; fractional (shared) wins are allowed."""
    from scipy import stats as scistats

    p = proportion_test(wilson(56, 70), wilson(48, 80))
    assert p == pytest.approx(0.00805, abs=2e-5)
    chi = scistats.chi2_contingency([[56, 14], [48, 32]], correction=False)
    assert p == pytest.approx(chi.pvalue, rel=1e-9)
    assert proportion_test(wilson(0, 10), wilson(0, 12)) == 1.0
    assert 0 < proportion_test(wilson(7.5, 10), wilson(3.5, 10)) < 0.1


def test_proportion_against_a_reference():
    """15/20 against 0.5: score test z = 2.236, p = 0.02535 (prop.test without correction)."""
    d = proportion_against(wilson(15, 20), 0.5)
    assert d.estimate == pytest.approx(0.25)
    assert d.p_value == pytest.approx(0.02535, abs=1e-5)
    assert d.low == pytest.approx(wilson(15, 20).low - 0.5)


def test_welch_from_summaries_is_welch_from_the_values():
    """Two reports keep summaries (n, mean, sd), not every game: the interval and p value from
    them are those of the values themselves."""
    import random
    import statistics

    draw = random.Random(5)
    after = [draw.gauss(30, 6) for _ in range(40)]
    before = [draw.gauss(27, 9) for _ in range(55)]
    from_values = mean_difference(after, before)
    from_summaries = summary_mean_difference(
        (len(after), statistics.fmean(after), statistics.stdev(after)),
        (len(before), statistics.fmean(before), statistics.stdev(before)))
    for field in ("estimate", "low", "high", "se", "p_value"):
        assert getattr(from_summaries, field) == pytest.approx(getattr(from_values, field)), field
    assert from_summaries.n == from_values.n == 95
    assert math.isnan(summary_mean_difference((1, 3.0, 0.0), (5, 2.0, 1.0)).low)
    same = summary_mean_difference((4, 2.0, 0.0), (6, 2.0, 0.0))
    assert same.low < 0 < same.high and same.p_value == 1.0
