"""The two halves of a Dask cluster served by smqt itself: ``smqt cluster scheduler`` and
``smqt cluster worker``. The installers carry Dask distributed but not its ``dask`` command,
and a worker must be able to import smqt, so the app itself is the scheduler and the workers
(a frozen worker's processes are the frozen app started again).

Each worker process has one thread (a game is Python code: the threads of one process would
take turns). Dask's own log lines stay at warnings; what a person needs is said in
sentences through ``say``. Both run until Ctrl+C (or SIGTERM, or the terminal closing), and a
worker also stops when its scheduler closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from smqt.language.translate import _, ngettext
from smqt.sim.run import workerlogs
from smqt.sim.run.runner import distributed_module, smqt_version

WAIT_SECONDS = 60.0
"""How long a worker waits for its scheduler to answer when it starts."""

Say = Callable[[str], None]


class StartFailed(RuntimeError):
    """The scheduler or the workers could not start; the message says why."""


def most_processes() -> int:
    """The most worker processes one machine is allowed: four per core."""
    return 4 * (os.cpu_count() or 1)


def _distributed() -> Any:
    # Dask speaks of every connection at INFO; a person reads smqt's sentences instead. Set
    # before the import (Dask sets its logging up then), and inherited by the worker processes.
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "warning")
    return distributed_module()


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
"""Ctrl+C, ``kill`` and a closed terminal: each stops a scheduler or a machine's workers
cleanly; a second one ends the process at once."""


@contextlib.contextmanager
def _stop_requests() -> Iterator[asyncio.Event]:
    """An event set by the first stop signal while the ``with`` lasts (inside a running event
    loop); a second signal ends the process at once (exit status 130), as a second Ctrl+C
    is meant to. The handlers before are put back after."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    previous: dict[int, Any] = {}

    def stopped(_signum: int, _frame: Any) -> None:
        if stop.is_set():
            os._exit(130)  # the worker processes follow their nanny (they watch their parent)
        loop.call_soon_threadsafe(stop.set)

    for signum in STOP_SIGNALS:
        previous[signum] = signal.signal(signum, stopped)
    try:
        yield stop
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


async def _first(work: Awaitable[Any], stop: asyncio.Event) -> bool:
    """Wait for ``work`` or ``stop``, whichever comes first; True when ``work`` finished first
    (its exception, if any, raised), False when ``stop`` did (``work`` is then cancelled)."""
    ending = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    await asyncio.wait([ending, stopping], return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if ending.done():
        await asyncio.gather(stopping, return_exceptions=True)
        ending.result()
        return True
    ending.cancel()
    await asyncio.gather(ending, stopping, return_exceptions=True)
    return False


async def _close_workers(scheduler: Any, seconds: float = 10.0) -> None:
    """Ask every worker's nanny to stop its worker, and wait (``seconds`` at most, for the
    asking and the stopping together) until they have. A scheduler that just closed would
    leave the workers to find it gone in the middle of a heartbeat, and a worker told to stop
    by the scheduler stops behind its nanny's back: Dask reports either as an error with its
    traceback. A nanny that does not answer (a stopped process) is not waited for longer."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds

    async def ask(nanny: str) -> None:
        # no reply awaited: the nanny closes the connection as it stops
        await scheduler.rpc(nanny).terminate(reason="scheduler-close", reply=False)

    nannies = [worker.nanny for worker in list(scheduler.workers.values()) if worker.nanny]
    with contextlib.suppress(Exception):  # a nanny gone already, or the time up
        await asyncio.wait_for(asyncio.gather(*map(ask, nannies), return_exceptions=True),
                               seconds)
    while scheduler.workers and loop.time() < end:
        await asyncio.sleep(0.05)


def _comings_and_goings(distributed: Any, say: Say) -> Any:
    """A scheduler plugin that says when a worker process joins or leaves."""

    class ComingsAndGoings(distributed.diagnostics.plugin.SchedulerPlugin):  # type: ignore[misc]
        def add_worker(self, scheduler: Any, worker: str) -> None:
            count = len(scheduler.workers)
            say(ngettext("A worker process joined from {host} ({count} now).",
                         "A worker process joined from {host} ({count} now).", count).format(
                host=_host(worker), count=count))

        def remove_worker(self, scheduler: Any, worker: str, **_kwargs: Any) -> None:
            count = len(scheduler.workers)
            say(ngettext("A worker process from {host} left ({count} now).",
                         "A worker process from {host} left ({count} now).", count).format(
                host=_host(worker), count=count))

    return ComingsAndGoings()


def _host(address: str) -> str:
    """``tcp://10.0.0.5:41234`` -> ``10.0.0.5``."""
    return address.partition("://")[2].rpartition(":")[0] or address


def serve_scheduler(host: str | None, port: int, say: Say) -> None:
    """Run a scheduler on ``host`` (None: every network interface) and ``port`` until a stop
    signal. Raises StartFailed when it cannot listen there."""
    distributed = _distributed()
    where = f"{host}:{port}" if host else str(port)  # not translated: an address

    async def run() -> None:
        with _stop_requests() as stop:  # from the start: Ctrl+C may come at once
            try:
                # no dashboard, and its small web server (health checks) on any free port
                scheduler = distributed.Scheduler(host=host, port=port, dashboard=False,
                                                  dashboard_address=":0")
                await scheduler
            except (OSError, RuntimeError, ValueError) as exc:
                problem = exc.__cause__ if isinstance(exc, RuntimeError) and exc.__cause__ \
                    else exc
                raise StartFailed(_("cannot listen on {where}: {problem}").format(
                    where=where, problem=problem)) from None
            try:
                scheduler.add_plugin(_comings_and_goings(distributed, say), name="smqt-say")
                say(_("The scheduler listens at {address} (smqt {version}).").format(
                    address=scheduler.address, version=smqt_version()))
                say(_("On each worker machine: smqt cluster worker {address}").format(
                    address=scheduler.address))
                say(_("From any machine that reaches it: smqt sim ... --cluster {address}")
                    .format(address=scheduler.address))
                say(_("Ctrl+C stops the scheduler."))
                await _first(scheduler.finished(), stop)
                await _close_workers(scheduler)
            finally:
                await scheduler.close()
        say(_("The scheduler has stopped."))

    asyncio.run(run())


def serve_workers(address: str, processes: int, say: Say, wait: float = WAIT_SECONDS) -> None:
    """Run ``processes`` worker processes of one thread each for the scheduler at ``address``
    until a stop signal or until the scheduler closes. Raises StartFailed when the scheduler
    does not answer within ``wait`` seconds, or the processes cannot start."""
    distributed = _distributed()

    async def run() -> None:
        gone = started = False
        with _stop_requests() as stop:  # before anything is said: Ctrl+C may come at once
            say(ngettext("Starting {count} worker process for {address} (waiting up to "
                         "{seconds} s for it)...",
                         "Starting {count} worker processes for {address} (waiting up to "
                         "{seconds} s for it)...", processes).format(
                count=processes, address=address, seconds=round(wait)))
            nannies = [distributed.Nanny(address, nthreads=1, death_timeout=wait,
                                         dashboard=False, dashboard_address=":0",
                                         preload=[workerlogs.__name__])
                       for _ in range(processes)]

            async def close() -> None:
                await asyncio.gather(*(nanny.close(timeout=10) for nanny in nannies),
                                     return_exceptions=True)

            try:
                started = await _first(asyncio.gather(*nannies), stop)
            except (OSError, TimeoutError, RuntimeError, ValueError) as exc:
                await close()
                if isinstance(exc, TimeoutError) or isinstance(exc.__cause__, TimeoutError):
                    raise StartFailed(_("the scheduler at {address} did not answer within "
                                        "{seconds} s; is it running, and is the address "
                                        "right?").format(address=address,
                                                         seconds=round(wait))) from None
                problem = exc.__cause__ if isinstance(exc, RuntimeError) and exc.__cause__ \
                    else exc
                raise StartFailed(_("the worker processes could not start: {problem}").format(
                    problem=f"{type(problem).__name__}: {problem}")) from None
            if started:
                say(ngettext("{count} worker process of smqt {version} has joined {address}. "
                             "Ctrl+C stops it.",
                             "{count} worker processes of smqt {version} have joined {address}. "
                             "Ctrl+C stops them.", processes).format(
                    count=processes, version=smqt_version(), address=address))
                gone = await _first(asyncio.gather(*(nanny.finished() for nanny in nannies)),
                                    stop)
            await close()
        if started and gone:
            say(_("The scheduler has gone; the workers have stopped."))
        else:
            say(_("The workers have stopped."))

    asyncio.run(run())
