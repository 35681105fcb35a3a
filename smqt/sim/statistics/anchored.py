"""A value's measure told through another value's games: the balance search plays the same
games (seeds, seats, bots) at every value, so a value that played fewer games than the anchor
(the value with the most) is measured as the anchor's measure over all its games plus the
difference between the two over the games both played (double sampling). Where the value
changes few games, that difference is known from few games, so the value needs far fewer
games than its own interval would, and the search spends them on the anchor.

Every measure is a ratio of sums over games (or a difference of two), so each game has an
influence on it (the ratio's linearisation); the interval's width adds the anchor's, the
spread of the differences' influences over the games both played, and their covariance with
the anchor's (never let narrow the interval). A difference that no game showed is taken to
hide one a share ``unseen_share`` of games could show, by as much as one game moves the
measure (``spread_floor``), as the paired comparisons do."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.stats import Z95, spread_floor

Terms = tuple[float, ...]
"""A game's sums: (numerator, denominator) of a ratio, or two such pairs for a difference."""


def terms(key: str, result: GameResult) -> Terms:
    """The sums one game adds to the measure ``key`` (as ``goals.measure`` names them)."""
    parts = key.split(".")
    if key == "turns":  # not translated: a measure key
        return float(result.turns), 1.0
    if key == "score":  # not translated: a measure key
        return sum(s.score for s in result.seats) / len(result.seats), 1.0
    if parts[0] == "seat":  # not translated: a measure key
        seat = int(parts[1]) - 1
        return (result.win_share(seat), 1.0) if seat < len(result.seats) else (0.0, 0.0)
    if parts[0] == "action":  # not translated: a measure key
        return float(any(s.buys.get(parts[1], 0) for s in result.seats)), 1.0
    card = parts[1]
    if parts[2] == "pick":  # not translated: a measure key
        return float(result.picked.get(card, 0)), float(result.offered.get(card, 0))
    mine = others = mine_n = others_n = 0.0
    for s in result.seats:
        share = result.win_share(s.seat)
        owned = card in s.cards
        mine, mine_n = mine + share * owned, mine_n + owned
        rest = sum(c != card for c in s.cards)
        others, others_n = others + share * rest, others_n + rest
    return mine, mine_n, others, others_n


def value_of(rows: Sequence[Terms]) -> float:
    """The measure over the games of ``rows`` (NaN when a denominator is 0)."""
    sums = [math.fsum(column) for column in zip(*rows, strict=True)] if rows else []
    if not sums or any(sums[i] == 0 for i in range(1, len(sums), 2)):
        return float("nan")
    ratio = sums[0] / sums[1]
    return ratio - sums[2] / sums[3] if len(sums) == 4 else ratio


def influences(rows: Sequence[Terms]) -> list[float]:
    """Each game's linearised part of the measure over ``rows`` (assumes it is defined)."""
    n = len(rows)
    sums = [math.fsum(column) for column in zip(*rows, strict=True)]
    parts = []
    for k in range(0, len(sums), 2):
        ratio, mean_denominator = sums[k] / sums[k + 1], sums[k + 1] / n
        sign = 1.0 if k == 0 else -1.0
        parts.append([sign * (row[k] - ratio * row[k + 1]) / mean_denominator for row in rows])
    return [math.fsum(column) for column in zip(*parts, strict=True)]


def _paired(key: str, own: Sequence[GameResult], anchor: Sequence[GameResult]
            ) -> tuple[int, float, list[float], list[float], float] | None:
    """Over the games both played: their number, the measure's difference (own minus
    anchor's), the anchor's influences, the differences' influences and the least spread a
    difference is taken to have; None under two such games or where the measure is
    undefined."""
    mine = {(r.spec.players, r.spec.index): r for r in own}
    shared = [(mine[(r.spec.players, r.spec.index)], r) for r in anchor
              if (r.spec.players, r.spec.index) in mine]
    n = len(shared)
    if n < 2:
        return None
    rows_own = [terms(key, a) for a, _b in shared]
    rows_anchor = [terms(key, b) for _a, b in shared]
    difference = value_of(rows_own) - value_of(rows_anchor)
    if difference != difference:
        return None
    u_anchor = influences(rows_anchor)
    d = [u - v for u, v in zip(influences(rows_own), u_anchor, strict=True)]
    floor = spread_floor(n, max(abs(u) for u in u_anchor) or 1.0) ** 2
    return n, difference, u_anchor, d, floor


def anchored(key: str, own: Sequence[GameResult], anchor: Sequence[GameResult],
             anchor_figure: tuple[float, float, float]) -> tuple[float, float, float] | None:
    """The measure ``key`` of the value whose games are ``own``, as (estimate, low, high)
    through the anchor's games and its figure (estimate, low, high); None when it tells
    nothing more than the value's own games (no fewer of them, or a measure undefined)."""
    estimate, low, high = anchor_figure
    paired = _paired(key, own, anchor)
    if paired is None or paired[0] >= len(anchor) or estimate != estimate:
        return None
    n, difference, u_anchor, d, floor = paired
    var_d = max(statistics.variance(d), floor)
    mean_u, mean_d = statistics.fmean(u_anchor), statistics.fmean(d)
    cov = math.fsum((u - mean_u) * (x - mean_d) for u, x in zip(u_anchor, d, strict=True)) / (n - 1)
    extra = Z95 ** 2 * (var_d / n + max(0.0, 2 * cov / len(anchor)))
    value = estimate + difference
    return (value, value - math.sqrt((estimate - low) ** 2 + extra),
            value + math.sqrt((high - estimate) ** 2 + extra))


def games_wanted(key: str, own: Sequence[GameResult], anchor: Sequence[GameResult],
                 anchor_games: int) -> int:
    """How many games the value of ``own`` needs for its difference from the anchor to add no
    more to its interval than the anchor's ``anchor_games`` games leave: the difference's
    spread against the anchor's, over the games both played."""
    paired = _paired(key, own, anchor)
    if paired is None:
        return anchor_games
    _n, _difference, u_anchor, d, floor = paired
    var_d = max(statistics.variance(d), floor)
    var_u = max(statistics.variance(u_anchor), floor)
    return min(anchor_games, math.ceil(anchor_games * var_d / var_u))


def moved(key: str, games: Sequence[Sequence[GameResult]]) -> bool:
    """Whether the values' games (each value's, on the same seeds) differ in what the measure
    ``key`` is made of: for a win rate (a seat's, a card's owners'), any game's scores (a win
    can follow from them, if not in these games then in others); for the others, the
    measure's own sums. A measure that came out the same at every value may still depend on
    the number when this is true."""
    def made_of(result: GameResult) -> object:
        if key.endswith(".win"):  # not translated: a measure key's end
            return tuple(s.score for s in result.seats)
        return terms(key, result)

    seen = [{(r.spec.players, r.spec.index): made_of(r) for r in played} for played in games]
    return any(mine != seen[0] for mine in seen[1:])
