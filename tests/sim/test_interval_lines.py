"""Issue 43, finding 3: a line's interval and its verdict agree. The verdict "changed" rests on
the false-discovery correction over the comparison's measures; a line whose 95% interval
leaves out 0 but whose difference the correction does not keep showed "+4.5 pp [+0.7 pp,
+8.3 pp] ... not yet beyond chance". Now each line shows the interval its verdict rests on:
the corrected one, saying so, for a verdict on chance; the 95% one for a verdict on the
precision."""

from __future__ import annotations

import random
import re

from smqt.sim.plan.sides import Side, specs
from smqt.sim.report.build import comparison, summary_text
from smqt.sim.report.html import render
from smqt.sim.report.model import Report
from smqt.sim.report.summary import COLUMNS
from smqt.sim.statistics.verdicts import CHANGED, precisions, shown_interval
from tests.sim.madeup import LINEUP, game, report_of

GAMES = 200


def planted() -> tuple[list, list]:
    """Base's games, and a side's: the same games, but seat 1 wins 12 it lost and loses 3 it
    won (the seats' scores swapped): +4.5 points of win rate, p about 0.02 alone."""
    draw = random.Random(3)
    base, side = [], []
    flips = set(draw.sample(range(GAMES), 60))
    won, lost = 0, 0
    for spec in specs([2], LINEUP, 0, GAMES, 1):
        scores = [round(draw.gauss(70, 8)) for _seat in range(2)]
        if scores[0] == scores[1]:
            scores[0] += 1
        base.append(game(spec, scores, 28))
        swap = spec.index in flips and (
            (scores[0] < scores[1] and won < 12) or (scores[0] > scores[1] and lost < 3))
        if swap:
            won, lost = won + (scores[0] < scores[1]), lost + (scores[0] > scores[1])
            scores = scores[::-1]
        side.append(game(spec, scores, 28, label="variant"))
    assert (won, lost) == (12, 3)
    return base, side


def test_a_line_shows_the_interval_its_verdict_rests_on():
    base, mine = planted()
    side = Side("variant", "a variant 1.0.0 (all changes)", "variant", None)
    comp = comparison(side, base, mine, precisions(None))
    rows = comp.players["2"].rows
    for row in rows:  # "changed" exactly when the interval shown leaves out 0
        assert shown_interval(row).excludes_zero == (row.verdict == CHANGED), row
    seat = next(row for row in rows if row.key == "seat.0")
    assert seat.difference.excludes_zero, "beyond chance at 95% alone"
    assert seat.verdict != CHANGED and seat.corrected is not None
    assert seat.corrected.measures == 12 and seat.corrected.level > 0.995
    report = Report(schema=2, meta=report_of(base, 1).meta, names={}, changes=(),
                    comparisons=(comp,), noise=None, ladder=(), sides={})
    line = next(line for line in summary_text(report).splitlines()
                if line.strip().startswith("seat 1 win rate"))
    low, high = (float(v) for v in re.search(r"\[([-+0-9.]+) pp, ([-+0-9.]+) pp\]", line).groups())
    assert low < 0 < high, line
    assert "(99.6% interval, corrected for 12 measures)" in line
    assert "not yet beyond chance" in line
    page = render(report, COLUMNS)
    cell = re.search(r"seat 1 win rate <b>\*</b></td>.*?</tr>", page).group(0)
    assert f"+4.5 pp [{low:+.1f} pp, {high:+.1f} pp]" in cell, cell
    assert "99.6% interval, corrected for 12 measures" in cell
    # a verdict on the precision keeps the 95% interval, said once for the page
    turns = next(row for row in rows if row.key == "turns")
    assert turns.corrected is None and shown_interval(turns) == turns.difference
    assert "Each line shows the interval its verdict rests on" in page
