"""Every bounded cache of the engine, emptied in one call.

The engine remembers answers that depend only on what they are asked about: ring outcomes per
card and people, city shapes (placements, walks, actions), cities, people frontiers and the
bots' tallies, and final-movement plans. Each is bounded and refilled on use; results never
depend on them. ``forget_all`` empties them, for a measurement of first looks or a count of
live objects that must not mistake a cache for a leak. (The City a player's state keeps,
``PlayerState.made``, is not a cache of this kind: it lives and dies with the state.)
"""

from __future__ import annotations

from smqt.engine import city, cityshape, finalmove, rings, scoring, tally


def forget_all() -> None:
    rings.outcomes.cache_clear()
    cityshape.forget()
    city.forget()
    scoring.forget()
    tally.forget()
    finalmove.forget()
