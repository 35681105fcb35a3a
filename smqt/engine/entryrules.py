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
from smqt.language.translate import N_, _, ngettext

_A_TAG = {"local": N_("a local spot"), "tourist": N_("a tourist spot"),
          "business": N_("a business tag"), "sports": N_("a sports tag"),
          "nature": N_("a nature tag"), "wave": N_("a wave")}
"""How the reason of a score line names one location tag (R0.4), after "next to"."""
_CHAIN = {"local": N_("local chain"), "tourist": N_("tourist chain"),
          "business": N_("business chain"), "sports": N_("sports chain"),
          "nature": N_("nature chain"), "wave": N_("wave chain")}
"""How a score line names a chain of a tag (R10.8)."""


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``count(1, "ring")`` -> "1 ring", ``count(2, "ring")`` -> "2 rings"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _tags(n: int, tag: str) -> str:
    """``2 local spots``: ``n`` copies of a location tag (R0.4)."""
    tag = str(tag)
    if tag == "local":
        text = ngettext("{n} local spot", "{n} local spots", n)
    elif tag == "tourist":
        text = ngettext("{n} tourist spot", "{n} tourist spots", n)
    elif tag == "business":
        text = ngettext("{n} business tag", "{n} business tags", n)
    elif tag == "sports":
        text = ngettext("{n} sports tag", "{n} sports tags", n)
    elif tag == "nature":
        text = ngettext("{n} nature tag", "{n} nature tags", n)
    else:
        text = ngettext("{n} wave", "{n} waves", n)
    return text.format(n=n)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _a_tag(tag: str) -> str:
    return _(_A_TAG[str(tag)])


def _chain(tag: str) -> str:
    return _(_CHAIN[str(tag)])


def _listing(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _adjacent_copies(tag: fx.Tag, city: City, space: Space) -> int:
    return city.adjacent_copies(space, TAG_INDEX[tag])


class _Rule:
    """How one kind of scoring entry is measured, awarded and explained."""

    __slots__ = ("award", "measure", "reads", "reason")

    def __init__(self, measure: Callable[[Any, City, Space, PlayerState], Any],
                 award: Callable[[Any, Any], int], reason: Callable[[Any, Any, int], str]) -> None:
        self.measure = measure
        self.award = award
        self.reason = reason
        self.reads = ""
        """``READS`` of its kind (set with it)."""


def _tiers_reached(entry: fx.AdjacentTiers, copies: int) -> list[tuple[int, int]]:
    return [(need, pts) for need, pts in entry.tiers if copies >= need]


def _tiers_reason(entry: fx.AdjacentTiers, copies: int, points: int) -> str:
    reached = _tiers_reached(entry, copies)
    if reached:
        return _("{tags} next to it (the tier for {need} or more)").format(
            tags=_tags(copies, entry.tag), need=reached[-1][0])
    return _("{tags} next to it (no tier reached)").format(tags=_tags(copies, entry.tag))


def _missing_tags(entry: fx.AdjacentAll, city: City, space: Space, player: PlayerState
                  ) -> list[fx.Tag]:
    return [tag for tag in entry.tags if not city.adjacent_has(space, TAG_INDEX[tag])]


def _ring_next_to(entry: object, city: City, space: Space, player: PlayerState) -> bool:
    return city.adjacent_ring(space)


_NEAR_GIVES = {"sand_dollar": N_("next to a card that gives sand dollars"),
               "local": N_("next to a card that adds locals"),
               "tourist": N_("next to a card that adds tourists"),
               "vip": N_("next to a card that adds VIPs"),
               "people": N_("next to a card that adds people")}
_NOT_NEAR_GIVES = {"sand_dollar": N_("no card next to it gives sand dollars"),
                   "local": N_("no card next to it adds locals"),
                   "tourist": N_("no card next to it adds tourists"),
                   "vip": N_("no card next to it adds VIPs"),
                   "people": N_("no card next to it adds people")}


def _chain_award(entry: fx.Chain, size: int) -> int:
    if size < entry.at_least:
        return 0
    return entry.points * size if entry.per_tag else entry.points


def _chain_reason(entry: fx.Chain, size: int, points: int) -> str:
    if size >= entry.at_least and entry.per_tag:
        return _("{chain} of {size}, {points} per tag").format(
            chain=_chain(entry.tag), size=size, points=_points(entry.points))
    return _("{chain} of {size} (needs {need})").format(chain=_chain(entry.tag), size=size,
                                                        need=entry.at_least)


_RULES: dict[type, _Rule] = {
    fx.Adjacent: _Rule(  # R10.1
        lambda e, city, space, player: city.adjacent_has(space, TAG_INDEX[e.tag]),
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: (_("next to {what}") if near else _("not next to {what}")).format(
            what=_a_tag(e.tag))),
    fx.AdjacentCount: _Rule(  # R10.2
        lambda e, city, space, player: _adjacent_copies(e.tag, city, space),
        lambda e, copies: e.points if copies >= e.at_least else 0,
        lambda e, copies, pts: (_("{tags} next to it (needs {need})") if copies >= e.at_least
                                else _("only {tags} next to it (needs {need})")).format(
            tags=_tags(copies, e.tag), need=e.at_least)),
    fx.AdjacentTiers: _Rule(  # R10.3
        lambda e, city, space, player: _adjacent_copies(e.tag, city, space),
        lambda e, copies: (_tiers_reached(e, copies) or [(0, 0)])[-1][1],
        _tiers_reason),
    fx.AdjacentAll: _Rule(  # R10.4
        _missing_tags,
        lambda e, missing: 0 if missing else e.points,
        lambda e, missing, pts: (_("not next to {what}").format(
            what=_listing([_a_tag(t) for t in missing])) if missing else
            _("next to {what}").format(what=_listing([_a_tag(t) for t in e.tags])))),
    fx.AdjacentRing: _Rule(  # R10.5
        _ring_next_to,
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: (_("next to a card with a ring") if near
                              else _("no card with a ring next to it"))),
    fx.NotAdjacentRing: _Rule(  # R10.5
        _ring_next_to,
        lambda e, near: 0 if near else e.points,
        lambda e, near, pts: (_("next to a card with a ring") if near
                              else _("no card with a ring next to it"))),
    fx.AdjacentGives: _Rule(  # R10.6
        lambda e, city, space, player: city.adjacent_gives(space, e.symbol.value),
        lambda e, near: e.points if near else 0,
        lambda e, near, pts: _((_NEAR_GIVES if near else _NOT_NEAR_GIVES)[e.symbol.value])),
    fx.PerTagInCity: _Rule(  # R10.7
        lambda e, city, space, player: city.tag_total(TAG_INDEX[e.tag]),
        lambda e, copies: (copies // e.per) * e.points,
        lambda e, copies, pts: _("{tags} in the city, {points} per {per}").format(
            tags=_tags(copies, e.tag), points=_points(e.points), per=e.per)),
    fx.Chain: _Rule(  # R10.8
        lambda e, city, space, player: city.chain_size(space, TAG_INDEX[e.tag]),
        _chain_award,
        _chain_reason),
    fx.SandDollarsHeld: _Rule(  # R10.9
        lambda e, city, space, player: player.sand_dollars,
        lambda e, held: (held // e.per) * e.points,
        lambda e, held, pts: ngettext("{n} sand dollar left, {points} per {per}",
                                      "{n} sand dollars left, {points} per {per}", held).format(
            n=held, points=_points(e.points), per=e.per)),
}

NEIGHBOURS = "neighbours"
ONE_TAG = "tag"
PURSE = "purse"
READS: dict[type, str] = {
    fx.Adjacent: NEIGHBOURS, fx.AdjacentCount: NEIGHBOURS, fx.AdjacentTiers: NEIGHBOURS,
    fx.AdjacentAll: NEIGHBOURS, fx.AdjacentRing: NEIGHBOURS, fx.NotAdjacentRing: NEIGHBOURS,
    fx.AdjacentGives: NEIGHBOURS, fx.PerTagInCity: ONE_TAG, fx.Chain: ONE_TAG,
    fx.SandDollarsHeld: PURSE,
}
"""What each kind of entry reads besides its own card: the features next to it (R10.1-R10.6),
the copies of its tag in the city (R10.7, R10.8), or the player's purse (R10.9). Scoring that
is kept up to date (``tally``) works an entry out again only when what it reads changed; a kind
missing here is worked out again every time."""
for _kind, _rule in _RULES.items():
    _rule.reads = READS.get(_kind, "")


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


def card_awards(scoring: Iterable[object], city: City, space: Space, player: PlayerState
                ) -> list[int | None]:
    """``entry_award`` of each of a card's ``scoring`` entries, None for an entry that reads
    the purse (worked out last, when the purse is known)."""
    found: list[int | None] = []
    for entry in scoring:
        rule = _RULES[type(entry)]
        if rule.reads == PURSE:
            found.append(None)
        else:
            found.append(rule.award(entry, rule.measure(entry, city, space, player)))
    return found


# ============================================================================ objectives


def _chains_of(city: City, tags: Iterable[fx.Tag]) -> list[tuple[fx.Tag, int]]:
    result = []
    for tag in tags:
        for size in city.chain_sizes(TAG_INDEX[tag]):
            result.append((tag, size))
    return result


CHAIN_OBJECTIVES = (fx.LargestChain, fx.CountChains, fx.ChainTable)
"""Objectives that read only the chains of their tags (R11.4, R11.5)."""


def objective_measure(objective: object, city: City) -> Any:
    """What a static objective looks at: the chains of its tags, or the longest paired run."""
    if isinstance(objective, fx.PairedRun):
        return city.paired_run()
    if isinstance(objective, CHAIN_OBJECTIVES):
        return _chains_of(city, objective.tags)
    raise TypeError(f"not a static objective: {objective!r}")  # not translated: for developers


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
            return _("no chain")
        tag, size = max(measured, key=lambda c: c[1])
        return _("largest {chain}: {size}").format(chain=_chain(tag), size=size)
    if isinstance(objective, fx.CountChains):
        chains = [c for c in measured if c[1] >= objective.at_least]
        return ngettext("{n} chain of {need} or more", "{n} chains of {need} or more",
                        len(chains)).format(n=len(chains), need=objective.at_least)
    if isinstance(objective, fx.ChainTable):
        sizes = ", ".join(str(size) for _tag, size in sorted(measured, key=lambda c: -c[1]))
        return _("chains of {sizes}").format(sizes=sizes) if measured else _("no chain")
    return _("longest run of paired columns: {run}").format(run=measured)


def static_objective(objective: object, city: City) -> tuple[int, str]:
    """Objectives that depend on cards only (R11.4-R11.6)."""
    measured = objective_measure(objective, city)
    return objective_award(objective, measured), objective_reason(objective, measured)
