"""The evaluation's weights tuned by self-play, reproducibly: a (1+1) evolution strategy.

Each round draws a candidate by scaling every weight of the best so far by ``exp(N(0, 0.35))``
(rounded to three places) from a generator seeded by ``--seed``, and plays ``--games``
two-player games of greedy bots, the candidate against the best so far: pairs of games on the
same seed with the seats swapped (seeds ``10000 * (round + 1)`` on). The candidate replaces
the best when it wins more than 53% of them (a shared win counts as a fraction).

``expert``'s weights (``EXPERT`` in ``smqt.ai.evaluation``) come from::

    python -m smqt.cli.tuning --rounds 10 --games 400 --seed 1

which prints every round and, last, the weights (about five minutes on two cores). The same
command gives the same weights on any machine: the games are seeded, the bots deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

import attrs

from smqt.ai.evaluation import MEDIUM, Weights

SPREAD = 0.35
"""The standard deviation of a weight's log-scale step."""
ACCEPT = 0.53
"""The win share a candidate needs to replace the best (400 games: about 1.2 standard errors)."""
TUNED = ("adjacency", "chain", "ring", "ring_started", "footprint", "sand_dollar", "allowance")

_catalog = None


def _start() -> None:
    global _catalog
    from smqt.ai.collector import tune
    from smqt.pack.load import load_pack
    from smqt.pack.shipped import default_pack

    tune()
    _catalog = load_pack(default_pack())


def _game(job: tuple[dict, dict, int, bool]) -> float:
    """One game of the candidate (first weights) against the best; the candidate's share."""
    from smqt.ai.greedy import GreedyBot
    from smqt.engine.game import Game
    from smqt.engine.rules import apply_legal, legal_actions
    from smqt.engine.scoring import score_game

    candidate, best, seed, swap = job
    bots = [GreedyBot(Weights(**candidate)), GreedyBot(Weights(**best))]
    if swap:
        bots = bots[::-1]
    assert _catalog is not None
    state = Game.new(_catalog, 2, seed, start_player=0).state
    rng = random.Random(seed)
    while not state.is_over:
        apply_legal(state, bots[state.current].choose(state, legal_actions(state), rng))
    winners = score_game(state).winners
    seat = 1 if swap else 0
    return 1.0 / len(winners) if seat in winners else 0.0


def match(pool: ProcessPoolExecutor, candidate: dict, best: dict, games: int, first: int
          ) -> float:
    """The candidate's win share over ``games`` seat-swapped games from seed ``first``."""
    jobs = [(candidate, best, first + g // 2, g % 2 == 1) for g in range(games)]
    return sum(pool.map(_game, jobs, chunksize=10)) / games


def tune(rounds: int, games: int, seed: int, jobs: int, out: TextIO,
         start: Weights = MEDIUM) -> Weights:
    rng = random.Random(seed)
    best = attrs.asdict(start)
    with ProcessPoolExecutor(jobs, initializer=_start) as pool:
        for number in range(rounds):
            candidate = dict(best)
            for key in TUNED:
                candidate[key] = round(best[key] * math.exp(rng.gauss(0, SPREAD)), 3)
            share = match(pool, candidate, best, games, 10_000 * (number + 1))
            accepted = share > ACCEPT
            out.write(f"round {number}: {share:.3f} {'accepted ' if accepted else ''}"
                      f"{json.dumps({k: candidate[k] for k in TUNED}) if accepted else ''}\n")
            out.flush()
            if accepted:
                best = candidate
    out.write("weights " + json.dumps({k: best[k] for k in TUNED}) + "\n")
    return Weights(**best)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m smqt.cli.tuning",
        description="tune the evaluation's weights by self-play")  # not translated: a developers' tool
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    tune(args.rounds, args.games, args.seed, args.jobs, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
