"""The weights' tuning by self-play (smqt.cli.tuning): a seeded run prints each round and the
weights, and gives the same weights again; expert searches with the tuned weights."""

from __future__ import annotations

import io

import attrs

from smqt.ai.evaluation import EXPERT, MEDIUM, Weights
from smqt.ai.search import ExpertBot
from smqt.cli.tuning import TUNED, tune


def test_a_seeded_tuning_run_is_reproducible():
    first, second = io.StringIO(), io.StringIO()
    one = tune(2, 4, seed=5, jobs=1, out=first)
    two = tune(2, 4, seed=5, jobs=1, out=second)
    assert one == two and first.getvalue() == second.getvalue()
    lines = first.getvalue().splitlines()
    assert lines[0].startswith("round 0: ") and lines[-1].startswith("weights {")
    assert isinstance(one, Weights)
    changed = {k for k in TUNED if getattr(one, k) != getattr(MEDIUM, k)}
    assert changed in (set(), set(TUNED)), "a round changes every weight or none"


def test_expert_searches_with_the_tuned_weights():
    bot = ExpertBot()
    assert bot.weights == EXPERT and bot.greedy.weights == EXPERT
    assert attrs.asdict(EXPERT)["potential"] is True
    assert bot.samples > 1 and bot.deep > 5
