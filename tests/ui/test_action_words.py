"""Each action kind has its sentence in one table (issue 41): ``logtext.ACTION_WORDS`` holds
one for every kind the engine's ``Action`` names, and every legal action of seeded games is
described by its kind's entry."""

from __future__ import annotations

import random
import typing

from smqt.engine.actions import Action
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.setup import new_game
from smqt.ui.game.logtext import ACTION_WORDS, describe_action
from tests.support import base


def test_every_kind_of_action_has_its_words():
    kinds = set(typing.get_args(Action))
    assert kinds and kinds == set(ACTION_WORDS)


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
                seen.add(type(action))
            apply_legal(state, chooser.choice(legal))
    assert len(seen) >= 9, sorted(kind.__name__ for kind in seen)
