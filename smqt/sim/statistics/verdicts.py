"""What a variant did, measure by measure: per-game measures paired game by game with the base
pack's games (same seeds, seats and bots), the changed cards' owner win and pick rates, a
verdict per measure, and the per-card flags with the false-discovery rate controlled.

A verdict is one of three: "changed" (the 95% interval excludes no difference and the
Benjamini-Hochberg correction over the comparison's measures keeps it), "no change detected"
(the interval is inside +-precision) or "inconclusive" (neither; with the games it would need).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.language.formats import fixed, number, with_percent
from smqt.language.translate import N_, SOURCE, _, current, ngettext
from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.stats import (
    Difference,
    adjusted_p_values,
    games_needed,
    paired_difference,
    proportion_against,
    proportion_difference,
    wilson,
)

FDR = 0.05
"""The false-discovery rate of the "changed" verdicts and of the per-card flags."""
CATEGORIES = ("objective", "card", "ring", "footprint")  # not translated: report keys
CATEGORY_POINTS = {"objective": N_("objective points per seat"),
                   "card": N_("card points per seat"),
                   "ring": N_("ring points per seat"),
                   "footprint": N_("footprint points per seat")}
"""The measure of each category's points (translated where the measures are made)."""

PRECISION = {"pp": 0.03, "rank": 0.03, "points": 1.0, "turns": 0.5, "count": 0.25,
             "decisions": 2.0, "choices": 1.0,
             "card pp": 0.05}  # not translated: unit keys of the report
"""The bound within which "no change" is said, per unit: win rates +-3 percentage points,
finishing ranks +-0.03 (a 2-player rank moves with the win rate), scores +-1 point, game
length +-0.5 turns, lead changes +-0.25, decisions per game +-2, legal choices per decision
+-1, a card's rates +-5 percentage points."""


def precisions(win_points: float | None = None) -> dict[str, float]:
    """The precisions in force; ``win_points`` (``--precision``, in percentage points) sets the
    win-rate precision, and the others scale with it."""
    if win_points is None:
        return dict(PRECISION)
    factor = win_points / 100 / PRECISION["pp"]
    return {unit: value * factor for unit, value in PRECISION.items()}


@attrs.frozen
class Measure:
    key: str
    label: str
    unit: str
    """``pp`` (a rate, shown in percentage points), ``points``, ``turns`` or ``count``."""
    headline: bool = False
    """Headline measures decide when ``--until-clear`` stops."""


def measures(players: int, spread: tuple[str, str] | None) -> list[Measure]:
    rows = [Measure(f"seat.{k}", _("seat {seat} win rate").format(seat=k + 1), "pp", True)
            for k in range(players)]
    if spread:
        rows.append(Measure("spread", _("win-rate spread, {strong} minus {weak}").format(
            strong=level_words(spread[0]), weak=level_words(spread[1])), "pp", True))
    rows += [Measure("score", _("mean score"), "points", True),
             Measure("turns", _("game length (turns)"), "turns", True),
             Measure("rank1", _("mean finishing rank of seat 1"), "rank")]
    rows += [Measure(f"points.{c}", _(CATEGORY_POINTS[c]), "points") for c in CATEGORIES]
    rows += [Measure("lead_changes", _("lead changes per game"), "count"),
             Measure("decisions", _("decisions per game"), "decisions"),
             Measure("choices", _("legal choices per decision"), "choices")]
    return rows


def bot_spread(results: Sequence[GameResult]) -> tuple[str, str] | None:
    """The strongest and weakest bot by win rate in ``results`` (None with one bot)."""
    shares: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for s in r.seats:
            shares[s.bot].append(r.win_share(s.seat))
    if len(shares) < 2:
        return None
    ranked = sorted(shares, key=lambda b: (-sum(shares[b]) / len(shares[b]), b))
    return ranked[0], ranked[-1]


def game_values(result: GameResult, spread: tuple[str, str] | None) -> dict[str, float]:
    """Every measure's value in one game."""
    n = len(result.seats)
    values = {f"seat.{k}": result.win_share(k) for k in range(n)}
    if spread:
        strong = [result.win_share(s.seat) for s in result.seats if s.bot == spread[0]]
        weak = [result.win_share(s.seat) for s in result.seats if s.bot == spread[1]]
        if strong and weak:
            values["spread"] = sum(strong) / len(strong) - sum(weak) / len(weak)
    values["score"] = sum(s.score for s in result.seats) / n
    values["turns"] = float(result.turns)
    values["rank1"] = float(result.seats[0].rank)
    for c in CATEGORIES:
        values[f"points.{c}"] = sum(s.categories.get(c, 0) for s in result.seats) / n
    values["lead_changes"] = float(result.lead_changes)
    values["decisions"] = float(result.decisions)
    values["choices"] = result.legal_choices / result.decisions if result.decisions else 0.0
    return values


CHANGED = "changed"  # not translated: a verdict's status (a report key)
NO_CHANGE = "no change detected"  # not translated: a verdict's status (a report key)
INCONCLUSIVE = "inconclusive"  # not translated: a verdict's status (a report key)
NOT_MEASURED = "not measured"  # not translated: a verdict's status (a report key)


@attrs.frozen
class Verdict:
    status: str
    """``changed``, ``no change detected``, ``inconclusive`` or ``not measured``."""
    text: str
    more_games: int = 0


def whole(count: int) -> str:
    """A count with the language's thousands separators (``12,345`` / ``12.345``), of any
    size (the estimates of games needed can be huge)."""
    if current() != SOURCE:
        try:
            return number(count)
        except ArithmeticError:  # more digits than a decimal context holds
            pass
    return f"{count:,}"


def show(value: float, unit: str, signed: bool = False, rate: bool = False) -> str:
    """A value in its unit: rates as percentages (``rate``) and their differences in
    percentage points."""
    if value != value:
        return _("n/a")
    sign = "+" if signed else ""
    if unit in ("pp", "card pp"):  # not translated: unit keys
        shown = fixed(100 * value, sign + ".1f")
        # Translators: percentage points (a difference of two rates)
        return with_percent(shown) if rate else _("{value} pp").format(value=shown)
    return fixed(value, sign + ".2f")


UNSEEN = 3.0
"""The rule of three: when none of n games was affected, up to about 3/n of games (95%) could
still be, so no difference in n games says "no change" only once 3/n is within the win-rate
precision."""


def judge(diff: Difference, unit: str, precision: float, p_adjusted: float,
          games: int | None = None, win_precision: float = PRECISION["pp"]) -> Verdict:
    """The verdict on one difference (see the module's docstring): "no change detected" needs
    the whole interval inside +-precision."""
    if diff.low != diff.low or diff.high != diff.high:
        return Verdict(NOT_MEASURED, _("not measured (too few games)"))
    if diff.excludes_zero and p_adjusted <= FDR:
        return Verdict(CHANGED, _("changed: {difference}").format(
            difference=show(diff.estimate, unit, True)))
    games = diff.n if games is None else games
    if diff.se == 0 and diff.estimate == 0:  # no game differed at all
        enough = math.ceil(UNSEEN / win_precision)
        if games >= enough:
            return Verdict(NO_CHANGE, ngettext(
                "no change detected (no game of {games} differed)",
                "no change detected (no game of {games} differed)", games).format(
                    games=whole(games)))
        return Verdict(INCONCLUSIVE, ngettext(
            "inconclusive: no game of {games} differed; about {more} more games would show a "
            "change affecting {share} of games",
            "inconclusive: no game of {games} differed; about {more} more games would show a "
            "change affecting {share} of games", enough - games).format(
                games=whole(games), more=whole(enough - games),
                share=show(win_precision, "pp")), enough - games)
    if max(abs(diff.low), abs(diff.high)) <= precision:
        return Verdict(NO_CHANGE, _("no change detected (within ±{precision})").format(
            precision=show(precision, unit)))
    if abs(diff.estimate) < precision:  # the interval must narrow to fit inside +-precision
        more = max(1, games_needed(diff, precision - abs(diff.estimate), games) - games)
        return Verdict(INCONCLUSIVE, ngettext(
            "inconclusive: about {more} more games needed for ±{precision}",
            "inconclusive: about {more} more games needed for ±{precision}", more).format(
                more=whole(more), precision=show(precision, unit)), more)
    more = games_needed(diff, abs(diff.estimate) / 2, games) - games
    return Verdict(INCONCLUSIVE, ngettext(
        "inconclusive: {difference} so far, not yet beyond chance (about {more} more games "
        "would tell)",
        "inconclusive: {difference} so far, not yet beyond chance (about {more} more games "
        "would tell)", more).format(difference=show(diff.estimate, unit, True),
                                    more=whole(more)), more)


RANGES = {"pp": (-1.0, 1.0), "card pp": (-1.0, 1.0)}  # not translated: unit keys
"""The differences a unit can take at all: a win rate moves by at most 100 points either way."""


@attrs.frozen
class Measured:
    """One measure on both sides, before its verdict: a comparison's row or the noise band's
    (a report keeps the row with its verdict, ``Row``)."""

    key: str
    """What is measured, as a key: ``turns``, ``seat.0``, ``points.ring``, ``card.ID.win``..."""
    label: str
    """The measure in words, in the language of the run (a card by its name)."""
    unit: str
    """``pp`` (a rate), ``card pp`` (a card's rate), ``points``, ``turns``, ``rank``, ``count``,
    ``decisions`` or ``choices``: how the values are shown and the precision that applies."""
    headline: bool
    """A headline measure: marked with * and deciding when ``--until-clear`` stops."""
    base: float
    """The measure on base's games (NaN for a new card)."""
    side: float
    """The measure on this side's games."""
    games: int
    """The games behind it (pairs of games for a paired measure)."""
    difference: Difference
    """This side's value minus base's, with its interval (clipped to what the unit can take)."""
    against: str | None = None
    """A card's rows only: ``base``, or ``average seat`` for a card base does not have."""


@attrs.frozen(kw_only=True)
class Row(Measured):
    """A measure's row in a report: the measure and its verdict."""

    p_adjusted: float
    """Its p value adjusted with the others of the comparison (Benjamini-Hochberg)."""
    verdict: str
    """``changed``, ``no change detected``, ``inconclusive`` or ``not measured``."""
    verdict_text: str
    """The verdict in words, in the language of the run."""
    more_games: int
    """About how many more games would settle an inconclusive verdict (else 0)."""


@attrs.frozen
class CardFlag:
    """A card whose owners' win rate may differ between two sides (``card_flags``)."""

    card: str
    """The card's id."""
    difference: Difference
    """The owners' win rate on one side minus the other's (Newcombe's interval)."""
    p_adjusted: float
    """The p value adjusted over all the cards tested (Benjamini-Hochberg)."""
    flag: bool
    """Flagged: different at a false-discovery rate of 5%."""


def _row(measure: Measure, base: float, side: float, diff: Difference, games: int,
         against: str | None = None) -> Measured:
    """A measure's row; its interval clipped to what the unit can take (a few games give a
    normal interval wider than that; whether it holds 0 does not change)."""
    if measure.unit in RANGES:
        least, most = RANGES[measure.unit]
        diff = attrs.evolve(diff, low=max(least, diff.low), high=min(most, diff.high))
    return Measured(measure.key, measure.label, measure.unit, measure.headline, base, side,
                    games, diff, against)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else float("nan")


def compare_measures(base: Sequence[GameResult], side: Sequence[GameResult],
                     spread: tuple[str, str] | None) -> list[Measured]:
    """Every measure, paired over the games both sides played (matched by game number)."""
    players = base[0].spec.players
    before = {r.spec.index: game_values(r, spread) for r in base}
    after = {r.spec.index: game_values(r, spread) for r in side}
    common = sorted(set(before) & set(after))
    rows = []
    for measure in measures(players, spread):
        pairs = [(after[i][measure.key], before[i][measure.key]) for i in common
                 if measure.key in after[i] and measure.key in before[i]]
        if not pairs:
            continue
        diff = paired_difference([a for a, _ in pairs], [b for _, b in pairs])
        rows.append(_row(measure, _mean(b for _, b in pairs), _mean(a for a, _ in pairs), diff,
                         len(pairs)))
    return rows


@attrs.frozen
class CardSample:
    owner_shares: tuple[float, ...]
    """The win share of every seat that ended with the card in its city."""
    offered: int
    picked: int
    taken_shares: tuple[float, ...]
    """The win share of the seat that took the card from the front row."""
    passed_shares: tuple[float, ...]
    """The win share of each seat that had it on offer and took something else."""


def card_samples(results: Sequence[GameResult]) -> dict[str, CardSample]:
    owners: dict[str, list[float]] = defaultdict(list)
    offered: dict[str, int] = defaultdict(int)
    picked: dict[str, int] = defaultdict(int)
    taken: dict[str, list[float]] = defaultdict(list)
    passed: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for s in r.seats:
            for card in s.cards:
                owners[card].append(r.win_share(s.seat))
        for card, n in r.offered.items():
            offered[card] += n
        for card, n in r.picked.items():
            picked[card] += n
        for card, seat, took in r.choices:
            (taken if took else passed)[card].append(r.win_share(seat))
    cards = sorted(set(owners) | set(offered))
    return {c: CardSample(tuple(owners[c]), offered[c], picked[c], tuple(taken[c]),
                          tuple(passed[c])) for c in cards}


def _owner_rate(sample: CardSample):
    return wilson(sum(sample.owner_shares), len(sample.owner_shares))


def card_rows(base: dict[str, CardSample], side: dict[str, CardSample], cards: Sequence[str],
              players: int, games: int) -> list[Measured]:
    """The owner win rate and pick rate of each changed card: against base when base has the
    card, against the average seat (1/players) when the card is new."""
    rows = []
    for card in cards:
        mine = side.get(card)
        if mine is None or not mine.owner_shares:
            continue
        before = base.get(card)
        pick = None
        if before is not None and before.owner_shares:
            win = proportion_difference(_owner_rate(mine), _owner_rate(before))
            pick = proportion_difference(wilson(mine.picked, mine.offered),
                                         wilson(before.picked, before.offered))
            against, base_win = "base", _owner_rate(before).rate
            base_pick = wilson(before.picked, before.offered).rate
        else:
            win = proportion_against(_owner_rate(mine), 1 / players)
            against = "average seat"  # not translated: a report value (what it is measured against)
            base_win, base_pick = float("nan"), float("nan")
        if against == "base":
            label = _("{card}: owners' win rate").format(card=card)
        else:
            label = _("{card}: owners' win rate (new: against the average seat, {share}%)").format(
                card=card, share=f"{100 / players:.0f}")
        rows.append(_row(Measure(f"card.{card}.win", label, "card pp"),  # not translated: unit
                         base_win, _owner_rate(mine).rate, win, games, against))
        if pick is not None:
            rows.append(_row(Measure(f"card.{card}.pick",
                                     _("{card}: pick rate when offered").format(card=card),
                                     "card pp"), base_pick,  # not translated: unit key
                             wilson(mine.picked, mine.offered).rate, pick, games, against))
    return rows


def add_verdicts(rows: Sequence[Measured], precision: dict[str, float]) -> tuple[Row, ...]:
    """Adjust the rows' p values together (Benjamini-Hochberg) and give each its verdict."""
    adjusted = adjusted_p_values([row.difference.p_value for row in rows])
    judged = []
    for row, p in zip(rows, adjusted, strict=True):
        verdict = judge(row.difference, row.unit, precision[row.unit], p if p == p else 1.0,
                        row.games, precision["pp"])
        judged.append(Row(**attrs.asdict(row, recurse=False), p_adjusted=p,
                          verdict=verdict.status, verdict_text=verdict.text,
                          more_games=verdict.more_games))
    return tuple(judged)


MIN_OWNERS = 5
"""Cards owned fewer times than this on a side are not tested (nothing to say yet)."""


def card_flags(base: dict[str, CardSample], side: dict[str, CardSample]) -> list[CardFlag]:
    """Cards whose owners' win rate differs between the two sides: every card owned often
    enough on both tested (two-proportion test, shared wins as fractions), flagged at a
    false-discovery rate of 5% (Benjamini-Hochberg)."""
    cards = [c for c in sorted(set(base) & set(side))
             if min(len(base[c].owner_shares), len(side[c].owner_shares)) >= MIN_OWNERS]
    diffs = [proportion_difference(_owner_rate(side[c]), _owner_rate(base[c])) for c in cards]
    adjusted = adjusted_p_values([d.p_value for d in diffs])
    return [CardFlag(c, d, p, bool(p == p and p <= FDR))
            for c, d, p in zip(cards, diffs, adjusted, strict=True)]


def strength_flags(samples: dict[str, CardSample], players: int) -> dict[str, tuple[str, float]]:
    """Within one pack: cards whose owners win more (``strong``) or less (``weak``) than the
    average seat, at a false-discovery rate of 5% over all cards; card -> (flag, adjusted p)."""
    cards = [c for c, s in samples.items() if len(s.owner_shares) >= 10]
    diffs = [proportion_against(_owner_rate(samples[c]), 1 / players) for c in cards]
    adjusted = adjusted_p_values([d.p_value for d in diffs])
    flags = {}
    for card, diff, p in zip(cards, diffs, adjusted, strict=True):
        flag = ""
        if p == p and p <= FDR and diff.excludes_zero:
            flag = "strong" if diff.estimate > 0 else "weak"
        flags[card] = (flag, p)
    return flags


def headline_clear(rows: Sequence[Measured], precision: dict[str, float]) -> bool:
    """Every headline interval at most +-precision wide."""
    return all(row.difference.high - row.difference.low <= 2 * precision[row.unit]
               for row in rows if row.headline)


def games_for_clear(rows: Sequence[Measured], precision: dict[str, float]) -> int:
    """Games (pairs) the widest headline interval needs to reach its precision."""
    needed = 0
    for row in rows:
        if row.headline:
            needed = max(needed, games_needed(row.difference, precision[row.unit]))
    return needed
