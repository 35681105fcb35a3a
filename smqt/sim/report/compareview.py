"""Two reports compared (``compare``), as the terminal, compare.json and a page show it: where
each report comes from (its command, its smqt, each side's pack, version, content hash, games,
seeds and bots), how each side was compared (independent runs, paired on shared seeds, or not
compared and why), and each measure with the interval its verdict rests on."""

from __future__ import annotations

import html
import json

from smqt.ai.protocol import level_words
from smqt.language.translate import _, ngettext
from smqt.pack.convert import converter
from smqt.sim.plan.provenance import shown_command
from smqt.sim.report.compare import Compared, CompareRow
from smqt.sim.report.model import Report
from smqt.sim.report.sharedgames import (
    INDEPENDENT,
    PAIRED,
    Pairing,
    RunGames,
    refusal,
    shared_seeds,
)
from smqt.sim.statistics.verdicts import corrected_words, level_percent, show


def compare_json(compared: Compared) -> str:
    """The text of compare.json: the rows, their keys in the fields' order."""
    return json.dumps(converter.unstructure(list(compared.rows)), indent=1) + "\n"


def _command(report: Report) -> str:
    made = report.meta.provenance
    if made is None:
        return _("(how it was made is not recorded)")
    return shown_command(made)


def _smqt(report: Report) -> str:
    made = report.meta.provenance
    return made.smqt if made is not None else _("(not recorded)")


def _games(run: RunGames, players: int) -> str:
    """``2 players: 20 games, seeds 1 to 20, bots medium, easy``."""
    first, last = run.specs[0].seed, run.specs[-1].seed
    bots = ", ".join(level_words(bot) for bot in run.specs[0].bots)
    if len(run.specs) == 1:
        return _("{players} players: one game, seed {first}, bots {bots}").format(
            players=players, first=first, bots=bots)
    return ngettext("{players} players: {games} games, seeds {first} to {last}, bots {bots}",
                    "{players} players: {games} games, seeds {first} to {last}, bots {bots}",
                    len(run.specs)).format(players=players, games=len(run.specs), first=first,
                                           last=last, bots=bots)


def _origin(letter: str, name: str, report: Report, runs: list[tuple[Pairing, RunGames]]
            ) -> list[str]:
    """Where one report comes from: a line for the report, one per side compared."""
    made = report.meta.provenance
    if made is None:
        lines = [_("{letter}: {name} (how it was made is not recorded)").format(
            letter=letter, name=name)]
    else:
        lines = [_("{letter}: {name}, made by smqt {version} with: {command}").format(
            letter=letter, name=name, version=made.smqt, command=_command(report))]
    for found, run in runs:
        lines.append("   " + _("{side}: {pack} (content hash {hash}); {games}").format(
            side=found.side, pack=run.pack, hash=run.content_hash[:12],
            games=_games(run, found.players)))
    return lines


def _other(found: Pairing) -> str:
    """What differs between two runs on the same seeds: ``other packs, other bots``."""
    a, b = found.a, found.b
    other = []
    # Translators: this and the next two follow "with" ("played the seeds ... with other packs")
    if a.content_hash != b.content_hash:
        other.append(_("other packs"))
    if any(a.specs[i].bots != b.specs[j].bots for i, j in found.pairs):
        other.append(_("other bots in the seats"))
    if a.smqt != b.smqt:
        other.append(_("another smqt"))
    return ", ".join(other)  # not translated: a list's separator


def _how(found: Pairing) -> str:
    """How one side was compared, in a sentence."""
    if found.how == INDEPENDENT:
        return _("{side}, {players} players: no seed in common, compared as independent "
                 "runs.").format(side=found.side, players=found.players)
    if found.how == PAIRED:
        count, first, last = shared_seeds(found)
        left = len(found.a.specs) + len(found.b.specs) - 2 * count
        return ngettext(
            "{side}, {players} players: both reports played the {count} seeds {first} to "
            "{last}, with {other}: paired game by game on them; {left} game only one of them "
            "played is left out.",
            "{side}, {players} players: both reports played the {count} seeds {first} to "
            "{last}, with {other}: paired game by game on them; {left} games only one of them "
            "played are left out.", left).format(
                side=found.side, players=found.players, count=count, first=first, last=last,
                other=_other(found), left=left)
    return refusal(found)


def _level(compared: Compared) -> str:
    return corrected_words(compared.level, compared.measures)


def _verdict(row: CompareRow) -> str:
    shown = row.corrected.interval if row.corrected is not None else row.difference
    if shown.low != shown.low:
        return _("too few games to compare")
    return _("different") if row.different else _("within noise")


def _cells(row: CompareRow) -> tuple[str, str, str]:
    """A's value, B's and the difference with the interval the verdict rests on."""
    d = row.corrected.interval if row.corrected is not None else row.difference
    unit = row.unit
    rate = unit == "pp"  # not translated: a unit key
    return (show(row.a, unit, rate=rate), show(row.b, unit, rate=rate),
            f"{show(d.estimate, unit, True)} [{show(d.low, unit, True)}, "
            f"{show(d.high, unit, True)}]")


def origins(compared: Compared) -> list[str]:
    """Where A and B come from, then how each side was compared."""
    lines = _origin("A", compared.a_name, compared.a,
                    [(found, found.a) for found in compared.pairings])
    lines += _origin("B", compared.b_name, compared.b,
                     [(found, found.b) for found in compared.pairings])
    return lines + ["  " + _how(found) for found in compared.pairings]


def compare_text(compared: Compared) -> str:
    lines = [_("Comparing {a} (A) with {b} (B)").format(a=compared.a_name, b=compared.b_name)]
    lines += origins(compared)
    lines.append(ngettext(
        "B - A with its {level} interval, corrected for {count} measure (a 5% false-discovery "
        "rate): 'different' when the interval leaves out 0",
        "B - A with its {level} interval, corrected for {count} measures (a 5% false-discovery "
        "rate): 'different' when the interval leaves out 0", compared.measures).format(
            level=level_percent(compared.level), count=compared.measures))
    level = level_percent(compared.level)
    for row in compared.rows:
        a, b, difference = _cells(row)
        lines.append(_("  {side}, {players} players, {measure}: {a} -> {b}, {difference} "
                       "({level})  {verdict}").format(
            side=row.side, players=row.players, measure=row.label, a=a, b=b,
            difference=difference, level=level, verdict=_verdict(row)))
    found = sum(row.different for row in compared.rows)
    lines.append(ngettext("{found} of {rows} measure differs beyond noise.",
                          "{found} of {rows} measures differ beyond noise.",
                          len(compared.rows)).format(found=found, rows=len(compared.rows)))
    return "\n".join(lines) + "\n"


def compare_headline(compared: Compared) -> str:
    """One line for a page's first screen: how many measures differ from the earlier report's,
    linked to the comparison further down."""
    rows = compared.rows
    text = ngettext("Compared with {a}: {found} of {rows} measure differs beyond noise.",
                    "Compared with {a}: {found} of {rows} measures differ beyond noise.",
                    len(rows)).format(a=compared.a_name, found=sum(row.different for row in rows),
                                      rows=len(rows))
    return (f"<p class='lead'><a href='#compare'>{html.escape(text)}</a></p>")  # not translated: markup


def _origin_table(compared: Compared) -> str:
    """Where A and B come from, side by side."""
    e = html.escape
    rows = [(_("report"), compared.a_name, compared.b_name),
            (_("command"), _command(compared.a), _command(compared.b)),
            (_("made with"), _("smqt {version}").format(version=_smqt(compared.a)),
             _("smqt {version}").format(version=_smqt(compared.b)))]
    for found in compared.pairings:
        rows.append((found.side,
                     *(_("{pack} (content hash {hash}); {games}").format(
                         pack=run.pack, hash=run.content_hash[:12],
                         games=_games(run, found.players)) for run in (found.a, found.b))))
    body = "".join(f"<tr><th class='l'>{e(k)}</th><td class='l'>{e(a)}</td>"  # not translated: markup
                   f"<td class='l'>{e(b)}</td></tr>" for k, a, b in rows)
    head = "<tr><th></th><th class='l'>A</th><th class='l'>B</th></tr>"  # not translated: markup
    return f"<table>{head}{body}</table>"  # not translated: markup


def compare_html(compared: Compared) -> str:
    """The comparison as a page section: where A and B come from, how each side was compared,
    and a table of the measures (the differing rows marked)."""
    e = html.escape
    columns = (_("side"), _("players"), _("measure"), "A", "B",
               _("difference [{interval}]").format(interval=_level(compared)), _("verdict"))
    head = "".join(f"<th class='{'l' if i < 3 else ''}'>{e(t)}</th>"  # not translated: markup
                   for i, t in enumerate(columns))
    body = []
    for row in compared.rows:
        cells = [row.side, str(row.players), row.label, *_cells(row), _verdict(row)]
        mark = " class='changed'" if row.different else ""  # not translated: markup
        body.append(f"<tr{mark}>" + "".join(  # not translated: markup
            f"<td class='{'l' if i < 3 else ''}'>{e(c)}</td>"  # not translated: markup
            for i, c in enumerate(cells))
            + "</tr>")
    title = _("{a} (A) against {b} (B)").format(a=compared.a_name, b=compared.b_name)
    how = "".join(f"<p class='note'>{e(_how(found))}</p>"  # not translated: markup
                  for found in compared.pairings)
    start = "<section class='compare' id='compare'>"  # not translated: markup
    return (f"{start}<h2>{e(title)}</h2>{_origin_table(compared)}{how}"  # not translated: markup
            f"<table><tr>{head}</tr>" + "".join(body) + "</table></section>")
