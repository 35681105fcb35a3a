"""The self-contained HTML page of a simulation report, verdicts first: what the variant
changes and what each change did, then the detail (every measure with its paired interval, the
sweep, the noise band, the skill ladder, each side's own figures, the data files). Inline SVG
charts, no scripts, no network; the only links are to the game records and the charts' own
files (SVG, PNG) beside the page."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.language.formats import fixed, with_percent
from smqt.language.translate import N_, _, current, ngettext
from smqt.sim.plan.provenance import Provenance
from smqt.sim.report.model import (
    CardFigures,
    Comparison,
    LadderStep,
    Overall,
    PlayersSummary,
    Report,
)
from smqt.sim.statistics.stats import Proportion, Summary
from smqt.sim.statistics.verdicts import CHANGED, NO_CHANGE, Row

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")
CATEGORY_COLOURS = {"objective": "#4e79a7", "card": "#f28e2b", "ring": "#59a14f",
                    "footprint": "#b07aa1"}
CATEGORY_NAMES = {"objective": N_("objective"), "card": N_("card"), "ring": N_("ring"),
                  "footprint": N_("footprint")}
"""Where points come from, as the page names it."""


def _e(text: object) -> str:
    return html.escape(str(text))


def _pct(value: float) -> str:
    return _("n/a") if value != value else with_percent(fixed(100 * value, ".1f"))


def _open(width: float, height: float, title: str) -> list[str]:
    """An SVG element with its title line."""
    return [f'<svg width="{width}" height="{height}" role="img" '
            f'aria-label="{_e(title)}">',  # not translated: markup
            f'<text x="0" y="16" class="t">{_e(title)}</text>']


def _grid(x, ticks: list[float], height: float, label) -> list[str]:
    """Vertical grid lines with their labels under the plot."""
    return [f'<line x1="{x(t):.1f}" y1="24" x2="{x(t):.1f}" y2="{height - 18}" class="grid"/>'
            f'<text x="{x(t):.1f}" y="{height - 4}" class="tick">{label(t)}</text>'
            for t in ticks]


def interval_bars(title: str, rows: list[tuple[str, float, float, float]], reference: float | None,
                  scale: float = 1.0, percent: bool = True) -> str:
    """Horizontal bars with 95% interval whiskers; ``rows`` are (label, value, low, high)."""
    width, left, bar_h, gap = 720, 150, 22, 10
    height = 30 + len(rows) * (bar_h + gap) + 20
    plot = width - left - 130

    def x(v: float) -> float:
        return left + plot * max(0.0, min(1.0, v / scale))

    parts = _open(width, height, title)
    parts += _grid(x, [scale * i / 4 for i in range(5)], height,
                   lambda t: _pct(t) if percent else f"{t:.0f}")
    if reference is not None:
        parts.append(f'<line x1="{x(reference):.1f}" y1="24" x2="{x(reference):.1f}" '
                     f'y2="{height - 18}" class="ref"/>')
    for i, (label, value, low, high) in enumerate(rows):
        y = 30 + i * (bar_h + gap)
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<text x="{left - 8}" y="{y + 15}" class="label">{_e(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{max(0.0, x(value) - left):.1f}" '
                     f'height="{bar_h}" fill="{colour}" opacity="0.8"/>')
        if low == low and high == high:
            parts.append(f'<line x1="{x(low):.1f}" y1="{y + bar_h / 2}" x2="{x(high):.1f}" '
                         f'y2="{y + bar_h / 2}" class="whisker"/>'
                         f'<line x1="{x(low):.1f}" y1="{y + 4}" x2="{x(low):.1f}" '
                         f'y2="{y + bar_h - 4}" class="whisker"/>'
                         f'<line x1="{x(high):.1f}" y1="{y + 4}" x2="{x(high):.1f}" '
                         f'y2="{y + bar_h - 4}" class="whisker"/>')
        shown = _pct(value) if percent else fixed(value, ".1f")
        parts.append(f'<text x="{min(width - 4, x(high if high == high else value) + 6):.1f}" '
                     f'y="{y + 15}" class="value">{shown}</text>')
    parts.append("</svg>")
    return "".join(parts)


def difference_bars(title: str, rows: list[tuple[str, float, float, float]]) -> str:
    """Signed changes around a centre line, with interval whiskers (percentage points)."""
    width, left, bar_h, gap = 720, 150, 22, 10
    height = 30 + len(rows) * (bar_h + gap) + 20
    bound = max([0.05] + [abs(v) for _, _, lo, hi in rows for v in (lo, hi) if v == v])
    plot = width - left - 130

    def x(v: float) -> float:
        return left + plot * (0.5 + 0.5 * max(-1.0, min(1.0, v / bound)))

    parts = _open(width, height, title)
    for tick in (-bound, -bound / 2, 0.0, bound / 2, bound):
        parts.append(f'<line x1="{x(tick):.1f}" y1="24" x2="{x(tick):.1f}" y2="{height - 18}" '
                     f'class="{"ref" if tick == 0 else "grid"}"/><text x="{x(tick):.1f}" '
                     f'y="{height - 4}" class="tick">{100 * tick:+.0f}</text>')
    for i, (label, value, low, high) in enumerate(rows):
        y = 30 + i * (bar_h + gap)
        start, end = sorted((x(0.0), x(value)))
        parts.append(f'<text x="{left - 8}" y="{y + 15}" class="label">{_e(label)}</text>'
                     f'<rect x="{start:.1f}" y="{y}" width="{end - start:.1f}" height="{bar_h}" '
                     f'fill="{COLOURS[i % len(COLOURS)]}" opacity="0.8"/>'
                     f'<line x1="{x(low):.1f}" y1="{y + bar_h / 2}" x2="{x(high):.1f}" '
                     f'y2="{y + bar_h / 2}" class="whisker"/>')
    parts.append("</svg>")
    return "".join(parts)


def range_chart(title: str, rows: list[tuple[str, Summary]]) -> str:
    """Score ranges per row: 5th-95th percentile line, median tick, mean dot."""
    width, left, row_h = 720, 150, 30
    values = [v for _label, s in rows for v in (s.p5, s.p95) if v == v]
    top = max(values, default=1.0)
    scale = max(20.0, math.ceil(top / 20) * 20)
    plot = width - left - 130
    height = 30 + len(rows) * row_h + 20

    def x(v: float) -> float:
        return left + plot * max(0.0, min(1.0, v / scale))

    parts = _open(width, height, title)
    parts += _grid(x, [scale * i / 4 for i in range(5)], height, lambda t: f"{t:.0f}")
    for i, (label, s) in enumerate(rows):
        y = 30 + i * row_h + 10
        colour = COLOURS[i % len(COLOURS)]
        mean = _("mean {value}").format(value=fixed(s.mean, ".1f"))
        parts.append(f'<text x="{left - 8}" y="{y + 5}" class="label">{_e(label)}</text>'
                     f'<line x1="{x(s.p5):.1f}" y1="{y}" x2="{x(s.p95):.1f}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="6" opacity="0.5"/>'  # not translated: markup
                     f'<line x1="{x(s.median):.1f}" y1="{y - 8}" x2="{x(s.median):.1f}" '
                     f'y2="{y + 8}" stroke="{colour}" stroke-width="3"/>'
                     f'<circle cx="{x(s.mean):.1f}" cy="{y}" r="4" fill="#222"/>'
                     f'<text x="{x(s.p95) + 6:.1f}" y="{y + 5}" class="value">'
                     f'{_e(mean)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def share_bar(title: str, shares: dict[str, float]) -> str:
    width, height, left = 720, 70, 0
    parts = _open(width, height, title)
    x = float(left)
    names = {c: _(CATEGORY_NAMES[c]) if c in CATEGORY_NAMES else c for c in shares}
    for category, share in shares.items():
        w = (width - 10) * share
        parts.append(f'<rect x="{x:.1f}" y="24" width="{w:.1f}" height="22" '
                     f'fill="{CATEGORY_COLOURS.get(category, "#999")}"/>')
        if w > 40:
            parts.append(f'<text x="{x + 4:.1f}" y="40" class="inbar">{_e(names[category])} '
                         f'{_pct(share)}</text>')
        x += w
    legend = " · ".join(f"{names[c]} {_pct(s)}" for c, s in shares.items())
    parts.append(f'<text x="0" y="64" class="legend">{_e(legend)}</text></svg>')
    return "".join(parts)


def card_scatter(title: str, cards: Sequence[CardFigures], baseline: float) -> str:
    """Pick rate (x) against owners' win rate (y); flagged cards are labelled."""
    size, pad = 440, 60
    parts = [f'<svg width="{size + 300}" height="{size + 40}" role="img" '
             f'aria-label="{_e(title)}">',  # not translated: markup
             f'<text x="0" y="16" class="t">{_e(title)}</text>']

    def px(v: float) -> float:
        return pad + (size - pad) * v

    def py(v: float) -> float:
        return size - (size - pad) * v + 10

    for i in range(5):
        t = i / 4
        parts.append(f'<line x1="{px(t):.1f}" y1="{py(0):.1f}" x2="{px(t):.1f}" y2="{py(1):.1f}" '
                     f'class="grid"/><text x="{px(t):.1f}" y="{py(0) + 14:.1f}" class="tick">'
                     f'{_pct(t)}</text><line x1="{px(0):.1f}" y1="{py(t):.1f}" '
                     f'x2="{px(1):.1f}" y2="{py(t):.1f}" class="grid"/>'
                     f'<text x="{px(0) - 4:.1f}" y="{py(t) + 4:.1f}" class="label">{_pct(t)}</text>')
    parts.append(f'<line x1="{px(0):.1f}" y1="{py(baseline):.1f}" x2="{px(1):.1f}" '
                 f'y2="{py(baseline):.1f}" class="ref"/>')
    for row in cards:
        pick, win = row.pick.rate, row.win.rate
        if pick != pick or win != win:
            continue
        colour = {"strong": "#d62728", "weak": "#1f77b4"}.get(row.flag, "#777")
        tip = _("{card}: pick {pick}, win {win}").format(
            card=_names.get(row.card, row.card), pick=_pct(pick), win=_pct(win))
        parts.append(f'<circle cx="{px(pick):.1f}" cy="{py(win):.1f}" r="4" fill="{colour}" '
                     f'opacity="0.75"><title>{_e(tip)}</title></circle>')  # not translated: markup
        if row.flag:
            parts.append(f'<text x="{px(pick) + 6:.1f}" y="{py(win) + 4:.1f}" class="small">'
                         f'{_e(_names.get(row.card, row.card))}</text>')
    parts.append(f'<text x="{px(0.5):.1f}" y="{size + 36}" class="tick">'  # not translated: SVG
                 + _e(_("pick rate when offered")) + "</text></svg>")
    return "".join(parts)


CHART_RULES = """
.t { font-weight: 600; font-size: 13px; } .label { text-anchor: end; fill: #333; }
.tick { text-anchor: middle; fill: #666; font-size: 11px; } .value { fill: #222; }
.small { font-size: 10px; fill: #333; } .inbar { fill: white; font-size: 11px; }
.legend { fill: #444; font-size: 11px; } .grid { stroke: #eee; }
.ref { stroke: #c00; stroke-dasharray: 4 3; } .whisker { stroke: #222; stroke-width: 1.5; }
"""  # not translated: a style sheet
"""The charts' rules: in the page's style sheet, and inside each chart's own file."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1100px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; }
td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
td:has(> span.v), th:last-child { text-align: left; }
svg { display: block; margin: 10px 0 18px; font-size: 12px; }
.flag-strong { color: #b00; font-weight: 600; } .flag-weak { color: #036; font-weight: 600; }
.v { display: inline-block; padding: 1px 7px; border-radius: 9px; font-size: 12px; }
.v-changed { background: #fde2cf; color: #8a3b00; font-weight: 600; }
.v-nochange { background: #dff0d8; color: #2b5f1d; } .v-unclear { background: #eee; color: #444; }
.lead { font-size: 15px; } .note { color: #555; font-size: 13px; }
details > summary { cursor: pointer; font-weight: 600; margin: 10px 0; }
.export { font-size: 12px; margin: -12px 0 16px; }
tr.changed td { background: #fde2cf; } tr.changed td:last-child { color: #8a3b00; font-weight: 600; }
""" + CHART_RULES  # not translated: a style sheet


def _table(headers: list[str], rows: list[list[object]], left: int = 1) -> str:
    head = "".join(f'<th class="{"l" if i < left else ""}">{_e(h)}</th>'  # not translated: markup
                   for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>'  # not translated: markup
                         for i, c in enumerate(row)) + "</tr>"
        for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(p: Proportion) -> str:
    return f"{_pct(p.rate)} [{_pct(p.low)}, {_pct(p.high)}]"


def _side(title: str, side: PlayersSummary) -> str:
    players = side.players
    out = [f"<h3>{_e(title)}</h3>"]
    seat_rows = [(_seat(s.seat), s.win.rate, s.win.low, s.win.high) for s in side.seats]
    out.append(interval_bars(ngettext(
        "Win rate per seat ({games} games, 95% Wilson intervals; dashed line: 1/{players})",
        "Win rate per seat ({games} games, 95% Wilson intervals; dashed line: 1/{players})",
        side.games).format(games=side.games, players=players), seat_rows, 1 / players))
    balance = side.seat_balance
    shown = {"chi_square": fixed(balance.chi_square, ".2f"), "p": fixed(balance.p_value, ".3f"),
             "degrees": balance.degrees_of_freedom}
    if balance.p_value < 0.05:
        text = _("Seat balance: chi-square {chi_square} with {degrees} degrees of freedom, "
                 "p = {p} — seats look unbalanced.").format(**shown)
    else:
        text = _("Seat balance: chi-square {chi_square} with {degrees} degrees of freedom, "
                 "p = {p}.").format(**shown)
    out.append(f"<p>{_e(text)}</p>")
    bot_rows = [(level_words(bot), b.win.rate, b.win.low, b.win.high)
                for bot, b in side.bots.items()]
    if len(bot_rows) > 1:
        out.append(interval_bars(_("Win rate per bot"), bot_rows, 1 / players, scale=1.0))
    out.append(range_chart(_("Scores per seat (line: 5th-95th percentile, tick: median, dot: "
                             "mean)"),
                           [(_seat(s.seat), s.score) for s in side.seats]))
    out.append(_table(
        [_("seat"), _("wins"), _("mean"), _("SD"), _("median"), _("5th pct"), _("95th pct")],
        [[_seat(s.seat), _interval(s.win), fixed(s.score.mean, ".1f"), fixed(s.score.sd, ".1f"),
          fixed(s.score.median, ".1f"), fixed(s.score.p5, ".1f"), fixed(s.score.p95, ".1f")]
         for s in side.seats]))
    margin, turns = side.margin, side.turns
    out.append("<p>" + _e(_(
        "Winning margin: mean {mean}, median {median}. Ties (shared wins): {ties}; decided by "
        "a tie-break: {tie_breaks}. Game length: {turns} turns (median {median_turns}).").format(
            mean=fixed(margin.mean, ".1f"), median=fixed(margin.median, ".1f"),
            ties=_interval(side.ties), tie_breaks=_interval(side.tie_breaks),
            turns=fixed(turns.mean, ".1f"), median_turns=f"{turns.median:.0f}")) + "</p>")
    out.append(share_bar(_("Where the points came from"), attrs.asdict(side.points_share)))
    if side.sand_dollar_actions_per_game:
        out.append(_table([_("sand dollar action"), _("uses per game")],
                          [[_named(a), fixed(n, ".2f")] for a, n in
                           side.sand_dollar_actions_per_game.items()]))
    out.append(card_scatter(_("Cards: pick rate when offered vs win rate of owners "
                              "(red: strong, blue: weak outliers)"), side.cards, 1 / players))
    flags = {"strong": _("strong"), "weak": _("weak")}
    rows = []
    for row in side.cards[:25]:
        flag = (f'<span class="flag-{row.flag}">'  # not translated: markup
                f'{_e(flags.get(row.flag, row.flag))}</span>') if row.flag else ""
        rows.append([_named(row.card), row.offered, _interval(row.pick), row.owned,
                     _interval(row.win), _pct(row.win_when_taken.rate),
                     _pct(row.win_when_passed.rate), flag])
    out.append("<p>" + _e(_("Cards furthest from the average win rate (flags: owners win more "
                            "or less than the average seat at a false-discovery rate of 5% over "
                            "all cards):")) + "</p>")
    out.append(_table([_("card"), _("offered"), _("pick rate"), _("owned"), _("owner win rate"),
                       _("win rate when taken"), _("when offered, not taken"), _("flag")], rows))
    return "".join(out)


def _h2(text: str) -> str:
    return f"<h2>{_e(text)}</h2>"


def _seat(seat: int) -> str:
    """``seat 1`` for the seat numbered 0."""
    return _("seat {number}").format(number=seat + 1)


def _players(count: object, verdict: str) -> str:
    """``2 players: `` and a verdict chip."""
    return _("{players} players: {verdict}").format(players=count, verdict=verdict)


def _chip(status: str, text: str) -> str:
    css = {CHANGED: "v-changed", NO_CHANGE: "v-nochange"}.get(status, "v-unclear")
    return f'<span class="v {css}">{_e(text)}</span>'  # not translated: markup


def _overall(overall: Overall) -> str:
    """A comparison's verdict as a chip."""
    return _chip(overall.status, overall.text)


def _value(value: float, unit: str, signed: bool = False) -> str:
    if value != value:
        return _("n/a")
    if unit in ("pp", "card pp"):  # not translated: unit keys
        shown = fixed(100 * value, "+.1f" if signed else ".1f")
        return _("{value} pp").format(value=shown) if signed else with_percent(shown)
    return fixed(value, "+.2f" if signed else ".2f")


def _rows_table(rows: Sequence[Row], side_name: str, verdicts: bool = True) -> str:
    body = []
    for row in rows:
        d, unit = row.difference, row.unit
        cells = [_e(row.label) + (" <b>*</b>" if row.headline else ""),
                 _value(row.base, unit), _value(row.side, unit),
                 f"{_value(d.estimate, unit, True)} [{_value(d.low, unit, True)}, "
                 f"{_value(d.high, unit, True)}]"]
        if verdicts:
            cells.append(_chip(row.verdict, row.verdict_text))
        else:
            cells.append("±" + _value((d.high - d.low) / 2, unit, True).lstrip("+"))
        body.append(cells)
    last = _("verdict") if verdicts else _("chance: 95% of runs differ by less than")
    return _table([_("measure"), _("base"), side_name, _("difference [95%]"), last], body)


def _made(found: Provenance | None) -> list[str]:
    """How the report was made (closed until opened): enough to run it again."""
    if found is None:
        return []
    packs = "; ".join(_("{role}: {name} {version} (content hash {hash})").format(
        role=_("pack") if role == "pack" else _("variant"), name=pack.name,
        version=pack.version, hash=pack.hash[:12]) for role, pack in found.packs.items())
    cpu, cluster = found.cpu_seconds, found.cluster
    bots = ", ".join(level_words(bot.strip()) for bot in found.options.bots.split(","))
    wall = fixed(found.wall_seconds, ".1f")
    rows = [
        (_("command"), " ".join(found.command) or _("(run from the editor)")),
        (_("packs"), packs),
        (_("bots and seeds"), _("{bots}; first seed {seed}").format(
            bots=bots, seed=found.options.seed)),
        (_("made with"), _("smqt {version}, Python {python}, {system}").format(
            version=found.smqt, python=found.python, system=found.system)),
        (_("started"), found.started),
    ]
    if cluster:
        rows.append((_("played on"), ngettext(
            "the Dask cluster at {address}: at most {workers} worker with {threads} threads",
            "the Dask cluster at {address}: at most {workers} workers with {threads} threads",
            cluster.workers).format(address=cluster.address, workers=cluster.workers,
                                    threads=cluster.threads)))
    rows.append((_("time"), _("{wall} s on the wall, {cpu} s of processor time").format(
        wall=wall, cpu=fixed(cpu, ".1f")) if cpu is not None else
        _("{wall} s on the wall (the workers' processor time is not measured)").format(wall=wall)))
    body = "".join(f"<tr><th>{_e(k)}</th><td>{_e(str(v))}</td></tr>" for k, v in rows)
    title = _("How this report was made")
    again = _("Play it again: smqt sim --rerun REPORT --out FOLDER")
    return [f"<details class='note made'><summary>{_e(title)}</summary>"
            f"<table>{body}</table><p>{_e(again)}</p></details>"]  # not translated: markup


def _first_screen(report: Report, headline: str = "") -> list[str]:
    meta = report.meta
    out = [f"<h1>{_e(meta.title)}</h1>", f"<p class='note'>{_e(meta.design)}.</p>",
           *_made(meta.provenance), *([headline] if headline else [])]
    comparisons = {c.label: c for c in report.comparisons}
    if report.changes:
        rows = []
        for i, change in enumerate(report.changes, 1):
            slug_match = [c for c in report.comparisons
                          if c.kind == "change" and c.changes == (change.label,)]
            comp = slug_match[0] if slug_match else None
            if comp is None:
                verdict = ("<span class='note'>"  # not translated: markup
                           + _e(_("see all changes together")) + "</span>")
            else:
                verdict = "<br>".join(_players(n, _overall(part.overall))
                                      for n, part in comp.players.items())
            rows.append([str(i), _e(change.describe), verdict])
        out.append(_h2(_("What the variant changes, and what each change did")))
        out.append(_table(["#", _("change"), _("verdict")], rows, left=3))
        whole = comparisons.get("variant")
        if whole:
            out.append("<p class='lead'><b>"  # not translated: markup
                       + _e(_("All changes together:")) + "</b> " + "; ".join(
                _players(n, _overall(p.overall)) for n, p in whole.players.items()) + "</p>")
    elif report.comparisons:
        out.append(_h2(_("Verdicts")))
        out.append(_table([_("side"), _("verdict")], [
            [_e(c.title), "<br>".join(_players(n, _overall(p.overall))
                                      for n, p in c.players.items())]
            for c in report.comparisons], left=2))
    if report.comparisons:
        clear = meta.clear
        stop = ("" if clear is None else " " + _("The headline intervals (*) reached their "
                                                 "precision.")
                if clear else " " + _("The cap was reached before every headline interval (*) "
                                      "reached its precision."))
        # Translators: the words in <i>...</i> are the verdicts, as the report writes them
        out.append("<p class='note'>" + _(
            "A verdict is <i>changed</i> when the 95% interval excludes no difference and "
            "survives the Benjamini-Hochberg correction over the comparison's measures "
            "(false-discovery rate {fdr}%); <i>no change detected</i> when the whole interval "
            "is within the precision; else <i>inconclusive</i>, with the games it would "
            "need.").format(fdr=f"{100 * meta.fdr:.0f}") + f"{stop}</p>")
    return out


def _comparison(comp: Comparison) -> list[str]:
    out = [f"<h2>{_e(comp.title)}</h2>"]
    for n, part in comp.players.items():
        heading = ngettext("{players} players, {games} games on each side",
                           "{players} players, {games} games on each side",
                           part.games).format(players=n, games=part.games)
        out.append(f"<h3>{_e(heading)}</h3>")
        out.append("<p>" + _overall(part.overall) + "</p>")
        out.append(_rows_table(part.rows, _("with it")))
        pp = [r for r in part.rows if r.unit == "pp"]
        if pp:
            out.append(difference_bars(_("Win-rate changes (percentage points, 95% paired "
                                         "intervals)"),
                                       [(r.label, r.difference.estimate, r.difference.low,
                                         r.difference.high) for r in pp]))
        flagged = ", ".join(_named(f.card) for f in part.card_flags) or _e(_("none"))
        out.append("<p class='note'>" + ngettext(
            "Cards whose owners' win rate differs from base, {tested} tested, false-discovery "
            "rate 5%: {flagged}.",
            "Cards whose owners' win rate differs from base, {tested} tested, false-discovery "
            "rate 5%: {flagged}.", part.cards_tested).format(
                tested=part.cards_tested, flagged=flagged) + "</p>")
    return out


def sweep_chart(title: str, points: list[tuple[float, float, float, float]], unit: str,
                base: float) -> str:
    """A measure's value (y) at each swept value (x) with its 95% interval, and the pack as it
    is as a dashed line (``base``): the values themselves, not only their differences."""
    width, height, left, top, bottom = 720, 240, 70, 30, 40
    xs = [p[0] for p in points]
    ys = [v for p in points for v in p[1:] if v == v] + ([base] if base == base else [])
    lo_y, hi_y = (min(ys), max(ys)) if ys else (0.0, 1.0)
    if hi_y == lo_y:
        lo_y, hi_y = lo_y - 1e-9, hi_y + 1e-9
    lo_x, hi_x = min(xs), max(xs)
    span_x = (hi_x - lo_x) or 1.0

    def px(v: float) -> float:
        return left + (width - left - 30) * (v - lo_x) / span_x

    def py(v: float) -> float:
        return top + (height - top - bottom) * (hi_y - v) / (hi_y - lo_y)

    parts = _open(width, height, title)
    if base == base:
        as_is = _("the pack as it is: {value}").format(value=_value(base, unit))
        parts.append(f'<line x1="{left}" y1="{py(base):.1f}" x2="{width - 30}" '
                     f'y2="{py(base):.1f}" class="ref"><title>{_e(as_is)}</title>'
                     "</line>")  # not translated: SVG markup
    for value in (lo_y, hi_y):
        parts.append(f'<text x="{left - 6}" y="{py(value) + 4:.1f}" class="label">'
                     f'{_value(value, unit)}</text>')
    previous = None
    for x, y, low, high in points:
        parts.append(f'<text x="{px(x):.1f}" y="{height - 12}" class="tick">{x:g}</text>')
        if low == low:
            parts.append(f'<line x1="{px(x):.1f}" y1="{py(low):.1f}" x2="{px(x):.1f}" '
                         f'y2="{py(high):.1f}" class="whisker"/>')
        if y == y:
            parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" '
                         f'fill="{COLOURS[0]}"><title>{x:g}: {_value(y, unit)}</title>'
                         f'</circle>')  # not translated: SVG markup
            if previous:
                parts.append(f'<line x1="{previous[0]:.1f}" y1="{previous[1]:.1f}" '
                             f'x2="{px(x):.1f}" y2="{py(y):.1f}" stroke="{COLOURS[0]}"/>')
            previous = (px(x), py(y))
    parts.append("</svg>")
    return "".join(parts)


def _sweep_rows(comp: Comparison, players: str) -> tuple[Row, ...]:
    part = comp.players.get(players)
    return part.rows if part is not None else ()


def _sweep(report: Report) -> list[str]:
    comps = [c for c in report.comparisons if c.kind == "sweep"]
    if not comps:
        return []
    heading = _("Sweep of {target}").format(target=report.meta.sweep)
    out = [f"<h2>{_e(heading)}</h2>",
           "<p class='note'>" + _e(_("Each point: the measure at that value, with the 95% "
                                     "interval of its difference from the pack as it is (paired "
                                     "over the same games); the dashed line: the pack as it "
                                     "is.")) + "</p>"]
    counts = sorted({n for c in comps for n in c.players})
    for n in counts:
        keys = []
        for c in comps:
            for row in _sweep_rows(c, n):
                if row.headline and row.key not in keys:
                    keys.append(row.key)
        for key in keys:
            points, label, unit, base = [], key, "points", float("nan")
            for c in comps:
                for row in _sweep_rows(c, n):
                    if row.key == key:
                        d = row.difference
                        points.append((c.value, row.side, row.base + d.low, row.base + d.high))
                        label, unit, base = row.label, row.unit, row.base
            out.append(sweep_chart(_("{players} players: {measure}").format(
                players=n, measure=label), points, unit, base))
    return out


def _noise(report: Report) -> list[str]:
    noise = report.noise
    if noise is None:
        return []
    out = [_h2(_("Noise band: base against itself on other seeds")),
           "<p class='note'>" + _e(_(
               "Two runs of the same pack on different seeds, with as many games as each side "
               "above: how far apart two separate runs land by chance alone. The comparisons "
               "above do better than this when their games stay alike (they play the same "
               "seeds); a change that reshuffles the deal (a card added or left out) is about "
               "as uncertain as this band.")) + "</p>"]
    for n, part in noise.players.items():
        heading = ngettext("{players} players, {games} games", "{players} players, {games} games",
                           part.games).format(players=n, games=part.games)
        out.append(f"<h3>{_e(heading)}</h3>")
        out.append(_rows_table(part.rows, _("again"), verdicts=False))
        flagged = ", ".join(_named(f.card) for f in part.card_flags) or _e(_("none"))
        out.append("<p>" + ngettext(
            "Cards flagged as different (false-discovery rate 5%, {tested} tested): {flagged}.",
            "Cards flagged as different (false-discovery rate 5%, {tested} tested): {flagged}.",
            part.cards_tested).format(tested=part.cards_tested, flagged=flagged) + "</p>")
    return out


def _ladder(steps: Sequence[LadderStep]) -> list[str]:
    if not steps:
        return []
    return [_h2(_("Skill ladder")),
            "<p class='note'>" + _e(_("Each level against the one below it, seats taking turns: "
                                      "two players head to head (an equal share of the wins is "
                                      "50%), and the stronger bot against three of the weaker "
                                      "(an equal share is 25%). Does the pack still reward the "
                                      "stronger player?")) + "</p>",
            _table([_("pack"), _("players"), _("pair"), _("games"), _("stronger bot's win rate"),
                    _("verdict")], [
                [_e(r.pack), r.players, _e(_pair(r)), r.games, _interval(r.strong_win),
                 _e(r.verdict)]
                for r in steps], left=3)]


def _pair(row: LadderStep) -> str:
    strong, weak = level_words(row.strong), level_words(row.weak)
    if row.players == 2:
        return _("{strong} against {weak}").format(strong=strong, weak=weak)
    return _("{strong} against three {weak}").format(strong=strong, weak=weak)


def score_curves(title: str, by_round: Sequence[Sequence[float]]) -> str:
    """Mean score of each seat after each round."""
    width, height, left, top, bottom = 720, 220, 50, 30, 30
    if not by_round:
        return ""
    top_score = max(max(r) for r in by_round) or 1.0

    def px(i: int) -> float:
        return left + (width - left - 90) * i / max(1, len(by_round) - 1)

    def py(v: float) -> float:
        return top + (height - top - bottom) * (1 - v / top_score)

    parts = _open(width, height, title)
    for value in (0.0, top_score / 2, top_score):
        parts.append(f'<line x1="{left}" y1="{py(value):.1f}" x2="{width - 90}" '
                     f'y2="{py(value):.1f}" class="grid"/><text x="{left - 6}" '
                     f'y="{py(value) + 4:.1f}" class="label">{value:.0f}</text>')
    ends = sorted(range(len(by_round[0])), key=lambda seat: -by_round[-1][seat])
    label_y = {}
    for seat in ends:  # labels at the line ends, kept apart when the ends are close
        y = py(by_round[-1][seat]) + 4
        label_y[seat] = max([y] + [other + 13 for other in label_y.values()])
    for seat in range(len(by_round[0])):
        points = " ".join(f"{px(i):.1f},{py(r[seat]):.1f}" for i, r in enumerate(by_round))
        colour = COLOURS[seat % len(COLOURS)]
        end = _("seat {number} ({score})").format(number=seat + 1,
                                                  score=fixed(by_round[-1][seat], ".1f"))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"/><text x="{px(len(by_round) - 1) + 6:.1f}" '
                     f'y="{label_y[seat]:.1f}" fill="{colour}">{_e(end)}</text>')  # not translated: markup
    first = _e(_("round {number}").format(number=1))
    last = _e(_("round {number}").format(number=len(by_round)))
    parts.append(f'<text x="{left}" y="{height - 8}" class="tick">{first}</text>'
                 f'<text x="{px(len(by_round) - 1):.1f}" y="{height - 8}" class="tick">'
                 f'{last}</text></svg>')
    return "".join(parts)


def _notable(side: PlayersSummary) -> str:
    if not side.notable:
        return ""
    return "<p>" + _e(_("Games to look at:")) + " " + ", ".join(
        f'<a href="{_e(link.record)}">{_e(link.why)}</a>' for link in side.notable) + "</p>"


def _details(report: Report) -> list[str]:
    out = [_h2(_("Each side in detail"))]
    for label, side in report.sides.items():
        pack = side.pack
        opened = " open" if label == "base" else ""
        # a generated pack (base plus one change, a sweep's value) is named in its files in
        # English; its side's title says the same in the reader's language
        summary = side.title if side.kind in ("change", "sweep") else _(
            "{side} (pack {pack} {version})").format(
            side=side.title, pack=pack.name, version=pack.version)
        out.append(f"<details{opened}><summary>{_e(summary)}</summary>")
        for n, part in side.players.items():
            out.append(_side(_("{players} players").format(players=n), part))
            drama = part.drama
            out.append(score_curves(_("Mean score after each round, per seat"),
                                    drama.score_by_round))
            ranks = ", ".join(_("seat {number} {rank}").format(
                number=s.seat + 1, rank=fixed(s.rank.mean, ".2f")) for s in part.seats)
            out.append("<p>" + _e(_(
                "Lead changes per game: {lead_changes}; decisions per game: {decisions}, with "
                "{choices} legal choices each on average. Mean finishing rank per seat: "
                "{ranks}.").format(lead_changes=fixed(drama.lead_changes.mean, ".2f"),
                                   decisions=fixed(drama.decisions.mean, ".1f"),
                                   choices=fixed(drama.legal_choices_per_decision, ".1f"),
                                   ranks=ranks)) + "</p>")
            out.append(_notable(part))
        out.append("</details>")
    return out


def _data(columns: dict[str, str]) -> list[str]:
    # Translators: keep the markup, the links and the file names as they are
    return [_h2(_("Data")),
            "<p>" + _("Beside this page: <a href='games.csv'>games.csv</a> (one row per game "
                      "and seat), <a href='report.json'>report.json</a> (everything on this "
                      "page), <code>games/</code> (every game's record: <code>smqt play --load "
                      "FILE</code> opens it in the table) and <code>packs/</code> (the packs the "
                      "records need).") + "</p>",
            _table([_("games.csv column"), _("what it holds")],
                   [[f"<code>{_e(k)}</code>", _e(_(v))] for k, v in columns.items()], left=2)]


_names: dict[str, str] = {}
"""The report's entries by id (set by ``render`` for the page being made)."""


def _named(entry: str) -> str:
    """A card, tile or objective by its name, its id in the tooltip (escaped markup)."""
    name = _names.get(entry, entry)
    return f"<span title='{_e(entry)}'>{_e(name)}</span>"  # not translated: markup


CHART_FONT = "text { font-family: system-ui, sans-serif; font-size: 12px; }"  # not translated: style
CHART_STYLE = CHART_FONT + CHART_RULES
"""A chart file's style: the page's chart rules, in the page's font."""

_SVG = re.compile(r"<svg (.*?)>(.*?)</svg>", re.DOTALL)


def chart_files(page: str, png: bool = False) -> tuple[str, dict[str, str]]:
    """Every chart of ``page`` as a file of its own (``charts/chart-01.svg``...: the chart
    with its style, white behind it), and the page with a download link under each chart (and
    one to its PNG, made by ``smqt sim --png``)."""
    files: dict[str, str] = {}

    def export(match: re.Match[str]) -> str:
        name = f"chart-{len(files) + 1:02d}"
        attributes, body = match.group(1), match.group(2)
        files[f"{name}.svg"] = (
            f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}>'  # not translated: markup
            f"<style>{CHART_STYLE}</style>"
            f'<rect width="100%" height="100%" fill="white"/>{body}</svg>\n')
        as_svg, as_png = _("chart as SVG"), _("as PNG")
        links = [f"<a href='charts/{name}.svg' download>{_e(as_svg)}</a>"]  # not translated: markup
        if png:
            links.append(f"<a href='charts/{name}.png' download>{_e(as_png)}</a>")  # not translated: markup
        return (match.group(0) + "<p class='export'>" + " · ".join(links)  # not translated: markup
                + "</p>")

    return _SVG.sub(export, page), files


def render(report: Report, columns: dict[str, str], headline: str = "", section: str = "") -> str:
    """The whole page; ``headline`` (markup) goes on the first screen under how the report was
    made, ``section`` (markup) after the details and before the data appendix: the comparison
    with an earlier report, when there is one."""
    _names.clear()
    _names.update(report.names)
    body = _first_screen(report, headline)
    for comp in report.comparisons:
        if comp.kind != "sweep":
            body += _comparison(comp)
    body += _sweep(report) + _noise(report) + _ladder(report.ladder) + _details(report)
    body += [section] if section else []
    body += _data(columns)
    return (f"<!DOCTYPE html><html lang='{current()}'><head><meta charset='utf-8'>"  # not translated: markup
            f"<title>{_e(report.meta.title)}</title><style>{STYLE}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")
