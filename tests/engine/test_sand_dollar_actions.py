"""Sand dollar actions (R8): the base table, tiles, taking, paying, swaps."""

from __future__ import annotations

import pytest

from smqt.engine.content import TakeFrom
from smqt.engine.effects import Move, ReturnPeople
from smqt.engine.state import MOVE, SWAP
from tests.engine.test_placement import acquire
from tests.support import act, base, legal_texts, people_at

# id: (cost, source, count, tags, swap, allowances as (kind, who, count, distance))
R8_TABLE = {
    "two_front": (4, "front", 2, set(), False, [("move", "any", 1, 1)]),
    "front_and_behind": (4, "column", 2, set(), False, [("move", "any", 1, 1)]),
    "spot_anywhere": (2, "display", 1, {"local", "tourist"}, False, [("move", "any", 2, 1)]),
    "feature_anywhere": (2, "display", 1, {"business", "nature", "sports"}, False,
                         [("move", "any", 2, 1)]),
    "back_row": (3, "back", 1, set(), False, [("move", "any", 4, 1)]),
    "swap_and_move": (2, "front", 1, set(), True, [("move", "any", 2, 1)]),
    "swap_and_return": (2, "front", 1, set(), True, [("return", "any", 2, 0)]),
    "tourist_shuffle": (1, "front", 1, set(), False, [("move", "tourist", 3, 1)]),
}
FRONT4 = ["lab_plain", "lab_local", "lab_wave", "lab_nature"]
BACK4 = ["lab_tourist", "lab_business2", "lab_beach_nature", "lab_local2"]


def test_r8_base_actions_match_the_table():
    """R8 the eight base actions: cost, what they take, swap and allowances."""
    actions = base().sand_dollar_actions
    assert set(actions) == set(R8_TABLE)
    for action_id, (cost, source, count, tags, swap, allowances) in R8_TABLE.items():
        action = actions[action_id]
        assert action.cost == cost, action_id
        assert action.take.source is TakeFrom(source)
        assert action.take.count == count
        assert {t.value for t in action.take.tags_any} == tags
        assert action.swap is swap
        found = [(a.kind, a.people.value, a.count, a.distance if isinstance(a, Move) else 0)
                 for a in action.allowances]
        assert found == allowances, action_id
        assert all(isinstance(a, (Move, ReturnPeople)) for a in action.allowances)


def test_r8_1_tiles_pair_the_sides():
    """R8.1 tile 1 two_front/front_and_behind, 2 spot/feature anywhere, 3 back_row/
    swap_and_move, 4 swap_and_return/tourist_shuffle."""
    sides = sorted(tuple(t.sides) for t in base().sand_dollar_tiles.values())
    assert sides == sorted([("two_front", "front_and_behind"),
                            ("spot_anywhere", "feature_anywhere"),
                            ("back_row", "swap_and_move"),
                            ("swap_and_return", "tourist_shuffle")])


def test_r8_2_cost_is_paid_before_taking():
    """R8.2 the cost is paid first (the sand dollars go back to the supply)."""
    state = acquire(sand_dollars=5, front=FRONT4, back=BACK4, actions=("back_row",))
    act(state, "buy back_row")
    assert state.players[0].sand_dollars == 2
    assert all(t.startswith("take back:") for t in legal_texts(state))


def test_r8_3_front_and_behind_takes_both_cards_of_one_column():
    """R8.3 both cards must exist; both are placed, the second from the same column."""
    back = [None, "lab_business2", None, None]
    state = acquire(sand_dollars=4, front=FRONT4, back=back, actions=("front_and_behind",))
    act(state, "buy front_and_behind")
    assert {t.split()[1] for t in legal_texts(state)} == {"front:1", "back:1"}
    act(state, "take back:1 street:1")
    assert {t.split()[1] for t in legal_texts(state)} == {"front:1"}
    act(state, "take front:1 street:2")
    assert state.phase == MOVE or state.current == 1
    no_pair = acquire(sand_dollars=4, front=FRONT4, back=[None] * 4, actions=("front_and_behind",))
    assert "buy front_and_behind" not in legal_texts(no_pair)


def test_r8_4_back_row_slot_stays_empty_until_refresh():
    """R8.4 taking from the back row leaves the slot empty until the refresh."""
    state = acquire(sand_dollars=3, front=FRONT4, back=BACK4, actions=("back_row",),
                    people={"street:0": ["local"]})
    state.deck = ["lab_chain"]
    act(state, "buy back_row")
    act(state, "take back:1 street:1")
    assert state.phase == MOVE and state.back[1] is None
    act(state, "end")
    assert state.back[1] == "lab_chain"


def test_r8_5_action_allowances_are_used_in_the_placement_action_phase():
    """R8.5 the action's movement comes with the placement actions, after the cards."""
    state = acquire(sand_dollars=3, front=FRONT4, back=BACK4, actions=("back_row",),
                    people={"street:0": ["local", "tourist"]})
    act(state, "buy back_row")
    assert not any(t.startswith("move") for t in legal_texts(state))
    act(state, "take back:0 street:1")
    assert [a.source for a in state.allowances] == ["back_row"]
    assert state.allowances[0].count == 4


def test_r8_6_swap_same_row_not_tile_not_beach_end_then_actions():
    """R8.6 optional swap of two feature cards of one row, never the tile or the beach end;
    it happens after placing and before the placement actions."""
    cards = {"street:1": "lab_local", "street:2": "lab_tourist", "beach:1": "lab_wave",
             "beach:-1": "lab_leftmost", "beach:2": "lab_wave2"}
    state = acquire(cards=cards, sand_dollars=2, front=["lab_gain", None, None, None],
                    actions=("swap_and_return",), people={"street:1": ["local"]})
    act(state, "buy swap_and_return")
    act(state, "take front:0 street:3")
    assert state.phase == SWAP
    swaps = {t for t in legal_texts(state) if t.startswith("swap")}
    assert swaps == {"swap beach:1 beach:2", "swap street:1 street:2", "swap street:1 street:3",
                     "swap street:2 street:3"}
    assert "noswap" in legal_texts(state)
    assert state.players[0].sand_dollars == 0, "no gains before the swap"
    act(state, "swap street:1 street:3")
    assert state.players[0].sand_dollars == 2, "lab_gain's sand dollars come after the swap"
    assert people_at(state, "street:3") == ["local"]
    assert [a.kind for a in state.allowances] == ["return"]


@pytest.mark.parametrize("action_id", sorted(R8_TABLE))
def test_r8_every_base_action_can_be_played(action_id):
    """R8 each of the eight actions runs from buying to the end of the turn."""
    state = acquire(sand_dollars=4, front=FRONT4, back=BACK4, actions=(action_id,),
                    people={"street:0": ["tourist", "local"]}, catalog=None)
    act(state, f"buy {action_id}")
    steps = 0
    while state.current == 0 and steps < 10:
        texts = legal_texts(state)
        act(state, "end" if "end" in texts else ("noswap" if "noswap" in texts else texts[0]))
        steps += 1
    assert state.current == 1
    cards = state.players[0].card_count()
    assert cards == R8_TABLE[action_id][2]


def test_r3_7_two_front_takes_one_card_when_only_one_can_be_taken():
    """R3.7, R8 Decision: a two-card action takes as many cards as it can (only
    front_and_behind needs both, R8.3)."""
    state = acquire(sand_dollars=4, front=["lab_local", None, None, None], actions=("two_front",),
                    people={"street:0": ["local"]})
    state.deck = []
    assert "buy two_front" in legal_texts(state)
    act(state, "buy two_front")
    events = [str(e) for e in act(state, "take front:0 street:1")]
    assert "no other card the action allows can be taken and placed" in events
    assert state.players[0].card_count() == 1
    assert state.phase == MOVE and [a.source for a in state.allowances] == ["two_front"]


def test_r8_two_front_keeps_both_cards_placeable():
    """R4.3, R8 with two usable cards, both are taken; the first may not block the second."""
    state = acquire(sand_dollars=4, front=["lab_leftmost", "lab_leftmost2", None, None],
                    actions=("two_front",))
    assert "buy two_front" in legal_texts(state), "one beach end can still be placed"
    act(state, "buy two_front")
    assert {t.split()[1] for t in legal_texts(state)} == {"front:0", "front:1"}
