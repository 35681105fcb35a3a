"""The worker thread of a long job (a simulation, a print-and-play export): made, then ended."""

from __future__ import annotations

from PySide6.QtCore import QObject, QThread


def worker_thread(parent: QObject, worker: QObject) -> QThread:
    """A thread (not started yet) that runs ``worker.run()`` when started; ``worker`` lives in
    it, so its signals reach ``parent``'s thread queued."""
    thread = QThread(parent)
    worker.moveToThread(thread)
    thread.started.connect(worker.run)  # type: ignore[attr-defined]
    return thread


def end_thread(thread: QThread | None, worker: QObject | None) -> None:
    """Stop ``thread``'s event loop, wait for it, and let Qt delete it and its ``worker``
    (the job itself must have stopped or been told to)."""
    if thread is not None:
        thread.quit()
        thread.wait()
        thread.deleteLater()
    if worker is not None:
        worker.deleteLater()
