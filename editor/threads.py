"""Ending the worker thread of a long job (a simulation, a print-and-play export)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QThread


def end_thread(thread: QThread | None, worker: QObject | None) -> None:
    """Stop ``thread``'s event loop, wait for it, and let Qt delete it and its ``worker``
    (the job itself must have stopped or been told to)."""
    if thread is not None:
        thread.quit()
        thread.wait()
        thread.deleteLater()
    if worker is not None:
        worker.deleteLater()
