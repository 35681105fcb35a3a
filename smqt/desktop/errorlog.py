"""The problems log: every failure caught at a boundary of the table (a bot, an autosave, a
load, a command) is written, with its details, to ``smqt.log`` in the user's data folder, so
that a person can send it along with a report. Writing the log never fails the caller."""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path

LOG_NAME = "smqt.log"
LOG_LIMIT = 512 * 1024
"""The log is started afresh (the old one kept as ``smqt.log.1``) past this size."""


def log_path() -> Path:
    from smqt.desktop.datafolder import data_home

    return data_home() / LOG_NAME


def log_problem(title: str, detail: str = "", exc: BaseException | None = None) -> None:
    """Append one problem (and the traceback of ``exc``, if any) to the log."""
    try:
        path = log_path()
        if path.exists() and path.stat().st_size > LOG_LIMIT:
            path.replace(path.with_name(LOG_NAME + ".1"))
        lines = [f"[{datetime.now():%Y-%m-%d %H:%M:%S}] {title}"]
        if detail:
            lines += [f"    {line}" for line in detail.splitlines()]
        if exc is not None:
            lines += ["    " + line for line in "".join(
                traceback.format_exception(type(exc), exc, exc.__traceback__)).splitlines()]
        with path.open("a", encoding="utf-8", errors="replace") as handle:
            handle.write("\n".join(lines) + "\n")
    except Exception:  # the log is a help, never a new failure
        pass
