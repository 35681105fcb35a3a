"""The bot protocol and the registry of bot levels.

A bot sees the game state as a player would (never the hidden deck order), the legal actions
and a seeded random generator; the same inputs always give the same choice, so simulations
replay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from smqt.engine.actions import Action
from smqt.engine.state import GameState
from smqt.language.translate import N_, _


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal`` for ``state.current``."""
        ...


BOT_LEVELS = ("random", "easy", "medium", "hard", "expert")

LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "expert": N_("expert"), "random": N_("random")}
"""An AI level in words (a seat's default name, a failed AI's message)."""

LEVEL_SENTENCES = {
    "random": N_("plays any allowed move, at random (for testing); answers at once"),
    "easy": N_("takes the points a move scores now, and often plays at random; answers at "
               "once"),
    "medium": N_("thinks one move ahead: the points now and what the city promises; answers "
                 "at once"),
    "hard": N_("plays each card it could take to the end of its turn, and the best five two "
               "turns further; thinks up to about a second and a half on a card"),
    "expert": N_("plays its best sixteen card choices two turns further on twelve guessed decks "
                 "each, with weights tuned by self-play; thinks about a second on a card, at "
                 "most three"),
}
"""What each level does, in a sentence, and how long it thinks (the new-game dialog)."""


def level_sentence(level: str) -> str:
    """``medium: thinks one move ahead…``."""
    return f"{level_words(level)}: {_(LEVEL_SENTENCES[level])}" if level in LEVEL_SENTENCES \
        else level_words(level)


def level_words(level: str) -> str:
    """An AI level in words; a bot spec the registry does not know by its key (``hard:2``),
    as it is."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def make_bot(spec: str) -> Bot:
    """A bot from its name: ``random``, ``easy``, ``medium``, ``hard``, ``expert``, or
    ``hard:SECONDS`` / ``expert:SECONDS`` (a wall-clock cap for interactive play)."""
    name, _colon, arg = spec.partition(":")
    if name == "random":
        from smqt.ai.randombot import RandomBot

        return RandomBot()
    if name == "easy":
        from smqt.ai.greedy import EasyBot

        return EasyBot()
    if name == "medium":
        from smqt.ai.greedy import MediumBot

        return MediumBot()
    if name == "hard":
        from smqt.ai.search import HardBot

        return HardBot(time_cap=float(arg)) if arg else HardBot()
    if name == "expert":
        from smqt.ai.search import ExpertBot

        return ExpertBot(time_cap=float(arg)) if arg else ExpertBot()
    raise ValueError(_("unknown bot {bot} (expected one of {levels})").format(
        bot=repr(spec), levels=", ".join(BOT_LEVELS)))
