"""AI players: one small protocol (``choose(state, legal, rng) -> action``) and its bots."""

from smqt.ai.protocol import BOT_LEVELS, Bot, make_bot

__all__ = ["BOT_LEVELS", "Bot", "make_bot"]
