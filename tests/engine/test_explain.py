"""Refusals in plain words (smqt.engine.explain): the reason comes from the engine's own
legal actions and helpers, and nothing offered is ever explained away."""

from __future__ import annotations

import random
import re

import attrs

from smqt.engine import explain, taking
from smqt.engine.actions import (
    BACK,
    FRONT,
    Buy,
    ChooseTile,
    EndTurn,
    FinalDone,
    FinalMove,
    MovePerson,
    NoSwap,
    PlaceTruck,
    ReturnPerson,
    Reward,
    Swap,
    Take,
    parse_action,
)
from smqt.engine.explain import (
    why_idle,
    why_not,
    why_not_person,
    why_not_pick,
    why_not_space,
    why_not_step,
)
from smqt.engine.geometry import parse_space as S
from smqt.engine.rules import apply, legal_actions
from smqt.engine.setup import new_game
from smqt.engine.state import MOVE, PLACE_TRUCK, REWARD, SWAP, GameState
from tests.support import act, base, in_turn, lab, player, position

ROW = {"street:1": "lab_local", "street:2": "lab_tourist", "street:3": "lab_local2"}
FRONT4 = ["lab_plain", "lab_wave", "lab_local", "lab_nature"]


def turn(cards=None, people=None, front=None, back=None, sand_dollars=0, tile="outdoors",
         actions=("two_front", "back_row"), truck=3, foodie=3) -> GameState:
    state = position(lab(), player(tile=tile, cards=cards or {}, people=people or {},
                                   sand_dollars=sand_dollars))
    return in_turn(state, front=front or FRONT4, back=back or [None] * 4, truck=truck,
                   foodie=foodie, sand_dollar_actions=actions)


def hold(state: GameState, text: str) -> None:
    """Apply and keep the turn with its player even when nothing is left to do."""
    apply(state, parse_action(text), hold=True)


# ------------------------------------------------------------------ display cards


def test_r3_1_a_back_row_card_needs_a_sand_dollar_action():
    """R3.1 a regular selection takes from the front row; name an action that reaches back."""
    state = turn(back=["lab_tourist", None, None, None])
    assert why_not_pick(state, (BACK, 0)) == (
        "You take your card from the front row; a back-row card needs a sand dollar action "
        "such as Back Row.")
    assert why_not_pick(state, (BACK, 1)) == "That display slot is empty."
    none_reach = turn(back=["lab_tourist", None, None, None], actions=("two_front", "tourist_shuffle"))
    assert why_not_pick(none_reach, (BACK, 0)) == (
        "You take your card from the front row; no sand dollar action in play this game takes "
        "from the back row.")
    assert why_not_pick(state, (FRONT, 0)) is None


def test_r3_2_cost_and_actions_not_in_play():
    """R3.2 a sand dollar action only when in play and affordable."""
    assert why_not(turn(sand_dollars=2), Buy("back_row")) == "You have 2 sand dollars; Back Row costs 3."
    assert why_not(turn(sand_dollars=1), Buy("two_front")) == "You have 1 sand dollar; Double Pick costs 4."
    assert why_not(turn(), Buy("two_front")) == "You have no sand dollars; Double Pick costs 4."
    assert why_not(turn(sand_dollars=5), Buy("spot_anywhere")) == "Spot Anywhere is not in play this game."
    assert why_not(turn(sand_dollars=4), Buy("two_front")) is None


def test_r3_2_one_sand_dollar_action_and_one_card_per_turn():
    """R3.2 at most one sand dollar action a turn; nothing more once the card is built."""
    state = turn(sand_dollars=8, actions=("spot_anywhere", "two_front"))
    act(state, "buy spot_anywhere")
    assert why_not(state, Buy("two_front")) == "Only one sand dollar action per turn."
    regular = turn(cards=ROW, people={"street:1": ["local"]}, foodie=2, sand_dollars=8)
    hold(regular, "take front:2 street:4")
    assert why_not_pick(regular, (FRONT, 0)) == "You have already taken your card this turn."
    assert why_not(regular, Buy("back_row")) == "You have already taken your card this turn."


def test_r3_7_an_action_with_nothing_to_take():
    """R3.7 a sand dollar action needs a card it allows."""
    assert why_not(turn(sand_dollars=3), Buy("back_row")) == (
        "Back Row takes a card from the back row, and the display has none.")
    spot = turn(sand_dollars=2, actions=("spot_anywhere",), front=["lab_plain", "lab_wave", None, None])
    assert why_not(spot, Buy("spot_anywhere")) == (
        "Spot Anywhere takes a card with a local or tourist tag, and the display has none.")
    column = turn(sand_dollars=4, actions=("front_and_behind",), back=[None, None, None, "lab_tourist"],
                  front=["lab_plain", "lab_wave", None, None])
    assert why_not(column, Buy("front_and_behind")) == (
        "Front and Behind takes a card from the front row and the card behind it, and no column "
        "of the display has both.")


def test_r3_7_r4_4_no_space_for_a_second_beach_end():
    """R3.7 a card without a legal placement; R4.4 the beach end is what blocks it."""
    state = turn(cards={"beach:-1": "lab_leftmost"}, sand_dollars=3,
                 front=["lab_leftmost2", "lab_local", None, None], back=["lab_leftmost2", None, None, None])
    expected = ("There is no space in your city where Lab Second Beach End can be built: it must be "
                "the leftmost card of your beach, and nothing can be built left of Lab Beach End.")
    assert why_not_pick(state, (FRONT, 0)) == expected
    assert why_not(state, Buy("back_row")) == expected


def test_r8_the_bought_action_says_what_it_takes():
    """R8 a card the bought action does not take: the action's own take rule in words."""
    spot = turn(sand_dollars=2, actions=("spot_anywhere",))
    act(spot, "buy spot_anywhere")
    assert why_not_pick(spot, (FRONT, 0)) == "Spot Anywhere takes a card with a local or tourist tag."
    assert why_not_pick(spot, (FRONT, 2)) is None
    back_row = turn(sand_dollars=3, back=["lab_tourist", None, None, None])
    act(back_row, "buy back_row")
    assert why_not_pick(back_row, (FRONT, 0)) == "Back Row takes a card from the back row."
    column = turn(sand_dollars=4, actions=("front_and_behind",),
                  back=["lab_tourist", "lab_local", None, None])
    act(column, "buy front_and_behind")
    assert why_not_pick(column, (FRONT, 2)) == (
        "Front and Behind takes a card from the front row and the card behind it; this column "
        "does not have both.")
    act(column, "take back:1 street:1")
    assert why_not_pick(column, (FRONT, 0)) == "Front and Behind takes the other card of the same column."
    assert why_not(column, EndTurn()) == "First take and build the other card of Front and Behind."


# ------------------------------------------------------------------ placing a card


def test_r4_1_beach_cards_go_in_the_beach_row():
    """R4.1 the card's row decides where it goes."""
    state = turn()
    assert why_not_space(state, (FRONT, 1), S("street:1")) == (
        "Lab Wave is a beach card: it goes in your beach row.")
    assert why_not_space(state, (FRONT, 0), S("beach:1")) == (
        "Lab Lot is a street card: it goes in your street row.")
    assert why_not_space(state, (FRONT, 1), S("beach:1")) is None


def test_r4_2_an_empty_space_next_to_a_built_one():
    """R4.2 never on a built space, always beside a built one (not diagonally)."""
    state = turn(cards={"street:1": "lab_local"})
    assert why_not_space(state, (FRONT, 0), S("street:1")) == "That space is already built."
    assert why_not_space(state, (FRONT, 1), S("beach:2")) == (
        "A new card must be built next to a built space of your city (not diagonally).")
    assert why_not(state, Take((FRONT, 0), S("street:0"))) == "That space is already built."


def test_r4_4_the_beach_end():
    """R4.4 the leftmost_beach card goes left of every beach card and fences the beach."""
    state = turn(cards={"beach:-1": "lab_wave2"}, front=["lab_leftmost", "lab_wave", None, None])
    assert why_not_space(state, (FRONT, 0), S("beach:1")) == (
        "Lab Beach End must be the leftmost card of your beach.")
    assert why_not_space(state, (FRONT, 0), S("beach:-2")) is None
    fenced = turn(cards={"beach:-1": "lab_leftmost"}, front=["lab_wave", None, None, None])
    assert why_not_space(fenced, (FRONT, 0), S("beach:-2")) == "Nothing can be built left of Lab Beach End."


def test_r4_3_a_placement_that_strands_the_second_card(monkeypatch):
    """R4.3 each placement must keep the action's other card placeable. The placement rules
    never produce this with two cards to take, so the engine's refusal is simulated."""
    state = turn(sand_dollars=4, front=["lab_plain", "lab_local", None, None])
    act(state, "buy two_front")
    refused = Take((FRONT, 0), S("street:1"))
    offered = tuple(a for a in legal_actions(state) if a != refused)
    monkeypatch.setattr(explain, "legal_actions", lambda s: offered)
    monkeypatch.setattr(taking, "legal_actions", lambda s: offered)  # the take's own reasons
    assert why_not(state, refused) == (
        "If you build Lab Lot there, the second card of Double Pick would have nowhere to go.")


# ------------------------------------------------------------------ the moment


def test_r2_r3_r8_6_r9_wrong_moment_for_a_display_card():
    """R2.5, R2.7 setup; R3.5 reward; R8.6 swap; R9.2 final movement; the game over."""
    setup = new_game(lab(), 2, 1)
    assert why_not_pick(setup, (FRONT, 0)) == "First choose your starting tile."
    act(setup, f"tile {setup.tile_pool[0]}")
    act(setup, f"tile {setup.tile_pool[0]}")
    assert setup.phase == PLACE_TRUCK
    assert why_not_pick(setup, (FRONT, 0)) == "First place the food truck under a column of the display."
    reward = turn(truck=2, foodie=2)
    act(reward, "take front:2 street:1")
    assert reward.phase == REWARD
    assert why_not_pick(reward, (FRONT, 0)) == "First choose your food truck and foodie reward."
    assert why_not(reward, EndTurn()) == "First choose your food truck and foodie reward."
    swap = turn(cards=ROW, sand_dollars=2, actions=("swap_and_move",))
    act(swap, "buy swap_and_move")
    act(swap, "take front:0 street:4")
    assert swap.phase == SWAP
    assert why_not_pick(swap, (FRONT, 1)) == "First swap two cards of one row, or choose No swap."
    final = position(lab(), player(cards=ROW, people={"street:1": ["local"]}), phase="final")
    assert why_not_pick(final, (FRONT, 0)) == "The game has ended: only the final movement is left."
    over = position(lab(), player(cards=ROW))
    assert why_not_pick(over, (FRONT, 0)) == "The game is over."


def test_r2_r3_buttons_at_the_wrong_moment():
    """R2.5, R2.7, R3.5, R8.6, R9.2: end turn, done, no swap, reward, tile and truck."""
    state = turn()
    assert why_not(state, EndTurn()) == "First take a card, or buy a sand dollar action."
    assert why_not(state, FinalDone()) == "The final movement comes at the end of the game."
    assert why_not(state, NoSwap()) == "There is no swap to decline now."
    assert why_not(state, Reward("two_dollars")) == (
        "You choose a reward only when you take the card in the column of both the food truck "
        "and the foodie.")
    assert why_not(state, ChooseTile("spots")) == "Starting tiles are chosen only at the start of the game."
    assert why_not(state, PlaceTruck(0)) == "The food truck is placed only at the start of the game."
    assert why_not(state, Swap(S("street:0"), S("street:1"))) == (
        "You may swap cards only right after building the card of a sand dollar action that "
        "allows a swap.")
    final = position(lab(), player(cards=ROW, people={"street:1": ["local"]}), phase="final")
    assert why_not(final, EndTurn()) == "In the final movement, choose Done when you have finished."
    setup = new_game(lab(), 2, 1)
    assert why_not(setup, ChooseTile("no_such_tile")) == "That starting tile was not drawn for this game."
    act(setup, f"tile {setup.tile_pool[0]}")
    chosen = next(p.tile for p in setup.players if p.tile)
    assert why_not(setup, ChooseTile(chosen)) == "Another player has already chosen that starting tile."
    act(setup, f"tile {setup.tile_pool[0]}")
    assert why_not(setup, PlaceTruck(7)) == "The display has only 4 columns."


def test_r8_6_swap_refusals():
    """R8.6 two feature cards of one row; never the starting tile or the beach end."""
    cards = {**ROW, "beach:1": "lab_wave", "beach:-1": "lab_leftmost", "beach:2": "lab_wave2"}
    state = turn(cards=cards, sand_dollars=2, actions=("swap_and_move",))
    act(state, "buy swap_and_move")
    act(state, "take front:0 street:4")
    assert why_not(state, Swap(S("street:0"), S("street:1"))) == "The starting tile cannot be swapped."
    assert why_not(state, Swap(S("beach:-1"), S("beach:1"))) == (
        "Lab Beach End is the leftmost beach card: it cannot be swapped.")
    assert why_not(state, Swap(S("beach:1"), S("street:1"))) == "Swap two cards of the same row."
    assert why_not(state, Swap(S("street:1"), S("street:1"))) == "Choose two different cards to swap."
    assert why_not(state, Swap(S("street:1"), S("street:9"))) == "Swap two cards that are built in your city."
    assert why_not(state, Swap(S("street:1"), S("street:2"))) is None
    assert why_not(state, EndTurn()) == "First swap two cards of one row, or choose No swap."


# ------------------------------------------------------------------ people


def test_r5_1_people_move_after_the_cards_are_built():
    """R5.1, R5.2 movement comes after the cards of the turn are built."""
    state = turn(cards=ROW, people={"street:1": ["local"]})
    assert why_not_person(state, 1) == "People move after your cards are built."
    assert why_not_step(state, 1, S("street:2")) == "People move after your cards are built."
    assert why_not(state, MovePerson(0, 1, (S("street:2"),))) == "People move after your cards are built."


def test_r5_3_moves_left_and_their_types():
    """R5.3 an allowance moves only its type of person; used-up allowances move nobody."""
    state = turn(cards=ROW, people={"street:1": ["local", "tourist"]},
                 front=["lab_move_tourist2", "lab_plain", None, None])
    hold(state, "take front:0 street:4")
    assert why_not_person(state, 1) == "Your moves left this turn are for tourists."
    assert why_not_person(state, 1, 0) == "Lab Shuttle is for tourists only."
    assert why_not_person(state, 2) is None
    assert why_not_person(state, 2, 5) == "There is no such move this turn."
    foodie = turn(cards=ROW, people={"street:1": ["local", "tourist"]}, foodie=2)
    hold(foodie, "take front:2 street:4")
    hold(foodie, "move 0 p1 street:2")
    assert why_not_person(foodie, 2) == "You have no moves left this turn."
    assert why_not_person(foodie, 2, 0) == "You have used up the Foodie move."


def test_r5_3_r5_5_a_move_of_the_turn_nothing_can_use_says_why():
    """R5.3-R5.5 an allowance with moves left that no legal move or return uses: the turn's
    list says why from the engine, not "2 moves left"."""
    state = turn(cards=ROW, people={"street:1": ["local"]},
                 front=["lab_move_tourist2", "lab_plain", None, None])
    hold(state, "take front:0 street:4")
    shuttle, foodie = 0, 1
    assert why_idle(state, shuttle) == "you have no tourist in your city"
    assert why_idle(state, foodie) is None, "the local may use the Foodie move"
    assert why_idle(state, 7) is None and why_idle(state, -1) is None

    one = turn(cards=ROW, people={"street:1": ["tourist"]},
               front=["lab_move_tourist2", "lab_plain", None, None])
    hold(one, "take front:0 street:4")
    assert why_idle(one, shuttle) is None
    hold(one, "move 0 p1 street:2")
    assert one.allowances[shuttle].remaining > 0
    assert why_idle(one, shuttle) == "everyone it may move has moved with it already"

    there = turn(cards=ROW, people={"beach:0": ["tourist"]}, foodie=0,
                 front=["lab_move_here", "lab_plain", None, None])
    hold(there, "take front:0 beach:1")
    hold(there, "move 1 p1 beach:1")  # the Foodie move onto Lab Magnet first
    assert why_idle(there, 0) == "everyone it may bring is on Lab Magnet already"

    empty = turn(cards=ROW, people={}, front=["lab_return", "lab_plain", None, None], foodie=0)
    hold(empty, "take front:0 street:4")
    assert why_idle(empty, 0) == "nobody it may send back is in your city"
    assert why_idle(empty, 1) == "you have nobody in your city"
    before = empty.copy()
    why_idle(empty, 0)
    assert empty == before, "explaining never changes the state"


def test_r5_3_a_person_moves_once_per_allowance():
    """R5.3 within one allowance the same person may not move twice."""
    state = turn(cards=ROW, people={"street:1": ["local", "tourist", "tourist"]},
                 front=["lab_move_tourist2", "lab_plain", None, None])
    hold(state, "take front:0 street:4")
    hold(state, "move 0 p2 street:2")
    assert why_not_person(state, 2) == "This tourist has already moved with Lab Shuttle."
    assert why_not_person(state, 2, 0) == "This tourist has already moved with Lab Shuttle."
    assert why_not(state, MovePerson(0, 2, (S("street:3"),))) == (
        "This tourist has already moved with Lab Shuttle.")
    assert why_not_person(state, 3, 0) is None


def test_r6_1_people_walk_over_built_spaces_within_reach():
    """R6.1 never onto an empty space; the real shortest distance over built spaces."""
    state = turn(cards=ROW, people={"street:1": ["local", "tourist"]},
                 front=["lab_move_tourist2", "lab_plain", None, None])
    hold(state, "take front:0 street:4")
    assert why_not_step(state, 2, S("beach:2")) == "People walk only over built spaces."
    assert why_not_step(state, 2, S("street:4")) == "That space is 3 steps away; this move reaches 2."
    assert why_not_step(state, 2, S("street:1")) == "This tourist is already on that space."
    assert why_not_step(state, 2, S("street:3")) is None
    foodie = turn(cards=ROW, people={"street:1": ["local"]}, foodie=2)
    hold(foodie, "take front:2 street:4")
    assert why_not_step(foodie, 1, S("street:3")) == "That space is 2 steps away; this move reaches 1."


def test_r3_5_the_double_move_reaches_two_for_one_person_alone():
    """R3.5 (c) up to 2 people 1 space each, or 1 person up to 2 spaces."""
    state = turn(cards=ROW, people={"street:1": ["local", "tourist"]}, truck=2, foodie=2)
    hold(state, "take front:2 street:4")
    hold(state, "reward double_move")
    assert why_not_step(state, 1, S("street:4")) == (
        "That space is 3 steps away; this move reaches 1, or 2 for one person alone.")
    assert why_not_step(state, 1, S("street:3")) is None
    hold(state, "move 0 p1 street:2")
    assert why_not_step(state, 2, S("street:3")) == (
        "That space is 2 steps away; this move reaches 1 now that someone has used it "
        "(one person alone may go 2).")
    assert why_not_person(state, 1) == "This local has already moved with the food truck and foodie move."


def test_r5_4_move_here_only_onto_its_own_card():
    """R5.4 a move_here allowance jumps people onto its card, nowhere else."""
    state = turn(cards=ROW, people={"street:1": ["local"], "street:0": ["tourist"]},
                 front=["lab_move_here", "lab_plain", None, None])
    hold(state, "take front:0 beach:1")
    assert why_not_step(state, 1, S("street:2")) == "Lab Magnet can only bring people onto itself."
    assert why_not_step(state, 1, S("beach:1")) is None
    hold(state, "move 0 p1 beach:1")
    assert why_not_person(state, 1, 0) == "This local has already moved with Lab Magnet."
    there = turn(cards=ROW, people={"beach:0": ["tourist"]}, foodie=0,
                 front=["lab_move_here", "lab_plain", None, None])
    hold(there, "take front:0 beach:1")
    hold(there, "move 1 p1 beach:1")  # the Foodie move onto Lab Magnet first
    assert why_not_person(there, 1, 0) == "This tourist is already on Lab Magnet."


def test_r5_5_return_and_move_allowances_are_not_interchangeable():
    """R5.5 a return allowance sends people to the supply; a move allowance moves them."""
    state = turn(cards=ROW, people={"street:1": ["local"]}, front=["lab_return", "lab_plain", None, None],
                 foodie=0)
    hold(state, "take front:0 street:4")
    kinds = [a.kind for a in state.allowances]
    assert kinds == ["return", "move"]
    assert why_not(state, MovePerson(0, 1, (S("street:2"),))) == (
        "Lab Exit returns people to the supply; it does not move them.")
    assert why_not(state, ReturnPerson(1, 1)) == (
        "The Foodie move moves people; it does not return them to the supply.")
    assert why_not_step(state, 1, S("street:2"), allowance=0) == (
        "Lab Exit returns people to the supply; it does not move them.")


def test_r6_1_a_vip_walks_step_by_step():
    """R6.1, R6.3 a VIP's path matters: it walks one neighbour at a time, up to its reach."""
    state = turn(tile="spots", cards=ROW, people={"street:1": ["vip"]},
                 front=["lab_move_vip2", None, None, None])
    hold(state, "take front:0 street:4")
    assert why_not_step(state, 1, S("street:3")) == (
        "A VIP walks one step at a time: choose a space next to it.")
    assert why_not_step(state, 1, S("street:4"), path=(S("street:2"),)) == (
        "That space is 2 steps away; this VIP can walk 1 more step.")
    assert why_not_step(state, 1, S("street:4"), path=(S("street:2"), S("street:3"))) == (
        "This VIP has already walked 2 steps, as far as it may go.")
    assert why_not_step(state, 1, S("street:3"), path=(S("street:2"),)) is None


def test_r9_2_final_movement_once_each_within_its_distance():
    """R9.2 each person once; tourists and VIPs 1 space, locals 3 (house rules may say 0)."""
    state = position(lab(), player(cards=ROW, people={"street:1": ["local", "tourist", "vip"]}),
                     phase="final")
    assert why_not_step(state, 2, S("street:3")) == (
        "That space is 2 steps away; in the final movement a tourist may move 1 step.")
    assert why_not_step(state, 1, S("street:3")) is None
    hold(state, "final p2 street:2")
    assert why_not_person(state, 2) == (
        "Each person moves once in the final movement; this tourist has already moved.")
    assert why_not(state, FinalMove(2, (S("street:3"),))) == (
        "Each person moves once in the final movement; this tourist has already moved.")
    state.rules = attrs.evolve(state.rules, final_move=attrs.evolve(state.rules.final_move, vip=0))
    assert why_not_person(state, 3) == "VIPs do not move in the final movement."
    assert why_not(turn(), FinalMove(1, (S("street:1"),))) == (
        "The final movement comes at the end of the game.")


def test_r0_5_people_of_another_city():
    """R0.5 every person stands in its owner's city: only yours move on your turn."""
    state = position(lab(), player(cards=ROW, people={"street:1": ["local"]}),
                     player(tile="surfer", people={"street:0": ["tourist"]}), phase="final")
    assert why_not_person(state, 2) == "That person is in another player's city."
    assert why_not_person(state, 99) == "That person is not in your city."


# ------------------------------------------------------------------ every refusal, at random

BANNED = re.compile(r"\bp\d|beach:|street:|\(s\)|\bR\d|_")


def _ok(text: str | None, offered: bool, what: object) -> None:
    if offered:
        assert text is None, (what, text)
    else:
        assert isinstance(text, str) and text.strip() and not BANNED.search(text), (what, text)


def _probe(state: GameState, rnd: random.Random) -> None:
    """Random intents against the engine's legal actions: None exactly when offered."""
    legal = legal_actions(state)
    before = state.copy()
    me = state.players[state.current]
    columns = [c for _, c in me.city] or [0]
    spaces = [(r, c) for r in (0, 1) for c in range(min(columns) - 2, max(columns) + 3)]
    people = [pid for p in state.players for pid in p.people] + [999]
    slot = (rnd.randint(0, 1), rnd.randint(-1, state.rules.display_columns))
    space = rnd.choice(spaces)
    _ok(why_not_pick(state, slot), any(isinstance(a, Take) and a.slot == slot for a in legal), slot)
    _ok(why_not_space(state, slot, space), Take(slot, space) in legal, (slot, space))
    pid = rnd.choice(people)
    allowance = rnd.choice([None, None, -1, *range(len(state.allowances) + 1)])
    mine = [a for a in legal if isinstance(a, (MovePerson, ReturnPerson, FinalMove)) and a.person == pid
            and (allowance is None or isinstance(a, FinalMove) or a.allowance == allowance)]
    _ok(why_not_person(state, pid, allowance), bool(mine), (pid, allowance))
    walks = [a for a in mine if not isinstance(a, ReturnPerson)]
    path = rnd.choice(walks).path[:-1] if walks and rnd.random() < 0.5 else ()
    steps = {m.path[len(path)] for m in walks if len(m.path) > len(path) and m.path[:len(path)] == path}
    _ok(why_not_step(state, pid, space, allowance, path), space in steps, (pid, space, allowance, path))
    index = allowance if allowance is not None else 0
    for action in (Take(slot, space), Buy(rnd.choice(list(base().sand_dollar_actions))),
                   Swap(space, rnd.choice(spaces)), NoSwap(), EndTurn(), FinalDone(),
                   Reward(rnd.choice(["dollar_move", "two_dollars", "double_move", "cake"])),
                   ChooseTile(rnd.choice(list(base().starting_tiles))), PlaceTruck(rnd.randint(-1, 5)),
                   MovePerson(index, pid, (*path, space)), ReturnPerson(index, pid),
                   FinalMove(pid, (*path, space))):
        _ok(why_not(state, action), action in legal, str(action))
    for index, held in enumerate(state.allowances):
        used = any(isinstance(a, (MovePerson, ReturnPerson)) and a.allowance == index for a in legal)
        _ok(why_idle(state, index), used or held.remaining <= 0 or state.phase != MOVE,
            ("idle", index))
    assert state == before, "explaining never changes the state"


def test_fuzz_explanations_match_the_legal_actions():
    """R2-R9 over random games: every intent gets None exactly when the engine offers it,
    otherwise a plain sentence without ids, coordinates, rule ids or '(s)'."""
    for seed in range(10):
        rnd = random.Random(seed)
        state = new_game(base(), 2 + seed % 3, seed)
        while True:
            legal = legal_actions(state)
            if rnd.random() < 0.5 or not legal:
                _probe(state, rnd)
            if state.is_over:
                break
            apply(state, rnd.choice(legal))
