"""One player's score sheet alone (for the bots, issue 15) is the same sheet ``score_game``
gives, on every objective tile, mid-game and at the end (R10, R11)."""

from __future__ import annotations

from smqt.engine.scoring import score_game, score_player
from tests.support import base, random_game_states


def test_one_sheet_equals_that_players_sheet_of_the_whole_game():
    catalog = base()
    compared = set()
    for objective, state in random_game_states(catalog, range(24), every=9):
        whole = score_game(state)
        for index in range(state.num_players):
            alone = score_player(state, index)
            assert alone.lines == whole.sheets[index].lines
            assert (alone.total, alone.unplaced, alone.rings) == \
                (whole.sheets[index].total, whole.sheets[index].unplaced,
                 whole.sheets[index].rings)
        compared.add(objective)
    assert compared == set(catalog.objective_tiles)
