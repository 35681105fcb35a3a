"""The charts of a report's page, drawn as inline SVG from the report's values: intervals as
bars with whiskers, changes around zero, score ranges, where the points came from, cards' pick
and win rates, a sweep's values and scores by round; and each chart of a page as a file of its
own (SVG, with its style), linked under the chart and named after the side and the measure it
shows (``named``: ``variant-2p-seat-win-rate.svg``)."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence

from smqt.language.formats import fixed, with_percent
from smqt.language.translate import N_, _
from smqt.sim.report.model import CardFigures
from smqt.sim.statistics.stats import Summary

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")
CATEGORY_COLOURS = {"objective": "#4e79a7", "card": "#f28e2b", "ring": "#59a14f",
                    "footprint": "#b07aa1"}
CATEGORY_NAMES = {"objective": N_("objective"), "card": N_("card"), "ring": N_("ring"),
                  "footprint": N_("footprint")}
"""Where points come from, as the page names it."""


def escape(text: object) -> str:
    """``text`` as HTML (and SVG) text."""
    return html.escape(str(text))


def percentage(value: float) -> str:
    """A rate as a percentage with one decimal, ``n/a`` for none."""
    return _("n/a") if value != value else with_percent(fixed(100 * value, ".1f"))


def in_unit(value: float, unit: str, signed: bool = False) -> str:
    """A value in its unit: a rate as a percentage, a change of one in percentage points."""
    if value != value:
        return _("n/a")
    if unit in ("pp", "card pp"):  # not translated: unit keys
        shown = fixed(100 * value, "+.1f" if signed else ".1f")
        return _("{value} pp").format(value=shown) if signed else with_percent(shown)
    return fixed(value, "+.2f" if signed else ".2f")


TITLE_CHARACTER = 8.2
"""About the width of a title's character (13 px, bold), to wrap a title to its chart."""
TITLE_LINE = 16
"""The height of a title's line."""
END = "</g></svg>"  # not translated: markup
"""A chart's end (``_open`` begins the group its drawing is in)."""


def title_lines(title: str, width: float) -> list[str]:
    """``title`` wrapped to ``width`` at its spaces (a chart's title names its side, player
    count and measure, and is longer than a line)."""
    most = max(20, int(width / TITLE_CHARACTER))
    lines: list[str] = []
    for word in title.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _open(width: float, height: float, title: str) -> list[str]:
    """An SVG element with its title, on as many lines as it needs, and the group the chart is
    drawn in below it (closed by ``END``)."""
    lines = title_lines(title, width)
    extra = TITLE_LINE * (len(lines) - 1)
    return [f'<svg width="{width}" height="{height + extra}" role="img" '
            f'aria-label="{escape(title)}">',  # not translated: markup
            *(f'<text x="0" y="{16 + TITLE_LINE * i}" class="t">{escape(line)}</text>'
              for i, line in enumerate(lines)),
            f'<g transform="translate(0 {extra})">']  # not translated: markup


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
                   lambda t: percentage(t) if percent else f"{t:.0f}")
    if reference is not None:
        parts.append(f'<line x1="{x(reference):.1f}" y1="24" x2="{x(reference):.1f}" '
                     f'y2="{height - 18}" class="ref"/>')
    for i, (label, value, low, high) in enumerate(rows):
        y = 30 + i * (bar_h + gap)
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<text x="{left - 8}" y="{y + 15}" class="label">{escape(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{max(0.0, x(value) - left):.1f}" '
                     f'height="{bar_h}" fill="{colour}" opacity="0.8"/>')
        if low == low and high == high:
            parts.append(f'<line x1="{x(low):.1f}" y1="{y + bar_h / 2}" x2="{x(high):.1f}" '
                         f'y2="{y + bar_h / 2}" class="whisker"/>'
                         f'<line x1="{x(low):.1f}" y1="{y + 4}" x2="{x(low):.1f}" '
                         f'y2="{y + bar_h - 4}" class="whisker"/>'
                         f'<line x1="{x(high):.1f}" y1="{y + 4}" x2="{x(high):.1f}" '
                         f'y2="{y + bar_h - 4}" class="whisker"/>')
        shown = percentage(value) if percent else fixed(value, ".1f")
        parts.append(f'<text x="{min(width - 4, x(high if high == high else value) + 6):.1f}" '
                     f'y="{y + 15}" class="value">{shown}</text>')
    parts.append(END)
    return "".join(parts)


BAR_LEAST = 2.0
"""The narrowest bar drawn: a value of 0 is a line on its axis, not nothing."""


def difference_bars(title: str, rows: list[tuple[str, float, float, float]],
                    unit: str = "pp") -> str:  # not translated: a unit key
    """Signed changes around a centre line, with interval whiskers and each value written
    beside its bar; a change of 0 is drawn as a line on the centre, and a chart whose changes
    are all 0 says so."""
    width, left, bar_h, gap = 720, 150, 22, 10
    zero = bool(rows) and all(value == 0 for _label, value, _lo, _hi in rows)
    height = 30 + len(rows) * (bar_h + gap) + 20 + (18 if zero else 0)
    bound = max([0.05] + [abs(v) for _, _, lo, hi in rows for v in (lo, hi) if v == v])
    plot = width - left - 170

    def x(v: float) -> float:
        return left + plot * (0.5 + 0.5 * max(-1.0, min(1.0, v / bound)))

    def number(v: float) -> str:  # percentage points without their unit: the title's
        if v != v or unit != "pp":  # not translated: a unit key
            return in_unit(v, unit, True)
        return fixed(100 * v, "+.1f")

    parts = _open(width, height, title)
    bottom = height - 18 - (18 if zero else 0)
    digits = "+.0f" if 100 * bound >= 10 else "+.1f"  # not translated: a number format
    for tick in (-bound, -bound / 2, 0.0, bound / 2, bound):
        parts.append(f'<line x1="{x(tick):.1f}" y1="24" x2="{x(tick):.1f}" y2="{bottom}" '
                     f'class="{"ref" if tick == 0 else "grid"}"/><text x="{x(tick):.1f}" '
                     f'y="{bottom + 14}" class="tick">{fixed(100 * tick, digits)}</text>')
    for i, (label, value, low, high) in enumerate(rows):
        y = 30 + i * (bar_h + gap)
        start, end = sorted((x(0.0), x(value if value == value else 0.0)))
        if end - start < BAR_LEAST:
            start, end = (start + end) / 2 - BAR_LEAST / 2, (start + end) / 2 + BAR_LEAST / 2
        parts.append(f'<text x="{left - 8}" y="{y + 15}" class="label">{escape(label)}</text>'
                     f'<rect x="{start:.1f}" y="{y}" width="{end - start:.1f}" height="{bar_h}" '
                     f'fill="{COLOURS[i % len(COLOURS)]}" opacity="0.8"/>')
        if low == low and high == high:
            parts.append(f'<line x1="{x(low):.1f}" y1="{y + bar_h / 2}" x2="{x(high):.1f}" '
                         f'y2="{y + bar_h / 2}" class="whisker"/>')
        shown = _("{value} [{low}, {high}]").format(value=number(value), low=number(low),
                                                    high=number(high))
        parts.append(f'<text x="{left + plot + 8:.1f}" y="{y + 15}" class="value">'
                     f'{escape(shown)}</text>')
    if zero:
        parts.append(f'<text x="{left}" y="{height - 4}" class="legend">'
                     + escape(_("Every change is 0: both sides came out alike in these "
                                "measures (each drawn as a line on 0).")) + "</text>")
    parts.append(END)
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
        parts.append(f'<text x="{left - 8}" y="{y + 5}" class="label">{escape(label)}</text>'
                     f'<line x1="{x(s.p5):.1f}" y1="{y}" x2="{x(s.p95):.1f}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="6" opacity="0.5"/>'  # not translated: markup
                     f'<line x1="{x(s.median):.1f}" y1="{y - 8}" x2="{x(s.median):.1f}" '
                     f'y2="{y + 8}" stroke="{colour}" stroke-width="3"/>'
                     f'<circle cx="{x(s.mean):.1f}" cy="{y}" r="4" fill="#222"/>'
                     f'<text x="{x(s.p95) + 6:.1f}" y="{y + 5}" class="value">'
                     f'{escape(mean)}</text>')
    parts.append(END)
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
            parts.append(f'<text x="{x + 4:.1f}" y="40" class="inbar">{escape(names[category])} '
                         f'{percentage(share)}</text>')
        x += w
    legend = " · ".join(f"{names[c]} {percentage(s)}" for c, s in shares.items())
    parts.append(f'<text x="0" y="64" class="legend">{escape(legend)}</text>{END}')
    return "".join(parts)


def card_scatter(title: str, cards: Sequence[CardFigures], baseline: float,
                 names: dict[str, str]) -> str:
    """Pick rate (x) against owners' win rate (y); flagged cards are labelled (``names``:
    the cards' names by id)."""
    size, pad = 440, 60
    parts = _open(size + 300, size + 40, title)

    def px(v: float) -> float:
        return pad + (size - pad) * v

    def py(v: float) -> float:
        return size - (size - pad) * v + 10

    for i in range(5):
        t = i / 4
        parts.append(f'<line x1="{px(t):.1f}" y1="{py(0):.1f}" x2="{px(t):.1f}" y2="{py(1):.1f}" '
                     f'class="grid"/><text x="{px(t):.1f}" y="{py(0) + 14:.1f}" class="tick">'
                     f'{percentage(t)}</text><line x1="{px(0):.1f}" y1="{py(t):.1f}" '
                     f'x2="{px(1):.1f}" y2="{py(t):.1f}" class="grid"/>'
                     f'<text x="{px(0) - 4:.1f}" y="{py(t) + 4:.1f}" class="label">'
                     f'{percentage(t)}</text>')
    parts.append(f'<line x1="{px(0):.1f}" y1="{py(baseline):.1f}" x2="{px(1):.1f}" '
                 f'y2="{py(baseline):.1f}" class="ref"/>')
    for row in cards:
        pick, win = row.pick.rate, row.win.rate
        if pick != pick or win != win:
            continue
        colour = {"strong": "#d62728", "weak": "#1f77b4"}.get(row.flag, "#777")
        tip = _("{card}: pick {pick}, win {win}").format(
            card=names.get(row.card, row.card), pick=percentage(pick), win=percentage(win))
        parts.append(f'<circle cx="{px(pick):.1f}" cy="{py(win):.1f}" r="4" fill="{colour}" '
                     f'opacity="0.75"><title>{escape(tip)}</title></circle>')  # not translated: markup
        if row.flag:
            parts.append(f'<text x="{px(pick) + 6:.1f}" y="{py(win) + 4:.1f}" class="small">'
                         f'{escape(names.get(row.card, row.card))}</text>')
    parts.append(f'<text x="{px(0.5):.1f}" y="{size + 36}" class="tick">'  # not translated: SVG
                 + escape(_("pick rate when offered")) + "</text>" + END)
    return "".join(parts)


def sweep_chart(title: str, points: list[tuple[float, float, float, float]], unit: str,
                base: float, base_words: str = "") -> str:
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
        as_is = (base_words or _("the pack as it is: {value}")).format(
            value=in_unit(base, unit))
        parts.append(f'<line x1="{left}" y1="{py(base):.1f}" x2="{width - 30}" '
                     f'y2="{py(base):.1f}" class="ref"><title>{escape(as_is)}</title>'
                     "</line>")  # not translated: SVG markup
    for value in (lo_y, hi_y):
        parts.append(f'<text x="{left - 6}" y="{py(value) + 4:.1f}" class="label">'
                     f'{in_unit(value, unit)}</text>')
    previous = None
    for x, y, low, high in points:
        parts.append(f'<text x="{px(x):.1f}" y="{height - 12}" class="tick">{x:g}</text>')
        if low == low:
            parts.append(f'<line x1="{px(x):.1f}" y1="{py(low):.1f}" x2="{px(x):.1f}" '
                         f'y2="{py(high):.1f}" class="whisker"/>')
        if y == y:
            parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" '
                         f'fill="{COLOURS[0]}"><title>{x:g}: {in_unit(y, unit)}</title>'
                         f'</circle>')  # not translated: SVG markup
            if previous:
                parts.append(f'<line x1="{previous[0]:.1f}" y1="{previous[1]:.1f}" '
                             f'x2="{px(x):.1f}" y2="{py(y):.1f}" stroke="{COLOURS[0]}"/>')
            previous = (px(x), py(y))
    parts.append(END)
    return "".join(parts)


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
                     f'y="{label_y[seat]:.1f}" fill="{colour}">'  # not translated: markup
                     f'{escape(end)}</text>')
    first = escape(_("round {number}").format(number=1))
    last = escape(_("round {number}").format(number=len(by_round)))
    parts.append(f'<text x="{left}" y="{height - 8}" class="tick">{first}</text>'
                 f'<text x="{px(len(by_round) - 1):.1f}" y="{height - 8}" class="tick">'
                 f'{last}</text>{END}')
    return "".join(parts)


CHART_RULES = """
.t { font-weight: 600; font-size: 13px; } .label { text-anchor: end; fill: #333; }
.tick { text-anchor: middle; fill: #666; font-size: 11px; } .value { fill: #222; }
.small { font-size: 10px; fill: #333; } .inbar { fill: white; font-size: 11px; }
.legend { fill: #444; font-size: 11px; } .grid { stroke: #eee; }
.ref { stroke: #c00; stroke-dasharray: 4 3; } .whisker { stroke: #222; stroke-width: 1.5; }
"""  # not translated: a style sheet
"""The charts' rules: in the page's style sheet, and inside each chart's own file."""

CHART_FONT = "text { font-family: system-ui, sans-serif; font-size: 12px; }"  # not translated: style
CHART_STYLE = CHART_FONT + CHART_RULES
"""A chart file's style: the page's chart rules, in the page's font."""

_SVG = re.compile(r"<svg (.*?)>(.*?)</svg>", re.DOTALL)
_FILE = re.compile(r'data-file="([^"]*)" ')
_UNSAFE = re.compile(r"[^a-z0-9_.-]+")


def named(svg: str, name: str) -> str:
    """A chart with the name its own file takes under charts/: the side, the player count and
    the measure (``variant-2p-seat-win-rate``)."""
    stem = _UNSAFE.sub("-", name.lower()).strip("-.") or "chart"
    return svg.replace("<svg ", f'<svg data-file="{stem}" ', 1)  # not translated: markup


def chart_files(page: str, png: bool = False) -> tuple[str, dict[str, str]]:
    """Every chart of ``page`` as a file of its own (``charts/NAME.svg``, its name given by
    ``named``, else ``chart-01``...: the chart with its style, white behind it), and the page
    with a download link under each chart (and one to its PNG, made by ``smqt sim --png``)."""
    files: dict[str, str] = {}

    def export(match: re.Match[str]) -> str:
        given = _FILE.search(match.group(1))
        stem = given.group(1) if given else f"chart-{len(files) + 1:02d}"
        name, number = stem, 2
        while f"{name}.svg" in files:  # a name twice keeps both charts
            name, number = f"{stem}-{number}", number + 1
        attributes, body = _FILE.sub("", match.group(1)), match.group(2)
        files[f"{name}.svg"] = (
            f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}>'  # not translated: markup
            f"<style>{CHART_STYLE}</style>"
            f'<rect width="100%" height="100%" fill="white"/>{body}</svg>\n')
        as_svg, as_png = _("chart as SVG"), _("as PNG")
        links = [f"<a href='charts/{name}.svg' download>{escape(as_svg)}</a>"]  # not translated: markup
        if png:
            png_link = f"<a href='charts/{name}.png' download>"  # not translated: markup
            links.append(f"{png_link}{escape(as_png)}</a>")
        return (match.group(0) + "<p class='export'>" + " · ".join(links)  # not translated: markup
                + "</p>")

    return _SVG.sub(export, page), files
