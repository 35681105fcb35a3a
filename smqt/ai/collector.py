"""Python's cyclic garbage collector set for games played by bots.

A bot's look-ahead makes and drops many small objects (states, tallies, action lists) while
the remembered cities and plans stay alive; with the default thresholds the collector runs
every 700 allocations and goes through the long-lived objects again and again (about a third
of a ``medium`` game's time). Almost nothing the engine makes is cyclic, so collecting far less
often costs little memory. Processes that play games (the command line, the table, simulation
workers) call ``tune`` once; it changes nothing a game does, only when memory is reclaimed.
"""

from __future__ import annotations

import gc

YOUNG = 50_000
"""Allocations (less deallocations) between collections of the youngest generation."""
OLDER = (50, 100)
"""Young collections per middle one, middle ones per full one."""


def tune() -> None:
    """Collect less often (idempotent; the thresholds are per process)."""
    gc.set_threshold(YOUNG, *OLDER)
