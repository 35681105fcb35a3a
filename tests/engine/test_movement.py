"""Movement (R6) and VIP footprints (R7)."""

from __future__ import annotations

from smqt.engine.game import Game
from smqt.engine.state import MOVE
from tests.engine.test_placement import acquire
from tests.support import act, base, legal_texts, people_at, sheet

ROW = {"street:1": "lab_local", "street:2": "lab_tourist", "street:3": "lab_local2"}


def test_r6_1_moves_go_over_filled_spaces_only_and_end_anywhere_reached():
    """R6.1 steps go to adjacent filled spaces, never empty ones or diagonals; 'up to D'."""
    cards = {"street:1": "lab_local", "beach:1": "lab_wave"}
    state = acquire(cards=cards, front=["lab_move_tourist2", None, None, None],
                    people={"street:1": ["tourist"]})
    act(state, "take front:0 street:2")
    targets = sorted(t.split()[3] for t in legal_texts(state) if t.startswith("move 0 p1"))
    # street:1 -> street:0, beach:1, street:2 (1 step); beach:0 (2 steps). Not beach:2 (empty)
    # nor street:3 (empty); not street:1 itself.
    assert targets == ["beach:0", "beach:1", "street:0", "street:2"]


def test_r6_1_a_vip_path_may_revisit_spaces():
    """R6.1 Decision: a path may revisit spaces (a VIP steps out and back)."""
    state = acquire(tile="spots", cards=ROW, front=["lab_move_vip2", None, None, None],
                    people={"street:1": ["vip"]})
    act(state, "take front:0 street:4")
    assert "move 0 p1 street:2 street:1" in legal_texts(state)
    act(state, "move 0 p1 street:2 street:1")
    assert people_at(state, "street:1") == ["vip"]
    assert (1, 2) in state.players[0].footprints


def test_r6_2_rings_are_not_spaces():
    """R6.2 a person on a card may be in or out of its ring: no move is needed to enter it."""
    cards = {"street:1": "lab_ring_tourist"}
    state = acquire(cards=cards, front=["lab_move_tourist2", None, None, None],
                    people={"street:0": ["tourist"]})
    act(state, "take front:0 street:2")
    targets = {t.split()[3] for t in legal_texts(state) if t.startswith("move 0 p1")}
    assert targets == {"street:1", "street:2", "beach:0"}, "one destination per card"
    act(state, "move 0 p1 street:1")
    ring_lines = [line for line in sheet(state).lines if line.category == "ring"]
    assert [(line.source, line.points) for line in ring_lines] == [("lab_ring_tourist", 3)]


def test_r6_3_only_vip_paths_matter():
    """R6.3 others are offered each destination once; VIPs every path."""
    state = acquire(tile="spots", cards=ROW, front=["lab_move_tourist2", "lab_move_vip2", None, None],
                    people={"street:1": ["tourist", "vip"]}, foodie=0)
    act(state, "take front:0 street:4")
    tourist = [t for t in legal_texts(state) if t.startswith("move 0 p1")]
    assert len(tourist) == len(set(t.split()[-1] for t in tourist))
    assert all(len(t.split()) == 4 for t in tourist)
    vip = [t for t in legal_texts(state) if t.startswith("move 1 p2")]  # the foodie: 1 step
    assert sorted(t.split()[3] for t in vip) == ["street:0", "street:2"]


def test_r7_1_each_tile_names_its_criterion_and_scoring():
    """R7.1 every starting tile carries a footprint criterion and how a footprint scores."""
    for tile in base().starting_tiles.values():
        assert tile.footprint.tags or tile.footprint.row.value != "any"
        assert tile.footprint.points_per_tag or tile.footprint.points_per_space


def test_r7_2_visited_spaces_get_one_footprint_when_they_match():
    """R7.2 every space entered, passing or stopping, gets a footprint when it matches the
    criterion and has none; never two on one space."""
    cards = {"street:1": "lab_local", "street:2": "lab_plain", "street:3": "lab_tourist"}
    state = acquire(tile="spots", cards=cards, front=["lab_move_vip2", None, None, None],
                    people={"street:1": ["vip"]}, foodie=0)
    act(state, "take front:0 street:4")
    act(state, "move 0 p1 street:2 street:3")
    assert state.players[0].footprints == {(1, 3)}, "lab_plain carries no local/tourist"
    supply = state.supply["footprint"]
    act(state, "move 1 p1 street:2")
    assert state.players[0].footprints == {(1, 3)}
    assert state.supply["footprint"] == supply


def test_r7_2_no_footprint_left_in_the_supply():
    """R7.2 a footprint needs one in the supply."""
    state = acquire(tile="spots", cards=ROW, front=["lab_move_vip2", None, None, None],
                    people={"street:1": ["vip"]})
    state.supply["footprint"] = 0
    act(state, "take front:0 street:4")
    result = act(state, "move 0 p1 street:2")
    assert state.players[0].footprints == set()
    assert any("no footprint left" in str(e) for e in result)


def test_r7_3_footprints_and_people_stay_on_their_card_when_swapped():
    """R7.3, R8.6 swapping carries people and footprints along with the cards."""
    state = acquire(tile="spots", cards={"street:1": "lab_local", "street:2": "lab_tourist"},
                    people={"street:1": ["vip"]}, footprints=("street:1",), sand_dollars=2,
                    front=["lab_plain", None, None, None], actions=("swap_and_move",))
    act(state, "buy swap_and_move")
    act(state, "take front:0 street:3")
    act(state, "swap street:1 street:3")
    player = state.players[0]
    assert player.city[(1, 3)] == "lab_local"
    assert player.footprints == {(1, 3)}
    assert people_at(state, "street:3") == ["vip"]


def test_r7_4_setup_footprint_on_a_matching_lower_half():
    """R7.4, R2.6 spots and regular start with a footprint on their lower half; not others."""
    expected = {"spots": True, "regular": True, "beachcomber": False, "outdoors": False,
                "shopper": False, "surfer": False}
    for tile, has in expected.items():
        game = Game.new(base(), 2, 1)
        state = game.state
        state.tile_pool = [tile, "spots" if tile != "spots" else "regular"]
        game.play(game.legal_actions()[[str(a) for a in game.legal_actions()].index(f"tile {tile}")])
        chooser = state.players[state.last_player]
        assert ((1, 0) in chooser.footprints) is has, tile


def test_r7_5_final_movement_vip_leaves_footprints():
    """R7.5 a VIP's final move places footprints too."""
    state = acquire(tile="spots", cards=ROW, people={"street:1": ["vip"]})
    state.phase = "final"
    state.final_moved = set()
    act(state, "final p1 street:2")
    assert (1, 2) in state.players[0].footprints


def test_movement_phase_lists_end():
    """R5.2 ending the turn is always possible while allowances remain."""
    state = acquire(front=["lab_move_tourist2", None, None, None], people={"street:0": ["tourist"]})
    act(state, "take front:0 street:1")
    assert state.phase == MOVE and legal_texts(state)[-1] == "end"
