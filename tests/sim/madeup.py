"""Game results made up from a seeded generator, in the shape ``play_game`` gives them, and a
report of one side of them: for tests of the statistics over many runs, which real games
would make too slow (the same seed gives the same results)."""

from __future__ import annotations

import random

from smqt.sim.plan.sides import specs
from smqt.sim.report.model import Meta, PackName, Report, SideSummary
from smqt.sim.report.summary import summarise_games
from smqt.sim.run.playgame import GameResult, GameSpec, SeatResult
from smqt.sim.statistics.verdicts import FDR, precisions

LINEUP = ("medium", "medium")


def game(spec: GameSpec, scores: list[int], turns: int, label: str = "base") -> GameResult:
    """A game of ``spec`` that ended with ``scores`` after ``turns`` turns: the best score
    wins (shared when equal), the others rank behind it."""
    best = max(scores)
    winners = tuple(k for k, score in enumerate(scores) if score == best)
    seats = tuple(SeatResult(seat=k, bot=spec.bots[k], score=score, won=k in winners,
                             rank=1 + sum(other > score for other in scores), sand_dollars=0,
                             categories={"card": score}, cards=(), buys={})
                  for k, score in enumerate(scores))
    return GameResult(label, spec, seats, winners, "shared" if len(winners) > 1 else "score",
                      "blue", turns, {}, {}, (), (tuple(scores),), 40, 400, "")


def medium_like(seed: int, games: int, draw: random.Random) -> list[GameResult]:
    """Two-player games like the medium bots' of base: 28 turns nearly always (27 or 26 now
    and then), scores about 70 +- 8."""
    results = []
    for spec in specs([2], LINEUP, 0, games, seed):
        turns = draw.choices((28, 27, 26), weights=(97, 2, 1))[0]
        results.append(game(spec, [round(draw.gauss(70, 8)) for _seat in range(2)], turns))
    return results


def report_of(results: list[GameResult], seed: int) -> Report:
    """A report of base alone from ``results`` (played from ``seed`` on), as ``smqt sim``
    would write it (no provenance: these games were never played)."""
    meta = Meta(title="made up", design="made up", bots=LINEUP, players=(2,), seed=seed,
                games=len(results), rounds=1, per_change=False, sweep=None, until_clear=False,
                cluster=False, fdr=FDR, precision=precisions(None), skipped=())
    side = SideSummary(title="base 1.1.0", kind="base", pack=PackName("base", "1.1.0", "0" * 64),
                       players={"2": summarise_games(results)})
    return Report(schema=2, meta=meta, names={}, changes=(), comparisons=(), noise=None,
                  ladder=(), sides={"base": side})
