"""Ring assignment on one card (R10.10, R10.11): which of its people go in which ring.

For the people standing on one card (counts of locals, tourists, VIPs) this lists every
sensible outcome as ``RingOutcome``: ring points, how many rings are full, how many people
stay unplaced, and which rings are full. Outcomes dominated on (points,
fewer unplaced) for the same number of full rings are dropped (a variant may reward or punish
full rings, so their number is kept apart). Results are cached: the same card with the same people always has
the same outcomes.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

import attrs

from smqt.engine.effects import AnyNumberRing, Ring, RingEntry
from smqt.language.translate import _, ngettext, npgettext

KINDS = ("local", "tourist", "vip")


@attrs.frozen
class RingOutcome:
    points: int
    full: int
    """Rings holding exactly what they list (``any_number``: at least one person)."""
    unplaced: int
    """People on the card outside every ring."""
    full_rings: tuple[int, ...]
    """Indexes of the full rings."""
    held: tuple[tuple[int, int, int], ...]
    """People (locals, tourists, VIPs) put in each ring."""


def _fits(ring: Ring, held: tuple[int, int, int]) -> bool:
    """Whether these people fit the ring's places (typed places take only their type)."""
    typed = [sum(1 for w in ring.people if w == k) for k in KINDS]
    free = sum(1 for w in ring.people if w == "any")
    overflow = sum(max(0, held[i] - typed[i]) for i in range(3))
    return overflow <= free


def _ring_options(ring: RingEntry, have: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Every way to put some of ``have`` into ``ring``. An ``any_number`` ring (filled after
    the other rings of the card) takes nobody, everybody left, or one person so that a later
    ``any_number`` ring can take the rest: other amounts are never better."""
    if isinstance(ring, AnyNumberRing):
        if not sum(have):
            return [(0, 0, 0)]
        k = next(i for i in range(3) if have[i])
        one = (int(k == 0), int(k == 1), int(k == 2))
        return [(0, 0, 0), have] if one == have else [(0, 0, 0), one, have]
    capacity = len(ring.people)
    options = []
    for held in product(range(have[0] + 1), range(have[1] + 1), range(have[2] + 1)):
        if sum(held) <= capacity and _fits(ring, held):
            options.append(held)
    return options


def _is_full(ring: RingEntry, held: tuple[int, int, int]) -> bool:
    if isinstance(ring, AnyNumberRing):
        return sum(held) > 0
    return sum(held) == len(ring.people)


@lru_cache(maxsize=65536)
def outcomes(rings: tuple[RingEntry, ...], have: tuple[int, int, int]) -> tuple[RingOutcome, ...]:
    """Pareto-best ring outcomes for ``have`` people on a card with ``rings``."""
    total = sum(have)
    if not rings or total == 0:
        return (RingOutcome(0, 0, total, (), ((0, 0, 0),) * len(rings)),)
    found: dict[tuple[int, int, int], RingOutcome] = {}
    # Rings with places first: an any_number ring takes whoever they leave (R10.10).
    order = sorted(range(len(rings)), key=lambda i: isinstance(rings[i], AnyNumberRing))

    def place(step: int, left: tuple[int, int, int], held: tuple, points: int, full: tuple) -> None:
        if step == len(order):
            key = (points, len(full), sum(left))
            if key not in found:
                by_ring = tuple(held[order.index(i)] for i in range(len(rings)))
                found[key] = RingOutcome(points, len(full), sum(left), tuple(sorted(full)),
                                         by_ring)
            return
        index = order[step]
        ring = rings[index]
        for take in _ring_options(ring, left):
            rest = (left[0] - take[0], left[1] - take[1], left[2] - take[2])
            if _is_full(ring, take):
                place(step + 1, rest, (*held, take), points + ring.points, (*full, index))
            else:
                place(step + 1, rest, (*held, take), points, full)

    place(0, have, (), 0, ())
    keys = list(found)
    best = [
        found[k] for k in keys
        if not any(
            o != k and o[1] == k[1] and o[0] >= k[0] and o[2] <= k[2] for o in keys
        )
    ]
    best.sort(key=lambda o: (-o.points, o.unplaced, -o.full))
    return tuple(best)


def describe_held(held: tuple[int, int, int]) -> str:
    """``1 local + 2 VIPs``."""
    parts = []
    locals_, tourists, vips = held
    if locals_:
        parts.append(npgettext("subject", "{n} local", "{n} locals", locals_).format(n=locals_))
    if tourists:
        parts.append(npgettext("subject", "{n} tourist", "{n} tourists", tourists).format(n=tourists))
    if vips:
        parts.append(ngettext("{n} VIP", "{n} VIPs", vips).format(n=vips))
    return " + ".join(parts) if parts else _("nobody")
