"""``smqt sim compare A B``: the same measures of two reports side by side (two variants, or
one pack before and after an edit), each difference with its 95% interval and whether it is
beyond noise. The runs are independent (other games), so a difference is tested as between two
samples (Newcombe's interval for rates, Welch's for means); the p values are adjusted together
(Benjamini-Hochberg) so that, over all rows, about 5% of the "different" verdicts may be
chance."""

from __future__ import annotations

import html
import json
from pathlib import Path

from smqt.ai.protocol import level_words
from smqt.language.translate import _, ngettext
from smqt.sim.statistics.stats import (
    Difference,
    Proportion,
    adjusted_p_values,
    proportion_difference,
    summary_mean_difference,
)
from smqt.sim.statistics.verdicts import RANGES, show

FDR = 0.05


class CompareError(ValueError):
    """A report that cannot be compared; the message says why."""


def read_report(path: Path) -> dict:
    file = path / "report.json" if path.is_dir() else path
    try:
        report = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CompareError(_("{file} cannot be read as a report: {problem}").format(
            file=file, problem=exc)) from None
    sides = report.get("sides") if isinstance(report, dict) else None
    if not isinstance(sides, dict) or not all(
            isinstance(side, dict) and isinstance(side.get("players"), dict)
            for side in sides.values()):
        raise CompareError(_("{file} cannot be read as a report: {problem}").format(
            file=file, problem=_("it has no sides of a simulation report")))
    return report


def _mean_difference(b: dict, a: dict) -> Difference:
    """``mean(b) - mean(a)`` from two summaries (n, mean, sd)."""
    return summary_mean_difference((b["n"], b["mean"], b["sd"]), (a["n"], a["mean"], a["sd"]))


def _rate_difference(b: dict, a: dict) -> Difference:
    def proportion(d: dict) -> Proportion:
        return Proportion(d["successes"], d["trials"], d["low"], d["high"])

    found = proportion_difference(proportion(b), proportion(a))
    least, most = RANGES["pp"]
    return Difference(found.estimate, max(least, found.low), min(most, found.high), found.n,
                      found.se, found.p_value)


def _measures(part: dict) -> list[tuple[str, str, str, dict]]:
    """(key, label, unit, value) of one side and player count: what both reports have."""
    found = [("turns", _("game length (turns)"), "turns", part["turns"]),
             ("margin", _("winning margin"), "points", part["margin"]),
             ("ties", _("shared victories"), "pp", part["ties"]),
             ("tie_breaks", _("games decided by a tie-break"), "pp", part["tie_breaks"])]
    for seat in part["seats"]:
        k = seat["seat"] + 1
        found.append((f"seat.{k}.win", _("seat {seat} win rate").format(seat=k), "pp",
                      seat["win"]))
        found.append((f"seat.{k}.score", _("seat {seat} mean score").format(seat=k), "points",
                      seat["score"]))
    for bot, values in part["bots"].items():
        found.append((f"bot.{bot}.win", _("{bot} win rate").format(bot=level_words(bot)), "pp",
                      values["win"]))
    return found


def compare_reports(a: dict, b: dict) -> list[dict]:
    """Every measure the two reports share (per side and player count), A's value, B's, the
    difference B - A with its interval, and the verdict at a 5% false-discovery rate."""
    rows = []
    for label, side in a["sides"].items():
        other = b["sides"].get(label)
        if other is None:
            continue
        for players, part in side["players"].items():
            theirs = other["players"].get(players)
            if theirs is None:
                continue
            mine = {key: (name, unit, value) for key, name, unit, value in _measures(part)}
            for key, name, unit, value in _measures(theirs):
                if key not in mine:
                    continue
                before = mine[key][2]
                rate = unit == "pp"
                diff = (_rate_difference(value, before) if rate
                        else _mean_difference(value, before))
                rows.append({"side": label, "players": int(players), "key": key, "label": name,
                             "unit": unit, "a": before["rate" if rate else "mean"],
                             "b": value["rate" if rate else "mean"],
                             "games": [before.get("trials", before.get("n")),
                                       value.get("trials", value.get("n"))],
                             "difference": diff.as_dict()})
    adjusted = adjusted_p_values([row["difference"]["p_value"] for row in rows])
    for row, p in zip(rows, adjusted, strict=True):
        row["p_adjusted"] = p
        row["different"] = p == p and p <= FDR
    if not rows:
        raise CompareError(_("the two reports share no side and player count to compare"))
    return rows


def compare_text(a_name: str, b_name: str, rows: list[dict]) -> str:
    lines = [_("Comparing {a} (A) with {b} (B): B - A, 95% intervals; 'different' at a 5% "
               "false-discovery rate, the runs being independent").format(a=a_name, b=b_name)]
    for row in rows:
        d, unit = row["difference"], row["unit"]
        verdict = _("different") if row["different"] else _("within noise")
        lines.append(_("  {side}, {players} players, {measure}: {a} -> {b}, {diff} "
                       "[{low}, {high}]  {verdict}").format(
            side=row["side"], players=row["players"], measure=row["label"],
            a=show(row["a"], unit, rate=unit == "pp"), b=show(row["b"], unit, rate=unit == "pp"),
            diff=show(d["estimate"], unit, True), low=show(d["low"], unit, True),
            high=show(d["high"], unit, True), verdict=verdict))
    found = sum(row["different"] for row in rows)
    lines.append(ngettext("{found} of {rows} measure differs beyond noise.",
                          "{found} of {rows} measures differ beyond noise.", len(rows)).format(
        found=found, rows=len(rows)))
    return "\n".join(lines) + "\n"


def compare_headline(a_name: str, rows: list[dict]) -> str:
    """One line for a page's first screen: how many measures differ from the earlier report's,
    linked to the comparison further down."""
    text = ngettext("Compared with {a}: {found} of {rows} measure differs beyond noise.",
                    "Compared with {a}: {found} of {rows} measures differ beyond noise.",
                    len(rows)).format(a=a_name, found=sum(row["different"] for row in rows),
                                      rows=len(rows))
    return (f"<p class='lead'><a href='#compare'>{html.escape(text)}</a></p>")  # not translated: markup


def compare_html(a_name: str, b_name: str, rows: list[dict]) -> str:
    """The comparison as a page section (a table, the differing rows marked)."""
    e = html.escape
    head = "".join(f"<th class='{'l' if i < 3 else ''}'>{e(t)}</th>"  # not translated: markup
                   for i, t in enumerate((
        _("side"), _("players"), _("measure"), "A", "B", _("difference [95%]"), _("verdict"))))
    body = []
    for row in rows:
        d, unit = row["difference"], row["unit"]
        verdict = _("different") if row["different"] else _("within noise")
        cells = [row["side"], str(row["players"]), row["label"],
                 show(row["a"], unit, rate=unit == "pp"), show(row["b"], unit, rate=unit == "pp"),
                 f"{show(d['estimate'], unit, True)} [{show(d['low'], unit, True)}, "
                 f"{show(d['high'], unit, True)}]", verdict]
        mark = " class='changed'" if row["different"] else ""  # not translated: markup
        body.append(f"<tr{mark}>" + "".join(  # not translated: markup
            f"<td class='{'l' if i < 3 else ''}'>{e(c)}</td>"  # not translated: markup
            for i, c in enumerate(cells))
            + "</tr>")
    title = _("{a} (A) against {b} (B)").format(a=a_name, b=b_name)
    start = "<section class='compare' id='compare'>"  # not translated: markup
    return (f"{start}<h2>{e(title)}</h2><table><tr>{head}</tr>"  # not translated: markup
            + "".join(body) + "</table></section>")
