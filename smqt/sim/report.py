"""From game results to the report: per player count, seat and bot win rates with intervals,
score summaries, where the points came from, game length, sand dollar action use, per-card
offer/pick/win figures, and the differences a variant makes on the same games.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence

from smqt.sim.stats import (
    paired_difference,
    proportion_difference,
    seat_balance,
    summarise,
    wilson,
)
from smqt.sim.task import GameResult

CATEGORIES = ("objective", "card", "ring", "footprint")


def _win_share(result: GameResult, seat: int) -> float:
    """A shared win counts as a fraction (1 / number of winners)."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def summarise_games(results: Sequence[GameResult]) -> dict:
    """The report of one side (one pack) for one player count."""
    games = len(results)
    players = results[0].task.players if results else 0
    seats = []
    for seat in range(players):
        wins = sum(_win_share(r, seat) for r in results)
        scores = [r.seats[seat].score for r in results]
        seats.append({
            "seat": seat,
            "win": wilson(wins, games).as_dict(),
            "score": summarise(scores).as_dict(),
        })
    bots: dict[str, list[float]] = defaultdict(list)
    bot_scores: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for s in r.seats:
            bots[s.bot].append(_win_share(r, s.seat))
            bot_scores[s.bot].append(s.score)
    by_bot = {
        bot: {"win": wilson(sum(w), len(w)).as_dict(), "score": summarise(bot_scores[bot]).as_dict()}
        for bot, w in sorted(bots.items())
    }
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
    return {
        "games": games,
        "players": players,
        "seats": seats,
        "seat_balance": _balance(results, players),
        "bots": by_bot,
        "margin": summarise(margins).as_dict(),
        "ties": wilson(decided.get("shared", 0), games).as_dict(),
        "tie_breaks": wilson(games - decided.get("score", 0), games).as_dict(),
        "decided_by": dict(decided),
        "points_share": {c: points[c] / all_points for c in CATEGORIES},
        "points_per_seat": {c: points[c] / max(1, games * players) for c in CATEGORIES},
        "turns": summarise([r.turns for r in results]).as_dict(),
        "sand_dollar_actions_per_game": {a: n / games for a, n in sorted(buys.items())},
        "cards": card_table(results),
    }


def _balance(results: Sequence[GameResult], players: int) -> dict:
    wins = [sum(_win_share(r, seat) for r in results) for seat in range(players)]
    test = seat_balance(wins)
    return {"wins": wins, "chi_square": test.statistic, "p_value": test.p_value,
            "degrees_of_freedom": test.degrees_of_freedom}


def card_table(results: Sequence[GameResult]) -> list[dict]:
    """Per card: offered, pick rate when offered, win rate of the seats that owned it."""
    offered: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    owned: Counter[str] = Counter()
    owner_wins: defaultdict[str, float] = defaultdict(float)
    for r in results:
        offered.update(r.offered)
        picked.update(r.picked)
        for s in r.seats:
            share = _win_share(r, s.seat)
            for card in s.cards:
                owned[card] += 1
                owner_wins[card] += share
    players = results[0].task.players if results else 2
    baseline = 1.0 / players
    rows = []
    for card in sorted(set(offered) | set(owned)):
        pick = wilson(picked[card], offered[card])
        win = wilson(owner_wins[card], owned[card])
        flag = ""
        if win.trials >= 10 and (win.low > baseline or win.high < baseline):
            flag = "strong" if win.low > baseline else "weak"
        rows.append({"card": card, "offered": offered[card], "pick": pick.as_dict(),
                     "owned": owned[card], "win": win.as_dict(), "flag": flag})
    rows.sort(key=lambda row: -abs((row["win"]["rate"] if row["owned"] else baseline) - baseline))
    return rows


def compare(base: Sequence[GameResult], variant: Sequence[GameResult]) -> dict:
    """What the variant changed on the same games (same seeds, seats and bots)."""
    pairs = sorted(zip(base, variant, strict=True), key=lambda p: p[0].task.index)
    players = pairs[0][0].task.players
    games = len(pairs)
    seats = []
    for seat in range(players):
        before = wilson(sum(_win_share(b, seat) for b, _ in pairs), games)
        after = wilson(sum(_win_share(v, seat) for _, v in pairs), games)
        seats.append({
            "seat": seat,
            "win_difference": proportion_difference(after, before).as_dict(),
            "score_difference": paired_difference(
                [v.seats[seat].score for _, v in pairs], [b.seats[seat].score for b, _ in pairs]
            ).as_dict(),
        })
    return {
        "games": games,
        "seats": seats,
        "turns_difference": paired_difference([v.turns for _, v in pairs],
                                              [b.turns for b, _ in pairs]).as_dict(),
        "mean_score_difference": paired_difference(
            [sum(s.score for s in v.seats) / players for _, v in pairs],
            [sum(s.score for s in b.seats) / players for b, _ in pairs]).as_dict(),
    }


CSV_FIELDS = ("pack", "game", "seed", "players", "seat", "bot", "score", "won", "winners",
              "decided_by", "objective", "sand_dollars", *CATEGORIES, "turns")


def games_csv(results: Sequence[GameResult]) -> str:
    """One row per game and seat, in a stable order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in sorted(results, key=lambda r: (r.task.label, r.task.players, r.task.index)):
        for s in r.seats:
            writer.writerow([r.task.label, r.task.index, r.task.seed, r.task.players, s.seat,
                             s.bot, s.score, int(s.won), len(r.winners), r.decided_by,
                             r.objective, s.sand_dollars,
                             *(s.categories.get(c, 0) for c in CATEGORIES), r.turns])
    return out.getvalue()
