"""The self-contained HTML page of a simulation report, verdicts first: what the variant
changes and what each change did, then the detail (every measure with its paired interval, the
sweep, the noise band, the skill ladder, each side's own figures, the data files). Inline SVG
charts (``charts``), no scripts, no network; the only links are to the game records and the
charts' own files (SVG, PNG) beside the page."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.language.formats import fixed
from smqt.language.translate import _, current, ngettext
from smqt.sim.plan.provenance import Provenance, shown_command
from smqt.sim.report.balanceview import balance_html
from smqt.sim.report.build import stop_sentence
from smqt.sim.report.charts import (
    CHART_RULES,
    card_scatter,
    difference_bars,
    escape,
    in_unit,
    interval_bars,
    named,
    percentage,
    range_chart,
    score_curves,
    share_bar,
    sweep_chart,
)
from smqt.sim.report.model import (
    Comparison,
    LadderStep,
    Overall,
    PlayersSummary,
    Report,
)
from smqt.sim.statistics.stats import Proportion
from smqt.sim.statistics.verdicts import CHANGED, NO_CHANGE, Row, interval_note, shown_interval

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
    head = "".join(f'<th class="{"l" if i < left else ""}">{escape(h)}</th>'  # not translated: markup
                   for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>'  # not translated: markup
                         for i, c in enumerate(row)) + "</tr>"
        for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(p: Proportion) -> str:
    return f"{percentage(p.rate)} [{percentage(p.low)}, {percentage(p.high)}]"


def _for(who: str, players: object, chart: str) -> str:
    """A chart's title: the side and player count it shows, then what it shows."""
    return _("{side}, {players} players: {chart}").format(side=who, players=players,
                                                           chart=chart)


def _side(who: str, stem: str, side: PlayersSummary) -> str:
    """One side at one player count (``who``: the side in words, ``stem``: the start of its
    charts' file names, ``base-2p``)."""
    players = side.players
    heading = _("{players} players").format(players=players)
    out = [f"<h3>{escape(heading)}</h3>"]
    seat_rows = [(_seat(s.seat), s.win.rate, s.win.low, s.win.high) for s in side.seats]
    out.append(named(interval_bars(_for(who, players, ngettext(
        "Win rate per seat ({games} games, 95% Wilson intervals; dashed line: 1/{players})",
        "Win rate per seat ({games} games, 95% Wilson intervals; dashed line: 1/{players})",
        side.games).format(games=side.games, players=players)), seat_rows, 1 / players),
        f"{stem}-seat-win-rate"))
    balance = side.seat_balance
    shown = {"chi_square": fixed(balance.chi_square, ".2f"), "p": fixed(balance.p_value, ".3f"),
             "degrees": balance.degrees_of_freedom}
    if balance.p_value < 0.05:
        text = _("Seat balance: chi-square {chi_square} with {degrees} degrees of freedom, "
                 "p = {p} — seats look unbalanced.").format(**shown)
    else:
        text = _("Seat balance: chi-square {chi_square} with {degrees} degrees of freedom, "
                 "p = {p}.").format(**shown)
    out.append(f"<p>{escape(text)}</p>")
    bot_rows = [(level_words(bot), b.win.rate, b.win.low, b.win.high)
                for bot, b in side.bots.items()]
    if len(bot_rows) > 1:
        out.append(named(interval_bars(_for(who, players, _("Win rate per bot")), bot_rows,
                                       1 / players, scale=1.0), f"{stem}-bot-win-rate"))
    out.append(named(range_chart(_for(who, players, _(
        "Scores per seat (line: 5th-95th percentile, tick: median, dot: mean)")),
        [(_seat(s.seat), s.score) for s in side.seats]), f"{stem}-scores"))
    out.append(_table(
        [_("seat"), _("wins"), _("mean"), _("SD"), _("median"), _("5th pct"), _("95th pct")],
        [[_seat(s.seat), _interval(s.win), fixed(s.score.mean, ".1f"), fixed(s.score.sd, ".1f"),
          fixed(s.score.median, ".1f"), fixed(s.score.p5, ".1f"), fixed(s.score.p95, ".1f")]
         for s in side.seats]))
    margin, turns = side.margin, side.turns
    out.append("<p>" + escape(_(
        "Winning margin: mean {mean}, median {median}. Ties (shared wins): {ties}; decided by "
        "a tie-break: {tie_breaks}. Game length: {turns} turns (median {median_turns}).").format(
            mean=fixed(margin.mean, ".1f"), median=fixed(margin.median, ".1f"),
            ties=_interval(side.ties), tie_breaks=_interval(side.tie_breaks),
            turns=fixed(turns.mean, ".1f"), median_turns=f"{turns.median:.0f}")) + "</p>")
    out.append(named(share_bar(_for(who, players, _("Where the points came from")),
                               attrs.asdict(side.points_share)), f"{stem}-points"))
    if side.sand_dollar_actions_per_game:
        out.append(_table([_("sand dollar action"), _("uses per game")],
                          [[_named(a), fixed(n, ".2f")] for a, n in
                           side.sand_dollar_actions_per_game.items()]))
    out.append(named(card_scatter(_for(who, players, _(
        "Cards: pick rate when offered vs win rate of owners (red: strong, blue: weak "
        "outliers)")), side.cards, 1 / players, _names), f"{stem}-cards"))
    flags = {"strong": _("strong"), "weak": _("weak")}
    rows = []
    for row in side.cards[:25]:
        flag = (f'<span class="flag-{row.flag}">'  # not translated: markup
                f'{escape(flags.get(row.flag, row.flag))}</span>') if row.flag else ""
        rows.append([_named(row.card), row.offered, _interval(row.pick), row.owned,
                     _interval(row.win), percentage(row.win_when_taken.rate),
                     percentage(row.win_when_passed.rate), flag])
    out.append("<p>" + escape(_("Cards furthest from the average win rate (flags: owners win more "
                            "or less than the average seat at a false-discovery rate of 5% over "
                            "all cards):")) + "</p>")
    out.append(_table([_("card"), _("offered"), _("pick rate"), _("owned"), _("owner win rate"),
                       _("win rate when taken"), _("when offered, not taken"), _("flag")], rows))
    return "".join(out)


def _h2(text: str) -> str:
    return f"<h2>{escape(text)}</h2>"


def _seat(seat: int) -> str:
    """``seat 1`` for the seat numbered 0."""
    return _("seat {number}").format(number=seat + 1)


def _players(count: object, verdict: str) -> str:
    """``2 players: `` and a verdict chip."""
    return _("{players} players: {verdict}").format(players=count, verdict=verdict)


def _chip(status: str, text: str) -> str:
    css = {CHANGED: "v-changed", NO_CHANGE: "v-nochange"}.get(status, "v-unclear")
    return f'<span class="v {css}">{escape(text)}</span>'  # not translated: markup


def _overall(overall: Overall) -> str:
    """A comparison's verdict as a chip."""
    return _chip(overall.status, overall.text)


def _rows_table(rows: Sequence[Row], side_name: str, verdicts: bool = True,
                precision: dict[str, float] | None = None) -> str:
    """A comparison's rows; with ``verdicts``, each difference with the interval its verdict
    rests on (a corrected one says so under it), else the 95% interval and its half width."""
    body = []
    tested = sum(row.difference.p_value == row.difference.p_value for row in rows)
    for row in rows:
        unit = row.unit
        d = shown_interval(row) if verdicts else row.difference
        note = interval_note(row, precision or {}, tested) if verdicts else ""
        interval = (f"{in_unit(d.estimate, unit, True)} [{in_unit(d.low, unit, True)}, "
                    f"{in_unit(d.high, unit, True)}]")
        if note:
            interval += f"<br><span class='note'>{escape(note)}</span>"  # not translated: markup
        cells = [escape(row.label) + (" <b>*</b>" if row.headline else ""),
                 in_unit(row.base, unit), in_unit(row.side, unit), interval]
        if verdicts:
            cells.append(_chip(row.verdict, row.verdict_text))
        else:
            cells.append("±" + in_unit((d.high - d.low) / 2, unit, True).lstrip("+"))
        body.append(cells)
    if verdicts:
        return _table([_("measure"), _("base"), side_name, _("difference [interval]"),
                       _("verdict")], body)
    return _table([_("measure"), _("base"), side_name, _("difference [95%]"),
                   _("chance: 95% of runs differ by less than")], body)


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
        (_("command"), shown_command(found)),
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
    body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
    title = _("How this report was made")
    again = _("Play it again: smqt sim --rerun REPORT --out FOLDER")
    return [f"<details class='note made'><summary>{escape(title)}</summary>"
            f"<table>{body}</table><p>{escape(again)}</p></details>"]  # not translated: markup


def _first_screen(report: Report, headline: str = "") -> list[str]:
    meta = report.meta
    out = [f"<h1>{escape(meta.title)}</h1>", f"<p class='note'>{escape(meta.design)}.</p>",
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
                           + escape(_("see all changes together")) + "</span>")
            else:
                verdict = "<br>".join(_players(n, _overall(part.overall))
                                      for n, part in comp.players.items())
            rows.append([str(i), escape(change.describe), verdict])
        out.append(_h2(_("What the variant changes, and what each change did")))
        out.append(_table(["#", _("change"), _("verdict")], rows, left=3))
        whole = comparisons.get("variant")
        if whole:
            out.append("<p class='lead'><b>"  # not translated: markup
                       + escape(_("All changes together:")) + "</b> " + "; ".join(
                _players(n, _overall(p.overall)) for n, p in whole.players.items()) + "</p>")
    elif report.comparisons:
        out.append(_h2(_("Verdicts")))
        out.append(_table([_("side"), _("verdict")], [
            [escape(c.title), "<br>".join(_players(n, _overall(p.overall))
                                      for n, p in c.players.items())]
            for c in report.comparisons], left=2))
    if report.comparisons:
        stop = stop_sentence(report)
        stop = " " + escape(stop) if stop else ""
        # Translators: the words in <i>...</i> are the verdicts, as the report writes them
        out.append("<p class='note'>" + _(
            "A verdict is <i>changed</i> when the difference is beyond chance: its interval at "
            "the level the Benjamini-Hochberg correction over the comparison's measures asks "
            "for (false-discovery rate {fdr}%) leaves out no difference; <i>no change "
            "detected</i> when the whole 95% interval is within the precision; else "
            "<i>inconclusive</i>, with the games it would need. Each line shows the interval "
            "its verdict rests on: a corrected one says its level under it; the others are "
            "95% intervals.").format(fdr=f"{100 * meta.fdr:.0f}") + f"{stop}</p>")
    return out


def _comparison(comp: Comparison, precision: dict[str, float]) -> list[str]:
    out = [f"<h2>{escape(comp.title)}</h2>"]
    for n, part in comp.players.items():
        heading = ngettext("{players} players, {games} games on each side",
                           "{players} players, {games} games on each side",
                           part.games).format(players=n, games=part.games)
        out.append(f"<h3>{escape(heading)}</h3>")
        out.append("<p>" + _overall(part.overall) + "</p>")
        out.append(_rows_table(part.rows, _("with it"), precision=precision))
        pp = [r for r in part.rows if r.unit == "pp"]
        if pp:
            out.append(named(difference_bars(_for(comp.title, n, _(
                "Win-rate changes against base (percentage points, 95% paired intervals)")),
                [(r.label, r.difference.estimate, r.difference.low, r.difference.high)
                 for r in pp]), f"{comp.label}-{n}p-win-rate-changes"))
        flagged = ", ".join(_named(f.card) for f in part.card_flags) or escape(_("none"))
        out.append("<p class='note'>" + ngettext(
            "Cards whose owners' win rate differs from base, {tested} tested, false-discovery "
            "rate 5%: {flagged}.",
            "Cards whose owners' win rate differs from base, {tested} tested, false-discovery "
            "rate 5%: {flagged}.", part.cards_tested).format(
                tested=part.cards_tested, flagged=flagged) + "</p>")
    return out


def _sweep_rows(comp: Comparison, players: str) -> tuple[Row, ...]:
    part = comp.players.get(players)
    return part.rows if part is not None else ()


def _measure_file(key: str) -> str:
    """A headline measure as its chart's file names it: ``seat-1-win-rate``, ``game-length``."""
    seat, dot, number = key.partition(".")
    if seat == "seat" and dot and number.isdigit():  # not translated: a measure's key
        return f"seat-{int(number) + 1}-win-rate"
    return {"spread": "win-rate-spread", "score": "mean-score",  # not translated: file names
            "turns": "game-length"}.get(key, key)  # not translated: file names


def _sweep(report: Report) -> list[str]:
    comps = [c for c in report.comparisons if c.kind == "sweep"]
    if not comps:
        return []
    heading = _("Sweep of {target}").format(target=report.meta.sweep)
    out = [f"<h2>{escape(heading)}</h2>",
           "<p class='note'>" + escape(_("Each point: the measure at that value, with the 95% "
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
            out.append(named(sweep_chart(_("Sweep of {target}, {players} players: {measure}")
                                         .format(target=report.meta.sweep, players=n,
                                                 measure=label), points, unit, base),
                             f"sweep-{n}p-{_measure_file(key)}"))
    return out


def _noise(report: Report) -> list[str]:
    noise = report.noise
    if noise is None:
        return []
    out = [_h2(_("Noise band: base against itself on other seeds")),
           "<p class='note'>" + escape(_(
               "Two runs of the same pack on different seeds, with as many games as each side "
               "above: how far apart two separate runs land by chance alone. The comparisons "
               "above do better than this when their games stay alike (they play the same "
               "seeds); a change that reshuffles the deal (a card added or left out) is about "
               "as uncertain as this band.")) + "</p>"]
    for n, part in noise.players.items():
        heading = ngettext("{players} players, {games} games", "{players} players, {games} games",
                           part.games).format(players=n, games=part.games)
        out.append(f"<h3>{escape(heading)}</h3>")
        out.append(_rows_table(part.rows, _("again"), verdicts=False))
        flagged = ", ".join(_named(f.card) for f in part.card_flags) or escape(_("none"))
        out.append("<p>" + ngettext(
            "Cards flagged as different (false-discovery rate 5%, {tested} tested): {flagged}.",
            "Cards flagged as different (false-discovery rate 5%, {tested} tested): {flagged}.",
            part.cards_tested).format(tested=part.cards_tested, flagged=flagged) + "</p>")
    return out


def _ladder(steps: Sequence[LadderStep]) -> list[str]:
    if not steps:
        return []
    return [_h2(_("Skill ladder")),
            "<p class='note'>" + escape(_("Each level against the one below it, seats taking turns: "
                                      "two players head to head (an equal share of the wins is "
                                      "50%), and the stronger bot against three of the weaker "
                                      "(an equal share is 25%). Does the pack still reward the "
                                      "stronger player?")) + "</p>",
            _table([_("pack"), _("players"), _("pair"), _("games"), _("stronger bot's win rate"),
                    _("verdict")], [
                [escape(r.pack), r.players, escape(_pair(r)), r.games, _interval(r.strong_win),
                 escape(r.verdict)]
                for r in steps], left=3)]


def _pair(row: LadderStep) -> str:
    strong, weak = level_words(row.strong), level_words(row.weak)
    if row.players == 2:
        return _("{strong} against {weak}").format(strong=strong, weak=weak)
    return _("{strong} against three {weak}").format(strong=strong, weak=weak)


def _notable(side: PlayersSummary) -> str:
    if not side.notable:
        return ""
    return "<p>" + escape(_("Games to look at:")) + " " + ", ".join(
        f'<a href="{escape(link.record)}">{escape(link.why)}</a>' for link in side.notable) + "</p>"


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
        out.append(f"<details{opened}><summary>{escape(summary)}</summary>")
        for n, part in side.players.items():
            out.append(_side(side.title, f"{label}-{n}p", part))
            drama = part.drama
            out.append(named(score_curves(_for(side.title, n, _(
                "Mean score after each round, per seat")), drama.score_by_round),
                f"{label}-{n}p-score-by-round"))
            ranks = ", ".join(_("seat {number} {rank}").format(
                number=s.seat + 1, rank=fixed(s.rank.mean, ".2f")) for s in part.seats)
            out.append("<p>" + escape(_(
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
                   [[f"<code>{escape(k)}</code>", escape(_(v))] for k, v in columns.items()], left=2)]


_names: dict[str, str] = {}
"""The report's entries by id (set by ``render`` for the page being made)."""


def _named(entry: str) -> str:
    """A card, tile or objective by its name, its id in the tooltip (escaped markup)."""
    name = _names.get(entry, entry)
    return f"<span title='{escape(entry)}'>{escape(name)}</span>"  # not translated: markup


def render(report: Report, columns: dict[str, str], headline: str = "", section: str = "") -> str:
    """The whole page; ``headline`` (markup) goes on the first screen under how the report was
    made, ``section`` (markup) after the details and before the data appendix: the comparison
    with an earlier report, when there is one."""
    _names.clear()
    _names.update(report.names)
    body = _first_screen(report, headline) + balance_html(report)
    for comp in report.comparisons:
        if comp.kind != "sweep":
            body += _comparison(comp, report.meta.precision)
    body += _sweep(report) + _noise(report) + _ladder(report.ladder) + _details(report)
    body += [section] if section else []
    body += _data(columns)
    return (f"<!DOCTYPE html><html lang='{current()}'><head><meta charset='utf-8'>"  # not translated: markup
            f"<title>{escape(report.meta.title)}</title><style>{STYLE}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")
