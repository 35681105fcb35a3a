"""Placing cards (R4) and placement actions (R5, R1.3)."""

from __future__ import annotations

import attrs

from smqt.engine.catalog import Catalog
from smqt.engine.content import Supply
from smqt.engine.rules import placements
from smqt.engine.state import MOVE
from tests.support import act, in_turn, lab, legal_texts, people_at, player, position

SD = ("two_front", "swap_and_move")


def acquire(cards=None, people=None, front=None, back=None, sand_dollars=0, tile="outdoors",
            catalog: Catalog | None = None, truck=3, foodie=3, actions=SD, footprints=()):
    state = position(catalog or lab(), player(tile=tile, cards=cards or {}, people=people or {},
                                              sand_dollars=sand_dollars, footprints=footprints))
    return in_turn(state, front=front or ["lab_plain", "lab_wave", "lab_local", "lab_nature"],
                   back=back or [None] * 4, truck=truck, foodie=foodie, sand_dollar_actions=actions)


def spaces(state, card):
    return [f"{'beach' if r == 0 else 'street'}:{c}" for r, c in placements(state, state.players[0], card)]


def test_r4_1_beach_cards_in_the_beach_row_street_cards_in_the_street_row():
    """R4.1 beach cards go only to the top row, street cards only to the bottom row."""
    state = acquire()
    assert spaces(state, "lab_wave") == ["beach:-1", "beach:1"]
    assert spaces(state, "lab_plain") == ["street:-1", "street:1"]


def test_r4_2_new_card_must_touch_a_filled_space_by_a_side():
    """R4.2 an empty space sharing a side with a card or the tile; diagonals do not count."""
    state = acquire(cards={"street:1": "lab_local", "street:2": "lab_tourist"})
    # beach:2 touches street:2 below it; beach:3 touches nothing (street:2 is diagonal).
    assert spaces(state, "lab_wave") == ["beach:-1", "beach:1", "beach:2"]
    assert spaces(state, "lab_plain") == ["street:-1", "street:3"]
    assert "take front:1 beach:3" not in legal_texts(state)


def test_r4_3_two_cards_are_placed_one_at_a_time_in_either_order():
    """R4.3 with two cards to place, each placement must be legal when made; either order."""
    state = acquire(sand_dollars=4, front=["lab_plain", "lab_local", None, None])
    act(state, "buy two_front")
    texts = legal_texts(state)
    assert "take front:0 street:1" in texts and "take front:1 street:1" in texts
    assert "take front:1 street:2" not in texts, "not legal until the first card is placed"
    act(state, "take front:1 street:1")
    assert "take front:0 street:2" in legal_texts(state)
    act(state, "take front:0 street:2")
    assert state.players[0].city[(1, 2)] == "lab_plain"


def test_r4_4_beach_end_goes_left_of_every_beach_card_and_fences_the_beach():
    """R4.4 the leftmost_beach card goes where no beach card (or tile half) is to its left;
    then no beach card may be placed to its left."""
    state = acquire(cards={"beach:-1": "lab_wave", "street:-1": "lab_local"})
    assert spaces(state, "lab_leftmost") == ["beach:-2"]
    state.players[0].city[(0, -2)] = "lab_leftmost"
    assert spaces(state, "lab_wave2") == ["beach:1"]
    assert spaces(state, "lab_leftmost2") == []
    assert "street:-2" in spaces(state, "lab_plain"), "the street row is not fenced"


def test_r4_5_cards_are_never_stacked_and_people_stay_with_their_card():
    """R4.5 a filled space never takes a card; people on a card stay there."""
    state = acquire(cards={"street:1": "lab_local"}, people={"street:1": ["local"]})
    assert "street:1" not in spaces(state, "lab_plain")
    act(state, "take front:0 street:2")
    assert state.players[0].city[(1, 1)] == "lab_local"
    assert people_at(state, "street:1") == ["local"]


def test_r5_1_gains_come_first_and_people_are_added_to_the_card():
    """R5.1 sand dollars and the card's people are gained at once, on the card."""
    state = acquire(front=["lab_add_people", "lab_wave", None, None])
    act(state, "take front:0 street:1")
    assert state.players[0].sand_dollars == 1
    assert people_at(state, "street:1") == ["tourist", "tourist"]


def test_r5_1_gains_follow_the_swap():
    """R5.1, R8.6 placement actions come after the swap: people land where the card now is."""
    state = acquire(cards={"street:1": "lab_local"}, sand_dollars=2,
                    front=["lab_add_people", None, None, None], actions=("swap_and_move",))
    act(state, "buy swap_and_move")
    act(state, "take front:0 street:2")
    assert people_at(state, "street:2") == [], "no gains before the swap"
    act(state, "swap street:1 street:2")
    assert people_at(state, "street:1") == ["tourist", "tourist"]
    assert state.players[0].city[(1, 1)] == "lab_add_people"


def test_r1_3_supply_shortage_takes_what_is_left_and_says_so():
    """R1.3 an effect needing more people than the supply holds takes what is left; logged."""
    state = acquire(front=["lab_add_people", None, None, None])
    state.supply["tourist"] = 1
    events = [str(e) for e in act(state, "take front:0 street:1")]
    assert people_at(state, "street:1") == ["tourist"]
    assert state.supply["tourist"] == 0
    assert any("only 1 tourist" in e for e in events)


def test_r1_3_house_rule_lifts_the_supply_limit():
    """R1.3, R12.1 with supply.limited = false the supply never runs out."""
    rules = attrs.evolve(lab().rules, supply=Supply(tourist=0, limited=False))
    state = acquire(catalog=lab().with_rules(rules), front=["lab_add_people", None, None, None])
    act(state, "take front:0 street:1")
    assert people_at(state, "street:1") == ["tourist", "tourist"]


def test_r5_2_allowances_are_optional_usable_in_any_order_on_new_people():
    """R5.2 every allowance of the turn may be used in any order, or not at all, and people
    gained this turn may move."""
    state = acquire(front=["lab_plain", "lab_move_tourist2", None, None], foodie=1,
                    people={"street:0": ["tourist"]})
    act(state, "take front:1 street:1")
    assert state.phase == MOVE
    sources = [a.source for a in state.allowances]
    assert sources == ["lab_move_tourist2", "foodie"]
    assert "end" in legal_texts(state)
    act(state, "move 1 p1 street:1")  # the foodie's allowance first
    act(state, "move 0 p1 street:0")  # then the card's, same person, other allowance
    assert people_at(state, "street:0") == ["tourist"]


def test_r5_2_people_gained_this_turn_may_move():
    """R5.2 people added by the placed card may use the turn's allowances."""
    state = acquire(front=["lab_add_people", None, None, None], foodie=0)
    act(state, "take front:0 street:1")
    assert any(t.startswith("move 0 p1 ") for t in legal_texts(state))


def test_r5_3_one_allowance_moves_a_person_once_and_only_its_type():
    """R5.3 'up to K people of type X, each up to D spaces': the same person not twice."""
    state = acquire(front=["lab_move_tourist2", None, None, None],
                    cards={"street:1": "lab_local"},
                    people={"street:0": ["tourist", "local"]})
    act(state, "take front:0 street:2")
    texts = legal_texts(state)
    assert "move 0 p1 street:2" in texts, "a tourist may go two spaces"
    assert not any(t.startswith("move 0 p2") for t in texts), "locals are not tourists"
    act(state, "move 0 p1 street:1")
    assert not any(t.startswith("move 0 p1") for t in legal_texts(state))


def test_r5_4_move_here_jumps_from_anywhere_and_a_vip_visits_only_that_card():
    """R5.4 up to 3 people of any type jump onto the card regardless of distance; a VIP moved
    this way visits only that card."""
    cards = {"beach:1": "lab_beach_plain", "street:1": "lab_local", "street:2": "lab_tourist",
             "street:3": "lab_local2"}
    state = acquire(tile="spots", cards=cards, front=["lab_move_here", None, None, None],
                    people={"street:3": ["vip", "local"], "street:0": ["tourist"]})
    act(state, "take front:0 beach:2")
    texts = legal_texts(state)
    for pid in (1, 2, 3):
        assert f"move 0 p{pid} beach:2" in texts
    act(state, "move 0 p1 beach:2")
    assert state.players[0].footprints == set(), "a beach space without tags: no footprint"
    act(state, "move 0 p3 beach:2")
    assert people_at(state, "beach:2") == ["tourist", "vip"]


def test_r5_5_return_sends_people_to_the_supply():
    """R5.5 up to K people of the allowed type leave the city for the supply."""
    state = acquire(front=["lab_return", None, None, None],
                    people={"street:0": ["local", "tourist", "vip"]})
    before = dict(state.supply)
    act(state, "take front:0 street:1")
    act(state, "return 0 p1")
    act(state, "return 0 p3")
    assert people_at(state, "street:0") == ["tourist"]
    assert state.supply["local"] == before["local"] + 1
    assert state.supply["vip"] == before["vip"] + 1
    assert state.current == 1, "two returns use the allowance up"
