"""Every game stays the same (issue 15): 200 seeded games of random, easy, medium and hard
bots, 2-4 players, replayed and scored; the digest of each record and score sheet must equal
the one stored before the engine and the bots were optimised (``tests/engine/gamedigest.py``
says how to regenerate it after a deliberate rules change)."""

from __future__ import annotations

import json

import pytest

from tests.engine.gamedigest import GAMES, STORED, changed, digests

pytestmark = pytest.mark.slow


def test_two_hundred_seeded_games_are_unchanged():
    stored = json.loads(STORED.read_text(encoding="utf-8"))
    assert len(GAMES) >= 200 and set(stored) == {name for name, _, _ in GAMES}
    kinds = {level for _, bots, _ in GAMES for level in bots}
    assert kinds == {"random", "easy", "medium", "hard"}
    assert {len(bots) for _, bots, _ in GAMES} == {2, 3, 4}
    different = changed(digests(jobs=2), stored)
    assert not different, f"{len(different)} games changed: {', '.join(different)}"


def test_the_digest_sees_a_changed_game():
    """One action less, or another seed, is another digest (the test can fail)."""
    from smqt.pack.load import load_pack
    from smqt.pack.shipped import default_pack
    from tests.engine.gamedigest import digest, play

    catalog = load_pack(default_pack())
    game = play(catalog, ("random", "random"), 1)
    again = play(catalog, ("random", "random"), 1)
    assert digest(game) == digest(again)
    assert digest(play(catalog, ("random", "random"), 2)) != digest(game)
