"""``smqt sim compare A B``: the same measures of two reports side by side (two variants, or
one pack before and after an edit), each difference with its 95% interval and whether it is
beyond noise. The runs are independent (other games), so a difference is tested as between two
samples (Newcombe's interval for rates, Welch's for means); the p values are adjusted together
(Benjamini-Hochberg) so that, over all rows, about 5% of the "different" verdicts may be
chance."""

from __future__ import annotations

import html
import json

import attrs

from smqt.ai.protocol import level_words
from smqt.language.translate import _, ngettext
from smqt.pack.convert import converter
from smqt.sim.report.model import PlayersSummary, Report
from smqt.sim.report.reportfile import ReportError
from smqt.sim.statistics.stats import (
    Difference,
    Proportion,
    Summary,
    adjusted_p_values,
    proportion_difference,
    summary_mean_difference,
)
from smqt.sim.statistics.verdicts import RANGES, show

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
    """Report A's rate or mean."""
    b: float
    """Report B's."""
    games: tuple[int, int]
    """The games (or values) behind A's and B's."""
    difference: Difference
    """B - A with its 95% interval (independent samples)."""
    p_adjusted: float
    """The p value adjusted over all the rows (Benjamini-Hochberg)."""
    different: bool
    """Different beyond noise, at a false-discovery rate of 5%."""


def _mean_difference(b: Summary, a: Summary) -> Difference:
    """``mean(b) - mean(a)`` from two summaries (n, mean, sd)."""
    return summary_mean_difference((b.n, b.mean, b.sd), (a.n, a.mean, a.sd))


def _rate_difference(b: Proportion, a: Proportion) -> Difference:
    found = proportion_difference(b, a)
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
    for bot, values in part.bots.items():
        found.append((f"bot.{bot}.win", _("{bot} win rate").format(bot=level_words(bot)), "pp",
                      values.win))
    return found


def _compared(before: Proportion | Summary, value: Proportion | Summary
              ) -> tuple[float, float, tuple[int, int], Difference]:
    """A's value, B's, the games behind each and B - A."""
    if isinstance(before, Proportion) and isinstance(value, Proportion):
        return (before.rate, value.rate, (before.trials, value.trials),
                _rate_difference(value, before))
    assert isinstance(before, Summary) and isinstance(value, Summary)
    return before.mean, value.mean, (before.n, value.n), _mean_difference(value, before)


def compare_reports(a: Report, b: Report) -> list[CompareRow]:
    """Every measure the two reports share (per side and player count), A's value, B's, the
    difference B - A with its interval, and the verdict at a 5% false-discovery rate."""
    found = []
    for label, side in a.sides.items():
        other = b.sides.get(label)
        if other is None:
            continue
        for players, part in side.players.items():
            theirs = other.players.get(players)
            if theirs is None:
                continue
            mine = {key: value for key, _name, _unit, value in _measures(part)}
            for key, name, unit, value in _measures(theirs):
                if key not in mine:
                    continue
                found.append((label, int(players), key, name, unit,
                              *_compared(mine[key], value)))
    adjusted = adjusted_p_values([row[-1].p_value for row in found])
    rows = [CompareRow(*row, p_adjusted=p, different=p == p and p <= FDR)
            for row, p in zip(found, adjusted, strict=True)]
    if not rows:
        raise CompareError(_("the two reports share no side and player count to compare"))
    return rows


def compare_json(rows: list[CompareRow]) -> str:
    """The text of compare.json: the rows, their keys in the fields' order."""
    return json.dumps(converter.unstructure(rows), indent=1) + "\n"


def compare_text(a_name: str, b_name: str, rows: list[CompareRow]) -> str:
    lines = [_("Comparing {a} (A) with {b} (B): B - A, 95% intervals; 'different' at a 5% "
               "false-discovery rate, the runs being independent").format(a=a_name, b=b_name)]
    for row in rows:
        d, unit = row.difference, row.unit
        verdict = _("different") if row.different else _("within noise")
        lines.append(_("  {side}, {players} players, {measure}: {a} -> {b}, {diff} "
                       "[{low}, {high}]  {verdict}").format(
            side=row.side, players=row.players, measure=row.label,
            a=show(row.a, unit, rate=unit == "pp"), b=show(row.b, unit, rate=unit == "pp"),
            diff=show(d.estimate, unit, True), low=show(d.low, unit, True),
            high=show(d.high, unit, True), verdict=verdict))
    found = sum(row.different for row in rows)
    lines.append(ngettext("{found} of {rows} measure differs beyond noise.",
                          "{found} of {rows} measures differ beyond noise.", len(rows)).format(
        found=found, rows=len(rows)))
    return "\n".join(lines) + "\n"


def compare_headline(a_name: str, rows: list[CompareRow]) -> str:
    """One line for a page's first screen: how many measures differ from the earlier report's,
    linked to the comparison further down."""
    text = ngettext("Compared with {a}: {found} of {rows} measure differs beyond noise.",
                    "Compared with {a}: {found} of {rows} measures differ beyond noise.",
                    len(rows)).format(a=a_name, found=sum(row.different for row in rows),
                                      rows=len(rows))
    return (f"<p class='lead'><a href='#compare'>{html.escape(text)}</a></p>")  # not translated: markup


def compare_html(a_name: str, b_name: str, rows: list[CompareRow]) -> str:
    """The comparison as a page section (a table, the differing rows marked)."""
    e = html.escape
    head = "".join(f"<th class='{'l' if i < 3 else ''}'>{e(t)}</th>"  # not translated: markup
                   for i, t in enumerate((
        _("side"), _("players"), _("measure"), "A", "B", _("difference [95%]"), _("verdict"))))
    body = []
    for row in rows:
        d, unit = row.difference, row.unit
        verdict = _("different") if row.different else _("within noise")
        cells = [row.side, str(row.players), row.label,
                 show(row.a, unit, rate=unit == "pp"), show(row.b, unit, rate=unit == "pp"),
                 f"{show(d.estimate, unit, True)} [{show(d.low, unit, True)}, "
                 f"{show(d.high, unit, True)}]", verdict]
        mark = " class='changed'" if row.different else ""  # not translated: markup
        body.append(f"<tr{mark}>" + "".join(  # not translated: markup
            f"<td class='{'l' if i < 3 else ''}'>{e(c)}</td>"  # not translated: markup
            for i, c in enumerate(cells))
            + "</tr>")
    title = _("{a} (A) against {b} (B)").format(a=a_name, b=b_name)
    start = "<section class='compare' id='compare'>"  # not translated: markup
    return (f"{start}<h2>{e(title)}</h2><table><tr>{head}</tr>"  # not translated: markup
            + "".join(body) + "</table></section>")
