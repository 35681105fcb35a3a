"""Every legal choice of a decision valued by the strongest bot, the way it would value them
to choose: a card choice (R4) by whole turns played forward on determinised decks (``hard``'s
search, deeper for the best few), a final move (R9.3) by the exact final movement that can
still follow it, the food truck's column (R2.7) by where the start player gains least (no
column is counted as a cost), any other step by the greedy evaluation of where it leads.

``hard`` judges a hint (what the hard bot would do), ``expert`` a review (the strongest).
Values are in the bots' points: the score plus what the position promises, less a share of the
best rival's for card choices. Differences between two choices of one decision are what a
review shows ("about 4 points"). The same state always gets the same values: the futures are
drawn from a generator seeded by the game's seed and the turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from smqt.ai.greedy import GreedyBot, final_move_choice
from smqt.ai.search import ExpertBot, HardBot
from smqt.engine.actions import Action, PlaceTruck
from smqt.engine.finalmove import best_final_movement
from smqt.engine.rules import apply_legal
from smqt.engine.state import ACQUIRE, FINAL, GameState
from smqt.engine.tally import totals

JUDGES = ("expert", "hard")
"""The levels that can judge, strongest first."""


def searcher(level: str = "hard", deep: int | None = None) -> HardBot:
    """The searching bot of ``level``; ``deep``: how many of the best card choices it plays
    further (None: the level's own)."""
    if level == "expert":
        return ExpertBot(deep=deep)
    if level == "hard":
        return HardBot() if deep is None else HardBot(deep=deep)
    raise ValueError(f"{level!r} cannot judge (one of {', '.join(JUDGES)})")  # not translated: callers check


@attrs.frozen
class Judgement:
    """The valued choices of one decision, best first."""

    values: dict[int, float]
    """Index into the legal actions -> value (only the choices the bot looked at closely)."""
    best: int
    """The index the bot would choose."""

    def loss(self, index: int) -> float:
        """What choosing ``index`` costs against the best, in points (0 for the best)."""
        return max(0.0, self.values[self.best] - self.values[index])


def decision_seed(state: GameState) -> int:
    """The futures' seed of a decision: the game's seed, the turn and the step."""
    return (state.seed * 1_000_003 + state.turn * 7_919 + state.current * 131
            + len(state.placed)) % 2**63


def judge(state: GameState, legal: Sequence[Action], *, chosen: int | None = None,
          level: str = "hard", deep: int | None = None) -> Judgement:
    """Value ``legal`` (``state.current``'s choices now) as ``level`` would (``searcher``);
    ``chosen`` is always valued closely, so a review can say what it cost."""
    also = () if chosen is None else (chosen,)
    if state.phase == ACQUIRE and len(legal) > 1:
        bot = searcher(level, deep)
        _shallow, values = bot.turn_values(state, legal, decision_seed(state), also=also)
        best = max(values, key=lambda i: (values[i], -i))
        return Judgement(values, best)
    player = state.current
    if state.phase == FINAL:
        values = {i: _after_final_move(state, action, player) for i, action in enumerate(legal)}
        best_action = final_move_choice(state, legal)
        best = legal.index(best_action)
        return Judgement(values, best)
    greedy = GreedyBot(searcher(level).weights)
    if isinstance(legal[0], PlaceTruck):  # R2.7: not about one's own points; no choice costs
        chosen_column = greedy.choose(state, legal, random.Random(decision_seed(state)))
        return Judgement(dict.fromkeys(range(len(legal)), 0.0), legal.index(chosen_column))
    values = {i: greedy.value(state, action, player) for i, action in enumerate(legal)}
    best = max(values, key=lambda i: (values[i], -i))
    return Judgement(values, best)


def _after_final_move(state: GameState, action: Action, player: int) -> float:
    after = state.copy()
    apply_legal(after, action)
    if not after.is_over and after.phase == FINAL and after.current == player:
        return float(best_final_movement(after, player).total)
    return float(totals(after)[player])
