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


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address, ``tcp://HOST:PORT`` (``HOST:PORT`` will do)."""
    from smqt.sim.run.runner import scheduler_address as normal

    try:
        return normal(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def pack_help(text: str) -> str:
    """A pack argument's help ``text`` with the shipped packs a name may stand for put in
    for ``{names}``."""
    from smqt.pack.shipped import shipped_names

    return text.format(names=", ".join(shipped_names()))
