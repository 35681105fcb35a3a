"""A balance search (``Report.balance``) in the terminal's summary and on the report page: the
value proposed with each goal's measure and 95% interval, the values ruled out and why, and the
curve of each measure against the value with its intervals and the goal as a dashed line."""

from __future__ import annotations

from smqt.language.translate import _
from smqt.sim.report.charts import escape, named, sweep_chart
from smqt.sim.report.model import Report
from smqt.sim.statistics.goals import (
    KEPT,
    TOO_HIGH,
    TOO_LOW,
    WORSE,
    Balance,
    TriedValue,
    point_words,
    shown,
)


def _row(cells: list[str], tag: str) -> str:
    """A table's row of text cells, left-aligned."""
    inner = "".join(f"<{tag} class='l'>{escape(cell)}</{tag}>" for cell in cells)  # not translated: markup
    return f"<tr>{inner}</tr>"  # not translated: markup


def _status(tried: TriedValue) -> str:
    words = {KEPT: _("kept"), TOO_HIGH: _("ruled out: too high"),
             TOO_LOW: _("ruled out: too low"), WORSE: _("ruled out: worse")}
    return words.get(tried.status, tried.status)


def _figures(balance: Balance, tried: TriedValue) -> str:
    return "; ".join(
        f"{f.measure} {shown(f.estimate, unit)} [{shown(f.low, unit)}, {shown(f.high, unit)}]"
        for f, unit in zip(tried.figures, balance.units, strict=True))  # not translated: figures


def balance_lines(report: Report) -> list[str]:
    """The search in the terminal: the outcome, the value proposed with its intervals, then
    each value tried."""
    balance = report.balance
    if balance is None:
        return []
    lines = [_("Goals: {goals}").format(goals=", ".join(balance.goals)),
             "  " + balance.sentence]
    if balance.reference:
        lines.append("  " + balance.reference)
    best = _proposed(balance)
    if best is not None:
        lines.append("  " + _("Proposed: {point} — {figures} (95% intervals, {games} games)")
                     .format(point=point_words(balance.targets, best.values),
                             figures=_figures(balance, best), games=best.games))
    lines.append("  " + _("Games played: {games}; a sweep of every value to the same precision: "
                          "{sweep}").format(games=balance.games, sweep=balance.sweep_games))
    for tried in balance.tried:
        mark = "*" if best is not None and tried.values == best.values else " "
        why = f" — {tried.why}" if tried.why else ""  # not translated: punctuation
        lines.append(f"  {mark} {point_words(balance.targets, tried.values):<34} "
                     f"{tried.games:>5}  {_figures(balance, tried)}  {_status(tried)}{why}")
    return lines


def _proposed(balance: Balance) -> TriedValue | None:
    return next((t for t in balance.tried if t.values == balance.proposed), None)


def balance_html(report: Report) -> list[str]:
    """The search's section of the page."""
    balance = report.balance
    if balance is None:
        return []
    out = [f"<h2>{escape(_('Finding the number'))}</h2>",
           f"<p class='lead'>{escape(balance.sentence)}</p>"]
    if balance.reference:
        out.append(f"<p>{escape(balance.reference)}</p>")  # not translated: markup
    best = _proposed(balance)
    if best is not None:
        out.append("<p class='lead'><b>" + escape(_("Proposed: {point}").format(
            point=point_words(balance.targets, best.values))) + "</b> — " + escape(
            _figures(balance, best)) + "</p>")  # not translated: markup
    out.append("<p class='note'>" + escape(_(
        "Every value played the same games (common random numbers); each round the value with "
        "the most games doubled them, and every other value still in the running was measured "
        "through it on the games both played (its measure plus the difference between the two), "
        "playing only the games that difference needed. {games} games were played, where a "
        "sweep of every value to the same precision plays {sweep}. The rest of this page is the "
        "pack at the value proposed.").format(games=balance.games, sweep=balance.sweep_games)) + "</p>")
    heads = [_("value"), _("games"), _("measures (95% intervals)"), _("status"), _("why")]
    rows = [_row(heads, "th")] + [
        _row([point_words(balance.targets, t.values), str(t.games), _figures(balance, t),
              _status(t), t.why], "td") for t in balance.tried]
    out.append(f"<table>{''.join(rows)}</table>")  # not translated: markup
    if len(balance.targets) == 1:
        for k, goal in enumerate(balance.goals):
            points = [(t.values[0], t.figures[k].estimate, t.figures[k].low, t.figures[k].high)
                      for t in balance.tried if t.games]
            title = _("{measure} against {target}, 95% intervals; dashed: the goal").format(
                measure=next((t.figures[k].measure for t in balance.tried if t.games),
                             goal.partition("=")[0]), target=balance.targets[0])
            out.append(named(sweep_chart(title, points, balance.units[k], balance.wanted[k],
                                         _("the goal: {value}")), f"balance-{k + 1}"))
        out.append("<p class='note'>" + escape(_(
            "How to read the curve: each point is the measure at that value with its 95% "
            "interval; the value proposed is where the curve meets the dashed goal line within "
            "the tolerance. A value whose whole interval lies beyond the tolerance is ruled out "
            "and played no more, so its interval stays wide.")) + "</p>")
    return out
