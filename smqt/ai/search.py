"""``hard``: searches whole turns within a time budget.

At the start of its turn it plays every candidate acquisition (a front-row card on each legal
space, each sand dollar action) forward to the end of the turn with the greedy policy. The best
few are then played further on a determinised copy (the unseen deck is shuffled from the bot's
own generator; it never reads the real deck order): every opponent answers greedily, the bot
plays its next turn greedily, the opponents answer again, and the position is evaluated,
own potential minus a share of the best rival's. Decisions inside the turn follow the greedy
policy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from smqt.ai.evaluation import MEDIUM, evaluate
from smqt.ai.greedy import GreedyBot
from smqt.engine.actions import Action
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.state import ACQUIRE, GameState


def determinise(state: GameState, rng: random.Random) -> GameState:
    """A copy whose face-down deck is reshuffled: what the bot cannot see is sampled."""
    copy = state.copy()
    copy.deck = sorted(copy.deck)  # forget the real order before sampling one
    rng.shuffle(copy.deck)
    return copy


class HardBot:
    name = "hard"

    def __init__(self, deep: int = 5, samples: int = 1, rival: float = 0.35,
                 horizon: int = 2, time_cap: float | None = None) -> None:
        self.deep = deep
        self.horizon = horizon
        self.samples = samples
        self.rival = rival
        """How many of the best one-turn candidates get the deeper look (fixed work, so the
        choice depends only on the seed)."""
        self.time_cap = time_cap
        """Optional wall-clock cap for interactive play; simulations leave it unset so that
        games replay exactly."""
        self.greedy = GreedyBot(MEDIUM)

    def _finish_turn(self, state: GameState, player: int, rng: random.Random) -> None:
        """Play greedily until ``player``'s turn is over."""
        while not state.is_over and state.current == player and state.phase != ACQUIRE:
            legal = legal_actions(state)
            apply_legal(state, self.greedy.choose(state, legal, rng))

    def _opponents_answer(self, state: GameState, player: int, rng: random.Random) -> None:
        """Let every other player take one greedy turn."""
        for _ in range(state.num_players - 1):
            if state.is_over or state.current == player:
                return
            mover = state.current
            while not state.is_over and state.current == mover:
                legal = legal_actions(state)
                apply_legal(state, self.greedy.choose(state, legal, rng))

    def _turn_value(self, state: GameState, action: Action, player: int,
                    rng: random.Random, deep: bool) -> float:
        after = determinise(state, rng)
        apply_legal(after, action)
        self._finish_turn(after, player, rng)
        if deep:
            self._opponents_answer(after, player, rng)
            for _ in range(self.horizon - 1):
                if after.is_over or after.current != player:
                    break
                while not after.is_over and after.current == player:
                    legal = legal_actions(after)
                    apply_legal(after, self.greedy.choose(after, legal, rng))
                self._opponents_answer(after, player, rng)
        mine = evaluate(after, player, MEDIUM)
        others = max(evaluate(after, p, MEDIUM) for p in range(after.num_players) if p != player)
        return mine - self.rival * others

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if state.phase != ACQUIRE:
            return self.greedy.choose(state, legal, rng)
        start = time.perf_counter()
        player = state.current
        seed = rng.getrandbits(64)
        shallow = []
        for i, action in enumerate(legal):
            value = self._turn_value(state, action, player, random.Random(seed + i), deep=False)
            shallow.append((value, i))
        shallow.sort(reverse=True)
        best_index = shallow[0][1]
        deep_scores: dict[int, float] = {}
        for _, i in shallow[: self.deep]:
            if self.time_cap is not None and deep_scores and \
                    time.perf_counter() - start > self.time_cap:
                break
            deep_scores[i] = sum(
                self._turn_value(state, legal[i], player,
                                 random.Random(seed + 1000 * (k + 1) + i), deep=True)
                for k in range(self.samples)) / self.samples
        if deep_scores:
            best_index = max(deep_scores, key=lambda i: (deep_scores[i], -i))
        return legal[best_index]
