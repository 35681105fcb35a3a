"""The corrected per-card flags on base against itself: with nothing changed, two runs on
different seeds must not flag cards (at most one card in at least 9 of 10 runs), where the
uncorrected 95% tests flag several in most runs."""

from __future__ import annotations

import pytest

from smqt.pack.load import load_pack
from smqt.sim.plan.sides import NOISE_SEED, specs
from smqt.sim.run.playgame import play_game
from smqt.sim.statistics.stats import proportion_difference
from smqt.sim.statistics.verdicts import _owner_rate, card_flags, card_samples
from tests.support import ROOT

GAMES = 50
RUNS = 10


def _games(catalog, seed):
    return [play_game(catalog, "base", spec)
            for spec in specs([2], ["random"], 0, GAMES, seed)]


@pytest.mark.slow
def test_base_against_itself_flags_at_most_one_card_in_nine_runs_of_ten():
    catalog = load_pack(ROOT / "content" / "base")
    flagged, uncorrected = [], []
    for run in range(RUNS):
        seed = 1000 * run + 1
        one = card_samples(_games(catalog, seed))
        two = card_samples(_games(catalog, seed + NOISE_SEED))
        flags = card_flags(one, two)
        assert len(flags) >= 40  # most cards are owned often enough to be tested
        flagged.append(sum(f.flag for f in flags))
        uncorrected.append(sum(
            proportion_difference(_owner_rate(two[f.card]),
                                  _owner_rate(one[f.card])).p_value <= 0.05
            for f in flags))
    assert sum(n <= 1 for n in flagged) >= 9, flagged
    # the correction is what makes the difference: uncorrected, chance alone flags cards
    assert sum(uncorrected) > 3 * sum(flagged) and sum(n >= 1 for n in uncorrected) >= 5, \
        uncorrected
