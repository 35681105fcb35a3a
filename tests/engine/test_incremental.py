"""The differential check of the kept cities (issue 28): whole random and bot games, and random
action sequences over every pack, with every kept value compared against one worked out from
scratch; and the check itself catches a one-off error planted in the incremental code."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smqt.ai.protocol import make_bot
from smqt.engine import city as city_module
from smqt.engine import incremental
from smqt.engine import tally as tally_module
from smqt.engine.catalog import Catalog
from smqt.engine.incremental import IncrementalMismatch
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.setup import new_game
from smqt.engine.tally import totals
from smqt.pack.load import load_pack
from tests.support import BASE, LAB

VARIANTS = sorted((BASE.parent / "variants").iterdir())
PACKS = [BASE, LAB, *VARIANTS]


@cache
def pack(folder: Path) -> Catalog:
    return load_pack(folder)


def random_game(catalog: Catalog, players: int, seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(catalog, players, seed)
    while not state.is_over:
        apply_legal(state, chooser.choice(legal_actions(state)))


def test_the_packs_checked_are_the_shipped_variants_too():
    assert {p.name for p in VARIANTS} >= {"boardwalk-swap", "house-rule-trial", "short-game"}


@pytest.mark.slow
def test_kept_cities_equal_scratch_after_every_action_of_1000_random_games():
    before = incremental.checks_made()
    with incremental.checking():
        for i in range(1000):
            random_game(pack(PACKS[i % len(PACKS)]), 2 + i % 3, 9000 + i)
    assert incremental.checks_made() - before > 50_000  # every action of every game


@pytest.mark.slow
def test_kept_cities_equal_scratch_after_every_action_of_100_bot_games():
    """Bots look ahead on copies of the state that share its kept cities: every action on
    every copy is checked too."""
    levels = ["medium", "easy", "medium", "random"]
    before = incremental.checks_made()
    with incremental.checking():
        for i in range(100):
            catalog = pack(PACKS[i % len(PACKS)])
            players = 2 + i % 3
            state = new_game(catalog, players, 7000 + i)
            bots = [make_bot(levels[(i + k) % len(levels)]) for k in range(players)]
            chooser = random.Random(i)
            while not state.is_over:
                legal = legal_actions(state)
                apply_legal(state, bots[state.current].choose(state, legal, chooser))
    assert incremental.checks_made() - before > 50_000


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(folder=st.sampled_from(PACKS), players=st.integers(2, 4),
       seed=st.integers(0, 2**63 - 1), picks=st.lists(st.integers(0, 10**6), max_size=400),
       looks=st.lists(st.booleans(), min_size=1, max_size=400))
def test_kept_cities_equal_scratch_over_random_action_sequences(folder, players, seed, picks,
                                                                 looks):
    """Looked at now and then (not after every action), so a kept city is brought up to date
    over several cards at once, from copies, and from nothing."""
    state = new_game(pack(folder), players, seed)
    copies = [state]
    for step, pick in enumerate(picks):
        if state.is_over:
            break
        legal = legal_actions(state)
        apply_legal(state, legal[pick % len(legal)])
        if looks[step % len(looks)]:
            incremental.check(state)
        if pick % 7 == 0:  # go on from a copy (its kept cities shared) now and then
            state = state.copy()
            copies.append(state)
    for seen in copies:
        incremental.check(seen)


def _off_by_one_chain(monkeypatch):
    """A chain that grew by the new card forgets that card (one card short)."""
    real = city_module._merged

    def merged(chains, bit, feature, stride):
        found = real(chains, bit, feature, stride)
        for tag, parts in found.items():
            if parts != chains.get(tag):  # a chain of this tag grew
                found = dict(found)
                found[tag] = tuple(part & ~bit if part & bit and part != bit else part
                                   for part in parts)
                break
        return found

    monkeypatch.setattr(city_module, "_merged", merged)


def _forgotten_neighbour(monkeypatch):
    """The new card is left out of the filled spaces: its neighbours no longer see it."""
    real = city_module.City.extended

    def extended(self, space, feature):
        made = real(self, space, feature)
        made.filled &= ~made.bit(space)
        return made

    monkeypatch.setattr(city_module.City, "extended", extended)


def _stale_entry(monkeypatch):
    real = tally_module._cards_from

    def cards_from(parent, city, player):
        cards = list(real(parent, city, player))
        before = {(space, i): points for space, _f, i, points in parent.cards}
        for k, (space, feature, i, points) in enumerate(cards):
            old = before.get((space, i), points)
            if old != points:  # an entry the new card changed: left as it was
                cards[k] = (space, feature, i, old)
                break
        return tuple(cards)

    monkeypatch.setattr(tally_module, "_cards_from", cards_from)


def _stale_objective(monkeypatch):
    """A chain objective kept as it was even when the added card has one of its tags."""
    monkeypatch.setattr(tally_module, "_objectives_from",
                        lambda parent, static, city: parent.objectives)


@pytest.mark.parametrize("corrupt", [_off_by_one_chain, _forgotten_neighbour, _stale_entry,
                                     _stale_objective])
def test_the_check_catches_a_one_off_error(monkeypatch, corrupt):
    corrupt(monkeypatch)
    with incremental.checking(), pytest.raises(IncrementalMismatch) as caught:
        for i in range(50):
            random_game(pack(BASE), 2, 100 + i)
    assert "differs from scratch" in str(caught.value)


def test_without_the_check_the_corruption_would_change_scores(monkeypatch):
    """The planted error is one a game would feel: the totals move."""
    _off_by_one_chain(monkeypatch)
    moved = 0
    for i in range(30):
        chooser = random.Random(i)
        state = new_game(pack(BASE), 2, 300 + i)
        while not state.is_over:
            apply_legal(state, chooser.choice(legal_actions(state)))
            totals(state)  # looked at after every action, as a bot would
        kept = totals(state)
        fresh = state.copy()
        for player in fresh.players:
            player.made = None
        with city_module.from_scratch():
            moved += kept != totals(fresh)
    assert moved


def test_every_kind_of_entry_says_what_it_reads():
    """A kind missing from ``READS`` would be worked out again every time (safe, but slow):
    a new kind of scoring entry says what it reads."""
    from smqt.engine import entryrules

    assert set(entryrules.READS) == set(entryrules._RULES)
