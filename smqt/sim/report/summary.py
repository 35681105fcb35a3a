"""From one side's game results to its summary: per player count, seat and bot win rates with
intervals, finishing ranks, score summaries, where the points came from, game length, drama
(score by round, lead changes, decisions and their legal choices), sand dollar action use and
per-card offer/pick/win figures with corrected strength flags; and ``games.csv``.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence

from smqt.language.translate import N_, _
from smqt.sim.report.model import (
    BotFigures,
    CardFigures,
    Drama,
    Notable,
    PlayersSummary,
    Points,
    SeatBalance,
    SeatFigures,
)
from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.stats import seat_balance, summarise, wilson
from smqt.sim.statistics.verdicts import CATEGORIES, card_samples, strength_flags


def summarise_games(results: Sequence[GameResult]) -> PlayersSummary:
    """The report of one side (one pack) for one player count."""
    games = len(results)
    players = results[0].spec.players if results else 0
    seats = []
    for seat in range(players):
        wins = sum(r.win_share(seat) for r in results)
        scores = [r.seats[seat].score for r in results]
        seats.append(SeatFigures(seat, wilson(wins, games), summarise(scores),
                                 summarise([r.seats[seat].rank for r in results])))
    bots: dict[str, list[float]] = defaultdict(list)
    bot_scores: dict[str, list[int]] = defaultdict(list)
    bot_ranks: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for s in r.seats:
            bots[s.bot].append(r.win_share(s.seat))
            bot_scores[s.bot].append(s.score)
            bot_ranks[s.bot].append(s.rank)
    by_bot = {bot: BotFigures(wilson(sum(w), len(w)), summarise(bot_scores[bot]),
                              summarise(bot_ranks[bot]))
              for bot, w in sorted(bots.items())}
    margins = []
    for r in results:
        totals = sorted((s.score for s in r.seats), reverse=True)
        margins.append(totals[0] - totals[1])
    decided = Counter(r.decided_by for r in results)
    points = Counter()
    for r in results:
        for s in r.seats:
            for category in CATEGORIES:
                points[category] += s.categories.get(category, 0)
    all_points = sum(points.values()) or 1
    buys: Counter[str] = Counter()
    for r in results:
        for s in r.seats:
            buys.update(s.buys)
    return PlayersSummary(
        games=games,
        players=players,
        seats=tuple(seats),
        seat_balance=_balance(results, players),
        bots=by_bot,
        margin=summarise(margins),
        ties=wilson(decided.get("shared", 0), games),
        tie_breaks=wilson(games - decided.get("score", 0), games),
        decided_by=dict(decided),
        points_share=Points(**{c: points[c] / all_points for c in CATEGORIES}),
        points_per_seat=Points(**{c: points[c] / max(1, games * players) for c in CATEGORIES}),
        turns=summarise([r.turns for r in results]),
        sand_dollar_actions_per_game={a: n / games for a, n in sorted(buys.items())},
        drama=drama(results, players),
        notable=notable(results),
        cards=card_table(results),
    )


def notable(results: Sequence[GameResult]) -> tuple[Notable, ...]:
    """A few games worth opening: the highest score, the widest and narrowest wins, the
    longest game and the one with the most lead changes."""
    if not results:
        return ()

    def margin(r: GameResult) -> int:
        totals = sorted((s.score for s in r.seats), reverse=True)
        return totals[0] - totals[1]

    picks = [(N_("highest score (game {game})"),
              max(results, key=lambda r: max(s.score for s in r.seats))),
             (N_("widest win (game {game})"), max(results, key=margin)),
             (N_("closest finish (game {game})"), min(results, key=margin)),
             (N_("longest game (game {game})"), max(results, key=lambda r: r.turns)),
             (N_("most lead changes (game {game})"), max(results, key=lambda r: r.lead_changes))]
    return tuple(Notable(_(why).format(game=r.spec.index), record_path(r)) for why, r in picks)


def drama(results: Sequence[GameResult], players: int) -> Drama:
    """Score by round per seat (mean over the games that reached the round), lead changes per
    game, decisions per game and the legal choices a decision had (the action space)."""
    longest = max((len(r.round_scores) for r in results), default=0)
    by_round = []
    for i in range(longest):
        reached = [r.round_scores[i] for r in results if len(r.round_scores) > i]
        if len(reached) * 2 < len(results):
            break
        by_round.append(tuple(sum(scores[k] for scores in reached) / len(reached)
                              for k in range(players)))
    decisions = sum(r.decisions for r in results)
    return Drama(
        score_by_round=tuple(by_round),
        lead_changes=summarise([r.lead_changes for r in results]),
        decisions=summarise([r.decisions for r in results]),
        legal_choices_per_decision=(sum(r.legal_choices for r in results) / decisions
                                    if decisions else float("nan")),
    )


def _balance(results: Sequence[GameResult], players: int) -> SeatBalance:
    wins = [sum(r.win_share(seat) for r in results) for seat in range(players)]
    test = seat_balance(wins)
    return SeatBalance(tuple(wins), test.statistic, test.p_value, test.degrees_of_freedom)


def card_table(results: Sequence[GameResult]) -> tuple[CardFigures, ...]:
    """Per card: offered, pick rate when offered, win rate of the seats that owned it, of the
    seat that took it and of the seats that had it on offer and took another card, and a
    strong/weak flag at a 5% false-discovery rate over all the cards."""
    players = results[0].spec.players if results else 2
    baseline = 1.0 / players
    samples = card_samples(results)
    flags = strength_flags(samples, players)
    rows = []
    for card, sample in samples.items():
        flag, p = flags.get(card, ("", float("nan")))
        rows.append(CardFigures(
            card=card, offered=sample.offered, pick=wilson(sample.picked, sample.offered),
            owned=len(sample.owner_shares),
            win=wilson(sum(sample.owner_shares), len(sample.owner_shares)),
            win_when_taken=wilson(sum(sample.taken_shares), len(sample.taken_shares)),
            win_when_passed=wilson(sum(sample.passed_shares), len(sample.passed_shares)),
            flag=flag, p_adjusted=p))
    rows.sort(key=lambda row: (-abs((row.win.rate if row.owned else baseline) - baseline),
                               row.card))
    return tuple(rows)


COLUMNS = {
    # Translators: base, variant, sweep-VALUE, noise and ladder-PACK-WEAK-STRONG are values
    # written in the file: keep them as they are
    "side": N_("which games: base, variant (all changes), a change's slug (base plus that "
               "change), sweep-VALUE, noise (base on other seeds) or ladder-PACK-WEAK-STRONG"),
    "pack": N_("the pack's name"),
    "pack_version": N_("the pack's version"),
    "players": N_("the player count"),
    "game": N_("the game's number within its player count (the same game on every side)"),
    "seed": N_("the game's seed"),
    "seat": N_("the seat in turn order from 0 (0 starts; the report's Seat 1)"),
    "bot": N_("the bot in the seat"),
    "score": N_("the seat's final score"),
    "rank": N_("finishing rank: 1 for the winner(s), else 1 + the seats ahead"),
    "won": N_("1 if the seat won or shared the win"),
    "win_share": N_("1 / the number of winners for a winner, else 0"),
    "winners": N_("how many seats shared the win"),
    # Translators: the values written in the file are score, sand dollars, longest chain and
    # shared: keep them in English
    "decided_by": N_("score, sand dollars, longest chain or shared (R10.15)"),
    "objective_tile": N_("the objective tile's id"),
    "objective_points": N_("the seat's points from the objective tile"),
    "card_points": N_("the seat's points from feature cards"),
    "ring_points": N_("the seat's points from rings"),
    "footprint_points": N_("the seat's points from footprints"),
    "sand_dollars": N_("sand dollars left at the end"),
    "turns": N_("turns played in the game"),
    "lead_changes": N_("how often the sole leader after a round changed"),
    "decisions": N_("bot decisions with more than one legal choice, in the game"),
    "legal_choices": N_("legal choices summed over those decisions"),
    "cards": N_("the feature cards in the seat's city, space-separated ids"),
    "record": N_("the game's saved record under games/ (opens with smqt play --load)"),
}
"""The columns of ``games.csv`` (its header, not translated), one row per game and seat, with
what each holds (marked: the report's page shows them, translated)."""


def record_path(result: GameResult) -> str:
    """Where a game's record is written, relative to the report folder."""
    return f"games/{result.label}/{result.spec.players}p-{result.spec.index:05d}.smqt"


def games_csv(results: Sequence[GameResult], packs: dict[str, tuple[str, str]]) -> str:
    """One row per game and seat, in a stable order; ``packs``: side -> (name, version)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in results:
        name, version = packs[r.label]
        for s in r.seats:
            writer.writerow([r.label, name, version, r.spec.players, r.spec.index, r.spec.seed,
                             s.seat, s.bot, s.score, s.rank, int(s.won),
                             f"{r.win_share(s.seat):.6g}", len(r.winners), r.decided_by,
                             r.objective, *(s.categories.get(c, 0) for c in CATEGORIES),
                             s.sand_dollars, r.turns, r.lead_changes, r.decisions,
                             r.legal_choices, " ".join(s.cards), record_path(r)])
    return out.getvalue()
