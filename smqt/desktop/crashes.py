"""Crash reports. Each run of the table keeps a report file open in the data folder's
``crash-reports`` while it runs: should the process die of a fatal signal (a crash inside Qt),
``faulthandler`` writes the stacks of every thread into it; Qt's warnings and the game being
played are noted there as they come. A clean exit removes it. At the next start, a report whose
program is gone (its lock is stale) is a crash: the table says so, shows where the report is
and offers to resume the game that was being played."""

from __future__ import annotations

import faulthandler
import os
import platform
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import TextIO

import attrs
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QLockFile, qVersion

from smqt.desktop.datafolder import data_folder
from smqt.language.translate import _

REPORTS = "crash-reports"
KEPT = 20
"""Crash reports kept (the oldest go first)."""
GAME = "game: "
"""How a report notes the autosave of the game being played."""
_STARTED = re.compile(r"^started (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", re.MULTILINE)
STACKS = "Fatal Python error"  # not translated: what faulthandler writes, looked for
"""What faulthandler writes first when the process dies of a fatal signal."""


@attrs.frozen
class Crash:
    """A run that ended without closing: its report, when it started, the autosave of the
    game it was playing, and whether the report holds the stacks of the crash."""

    report: Path
    started: datetime
    game: Path | None
    stacks: bool


class CrashGuard:
    """``guard = CrashGuard("table").start()`` ... ``guard.finish()`` at a clean exit."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.report: Path | None = None
        self._file: TextIO | None = None
        self._lock: QLockFile | None = None
        self._faulthandler_was_on = faulthandler.is_enabled()

    def start(self) -> CrashGuard:
        """Open this run's report and let faulthandler write into it. A report that cannot
        be written leaves the program as it was (crashes then go to the error stream only)."""
        folder = data_folder(REPORTS)
        base = folder / f"{self.program}-{datetime.now():%Y%m%d-%H%M%S}-{os.getpid()}"
        lock = QLockFile(f"{base}.lock")
        lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        try:
            if not lock.tryLock(0):
                return self
            handle = open(f"{base}.txt", "w", encoding="utf-8", errors="replace")
        except OSError:
            lock.unlock()
            return self
        self._lock, self._file, self.report = lock, handle, Path(f"{base}.txt")
        from smqt import __version__

        self._write(f"smqt {__version__} ({self.program}), Python {platform.python_version()}, "
                    f"PySide6 {pyside_version}, Qt {qVersion()}, {platform.platform()}\n"
                    # not translated: the report's format (read back by _STARTED), for developers
                    f"started {datetime.now():%Y-%m-%d %H:%M:%S}: {' '.join(sys.argv)[:500]}\n")
        faulthandler.enable(file=handle, all_threads=True)
        return self

    def note(self, text: str) -> None:
        """Add a line to the report (a Qt warning, an exception, the game being played)."""
        self._write(f"[{datetime.now():%H:%M:%S}] {text[:2000]}\n")

    def playing(self, autosave: Path | None) -> None:
        if autosave is not None:
            self.note(f"{GAME}{autosave}")

    def finish(self) -> None:
        """A clean exit: the report goes, and faulthandler writes to the error stream again
        if it did before."""
        if self._file is None:
            return
        faulthandler.disable()
        if self._faulthandler_was_on and sys.stderr is not None:
            faulthandler.enable(all_threads=True)
        self._file.close()
        self._file = None
        if self.report is not None:
            try:
                self.report.unlink()
            except OSError:
                pass
        if self._lock is not None:
            self._lock.unlock()

    def _write(self, text: str) -> None:
        if self._file is None:
            return
        try:
            self._file.write(text)
            self._file.flush()
        except (OSError, ValueError):
            pass  # a full disk: the report is a help, never a new failure


def previous_crashes(program: str) -> list[Crash]:
    """Runs of ``program`` that ended without closing, oldest first; each is reported once
    (its lock is removed) and its report kept (the oldest beyond ``KEPT`` removed)."""
    folder = data_folder(REPORTS)
    try:
        locks = sorted(folder.glob(f"{program}-*.lock"))
    except OSError:
        return []
    found = []
    for path in locks:
        lock = QLockFile(str(path))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # another run, alive
        lock.unlock()  # removes the lock file: this crash is reported once
        report = path.with_suffix(".txt")
        try:
            text = report.read_text(encoding="utf-8", errors="replace")
            started = datetime.fromtimestamp(report.stat().st_mtime)
        except OSError:
            continue
        begun = _STARTED.search(text)
        if begun:
            started = datetime.strptime(begun[1], "%Y-%m-%d %H:%M:%S")
        games = [line.split(GAME, 1)[1].strip() for line in text.splitlines() if GAME in line]
        found.append(Crash(report, started, Path(games[-1]) if games else None, STACKS in text))
    _prune(folder, program)
    return found


def _prune(folder: Path, program: str) -> None:
    try:
        reports = sorted(folder.glob(f"{program}-*.txt"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return
    for old in reports[:-KEPT]:
        if not old.with_suffix(".lock").exists():
            try:
                old.unlink()
            except OSError:
                pass


def crash_words(crash: Crash, *, resumed: bool, offered: bool) -> str:
    """The message for a person: what happened, where the report is, what they can do
    (``resumed``: the game it was playing is on the table again; ``offered``: it can be)."""
    # Translators: the day, month and time the program started (strftime: %d day, %b month's
    # short name, %m month's number, %H:%M time)
    started = crash.started.strftime(_("%d %b %H:%M"))
    sentences = [_("smqt closed unexpectedly last time (started {started}).").format(
        started=started)]
    if crash.stacks:
        sentences.append(_("It stopped because of an error inside the program; what it was doing "
                           "then is written in {report}.").format(report=crash.report))
    else:
        sentences.append(_("It was stopped from outside (killed, out of memory or the computer "
                           "went off); its last notes are in {report}.").format(report=crash.report))
    sentences.append(_("Sending that file with a description of what you did helps find the "
                       "cause."))
    if resumed:
        sentences.append(_("The game you were playing is resumed as of its last finished turn."))
    elif offered:
        sentences.append(_("The game you were playing can be resumed as of its last finished "
                           "turn."))
    return " ".join(sentences)
