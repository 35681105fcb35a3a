"""The engine's speed measured the same way in any checkout of smqt, for ``smqt bench
--against``: this file is run as a script by the Python in use, given the checkout to measure
(which it makes the only smqt it can import), so it imports nothing of smqt at its top, and
finds each piece it measures where that checkout has it (older trees kept them elsewhere; a
piece a tree lacks is left out).

It prints one JSON object: each measure on one core in CPU seconds (``time.process_time``):
random 2-player playouts through ``apply_legal`` (``apply`` where there is none), a city
scored the first time it is seen (explained and as totals, everything remembered forgotten
first), ``medium`` 2-player games per CPU-second (after one game not timed: what a process
loads once, such as the final movement's solver, is loaded before the clock starts),
``hard`` CPU-seconds per 2-player game and the ``expert``'s card choices against ``hard``.
Each tree runs as its product runs (its garbage collector tuned where it tunes it).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from typing import Any

SIZES = {"quick": {"playouts": 30, "scored": 6, "repeats": 5, "medium": 2, "hard": 1,
                   "expert": 1},
         "full": {"playouts": 300, "scored": 40, "repeats": 20, "medium": 20, "hard": 4,
                  "expert": 4},
         "smoke": {"playouts": 2, "scored": 1, "repeats": 1, "medium": 0, "hard": 0,
                   "expert": 0}}
"""Games per measure; ``smoke`` (the environment's ``SMQT_BENCH_SIZE``, for tests) plays no
bot game."""


def _first(*places: tuple[str, str]) -> Any:
    """The first of ``(module, name)`` that imports, or None."""
    import importlib

    for module, name in places:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    return None


class Tree:
    """The pieces of the checkout on the path."""

    def __init__(self) -> None:
        self.new_game = _first(("smqt.engine.setup", "new_game"), ("smqt.engine.rules", "new_game"))
        self.legal_actions = _first(("smqt.engine.rules", "legal_actions"))
        self.apply = _first(("smqt.engine.rules", "apply_legal"), ("smqt.engine.rules", "apply"))
        self.score_game = _first(("smqt.engine.scoring", "score_game"))
        self.totals = _first(("smqt.engine.tally", "totals"))
        self.make_bot = _first(("smqt.ai.protocol", "make_bot"))
        self.forget_all = _first(("smqt.engine.remembered", "forget_all"))
        load = _first(("smqt.pack.load", "load_pack"), ("smqt.engine.catalog", "load_pack"))
        default = _first(("smqt.pack.shipped", "default_pack"), ("smqt.paths", "default_pack"))
        self.catalog = load(default())
        tune = _first(("smqt.ai.collector", "tune"))
        if tune is not None:
            tune()

    def forget(self, states: list[Any]) -> None:
        if self.forget_all is not None:
            self.forget_all()
        for state in states:
            for player in state.players:
                if hasattr(player, "made"):
                    player.made = None


def playout(tree: Tree, seed: int) -> Any:
    chooser = random.Random(seed)
    state = tree.new_game(tree.catalog, 2, seed)
    while not state.is_over:
        tree.apply(state, chooser.choice(tree.legal_actions(state)))
    return state


def playouts_per_cpu_s(tree: Tree, games: int) -> float:
    playout(tree, 10**6)
    start = time.process_time()
    for i in range(games):
        playout(tree, i)
    return games / (time.process_time() - start)


def scoring_us(tree: Tree, games: int, repeats: int) -> dict[str, float]:
    finished = [playout(tree, 1000 + i) for i in range(games)]
    found = {}
    for name, score in (("score_explained_us", tree.score_game), ("score_totals_us", tree.totals)):
        if score is None:
            continue
        elapsed = 0.0
        for _repeat in range(repeats):
            tree.forget(finished)
            start = time.process_time()
            for state in finished:
                score(state)
            elapsed += time.process_time() - start
        found[name] = elapsed / (repeats * games * 2) * 1e6
    return found


def bot_game(tree: Tree, levels: tuple[str, str], seed: int,
             times: list[float] | None = None, timed: str = "") -> None:
    bots = [tree.make_bot(level) for level in levels]
    rngs = [random.Random(seed * 2 + i) for i in range(2)]
    state = tree.new_game(tree.catalog, 2, seed)
    while not state.is_over:
        seat = state.current
        legal = tree.legal_actions(state)
        start = time.process_time()
        action = bots[seat].choose(state, legal, rngs[seat])
        if times is not None and levels[seat] == timed and state.phase == "acquire":
            times.append(time.process_time() - start)
        tree.apply(state, action)


def bots(tree: Tree, size: dict[str, int]) -> dict[str, float]:
    found: dict[str, float] = {}
    if not size["medium"]:
        return found
    bot_game(tree, ("medium", "medium"), 10**6)  # what a process loads once, loaded first
    start = time.process_time()
    for g in range(size["medium"]):
        bot_game(tree, ("medium", "medium"), 500 + g)
    found["medium_games_per_cpu_s"] = size["medium"] / (time.process_time() - start)
    start = time.process_time()
    for g in range(size["hard"]):
        bot_game(tree, ("hard", "hard"), 700 + g)
    found["hard_cpu_s_per_game"] = (time.process_time() - start) / size["hard"]
    try:
        tree.make_bot("expert")
    except (ValueError, KeyError):
        return found
    choices: list[float] = []
    for g in range(size["expert"]):
        bot_game(tree, ("expert", "hard") if g % 2 == 0 else ("hard", "expert"), 1100 + g,
                 choices, "expert")
    found["expert_choice_median_ms"] = statistics.median(choices) * 1e3
    found["expert_choice_worst_ms"] = max(choices) * 1e3
    return found


def only_this_tree(tree: str) -> None:
    """Make ``tree`` the only smqt this process can import: an editable install of another
    checkout maps the name to itself ahead of the path."""
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if "editable" not in type(finder).__module__.lower()
                        and "editable" not in getattr(finder, "__name__", "").lower()]
    sys.path.insert(0, tree)
    for name in [name for name in sys.modules if name == "smqt" or name.startswith("smqt.")]:
        del sys.modules[name]


def main(argv: list[str]) -> int:
    size = SIZES[os.environ.get("SMQT_BENCH_SIZE") or ("quick" if "--quick" in argv else "full")]
    tree = next((a for a in argv if not a.startswith("--")), None)
    if tree is not None:
        only_this_tree(tree)
    checkout = Tree()
    found: dict[str, float] = {
        "playouts_per_cpu_s": playouts_per_cpu_s(checkout, size["playouts"])}
    found.update(scoring_us(checkout, size["scored"], size["repeats"]))
    found.update(bots(checkout, size))
    json.dump(found, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
