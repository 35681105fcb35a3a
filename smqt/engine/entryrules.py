"""Card scoring entries and the objectives that look at cards only (R10.1-R10.9, R11.4-R11.6).

Each kind of scoring entry is read in two steps: ``measure`` looks at the city (a count, a
chain size, which tags are missing...) and ``award`` turns that measure into points. The
explained score sheet adds a reason made from the same measure; the bots' tallies stop at the
points. One rule, one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from smqt.engine import effects as fx
from smqt.engine.city import City
from smqt.engine.features import TAG_INDEX
from smqt.engine.geometry import Space
from smqt.engine.state import PlayerState

_TAG_NOUNS = {"local": ("local spot", "local spots"), "tourist": ("tourist spot", "tourist spots"),
              "business": ("business tag", "business tags"), "sports": ("sports tag", "sports tags"),
              "nature": ("nature tag", "nature tags"), "wave": ("wave", "waves")}
"""How the reason of a score line names a location tag (R0.4), singular and plural."""


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``count(1, "ring")`` -> "1 ring", ``count(2, "ring")`` -> "2 rings"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _tags(n: int, tag: str) -> str:
    return count(n, *_TAG_NOUNS[str(tag)])


def _a_tag(tag: str) -> str:
    noun = _TAG_NOUNS[str(tag)][0]
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _adjacent_copies(tag: fx.Tag, city: City, space: Space) -> int:
    t = TAG_INDEX[tag]
    return sum(f.tag_count[t] for f in city.adjacent(space))


class _Rule:
    """How one kind of scoring entry is measured, awarded and explained."""

    __slots__ = ("award", "measure", "reason")

    def __init__(self, measure: Callable[[Any, City, Space, PlayerState], Any],
                 award: Callable[[Any, Any], int], reason: Callable[[Any, Any, int], str]) -> None:
        self.measure = measure
        self.award = award
        self.reason = reason


def _tiers_reached(entry: fx.AdjacentTiers, copies: int) -> list[tuple[int, int]]:
    return [(need, pts) for need, pts in entry.tiers if copies >= need]


def _tiers_reason(entry: fx.AdjacentTiers, copies: int, points: int) -> str:
    reached = _tiers_reached(entry, copies)
    if reached:
        return f"{_tags(copies, entry.tag)} next to it (the tier for {reached[-1][0]} or more)"
    return f"{_tags(copies, entry.tag)} next to it (no tier reached)"


def _missing_tags(entry: fx.AdjacentAll, city: City, space: Space, player: PlayerState
                  ) -> list[fx.Tag]:
    near = city.adjacent(space)
    return [tag for tag in entry.tags if not any(f.tag_count[TAG_INDEX[tag]] for f in near)]


def _ring_next_to(entry: object, city: City, space: Space, player: PlayerState) -> bool:
    return any(f.rings for f in city.adjacent(space))


_GIVES = {"sand_dollar": "gives sand dollars", "local": "adds locals", "tourist": "adds tourists",
          "vip": "adds VIPs", "people": "adds people"}


def _chain_award(entry: fx.Chain, size: int) -> int:
    if size < entry.at_least:
        return 0
    return entry.points * size if entry.per_tag else entry.points


def _chain_reason(entry: fx.Chain, size: int, points: int) -> str:
    if size >= entry.at_least and entry.per_tag:
        return f"{entry.tag} chain of {size}, {count(entry.points, 'point')} per tag"
    return f"{entry.tag} chain of {size} (needs {entry.at_least})"


_RULES: dict[type, _Rule] = {
    fx.Adjacent: _Rule(  # R10.1
        lambda e, city, space, player: any(
            f.tag_count[TAG_INDEX[e.tag]] for f in city.adjacent(space)),
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: f"{'next to' if near else 'not next to'} {_a_tag(e.tag)}"),
    fx.AdjacentCount: _Rule(  # R10.2
        lambda e, city, space, player: _adjacent_copies(e.tag, city, space),
        lambda e, copies: e.points if copies >= e.at_least else 0,
        lambda e, copies, pts: (f"{'' if copies >= e.at_least else 'only '}"
                                f"{_tags(copies, e.tag)} next to it (needs {e.at_least})")),
    fx.AdjacentTiers: _Rule(  # R10.3
        lambda e, city, space, player: _adjacent_copies(e.tag, city, space),
        lambda e, copies: (_tiers_reached(e, copies) or [(0, 0)])[-1][1],
        _tiers_reason),
    fx.AdjacentAll: _Rule(  # R10.4
        _missing_tags,
        lambda e, missing: 0 if missing else e.points,
        lambda e, missing, pts: ("not next to " + _listing([_a_tag(t) for t in missing])
                                 if missing else
                                 "next to " + _listing([_a_tag(t) for t in e.tags]))),
    fx.AdjacentRing: _Rule(  # R10.5
        _ring_next_to,
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: ("next to a card with a ring" if near
                              else "no card with a ring next to it")),
    fx.NotAdjacentRing: _Rule(  # R10.5
        _ring_next_to,
        lambda e, near: 0 if near else e.points,
        lambda e, near, pts: ("next to a card with a ring" if near
                              else "no card with a ring next to it")),
    fx.AdjacentGives: _Rule(  # R10.6
        lambda e, city, space, player: any(
            e.symbol.value in f.gives for f in city.adjacent(space)),
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: (f"next to a card that {_GIVES[e.symbol.value]}" if near
                              else f"no card next to it {_GIVES[e.symbol.value]}")),
    fx.PerTagInCity: _Rule(  # R10.7
        lambda e, city, space, player: city.tag_total(TAG_INDEX[e.tag]),
        lambda e, copies: (copies // e.per) * e.points,
        lambda e, copies, pts: (f"{_tags(copies, e.tag)} in the city, "
                                f"{count(e.points, 'point')} per {e.per}")),
    fx.Chain: _Rule(  # R10.8
        lambda e, city, space, player: city.chain_size(space, TAG_INDEX[e.tag]),
        _chain_award,
        _chain_reason),
    fx.SandDollarsHeld: _Rule(  # R10.9
        lambda e, city, space, player: player.sand_dollars,
        lambda e, held: (held // e.per) * e.points,
        lambda e, held, pts: (f"{count(held, 'sand dollar')} left, "
                              f"{count(e.points, 'point')} per {e.per}")),
}

def entry_points(entry: object, city: City, space: Space, player: PlayerState) -> tuple[int, str]:
    """Points of one scoring entry of the card at ``space``, with the reason (R10.1-R10.9)."""
    rule = _RULES[type(entry)]
    measured = rule.measure(entry, city, space, player)
    points = rule.award(entry, measured)
    return points, rule.reason(entry, measured, points)


def entry_award(entry: object, city: City, space: Space, player: PlayerState) -> int:
    """The points of ``entry_points`` alone, without the reason."""
    rule = _RULES[type(entry)]
    return rule.award(entry, rule.measure(entry, city, space, player))


# ============================================================================ objectives


def _chains_of(city: City, tags: Iterable[fx.Tag]) -> list[tuple[str, int]]:
    result = []
    for tag in tags:
        for size in city.chain_sizes(TAG_INDEX[tag]):
            result.append((tag.value, size))
    return result


def _paired_run(city: City) -> int:
    grid = city.grid
    columns = sorted({c for _, c in grid if (0, c) in grid and (1, c) in grid})
    best = run = 0
    previous = None
    for column in columns:
        run = run + 1 if previous is not None and column == previous + 1 else 1
        best = max(best, run)
        previous = column
    return best


def objective_measure(objective: object, city: City) -> Any:
    """What a static objective looks at: the chains of its tags, or the longest paired run."""
    if isinstance(objective, fx.PairedRun):
        return _paired_run(city)
    if isinstance(objective, (fx.LargestChain, fx.CountChains, fx.ChainTable)):
        return _chains_of(city, objective.tags)
    raise TypeError(f"not a static objective: {objective!r}")


def objective_award(objective: object, measured: Any) -> int:
    """R11.4-R11.6."""
    if isinstance(objective, fx.LargestChain):
        return max((size for _, size in measured), default=0) * objective.points_per_tag \
            if measured else 0
    if isinstance(objective, fx.CountChains):
        return sum(1 for _, size in measured if size >= objective.at_least) * objective.points
    if isinstance(objective, fx.ChainTable):
        table = objective.table
        return sum(table[min(size, len(table)) - 1] for _, size in measured)
    assert isinstance(objective, fx.PairedRun)
    return measured * objective.points


def objective_reason(objective: object, measured: Any) -> str:
    if isinstance(objective, fx.LargestChain):
        if not measured:
            return "no chain"
        tag, size = max(measured, key=lambda c: c[1])
        return f"largest {tag} chain: {size}"
    if isinstance(objective, fx.CountChains):
        chains = [c for c in measured if c[1] >= objective.at_least]
        return f"{count(len(chains), 'chain')} of {objective.at_least} or more"
    if isinstance(objective, fx.ChainTable):
        sizes = ", ".join(str(size) for _, size in sorted(measured, key=lambda c: -c[1]))
        return f"chains of {sizes}" if measured else "no chain"
    return f"longest run of paired columns: {measured}"


def static_objective(objective: object, city: City) -> tuple[int, str]:
    """Objectives that depend on cards only (R11.4-R11.6)."""
    measured = objective_measure(objective, city)
    return objective_award(objective, measured), objective_reason(objective, measured)
