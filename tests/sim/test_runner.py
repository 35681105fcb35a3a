"""Batches of games on any executor: the same results in the same order in this process, on a
process pool and on a Dask cluster, whatever the batch sizes; progress, cancel, and the
sentences a person gets when a cluster cannot be used."""

from __future__ import annotations

import io
import os
import sys
import time

import pytest

from smqt.pack.packsource import PackSource, load_source
from smqt.sim.run.playgame import GameSpec, play_game
from smqt.sim.run.runner import (
    ClusterUnavailable,
    InProcessExecutor,
    ProgressBar,
    SimCancelled,
    cluster_executor,
    local_executor,
    run_batches,
)
from smqt.sim.run.task import MAX_BATCH, MIN_BATCH, GameBatch, make_batches
from tests.support import ROOT

SHORT = ROOT / "content" / "variants" / "short-game"
GAMES = 120
"""Two batches of 60: enough for two workers to play at once."""


def specs(count: int, bots: tuple[str, ...] = ("random", "random")) -> list[GameSpec]:
    return [GameSpec(i, len(bots), 7 + i, bots) for i in range(count)]


@pytest.fixture(scope="module")
def source() -> PackSource:
    return PackSource.from_folder(SHORT)


@pytest.fixture(scope="module")
def expected(source):
    """Each game played on its own, with no batch and no executor."""
    catalog = load_source(source)
    return [play_game(catalog, "short", spec) for spec in specs(GAMES)]


def same(results, expected) -> None:
    assert [r.record for r in results] == [r.record for r in expected]
    assert [[s.score for s in r.seats] for r in results] == \
        [[s.score for s in r.seats] for r in expected]
    assert results == expected


# --------------------------------------------------------------------------- batches


@pytest.mark.parametrize(("games", "workers", "sizes"), [
    (0, 2, []),
    (6, 2, [6]),
    (120, 2, [60, 60]),
    (1001, 2, [126] + [125] * 7),
    (1000, 1000, [50] * 20),
    (10_000, 2, [500] * 20),
])
def test_games_are_cut_in_order_into_batches_of_50_to_500(source, games, workers, sizes):
    batches = make_batches(source, "base", specs(games), workers)
    assert [len(b.games) for b in batches] == sizes
    assert [s for b in batches for s in b.games] == specs(games)
    assert all(b.label == "base" and b.pack is source for b in batches)
    if games >= MIN_BATCH:
        assert all(MIN_BATCH <= len(b.games) <= MAX_BATCH for b in batches)


def test_batch_sizes_never_change_results(source, expected):
    one_each = [GameBatch(source, "short", (spec,)) for spec in specs(GAMES)]
    assert len(one_each) == GAMES
    same(run_batches(one_each, InProcessExecutor()), expected)


# --------------------------------------------------------------------------- executors


def test_in_process_results_in_batch_order_with_progress(source, expected):
    seen: list[tuple[int, int]] = []
    batches = make_batches(source, "short", specs(GAMES), workers=2)
    assert len(batches) == 2
    results = run_batches(batches, local_executor(1), lambda done, total: seen.append((done, total)))
    same(results, expected)
    assert seen == [(0, GAMES), (60, GAMES), (GAMES, GAMES)]


def test_a_process_pool_gives_the_same_results(source, expected):
    batches = make_batches(source, "short", specs(GAMES), workers=2)
    with local_executor(2) as pool:
        same(run_batches(batches, pool), expected)


def test_a_dask_cluster_gives_the_same_results(source, expected):
    """Two worker processes behind a real scheduler on the loopback: the batches are pickled,
    sent over TCP, and each worker imports smqt and loads the pack from its files."""
    distributed = pytest.importorskip("distributed")
    batches = make_batches(source, "short", specs(GAMES), workers=2)
    seen: list[int] = []
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster:
        with cluster_executor(cluster.scheduler_address) as executor:
            assert executor.status() == "2 workers, 2 threads" and executor.workers() == 2
            results = run_batches(batches, executor, lambda done, total: seen.append(done))
            assert executor.client.run(lambda: 1)  # both workers still there, the client open
        assert executor.client.status == "closed"
    same(results, expected)
    assert seen[0] == 0 and seen[-1] == GAMES


def test_cancel_stops_before_the_next_batch(source):
    played: list[int] = []
    batches = make_batches(source, "short", specs(GAMES), workers=2)

    class Counting(InProcessExecutor):
        def submit(self, fn, /, *args, **kwargs):
            played.append(len(args[0].games))
            return super().submit(fn, *args, **kwargs)

    with pytest.raises(SimCancelled):
        run_batches(batches, Counting(), cancelled=lambda: bool(played))
    assert played == [60]


def test_cancel_ends_a_process_pool_without_waiting(source):
    """A running batch (here 300 easy games, a minute or more) is not waited for."""
    batches = make_batches(source, "short", specs(600, ("easy", "easy")), workers=1)
    pool = local_executor(2)
    workers = []

    def cancelled() -> bool:
        workers.extend(pool._processes.values())  # started with the first batch
        return bool(workers)

    with pytest.raises(SimCancelled):
        run_batches(batches, pool, cancelled=cancelled)
    # the pool's own thread may reap a worker first (then is_alive() can answer True for a
    # moment): a worker has ended when its pid is gone or its exit code is known
    deadline = time.monotonic() + 20
    while not all(_ended(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers and all(_ended(p) for p in workers)


def _ended(process) -> bool:
    if process.exitcode is not None:
        return True
    try:
        os.kill(process.pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_failing_batch_fails_the_run(source):
    broken = GameBatch(source, "short", (GameSpec(0, 2, 1, ("nobody", "random")),))
    with pytest.raises(Exception, match="nobody"):
        run_batches([broken], InProcessExecutor())


# --------------------------------------------------------------------------- the person's side


def test_progress_bar_shows_a_status():
    out = io.StringIO()
    bar = ProgressBar(10, out, status=lambda: "3 workers, 12 threads")
    bar(10, 10)
    line = out.getvalue().rstrip()
    assert "10/10 games" in line and line.endswith(" s left, 3 workers, 12 threads")


def test_without_distributed_the_cluster_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterUnavailable, match=r"pip install 'smqt\[cluster\]'"):
        with cluster_executor("tcp://127.0.0.1:8786"):
            pass


def test_an_unreachable_scheduler_is_a_sentence():
    pytest.importorskip("distributed")
    with pytest.raises(ClusterUnavailable, match="cannot reach the Dask scheduler"):
        with cluster_executor("tcp://127.0.0.1:9", timeout=1):
            pass


def test_the_progress_says_what_it_waits_for():
    """Before any game has finished there is no rate to say how long the rest takes ("?",
    not "0 s left"); written to a log, a line comes whenever the status changes (a cluster's
    workers come or go), besides one a tenth."""
    out = io.StringIO()
    status = {"text": "no workers yet: the games wait for one (Ctrl+C stops)"}
    bar = ProgressBar(100, out, status=lambda: status["text"])
    bar(0, 100)
    bar(0, 100)  # told again while nothing moves: no new line
    status["text"] = "2 workers, 2 threads"
    bar(0, 100)
    bar(5, 100)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2, lines
    assert "0/100 games, 0.0/s, ? s left, no workers yet" in lines[0]
    assert lines[1].endswith("? s left, 2 workers, 2 threads")
