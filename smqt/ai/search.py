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

from smqt.ai.evaluation import EXPERT, MEDIUM, Weights, evaluate
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
                 horizon: int = 2, time_cap: float | None = None,
                 weights: Weights = MEDIUM) -> None:
        self.deep = deep
        self.horizon = horizon
        self.samples = samples
        self.rival = rival
        """How many of the best one-turn candidates get the deeper look (fixed work, so the
        choice depends only on the seed)."""
        self.time_cap = time_cap
        """Optional wall-clock cap for interactive play; simulations leave it unset so that
        games replay exactly."""
        self.weights = weights
        """The evaluation's weights, for the greedy turns it plays forward and the positions
        it reaches."""
        self.greedy = GreedyBot(weights)

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
        mine = evaluate(after, player, self.weights)
        others = max(evaluate(after, p, self.weights) for p in range(after.num_players)
                     if p != player)
        return mine - self.rival * others

    def turn_values(self, state: GameState, legal: Sequence[Action], seed: int,
                    also: Sequence[int] = ()) -> tuple[list[float], dict[int, float]]:
        """Every candidate's one-turn value, and the deeper value of the best ``deep`` of them
        (and of the indices in ``also``, for the coach's review). Each candidate's futures come
        from its own generator (``seed`` and its index), so looking deeper at one candidate
        never changes another's value."""
        start = time.perf_counter()
        player = state.current
        shallow = [self._turn_value(state, action, player, random.Random(seed + i), deep=False)
                   for i, action in enumerate(legal)]
        ranked = sorted(((value, i) for i, value in enumerate(shallow)), reverse=True)
        deep_scores: dict[int, float] = {}
        for _, i in ranked[: self.deep]:
            if self.time_cap is not None and deep_scores and \
                    time.perf_counter() - start > self.time_cap:
                break
            deep_scores[i] = self._deep_value(state, legal, i, seed)
        for i in also:
            if i not in deep_scores:
                deep_scores[i] = self._deep_value(state, legal, i, seed)
        return shallow, deep_scores

    def _deep_value(self, state: GameState, legal: Sequence[Action], i: int, seed: int
                    ) -> float:
        player = state.current
        return sum(self._turn_value(state, legal[i], player,
                                    random.Random(seed + 1000 * (k + 1) + i), deep=True)
                   for k in range(self.samples)) / self.samples

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if state.phase != ACQUIRE:
            return self.greedy.choose(state, legal, rng)
        shallow, deep_scores = self.turn_values(state, legal, rng.getrandbits(64))
        if not deep_scores:
            return legal[max(range(len(legal)), key=lambda i: (shallow[i], i))]
        return legal[max(deep_scores, key=lambda i: (deep_scores[i], -i))]


class ExpertBot(HardBot):
    """``expert``: ``hard``'s search, wider and steadier, on weights tuned by self-play
    (``EXPERT``): the best sixteen card choices of the first look are played two turns further
    on twelve guessed decks each (``hard``: five, on one). Deterministic for a seed (without a
    time cap), so simulations replay.

    Chosen by seat-rotated matches against ``hard`` (2 players, tuned weights): ten choices on
    six decks won 60% of 114 games, sixteen on twelve 70% of 64; also tried and left: a whole
    turn played out for every step of a turn (52% of 21), three turns further (55-63%)."""

    name = "expert"
    DEEP, SAMPLES, HORIZON = 16, 12, 2

    def __init__(self, time_cap: float | None = None, deep: int | None = None) -> None:
        super().__init__(deep=self.DEEP if deep is None else deep, samples=self.SAMPLES,
                         horizon=self.HORIZON, time_cap=time_cap, weights=EXPERT)
