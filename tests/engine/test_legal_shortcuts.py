"""The quick answers of ``smqt.engine.legal`` and the city shapes behind them
(``smqt.engine.cityshape``) against the plain rules they stand for.

The oracle below is the engine's first, direct reading of R4 placement, R8 look-ahead and R6
walks (one city dict, no memory of anything). Over states from seeded random games and over
hand-made cities: placements, what a sand dollar action can achieve, whether any movement is
left, whether an action is in the legal list, and every walk must agree with it, also after
cities are changed in place.
"""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from smqt.engine import cityshape
from smqt.engine.actionkinds import is_legal
from smqt.engine.actions import (
    BACK,
    FRONT,
    Buy,
    EndTurn,
    FinalDone,
    FinalMove,
    MovePerson,
    NoSwap,
    ReturnPerson,
    Reward,
    Swap,
    Take,
)
from smqt.engine.cityshape import person_paths
from smqt.engine.content import TakeFrom
from smqt.engine.features import TAG_INDEX, features
from smqt.engine.geometry import BEACH
from smqt.engine.legal import achievable, can_acquire, has_final_move, has_move
from smqt.engine.rules import apply_legal, awaiting_end, legal_actions, placements
from smqt.engine.setup import new_game
from smqt.engine.state import ACQUIRE, CHOOSE_TILE, FINAL, MOVE, OVER, GameState
from smqt.pack.load import load_pack
from tests.support import BASE, base

# ---------------------------------------------------------------------------- the oracle


def ref_placements(state, city, card):
    feats = features(state.catalog)
    feature = feats[card]
    row = feature.row
    spaces = set()
    for r, c in city:
        for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
            if n[0] == row and n not in city:
                spaces.add(n)
    if row == BEACH and spaces:
        beach_cols = [c for (r, c) in city if r == BEACH]
        if feature.leftmost_beach:
            leftmost = min(beach_cols)
            spaces = {s for s in spaces if s[1] < leftmost}
        fences = [c for (r, c), fid in city.items() if r == BEACH and feats[fid].leftmost_beach]
        if fences:
            spaces = {s for s in spaces if s[1] > max(fences)}
    return sorted(spaces)


def ref_card(state, slot):
    row = state.front if slot[0] == FRONT else state.back
    return row[slot[1]] if 0 <= slot[1] < len(row) else None


def ref_candidates(state, action):
    rule = action.take
    slots = []
    if rule.source in (TakeFrom.FRONT, TakeFrom.DISPLAY, TakeFrom.COLUMN):
        slots += [(FRONT, c) for c, cid in enumerate(state.front) if cid is not None]
    if rule.source in (TakeFrom.BACK, TakeFrom.DISPLAY, TakeFrom.COLUMN):
        slots += [(BACK, c) for c, cid in enumerate(state.back) if cid is not None]
    if rule.tags_any:
        feats = features(state.catalog)
        wanted = [TAG_INDEX[t] for t in rule.tags_any]
        slots = [s for s in slots if any(feats[ref_card(state, s)].tag_count[i] for i in wanted)]
    if rule.source is TakeFrom.COLUMN:
        if state.take_column is not None:
            slots = [s for s in slots if s[1] == state.take_column]
        else:
            slots = [s for s in slots if (FRONT, s[1]) in slots and (BACK, s[1]) in slots]
    return slots


def ref_place_all(state, city, cards):
    for i, card in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        for space in ref_placements(state, city, card):
            if not rest or ref_place_all(state, {**city, space: card}, rest):
                return True
    return not cards


def ref_completable(state, city, action, remaining):
    if remaining == 0:
        return True
    candidates = ref_candidates(state, action)
    if action.take.source is TakeFrom.COLUMN and state.take_column is None:
        return any(ref_place_all(state, city, [c for c in (state.front[col], state.back[col]) if c])
                   for col in sorted({c for _, c in candidates}))
    cards = [ref_card(state, s) for s in candidates]
    if remaining == 1:
        return any(ref_placements(state, city, c) for c in cards)
    return any(any(ref_placements(state, {**city, space: card}, other)
                   for j, other in enumerate(cards) if j != i)
               for i, card in enumerate(cards) for space in ref_placements(state, city, card))


def ref_achievable(state, city, action, remaining):
    if action.take.source is TakeFrom.COLUMN:
        return remaining if ref_completable(state, city, action, remaining) else 0
    return next((n for n in range(remaining, 0, -1) if ref_completable(state, city, action, n)), 0)


# ---------------------------------------------------------------------------- states


def playout_states(games: int, seed: int) -> list[GameState]:
    """Every state of seeded random games (2-4 players), buying whenever it can half the time,
    holding the turn (``hold``) now and then so that states with nothing left to move occur
    whatever the checks under test say."""
    catalog = base()
    states = []
    for g in range(games):
        chooser = random.Random(seed * 1000 + g)
        state = new_game(catalog, 2 + g % 3, seed * 1000 + g)
        while True:
            states.append(state.copy())
            if state.is_over:
                break
            legal = legal_actions(state)
            buys = [a for a in legal if isinstance(a, Buy)]
            apply_legal(state, chooser.choice(buys if buys and chooser.random() < 0.5 else legal),
                        hold=chooser.random() < 0.3)
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return playout_states(12, 7)


def other_actions(states: list[GameState], rnd: random.Random) -> list[object]:
    """Actions listed somewhere, and a few that no state lists."""
    pool: list[object] = [a for s in rnd.sample(states, 60) if not s.is_over for a in legal_actions(s)]
    pool += [Take((BACK, 9), (0, -1)), Take((FRONT, 0), (1, 40)), Buy("nope"), MovePerson(7, 1, ((0, 1),)),
             ReturnPerson(-1, 3), FinalMove(999, ((1, 0),)), EndTurn(), FinalDone(), NoSwap(),
             Reward("two_dollars"), Swap((0, 1), (0, 2)), "end", None]
    return pool


# ---------------------------------------------------------------------------- the tests


def test_placements_and_achievable_agree_with_the_plain_rules(states):
    catalog = base()
    rnd = random.Random(1)
    actions = list(catalog.sand_dollar_actions.values())
    for state in rnd.sample(states, 150):
        if state.phase == CHOOSE_TILE:
            continue
        cards = [c for c in state.front + state.back if c] + rnd.sample(sorted(catalog.cards), 4)
        for player in state.players:
            for card in cards:
                assert placements(state, player, card) == ref_placements(state, player.city, card)
            for action in rnd.sample(actions, 3):
                for remaining in (1, 2):
                    assert (achievable(state, player, action, remaining)
                            == ref_achievable(state, player.city, action, remaining)), action.id


def test_existence_checks_agree_with_the_legal_list(states):
    for state in states:
        if state.phase in (MOVE, FINAL):
            player = state.players[state.current]
            anything = len(legal_actions(state)) > 1  # besides end / done
            assert awaiting_end(state) is not anything
            assert (has_move if state.phase == MOVE else has_final_move)(state, player) is anything
        if state.phase not in (CHOOSE_TILE, OVER):
            for index in range(state.num_players):
                asked = state.copy()
                asked.phase, asked.current = ACQUIRE, index
                asked.bought, asked.to_place, asked.take_column = None, 0, None
                assert can_acquire(state, index) is bool(legal_actions(asked))


def test_movement_checks_with_people_anywhere(states):
    """People put on any space of their city (beside nobody, beside a card only across the
    rows...) under allowances of every kind: ``has_move`` is whether anything but ``end`` is
    listed, ``has_final_move`` likewise for ``done``."""
    rnd = random.Random(4)
    moving = [s for s in states if s.phase == MOVE and s.allowances]
    kinds = ("local", "tourist", "vip")
    for state in rnd.sample(moving, min(120, len(moving))):
        state = state.copy()
        player = state.players[state.current]
        spaces = sorted(player.city)
        for pid in list(player.people)[:6]:
            player.people[pid] = (rnd.choice(kinds), rnd.choice(spaces))
        for phase in (MOVE, FINAL):
            state.phase = phase
            anything = len(legal_actions(state)) > 1
            assert (has_move if phase == MOVE else has_final_move)(state, player) is anything
            assert awaiting_end(state) is not anything


def test_is_legal_is_membership_in_the_legal_list(states):
    rnd = random.Random(2)
    pool = other_actions(states, rnd)
    for state in rnd.sample(states, 250):
        if state.is_over:
            continue
        legal = legal_actions(state)
        for action in rnd.sample(pool, 25) + list(legal[:5]):
            assert is_legal(state, action) is (action in legal), (state.phase, action)


def test_walks_agree_with_the_plain_rules(states):
    rnd = random.Random(3)
    for state in rnd.sample(states, 120):
        for player in state.players:
            if not player.city:
                continue
            shape = cityshape.tables(state.catalog).shape(player.city)
            starts = [where for _, where in player.people.values()] + rnd.sample(sorted(player.city), 2)
            for start in starts:
                for distance in (0, 1, 2, 3, 5):
                    for kind in ("local", "vip"):
                        want = person_paths(player.city, kind, start, distance)
                        assert list(shape.paths(kind == "vip", start, distance)) == want


def test_hand_made_cities_far_left_off_the_rows_and_changed_in_place():
    """Columns beyond the bits' usual reach, a space off the two rows, a fence, no beach card;
    the same dict changed in place must never be answered from its old contents."""
    state = new_game(base(), 2, 1)
    feats = features(state.catalog)
    fence = next(fid for fid, f in feats.items() if f.leftmost_beach and f.is_card)
    beach = sorted(fid for fid, f in feats.items() if f.row == BEACH and f.is_card and not f.leftmost_beach)
    street = sorted(fid for fid, f in feats.items() if f.row != BEACH and f.is_card)
    cards = [fence, beach[0], street[0]]
    t = cityshape.tables(state.catalog)
    cities = [
        {(0, 0): "^", (1, 0): street[1], (1, -1): street[2], (1, -2): street[3]},
        {(0, -200): beach[1], (1, -200): street[1], (1, -201): street[2]},
        {(1, 0): street[1], (1, 1): street[2]},  # no beach card: a leftmost card has no rule
        {(0, 3): fence, (0, 4): beach[1], (1, 4): street[1], (2, 4): street[2]},
        {(0, 0): "^", (1, 0): street[1], (0, 70): beach[1], (1, 70): street[2]},
    ]
    for city in cities:
        for card in cards:
            try:
                want = ref_placements(state, city, card)
            except ValueError:
                with pytest.raises(ValueError):
                    t.shape(city).placements(t.placing[card])
                continue
            assert list(t.shape(city).placements(t.placing[card])) == want
        for start in list(city)[:2]:
            for distance in (1, 2, 3):
                for kind in ("local", "vip"):
                    assert list(t.shape(city).paths(kind == "vip", start, distance)) == person_paths(
                        city, kind, start, distance)
    city = dict(cities[0])
    player = state.players[0]
    player.city = city
    for step in range(6):
        assert placements(state, player, beach[2]) == ref_placements(state, city, beach[2])
        assert placements(state, player, street[4]) == ref_placements(state, city, street[4])
        if step == 2:  # a swap: same spaces, other cards
            a, b = list(city)[1], list(city)[2]
            city[a], city[b] = city[b], city[a]
        elif step == 3:
            del city[(1, -2)]
        else:
            space = ref_placements(state, city, fence if step == 4 else street[5 + step])[0]
            city[space] = fence if step == 4 else street[5 + step]


def test_memo_tables_go_with_their_catalog_and_forget_empties_them():
    """What the shapes remember is a cache: emptied (``forget``) the answers stay the same,
    and a catalog no longer used takes its tables with it."""
    catalog = load_pack(BASE)
    games = playout_states(2, 11)  # of the shared base pack: these tables are another's
    states = [s.copy() for s in games if not s.is_over]
    for s in states:
        s.catalog = catalog
    before = [legal_actions(s) for s in states]
    known = cityshape.tables(catalog)
    memos = (known.shapes, known.takes, known.moves, known.finals, known.paths)
    sizes = [len(m) for m in memos]
    assert all(sizes)
    cityshape.forget()
    sizes = [len(m) for m in memos]
    assert not any(sizes)
    again = [legal_actions(s) for s in states]
    assert again == before
    gone = weakref.ref(known)
    del catalog, states, s, known, before, again, memos
    gc.collect()
    assert gone() is None
