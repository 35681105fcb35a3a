"""Each part of the table window made and used alone, with fakes of what it is given (issue
41): no window around it, only the session (the one mediator), recorders for the widgets and
parts it talks to, and a fake controller over a real engine state. Each test checks what the
part does with what it was given, and what it tells the others through the session."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QMainWindow, QSplitter, QWidget

from smqt.ai.thinker import Failure
from smqt.engine import rules
from smqt.engine.actions import ChooseTile, Take
from smqt.engine.game import Game
from smqt.ui.game import controller as controller_module
from smqt.ui.game.controller import Seat
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.shell.clicks import Clicks
from smqt.ui.shell.coaching import TableCoach
from smqt.ui.shell.drawing import Drawing
from smqt.ui.shell.keyboard import TableKeys
from smqt.ui.shell.menus import MenuParts, TableMenus
from smqt.ui.shell.navigation import TableNavigation
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.savedgames import SavedGames
from smqt.ui.shell.session import TableSession
from smqt.ui.shell.sounds import TableSounds
from smqt.ui.shell.tablelayout import RoomSharing
from smqt.ui.shell.tablewidgets import TableWidgets
from smqt.ui.shell.turncommands import TurnCommands
from smqt.ui.shell.turnview import TurnView
from smqt.ui.shell.tutorial import TableTutorial
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.scenes import Recent
from tests.support import BASE, base
from tests.ui.tablefakes import FakeController, Recorder

pytestmark = pytest.mark.gui


class FakeScene(QGraphicsScene):
    """A scene whose every target is drawn at one place."""

    wide = False

    def rect_of(self, _target: object) -> QRectF:
        return QRectF(0, 0, 10, 10)

    def entry_of(self, target: object) -> object:
        return ("entry of", target)


def heard(signal) -> list:  # type: ignore[no-untyped-def]
    """What ``signal`` carries from now on."""
    got: list = []
    signal.connect(lambda *args: got.append(args))
    return got


@pytest.fixture
def session(qtbot):
    made = TableSession()
    made.controller = FakeController()
    made.interaction.reset(made.controller.state, made.controller.legal())
    return made


def test_the_session_shows_the_live_game_or_the_moment_looked_back_at(session):
    ctrl = session.controller
    assert session.state() is ctrl.state and session.live_legal()
    session.viewing, session.view_state = 0, "earlier"
    assert session.state() == "earlier"
    assert session.game_title() == "P1, P2 (AI), turn 1" and session.people() == [0]


def test_turn_commands_play_through_the_controller_and_say_a_refusal(session):
    panel, popup = Recorder(), Recorder(isVisible=False)
    commands = TurnCommands(session, panel, popup)
    played = heard(session.played)
    tile = next(a for a in session.live_legal() if isinstance(a, ChooseTile))
    assert commands.play(tile) and session.controller.played == [tile] and played
    session.interaction.reason = "Not now."
    said = heard(session.status)
    assert not commands.play(None)
    assert panel.called("show_reason") == [("Not now.",)] and said == [("Not now.",)]
    session.viewing = 3  # a look back: nothing is played
    assert not commands.play(tile) and session.controller.played == [tile]


def test_clicks_turn_a_tile_click_into_its_action_and_a_city_click_into_a_view(session):
    widgets = SimpleNamespace(popup=Recorder(), city_scene=Recorder())
    commands = Recorder(play=True)
    clicks = Clicks(session, widgets, commands, lambda state, pid: {})
    wanted = heard(session.city_wanted)
    clicks.clicked("city", 1)
    assert wanted == [(1,)] and commands.calls == []
    tile = next(a for a in session.live_legal() if isinstance(a, ChooseTile))
    clicks.clicked("tile", tile.tile)
    assert commands.called("play") == [(tile,)]
    session.controller.seats[0] = session.controller.seats[1]  # an AI's turn: not yours
    clicks.clicked("tile", tile.tile)
    assert commands.called("tell_not_yours") == [()]


def test_navigation_shows_a_city_and_asks_for_a_redraw(session, qtbot):
    tabs = Recorder(currentIndex=0)
    widgets = SimpleNamespace(popup=Recorder(), city_tabs=tabs, city_view=Recorder(),
                              city_scene="city", overview_scene="overview",
                              players=SimpleNamespace(panels=[1, 2]), turn_panel=Recorder())
    room = Recorder()
    nav = TableNavigation(session, widgets, room)
    redraws = heard(session.redraw_wanted)
    nav.show_city(1)
    assert session.shown == 1 and tabs.called("setCurrentIndex") == [(1,)] and redraws
    nav.tab_changed(2)  # the All cities tab
    assert session.overview and widgets.city_view.called("setScene") == [("overview",)]
    assert room.called("balance_soon"), "the room is shared again for the overview"
    session.city_wanted.emit(0)  # another part asks through the session
    assert session.shown == 0 and not session.overview


def test_the_coach_asks_the_controller_and_says_a_failed_hint_as_a_problem(session, qtbot):
    bar = Recorder()
    coach = TableCoach(session, bar, QWidget())
    said, problems = heard(session.status), heard(session.problem)
    coach.ask_hint()
    assert session.controller.hint_asked == 1 and said == [("The AI is looking for its choice…",)]
    coach.hint_ready(Failure("the AI stopped", "details"))
    assert problems and problems[0][0] == "No hint this time"
    assert coach.mark(False) is None  # no review opened a moment


def test_the_sounds_cue_a_card_placed_and_a_turn_begun():
    player = Recorder()
    player.enabled = False
    sounds = TableSounds(player)
    score = SimpleNamespace(sheets=[SimpleNamespace(rings=[])] * 2)
    sounds.listen([], score, True, True)  # the first change of a game: nothing to say
    take = Take((0, 0), (1, 0))
    sounds.listen([take], score, False, False)
    sounds.listen([take, "move"], score, True, True)
    assert player.called("play") == [("card_placed",), ("your_turn",)]


def test_room_sharing_keeps_a_line_the_person_moved(session, qtbot):
    splits = [QSplitter() for _ in range(3)]
    for split in splits:
        split.addWidget(QWidget())
        split.addWidget(QWidget())
    widgets = SimpleNamespace(centre_split=splits[0], side_split=splits[1], main_split=splits[2],
                              display_scene=FakeScene(), city_scene=FakeScene(),
                              display_view=QGraphicsView(), city_view=Recorder(),
                              players=SimpleNamespace(panels=[]), turn_panel=QWidget())
    room = RoomSharing(session, widgets, QWidget())
    splits[0].splitterMoved.emit(10, 1)
    assert room.user_split
    room.user_side = room.user_side_split = True  # the person's shares stay as they are
    room.fit_views()
    assert not room.user_split and widgets.city_view.called("fit") == [()]


def test_the_turn_view_fills_the_turn_panel_from_the_session(session, qtbot):
    panel = TurnPanel()
    view = TurnView(session, panel)
    view.update(session.interaction.highlights())
    assert panel.prompt.text() and "Enter chooses it" in panel.keys.text()
    assert not panel.end_turn.isVisible() and view.buy_tips(session.state(), False) == {}


def test_the_drawing_draws_the_city_and_tells_who_follows(session, qtbot):
    window = QMainWindow()
    widgets = TableWidgets(window)
    view = Recorder(buy_tips={}, placement_previews={}, arrows=[], move_gains={})
    view.answers["recent"] = Recent()
    room = Recorder(panels_short_of_room=False)
    drawing = Drawing(session, widgets, view, lambda interactive: None, room)
    drawn = heard(drawing.drawn)
    drawing.new_game(session.controller.seats)
    drawing.refresh()
    assert widgets.city_header.text() == "P1's city — your turn"
    assert len(widgets.players.panels) == 2 and widgets.city_tabs.count() == 2
    assert drawn and drawn[0][1] is True, "a person plays now"
    assert view.called("forget") and view.called("update")
    window.close()


def test_games_on_disk_start_a_new_game_and_say_why_a_file_does_not_open(session, tmp_path, qtbot):
    started = Recorder()
    games = SavedGames(session, QWidget(), started.start)
    problems = heard(session.problem)
    games.new_game(GameOptions((("Ann", "human"), ("Bo", "medium")), 4, BASE), autosave=False)
    (game, seats, _pack), = started.called("start")
    assert game.state.num_players == 2 and [s.name for s in seats] == ["Ann", "Bo"]
    assert not games.load(tmp_path / "missing.smqt")
    assert problems[0][0] == "This saved game cannot be opened"


def test_learn_to_play_starts_its_game_and_its_lessons(session, qtbot):
    asked: list[GameOptions] = []
    lessons = TableTutorial(session, SimpleNamespace(), QWidget(), asked.append, lambda: None)
    lessons.learn_to_play()
    assert len(asked) == 1 and asked[0].seats[0][1] == "human"
    assert lessons.tutorial is not None and lessons.tutorial.number >= 0
    lessons.new_game()  # another game: the lessons are its own
    assert lessons.tutorial is None


def test_the_keys_choose_the_marked_target_as_a_click(session, qtbot):
    chosen: list = []
    widgets = SimpleNamespace(display_scene=FakeScene(), city_scene=FakeScene(),
                              display_view=QGraphicsView(), city_view=QGraphicsView())
    keys = TableKeys(session, widgets, QWidget(), lambda kind, key: chosen.append((kind, key)))
    focus = session.key_focus
    focus.update(session.interaction.highlights())
    keys.choose_marked()  # the first Enter only shows the mark
    assert focus.visible and chosen == []
    shown = heard(keys.inspect)
    keys.choose_marked()
    assert chosen == [focus.current] and chosen[0][0] == "tile"
    assert shown == [(("entry of", focus.current),)], "the detail pane follows the mark"


def test_the_menus_offer_the_parts_commands_and_keep_the_pace(session, qtbot):
    window = QMainWindow()
    commands = Recorder()
    keys = Recorder()
    parts = MenuParts(games=Recorder(), commands=commands, navigation=Recorder(),
                      coach=Recorder(), tutorial=Recorder(), keys=keys, room=Recorder(),
                      sounds=Recorder(enable=""), city_view=Recorder())
    menus = TableMenus(window, session, parts, remember=False)
    entries = {a.text(): a for m in window.menuBar().actions() for a in m.menu().actions()}
    entries["&End turn"].trigger()
    assert commands.called("end_turn")
    assert keys.called("fill_menu"), "the keys' entries are the keys part's"
    menus.set_pace(0)
    assert menus.pace == 0 and session.controller.paces == [0]
    window.close()


def test_a_click_that_plays_asks_the_engine_for_legality_once(qtbot, monkeypatch, tmp_path):
    """The interaction, the controller and the engine's apply share the moment's one list of
    legal actions: a click that plays enumerates none again (the next moment's list is the
    only one asked for)."""
    monkeypatch.setenv("SMQT_HOME", str(tmp_path))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.start_game(Game.new(base(), 2, 3), [Seat("Ann", "human"), Seat("Bo", "human")], None)
    asked: list[int] = []
    real = controller_module.legal_actions
    monkeypatch.setattr(controller_module, "legal_actions",
                        lambda state: asked.append(1) or real(state))
    monkeypatch.setattr(rules, "is_legal", lambda *_a: pytest.fail("apply asked again"))
    tile = next(a for a in window.controller.legal() if isinstance(a, ChooseTile))
    window.clicks.clicked("tile", tile.tile)
    assert window.controller.game.actions == [tile]
    assert len(asked) == 1, "the next moment's legal actions, once"
    window.close()


def test_a_mouse_click_takes_the_keyboards_mark_and_its_line_away(session):
    widgets = SimpleNamespace(popup=Recorder(), city_scene=Recorder())
    clicks = Clicks(session, widgets, Recorder(play=True), lambda state, pid: {})
    said = heard(session.status)
    session.key_focus.visible = True
    clicks.clicked("city", 1)
    assert not session.key_focus.visible and said == [("",)]
