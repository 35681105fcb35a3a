"""``smqt bench``: engine speed in numbers (never asserted by tests).

- random playouts: full games per second on one core, every decision uniform over
  ``legal_actions``, applied through the checked ``apply`` and through ``apply_legal``;
- scoring: mean time to score one city of a finished game (about 14 cards), with every line
  explained (``score_game``) and as the bots do, totals only (``tally``), each city looked at
  for the first time (nothing remembered from before);
- exact final movement: median and worst time on crowded cities (15 cards, 20+ people);
- bots: ``medium`` decisions per second and two-player games per CPU-second, ``hard`` and
  ``expert`` decision times (every decision, and the card choices alone) and the CPU-seconds
  of whole games with every seat ``hard`` (2 and 4 players).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TextIO

from smqt.engine.catalog import Catalog
from smqt.engine.rules import apply, apply_legal, legal_actions
from smqt.engine.scoring import score_game
from smqt.engine.setup import new_game
from smqt.engine.state import GameState
from smqt.language.translate import N_, _
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack


def random_playout(catalog: Catalog, players: int, seed: int, *, checked: bool = True
                   ) -> GameState:
    """Play a whole game choosing uniformly among the legal actions (through the checked
    ``apply``, or ``apply_legal`` as AI search and the simulator do)."""
    chooser = random.Random(seed)
    state = new_game(catalog, players, seed)
    play = apply if checked else apply_legal
    while not state.is_over:
        play(state, chooser.choice(legal_actions(state)))
    return state


def playouts_per_second(catalog: Catalog, players: int, games: int, seed: int = 0, *,
                        checked: bool = True) -> float:
    start = time.perf_counter()
    for i in range(games):
        random_playout(catalog, players, seed + i, checked=checked)
    return games / (time.perf_counter() - start)


def scoring_time(catalog: Catalog, games: int, repeats: int = 20
                 ) -> tuple[float, float, float]:
    """Mean seconds to score one city explained and as totals only, and the mean number of
    cards in those cities. Every round is a first look at each city: the cities the states
    keep, the cities, parts and people frontiers remembered are forgotten first (what is
    remembered about the cards and rings of the pack stays)."""
    from smqt.engine import city, scoring, tally
    from smqt.engine.tally import totals

    def forget() -> None:
        city.forget()
        scoring.forget()
        tally.forget()

    finished = [random_playout(catalog, 2, 1000 + i) for i in range(games)]
    cards = statistics.mean(p.card_count() for s in finished for p in s.players)
    measured = []
    for score in (score_game, totals):
        elapsed = 0.0
        for _repeat in range(repeats):
            forget()
            for state in finished:
                for player in state.players:
                    player.made = None
            start = time.perf_counter()
            for state in finished:
                score(state)
            elapsed += time.perf_counter() - start
        measured.append(elapsed / (repeats * games * 2))
    return measured[0], measured[1], cards


def final_move_times(catalog: Catalog, cities: int) -> list[float]:
    from smqt.cli.crowded import crowded_city_states
    from smqt.engine.finalmove import best_final_movement

    times = []
    states = list(crowded_city_states(catalog, cities, seed=7))
    best_final_movement(states[0].copy(), states[0].current)  # the solver loads on first use
    for state in states:
        start = time.perf_counter()
        best_final_movement(state, state.current)
        times.append(time.perf_counter() - start)
    return times


def bot_games(catalog: Catalog, bots: tuple[str, str], games: int, seed: int = 500
              ) -> tuple[float, dict[str, list[float]]]:
    """Seconds per game and every decision's time per bot, for 2-player games (key
    ``BOT@acquire`` holds the card-acquisition decisions alone)."""
    from smqt.ai.protocol import make_bot

    times: dict[str, list[float]] = {k: [] for b in bots for k in (b, f"{b}@acquire")}
    start = time.perf_counter()
    for g in range(games):
        seats = bots if g % 2 == 0 else bots[::-1]
        players = [make_bot(b) for b in seats]
        rngs = [random.Random(seed + g * 2 + i) for i in range(2)]
        state = new_game(catalog, 2, seed + g, start_player=0)
        while not state.is_over:
            seat = state.current
            legal = legal_actions(state)
            t = time.perf_counter()
            action = players[seat].choose(state, legal, rngs[seat])
            elapsed = time.perf_counter() - t
            times[seats[seat]].append(elapsed)
            if state.phase == "acquire":
                times[f"{seats[seat]}@acquire"].append(elapsed)
            apply_legal(state, action)
    return (time.perf_counter() - start) / games, times


def cpu_seconds_per_game(catalog: Catalog, level: str, players: int, games: int,
                         seed: int = 700) -> float:
    """CPU-seconds (this process) of whole games with ``level`` in every seat."""
    from smqt.ai.protocol import make_bot

    start = time.process_time()
    for g in range(games):
        bots = [make_bot(level) for _seat in range(players)]
        rng = random.Random(seed + g)
        state = new_game(catalog, players, seed + g)
        while not state.is_over:
            apply_legal(state, bots[state.current].choose(state, legal_actions(state), rng))
    return (time.process_time() - start) / games


def measure_bots(catalog: Catalog, quick: bool = False) -> dict[str, float | None]:
    cpu = time.process_time()
    per_game, times = bot_games(catalog, ("medium", "medium"), 2 if quick else 20)
    medium_cpu = (time.process_time() - cpu) / (2 if quick else 20)
    medium = times["medium"]
    _per_game, hard_times = bot_games(catalog, ("hard", "medium"), 1 if quick else 6, seed=900)
    hard = sorted(hard_times["hard"])
    _per_game, expert_times = bot_games(catalog, ("expert", "hard"), 1 if quick else 4,
                                        seed=1100)
    expert = sorted(expert_times["expert"])
    return {
        "expert_decision_median_ms": round(statistics.median(expert) * 1e3, 1),
        "expert_decision_worst_ms": round(expert[-1] * 1e3, 1),
        "expert_acquire_median_ms": round(
            statistics.median(expert_times["expert@acquire"]) * 1e3, 1),
        "expert_decisions": len(expert),
        "medium_decisions_per_s": round(len(medium) / sum(medium), 1),
        "medium_games_per_s": round(1 / per_game, 2),
        "medium_games_per_cpu_s": round(1 / medium_cpu, 2),
        "hard_decision_median_ms": round(statistics.median(hard) * 1e3, 1),
        "hard_decision_worst_ms": round(hard[-1] * 1e3, 1),
        "hard_acquire_median_ms": round(statistics.median(hard_times["hard@acquire"]) * 1e3, 1),
        "hard_decisions": len(hard),
        # whole all-hard games are long: only in the full bench
        "hard_cpu_s_per_2p_game": None if quick else round(
            cpu_seconds_per_game(catalog, "hard", 2, 2), 2),
        "hard_cpu_s_per_4p_game": None if quick else round(
            cpu_seconds_per_game(catalog, "hard", 4, 1), 2),
    }


def measure(catalog: Catalog, quick: bool = False) -> dict[str, float | None]:
    games = 20 if quick else 300
    playouts_per_second(catalog, 2, 5 if quick else 20, seed=10**6)  # warm-up, not counted
    two = playouts_per_second(catalog, 2, games)
    two_unchecked = playouts_per_second(catalog, 2, games, checked=False)
    four = playouts_per_second(catalog, 4, games // 2)
    score_seconds, totals_seconds, cards = scoring_time(catalog, 5 if quick else 40)
    times = final_move_times(catalog, 5 if quick else 60)
    return {
        "playouts_2p_per_s": round(two, 1),
        "playouts_2p_apply_legal_per_s": round(two_unchecked, 1),
        "playouts_4p_per_s": round(four, 1),
        "score_city_us": round(score_seconds * 1e6, 1),
        "score_city_totals_us": round(totals_seconds * 1e6, 1),
        "score_city_mean_cards": round(cards, 1),
        "final_move_median_ms": round(statistics.median(times) * 1e3, 2),
        "final_move_worst_ms": round(max(times) * 1e3, 2),
        "final_move_cities": len(times),
    }


DESIGNER_RUN = {"variant": "house-rule-trial", "per_change": True, "until_clear": True,
                "precision": 5.0, "max_games": 600, "games": 150, "bots": "medium", "jobs": 2}
"""The designer's question of issue 16: a house rule of four changes, each alone and all
together, medium bots, until every headline interval is within 5 points, on two processes."""


def designer_run(pack: str | None, quick: bool = False) -> dict[str, float]:
    """The designer's run (``DESIGNER_RUN``) into a throw-away folder: games played, wall
    seconds and games per second (all processes); ``quick``: a few games only (for tests)."""
    import csv
    import io
    import tempfile

    from smqt.pack.shipped import example_variants
    from smqt.sim.command import SimOptions, run_sim

    options = dict(DESIGNER_RUN, variant=str(example_variants() / str(DESIGNER_RUN["variant"])))
    if quick:
        options.update(games=4, max_games=8, bots="random")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        code = run_sim(SimOptions(pack=str(pack or default_pack()), out_dir=folder + "/report",
                                  **options), out=io.StringIO(), err=io.StringIO())
        wall = time.perf_counter() - start
        if code != 0:
            raise RuntimeError(f"the designer's run failed ({code})")  # not translated: for developers
        with open(folder + "/report/games.csv", encoding="utf-8", newline="") as rows:
            games = len({(r["side"], r["game"]) for r in csv.DictReader(rows)})
    return {"designer_games": games, "designer_wall_s": round(wall, 1),
            "designer_games_per_s": round(games / wall, 1)}


def run_bench(pack: str | None, *, as_json: bool, quick: bool, out: TextIO,
              designer: bool = False) -> int:
    catalog = load_pack(pack or default_pack())
    result: dict[str, float | None] = {}
    result.update(measure(catalog, quick))
    result.update(measure_bots(catalog, quick))
    if designer:
        result.update(designer_run(pack, quick))
    if as_json:
        json.dump(result, out, indent=2)
        out.write("\n")
        return 0
    lines = [
        _("random playouts, 2 players:   {games:8.1f} games/s (one core, checked apply)").format(
            games=result["playouts_2p_per_s"]),
        _("                              {games:8.1f} games/s (apply_legal)").format(
            games=result["playouts_2p_apply_legal_per_s"]),
        _("random playouts, 4 players:   {games:8.1f} games/s (one core)").format(
            games=result["playouts_4p_per_s"]),
        _("score one city ({cards:.1f} cards): {explained:8.1f} us mean explained, "
          "{totals:.1f} us totals only").format(
            cards=result["score_city_mean_cards"], explained=result["score_city_us"],
            totals=result["score_city_totals_us"]),
        _("exact final movement:         {median:8.2f} ms median, {worst:.2f} ms worst "
          "({cities} crowded cities)").format(
            median=result["final_move_median_ms"], worst=result["final_move_worst_ms"],
            cities=result["final_move_cities"]),
        _("medium bot:                   {decisions:8.1f} decisions/s, {games:.2f} two-player "
          "games/s, {cpu:.2f} per CPU-second").format(
            decisions=result["medium_decisions_per_s"], games=result["medium_games_per_s"],
            cpu=result["medium_games_per_cpu_s"]),
        _("hard bot:                     {median:8.1f} ms median, {worst:.1f} ms worst decision, "
          "{acquire:.1f} ms median card choice").format(
            median=result["hard_decision_median_ms"], worst=result["hard_decision_worst_ms"],
            acquire=result["hard_acquire_median_ms"]),
    ]
    lines.append(_("expert bot:                   {median:8.1f} ms median, {worst:.1f} ms worst "
                   "decision, {acquire:.1f} ms median card choice").format(
        median=result["expert_decision_median_ms"], worst=result["expert_decision_worst_ms"],
        acquire=result["expert_acquire_median_ms"]))
    if result["hard_cpu_s_per_2p_game"] is not None:
        lines.append(_("hard bot, every seat:         {two:8.2f} CPU-s per 2-player game, "
                       "{four:.2f} per 4-player game").format(
            two=result["hard_cpu_s_per_2p_game"], four=result["hard_cpu_s_per_4p_game"]))
    if designer:
        lines.append(_("designer's until-clear run:   {games:8.0f} games in {minutes:.1f} "
                       "min ({rate:.1f} games/s, {jobs} processes)").format(
            games=result["designer_games"], minutes=float(result["designer_wall_s"] or 0) / 60,
            rate=result["designer_games_per_s"], jobs=DESIGNER_RUN["jobs"]))
    out.write("".join(line + "\n" for line in lines))
    return 0


AGAINST_LINES = (
    ("playouts_per_cpu_s", N_("random 2-player playouts per CPU-s"), True),
    ("score_explained_us", N_("a city scored the first time, explained (us)"), False),
    ("score_totals_us", N_("a city scored the first time, totals (us)"), False),
    ("medium_games_per_cpu_s", N_("medium 2-player games per CPU-s"), True),
    ("hard_cpu_s_per_game", N_("hard CPU-s per 2-player game"), False),
    ("expert_choice_median_ms", N_("expert card choice, median (ms)"), False),
    ("expert_choice_worst_ms", N_("expert card choice, worst (ms)"), False),
)
"""The measures of ``--against``: key, words, whether more is better."""


def probe(tree: Path, quick: bool) -> dict[str, float]:
    """``benchprobe`` run by this Python with ``tree`` first on its path (one process, one
    core): that checkout's engine, measured the same way as this one's."""
    import subprocess
    from importlib.resources import files

    source = files("smqt.cli").joinpath("benchprobe.py").read_text(encoding="utf-8")
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", source, str(tree), *(["--quick"] if quick else [])],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(_("the bench did not run in {tree}: {problem}").format(
            tree=tree, problem=(done.stderr.strip().splitlines() or ["?"])[-1]))
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_against(other: Path, *, quick: bool, as_json: bool, out: TextIO) -> int:
    """The same measures under ``other`` (another checkout) and this tree, side by side, with
    the ratio of each (above 1: this tree is quicker)."""
    here = Path(__file__).resolve().parents[2]  # the folder holding this smqt package
    runs: dict[Path, list[dict[str, float]]] = {other: [], here: []}
    for tree in (other, here, here, other):  # A B B A: a drift of the machine's speed
        runs[tree].append(probe(tree, quick))  # weighs on both sides alike
    old, new = _middle(runs[other]), _middle(runs[here])
    if as_json:
        json.dump({"against": str(other), "old": old, "new": new}, out, indent=2)
        out.write("\n")
        return 0
    out.write(_("{measure:46} {old:>10} {new:>10} {ratio:>7}").format(
        measure=_("measure"), old=_("against"), new=_("this"), ratio=_("ratio")) + "\n")
    within = 0
    for key, words, more_is_better in AGAINST_LINES:
        a, b = old.get(key), new.get(key)
        if a is None and b is None:
            continue
        ratio = "" if a is None or b is None or not a or not b else \
            f"{(b / a if more_is_better else a / b):.2f}x"
        noise = ratio and _overlap(runs[other], runs[here], key)
        within += bool(noise)
        out.write(f"{_(words):46} {_number(a):>10} {_number(b):>10} {ratio:>7}"
                  f"{' ~' if noise else ''}\n")
    if old.get("score_explained_us") and new.get("score_totals_us"):
        out.write(_("a city's totals the first time against the other tree's explained "
                    "sheet: {ratio:.2f}x").format(
            ratio=old["score_explained_us"] / new["score_totals_us"]) + "\n")
    out.write(_("(against: {tree}; one core each, CPU time; each tree run twice, in the order "
                "A B B A, the mean of its two runs)").format(tree=other) + "\n")
    if within:
        out.write(_("~ the two trees' runs overlap: a ratio so marked is within what this "
                    "machine's runs vary by, not a difference between the trees") + "\n")
    return 0


def _overlap(old: list[dict[str, float]], new: list[dict[str, float]], key: str) -> bool:
    """Whether the range of one tree's runs of ``key`` meets the other's: the two runs of the
    same tree differ by as much as the trees do, so their ratio says nothing of the trees."""
    a = [run[key] for run in old if key in run]
    b = [run[key] for run in new if key in run]
    return bool(a and b) and min(a) <= max(b) and min(b) <= max(a)


def _middle(runs: list[dict[str, float]]) -> dict[str, float]:
    """The mean of each measure over the runs that have it."""
    keys = {key for run in runs for key in run}
    return {key: statistics.mean(run[key] for run in runs if key in run) for key in keys}


def _number(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def add(sub: argparse._SubParsersAction) -> None:
    bench = sub.add_parser("bench", help=_("measure engine speed"))
    bench.add_argument("--json", action="store_true", help=_("print JSON"))
    bench.add_argument("--pack", default=None, help=_("the pack folder (default: content/base)"))
    bench.add_argument("--quick", action="store_true", help=_("fewer samples (for tests)"))
    bench.add_argument("--designer", action="store_true",
                       help=_("also time the designer's until-clear run of a house rule (a few "
                              "minutes on two processes)"))
    bench.add_argument("--against", metavar="PATH", default=None,
                       help=_("measure another checkout of smqt the same way, beside this one "
                              "(one core each, the same Python), with the ratio of each"))


def run(args: argparse.Namespace) -> int:
    if args.against is not None:
        other = Path(args.against).expanduser().resolve()
        if not (other / "smqt" / "engine").is_dir():
            sys.stderr.write(_("smqt bench: {path} is not a checkout of smqt (no smqt/engine "
                               "in it)").format(path=other) + "\n")
            return 2
        try:
            return run_against(other, quick=args.quick, as_json=args.json, out=sys.stdout)
        except RuntimeError as problem:
            sys.stderr.write(f"smqt bench: {problem}\n")  # not translated: name + sentence
            return 1
    return run_bench(args.pack, as_json=args.json, quick=args.quick, out=sys.stdout,
                     designer=args.designer)
