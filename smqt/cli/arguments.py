"""Argument types the commands share: a seed and an opening, each refused with a message that
says the allowed form."""

from __future__ import annotations

import argparse


def seed(text: str) -> int:
    """A game's seed (one range for every command: ``smqt.engine.rng``)."""
    from smqt.engine.rng import parse_seed

    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def opening(text: str) -> tuple[str, ...]:
    """Feature card ids, comma-separated, ``_`` for a slot left to the deal."""
    from smqt.engine.setup import parse_opening

    return parse_opening(text)
