"""Each action kind has its entry in each table of the table's layer (issue 41): the log's
sentence (``logtext.ACTION_WORDS``) and where the coach's hint marks it on the display and in
the city (``hintmarks.DISPLAY_PLACE``, ``CITY_PLACE``) hold every kind the engine's ``Action``
names; every legal action of seeded games is described and placed by its kind's entries."""

from __future__ import annotations

import random
import typing

import pytest

from smqt.engine.actions import Action
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.setup import new_game
from smqt.ui.game.interaction import OFFERS
from smqt.ui.game.logtext import ACTION_WORDS, describe_action
from smqt.ui.table.hintmarks import CITY_PLACE, DISPLAY_PLACE
from tests.support import base


@pytest.mark.parametrize("table", [ACTION_WORDS, DISPLAY_PLACE, CITY_PLACE, OFFERS],
                         ids=["log words", "hint on the display", "hint in the city",
                              "what the table offers"])
def test_every_kind_of_action_is_in_every_table(table):
    kinds = set(typing.get_args(Action))
    assert kinds and kinds == set(table)


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
