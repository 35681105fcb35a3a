"""Greedy players: each decision takes the action whose result evaluates best.

``medium`` looks one decision ahead with the full evaluation (score plus potential) and values
a sand dollar action by the best card it lets the player take; ``easy`` looks at the score
alone and plays a random legal action a third of the time. Both use the engine's exact
optimiser for the final movement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from smqt.ai.evaluation import MEDIUM, SCORE_ONLY, Weights, evaluate
from smqt.engine.actions import Action, Buy, FinalDone, PlaceTruck
from smqt.engine.city import keep_cities
from smqt.engine.finalmove import best_final_movement
from smqt.engine.rules import apply_legal, legal_actions, placements
from smqt.engine.state import ACQUIRE, FINAL, GameState


def final_move_choice(state: GameState, legal: Sequence[Action]) -> Action:
    """The next move of the optimal final movement (R9.3), or done."""
    plan = best_final_movement(state, state.current)
    for move in plan.moves:
        if move in legal:
            return move
    return FinalDone()


class GreedyBot:
    """Best evaluated action, ties broken by the seeded generator."""

    name = "greedy"

    def __init__(self, weights: Weights = MEDIUM, randomness: float = 0.0,
                 look_into_buys: bool = True) -> None:
        self.weights = weights
        self.randomness = randomness
        self.look_into_buys = look_into_buys

    def value(self, state: GameState, action: Action, player: int) -> float:
        after = state.copy()
        apply_legal(after, action)
        if isinstance(action, Buy) and self.look_into_buys:
            options = legal_actions(after)
            if not options:
                return float("-inf")
            return max(self.value(after, option, player) for option in options)
        return evaluate(after, player, self.weights)

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if state.phase == FINAL:  # never a random final move: none is made for nothing
            return final_move_choice(state, legal)
        if self.randomness and rng.random() < self.randomness:
            return legal[rng.randrange(len(legal))]
        if isinstance(legal[0], PlaceTruck):
            return self._truck_column(state, legal)
        keep_cities(state)  # each candidate's copy makes its city from the kept one
        player = state.current
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = self.value(state, action, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


    def _truck_column(self, state: GameState, legal: Sequence[Action]
                      ) -> Action:
        """R2.7: put the food truck where the start player, who picks first, gains least from
        the two rewarded columns (truck and foodie)."""
        columns = state.rules.display_columns
        first = state.start_player
        probe = state.copy()
        probe.phase, probe.current = ACQUIRE, first
        base = evaluate(probe, first, self.weights)
        gain: dict[int, float] = {}
        for column, card in enumerate(state.front):
            if card is None:
                gain[column] = 0.0
                continue
            spaces = placements(probe, probe.players[first], card)
            best = base
            for space in spaces:
                after = probe.copy()
                after.players[first].city[space] = card
                best = max(best, evaluate(after, first, self.weights))
            gain[column] = best - base
        offset = state.rules.foodie_offset

        def exposure(action: Action) -> tuple[float, int]:
            assert isinstance(action, PlaceTruck)
            t = action.column
            return (max(gain.get(t, 0.0), gain.get((t + offset) % columns, 0.0)), t)

        return min(legal, key=exposure)


class MediumBot(GreedyBot):
    name = "medium"

    def __init__(self) -> None:
        super().__init__(MEDIUM)


class EasyBot(GreedyBot):
    name = "easy"

    def __init__(self) -> None:
        super().__init__(SCORE_ONLY, randomness=0.35, look_into_buys=False)
