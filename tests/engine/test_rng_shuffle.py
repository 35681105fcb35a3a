"""The shuffle gives exactly the draws of ``below`` one at a time (R2.8): every seed, list
length and the rare rejected draw alike."""

from __future__ import annotations

import random

from smqt.engine import rng

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _one_at_a_time(state: int, items: list[int]) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def _unshift(value: int, shift: int) -> int:
    """The inverse of ``x ^ (x >> shift)`` on 64 bits."""
    result = value
    for _ in range(64 // shift + 1):
        result = value ^ (result >> shift)
    return result


def _state_before(value: int) -> int:
    """The generator state whose next draw is ``value`` (SplitMix64 inverted)."""
    z = _unshift(value, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    z = _unshift(z, 30)
    return (z - _GOLDEN) & _MASK


def _check(state: int, length: int) -> None:
    expected, got = list(range(length)), list(range(length))
    assert rng.shuffle(state, got) == _one_at_a_time(state, expected)
    assert got == expected


def test_inverse_gives_the_wanted_draw() -> None:
    for value in (0, 1, _MASK, _MASK - 5, 123456789):
        assert rng.next_u64(_state_before(value))[1] == value


def test_shuffle_same_as_one_draw_at_a_time() -> None:
    chooser = random.Random(7)
    seeds = [*range(300), *(chooser.getrandbits(64) for _ in range(300)), _MASK]
    for seed in seeds:
        for length in (0, 1, 2, 3, 15, 16, 17, 78, 130):
            _check(rng.seed_state(seed), length)


def test_shuffle_with_rejected_or_near_limit_draws() -> None:
    """Draws within a few of 2**64: some are rejected by ``below``, some only come close."""
    for length in (5, 16, 40, 78):
        for draw in range(1, 2 * length):
            for top in (_MASK, _MASK - 3, _MASK - length, _MASK - length - 1):
                start = _state_before(top)  # the first draw is ``top``
                _check(start, length)
                # or a later draw: step the state back ``draw`` times
                _check((start - draw * _GOLDEN) & _MASK, length)
