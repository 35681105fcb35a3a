"""``smqt sim``: play many seat-rotated games of a pack (and optionally a variant on the same
games) and write report.json, games.csv and report.html."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import TextIO

from smqt.ai.protocol import BOT_LEVELS
from smqt.engine.catalog import PackError, load_pack
from smqt.engine.rules import SetupError, new_game
from smqt.fileio import atomic_write_text
from smqt.sim.html import render
from smqt.sim.report import compare, games_csv, summarise_games
from smqt.sim.runner import ProgressBar, run_tasks
from smqt.sim.task import GameResult, GameTask


class SimError(ValueError):
    """Bad options for a simulation; the message says what to change."""


def parse_bots(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    for bot in bots:
        if bot.partition(":")[0] not in BOT_LEVELS:
            raise SimError(f"unknown bot {bot!r} (expected {', '.join(BOT_LEVELS)})")
    if not bots:
        raise SimError("name at least one bot, e.g. --bots medium,medium")
    return bots


def parse_players(text: str) -> list[int]:
    try:
        counts = sorted({int(p) for p in text.split(",")})
    except ValueError:
        raise SimError(f"--players takes numbers like 2 or 2,3,4, not {text!r}") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise SimError("player counts must be 2, 3 or 4")
    return counts


def make_tasks(pack: str, variant: str | None, players: list[int], bots: list[str],
               games: int, seed: int) -> list[GameTask]:
    """Seat-rotated games: in game i, seat k plays the bot at ((k + i) mod n) of the line-up.
    With a variant, the same games (seeds, seats, bots) are played under both packs."""
    tasks = []
    for n in players:
        lineup = [bots[j % len(bots)] for j in range(n)]
        for i in range(games):
            seat_bots = tuple(lineup[(k + i) % n] for k in range(n))
            tasks.append(GameTask(pack, "base", i, n, seed + i, seat_bots))
            if variant:
                tasks.append(GameTask(variant, "variant", i, n, seed + i, seat_bots))
    return tasks


def build_report(results: list[GameResult], meta: dict) -> dict:
    grouped: dict[int, dict[str, list[GameResult]]] = defaultdict(lambda: defaultdict(list))
    for result in results:
        grouped[result.task.players][result.task.label].append(result)
    counts = {}
    for n in sorted(grouped):
        sides = grouped[n]
        part = {"base": summarise_games(sides["base"])}
        if sides.get("variant"):
            part["variant"] = summarise_games(sides["variant"])
            part["difference"] = compare(sides["base"], sides["variant"])
        counts[str(n)] = part
    return {"meta": meta, "player_counts": counts}


def summary_table(report: dict) -> str:
    lines = ["players  side     games  seat win rates (95% interval)                 mean score"]
    for n, part in report["player_counts"].items():
        for side in ("base", "variant"):
            if side not in part:
                continue
            s = part[side]
            wins = "  ".join(f"{100 * x['win']['rate']:.0f}% [{100 * x['win']['low']:.0f}-"
                             f"{100 * x['win']['high']:.0f}]" for x in s["seats"])
            mean = sum(x["score"]["mean"] for x in s["seats"]) / len(s["seats"])
            lines.append(f"{n:>7}  {side:<7} {s['games']:>6}  {wins:<44} {mean:8.1f}")
        if "difference" in part:
            d = part["difference"]["mean_score_difference"]
            lines.append(f"{'':>7}  variant changes the mean score by {d['estimate']:+.2f} "
                         f"[{d['low']:+.2f}, {d['high']:+.2f}]")
        bots = part["base"]["bots"]
        if len(bots) > 1:
            lines.append(f"{'':>7}  by bot: " + ", ".join(
                f"{b} {100 * v['win']['rate']:.0f}% [{100 * v['win']['low']:.0f}-"
                f"{100 * v['win']['high']:.0f}]" for b, v in bots.items()))
    return "\n".join(lines) + "\n"


def run_sim(*, pack: str, variant: str | None, players: str, bots: str, games: int,
            jobs: int | None, seed: int, out_dir: str, out: TextIO, err: TextIO) -> int:
    try:
        counts = parse_players(players)
        lineup = parse_bots(bots)
        if games < 1:
            raise SimError("--games must be at least 1")
        if jobs is not None and jobs < 1:
            raise SimError("--jobs must be at least 1")
        for folder in [pack] + ([variant] if variant else []):
            catalog = load_pack(folder)
            for count in counts:  # a pack that cannot set up a game is said before any work
                try:
                    new_game(catalog, count, seed)
                except SetupError as exc:
                    raise SimError(f"{folder}: a {count}-player game cannot be set up: {exc}") \
                        from None
    except SimError as exc:
        err.write(f"smqt sim: {exc}\n")
        return 2
    except PackError as exc:
        for error in exc.errors:
            err.write(f"{error}\n")
        err.write("smqt sim: the pack has errors (see smqt validate)\n")
        return 1
    tasks = make_tasks(str(Path(pack).resolve()), str(Path(variant).resolve()) if variant else None,
                       counts, lineup, games, seed)
    results = run_tasks(tasks, jobs, ProgressBar(len(tasks), err))
    meta = {"pack": str(pack), "variant": str(variant) if variant else None, "bots": lineup,
            "players": counts, "games": games, "seed": seed}
    report = build_report(results, meta)
    folder = Path(out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(folder / "report.json",
                          json.dumps(report, indent=1, sort_keys=True) + "\n")
        atomic_write_text(folder / "games.csv", games_csv(results))
        atomic_write_text(folder / "report.html", render(report))
    except OSError as exc:
        err.write(f"smqt sim: cannot write the report to {folder}: {exc.strerror or exc}\n")
        return 1
    out.write(summary_table(report))
    out.write(f"wrote {folder / 'report.json'}, {folder / 'games.csv'}, {folder / 'report.html'}\n")
    return 0
