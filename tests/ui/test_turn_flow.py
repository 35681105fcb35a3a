"""A first game that never gets stuck, never surprises and explains itself (issue 11): the
reward dialog again and again in one window, a turn that waits for End turn, a final movement
that waits for Done and can be changed, the final round banner, refused clicks with their
reasons, plain words in the log, seats handed to the AI and back, and per-game autosaves."""

from __future__ import annotations

import re

import attrs
import pytest
from PySide6.QtCore import Qt

from smqt.engine.actions import FinalMove, Reward, Take
from smqt.engine.game import Game
from smqt.engine.state import ACQUIRE, FINAL, MOVE, AllowanceState, GameState
from smqt.pack.shipped import default_pack
from smqt.ui.game.controller import Seat
from smqt.ui.game.logtext import still_to_play
from smqt.ui.shell.autosaves import unfinished_games
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.items import PersonItem
from smqt.ui.table.rewards import RewardItem
from tests.support import base, in_turn, player, position
from tests.ui.clicks import click_button, click_item, click_person, click_space, face, perform
from tests.ui.test_table import play_by_hand, two_people

pytestmark = pytest.mark.gui


def on_the_table(window: TableWindow, state: GameState, kinds=("human", "human")) -> None:
    """Put a hand-made position on the table as a game (its record starts there)."""
    game = Game.new(state.catalog, state.num_players, 1)
    game.state = state
    window.start_game(game, [Seat(f"P{i + 1}", kind) for i, kind in enumerate(kinds)],
                      default_pack())


def reason(window: TableWindow) -> str:
    panel = window.widgets.turn_panel.reason
    return panel.text() if panel.isVisible() else ""


# ================================================================== the reward dialog


def test_r3_5_the_rewards_are_offered_on_the_table_every_time_in_one_window(qtbot, window):
    """R3.5: the food truck and the foodie under the taken card, three turns in a row in one
    window: each time the three rewards stand beside the card in the city (no dialog over the
    display), the one clicked is played, they go, and the turn waits for E."""
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    for choice in ("two_dollars", "dollar_move", "double_move"):
        state = ctrl.state
        take = next(a for a in ctrl.legal() if isinstance(a, Take))
        state.truck = state.foodie = take.slot[1]
        window.drawing.refresh()
        perform(qtbot, window, take)
        offered = {item.choice: item for item in window.widgets.city_scene.items()
                   if isinstance(item, RewardItem)}
        assert set(offered) == {"dollar_move", "two_dollars", "double_move"}
        card = window.widgets.city_scene.rect_of(("space", take.space))
        assert all(abs(item.sceneBoundingRect().center().y() - card.center().y()) < card.height()
                   for item in offered.values()), "beside the card's row"
        click_item(qtbot, window.widgets.city_view, offered[choice])
        assert ctrl.game.actions[-1] == Reward(choice)
        assert not any(isinstance(item, RewardItem) for item in window.widgets.city_scene.items())
        seat = ctrl.state.current
        while ctrl.state.current == seat:  # use or give up the moves, then End turn
            qtbot.keyClick(window, Qt.Key.Key_E)
        play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)


# ================================================================== the turn waits


def test_r5_2_a_turn_with_no_moves_left_waits_for_end_turn_and_can_be_undone(qtbot, window):
    """R5.2: after a card with no movement the turn does not end by itself: the panel says
    so, Undo takes the card back, and End turn (E) ends it."""
    state = in_turn(position(base(), player("regular"), player("spots")),
                    front=["sunset_lookout", "corner_coffee_roaster", "juice_bar", "skate_bowl"],
                    truck=3, foodie=3)
    on_the_table(window, state)
    ctrl = window.controller
    before = ctrl.state.copy()
    take = next(a for a in ctrl.legal() if isinstance(a, Take) and a.slot == (0, 1))
    perform(qtbot, window, take)
    assert ctrl.state.phase == MOVE and ctrl.state.current == 0, "the turn waits"
    assert ctrl.awaiting_end
    assert "no moves left" in window.widgets.turn_panel.prompt.text()
    assert "End turn (E)" in window.widgets.turn_panel.prompt.text()
    click_button(qtbot, window.widgets.turn_panel.undo)
    assert ctrl.state == before, "the card goes back to the display"
    perform(qtbot, window, take)
    recorded = len(ctrl.game.actions)
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert ctrl.state.current == 1 and ctrl.state.phase == ACQUIRE
    assert len(ctrl.game.actions) == recorded, "the confirmation is not part of the record"
    assert not ctrl.can_undo


# ================================================================== final movement


def test_r9_3_best_final_movement_waits_for_done_and_can_be_changed(qtbot, window):
    """R9.3: the best final movement is placed on the table, each move listed with what it
    gains and drawn as a numbered arrow; one is taken back, the others stay; Done ends it."""
    cards = {"street:1": "corner_coffee_roaster", "street:2": "juice_bar",
             "beach:1": "sunset_lookout", "beach:-1": "sandcastle_contest"}
    people = {"street:0": ["local", "local", "tourist"], "street:2": ["local"]}
    state = position(base(), player("regular", cards=cards, people=people),
                     player("spots"), phase="final", objective="orange")
    on_the_table(window, state)
    ctrl = window.controller
    assert ctrl.state.phase == FINAL and ctrl.state.current == 0
    click_button(qtbot, window.widgets.turn_panel.auto_final)
    steps = ctrl.final_steps()
    assert len(steps) >= 2
    assert ctrl.state.phase == FINAL and ctrl.state.current == 0, "it waits for Done"
    assert window.widgets.turn_panel.final_steps.count() == len(steps)
    assert "total" in window.widgets.turn_panel.final_title.text()
    arrows = [i for i in window.widgets.city_view.scene().items() if type(i).__name__ == "ArrowItem"]
    assert len(arrows) == len(steps)
    # with the arrows drawn, the city still knows its spaces (a drop, a keyboard mark): it
    # once returned the last arrow's way instead, and a drag in the final movement failed
    for space in ctrl.state.players[0].city:
        rect = window.widgets.city_scene.rect_of(("space", space))
        assert rect is not None and window.widgets.city_scene.space_at(rect.center()) == space
    # take back the first move (not the last): the others stay where the plan put them
    first, rest = steps[0], steps[1:]
    row = window.widgets.turn_panel.final_steps.itemWidget(window.widgets.turn_panel.final_steps.item(0))
    button = next(b for b in row.findChildren(type(window.widgets.turn_panel.auto_final).__mro__[1])
                  if b.accessibleName() == "Take back")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    people_now = ctrl.state.players[0].people
    assert people_now[first.move.person][1] == first.origin
    for step in rest:
        assert people_now[step.move.person][1] == step.move.path[-1]
    assert [s.move for s in ctrl.final_steps()] == [s.move for s in rest]
    # move that person by hand somewhere else, then Done
    other = next(a for a in ctrl.legal() if isinstance(a, FinalMove)
                 and a.person == first.move.person and a.path != first.move.path)
    perform(qtbot, window, other)
    assert ctrl.state.phase == FINAL and ctrl.state.current == 0
    click_button(qtbot, window.widgets.turn_panel.final_done)
    assert ctrl.state.current != 0 or ctrl.state.is_over


def test_r9_3_the_ai_makes_no_move_for_nothing(qtbot, window):
    """R9.3: two locals who could swap places (A -> B and B -> A) stay put."""
    cards = {"street:1": "corner_coffee_roaster", "street:2": "juice_bar"}
    people = {"street:1": ["local"], "street:2": ["local"]}
    state = position(base(), player("regular", cards=cards, people=people), player("spots"),
                     phase="final", objective="blue")
    on_the_table(window, state, kinds=("medium", "human"))
    ctrl = window.controller
    ctrl.start()
    qtbot.waitUntil(lambda: ctrl.state.current == 1 or ctrl.state.is_over, timeout=30_000)
    assert not any(isinstance(a, FinalMove) for a in ctrl.game.actions)


# ================================================================== the final round


def test_r9_1_the_final_round_banner_names_who_still_plays(qtbot, window):
    """R9.1: once a player ends a turn with enough cards, the banner tells each later player
    that this is their last turn and who still plays; the log says it too."""
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human"), ("Cy", "human")), 12,
                                default_pack()))
    ctrl = window.controller
    state = ctrl.state
    short = attrs.evolve(state.rules, cards_to_end=2)
    state.rules = short
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    assert not window.widgets.banner.isVisible()
    play_by_hand(qtbot, window, until=lambda c: c.state.triggered)
    trigger = window.session.trigger
    assert trigger is not None
    names = ["Ann", "Bo", "Cy"]
    later = still_to_play(ctrl.state, trigger)
    assert later == [(trigger + k) % 3 for k in range(1, len(later) + 1)]
    assert later, "seed 12 triggers the end before the last player's turn"
    for number, seat in enumerate(later):
        assert ctrl.state.current == seat
        text = window.widgets.banner.text()
        assert window.widgets.banner.isVisible() and text.startswith("Final round")
        assert f"{names[seat]}, this is your last turn" in text
        assert f"{names[trigger]} has " in text
        rest = later[number + 1:]
        if rest:
            assert f"Still to play after: {', '.join(names[s] for s in rest)}" in text
        else:
            assert "Then the final movement" in text
        play_by_hand(qtbot, window, until=lambda c, s=seat: c.state.current != s)
    assert ctrl.state.phase in (FINAL, "over")
    log = [window.widgets.log.item(i).text() for i in range(window.widgets.log.count())]
    assert any(line.strip().startswith("Final round:") for line in log)


# ================================================================== reasons


def move_state() -> GameState:
    """P1 moves: a foodie move (1 person, 1 space) and a local on the tile; cards at street
    1 to 3."""
    cards = {"street:1": "corner_coffee_roaster", "street:2": "juice_bar", "street:3": "skate_bowl"}
    state = position(base(), player("regular", cards=cards, people={"street:0": ["tourist"]}),
                     player("spots"))
    state = in_turn(state, truck=3, foodie=3)
    state.phase = MOVE
    state.allowances = [AllowanceState("move", "any", 1, 1, "foodie")]
    return state


def test_r6_1_a_refused_click_on_a_too_far_space_says_why(qtbot, window):
    """R6.1, R5.3: the person is selected, then a space three steps away is clicked."""
    on_the_table(window, move_state())
    ctrl = window.controller
    (pid,) = ctrl.state.players[0].people
    click_person(qtbot, window, pid)
    click_space(qtbot, window, (1, 3))
    assert reason(window) == "That space is 3 steps away; this move reaches 1."
    assert len(ctrl.game.actions) == 0
    click_space(qtbot, window, (1, 1))
    assert ctrl.game.actions and not reason(window)


def test_r3_2_an_unaffordable_sand_dollar_action_says_why(qtbot, window):
    """R3.2: with 1 sand dollar, a click on an action costing more is refused with the
    engine's reason; hovering it says the same."""
    state = in_turn(position(base(), player("regular", sand_dollars=1), player("spots")),
                    sand_dollar_actions=("back_row", "tourist_shuffle"))
    on_the_table(window, state)
    ctrl = window.controller
    item = face(window.widgets.display_view, ("sand_dollar", "back_row"))
    click_item(qtbot, window.widgets.display_view, item)
    name = base().sand_dollar_actions["back_row"].name
    assert reason(window) == f"You have 1 sand dollar; {name} costs 3."
    assert "costs 3" in face(window.widgets.display_view, ("sand_dollar", "back_row")).toolTip()
    assert ctrl.state.phase == ACQUIRE and not ctrl.game.actions


def test_r3_1_a_back_row_card_and_the_other_city_say_why(qtbot, window):
    """R3.1: a back-row card in a regular turn; a click in another player's city."""
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    click_item(qtbot, window.widgets.display_view, face(window.widgets.display_view, ("slot", (1, 0))))
    assert "back-row card needs a sand dollar action" in reason(window)
    other = 1 - ctrl.state.current
    window.navigation.show_city(other)
    click_item(qtbot, window.widgets.city_view, face(window.widgets.city_view, ("space", (1, 0))))
    assert "city" in reason(window) and ctrl.seats[other].name in reason(window)


# ================================================================== plain words


def test_the_log_and_score_tips_speak_plainly(qtbot, window):
    """The log names cards and places in words; the score tooltip names each card."""
    two_people(window)
    play_by_hand(qtbot, window)
    lines = [window.widgets.log.item(i).text() for i in range(window.widgets.log.count())]
    assert lines
    for line in lines:
        assert not re.search(r"\b(beach|street):-?\d|\bp\d+\b|\(s\)|_", line), line
    assert any("points (" in line for line in lines), "score lines after turns"
    tip = window.widgets.players.panels[0].toolTip()
    names = {c.name for c in base().cards.values()}
    assert any(name in tip for name in names)


def test_the_end_page_breaks_each_score_down_and_points_at_the_card(qtbot, window):
    """R10: every line of a player's sheet, grouped; pointing at a card's line outlines it."""
    two_people(window)
    play_by_hand(qtbot, window)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    page = window.widgets.end_page
    tree = page.breakdown.tree
    groups = [tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount())]
    assert groups[:2] == ["Objective", "Feature cards"] and groups[-1] == "Total"
    total = int(tree.topLevelItem(tree.topLevelItemCount() - 1).text(0))
    player = page.breakdown.player.currentData()
    assert total == window.session.score.sheets[player].total
    cards = tree.topLevelItem(1)
    line = cards.child(0)
    tree.setCurrentItem(line)
    space = line.data(0, Qt.ItemDataRole.UserRole)
    outlined = [i for i in page.city_scene.items() if getattr(i, "selected", False)]
    assert [i.intent[1] for i in outlined] == [space]


# ================================================================== seats and saves


def test_the_ai_takes_a_seat_and_gives_it_back(qtbot, window):
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    seat = ctrl.state.current
    ctrl.set_seat(seat, "medium")
    qtbot.waitUntil(lambda: ctrl.state.current != seat, timeout=30_000)
    assert ctrl.seats[seat].kind == "medium"
    ctrl.set_seat(seat, "human")
    play_by_hand(qtbot, window, until=lambda c: c.state.current == seat)
    assert ctrl.legal(), "the person plays the seat again"


def test_a_playtest_never_overwrites_an_unfinished_game(qtbot, window, tmp_path):
    two_people(window)
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 2 and c.state.phase == ACQUIRE)
    mine = window.controller.autosave
    window.games.open_playtest(default_pack().parent / "variants" / "short-game", 5)
    assert window.session.playtest and "playtest" in window.windowTitle()
    assert "short-game" in window.windowTitle()
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 2 and c.state.phase == ACQUIRE)
    games = unfinished_games()
    assert mine in [g.path for g in games]
    assert [g.path for g in unfinished_games(playtests=False)] == [mine]
    assert window.games.resume_last() and window.controller.autosave == mine
    assert "playtest" not in window.windowTitle()


def test_people_items_do_not_show_ids(qtbot, window):
    on_the_table(window, move_state())
    tips = [i.toolTip() for i in window.widgets.city_view.scene().items() if isinstance(i, PersonItem)]
    assert tips and all(not re.search(r"p\d", tip) for tip in tips)


def test_r5_3_a_person_who_cannot_move_and_an_empty_space_say_why(qtbot, window):
    """R5.3, R4.1: a person with no move left is clicked; a beach card is picked and an empty
    street space (no item there) is clicked."""
    state = move_state()
    state.allowances = [AllowanceState("move", "vip", 1, 1, "foodie")]
    state.phase = MOVE
    on_the_table(window, state)
    (pid,) = window.controller.state.players[0].people
    click_person(qtbot, window, pid)
    assert "VIP" in reason(window)
    # a fresh turn: pick a beach card, then click the empty street space at column 4
    state = in_turn(position(base(), player("regular", cards={"street:1": "juice_bar"}),
                             player("spots")),
                    front=["sunset_lookout", "corner_coffee_roaster", "juice_bar", "skate_bowl"],
                    truck=3, foodie=3)
    on_the_table(window, state)
    click_item(qtbot, window.widgets.display_view, face(window.widgets.display_view, ("slot", (0, 0))))
    view = window.widgets.city_view
    spot = view.mapFromScene(window.widgets.city_scene.grid_rect((1, 2)).center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    name = base().cards["sunset_lookout"].name
    assert reason(window) == f"{name} is a beach card: it goes in your beach row."


def test_a_game_saved_with_an_earlier_version_of_the_pack_goes_on(qtbot, window, tmp_path):
    """R12.2: a record of base 1.0.0 (another edit of the same pack) opens with a notice;
    its own rules settings are kept."""
    from smqt.engine.catalog import PackIdentity
    from smqt.records.savedgame import save_game

    game = Game.new(base(), 2, 4)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    old = attrs.evolve(game.record, pack=PackIdentity("base", "1.0.0", "984b19b5cbcf6414"))
    path = tmp_path / "old.toml"
    save_game(path, old, [("Ann", "human"), ("Bo", "human")], None)
    assert window.load(path)
    assert window.controller.state == game.state
    said = window.widgets.problem_bar.text.text()
    assert "1.0.0" in said and "goes on" in said


def test_resume_skips_a_game_that_cannot_be_replayed_and_sets_it_aside(qtbot, window, tmp_path):
    """The newest unfinished game cannot be replayed: it is moved aside (kept) with a message
    and the next one is resumed."""
    import os

    from smqt.ui.shell.autosaves import games_folder

    two_people(window)
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 2 and c.state.phase == ACQUIRE)
    good = window.controller.autosave
    state = window.controller.state.copy()
    window.new_game(GameOptions((("Cy", "human"), ("Di", "human")), 9, default_pack()))
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 1 and c.state.phase == ACQUIRE)
    bad = window.controller.autosave
    window._drop_controller()
    text = bad.read_text(encoding="utf-8")
    bad.write_text(text.replace('actions = [', 'actions = [\n "take front:9 beach:77",'),
                   encoding="utf-8")
    os.utime(bad, (os.path.getmtime(good) + 10,) * 2)
    assert window.games.resume_last()
    assert window.controller.autosave == good and window.controller.state == state
    assert not bad.exists()
    assert (games_folder() / "set-aside" / bad.name).exists()
    assert "could not be resumed" in window.widgets.problem_bar.title.text()


def test_final_steps_follow_undo(qtbot, window):
    """After a final move, Undo and another move, the list shows only the move made."""
    cards = {"street:1": "corner_coffee_roaster", "street:2": "juice_bar"}
    state = position(base(), player("regular", cards=cards, people={"street:0": ["local", "local"]}),
                     player("spots"), phase="final", objective="orange")
    on_the_table(window, state)
    ctrl = window.controller
    moves = [a for a in ctrl.legal() if isinstance(a, FinalMove)]
    first = moves[0]
    second = next(m for m in moves if m.path != first.path)
    assert ctrl.play(first)
    assert [s.move for s in ctrl.final_steps()] == [first]
    assert ctrl.undo()
    assert ctrl.play(second)
    assert [s.move for s in ctrl.final_steps()] == [second]


def test_a_handed_over_playtest_keeps_seed_zero_and_refuses_nonsense(qtbot, window):
    variant = str(default_pack().parent / "variants" / "short-game")
    window.games.handle_request({"playtest": variant, "seed": 0})
    assert window.controller.game.setup.seed == 0 and window.session.playtest
    window.games.handle_request({"playtest": variant, "seed": "x"})
    assert "could not be opened" in window.widgets.problem_bar.title.text()


def test_a_new_game_starts_without_the_last_games_ai_turns(qtbot, window):
    """The line under the table with the AI's last turns belongs to its game: a second game
    in the same window starts with it empty."""
    window.menus.set_pace(300)
    window.new_game(GameOptions((("Ann", "easy"), ("Bo", "easy")), 4, default_pack()))
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() != "", timeout=60_000)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "easy")), 5, default_pack()))
    assert window.statusBar().currentMessage() == ""
    assert window.last_summary == ""


def test_r5_3_a_move_nothing_can_use_shows_the_engines_reason(qtbot, window):
    """R5.3: a tourist move with no tourist in the city is listed with the engine's reason
    (``explain.why_idle``), not with its moves left; the Foodie move stays usable."""
    cards = {"street:1": "corner_coffee_roaster", "street:2": "juice_bar", "street:3": "skate_bowl"}
    state = in_turn(position(base(), player("regular", cards=cards, people={"street:1": ["local"]}),
                             player("spots")), truck=3, foodie=3)
    state.phase = MOVE
    state.allowances = [AllowanceState("move", "tourist", 2, 2, "foodie"),
                        AllowanceState("move", "any", 1, 1, "foodie")]
    on_the_table(window, state)
    items = [window.widgets.turn_panel.allowances.item(i).text() for i in range(2)]
    assert "(not usable now: you have no tourist in your city)" in items[0], items
    assert "(1 move left)" in items[1], items


def test_r5_2_end_turn_with_a_person_picked_gives_up_that_move_too(qtbot, window):
    """R5.2: a person picked, then E: the panel asks to confirm giving up the moves left, and
    the picked person's spaces and their points leave the table (they stayed until the second
    E)."""
    from smqt.ui.table.gains import GainItem

    on_the_table(window, move_state())
    ctrl = window.controller
    (pid,) = ctrl.state.players[0].people
    click_person(qtbot, window, pid)
    assert any(isinstance(i, GainItem) for i in window.widgets.city_scene.items())
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert window.session.interaction.person is None
    assert window.widgets.turn_panel.end_turn.text() == "Confirm: end turn"
    assert not any(isinstance(i, GainItem) for i in window.widgets.city_scene.items())
    assert not ctrl.game.actions, "nothing played yet"
    qtbot.keyClick(window, Qt.Key.Key_E)
    assert ctrl.state.current == 1, "the second E ends the turn"
