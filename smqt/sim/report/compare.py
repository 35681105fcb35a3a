"""``smqt sim compare A B``: the same measures of two reports side by side (two variants, or
one pack before and after an edit), each difference with its interval and whether it is
beyond noise.

How each side is compared is ``sharedgames``'s: runs on other seeds as independent samples
(Newcombe's interval for rates, Welch's for means, from the reports' summaries), runs that
share seeds paired game by game on the games both played (from their games.csv), identical
games not at all. The p values of all the rows are adjusted together (Benjamini-Hochberg) so
that, over all rows, about 5% of the "different" verdicts may be chance; each row's interval is
at the level that correction asks for (``stats.corrected_level``), and a row is "different"
exactly when that interval leaves out no difference: the interval on a line is the one its
verdict rests on."""

from __future__ import annotations

from pathlib import Path

import attrs

from smqt.ai.protocol import level_words
from smqt.language.translate import _
from smqt.sim.report.model import PlayersSummary, Report
from smqt.sim.report.reportfile import ReportError
from smqt.sim.report.sharedgames import (
    IDENTICAL,
    INDEPENDENT,
    PAIRED,
    UNPAIRED,
    GamesUnreadable,
    GameValues,
    Pairing,
    paired_values,
    pairing,
    refusal,
)
from smqt.sim.statistics.stats import (
    LEVEL,
    Corrected,
    Difference,
    Proportion,
    Summary,
    adjusted_p_values,
    corrected_level,
    paired_difference,
    proportion_difference,
    summary_mean_difference,
)
from smqt.sim.statistics.verdicts import RANGES

FDR = 0.05


class CompareError(ReportError):
    """Two reports that cannot be compared; the message says why."""


@attrs.frozen
class CompareRow:
    """One measure of one side and player count in both reports (compare.json's rows)."""

    side: str
    """The side's key, the same in both: ``base``, ``variant``..."""
    players: int
    """The player count."""
    key: str
    """The measure as a key: ``turns``, ``seat.1.win``, ``bot.medium.win``..."""
    label: str
    """The measure in words."""
    unit: str
    """``pp`` for a rate, ``points`` or ``turns`` for a mean."""
    a: float
    """Report A's rate or mean (over the paired games when ``paired``)."""
    b: float
    """Report B's."""
    games: tuple[int, int]
    """The games (or values) behind A's and B's."""
    difference: Difference
    """B - A with its 95% interval (independent samples, or paired game by game)."""
    p_adjusted: float
    """The p value adjusted over all the rows (Benjamini-Hochberg)."""
    different: bool
    """Different beyond noise, at a false-discovery rate of 5%: the corrected interval leaves
    out 0."""
    corrected: Corrected | None = None
    """B - A with its interval at the level the correction over all the rows asks for: the one
    the verdict rests on (None in comparisons written before it was kept)."""
    paired: int = 0
    """How many games were paired (A's and B's games on the same seeds); 0 for independent
    runs."""


@attrs.frozen
class Compared:
    """Two reports compared: the rows, and how each side was compared."""

    a_name: str
    """Report A as the person named it (its folder or file)."""
    b_name: str
    """Report B."""
    a: Report
    """Report A."""
    b: Report
    """Report B."""
    pairings: tuple[Pairing, ...]
    """Each side and player count both reports have, and how it was compared."""
    rows: tuple[CompareRow, ...]
    """Every measure compared."""
    level: float
    """The level of the corrected intervals."""
    measures: int
    """How many measures the correction went over."""


def _rate_difference(b: Proportion, a: Proportion, level: float) -> Difference:
    found = proportion_difference(b, a, level)
    least, most = RANGES["pp"]
    return attrs.evolve(found, low=max(least, found.low), high=min(most, found.high))


def _measures(part: PlayersSummary) -> list[tuple[str, str, str, Proportion | Summary]]:
    """(key, label, unit, value) of one side and player count: what both reports have."""
    found: list[tuple[str, str, str, Proportion | Summary]] = [
        ("turns", _("game length (turns)"), "turns", part.turns),
        ("margin", _("winning margin"), "points", part.margin),
        ("ties", _("shared victories"), "pp", part.ties),
        ("tie_breaks", _("games decided by a tie-break"), "pp", part.tie_breaks)]
    for seat in part.seats:
        k = seat.seat + 1
        found.append((f"seat.{k}.win", _("seat {seat} win rate").format(seat=k), "pp",
                      seat.win))
        found.append((f"seat.{k}.score", _("seat {seat} mean score").format(seat=k), "points",
                      seat.score))
    for bot, values in part.bots.items() if len(part.bots) > 1 else ():
        # one bot at every seat wins every game: its win rate is one seat's share, always
        found.append((f"bot.{bot}.win", _("{bot} win rate").format(bot=level_words(bot)), "pp",
                      values.win))
    return found


@attrs.frozen
class _Measured:
    """A row before its verdict."""

    side: str
    players: int
    key: str
    label: str
    unit: str
    a: float
    b: float
    games: tuple[int, int]
    difference: Difference
    paired: int


def _independent(found: Pairing, mine: PlayersSummary, theirs: PlayersSummary, level: float
                 ) -> list[_Measured]:
    """The measures of two runs on other seeds, from their summaries."""
    before = {key: value for key, _name, _unit, value in _measures(mine)}
    rows = []
    for key, name, unit, value in _measures(theirs):
        if key not in before:
            continue
        old = before[key]
        if isinstance(old, Proportion) and isinstance(value, Proportion):
            rows.append(_Measured(found.side, found.players, key, name, unit, old.rate,
                                  value.rate, (old.trials, value.trials),
                                  _rate_difference(value, old, level), 0))
        elif isinstance(old, Summary) and isinstance(value, Summary):
            rows.append(_Measured(found.side, found.players, key, name, unit, old.mean,
                                  value.mean, (old.n, value.n), summary_mean_difference(
                                      (value.n, value.mean, value.sd),
                                      (old.n, old.mean, old.sd), level), 0))
    return rows


def _paired(found: Pairing, theirs: PlayersSummary,
            values: list[tuple[GameValues, GameValues]], level: float) -> list[_Measured]:
    """The measures of two runs on the same seeds, paired game by game."""
    rows = []
    for key, name, unit, _value in _measures(theirs):
        pairs = [(a[key], b[key]) for a, b in values if key in a and key in b]
        if not pairs:
            continue
        before, after = [a for a, _b in pairs], [b for _a, b in pairs]
        diff = paired_difference(after, before, level)
        if unit == "pp":  # not translated: a unit key
            least, most = RANGES["pp"]
            diff = attrs.evolve(diff, low=max(least, diff.low), high=min(most, diff.high))
        rows.append(_Measured(found.side, found.players, key, name, unit,
                              sum(before) / len(before), sum(after) / len(after),
                              (len(pairs), len(pairs)), diff, len(pairs)))
    return rows


def _games_csv(folder: Path | None) -> Path | None:
    return folder / "games.csv" if folder is not None else None


def compare_reports(a: Report, b: Report, a_name: str = "A", b_name: str = "B",
                    a_folder: Path | None = None, b_folder: Path | None = None) -> Compared:
    """Every measure the two reports share (per side and player count), A's value, B's, the
    difference B - A with its interval, and the verdict at a 5% false-discovery rate.
    ``a_folder``, ``b_folder``: the reports' folders, whose games.csv pairs runs that share
    seeds. Raises CompareError when nothing can be compared, saying why."""
    pairings: list[Pairing] = []
    parts: list[tuple[Pairing, PlayersSummary, PlayersSummary,
                      list[tuple[GameValues, GameValues]] | None]] = []
    for label, side in a.sides.items():
        other = b.sides.get(label)
        if other is None:
            continue
        for players, part in side.players.items():
            theirs = other.players.get(players)
            if theirs is None:
                continue
            found = pairing(a, b, label, int(players))
            values = None
            if found.how == PAIRED:
                a_csv, b_csv = _games_csv(a_folder), _games_csv(b_folder)
                try:
                    if a_csv is None or b_csv is None:
                        raise GamesUnreadable(_("the reports' folders are not known"))
                    values = paired_values(found, a_csv, b_csv)
                except GamesUnreadable as exc:
                    found = attrs.evolve(found, how=UNPAIRED, problem=str(exc))
            pairings.append(found)
            if found.how in (INDEPENDENT, PAIRED):
                parts.append((found, part, theirs, values))

    def measured(level: float) -> list[_Measured]:
        rows = []
        for found, mine, theirs, values in parts:
            rows += (_paired(found, theirs, values, level) if values is not None
                     else _independent(found, mine, theirs, level))
        return rows

    plain = measured(LEVEL)
    if not plain:
        refused = [refusal(found) for found in pairings if found.how in (IDENTICAL, UNPAIRED)]
        raise CompareError("\n".join(refused) or _(
            "the two reports share no side and player count to compare"))
    level, count = corrected_level([row.difference.p_value for row in plain], FDR)
    wider = measured(level)
    adjusted = adjusted_p_values([row.difference.p_value for row in plain])
    rows = []
    for row, again, p in zip(plain, wider, adjusted, strict=True):
        corrected = Corrected(again.difference, level, count)
        rows.append(CompareRow(row.side, row.players, row.key, row.label, row.unit, row.a, row.b,
                               row.games, row.difference, p,
                               different=corrected.interval.excludes_zero,
                               corrected=corrected, paired=row.paired))
    return Compared(a_name, b_name, a, b, tuple(pairings), tuple(rows), level, count)
