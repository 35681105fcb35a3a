"""Interval formulas and tests of the simulation reports, against published values."""

from __future__ import annotations

import pytest

from smqt.sim.stats import (
    paired_difference,
    percentile,
    proportion_difference,
    seat_balance,
    summarise,
    wilson,
)


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
    d = paired_difference([3, 4, 5, 6], [1, 2, 3, 4])
    assert d.estimate == 2 and d.low == d.high == 2
