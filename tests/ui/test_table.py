"""The play table's window: gestures for every kind of decision, the reward dialog, undo,
read-only history, saving and loading, resuming, remembered layout and clear messages."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from smqt.ai.protocol import make_bot
from smqt.desktop.datafolder import settings
from smqt.engine.actions import FinalMove, MovePerson, ReturnPerson, Reward, Take
from smqt.engine.game import Game
from smqt.engine.rules import applied, apply
from smqt.engine.state import ACQUIRE, FINAL, MOVE
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack
from smqt.records.savedgame import save_game
from smqt.ui.shell.autosaves import unfinished_games
from smqt.ui.shell.newgame import GameOptions, NewGameDialog
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.items import PersonItem
from smqt.ui.table.rewards import RewardItem
from tests.ui.clicks import (
    choose_allowance,
    click_button,
    click_item,
    click_person,
    click_space,
    face,
    perform,
    played,
    reward_item,
)

pytestmark = pytest.mark.gui
HAND_SEED = 6
"""Two people, medium-like choices: the both-tokens reward, returns, two-step VIP walks and a
final movement made by hand all come up (R3.5, R5.5, R6.3, R9.2)."""
HAND_ACTIONS = ("front_and_behind", "swap_and_return")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def make_window(qtbot, home):
    made = []

    def make(remember: bool = False) -> TableWindow:
        window = TableWindow(remember_layout=remember)
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()


def two_people(window: TableWindow, seed: int = HAND_SEED) -> None:
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), seed, default_pack(),
                                sand_dollar_actions=HAND_ACTIONS))


def play_by_hand(qtbot, window: TableWindow, until=lambda ctrl: False) -> list:
    """Both seats choose like the medium AI and act with the mouse."""
    ctrl = window.controller
    bot = make_bot("medium")
    while not ctrl.state.is_over and not until(ctrl):
        if not ctrl.legal():  # an AI seat: wait for it
            qtbot.waitUntil(lambda: bool(ctrl.legal()) or ctrl.state.is_over or until(ctrl),
                            timeout=60_000)
            continue
        action = bot.choose(ctrl.state, ctrl.legal(), random.Random(len(ctrl.game.actions)))
        played(qtbot, window, action)
    return ctrl.game.actions


def test_two_people_play_every_kind_of_decision_by_hand(qtbot, make_window):
    window = make_window()
    two_people(window)
    actions = play_by_hand(qtbot, window)
    kinds = {type(a) for a in actions}
    assert {Reward, ReturnPerson, FinalMove} <= kinds
    assert any(isinstance(a, MovePerson) and len(a.path) == 2 for a in actions), \
        "a VIP walked two spaces step by step"
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    title = window.widgets.end_page.scorepad.title.text()
    assert "wins" in title or "Shared" in title
    # Replay the finished game step by step.
    window.navigation.show_moment(0)
    assert window.widgets.pages.currentIndex() == 0 and window.session.viewing == 0
    assert window.session.state().phase == "choose_tile"
    window.widgets.history_bar.slider.setValue(5)
    assert window.session.viewing == 5
    window.widgets.history_bar.slider.setValue(len(actions))
    assert window.session.state() == window.controller.state


def test_vip_walk_shows_steps_and_where_footprints_land(qtbot, make_window):
    """R7.2: while a VIP walks, the table shows the next steps and the footprints to come."""
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == MOVE and any(
        isinstance(a, MovePerson) and len(a.path) == 2 for a in c.legal()))
    walk = next(a for a in ctrl.legal() if isinstance(a, MovePerson) and len(a.path) == 2)
    choose_allowance(qtbot, window, walk.allowance)
    click_person(qtbot, window, walk.person)
    assert walk.path[0] in window.session.interaction.highlights().spaces
    click_space(qtbot, window, walk.path[0])
    h = window.session.interaction.highlights()
    assert h.path == walk.path[:1]
    assert walk.path[1] in h.spaces
    assert len(ctrl.game.actions) and ctrl.game.actions[-1] != walk  # not played yet
    window.commands.step_back()
    assert window.session.interaction.highlights().path == ()


def test_illegal_clicks_do_nothing_and_undo_steps_back(qtbot, make_window):
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    before = ctrl.state.copy()
    # The objective tile and a back-row card are not choices in a regular turn (R3.1).
    window.widgets.display_scene.clicked.emit("slot", (1, 0))
    window.widgets.display_scene.clicked.emit("space", (0, 40))
    assert ctrl.state == before
    # A take that leaves moves to make keeps the turn open, so it can be undone.
    take = next(a for a in ctrl.legal() if isinstance(a, Take)
                and applied(ctrl.state, a).phase == MOVE)
    count = window.widgets.log.count()
    perform(qtbot, window, take)
    assert ctrl.game.actions[-1] == take and ctrl.state.phase == MOVE
    click_button(qtbot, window.widgets.turn_panel.undo)
    assert ctrl.state == before and take not in ctrl.game.actions[-1:]
    assert window.widgets.log.count() <= count + 1, "the undone lines leave the log"


def test_undo_cannot_reopen_a_finished_game(qtbot, make_window):
    window = make_window()
    two_people(window)
    play_by_hand(qtbot, window)
    assert window.controller.state.is_over
    assert not window.controller.can_undo
    window.commands.undo()
    assert window.controller.state.is_over


def test_the_table_offers_the_three_rewards(qtbot, make_window):
    """R3.5: the three rewards stand in the city; Esc does not take the choice away."""
    window = make_window()
    two_people(window)
    play_by_hand(qtbot, window, until=lambda c: any(isinstance(a, Reward) for a in c.legal()))
    offered = {item.choice for item in window.widgets.city_scene.items() if isinstance(item, RewardItem)}
    assert offered == {"dollar_move", "two_dollars", "double_move"}
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert any(isinstance(item, RewardItem) for item in window.widgets.city_scene.items()), \
        "the reward must be chosen: Esc does not take it away"
    expected = window.controller.state.copy()  # R3.5 (b); a person's turn waits for E
    apply(expected, Reward("two_dollars"), hold=True)
    click_item(qtbot, window.widgets.city_view, reward_item(window, "two_dollars"))
    assert window.controller.state == expected
    assert window.controller.game.actions[-1] == Reward("two_dollars")


def test_log_lines_show_that_moment_read_only(qtbot, make_window):
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: len(c.game.actions) >= 12)
    live = ctrl.state.copy()
    item = window.widgets.log.item(3)
    moment = item.data(Qt.ItemDataRole.UserRole)
    window.widgets.log.itemClicked.emit(item)
    assert window.session.viewing == moment and window.widgets.history_bar.isVisible()
    end_turn = window.widgets.turn_panel.end_turn
    assert not end_turn.isEnabled() or not end_turn.isVisible()
    before = len(ctrl.game.actions)
    window.widgets.display_scene.clicked.emit("slot", (0, 0))
    assert len(ctrl.game.actions) == before, "history is read-only"
    click_button(qtbot, window.widgets.history_bar.live_button)
    assert window.session.viewing is None and ctrl.state == live


def test_saving_quitting_and_loading_restores_the_identical_game(qtbot, make_window, tmp_path):
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: len(c.game.actions) >= 20 and c.state.phase == ACQUIRE)
    path = tmp_path / "saved.toml"
    window.session.save_path = path
    window.games.save()
    state, actions, log = ctrl.state.copy(), list(ctrl.game.actions), window.widgets.log.count()
    window.close()

    again = make_window()
    assert again.load(path)
    loaded = again.controller
    assert loaded.state == state
    assert loaded.game.actions == actions
    assert [(s.name, s.kind) for s in loaded.seats] == [("Ann", "human"), ("Bo", "human")]
    assert again.widgets.log.count() == log
    play_by_hand(qtbot, again)
    assert loaded.state.is_over


def test_autosave_after_every_turn_and_resume_last_game(qtbot, make_window):
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 3 and c.state.phase == ACQUIRE)
    state = ctrl.state.copy()
    assert unfinished_games() == [], "a game open in a table is not offered to resume"
    window.close()
    assert [g.path for g in unfinished_games()] == [ctrl.autosave]
    again = make_window()
    assert again.games.resume_last()
    assert again.controller.state == state
    assert again.controller.autosave == ctrl.autosave, "a resumed game keeps its own autosave"


def test_a_damaged_save_is_refused_with_a_clear_message(qtbot, make_window, tmp_path):
    window = make_window()
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n[pack]\nname = 'base'\n", encoding="utf-8")
    assert not window.load(bad)
    assert window.widgets.problem_bar.isVisible()
    assert "cannot be opened" in window.widgets.problem_bar.title.text()
    assert "incomplete or damaged" in window.widgets.problem_bar.text.text()
    assert window.controller is None


def test_a_record_of_another_pack_is_refused_naming_the_pack(qtbot, make_window, tmp_path):
    window = make_window()
    variant = default_pack().parent / "variants" / "short-game"
    game = Game.new(load_pack(variant), 2, 1)
    path = tmp_path / "variant.toml"
    save_game(path, game.record, [("A", "human"), ("B", "human")], None)
    assert not window.load(path)
    assert "short-game" in window.widgets.problem_bar.text.text()
    assert window.load(path, pack=variant)
    assert not window.widgets.problem_bar.isVisible()


def test_the_new_game_dialog_refuses_a_pack_with_errors(qtbot, make_window):
    window = make_window()
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    planted = default_pack().parent.parent / "tests" / "content" / "packs" / "planted"
    dialog._use_pack(planted)
    assert not dialog.ok.isEnabled()
    assert "cannot be played" in dialog.problems.text()
    dialog._use_pack(default_pack())
    assert dialog.ok.isEnabled()


def test_window_layout_is_remembered(qtbot, make_window, home):
    window = make_window(remember=True)
    chosen = window.minimumSize()  # the offscreen screen clamps restored geometry to itself
    window.resize(chosen)
    window.menus.set_pace(1200)
    window.close()
    assert settings().value("window/geometry") is not None
    again = make_window(remember=True)
    assert again.size() == chosen and chosen.width() < 1600, "not the first size"
    assert again.menus.pace == 1200


def test_hovering_a_card_shows_it_enlarged_with_its_rules(qtbot, make_window):
    window = make_window()
    window.resize(1600, 1000)  # on a short window the inspector gives its room to the words
    two_people(window)
    card = window.controller.state.front[0]
    item = face(window.widgets.display_view, ("slot", (0, 0)))
    click_item(qtbot, window.widgets.display_view, item, Qt.MouseButton.RightButton)
    name = window.controller.state.catalog.cards[card].name
    assert name in window.widgets.inspector.text.text()
    qtbot.waitUntil(lambda: not window.widgets.inspector.image.pixmap().isNull(), timeout=3000)


def test_people_move_by_dragging_them_onto_a_space(qtbot, make_window):
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == MOVE and any(
        isinstance(a, MovePerson) for a in c.legal()))
    move = next(a for a in ctrl.legal() if isinstance(a, MovePerson))
    view = window.widgets.city_view
    person = next(i for i in view.scene().items() if isinstance(i, PersonItem) and i.pid == move.person)
    target = face(view, ("space", move.path[-1]))
    view.fit()
    start = view.mapFromScene(person.mapToScene(person.boundingRect().center()))
    end = view.mapFromScene(target.mapToScene(target.size.center()))
    count = len(ctrl.game.actions)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), pos=(start + end) / 2)
    qtbot.mouseMove(view.viewport(), pos=end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    played = ctrl.game.actions[count]
    assert isinstance(played, MovePerson)
    assert played.person == move.person and played.path[-1] == move.path[-1]


def test_final_movement_by_hand_then_the_best_for_the_rest(qtbot, make_window):
    """R9.2/R9.3 mixed: a person moved by hand stays; the table finishes optimally."""
    window = make_window()
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == FINAL and sum(
        isinstance(a, FinalMove) for a in c.legal()) > 1)
    me = ctrl.state.current
    others = {a.person for a in ctrl.legal() if isinstance(a, FinalMove)}
    move = next(a for a in ctrl.legal() if isinstance(a, FinalMove))
    perform(qtbot, window, move)
    if not ctrl.awaiting_end:
        click_button(qtbot, window.widgets.turn_panel.auto_final)
    assert ctrl.state.phase == FINAL and ctrl.state.current == me, "it waits for Done"
    click_button(qtbot, window.widgets.turn_panel.final_done)
    assert ctrl.state.current != me or ctrl.state.phase != FINAL
    assert ctrl.state.players[me].people[move.person][1] == move.path[-1]
    later = ctrl.game.actions[ctrl.game.actions.index(move) + 1:]
    assert all(a.person != move.person for a in later if isinstance(a, FinalMove))
    assert others


def test_one_click_switches_between_cities(qtbot, make_window):
    window = make_window()
    two_people(window)
    play_by_hand(qtbot, window, until=lambda c: c.state.turn >= 2 and c.state.phase == ACQUIRE)
    state = window.controller.state
    assert window.session.shown == state.current, "the active player's city is shown by default"
    other = 1 - state.current
    tab = window.widgets.city_tabs.tabRect(other).center()
    qtbot.mouseClick(window.widgets.city_tabs, Qt.MouseButton.LeftButton, pos=tab)
    assert window.session.shown == other
    shown_cards = {i.intent[1] for i in window.widgets.city_view.scene().items()
                   if getattr(i, "intent", None) and i.intent[0] == "space"}
    assert shown_cards == set(state.players[other].city)
    qtbot.mouseClick(window.widgets.players.panels[state.current], Qt.MouseButton.LeftButton)
    assert window.session.shown == state.current
