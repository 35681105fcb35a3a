"""Clicks -> legal actions, without Qt: the half-made choice of a turn (R3.1, R6.3, R7.2, R8.6)."""

from __future__ import annotations

from smqt.engine.actions import MovePerson, NoSwap, Swap, Take
from smqt.engine.geometry import parse_space
from smqt.engine.rules import legal_actions
from smqt.engine.state import MOVE, SWAP, AllowanceState
from smqt.ui.game.interaction import TurnInteraction
from smqt.ui.game.logtext import describe_action
from tests.support import act, base, in_turn, player, position


def sp(text: str):
    return parse_space(text)


def test_a_picked_card_offers_exactly_its_legal_spaces():
    """R3.1/R4: the highlighted spaces are the legal placements of that card, nothing else."""
    state = position(base(), player())
    state = in_turn(state)
    it = TurnInteraction()
    it.reset(state, legal_actions(state))
    take = next(a for a in it.legal if isinstance(a, Take))
    assert it.click_slot(take.slot) is None
    spaces = {a.space for a in it.legal if isinstance(a, Take) and a.slot == take.slot}
    assert it.highlights().spaces == spaces
    assert it.click_space((0, 99)) is None
    assert it.click_space(take.space) == take
    it.click_slot(take.slot)  # picking the same card again puts it back
    it.clear()
    assert it.highlights().spaces == set()


def _walking_state():
    """A VIP on the tile's lower half with two filled spaces to walk through (R6.3)."""
    state = position(base(), player(tile="regular", cards={
        "street:1": "harbor_seafood_grill", "street:2": "boardwalk_arcade",
        "beach:1": "pier_arcade"}, people={"street:0": ["vip"]}), player())
    state = in_turn(state)
    state.phase = MOVE
    state.allowances = [AllowanceState("move", "any", 1, 1, "reward", solo_distance=2)]
    return state


def test_a_vip_walks_step_by_step_and_shows_the_footprints_to_come():
    state = _walking_state()
    it = TurnInteraction()
    it.reset(state, legal_actions(state))
    vip = next(pid for pid, (kind, _) in state.players[0].people.items() if kind == "vip")
    it.click_person(vip)
    h = it.highlights()
    assert sp("street:1") in h.spaces
    assert it.click_space(sp("street:1")) is None, "a longer walk is possible: wait"
    h = it.highlights()
    assert h.path == (sp("street:1"),) and h.can_stop
    walks = {a.path for a in it.legal if isinstance(a, MovePerson) and a.person == vip}
    assert {(sp("street:1"), s) for s in h.spaces} <= walks
    marks = it.gesture.footprints_on(h.path)
    assert h.footprints == marks
    move = it.stop_here()
    assert isinstance(move, MovePerson) and move.path == (sp("street:1"),)
    assert move in it.legal


def test_dropping_a_person_plays_the_legal_move_ending_there():
    state = _walking_state()
    it = TurnInteraction()
    it.reset(state, legal_actions(state))
    vip = next(pid for pid, (kind, _) in state.players[0].people.items() if kind == "vip")
    move = it.drop_person(vip, sp("street:2"))
    assert isinstance(move, MovePerson) and move.path[-1] == sp("street:2") and move in it.legal
    assert it.drop_person(vip, sp("beach:9")) is None


def test_a_swap_takes_two_clicks_on_cards_of_one_row():
    """R8.6: only pairs of one row are offered; the second click completes the swap."""
    state = position(base(), player(cards={"street:1": "harbor_seafood_grill",
                                           "street:2": "boardwalk_arcade",
                                           "beach:1": "pier_arcade"}))
    state = in_turn(state)
    state.phase = SWAP
    it = TurnInteraction()
    it.reset(state, legal_actions(state))
    assert it.highlights().can_noswap and it.no_swap() == NoSwap()
    assert it.click_space(sp("street:1")) is None
    assert it.highlights().cards == {sp("street:2")}
    assert it.click_space(sp("beach:1")) is None  # another row: nothing happens
    swap = it.click_space(sp("street:2"))
    assert isinstance(swap, Swap) and swap in it.legal


def test_the_log_names_the_card_taken():
    state = in_turn(position(base(), player()))
    take = next(a for a in legal_actions(state) if isinstance(a, Take))
    card = state.catalog.cards[state.front[take.slot[1]]].name
    assert card in describe_action(state, take, "Ann")
    act(state, str(take))


def test_the_turn_logic_of_the_table_loads_no_qt():
    """Gestures, log sentences and save files are plain Python (testable without a display)."""
    from tests.support import qt_modules_loaded_by

    assert qt_modules_loaded_by(
        "import smqt.ui.game.interaction, smqt.ui.game.logtext, smqt.records.savedgame") == []
