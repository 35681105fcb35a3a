"""Run game tasks on local processes with a progress bar; results come back in task order, so
a run is reproducible whatever the number of processes."""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO

from smqt.sim.task import GameResult, GameTask, play_task

Progress = Callable[[int, int], None]


def default_jobs() -> int:
    return os.cpu_count() or 1


class ProgressBar:
    """``[#####.....] 120/400 games, 12.3 games/s, 23 s left`` on one updating line (or a
    line per tenth when the output is not a terminal)."""

    def __init__(self, total: int, out: TextIO | None = None, label: str = "games") -> None:
        self.total = total
        self.out = out or sys.stderr
        self.label = label
        self.start = time.monotonic()
        self.last_tenth = -1
        self.interactive = bool(getattr(self.out, "isatty", lambda: False)())

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        filled = int(30 * done / total) if total else 30
        text = (f"[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {self.label}, "
                f"{rate:.1f}/s, {left:.0f} s left")
        if self.interactive:
            self.out.write("\r" + text + (" " * 4))
            if done == total:
                self.out.write("\n")
        else:
            tenth = 10 * done // total if total else 10
            if tenth != self.last_tenth:
                self.last_tenth = tenth
                self.out.write(text + "\n")
        self.out.flush()


def run_tasks(tasks: Sequence[GameTask], jobs: int | None = None,
              progress: Progress | None = None) -> list[GameResult]:
    """Play every task; ``jobs`` processes (all cores by default, 1 = in this process)."""
    jobs = jobs or default_jobs()
    results: list[GameResult] = []
    total = len(tasks)
    iterator: Iterable[GameResult]
    if jobs == 1 or total <= 1:
        iterator = (play_task(t) for t in tasks)
        for result in iterator:
            results.append(result)
            if progress:
                progress(len(results), total)
        return results
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool:
        for result in pool.imap(play_task, tasks, chunksize=1):
            results.append(result)
            if progress:
                progress(len(results), total)
    return results
