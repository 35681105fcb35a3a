"""The game's seeded random generator, kept as one integer in the game state (R2.8).

SplitMix64: tiny, fast, identical on every platform and Python version, and its whole state is
one int, so copying a game state copies its randomness for free.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, MutableSequence
from typing import TypeVar

from smqt.language.translate import _

_MASK = (1 << 64) - 1
T = TypeVar("T")

SEED_LIMIT = 2**63 - 1
"""The largest seed a person may give (the table, ``smqt play``, ``smqt sim``, a record): a
game record keeps it as a TOML integer (64-bit, signed). The smallest is 0."""
SEED_RANGE = f"0 to {SEED_LIMIT}"
"""The range in words, for help texts and refusals."""


def seed_problem(value: object) -> str | None:
    """Why ``value`` is not a seed (one sentence), or None when it is one."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= SEED_LIMIT:
        shown = str(value) if len(str(value)) <= 40 else str(value)[:40] + "…"
        return _("the seed must be a whole number from 0 to {limit}, not {value}").format(
            limit=SEED_LIMIT, value=shown)
    return None


def parse_seed(text: str) -> int:
    """A seed as a person types it (``1_000`` too); raises ValueError with the sentence."""
    try:
        seed = int(text.strip().replace("_", ""))
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise ValueError(_("the seed must be a whole number from 0 to {limit}, not {value}")
                         .format(limit=SEED_LIMIT, value=repr(shown))) from None
    problem = seed_problem(seed)
    if problem:
        raise ValueError(problem)
    return seed


def game_seed(first: int, number: int) -> int:
    """The seed of the ``number``-th game of a run that starts at ``first``: ``first +
    number``, wrapping past ``SEED_LIMIT`` to 0, so every run's seeds stay seeds."""
    return (first + number) % (SEED_LIMIT + 1)


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int, reduced to 64 bits)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)`` with a uniformly random 64-bit value."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with ``k`` uniform in ``range(n)`` (rejection sampling)."""
    if n <= 0:
        raise ValueError("n must be positive")  # not translated: a programming error
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


_GOLDEN = 0x9E3779B97F4A7C15


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Fisher-Yates shuffle in place; returns the new generator state.

    ``below`` of each ``i + 1`` from the top down, with ``next_u64`` inlined: the very same
    draws and permutation, a deck's worth at a time."""
    mask = _MASK
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + _GOLDEN) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state


def key(state: int, stream: str, name: str) -> int:
    """A uniformly random 64-bit key for ``name`` (a card id, say) drawn from the generator
    ``state`` without advancing it (a BLAKE2b hash of the three, the same on every platform):
    the same seed, stream and name always give the same key, and a name's key does not
    depend on which other names exist."""
    text = f"{state}\0{stream}\0{name}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


def keyed_order(state: int, stream: str, names: Iterable[str]) -> list[str]:
    """``names`` in the order of their keys (``key``), ties by name: a shuffle in which adding
    or removing one name keeps every other name's relative order, so two packs that differ by
    a card deal their common cards in the same relative order (paired comparisons)."""
    prefix = hashlib.blake2b(f"{state}\0{stream}\0".encode(), digest_size=8)
    keys: dict[str, tuple[int, str]] = {}
    for name in names:  # ``key`` for each, the common start of the text hashed once
        hashed = prefix.copy()
        hashed.update(name.encode())
        keys[name] = (int.from_bytes(hashed.digest(), "little"), name)
    return sorted(keys, key=keys.__getitem__)
