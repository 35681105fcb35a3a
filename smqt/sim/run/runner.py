"""Run batches of games on any ``concurrent.futures.Executor`` with a progress bar; the
executors a run can have: this process, a local process pool on all cores, or a Dask cluster.

Results come back in batch order, not in the order batches finish, so a run gives the same
results whatever the executor or the number of workers.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TextIO

from smqt.language.formats import fixed
from smqt.language.translate import N_, _, ngettext
from smqt.sim.run.playgame import GameResult
from smqt.sim.run.task import GameBatch, play_batch

__all__ = [
    "ClusterExecutor",
    "ClusterUnavailable",
    "InProcessExecutor",
    "Progress",  # not translated: a name exported
    "ProgressBar",
    "SimCancelled",
    "cluster_executor",
    "default_jobs",
    "distributed_module",
    "local_executor",
    "run_batches",
    "scheduler_address",
]

Progress = Callable[[int, int], None]
"""``progress(done_games, total_games)``."""

_POLL_SECONDS = 0.2
"""How often a run asks whether it was cancelled while it waits for batches."""

_REFRESH_SECONDS = 2.0
"""How often the progress is told again while no batch finishes."""

DEFAULT_PORT = 8786
"""Dask's usual scheduler port."""


class SimCancelled(KeyboardInterrupt):
    """The person stopped the run; like Ctrl+C, no ``except Exception`` swallows it."""


class ClusterUnavailable(RuntimeError):
    """A Dask cluster cannot be used: the extra is missing, the scheduler cannot be reached or
    its workers cannot run smqt. The message says what to do."""


def default_jobs() -> int:
    return os.cpu_count() or 1


class ProgressBar:
    """``[#####.....] 120/400 games, 12.3/s, 23 s left`` on one updating line (or a line per
    tenth when the output is not a terminal); ``status``, when given, adds its text (such as
    the cluster's workers) to the line."""

    def __init__(self, total: int, out: TextIO | None = None, label: str = N_("games"),
                 status: Callable[[], str] | None = None) -> None:
        self.total = total
        self.out = out or sys.stderr
        self.label = label
        self.status = status
        self.start = time.monotonic()
        self.last_tenth = -1
        self.last_extra = ""
        self.interactive = bool(getattr(self.out, "isatty", lambda: False)())

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        # "?" while no game has finished: no rate yet to say how long the rest takes
        left = f"{(total - done) / rate:.0f}" if rate > 0 else "?" if done < total else "0"
        filled = int(30 * done / total) if total else 30
        bar = f"[{'#' * filled}{'.' * (30 - filled)}]"
        extra = self.status() if self.status else ""
        shown = {"bar": bar, "done": done, "total": total, "label": _(self.label),
                 "rate": fixed(rate, ".1f"), "left": left, "extra": extra}
        if extra:
            text = _("{bar} {done}/{total} {label}, {rate}/s, {left} s left, {extra}").format(
                **shown)
        else:
            text = _("{bar} {done}/{total} {label}, {rate}/s, {left} s left").format(**shown)
        if self.interactive:
            self.out.write("\r" + text + (" " * 4))
            if done == total:
                self.out.write("\n")
        else:  # a line a tenth, and whenever the status changes (a cluster's workers come or go)
            tenth = 10 * done // total if total else 10
            if tenth != self.last_tenth or extra != self.last_extra:
                self.last_tenth, self.last_extra = tenth, extra
                self.out.write(text + "\n")
        self.out.flush()


# --------------------------------------------------------------------------- running


def run_batches(batches: Sequence[GameBatch], executor: Executor, progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None,
                arrived: Callable[[list[GameResult]], None] | None = None) -> list[GameResult]:
    """Play every batch on ``executor``; the results of all games, in batch order.

    ``arrived(results)`` is given each batch's results as it finishes (in the order they
    finish), before ``progress(done_games, total_games)`` is told, which is called as batches
    finish (and once with 0 at the start). When ``cancelled()`` turns true, or anything
    interrupts the wait (Ctrl+C, an exception from ``progress``), the batches not finished are
    cancelled, the executor is shut down without waiting for them and the run raises
    (``SimCancelled`` for a cancel).
    """
    total = sum(len(b.games) for b in batches)
    results: list[list[GameResult] | None] = [None] * len(batches)
    index: dict[Future[list[GameResult]], int] = {}
    done_games = 0

    def collect(finished: set[Future[list[GameResult]]]) -> None:
        nonlocal done_games
        for future in finished:
            i = index.pop(future)
            results[i] = future.result()  # a batch's error is the run's error
            done_games += len(batches[i].games)
            if arrived:
                arrived(results[i])
        if finished and progress:
            progress(done_games, total)

    def stop() -> None:
        if cancelled and cancelled():
            raise SimCancelled

    try:
        if progress:
            progress(0, total)
        for i, batch in enumerate(batches):
            stop()
            index[executor.submit(play_batch, batch)] = i
            # An in-process executor has finished the batch already: report it now.
            collect({f for f in index if f.done()})
        said = time.monotonic()
        while index:
            stop()
            finished, _ = wait(index, timeout=_POLL_SECONDS, return_when=FIRST_COMPLETED)
            collect(finished)
            if finished:
                said = time.monotonic()
            elif progress and time.monotonic() - said >= _REFRESH_SECONDS:
                said = time.monotonic()  # nothing finished for a while: say so anew (the
                progress(done_games, total)  # status may have changed: workers gone, none yet)
    except BaseException:
        _abandon(executor, list(index))
        raise
    return [result for batch in results if batch is not None for result in batch]


def _abandon(executor: Executor, futures: Sequence[Future[Any]]) -> None:
    """Cancel ``futures`` and stop ``executor`` without waiting for the batches it runs: a
    local pool's workers are ended, a cluster forgets the tasks."""
    processes = []
    if isinstance(executor, ProcessPoolExecutor):  # taken before the shutdown forgets them
        processes = list((executor._processes or {}).values())
    for future in futures:
        future.cancel()
    executor.shutdown(wait=False, cancel_futures=True)
    # Running batches cannot be cancelled and can take minutes with strong bots; the workers
    # would go on playing them after the run. (Python 3.14 has terminate_workers() for this.)
    for process in processes:
        process.terminate()


# --------------------------------------------------------------------------- executors


class InProcessExecutor(Executor):
    """Runs each call in ``submit``, in this process: one-core runs and tests spawn nothing."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # handed to whoever reads the future, as a pool would
            future.set_exception(exc)
        return future


def local_executor(jobs: int | None = None) -> Executor:
    """``jobs`` worker processes (all cores by default), or this process when ``jobs`` is 1.

    Workers are spawned, not forked: a fork of a process running Qt threads can deadlock, and
    spawn is what Windows and macOS do anyway.
    """
    jobs = jobs or default_jobs()
    if jobs == 1:
        return InProcessExecutor()
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))


class ClusterExecutor(Executor):
    """Batches run on the workers of a Dask distributed scheduler; ``shutdown`` closes the
    connection (the cluster itself goes on)."""

    def __init__(self, client: Any, address: str = "") -> None:
        self.client = client
        self.address = address
        self.most = (0, 0)
        """The most workers, and their threads, seen connected during the run."""
        # pure=False: no hashing of every batch's pack to name the task, and two equal batches
        # stay two tasks.
        self._executor = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        try:
            self._executor.shutdown(wait=wait and not cancel_futures)
        finally:
            self.client.close()

    def _threads(self) -> tuple[int, int]:
        workers = self.client.scheduler_info().get("workers", {})
        now = len(workers), sum(w.get("nthreads", 0) for w in workers.values())
        self.most = max(self.most, now)
        return now

    def workers(self) -> int:
        """Threads of the workers connected now (at least 1): what ``make_batches`` spreads
        the games over."""
        return max(1, self._threads()[1])

    def status(self) -> str:
        """``3 workers, 12 threads``: for the progress bar (a run waits while there are none).
        Empty when the scheduler cannot say: a progress line must never stop a run."""
        try:
            workers, threads = self._threads()
        except Exception:
            return ""
        if not workers:
            return _("no workers yet: the games wait for one (Ctrl+C stops)")
        return ngettext("{workers} worker, {threads} threads",
                        "{workers} workers, {threads} threads", workers).format(
            workers=workers, threads=threads)


def scheduler_address(text: str) -> str:
    """``HOST:PORT`` or ``tcp://HOST:PORT`` as Dask's ``tcp://HOST:PORT`` (an IPv6 host in
    brackets: ``tcp://[fe80::1]:8786``); ValueError (a sentence) for anything else."""
    address = text.strip()
    if "://" in address:
        scheme, _sep, address = address.partition("://")
        if scheme != "tcp":
            raise ValueError(_("{address}: a scheduler's address starts with tcp://").format(
                address=text))
    host, sep, port = address.rpartition(":")
    if not sep or not is_host(host) or not port.isascii() or not port.isdigit() \
            or not 0 < int(port) < 65536:
        raise ValueError(_("{address} is no scheduler address; write it as tcp://HOST:PORT, "
                           "e.g. tcp://192.168.1.20:{port} (an IPv6 address in brackets: "
                           "tcp://[fe80::1]:{port})").format(address=text, port=DEFAULT_PORT))
    return f"tcp://{host}:{int(port)}"  # not translated: an address


def is_host(host: str) -> bool:
    """A host name, an IPv4 address or a bracketed IPv6 address: no blanks, and a colon only
    inside brackets."""
    if host.startswith("[") and host.endswith("]"):
        inner = host[1:-1]
        return bool(inner) and all(c in "0123456789abcdefABCDEF:." for c in inner)
    return bool(host) and host.isascii() and ":" not in host and \
        not any(c.isspace() or c in "[]/@" for c in host)


def distributed_module() -> Any:
    """Dask distributed, or ClusterUnavailable saying how to add it (the installers carry it;
    a Python install has it with the ``cluster`` extra)."""
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(
            _("running on a cluster needs Dask distributed: pip install 'smqt[cluster]'")
        ) from None
    return distributed


@contextmanager
def cluster_executor(address: str, timeout: float = 10.0) -> Iterator[ClusterExecutor]:
    """Connect to the Dask scheduler at ``address`` (``tcp://HOST:8786``) for the duration of
    the ``with``. Raises ClusterUnavailable when ``distributed`` is not installed, the
    scheduler does not answer within ``timeout`` seconds or its workers cannot import this
    version of smqt (every worker needs it installed: tasks name ``play_batch`` by module)."""
    distributed = distributed_module()
    try:
        address = scheduler_address(address)
    except ValueError as exc:
        raise ClusterUnavailable(str(exc)) from None
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise ClusterUnavailable(_("cannot reach the Dask scheduler at {address}: {problem}")
                                 .format(address=address, problem=exc)) from None
    executor = ClusterExecutor(client, address)
    # The client's own reports of a lost scheduler (a traceback at ERROR) would come before
    # the run's one sentence about it: held back while connected.
    quiet = logging.getLogger("distributed.client")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        _check_workers(client, address)
        yield executor
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        quiet.setLevel(level)


def smqt_version() -> str:
    """This process's smqt version (run on each worker to compare with the client's)."""
    import smqt

    return smqt.__version__


def _check_workers(client: Any, address: str) -> None:
    """Every worker connected now runs the same smqt (a different one could play other games)."""
    mine = smqt_version()
    try:
        versions = client.run(smqt_version)
    except Exception as exc:  # the worker's unpickling error when smqt is not installed there
        raise ClusterUnavailable(
            _("the workers of {address} cannot run smqt ({problem}); install smqt {version} on "
              "every worker").format(address=address, problem=f"{type(exc).__name__}: {exc}",
                                     version=mine)) from None
    others = {worker: v for worker, v in versions.items() if v != mine}
    if others:
        listed = ", ".join(_("{worker} has {version}").format(worker=worker, version=v)
                           for worker, v in sorted(others.items()))
        raise ClusterUnavailable(
            _("the workers of {address} must run smqt {version}, like this computer: {listed}")
            .format(address=address, version=mine, listed=listed))


def both_told(bar: ProgressBar, progress: Callable[[int, int], None] | None
              ) -> Callable[[int, int], None]:
    """Progress said to the terminal's bar and to a caller's ``progress`` (the editor's)."""
    def told(done: int, total: int) -> None:
        bar(done, total)
        if progress is not None:
            progress(done, total)

    return told
