"""A turn: regular selection, sand dollar actions, food truck and foodie, refresh (R3)."""

from __future__ import annotations

from smqt.engine.legal import can_acquire
from smqt.engine.state import ACQUIRE, FINAL, MOVE, OVER, REWARD
from tests.support import act, in_turn, lab, legal_texts, people_at, player, position

SD = ("two_front", "spot_anywhere")


def turn(front, back=None, truck=3, foodie=1, sand_dollars=0, cards=None, people=None,
         actions=SD, tile="outdoors"):
    state = position(lab(), player(tile=tile, cards=cards or {}, people=people or {},
                                   sand_dollars=sand_dollars))
    return in_turn(state, front=front, back=back or [None] * 4,
                   truck=truck, foodie=foodie, sand_dollar_actions=actions)


def test_r3_1_regular_selection_takes_front_row_cards_only():
    """R3.1 a regular selection takes one front-row card; back-row cards are not offered."""
    state = turn(["lab_local", None, "lab_wave", None], back=["lab_tourist", "lab_nature", None, None])
    takes = [t for t in legal_texts(state) if t.startswith("take")]
    assert takes and all(t.startswith("take front:") for t in takes)
    assert {t.split()[1] for t in takes} == {"front:0", "front:2"}


def test_r3_2_sand_dollar_action_needs_its_cost_and_earns_no_token_reward():
    """R3.2 pay only with enough sand dollars; a card taken so earns neither token's reward."""
    poor = turn(["lab_local", "lab_tourist", "lab_wave", "lab_nature"], sand_dollars=3)
    assert "buy two_front" not in legal_texts(poor)
    assert "buy spot_anywhere" in legal_texts(poor)
    state = turn(["lab_local", "lab_tourist", "lab_wave", "lab_nature"], truck=0, foodie=0,
                 sand_dollars=2)
    act(state, "buy spot_anywhere")
    assert state.players[0].sand_dollars == 0
    assert not any(t.startswith("buy") for t in legal_texts(state)), "at most once per turn"
    act(state, "take front:0 street:1")
    assert state.truck == 0 and state.foodie == 0
    assert state.players[0].sand_dollars == 0
    assert state.phase != REWARD


def test_r3_3_food_truck_reward_and_move():
    """R3.3 the truck's column gives 1 sand dollar and the truck moves one column right."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"], truck=1, foodie=3)
    act(state, "take front:1 street:1")
    assert state.players[0].sand_dollars == 1
    assert state.truck == 2 and state.foodie == 3


def test_r3_4_foodie_reward_is_a_one_step_move_of_anyone():
    """R3.4 the foodie's column gives 'move 1 person of any type 1 space'; the foodie moves."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"], truck=3, foodie=1,
                 people={"street:0": ["vip"]})
    act(state, "take front:1 street:1")
    assert state.phase == MOVE and state.foodie == 2 and state.truck == 3
    moves = [t for t in legal_texts(state) if t.startswith("move")]
    assert moves, "the foodie allowance is usable"
    assert all(len(t.split()) == 4 for t in moves), "each move is one step"
    act(state, moves[0])
    assert state.current == 1, "allowance used: the turn ends"


def test_r3_5_both_tokens_choice_dollar_and_move():
    """R3.5 (a) 1 sand dollar and a 1-space move; only the truck moves, two columns."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"], truck=1, foodie=1,
                 people={"street:0": ["local"]})
    act(state, "take front:1 street:1")
    assert state.phase == REWARD
    assert sorted(legal_texts(state)) == ["reward dollar_move", "reward double_move",
                                          "reward two_dollars"]
    act(state, "reward dollar_move")
    assert state.players[0].sand_dollars == 1
    assert state.truck == 3 and state.foodie == 1
    assert "move 0 p1 street:1" in legal_texts(state)


def test_r3_5_both_tokens_two_dollars():
    """R3.5 (b) 2 sand dollars and no move."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"], truck=2, foodie=2,
                 people={"street:0": ["local"]})
    act(state, "take front:2 beach:1")
    act(state, "reward two_dollars")
    assert state.players[0].sand_dollars == 2
    assert state.current == 1, "no allowance: the turn ends"
    assert state.truck == 0 and state.foodie == 2, "R3.6 the truck wraps"


def test_r3_5_both_tokens_double_move_two_people_or_one_twice():
    """R3.5 (c) up to 2 people 1 space each, or 1 person up to 2 spaces (its path counts)."""
    cards = {"street:1": "lab_local", "street:2": "lab_tourist"}
    state = turn(["lab_plain", "lab_local2", "lab_wave", "lab_nature"], truck=1, foodie=1,
                 cards=cards, people={"street:0": ["vip", "local"]}, tile="spots")
    act(state, "take front:1 street:3")
    act(state, "reward double_move")
    texts = legal_texts(state)
    assert "move 0 p1 street:1 street:2" in texts, "a VIP may walk two spaces"
    assert "move 0 p2 street:2" in texts, "a local may go two spaces"
    double = state.copy()
    act(double, "move 0 p1 street:1 street:2")
    assert double.current == 1, "one person two spaces uses the whole reward"
    assert (1, 1) in double.players[0].footprints and (1, 2) in double.players[0].footprints
    act(state, "move 0 p1 street:1")
    assert "move 0 p2 street:1" in legal_texts(state)
    assert "move 0 p2 street:2" not in legal_texts(state), "second person: 1 space only"


def test_r3_6_tokens_wrap_to_column_zero():
    """R3.6 a token leaving the rightmost column wraps to column 0."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"], truck=3, foodie=1)
    act(state, "take front:3 street:1")
    assert state.truck == 0


def test_r3_7_unplaceable_card_is_not_offered():
    """R3.7 a card with no legal placement cannot be acquired (a second beach end)."""
    state = turn(["lab_leftmost2", "lab_local", None, None],
                 cards={"beach:-1": "lab_leftmost"})
    takes = [t for t in legal_texts(state) if t.startswith("take")]
    assert takes and not any(t.startswith("take front:0") for t in takes)


def test_r3_7_sand_dollar_action_needs_a_card_it_allows():
    """R3.7 spot_anywhere (local or tourist cards only) is not offered when none is shown."""
    state = turn(["lab_plain", "lab_wave", None, None], back=["lab_nature", None, None, None],
                 sand_dollars=5)
    assert "buy spot_anywhere" not in legal_texts(state)
    state.back[1] = "lab_tourist"
    assert "buy spot_anywhere" in legal_texts(state)


def test_r3_8_refresh_slides_back_row_then_deals_front_first():
    """R3.8 empty front slots take the back card above them, then deal front row first."""
    state = turn(["lab_plain", "lab_local", "lab_wave", "lab_nature"],
                 back=["lab_tourist", None, "lab_beach_plain", "lab_local2"], truck=3, foodie=3)
    state.deck = ["lab_chain", "lab_adj"]  # the top card is the last
    act(state, "take front:1 street:1")  # no back card above column 1
    assert state.front == ["lab_plain", "lab_adj", "lab_wave", "lab_nature"]
    assert state.back == ["lab_tourist", "lab_chain", "lab_beach_plain", "lab_local2"]
    act(state, "take front:0 street:1")  # player 2: column 0 slides down
    assert state.front[0] == "lab_tourist"
    assert state.back[0] is None, "the deck is empty: the slot stays empty"


def test_r3_9_player_who_cannot_acquire_passes():
    """R3.9 with no usable card and no usable sand dollar action the turn passes."""
    state = turn(["lab_leftmost2", None, None, None], cards={"beach:-1": "lab_leftmost"})
    state.deck = []
    assert not can_acquire(state, 0)
    assert can_acquire(state, 1)
    state.current = 1
    events = [str(e) for e in act(state, "take front:0 beach:-1")]
    # Player 1 (index 0) cannot take anything; player 2 can take nothing either: game ends.
    assert "no player can take a card: the game ends" in events
    assert "final movement" in events
    assert state.phase in (FINAL, OVER)


def test_r3_9_passing_skips_to_the_next_player_who_can():
    """R3.9 a player who cannot acquire is skipped; play goes on with the next one."""
    state = position(lab(), player(tile="outdoors", cards={"beach:-1": "lab_leftmost"}),
                     player(tile="surfer"), player(tile="shopper"))
    in_turn(state, front=["lab_leftmost2", "lab_local", None, None], back=[None] * 4,
            current=2, truck=3, foodie=3, sand_dollar_actions=SD)
    state.deck = []
    act(state, "take front:1 street:1")  # player 3 takes the local; only the beach end is left
    assert state.phase == ACQUIRE and state.current == 1, "player 1 passes, player 2 plays"
    assert people_at(state, "street:0", 1) == []
