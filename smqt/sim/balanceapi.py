"""The balance search for a program (the editor's "Find a balanced value…"): a pack folder, the
number, its range and the goal in; the value proposed, its interval and the report's folder
out. It runs ``smqt sim --tune`` itself (``command.run_sim``), so the report is the same, with
its provenance and ``--rerun``; call it off the GUI thread."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import attrs

from smqt.sim.command import SimOptions, run_sim
from smqt.sim.report.reportfile import read_report
from smqt.sim.statistics.goals import Balance


@attrs.frozen
class BalanceOutcome:
    """What the search found."""

    code: int
    """``run_sim``'s exit code: 0 found (clear or not), 2 bad input or a goal out of reach (the
    report is written for the latter), 130 cancelled (the report so far is written)."""
    value: float | None
    """The value proposed (None when nothing was written)."""
    estimate: float
    """The goal's measure at that value (rates as fractions; NaN when none)."""
    low: float
    """Its 95% interval's lower end."""
    high: float
    """Its upper end."""
    clear: bool
    """The search stopped clear (not at the budget, nor cancelled)."""
    sentence: str
    """The outcome in words, or the problem when nothing was written."""
    report: Path | None
    """The report's folder (report.html is its page), None when nothing was written."""
    balance: Balance | None
    """Every value tried, as report.json keeps it."""


def find_balanced_value(pack: str, target: str, low: float, high: float, goal: str, out_dir: str,
                        *, within: float | None = None, games: int = 10,
                        max_games: int = 5000, players: str = "2", bots: str = "medium",
                        seed: int = 1, jobs: int | None = None,
                        progress: Callable[[int, int], None] | None = None,
                        cancelled: Callable[[], bool] | None = None,
                        rounds_told: Callable[[int, str], None] | None = None
                        ) -> BalanceOutcome:
    """Search ``target`` (``card.ID.scoring[0].points``) over ``low..high`` for ``goal``
    (``card.ID.win=0``) on the pack in ``pack``; the report goes to ``out_dir`` (replaced).
    ``progress(done, total)`` follows each round's games; ``rounds_told(round, status)`` hears
    after each round the best value so far with its interval and the values left;
    ``cancelled()`` turning true stops the search, which keeps what it learnt."""
    shown = f"{low:g}..{high:g}"
    options = SimOptions(pack=pack, out_dir=out_dir, tune=(f"{target}={shown}",), goal=(goal,),
                         within=within, games=games, max_games=max_games, players=players,
                         bots=bots, seed=seed, jobs=jobs, force=True)
    folder = Path(out_dir)
    before = _written(folder)
    out, err = io.StringIO(), io.StringIO()
    code = run_sim(options, out, err, cancelled=cancelled, progress=progress,
                   rounds_told=rounds_told)
    if _written(folder) in (None, before) or code not in (0, 2, 130):
        return BalanceOutcome(code, None, float("nan"), float("nan"), float("nan"), False,
                              _problem(err.getvalue()), None, None)
    balance = read_report(folder).balance
    if balance is None or balance.proposed is None:
        return BalanceOutcome(code, None, float("nan"), float("nan"), float("nan"), False,
                              _problem(err.getvalue()), None, None)
    best = next(t for t in balance.tried if t.values == balance.proposed)
    figure = best.figures[0]
    return BalanceOutcome(code, balance.proposed[0], figure.estimate, figure.low, figure.high,
                          balance.stop == "clear", balance.sentence, folder, balance)


def _problem(told: str) -> str:
    """What the run said of its problem, without its progress bars: the last line it wrote
    (the rounds' lines come before), without the program's name."""
    lines = [line.strip() for line in told.replace("\r", "\n").splitlines()
             if line.strip() and not line.startswith("[")]
    return lines[-1].removeprefix("smqt sim: ") if lines else ""  # not translated: the name


def _written(folder: Path) -> int | None:
    """When report.json in ``folder`` was last written (None: there is none)."""
    try:
        return (folder / "report.json").stat().st_mtime_ns
    except OSError:
        return None
