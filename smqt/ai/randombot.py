"""The baseline: uniform over the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from smqt.engine.actions import Action
from smqt.engine.state import GameState


class RandomBot:
    name = "random"

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
