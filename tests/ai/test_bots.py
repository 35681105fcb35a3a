"""Bots: legal, reproducible, blind to the deck order, and ordered in strength."""

from __future__ import annotations

import random

import pytest

from smqt.ai.protocol import BOT_LEVELS, make_bot
from smqt.engine.game import Game
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.scoring import score_game
from smqt.engine.setup import new_game
from tests.support import base


def play(bots: list[str], seed: int, players: int = 2) -> Game:
    game = Game.new(base(), players, seed, start_player=0)
    seats = [make_bot(b) for b in bots]
    rngs = [random.Random(seed * 31 + i) for i in range(players)]
    while not game.state.is_over:
        seat = game.state.current
        legal = game.legal_actions()
        action = seats[seat].choose(game.state, legal, rngs[seat])
        assert action in legal
        game.play(action)
    return game


@pytest.mark.slow
@pytest.mark.parametrize("bot", BOT_LEVELS)
def test_every_level_plays_legal_games_and_repeats_them(bot):
    """Bots choose among the legal actions and are deterministic for a given seed."""
    first = play([bot, "random"], seed=5)
    second = play([bot, "random"], seed=5)
    assert first.record == second.record
    assert first.state.is_over


@pytest.mark.parametrize("bot", ["medium", "hard"])
def test_bots_never_read_the_deck_order(bot):
    """The same visible position with the deck in another order gives the same choices."""
    state = new_game(base(), 2, 11, start_player=0)
    chooser = random.Random(3)
    while state.phase != "acquire":
        apply_legal(state, chooser.choice(legal_actions(state)))
    other = state.copy()
    random.Random(99).shuffle(other.deck)
    assert other.deck != state.deck
    player = make_bot(bot)
    assert player.choose(state, legal_actions(state), random.Random(1)) == \
        player.choose(other, legal_actions(other), random.Random(1))


def test_strength_order_on_a_few_games():
    """medium beats random and easy beats random in most of a small sample (the closing note
    has the 400-game figures with intervals)."""
    wins = {"medium": 0, "easy": 0}
    for bot in wins:
        for seed in range(6):
            bots = [bot, "random"] if seed % 2 == 0 else ["random", bot]
            result = score_game(play(bots, seed).state)
            if result.winners == (bots.index(bot),):
                wins[bot] += 1
    assert wins["medium"] >= 5 and wins["easy"] >= 4


def test_hard_with_a_time_cap_still_answers_legally():
    """The table's wall-clock cap (hard:SECONDS) only shortens the deeper look."""
    state = new_game(base(), 2, 4, start_player=0)
    chooser = random.Random(2)
    while state.phase != "acquire":
        apply_legal(state, chooser.choice(legal_actions(state)))
    legal = legal_actions(state)
    assert make_bot("hard:0").choose(state, legal, random.Random(1)) in legal
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
