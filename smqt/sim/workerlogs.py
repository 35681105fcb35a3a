"""Run in each worker process of ``smqt cluster worker`` (Dask's preload hook): a worker that
stops as asked sometimes has Dask's nanny thread reading its stop message while the process
closes that very queue, and Dask reports it as "Worker process died unexpectedly" with a
traceback although nothing died. That one report is dropped while the worker is stopping;
at any other time it stays (then something did go wrong)."""

from __future__ import annotations

import logging
from typing import Any

NANNY_LOGGER = "distributed.nanny"
STOPPING_NOISE = "Worker process died unexpectedly"  # not translated: Dask's log message, matched


class StoppingNoise(logging.Filter):
    def __init__(self, worker: Any) -> None:
        super().__init__()
        self.worker = worker

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != STOPPING_NOISE:
            return True
        status = getattr(getattr(self.worker, "status", None), "name", "")
        return status not in ("closing", "closed", "closing_gracefully")


def dask_setup(worker: Any) -> None:
    logging.getLogger(NANNY_LOGGER).addFilter(StoppingNoise(worker))
