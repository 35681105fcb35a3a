"""The self-contained HTML page of a simulation report: inline SVG charts, no scripts, no
files or network needed to open it."""

from __future__ import annotations

import html
import math

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")
CATEGORY_COLOURS = {"objective": "#4e79a7", "card": "#f28e2b", "ring": "#59a14f",
                    "footprint": "#b07aa1"}


def _e(text: object) -> str:
    return html.escape(str(text))


def _pct(value: float) -> str:
    return "n/a" if value != value else f"{100 * value:.1f}%"


def _open(width: float, height: float, title: str) -> list[str]:
    """An SVG element with its title line."""
    return [f'<svg width="{width}" height="{height}" role="img" aria-label="{_e(title)}">',
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
        shown = _pct(value) if percent else f"{value:.1f}"
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


def range_chart(title: str, rows: list[tuple[str, dict]]) -> str:
    """Score ranges per row: 5th-95th percentile line, median tick, mean dot."""
    width, left, row_h = 720, 150, 30
    values = [v for _, s in rows for v in (s["p5"], s["p95"]) if v == v]
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
        parts.append(f'<text x="{left - 8}" y="{y + 5}" class="label">{_e(label)}</text>'
                     f'<line x1="{x(s["p5"]):.1f}" y1="{y}" x2="{x(s["p95"]):.1f}" y2="{y}" '
                     f'stroke="{colour}" stroke-width="6" opacity="0.5"/>'
                     f'<line x1="{x(s["median"]):.1f}" y1="{y - 8}" x2="{x(s["median"]):.1f}" '
                     f'y2="{y + 8}" stroke="{colour}" stroke-width="3"/>'
                     f'<circle cx="{x(s["mean"]):.1f}" cy="{y}" r="4" fill="#222"/>'
                     f'<text x="{x(s["p95"]) + 6:.1f}" y="{y + 5}" class="value">'
                     f'mean {s["mean"]:.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def share_bar(title: str, shares: dict[str, float]) -> str:
    width, height, left = 720, 70, 0
    parts = _open(width, height, title)
    x = float(left)
    for category, share in shares.items():
        w = (width - 10) * share
        parts.append(f'<rect x="{x:.1f}" y="24" width="{w:.1f}" height="22" '
                     f'fill="{CATEGORY_COLOURS.get(category, "#999")}"/>')
        if w > 40:
            parts.append(f'<text x="{x + 4:.1f}" y="40" class="inbar">{_e(category)} '
                         f'{_pct(share)}</text>')
        x += w
    legend = " · ".join(f"{c} {_pct(s)}" for c, s in shares.items())
    parts.append(f'<text x="0" y="64" class="legend">{_e(legend)}</text></svg>')
    return "".join(parts)


def card_scatter(title: str, cards: list[dict], baseline: float) -> str:
    """Pick rate (x) against owners' win rate (y); flagged cards are labelled."""
    size, pad = 440, 60
    parts = [f'<svg width="{size + 300}" height="{size + 40}" role="img" aria-label="{_e(title)}">',
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
        pick, win = row["pick"]["rate"], row["win"]["rate"]
        if pick != pick or win != win:
            continue
        colour = {"strong": "#d62728", "weak": "#1f77b4"}.get(row["flag"], "#777")
        parts.append(f'<circle cx="{px(pick):.1f}" cy="{py(win):.1f}" r="4" fill="{colour}" '
                     f'opacity="0.75"><title>{_e(row["card"])}: pick {_pct(pick)}, '
                     f'win {_pct(win)}</title></circle>')
        if row["flag"]:
            parts.append(f'<text x="{px(pick) + 6:.1f}" y="{py(win) + 4:.1f}" class="small">'
                         f'{_e(row["card"])}</text>')
    parts.append(f'<text x="{px(0.5):.1f}" y="{size + 36}" class="tick">pick rate when offered'
                 f'</text></svg>')
    return "".join(parts)


STYLE = """
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1100px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; }
td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
svg { display: block; margin: 10px 0 18px; font-size: 12px; }
.t { font-weight: 600; font-size: 13px; } .label { text-anchor: end; fill: #333; }
.tick { text-anchor: middle; fill: #666; font-size: 11px; } .value { fill: #222; }
.small { font-size: 10px; fill: #333; } .inbar { fill: white; font-size: 11px; }
.legend { fill: #444; font-size: 11px; } .grid { stroke: #eee; } .ref { stroke: #c00; stroke-dasharray: 4 3; }
.whisker { stroke: #222; stroke-width: 1.5; }
.flag-strong { color: #b00; font-weight: 600; } .flag-weak { color: #036; font-weight: 600; }
"""


def _table(headers: list[str], rows: list[list[object]], left: int = 1) -> str:
    head = "".join(f'<th class="{"l" if i < left else ""}">{_e(h)}</th>'
                   for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>'
                         for i, c in enumerate(row)) + "</tr>"
        for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(p: dict) -> str:
    return f"{_pct(p['rate'])} [{_pct(p['low'])}, {_pct(p['high'])}]"


def _side(title: str, side: dict) -> str:
    players = side["players"]
    out = [f"<h3>{_e(title)}</h3>"]
    seat_rows = [(f"seat {s['seat'] + 1}", s["win"]["rate"], s["win"]["low"], s["win"]["high"])
                 for s in side["seats"]]
    out.append(interval_bars(f"Win rate per seat ({side['games']} games, 95% Wilson intervals; "
                             f"dashed line: 1/{players})", seat_rows, 1 / players))
    balance = side["seat_balance"]
    out.append(f"<p>Seat balance: chi-square {balance['chi_square']:.2f} with "
               f"{balance['degrees_of_freedom']} degrees of freedom, p = {balance['p_value']:.3f}"
               f"{' — seats look unbalanced' if balance['p_value'] < 0.05 else ''}.</p>")
    bot_rows = [(bot, b["win"]["rate"], b["win"]["low"], b["win"]["high"])
                for bot, b in side["bots"].items()]
    if len(bot_rows) > 1:
        out.append(interval_bars("Win rate per bot", bot_rows, 1 / players, scale=1.0))
    out.append(range_chart("Scores per seat (line: 5th-95th percentile, tick: median, dot: mean)",
                           [(f"seat {s['seat'] + 1}", s["score"]) for s in side["seats"]]))
    out.append(_table(
        ["seat", "wins", "mean", "SD", "median", "5th pct", "95th pct"],
        [[f"seat {s['seat'] + 1}", _interval(s["win"]), f"{s['score']['mean']:.1f}",
          f"{s['score']['sd']:.1f}", f"{s['score']['median']:.1f}", f"{s['score']['p5']:.1f}",
          f"{s['score']['p95']:.1f}"] for s in side["seats"]]))
    margin, turns = side["margin"], side["turns"]
    out.append(f"<p>Winning margin: mean {margin['mean']:.1f}, median {margin['median']:.1f}. "
               f"Ties (shared wins): {_interval(side['ties'])}; decided by a tie-break: "
               f"{_interval(side['tie_breaks'])}. Game length: {turns['mean']:.1f} turns "
               f"(median {turns['median']:.0f}).</p>")
    out.append(share_bar("Where the points came from", side["points_share"]))
    if side["sand_dollar_actions_per_game"]:
        out.append(_table(["sand dollar action", "uses per game"],
                          [[_e(a), f"{n:.2f}"] for a, n in
                           side["sand_dollar_actions_per_game"].items()]))
    out.append(card_scatter("Cards: pick rate when offered vs win rate of owners "
                            "(red: strong, blue: weak outliers)", side["cards"], 1 / players))
    rows = []
    for row in side["cards"][:25]:
        flag = f'<span class="flag-{row["flag"]}">{row["flag"]}</span>' if row["flag"] else ""
        rows.append([_e(row["card"]), row["offered"], _interval(row["pick"]), row["owned"],
                     _interval(row["win"]), flag])
    out.append("<p>Cards furthest from the average win rate:</p>")
    out.append(_table(["card", "offered", "pick rate", "owned", "owner win rate", "flag"], rows))
    return "".join(out)


def render(report: dict) -> str:
    """The whole page."""
    meta = report["meta"]
    body = [f"<h1>Simulation report: {_e(meta['pack'])}</h1>",
            f"<p>Bots: {_e(', '.join(meta['bots']))}; seed {meta['seed']}; "
            f"{meta['games']} games per player count; seats rotate between games.</p>"]
    if meta.get("variant"):
        body.append(f"<p>Variant compared: <b>{_e(meta['variant'])}</b> on the same seeds, "
                    f"seats and bots.</p>")
    for count, part in report["player_counts"].items():
        body.append(f"<h2>{count} players</h2>")
        body.append(_side("Base pack" if "variant" in part else "Results", part["base"]))
        if "variant" in part:
            body.append(_side("Variant", part["variant"]))
            diff = part["difference"]
            rows = [(f"seat {s['seat'] + 1}", s["win_difference"]["estimate"],
                     s["win_difference"]["low"], s["win_difference"]["high"])
                    for s in diff["seats"]]
            body.append("<h3>What the variant changed</h3>")
            body.append(_table(
                ["seat", "win rate change", "score change"],
                [[f"seat {s['seat'] + 1}",
                  f"{100 * s['win_difference']['estimate']:+.1f} pts "
                  f"[{100 * s['win_difference']['low']:+.1f}, {100 * s['win_difference']['high']:+.1f}]",
                  f"{s['score_difference']['estimate']:+.2f} "
                  f"[{s['score_difference']['low']:+.2f}, {s['score_difference']['high']:+.2f}]"]
                 for s in diff["seats"]]))
            body.append(difference_bars("Win rate change per seat (95% interval)", rows))
            t = diff["turns_difference"]
            m = diff["mean_score_difference"]
            body.append(f"<p>Game length change: {t['estimate']:+.2f} turns "
                        f"[{t['low']:+.2f}, {t['high']:+.2f}]; mean score change "
                        f"{m['estimate']:+.2f} [{m['low']:+.2f}, {m['high']:+.2f}].</p>")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>smqt simulation report</title><style>{STYLE}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")
