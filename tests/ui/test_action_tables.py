"""Each action kind's entries in the table's layer work for every legal action (issue 41):
the log's sentence (``logtext.ACTION_WORDS``) and where the coach's hint marks it on the
display and in the city (``hintmarks.DISPLAY_PLACE``, ``CITY_PLACE``) describe and place every
legal action of seeded games. That every kind has its entry in every table is
``tests/test_kind_tables.py``."""

from __future__ import annotations

import random

from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.setup import new_game
from smqt.ui.game.logtext import describe_action
from smqt.ui.table.hintmarks import CITY_PLACE, DISPLAY_PLACE
from tests.support import base


def test_every_action_of_a_game_reads_as_a_sentence_with_the_players_name():
    seen = set()
    for seed in range(6):
        chooser = random.Random(seed)
        state = new_game(base(), 2 + seed % 3, seed)
        while not state.is_over:
            legal = legal_actions(state)
            for action in legal[:8]:
                words = describe_action(state, action, "Ann")
                assert words.startswith("Ann") and "{" not in words, words
                spaces, walk = CITY_PLACE[type(action)](state, state.current, action)
                assert set(spaces) <= set(walk) | set(state.players[state.current].city) | \
                    {getattr(action, "space", None)}, (action, spaces)
                DISPLAY_PLACE[type(action)](action)
                seen.add(type(action))
            apply_legal(state, chooser.choice(legal))
    assert len(seen) >= 9, sorted(kind.__name__ for kind in seen)
