"""The bots' totals without explanations (issue 15) are the explained sheet's, line for line:
every objective tile, mid-game and at the end, on 2-4 players (R10, R11)."""

from __future__ import annotations

import random

from smqt.engine.rules import apply, legal_actions
from smqt.engine.scoring import CARD, score_game
from smqt.engine.setup import new_game
from smqt.engine.tally import player_tally, totals
from tests.support import base, random_game_states


def test_tallies_equal_the_score_sheets():
    catalog = base()
    compared = set()
    checked = 0
    for objective, state in random_game_states(catalog, range(30), every=5):
        whole = score_game(state)
        assert totals(state) == whole.totals
        for index in range(state.num_players):
            sheet = whole.sheets[index]
            tally = player_tally(state, index)
            assert (tally.total, tally.unplaced, tally.rings) == \
                (sheet.total, sheet.unplaced, sheet.rings)
            cards = [(line.space, line.source, line.entry, line.points)
                     for line in sheet.lines if line.category == CARD]
            assert [(space, feature.id, f"scoring[{i}]", points)
                    for space, feature, i, points in tally.cards] == cards
            checked += 1
        compared.add(objective)
    assert compared == set(catalog.objective_tiles)
    assert checked > 1000


def test_a_tally_follows_the_sand_dollars_held():
    """Entries that count sand dollars (R10.9) are not remembered with the city."""
    catalog = base()
    holders = [card.id for card in catalog.cards.values()
               if any(entry.kind == "sand_dollars" for entry in card.scoring)]
    assert holders, "the base pack has a card scoring sand dollars held"
    state = new_game(catalog, 2, 5)
    rng = random.Random(5)
    while state.phase != "acquire":
        apply(state, rng.choice(legal_actions(state)))
    player = state.players[state.current]
    from smqt.engine.rules import placements

    spaces = placements(state, player, holders[0])
    assert spaces
    player.city[spaces[0]] = holders[0]
    before = player_tally(state, state.current).total
    player.sand_dollars += 12
    after = player_tally(state, state.current).total
    assert after > before
    assert after == score_game(state).sheets[state.current].total
