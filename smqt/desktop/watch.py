"""Qt warnings and uncaught exceptions during a run of the table or the editor: each is printed
on the error stream and remembered, so that a command can exit with status 1 after any."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from PySide6.QtCore import QtMsgType, qInstallMessageHandler

from smqt.desktop.platformhelp import NO_PLUGIN, PLUGIN_NOT_LOADED, XCB_CURSOR_GUESS, platform_help


class ProblemWatch:
    """``watch = ProblemWatch(err).install()`` ... ``watch.remove()`` (or ``with``);
    ``watch.problems`` lists what went wrong."""

    def __init__(self, err: TextIO,
                 on_exception: Callable[[BaseException], None] | None = None,
                 note: Callable[[str], None] | None = None) -> None:
        """``on_exception``: also tell the person (an uncaught exception in a slot leaves the
        program running, so the window can say what happened and go on); ``note``: also write
        each problem down (the crash report of the run)."""
        self.err = err
        self.problems: list[str] = []
        self.on_exception = on_exception
        self.note = note
        self._previous_hook = sys.excepthook
        self._plugin = ""
        """The platform plugin Qt said it could not load (Linux: its libraries are missing)."""

    def add(self, text: str) -> None:
        self.problems.append(text)

    def _message(self, kind: QtMsgType, _context: object, message: str) -> None:
        failed = PLUGIN_NOT_LOADED.search(message)
        if failed:
            self._plugin = failed[1]
        if message.startswith(XCB_CURSOR_GUESS):
            return  # Qt's guess when its plugin does not load; platform_help says what is missing
        if kind == QtMsgType.QtFatalMsg and NO_PLUGIN in message:
            # Qt aborts after this message: say what to do, and end with a plain failure
            self.err.write(f"Qt: {message.strip()}\n{platform_help(self._plugin or 'xcb')}")
            self.err.flush()
            os._exit(1)
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            self.problems.append(f"Qt: {message}")
            self.err.write(f"Qt {kind.name}: {message}\n")
            if self.note is not None:
                self.note(f"Qt {kind.name}: {message}")

    def _exception(self, kind: type[BaseException], value: BaseException,
                   tb: TracebackType | None) -> None:
        self.problems.append(f"{kind.__name__}: {value}")
        text = "".join(traceback.format_exception(kind, value, tb))
        self.err.write(text)
        if self.note is not None:
            self.note(text)
        if self.on_exception is not None:
            try:
                self.on_exception(value)
            except Exception:  # telling must not fail in turn
                pass

    def install(self) -> ProblemWatch:
        qInstallMessageHandler(self._message)
        self._previous_hook = sys.excepthook
        sys.excepthook = self._exception
        return self

    def remove(self) -> None:
        sys.excepthook = self._previous_hook
        qInstallMessageHandler(None)

    def __enter__(self) -> ProblemWatch:
        return self.install()

    def __exit__(self, *exc: object) -> None:
        self.remove()
