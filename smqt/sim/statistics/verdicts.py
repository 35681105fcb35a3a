"""What a variant did, measure by measure: per-game measures paired game by game with the base
pack's games (same seeds, seats and bots), the changed cards' owner win and pick rates, a
verdict per measure, and the per-card flags with the false-discovery rate controlled.

A verdict is one of three: "changed" (beyond chance: the interval at the level the
Benjamini-Hochberg correction over the comparison's measures asks for leaves out no
difference), "no change detected" (the 95% interval is inside +-precision) or "inconclusive"
(neither; with the games it would need). A row keeps the corrected interval when its verdict
rests on it ("changed", "not yet beyond chance"), so that the interval shown beside a verdict
is the one it was drawn from.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.language.formats import fixed, number, with_percent
from smqt.language.translate import N_, SOURCE, _, current, ngettext
from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.stats import (
    LEVEL,
    Z95,
    Corrected,
    Difference,
    adjusted_p_values,
    corrected_level,
    games_needed,
    games_to_see,
    paired_difference,
    proportion_against,
    proportion_difference,
    wilson,
    z_value,
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
    corrected: bool = False
    """It rests on the corrected interval (whether the difference is beyond chance), not on
    the 95% one (whether it is within the precision)."""


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


def level_percent(level: float) -> str:
    """An interval's level as a percentage, with the decimals it needs to stay below 100%:
    ``99.6%``, ``99.96%``."""
    digits = 1
    while digits < 4 and round(100 * level, digits) >= 100:
        digits += 1
    return with_percent(fixed(100 * level, f".{digits}f"))


def corrected_words(level: float, count: int) -> str:
    """What a corrected interval is: its level and the measures it was corrected for."""
    return ngettext("{level} interval, corrected for {count} measure",
                    "{level} interval, corrected for {count} measures",
                    count).format(level=level_percent(level), count=count)


def correction_words(corrected: Corrected) -> str:
    """What a corrected interval is, for the line that shows it."""
    return corrected_words(corrected.level, corrected.measures)


def interval_note(row: Row, precision: dict[str, float], measures: int) -> str:
    """What the interval shown on a row's line is, when it is not plainly the 95% interval its
    verdict rests on: the corrected interval's level; or, in a report made before rows kept
    their corrected interval, that the 95% interval leaves out 0 but the verdict "not yet
    beyond chance" was corrected for the comparison's ``measures``. Empty otherwise."""
    if row.corrected is not None:
        return correction_words(row.corrected)
    d = row.difference
    if (row.verdict == INCONCLUSIVE and d.excludes_zero and row.unit in precision
            and abs(d.estimate) >= precision[row.unit]):
        return ngettext("95% interval; the verdict is corrected for {count} measure",
                        "95% interval; the verdict is corrected for {count} measures",
                        measures).format(count=measures)
    return ""


def judge(diff: Difference, unit: str, precision: float, p_adjusted: float,
          games: int | None = None, win_precision: float = PRECISION["pp"],
          corrected: Corrected | None = None) -> Verdict:
    """The verdict on one difference (see the module's docstring): "changed" needs the
    ``corrected`` interval to leave out 0 (without one: the 95% interval, and the adjusted p
    value at most the false-discovery rate); "no change detected" needs the whole 95% interval
    inside +-precision. When no game differed, "no change" waits until none of that many games
    differing shows that fewer than the win-rate precision's share of games would
    (``games_to_see``: 122 games for 3%)."""
    if diff.low != diff.low or diff.high != diff.high:
        return Verdict(NOT_MEASURED, _("not measured (too few games)"))
    beyond = (corrected.interval.excludes_zero if corrected is not None
              else diff.excludes_zero and p_adjusted <= FDR)
    if beyond:
        return Verdict(CHANGED, _("changed: {difference}").format(
            difference=show(diff.estimate, unit, True)), corrected=corrected is not None)
    games = diff.n if games is None else games
    if not diff.varied and diff.estimate == 0:  # no game differed at all
        enough = games_to_see(win_precision)
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
            "inconclusive: {difference} so far, its interval reaching beyond ±{precision} "
            "(about {more} more game would tell whether the change is within it)",
            "inconclusive: {difference} so far, its interval reaching beyond ±{precision} "
            "(about {more} more games would tell whether the change is within it)", more).format(
                difference=show(diff.estimate, unit, True), more=whole(more),
                precision=show(precision, unit)), more)
    z = z_value(corrected.level) if corrected is not None else Z95
    more = games_needed(diff, abs(diff.estimate) / 2, games, z) - games
    return Verdict(INCONCLUSIVE, ngettext(
        "inconclusive: {difference} so far, not yet beyond chance (about {more} more games "
        "would tell)",
        "inconclusive: {difference} so far, not yet beyond chance (about {more} more games "
        "would tell)", more).format(difference=show(diff.estimate, unit, True),
                                    more=whole(more)), more, corrected is not None)


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
    corrected: Corrected | None = None
    """When the verdict rests on whether the difference is beyond chance ("changed", "not yet
    beyond chance"): the interval at the level the correction over the comparison's measures
    asks for, which the verdict was drawn from and the report shows beside it. None when it
    rests on the 95% interval (within the precision or not), and in reports made before."""


def shown_interval(row: Row) -> Difference:
    """The interval a row's verdict rests on: the corrected one, or the 95% one."""
    return row.corrected.interval if row.corrected is not None else row.difference


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
                     spread: tuple[str, str] | None, level: float = LEVEL) -> list[Measured]:
    """Every measure, paired over the games both sides played (matched by game number), its
    interval at ``level``."""
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
        diff = paired_difference([a for a, _ in pairs], [b for _, b in pairs], level)
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
              players: int, games: int, level: float = LEVEL) -> list[Measured]:
    """The owner win rate and pick rate of each changed card: against base when base has the
    card, against the average seat (1/players) when the card is new; intervals at ``level``."""
    rows = []
    for card in cards:
        mine = side.get(card)
        if mine is None or not mine.owner_shares:
            continue
        before = base.get(card)
        pick = None
        if before is not None and before.owner_shares:
            win = proportion_difference(_owner_rate(mine), _owner_rate(before), level)
            pick = proportion_difference(wilson(mine.picked, mine.offered),
                                         wilson(before.picked, before.offered), level)
            against, base_win = "base", _owner_rate(before).rate
            base_pick = wilson(before.picked, before.offered).rate
        else:
            win = proportion_against(_owner_rate(mine), 1 / players, level)
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


def rows_level(rows: Sequence[Measured]) -> tuple[float, int]:
    """The level of the rows' corrected intervals, and how many measures it corrects for
    (``stats.corrected_level`` at the false-discovery rate of the verdicts)."""
    return corrected_level([row.difference.p_value for row in rows], FDR)


def add_verdicts(rows: Sequence[Measured], precision: dict[str, float],
                 corrected: Sequence[Measured] | None = None) -> tuple[Row, ...]:
    """Adjust the rows' p values together (Benjamini-Hochberg) and give each its verdict;
    ``corrected``: the same rows measured again at ``rows_level(rows)``, whose intervals say
    whether a difference is beyond chance (without them the verdicts say it from the 95%
    interval and the adjusted p value)."""
    adjusted = adjusted_p_values([row.difference.p_value for row in rows])
    level, count = rows_level(rows)
    again = corrected if corrected is not None else [None] * len(rows)
    judged = []
    for row, p, other in zip(rows, adjusted, again, strict=True):
        wider = Corrected(other.difference, level, count) if other is not None else None
        verdict = judge(row.difference, row.unit, precision[row.unit], p if p == p else 1.0,
                        row.games, precision["pp"], wider)
        judged.append(Row(**attrs.asdict(row, recurse=False), p_adjusted=p,
                          verdict=verdict.status, verdict_text=verdict.text,
                          more_games=verdict.more_games,
                          corrected=wider if verdict.corrected else None))
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
