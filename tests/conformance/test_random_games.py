"""Conformance: seeded random games over 2, 3 and 4 players, checked after every action.

After each action: a copy of the state and a replay of the record reach the same state;
people and footprints are conserved between cities and supply; sand dollars never go
negative; no space holds two footprints; every placed card obeys R4; actions that
``legal_actions`` does not list are refused and leave the state unchanged. A finished game
has no legal action left, and its saved record replays to the identical state.
"""

from __future__ import annotations

import random

import pytest

from smqt.engine.actions import (
    BACK,
    FRONT,
    Buy,
    EndTurn,
    FinalDone,
    MovePerson,
    NoSwap,
    Take,
    parse_action,
)
from smqt.engine.features import features
from smqt.engine.game import Game, replay
from smqt.engine.geometry import BEACH, TILE_LOWER
from smqt.engine.rules import IllegalActionError, apply, legal_actions
from smqt.engine.state import GameState
from smqt.records.record import parse_record, record_text
from tests.support import base

GAMES = 1002
CHUNK = 34
KINDS = ("local", "tourist", "vip")


def check_invariants(state: GameState, initial_supply: dict[str, int]) -> None:
    feats = features(state.catalog)
    for kind in KINDS:
        in_cities = sum(1 for p in state.players for k, _ in p.people.values() if k == kind)
        assert in_cities + state.supply[kind] == initial_supply[kind], kind
    footprints = sum(len(p.footprints) for p in state.players)
    assert footprints + state.supply["footprint"] == initial_supply["footprint"]
    for player in state.players:
        assert player.sand_dollars >= 0
        # A footprint is a set member, so a space holds at most one; it lies on a filled space.
        assert player.footprints <= set(player.city)
        for _, space in player.people.values():
            assert space in player.city
        check_city_r4(player.city, feats)


def check_city_r4(city: dict, feats: dict) -> None:
    """R4.1 rows, R4.2 connected through shared sides, R4.4 nothing left of the beach end."""
    if not city:
        return
    for space, fid in city.items():
        if feats[fid].is_card:
            assert feats[fid].row == space[0], (space, fid)
            assert space[1] != 0
    reached = {TILE_LOWER}
    stack = [TILE_LOWER]
    while stack:
        r, c = stack.pop()
        for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
            if n in city and n not in reached:
                reached.add(n)
                stack.append(n)
    assert reached == set(city)
    for space, fid in city.items():
        if feats[fid].leftmost_beach:
            assert all(s[1] > space[1] for s in city if s[0] == BEACH and s != space)


def illegal_candidates(state: GameState, legal: set, chooser: random.Random) -> list:
    """Plausible actions that are not legal now."""
    player = state.players[state.current]
    candidates = [EndTurn(), FinalDone(), NoSwap(), Buy("no_such_action")]
    candidates += [Buy(a) for a in state.sand_dollar_actions]
    column = chooser.randrange(state.rules.display_columns)
    for row in (FRONT, BACK):
        candidates.append(Take((row, column), (chooser.randrange(2), chooser.randint(-9, 9))))
    if player.people:
        pid = chooser.choice(sorted(player.people))
        candidates.append(MovePerson(0, pid, ((chooser.randrange(2), chooser.randint(-9, 9)),)))
    candidates.append(MovePerson(0, 10_000, (TILE_LOWER,)))
    return [a for a in candidates if a not in legal]


def play_checked(seed: int) -> None:
    catalog = base()
    players = 2 + seed % 3
    chooser = random.Random(seed)
    game = Game.new(catalog, players, seed)
    state = game.state
    replica = Game(catalog, game.setup)
    initial_supply = dict(state.supply)
    steps = 0
    while not state.is_over:
        legal = legal_actions(state)
        assert legal, f"seed {seed}: no legal action in phase {state.phase}"
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "legal actions are listed once each"
        for bad in illegal_candidates(state, legal_set, chooser):
            before = state.copy()
            with pytest.raises(IllegalActionError):
                apply(state, bad)
            assert state == before, f"refused {bad} changed the state"
        action = chooser.choice(legal)
        assert parse_action(str(action)) == action
        before = state.copy()
        assert before == state
        game.play(action)
        apply(before, action)
        assert before == state, f"seed {seed}: a copy diverged after {action}"
        replica.play(parse_action(game.record.actions[-1]))
        assert replica.state == state, f"seed {seed}: the replay diverged after {action}"
        check_invariants(state, initial_supply)
        steps += 1
        assert steps < 5000, f"seed {seed}: the game does not end"
    assert legal_actions(state) == ()
    record = parse_record(record_text(game.record))
    assert record == game.record
    assert replay(record, catalog).state == state


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_conform(chunk: int) -> None:
    """R2.8, R4, R1.2 and the engine's invariants over 1,002 seeded games (2, 3, 4 players)."""
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(seed)
