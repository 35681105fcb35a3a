"""One player's score sheet alone (for the bots, issue 15) is the same sheet ``score_game``
gives, on every objective tile, mid-game and at the end (R10, R11)."""

from __future__ import annotations

import random

from smqt.engine.rules import apply, legal_actions, new_game
from smqt.engine.scoring import score_game, score_player
from tests.support import base


def test_one_sheet_equals_that_players_sheet_of_the_whole_game():
    catalog = base()
    compared = set()
    for seed in range(24):
        players = 2 + seed % 3
        objective = sorted(catalog.objective_tiles)[seed % len(catalog.objective_tiles)]
        state = new_game(catalog, players, seed, objective=objective)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            apply(state, rng.choice(legal_actions(state)))
            step += 1
            if step % 9 == 0 or state.is_over:
                whole = score_game(state)
                for index in range(players):
                    alone = score_player(state, index)
                    assert alone.lines == whole.sheets[index].lines
                    assert (alone.total, alone.unplaced, alone.rings) == \
                        (whole.sheets[index].total, whole.sheets[index].unplaced,
                         whole.sheets[index].rings)
                compared.add(objective)
    assert compared == set(catalog.objective_tiles)
