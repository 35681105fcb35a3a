"""The city made of bits answers as the dict city did (issue 40): the reference city
(``dictcity``) is the oracle. After every card placed in random and bot games on every
shipped pack, each city's answers (what is beside each card, the copies of each tag, the
chains, the rings and symbols beside it, the paired run) are compared, from scratch and as the
game keeps them; at the end of every turn the totals, and at the end of every game (and of
random action sequences) every explained score line, are compared with scoring run on the
oracle. A planted one-off error in each family of questions is caught."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smqt.ai.protocol import make_bot
from smqt.engine import city as city_module
from smqt.engine.catalog import Catalog
from smqt.engine.city import City, city_of
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.scoring import score_game
from smqt.engine.setup import new_game
from smqt.engine.state import GameState
from smqt.engine.tally import totals
from smqt.pack.load import load_pack
from tests.engine.dictcity import DictCity, answers, first_difference, oracle_scoring
from tests.support import BASE, LAB

VARIANTS = sorted((BASE.parent / "variants").iterdir())
PACKS = [BASE, LAB, *VARIANTS]


class OracleMismatch(AssertionError):
    pass


@cache
def pack(folder: Path) -> Catalog:
    return load_pack(folder)


def check_cities(state: GameState, players: range | list[int]) -> None:
    """Each city's answers, made from scratch and as kept, against the oracle's."""
    for index in players:
        player = state.players[index]
        expected = answers(DictCity(state.catalog, player))
        for made, how in ((City(state.catalog, player), "from scratch"),
                          (city_of(state.catalog, player), "as kept")):
            difference = first_difference(expected, answers(made))
            if difference is not None:
                raise OracleMismatch(f"player {index + 1}'s city {how}, turn {state.turn}: "
                                     f"{difference}")


def check_totals(state: GameState) -> None:
    bits = totals(state)
    with oracle_scoring():
        oracle = totals(state)
    if bits != oracle:
        raise OracleMismatch(f"totals {bits} against the oracle's {oracle} (turn {state.turn})")


def check_sheets(state: GameState) -> None:
    """Every explained score line, and the winners, against scoring run on the oracle."""
    bits = score_game(state)
    with oracle_scoring():
        oracle = score_game(state)
    for mine, theirs in zip(bits.sheets, oracle.sheets, strict=True):
        if mine.lines != theirs.lines or mine.rings != theirs.rings or \
                mine.unplaced != theirs.unplaced:
            lines = [(a, b) for a, b in zip(mine.lines, theirs.lines, strict=False) if a != b]
            raise OracleMismatch(f"player {mine.player + 1}'s sheet (turn {state.turn}): "
                                 f"{lines[:1] or 'the number of lines'}")
        if mine.longest_chain != theirs.longest_chain:
            raise OracleMismatch(f"player {mine.player + 1}'s longest chain")
    if (bits.winners, bits.decided_by) != (oracle.winners, oracle.decided_by):
        raise OracleMismatch("the winners")


def play_checked(state: GameState, choose) -> int:  # type: ignore[no-untyped-def]
    """Play to the end, checking the cities at every card placed and the totals at the end
    of every turn, the sheets at the end; the number of checks."""
    checks = 0
    sizes = [len(p.city) for p in state.players]
    while not state.is_over:
        turn = (state.turn, state.current)
        apply_legal(state, choose(state, legal_actions(state)))
        grown = [i for i, p in enumerate(state.players) if len(p.city) != sizes[i]]
        if grown:
            check_cities(state, grown)
            sizes = [len(p.city) for p in state.players]
            checks += 1
        if (state.turn, state.current) != turn:
            check_totals(state)
            checks += 1
    check_cities(state, range(len(state.players)))
    check_sheets(state)
    return checks + 2


@pytest.mark.slow
def test_the_bits_answer_as_the_oracle_over_1000_random_games():
    checks = 0
    for i in range(1000):
        chooser = random.Random(i)
        state = new_game(pack(PACKS[i % len(PACKS)]), 2 + i % 3, 5000 + i)
        checks += play_checked(state, lambda s, legal, c=chooser: c.choice(legal))
    assert checks > 50_000


@pytest.mark.slow
def test_the_bits_answer_as_the_oracle_over_100_bot_games():
    levels = ["medium", "easy", "medium", "random"]
    checks = 0
    for i in range(100):
        players = 2 + i % 3
        state = new_game(pack(PACKS[i % len(PACKS)]), players, 6000 + i)
        bots = [make_bot(levels[(i + k) % len(levels)]) for k in range(players)]
        chooser = random.Random(i)
        checks += play_checked(state, lambda s, legal, c=chooser, b=bots:
                               b[s.current].choose(s, legal, c))
    assert checks > 5_000


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(folder=st.sampled_from(PACKS), players=st.integers(2, 4),
       seed=st.integers(0, 2**63 - 1), picks=st.lists(st.integers(0, 10**6), max_size=300))
def test_the_bits_answer_as_the_oracle_over_random_action_sequences(folder, players, seed, picks):
    """Every pack and variant, every action checked: the cities, the totals and the sheets."""
    state = new_game(pack(folder), players, seed)
    for pick in picks:
        if state.is_over:
            break
        legal = legal_actions(state)
        apply_legal(state, legal[pick % len(legal)])
        check_cities(state, range(players))
        check_totals(state)
    check_sheets(state)


def test_a_city_wider_than_the_usual_room_answers_as_the_oracle():
    """A city whose columns run past the usual layout's room (a house rule with many cards
    to end, all in one row) gets a layout of its own, from scratch and as kept."""
    catalog = pack(BASE)
    state = new_game(catalog, 2, 11)
    player = state.players[0]
    streets = [cid for cid, card in catalog.cards.items() if card.row.value == "street"]
    player.city = {(0, 0): "^", (1, 0): f"@{next(iter(catalog.starting_tiles))}"}
    kept = city_of(catalog, player)
    for k in range(1, 45):
        player.city[(1, k if k % 2 else -k)] = streets[k % len(streets)]
        kept = city_of(catalog, player)
    assert kept.stride > city_module.STRIDE
    expected = answers(DictCity(catalog, player))
    assert first_difference(expected, answers(kept)) is None
    assert first_difference(expected, answers(City(catalog, player))) is None


# ---------------------------------------------------------------- planted errors


def _adjacency(monkeypatch):
    real = City.adjacent_copies
    monkeypatch.setattr(City, "adjacent_copies",
                        lambda self, space, tag: real(self, space, tag) + (space == (1, 1)))


def _presence(monkeypatch):
    real = City.adjacent_has
    monkeypatch.setattr(City, "adjacent_has",
                        lambda self, space, tag: real(self, space, tag) or (space == (0, -1)))


def _copies(monkeypatch):
    real = City.copies
    monkeypatch.setattr(City, "copies", lambda self, spaces, tag: real(self, spaces, tag) +
                        (tag == 0 and spaces.bit_count() > 6))


def _chains(monkeypatch):
    real = city_module._components

    def components(spaces, stride):
        found = real(spaces, stride)
        return found[:-1] if len(found) > 2 else found  # the last chain lost

    monkeypatch.setattr(city_module, "_components", components)


def _rings(monkeypatch):
    real = City.adjacent_ring
    monkeypatch.setattr(City, "adjacent_ring", lambda self, space: real(self, space) or
                        space[1] == 2)


def _symbols(monkeypatch):
    real = City.adjacent_gives
    monkeypatch.setattr(City, "adjacent_gives", lambda self, space, symbol: real(
        self, space, symbol) and symbol != "people")


def _paired_run(monkeypatch):
    real = City.paired_run
    monkeypatch.setattr(City, "paired_run", lambda self: max(1, real(self) - 1))


@pytest.mark.parametrize("plant", [_adjacency, _presence, _copies, _chains, _rings, _symbols,
                                   _paired_run])
def test_a_planted_one_off_error_in_each_family_is_caught(monkeypatch, plant):
    plant(monkeypatch)
    city_module.forget()
    with pytest.raises(OracleMismatch):
        for i in range(40):
            chooser = random.Random(i)
            state = new_game(pack(BASE), 2, 100 + i)
            play_checked(state, lambda s, legal, c=chooser: c.choice(legal))
    city_module.forget()
