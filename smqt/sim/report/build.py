"""From the sides' game results to the report: what the variant changes, a verdict per measure
for every comparison with base (paired), the noise band (base against itself, other seeds),
the skill ladder, the sweep, and each side's own summary; plus the terminal's verdict-first
summary."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.language.translate import _, ngettext
from smqt.pack.changes import Change
from smqt.pack.packsource import load_source
from smqt.sim.plan.sides import Side
from smqt.sim.report.balanceview import balance_lines
from smqt.sim.report.model import (
    SCHEMA,
    ChangeEntry,
    ComparedPart,
    Comparison,
    LadderStep,
    Meta,
    Noise,
    NoisePart,
    Overall,
    PackName,
    Report,
    SideSummary,
)
from smqt.sim.report.summary import summarise_games
from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.headlines import widest
from smqt.sim.statistics.stats import LEVEL, Difference, mean_difference, wilson
from smqt.sim.statistics.verdicts import (
    CHANGED,
    INCONCLUSIVE,
    NO_CHANGE,
    CardSample,
    Measured,
    Row,
    add_verdicts,
    bot_spread,
    card_flags,
    card_rows,
    card_samples,
    game_values,
    interval_note,
    measures,
    rows_level,
    show,
    shown_interval,
    whole,
)
from smqt.sim.statistics.verdicts import compare_measures as paired_measures

COMPARED = ("variant", "change", "sweep")
SHOWN = 3
"""Changed measures named in a comparison's one-sentence verdict (headline ones first)."""


def by_players(results: Sequence[GameResult]) -> dict[int, list[GameResult]]:
    grouped: dict[int, list[GameResult]] = defaultdict(list)
    for r in results:
        grouped[r.spec.players].append(r)
    return {n: sorted(rs, key=lambda r: r.spec.index) for n, rs in sorted(grouped.items())}


def _changed_cards(changes: Sequence[Change]) -> list[str]:
    return [c.id for c in changes if c.kind == "card" and c.what in ("added", "changed")]


def _named(row: Row, names: dict[str, str]) -> Row:
    """A card's row labelled by the card's name, not its id."""
    card = row.key.split(".")[1] if row.key.startswith("card.") else None
    if card in names:
        return attrs.evolve(row, label=row.label.replace(card, names[card], 1))
    return row


def _measured(side: Side, base: Sequence[GameResult], mine: Sequence[GameResult],
              cards: tuple[dict[str, CardSample], dict[str, CardSample]], level: float,
              same_pack: bool = False) -> list[Measured]:
    """Every measure of ``mine`` against ``base`` (one player count; ``cards``: both sides'
    card samples), intervals at ``level``: the game's measures paired game by game, then the
    changed cards'. With ``same_pack`` (a sweep's value that is the pack's own) the games are
    base's own, and every difference is exactly 0."""
    players = base[0].spec.players
    rows = (paired_measures(base, mine, bot_spread(base), level)
            + card_rows(*cards, _changed_cards(side.changes), players, len(mine), level))
    if same_pack:
        return [attrs.evolve(row, difference=Difference(0.0, 0.0, 0.0, row.difference.n, 0.0,
                                                        1.0, varied=False)) for row in rows]
    return rows


def comparison(side: Side, base: Sequence[GameResult], mine: Sequence[GameResult],
               precision: dict[str, float], names: dict[str, str] | None = None,
               same_pack: bool = False) -> Comparison:
    """One side against base, every player count: rows with verdicts and the card flags
    (``names``: the cards' names, which label their rows; ``same_pack``: the side plays base's
    own pack, a sweep's value that is the pack's own)."""
    counts = {}
    base_by, mine_by = by_players(base), by_players(mine)
    for n, base_results in base_by.items():
        side_results = mine_by.get(n, [])
        if not side_results:
            continue
        base_cards, side_cards = card_samples(base_results), card_samples(side_results)
        cards = (base_cards, side_cards)
        measured = _measured(side, base_results, side_results, cards, LEVEL, same_pack)
        again = _measured(side, base_results, side_results, cards, rows_level(measured)[0],
                          same_pack)
        rows = add_verdicts(measured, precision, again)
        flags = card_flags(base_cards, side_cards)
        counts[str(n)] = ComparedPart(
            games=len(side_results), rows=tuple(_named(row, names or {}) for row in rows),
            overall=overall(rows), card_flags=tuple(f for f in flags if f.flag),
            cards_tested=len(flags))
    return Comparison(label=side.label, title=side.title, kind=side.kind,
                      changes=tuple(c.label() for c in side.changes), value=side.value,
                      players=counts)


def overall(rows: Sequence[Row]) -> Overall:
    """One sentence for a comparison: what changed, else whether more games are needed."""
    changed = [r for r in rows if r.verdict == CHANGED]
    unclear = [r for r in rows if r.verdict == INCONCLUSIVE]
    if changed:
        changed.sort(key=lambda r: (not r.headline, not r.key.startswith("card."),
                                    r.difference.p_value))
        parts = [f"{r.label} {show(r.difference.estimate, r.unit, True)}"
                 for r in changed[:SHOWN]]
        listed = "; ".join(parts)  # not translated: a list separator
        if len(changed) > SHOWN:
            text = ngettext("changed: {measures} (and {count} more)",
                            "changed: {measures} (and {count} more)",
                            len(changed) - SHOWN).format(measures=listed,
                                                         count=len(changed) - SHOWN)
        else:
            text = _("changed: {measures}").format(measures=listed)
        return Overall(CHANGED, text)
    if unclear:
        worst = max(unclear, key=lambda r: r.more_games)
        return Overall(INCONCLUSIVE, ngettext(
            "no change shown yet; {count} measure(s) inconclusive (up to about {more} "
            "more games, for {measure})",
            "no change shown yet; {count} measure(s) inconclusive (up to about {more} "
            "more games, for {measure})", len(unclear)).format(
                count=len(unclear), more=whole(worst.more_games), measure=worst.label))
    return Overall(NO_CHANGE, _("no change detected in any measure"))


def noise_band(base: Sequence[GameResult], noise: Sequence[GameResult],
               precision: dict[str, float]) -> Noise:
    """Base against itself on other seeds: how far apart two runs land by chance alone
    (independent samples), and how many cards the corrected flags mark."""
    counts = {}
    noise_by = by_players(noise)
    for n, base_results in by_players(base).items():
        other = noise_by.get(n, [])
        if not other:
            continue
        spread = bot_spread(base_results)
        before = [game_values(r, spread) for r in base_results]
        after = [game_values(r, spread) for r in other]
        measured = []
        for m in measures(n, spread):
            a = [v[m.key] for v in after if m.key in v]
            b = [v[m.key] for v in before if m.key in v]
            measured.append(Measured(m.key, m.label, m.unit, m.headline,
                                     sum(b) / len(b) if b else float("nan"),
                                     sum(a) / len(a) if a else float("nan"), len(other),
                                     mean_difference(a, b)))
        flags = card_flags(card_samples(base_results), card_samples(other))
        counts[str(n)] = NoisePart(games=len(other), rows=add_verdicts(measured, precision),
                                   card_flags=tuple(f for f in flags if f.flag),
                                   cards_tested=len(flags))
    return Noise(counts)


def ladder(sides: Sequence[Side], results: dict[str, list[GameResult]]) -> tuple[LadderStep, ...]:
    """Does the pack reward skill: the stronger bot's share of the wins, against an equal
    share (one half head to head, one quarter against three of the weaker)."""
    rows = []
    for side in sides:
        games = results.get(side.label, [])
        if not games:
            continue
        weak, strong = side.pair
        equal = 1 / side.players
        share = sum(r.win_share(s.seat) for r in games for s in r.seats if s.bot == strong)
        win = wilson(share, len(games))
        verdict = (_("rewards skill") if win.low > equal else
                   _("the weaker bot wins more") if win.high < equal else _("inconclusive"))
        rows.append(LadderStep(label=side.label, pack=side.title.split(":")[0], weak=weak,
                               strong=strong, players=side.players, equal_share=equal,
                               games=len(games), strong_win=win, verdict=verdict))
    return tuple(rows)


def pack_of(side: Side) -> PackName:
    return PackName(side.source.name, side.source.version, side.source.content_hash)


def entry_names(sides: Sequence[Side]) -> dict[str, str]:
    """Every card, starting tile, objective tile and sand dollar action the sides play, by id:
    its name as a person reads it (a variant's name wins over the base's)."""
    names: dict[str, str] = {}
    for side in sides:
        catalog = load_source(side.source)
        for table in (catalog.cards, catalog.starting_tiles, catalog.objective_tiles,
                      catalog.sand_dollar_actions):
            names.update({key: entry.name for key, entry in table.items()})
    return names


def build_report(meta: Meta, sides: Sequence[Side], results: dict[str, list[GameResult]],
                 changes: Sequence[Change]) -> Report:
    """The report of a run: ``meta`` as the command made it (its precision the verdicts')."""
    base = results["base"]
    names = entry_names(sides)
    own = next(s.source for s in sides if s.kind == "base")
    comparisons = tuple(comparison(s, base, results[s.label], meta.precision, names,
                                   s.source == own)
                        for s in sides if s.kind in COMPARED and results.get(s.label))
    noise = [s for s in sides if s.kind == "noise"]
    summaries = {
        s.label: SideSummary(title=s.title, kind=s.kind, pack=pack_of(s),
                             players={str(n): summarise_games(rs)
                                      for n, rs in by_players(results[s.label]).items()})
        for s in sides if s.kind != "ladder" and results.get(s.label)
    }
    return Report(
        schema=SCHEMA,
        names=names,
        meta=meta,
        changes=tuple(ChangeEntry(kind=c.kind, id=c.id, what=c.what, label=c.label(),
                                  describe=c.describe(_)) for c in changes),
        comparisons=comparisons,
        noise=noise_band(base, results[noise[0].label], meta.precision) if noise else None,
        ladder=ladder([s for s in sides if s.kind == "ladder"], results),
        sides=summaries,
    )


def stop_sentence(report: Report) -> str:
    """With ``--until-clear``: whether the run stopped because the headline intervals reached
    their precision, or at the cap before (``--max-games``, or the most rounds), with the
    headline furthest from it; empty without ``--until-clear``."""
    meta = report.meta
    if meta.clear is None:
        return ""
    rows = [row for comp in report.comparisons for part in comp.players.values()
            for row in part.rows]
    if meta.clear:
        text = _("The headline intervals (*) reached their precision.")
        edge = sum(row.headline and row.verdict == INCONCLUSIVE for row in rows)
        if edge:
            text += " " + ngettext(
                "{count} of them is still inconclusive: its interval is as narrow as asked but "
                "straddles the edge of its precision, so a change within it and one beyond it "
                "both fit; more games would tell which.",
                "{count} of them are still inconclusive: each interval is as narrow as asked but "
                "straddles the edge of its precision, so a change within it and one beyond it "
                "both fit; more games would tell which.", edge).format(count=edge)
        return text
    furthest = widest(rows, meta.precision)
    made = meta.provenance
    if made is not None and meta.games >= made.options.max_games:
        text = ngettext(
            "The cap was reached before every headline interval (*) reached its precision: the "
            "run stopped at --max-games, {games} game per side and player count.",
            "The cap was reached before every headline interval (*) reached its precision: the "
            "run stopped at --max-games, {games} games per side and player count.",
            meta.games)
    else:
        text = ngettext(
            "The cap was reached before every headline interval (*) reached its precision: the "
            "run stopped after {rounds} rounds, at {games} game per side and player count.",
            "The cap was reached before every headline interval (*) reached its precision: the "
            "run stopped after {rounds} rounds, at {games} games per side and player count.",
            meta.games)
    text = text.format(games=whole(meta.games), rounds=meta.rounds)
    if furthest:
        text += " " + _("Furthest from it: {estimate}.").format(estimate=furthest)
    return text


def summary_text(report: Report) -> str:
    """The terminal's summary: the changes, then each comparison's verdicts (headline rows, the
    changed cards' rows and whatever changed), then the noise band and the ladder; with
    ``--until-clear``, whether the run stopped clear or at its cap."""
    meta = report.meta
    lines = [f"{meta.title}", f"  {meta.design}"]
    stop = stop_sentence(report)
    if stop:
        lines.append("  " + stop)
    if report.changes:
        lines.append(_("What the variant changes, and the verdict on each change:"))
        for i, change in enumerate(report.changes, 1):
            lines.append(f"  {i}. {change.describe}")
            for comp in report.comparisons:
                if comp.kind == "change" and comp.changes == (change.label,):
                    lines += ["       " + _("{players} players: {verdict}").format(
                                  players=n, verdict=part.overall.text)
                              for n, part in comp.players.items()]
    if report.comparisons:
        lines.append(_("Verdicts in detail (95% intervals, except where a line says that its "
                       "interval is corrected for the comparison's measures: a verdict on "
                       "whether a difference is beyond chance rests on that one; 'changed' at "
                       "a 5% false-discovery rate):"))
    for comp in report.comparisons:
        for n, part in comp.players.items():
            lines.append(ngettext("{side} — {players} players, {games} games: {verdict}",
                                  "{side} — {players} players, {games} games: {verdict}",
                                  part.games).format(
                side=comp.title, players=n, games=part.games, verdict=part.overall.text))
            tested = sum(row.difference.p_value == row.difference.p_value for row in part.rows)
            for row in part.rows:
                if row.headline or row.key.startswith("card.") or row.verdict == CHANGED:
                    d = shown_interval(row)
                    note = interval_note(row, meta.precision, tested)
                    shown = f" ({note})" if note else ""  # not translated: punctuation
                    lines.append(f"    {row.label:<38} {show(d.estimate, row.unit, True):>9}"
                                 f" [{show(d.low, row.unit, True)}, "
                                 f"{show(d.high, row.unit, True)}]{shown}  {row.verdict_text}")
            if part.card_flags:
                lines.append("    " + _("cards whose owners' win rate changed (FDR 5%): "
                                        "{cards}").format(
                    cards=", ".join(report.names.get(f.card, f.card) for f in part.card_flags)))
    if report.noise:
        for n, noise in report.noise.players.items():
            lines.append(ngettext(
                "Noise band (base against itself, other seeds), {players} players: {flagged} "
                "of {tested} cards flagged",
                "Noise band (base against itself, other seeds), {players} players: {flagged} "
                "of {tested} cards flagged", noise.cards_tested).format(
                    players=n, flagged=len(noise.card_flags), tested=noise.cards_tested))
    lines += ladder_lines(report.ladder)
    lines += balance_lines(report)
    return "\n".join(lines) + "\n"


def ladder_lines(steps: Sequence[LadderStep]) -> list[str]:
    """The skill ladder's rows in words, one line each."""
    lines = []
    for row in steps:
        w = row.strong_win
        if row.players == 2:
            text = ngettext(
                "Skill ladder, {pack}: {strong} beats {weak} {rate}% [{low}, {high}] of {games} "
                "game: {verdict}",
                "Skill ladder, {pack}: {strong} beats {weak} {rate}% [{low}, {high}] of {games} "
                "games: {verdict}", row.games)
        else:
            text = ngettext(
                "Skill ladder, {pack}: {strong} against three {weak} wins {rate}% [{low}, "
                "{high}] of {games} game (an equal share is 25%): {verdict}",
                "Skill ladder, {pack}: {strong} against three {weak} wins {rate}% [{low}, "
                "{high}] of {games} games (an equal share is 25%): {verdict}", row.games)
        lines.append(text.format(
                pack=row.pack, strong=level_words(row.strong), weak=level_words(row.weak),
                rate=f"{100 * w.rate:.0f}", low=f"{100 * w.low:.0f}",
                high=f"{100 * w.high:.0f}", games=row.games, verdict=row.verdict))
    return lines
