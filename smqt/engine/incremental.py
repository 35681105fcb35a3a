"""The differential check of what the engine keeps up to date instead of working out again.

A player's ``City`` (the features of each filled space, who is next to whom, the chains of
every tag) is kept in the state and made from the previous one as cards are placed
(``city.City.extended``); what scoring reads from the cards alone (each card entry's points) is
made from the previous City's in the same way, only the entries the new card can change worked
out again (``tally``). In the checking mode every action
is followed by a comparison of the kept values with ones worked out from scratch, and the
first difference stops the game with ``IncrementalMismatch``. The tests run whole games in this
mode; ``SMQT_CHECK_INCREMENTAL=1`` turns it on for any run (it costs about as much again as the
game).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from smqt.engine.city import City, city_of, from_scratch
from smqt.engine.state import GameState


class IncrementalMismatch(AssertionError):
    """A kept value differs from the same value worked out from scratch."""


class _Mode:
    on = os.environ.get("SMQT_CHECK_INCREMENTAL", "") == "1"
    checks = 0


def active() -> bool:
    return _Mode.on


@contextmanager
def checking() -> Iterator[None]:
    """Check the kept values after every action inside the ``with`` block."""
    before = _Mode.on
    _Mode.on = True
    try:
        yield
    finally:
        _Mode.on = before


def checks_made() -> int:
    """How many states were checked so far (a test sees the mode was on)."""
    return _Mode.checks


def check(state: GameState) -> None:
    """Compare every player's kept City, and the totals scoring reads from it, with the same
    worked out from scratch; raise ``IncrementalMismatch`` at the first difference."""
    from smqt.engine.tally import part_difference, totals

    _Mode.checks += 1
    catalog = state.catalog
    kept_totals = totals(state)  # first: the kept cities make their parts for it
    for index, player in enumerate(state.players):
        kept = city_of(catalog, player)
        fresh = City(catalog, player)
        difference = kept.same_as(fresh) or part_difference(catalog, player, kept, fresh)
        if difference is not None:
            raise IncrementalMismatch(
                f"player {index + 1}'s kept city differs from scratch in its {difference} "
                f"(turn {state.turn}, {len(player.city)} spaces filled)")  # not translated: dev
    scratch = state.copy()
    for player in scratch.players:
        player.made = None
    with from_scratch():  # else the kept cities would be found again by their cards
        fresh_totals = totals(scratch)
    if kept_totals != fresh_totals:
        raise IncrementalMismatch(
            f"totals from the kept cities {kept_totals} differ from scratch {fresh_totals} "
            f"(turn {state.turn})")  # not translated: a check for developers
