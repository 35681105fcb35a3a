"""The unit of work an executor runs: a batch of games under one pack, carried by value, and
how a run's games are cut into batches.

A batch holds only plain values and ``play_batch`` is a top-level function, so any
``concurrent.futures`` executor can run it: this process, a local process pool or a Dask
cluster. Every game is a pure function of (pack, label, spec), so how the games are cut into
batches never changes a result.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from smqt.ai.collector import tune as tune_collector
from smqt.pack.packsource import PackSource, load_source
from smqt.sim.run.playgame import GameResult, GameSpec, play_game

__all__ = ["BATCHES_PER_WORKER", "MAX_BATCH", "MIN_BATCH", "GameBatch", "make_batches",
           "play_batch"]

MIN_BATCH = 50
"""Fewer games a task would spend a noticeable share of its time in sending the pack and
starting up (a Dask task costs milliseconds of scheduling; an easy game about as much)."""
MAX_BATCH = 500
"""More would leave workers idle at the end of a run and make progress jump."""
BATCHES_PER_WORKER = 4
"""Enough batches that a worker finishing early picks up another (games differ in length)."""


@attrs.frozen
class GameBatch:
    """Games played one after another by one worker, under one pack."""

    pack: PackSource
    label: str
    """Which side of a comparison the games belong to (``base``, a change, a sweep value)."""
    games: tuple[GameSpec, ...]


def play_batch(batch: GameBatch) -> list[GameResult]:
    """Play every game of ``batch``, in order (the worker loads its pack once)."""
    tune_collector()
    catalog = load_source(batch.pack)
    return [play_game(catalog, batch.label, spec) for spec in batch.games]


def make_batches(pack: PackSource, label: str, specs: Sequence[GameSpec],
                 workers: int) -> list[GameBatch]:
    """``specs`` cut in order into batches of ``MIN_BATCH`` to ``MAX_BATCH`` games (one
    smaller batch when there are fewer games), about ``BATCHES_PER_WORKER`` per worker; the
    batches differ in size by one game at most."""
    total = len(specs)
    if total == 0:
        return []
    fewest = -(-total // MAX_BATCH)
    most = max(1, total // MIN_BATCH)
    count = min(max(BATCHES_PER_WORKER * max(1, workers), fewest), most)
    size, extra = divmod(total, count)
    batches, start = [], 0
    for i in range(count):
        end = start + size + (i < extra)
        batches.append(GameBatch(pack, label, tuple(specs[start:end])))
        start = end
    return batches
