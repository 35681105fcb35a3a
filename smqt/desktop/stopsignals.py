"""Requests to stop (SIGTERM from a logout, a shutdown or ``kill``; SIGHUP when the terminal that
started the program closes; SIGINT, Ctrl+C there) close the window as Quit does: the game kept
as autosaved, its lock released, the run's crash report removed. Their default is to end the
process on the spot, which looks exactly like a crash: the window vanishes, nothing is said,
and the autosave's lock stays behind.

Python runs a signal's handler only when it next runs Python code, and Qt's event loop may sit
idle in C++ for a long time: ``signal.set_wakeup_fd`` writes a byte to a socket that Qt
watches, which wakes the loop so the handler runs at once."""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT")
                     if hasattr(signal, name))


class StopSignals(QObject):
    """While installed, the first stop signal calls ``on_stop(name)`` from the event loop
    (which closes the window as Quit does), then ends every event loop of the program, a
    dialog's that may be open too."""

    def __init__(self, on_stop: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.on_stop = on_stop
        self.received: str | None = None
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._previous = {number: signal.signal(number, self._handle) for number in STOP_SIGNALS}

    def _handle(self, number: int, _frame: FrameType | None) -> None:
        name = signal.Signals(number).name
        if self.received is None:
            self.received = name
            QTimer.singleShot(0, lambda: self._stop(name))

    def _stop(self, name: str) -> None:
        try:
            self.on_stop(name)
        finally:
            QCoreApplication.exit(0)  # a dialog's own loop too, or its window would stay

    def _drain(self) -> None:
        try:
            while self._reader.recv(64):
                pass
        except (BlockingIOError, OSError):
            pass

    def remove(self) -> None:
        """Give the signals back to what handled them before."""
        for number, handler in self._previous.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._notifier.setEnabled(False)
        self._reader.close()
        self._writer.close()
