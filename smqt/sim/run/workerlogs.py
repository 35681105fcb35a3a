"""Run in each worker process of ``smqt cluster worker`` (Dask's preload hook): three reports
Dask makes of a worker that stops as asked are dropped while it is stopping, because nothing
went wrong:

- the nanny's thread sometimes reads its stop message while the process closes that very queue,
  reported as "Worker process died unexpectedly" with a traceback;
- a game batch cut short by the stop is reported as "Async instruction for ... ended with
  CancelledError" (the run that sent it plays the batch again on another worker);
- a heartbeat to the scheduler sent while the connection closes is reported as "Failed to
  communicate with scheduler during heartbeat", with a traceback.

At any other time they stay (then something did go wrong).

A worker process also leaves Ctrl+C and a closed terminal to its nanny: a terminal sends them
to every process of the command, and the nanny stops its worker in order (a worker that took
Ctrl+C itself would end in a traceback, and its nanny would start a new one)."""

from __future__ import annotations

import logging
import signal
import threading
from typing import Any

NOISE = {  # Dask's loggers, and words of their messages
    "distributed.nanny": ("Worker process died unexpectedly",),  # not translated: Dask's words
    "distributed.worker.state_machine": (
        "Async instruction for ",  # not translated: Dask's words
        "ended with CancelledError"),  # not translated: Dask's words
    "distributed.worker": (
        "Failed to communicate with scheduler during heartbeat",),  # not translated: Dask's words
}
STOPPING = ("closing", "closed", "closing_gracefully")  # not translated: Dask's worker states


class StoppingNoise(logging.Filter):
    def __init__(self, worker: Any) -> None:
        super().__init__()
        self.worker = worker

    def filter(self, record: logging.LogRecord) -> bool:
        words = NOISE.get(record.name)
        if not words or not all(word in record.getMessage() for word in words):
            return True
        return getattr(getattr(self.worker, "status", None), "name", "") not in STOPPING


def dask_setup(worker: Any) -> None:
    for name in NOISE:
        logging.getLogger(name).addFilter(StoppingNoise(worker))
    if threading.current_thread() is threading.main_thread():  # where signals can be set
        for name in ("SIGINT", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
