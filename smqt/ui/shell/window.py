"""The play table's main window: display and city views, player panels, the turn panel, the
card inspector, the log with read-only history and the end-of-game page. It owns one
``GameController`` per game, turns clicks into the controller's legal actions (every refusal
it shows is the engine's own reason) and redraws its scenes from the controller's state after
every change. The menus (menus.py), games on disk (savedgames.py) and the turn panel's
contents (turnview.py) are mixed in from modules of their own.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QByteArray, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QColor
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from smqt.desktop.datafolder import settings, storage_problems
from smqt.desktop.errorlog import log_path, log_problem
from smqt.desktop.front import default_size, give_focus, minimum_size
from smqt.engine.actions import Action, MovePerson, ReturnPerson
from smqt.engine.catalog import Catalog
from smqt.engine.game import Game, replay
from smqt.engine.rules import apply
from smqt.engine.scoring import GameScore, score_game
from smqt.engine.setup import SetupError
from smqt.engine.state import FINAL, REWARD, GameState
from smqt.pack.folder import PackError
from smqt.pack.load import load_pack
from smqt.ui.game.controller import GameController, Seat
from smqt.ui.game.interaction import Highlights, TurnInteraction
from smqt.ui.game.logtext import GameLog
from smqt.ui.game.prompts import banner
from smqt.ui.panels.bars import Banner, HistoryBar, ProblemBar
from smqt.ui.panels.endpage import EndPage
from smqt.ui.panels.popup import CardPopup
from smqt.ui.panels.side import (
    PLAYER_COLOURS,
    Inspector,
    LogPanel,
    PlayerPanel,
    RewardDialog,
    seat_fill_words,
    seat_ink,
)
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.shell import help as helppages
from smqt.ui.shell.autosaves import GameLock, clean_leftovers, new_autosave_path
from smqt.ui.shell.menus import AI_LEVELS, TableMenus
from smqt.ui.shell.newgame import GameOptions, NewGameDialog
from smqt.ui.shell.savedgames import SavedGames
from smqt.ui.shell.tablelayout import TableLayout
from smqt.ui.shell.turnview import TurnView
from smqt.ui.table.motion import Motion
from smqt.ui.table.scenes import CityScene, DisplayScene, OverviewScene
from smqt.ui.table.views import CityView, FittedView

TAB_GROUND = "#d6d6d6"
"""About the darkest ground of a tab (an inactive one): seat colours are darkened to read on it."""
KEY_GRACE_S = 0.8
"""How long after a person's turn begins an End turn key is taken for a stray one."""


class TableWindow(TableMenus, SavedGames, TableLayout, TurnView, QMainWindow):
    game_started = Signal()
    refreshed = Signal()
    problem_reported = Signal(str, str)
    """Every problem the window shows (title, details), for a caller that watches."""

    def __init__(self, *, remember_layout: bool = True, unattended: bool = False) -> None:
        """``unattended``: nobody is at the table (automated runs): an AI seat that fails is
        handed to the random AI at once instead of waiting for a person's choice."""
        super().__init__()
        self.unattended = unattended
        self.controller: GameController | None = None
        self.catalog: Catalog | None = None
        self.pack_folder: Path | None = None
        self.save_path: Path | None = None
        self.playtest = False
        self.interaction = TurnInteraction()
        self.viewing: int | None = None
        """Moment (actions played) shown read-only, or None for the live game."""
        self._view_state: GameState | None = None
        self.shown = 0
        self._shown_for: tuple[int, int] | None = None
        self._moment = -1
        self._last_seat = -1
        self._confirm_end = False
        self._trigger: int | None = None
        """Who triggered the final round (None before, or when a loaded game does not say)."""
        self._previews: dict = {}
        self.last_summary = ""
        self._summaries: list[str] = []
        """The AI turns since a person last played, in one line each."""
        """The last AI turn in one line (also in the status bar for a while)."""
        self._city_drawn: tuple[int, bool] | None = None
        """Which city the city scene drew last (and whether live): motion only within one."""
        self._previews_for: tuple[int, object] | None = None
        self._reward_dialog: RewardDialog | None = None
        self._lock: GameLock | None = None
        self._new_game_dialog: NewGameDialog | None = None
        self._pages: dict[str, helppages.TextPage] = {}
        self._remember = remember_layout
        self._pace = 450
        self.score: GameScore | None = None
        self._build()
        self._menus()
        self._set_title()
        # The window's size is the person's to choose: contents changing their minimum size
        # must not resize or constrain it (and the offscreen platform warns on every change).
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setMinimumSize(minimum_size(self))  # below it nothing fits (made for 1280 x 720)
        self.resize(default_size(self))
        if remember_layout:
            self._restore_layout()
        clean_leftovers()
        troubles = storage_problems()
        if troubles:
            self._problem("Your data folder needs a look", "\n".join(troubles))

    # ================================================================== building

    def _build(self) -> None:
        self.popup = CardPopup(self)
        self.display_scene = DisplayScene(self)
        self.city_scene = CityScene(self)
        self.overview_scene = OverviewScene(self)
        self.overview = False
        """The city area shows every city (the All cities tab)."""
        self._left_overview_at = 0.0
        self._turn_started_at = 0.0
        self.display_view = FittedView(self.display_scene)
        self.city_view = CityView(self.city_scene)
        for scene in (self.display_scene, self.city_scene, self.overview_scene):
            scene.clicked.connect(self._clicked)
            scene.dropped.connect(self._dropped)
            scene.hovered.connect(lambda entry: self.inspector.show_entry(entry))
            scene.hovered.connect(lambda entry: self.popup.hover(entry))
            scene.inspect.connect(lambda entry: self.inspector.show_entry(entry))

        self.history_bar = HistoryBar()
        self.history_bar.moment_chosen.connect(self.show_moment)
        self.history_bar.live.connect(self.show_live)
        self.history_slider = self.history_bar.slider
        self.live_button = self.history_bar.live_button
        self.problem_bar = ProblemBar()
        self.problem_title, self.problem_text = self.problem_bar.title, self.problem_bar.text
        self.banner = Banner()

        self.city_tabs = QTabBar()
        self.city_tabs.setExpanding(False)
        self.city_tabs.currentChanged.connect(self._tab_changed)
        city_box = QWidget()
        city_layout = QVBoxLayout(city_box)
        city_layout.setContentsMargins(0, 0, 0, 0)
        city_layout.setSpacing(0)
        self.city_header = QLabel()
        self.city_header.setTextFormat(Qt.TextFormat.PlainText)
        tab_row = QHBoxLayout()  # the tabs and whose city it is, on one line
        tab_row.setContentsMargins(0, 0, 0, 0)
        tab_row.setSpacing(0)
        tab_row.addWidget(self.city_tabs)
        tab_row.addWidget(self.city_header, 1)
        city_layout.addLayout(tab_row)
        city_layout.addWidget(self.city_view)

        self.centre_split = QSplitter(Qt.Orientation.Vertical)
        self.centre_split.addWidget(self.display_view)
        self.centre_split.addWidget(city_box)
        self.centre_split.setSizes([430, 520])
        self._user_split = False
        """The person moved the line between display and city: keep it (until Fit, 0)."""
        self._balanced_for: tuple | None = None
        """The turn and view the height was last shared for."""
        self.centre_split.splitterMoved.connect(self._split_moved)
        self._balance_timer = QTimer(self)
        self._balance_timer.setSingleShot(True)
        self._balance_timer.setInterval(0)
        self._balance_timer.timeout.connect(self.balance_views)
        for scene in (self.display_scene, self.city_scene):
            scene.sceneRectChanged.connect(lambda _rect: self._scene_resized())

        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(0)
        for widget in (self.history_bar, self.banner):
            table_layout.addWidget(widget)
        table_layout.addWidget(self.centre_split, 1)

        self.end_page = EndPage()
        self.scorepad = self.end_page.scorepad
        self.end_page.to_table.connect(lambda: self.pages.setCurrentIndex(0))
        self.end_page.replay.connect(lambda: self.show_moment(0))
        self.end_page.new_game.connect(self.new_game_dialog)

        self.pages = QStackedWidget()
        self.pages.addWidget(table_page)
        self.pages.addWidget(self.end_page)

        side = QSplitter(Qt.Orientation.Vertical)
        players = QWidget()
        self.players_layout = QVBoxLayout(players)
        self.players_layout.setContentsMargins(4, 4, 4, 4)
        self.player_panels: list[PlayerPanel] = []
        self.turn_panel = TurnPanel()
        self.turn_panel.allowance_chosen.connect(self._allowance_chosen)
        self.turn_panel.take_back.connect(self.take_back)
        self.inspector = Inspector()
        self.log = LogPanel()
        self.log.moment_chosen.connect(self.show_moment)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(players)
        top_layout.addWidget(self.turn_panel)
        top_layout.addStretch(1)
        scroll = QScrollArea()  # a long turn (many moves to list) scrolls, never overlaps
        scroll.setWidget(top)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side.addWidget(scroll)
        side.addWidget(self.inspector)
        side.addWidget(self.log)
        side.setSizes([560, 300, 160])
        for index, stretch in enumerate((3, 1, 1)):  # the turn panel first when room is short
            side.setStretchFactor(index, stretch)
        self.inspector.setMinimumHeight(0)
        side.setMinimumWidth(340)
        self.side_split = side
        self.side_top = top
        self._user_side_split = False
        """The person moved a line between the side panels: keep it."""
        side.splitterMoved.connect(self._side_split_moved)
        self._side_timer = QTimer(self)
        self._side_timer.setSingleShot(True)
        self._side_timer.setInterval(0)
        self._side_timer.timeout.connect(self.share_side)

        # a problem stays in sight over the table and over the end of the game alike
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(0)
        left_layout.addWidget(self.problem_bar)
        left_layout.addWidget(self.pages, 1)
        self.main_split = QSplitter(Qt.Orientation.Horizontal)
        self.main_split.addWidget(left)
        self.main_split.addWidget(side)
        self.main_split.setStretchFactor(0, 1)
        self.main_split.setSizes([1220, 380])
        self._user_side = False
        """The person moved the line between the table and the side panels: keep it."""
        self.main_split.splitterMoved.connect(self._side_moved)
        self.setCentralWidget(self.main_split)

        tp = self.turn_panel
        tp.undo.clicked.connect(self.undo)
        tp.stop_here.clicked.connect(self.stop_here)
        tp.return_person.clicked.connect(self.return_person)
        tp.no_swap.clicked.connect(self.no_swap)
        tp.end_turn.clicked.connect(self.end_turn)
        tp.auto_final.clicked.connect(self.auto_final)
        tp.final_done.clicked.connect(self.final_done)
        tp.scorepad.clicked.connect(self.show_scorepad)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addWidget(self.status, 1)

    # ================================================================== games

    def start_game(self, game: Game, seats: list[Seat], pack: Path | None,
                   *, autosave: Path | None = None, pace: int | None = None,
                   playtest: bool = False) -> None:
        """Put ``game`` on the table (new, loaded or resumed) and let its first seat play."""
        self._drop_controller()
        self.inspector.clear()
        self.popup.close_now()
        self.catalog = game.catalog
        self.pack_folder = pack
        self.playtest = playtest
        if autosave is not None:
            self._lock = GameLock(autosave)
        ctrl = GameController(game, seats, autosave=autosave, pack=pack, playtest=playtest,
                              ai_pace_ms=self._pace if pace is None else pace,
                              fallback_level="random" if self.unattended else None, parent=self)
        self.controller = ctrl
        ctrl.state_changed.connect(self.refresh)
        ctrl.logged.connect(self._logged)
        ctrl.thinking.connect(self._thinking)
        ctrl.finished.connect(self._finished)
        ctrl.undone.connect(self.log.drop_after)
        ctrl.final_round.connect(self._final_round)
        ctrl.seats_changed.connect(self._seats_changed)
        ctrl.problem.connect(self._problem)
        ctrl.bot_failed.connect(self._bot_failed)
        ctrl.turn_summary.connect(self._turn_summary)
        self.status.setText("")
        self.log.clear()
        self.viewing = None
        self._moment = -1
        self._shown_for = None
        self._trigger = None
        self._previews_for = None
        self.score = None
        self.history_bar.hide()
        self.problem_bar.hide()
        self.pages.setCurrentIndex(0)
        self._set_title()
        self._rebuild_panels(seats)
        for seat, line, moment in _replayed_log(game, seats):
            self.log.add_line(seat, line, moment)
        self.refresh()
        self.game_started.emit()
        if game.state.is_over:
            self._finished()
        ctrl.start()

    def new_game(self, options: GameOptions, *, autosave: bool = True,
                 playtest: bool = False) -> None:
        try:
            catalog = load_pack(options.pack)
        except PackError as exc:
            self._problem("This pack cannot be played", "\n".join(str(e) for e in exc.errors))
            return
        names = tuple(name for name, _ in options.seats)
        try:
            game = Game.new(catalog, len(options.seats), options.seed, objective=options.objective,
                            sand_dollar_actions=options.sand_dollar_actions, names=names,
                            opening=options.opening, start_player=options.start_player)
        except SetupError as exc:
            self._problem("This game cannot be set up", f"{options.pack}: {exc}")
            return
        self.save_path = None
        self.start_game(game, [Seat(n, k) for n, k in options.seats], options.pack,
                        autosave=new_autosave_path(options.seed) if autosave else None,
                        playtest=playtest)

    def _drop_controller(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if self.controller is not None:
            for signal in (self.controller.state_changed, self.controller.logged,
                           self.controller.thinking, self.controller.finished,
                           self.controller.undone, self.controller.final_round,
                           self.controller.seats_changed, self.controller.problem,
                           self.controller.bot_failed, self.controller.turn_summary):
                signal.disconnect()
            self.controller.stop()
            self.controller.deleteLater()
            self.controller = None
        self._close_reward_dialog()

    def _set_title(self) -> None:
        words = ["Santa Monica"]
        if self.catalog is not None:
            words.append(self._pack_words() or "")
        if self.playtest:
            words.append("playtest")
        self.setWindowTitle(" — ".join(w for w in words if w))

    def _pack_words(self) -> str | None:
        if self.catalog is None:
            return None
        identity = self.catalog.identity
        return f"{identity.name} pack {identity.version}"

    # ================================================================== menu commands

    # ================================================================== turn commands

    def _play(self, action: Action | None) -> bool:
        if action is None:
            self._tell_refusal()
            return False
        if self.controller is None or self.viewing is not None:
            return False
        self._confirm_end = False
        played = self.controller.play(action)
        if played:
            self.status.setText("")  # an earlier refusal no longer applies
        else:
            self.refresh()
        return played

    def undo(self) -> None:
        if self.controller is not None and self.viewing is None and self.controller.undo():
            self._confirm_end = False

    def end_turn(self) -> None:
        if self.controller is None or self.viewing is not None or not self._live_legal():
            return
        if time.monotonic() - self._turn_started_at < KEY_GRACE_S and \
                self.controller.state.phase == "acquire":
            return  # an E pressed for the turn before (or during the AI's): not for this one
        action = self.interaction.end_turn()
        if action is None:
            self._tell_refusal()
            return
        unused = any(isinstance(a, MovePerson | ReturnPerson) for a in self.interaction.legal)
        if unused and not self._confirm_end:
            self._confirm_end = True
            self._update_turn_panel(self.interaction.highlights())
            return
        self._play(action)

    def stop_here(self) -> None:
        self._play(self.interaction.stop_here())

    def return_person(self) -> None:
        self._play(self.interaction.return_person())

    def no_swap(self) -> None:
        self._play(self.interaction.no_swap())

    def final_done(self) -> None:
        self._play(self.interaction.finish_final())

    def auto_final(self) -> None:
        if self.controller is not None and self.viewing is None:
            made = self.controller.auto_final()
            if self.controller.state.phase == FINAL and not made and self._live_legal():
                self.status.setText("Nobody else can gain anything by moving: press Done.")

    def take_back(self, person: int) -> None:
        if self.controller is not None and self.viewing is None:
            self.controller.take_back(person)

    def step_back(self) -> None:
        """Esc: close the large card if it is open, else take back the half-made choice."""
        if self.popup.isVisible():
            self.popup.close_now()
            return
        self.popup.close_now()
        if self.interaction.slot is not None or self.interaction.first_card is not None:
            self.interaction.clear()
        else:
            self.interaction.back_step()
        self._confirm_end = False
        self._redraw()

    def choose_reward(self, choice: str) -> None:
        self._close_reward_dialog()
        self._play(self.interaction.choose_reward(choice))
        give_focus(self)  # keys (E, Ctrl+Z) reach the table again

    def next_city(self) -> None:
        if self.controller is not None:
            self.show_city((self.shown + 1) % self.controller.state.num_players)

    def show_city(self, index: int) -> None:
        self.popup.close_now()
        self.show_overview(False)
        self.shown = index
        if self.city_tabs.currentIndex() != index:
            self.city_tabs.setCurrentIndex(index)
        self._redraw()

    def show_scorepad(self) -> None:
        """The scorepad: the final one, or during the game the scores as they stand (what
        the game would give if it ended now, the final movement not made)."""
        ctrl = self.controller
        if self.score is not None:
            self.pages.setCurrentIndex(1)
        elif ctrl is not None:
            now = score_game(ctrl.state)
            people = [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai]
            leader = ctrl.names[now.winners[0]]
            self.end_page.show_score(
                ctrl.state, now, ctrl.names, people[0] if people else now.winners[0],
                title=f"As it stands (turn {ctrl.state.turn + 1}, before any final movement): "
                      f"{leader} leads with {now.totals[now.winners[0]]} points")
            self.pages.setCurrentIndex(1)

    # ================================================================== history

    def show_moment(self, moment: int) -> None:
        """Show the game after ``moment`` actions, read-only (the live game goes on)."""
        ctrl = self.controller
        if ctrl is None:
            return
        total = len(ctrl.game.actions)
        moment = max(0, min(moment, total))
        if moment == total and not ctrl.state.is_over:
            self.show_live()
            return
        self.viewing = moment
        self._view_state = replay(ctrl.game.record, ctrl.game.catalog, upto=moment,
                                  check_pack=False).state
        self.history_bar.show_moment(moment, total)
        self.pages.setCurrentIndex(0)
        self.shown = self._view_state.current
        self._redraw()

    def show_live(self) -> None:
        self.viewing = None
        self._view_state = None
        self.history_bar.hide()
        self._shown_for = None
        self.refresh()

    # ================================================================== intents

    def _clicked(self, kind: str, key: object) -> None:
        self.popup.hold()
        if kind == "city":  # a city in the overview: show it alone
            self.show_city(key)  # type: ignore[arg-type]
            self._left_overview_at = time.monotonic()
            return
        since = time.monotonic() - self._left_overview_at
        if kind in ("space", "person") and since * 1000 < QApplication.doubleClickInterval():
            return  # the second click of a double click on the overview: not a move
        if self.viewing is not None:
            return
        if not self._live_legal():
            self._tell_not_yours()
            return
        it = self.interaction
        action: Action | None = None
        state = self._state()
        if kind == "slot":
            action = it.click_slot(key)  # type: ignore[arg-type]
            if it.slot is not None:
                self.show_city(state.current)
        elif kind in ("space", "person") and self.shown != state.current:
            name = self.controller.seats[self.shown].name if self.controller else ""
            it.reason = (f"That is {name}'s city. Yours is under the tab "
                         f"“{self.controller.seats[state.current].name}'s city”."
                         if self.controller else None)
        elif kind == "space":
            action = it.click_space(key)  # type: ignore[arg-type]
        elif kind == "person":
            action = it.click_person(key)  # type: ignore[arg-type]
        elif kind == "tile":
            action = it.click_tile(key)  # type: ignore[arg-type]
        elif kind == "column":
            action = it.click_column(key)  # type: ignore[arg-type]
        elif kind == "sand_dollar":
            action = it.click_sand_dollar_action(key)  # type: ignore[arg-type]
        if action is not None:
            self._play(action)
        else:
            self._redraw()

    def _dropped(self, pid: int, space: object) -> None:
        if self.viewing is None and self._live_legal():
            action = self.interaction.drop_person(pid, space)  # type: ignore[arg-type]
            if action is not None:
                self._play(action)
            else:
                self._redraw()

    def _tell_refusal(self) -> None:
        self.turn_panel.show_reason(self.interaction.reason)
        if self.interaction.reason:
            self.status.setText(self.interaction.reason)

    def _tell_not_yours(self) -> None:
        ctrl = self.controller
        if ctrl is None or self.viewing is not None:
            return
        state = ctrl.state
        if state.is_over:
            text = "The game is over: the scorepad (Ctrl+P) shows every point."
        else:
            seat = ctrl.seats[state.current]
            text = f"It is {seat.name}'s turn" + (" (the AI is thinking)." if seat.is_ai else ".")
        self.interaction.reason = text
        self._tell_refusal()

    def _allowance_chosen(self, index: int | None) -> None:
        self.interaction.choose_allowance(index)
        self._redraw()

    def _tab_changed(self, index: int) -> None:
        players = len(self.player_panels)
        if index >= players:  # All cities
            self.show_overview(True)
        elif index >= 0 and (index != self.shown or self.overview):
            self.interaction.reason = None  # a refusal belongs to the city it was made in
            self.turn_panel.show_reason(None)
            self.show_overview(False)
            self.shown = index
            self._redraw()

    def show_overview(self, on: bool) -> None:
        """Every city at once in the city's place (3 and 4 players), or back to one city."""
        if on == self.overview:
            return
        self.overview = on
        self.city_view.setScene(self.overview_scene if on else self.city_scene)
        self._redraw()
        self.city_view.fit()
        self._balance_timer.start()

    # ================================================================== drawing

    def _state(self) -> GameState:
        if self.viewing is not None and self._view_state is not None:
            return self._view_state
        assert self.controller is not None
        return self.controller.state

    def _live_legal(self) -> tuple[Action, ...]:
        return self.controller.legal() if self.controller is not None else ()

    def refresh(self) -> None:
        """The game changed: new legal actions, new highlights, redraw."""
        ctrl = self.controller
        if ctrl is None:
            return
        moment = (len(ctrl.game.actions), ctrl.state.turn, ctrl.state.current, ctrl.state.phase,
                  ctrl.awaiting_end)
        if moment != self._moment:
            self._moment = moment  # type: ignore[assignment]
            self.interaction.reset(ctrl.state, ctrl.legal())
            self._confirm_end = False
        state = ctrl.state
        turn_key = (state.turn, state.current)
        if self._shown_for != turn_key and self.viewing is None:
            self.popup.close_now()  # the card under the pointer may be gone with the turn
            self._turn_started_at = time.monotonic()
            previous = self._shown_for
            self._shown_for = turn_key
            pause = ctrl.turn_pause_ms if previous is not None and not state.is_over and \
                0 <= previous[1] < len(ctrl.seats) and ctrl.seats[previous[1]].is_ai and \
                Motion.on() else 0
            if pause:  # the view stays on the AI's city a moment, then follows the turn
                QTimer.singleShot(pause, lambda key=turn_key: self._follow_turn(key))
            else:
                self.shown = state.current
        self._redraw()
        self._maybe_ask_reward()
        self.refreshed.emit()

    def _follow_turn(self, key: tuple[int, int]) -> None:
        """Show the city of the seat to play (after an AI's turn was shown a moment)."""
        ctrl = self.controller
        if ctrl is None or self._shown_for != key or self.viewing is not None or \
                (ctrl.state.turn, ctrl.state.current) != key or self.overview:
            return
        if self.shown != ctrl.state.current:
            self.shown = ctrl.state.current
            self.popup.close_now()
            self._redraw()

    def _redraw(self) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        state = self._state()
        live = self.viewing is None
        interactive = live and bool(self._live_legal())
        h = self.interaction.highlights() if interactive else Highlights()
        score = score_game(state)
        tab = len(self.player_panels) if self.overview else self.shown
        if self.city_tabs.currentIndex() != tab:
            self.city_tabs.blockSignals(True)
            self.city_tabs.setCurrentIndex(tab)
            self.city_tabs.blockSignals(False)
        from_display = dict(getattr(self.display_scene, "placed", {}))
        self.display_scene.build(state, h, interactive, self._buy_tips(state, interactive),
                                 animate=live)
        own_city = interactive and self.shown == state.current
        same_city = self._city_drawn == (self.shown, live)
        self._city_drawn = (self.shown, live)
        arrivals = {key: self._display_to_city(at) for key, at in from_display.items()
                    if key[0] == "card"} if same_city else None
        if self.overview:
            self.overview_scene.build(state, ctrl.names, PLAYER_COLOURS, score.sheets)
        else:
            self.city_scene.build(state, self.shown, h if own_city else Highlights(),
                                  score.sheets[self.shown], own_city, self._recent(state),
                                  previews=self._placement_previews(state, h) if own_city
                                  else None, arrows=self._arrows(state) if live else (),
                                  animate=live and same_city, arrivals=arrivals)
        self._show_city_header(state)
        compact = self._panels_short_of_room()
        for i, panel in enumerate(self.player_panels):
            panel.set_compact(compact)
            panel.show_player(state, ctrl.seats[i], score.sheets[i], i == state.current,
                              i == self.shown)
        self.banner.say(banner(state, ctrl.names, [s.kind for s in ctrl.seats], self._trigger)
                        if live else "")
        self._update_turn_panel(h, interactive)
        self._side_timer.start()  # once the turn panel's new contents are laid out
        self.undo_action.setEnabled(live and ctrl.can_undo)
        self.scorepad_action.setEnabled(True)
        self.popup.enabled = self.interaction.person is None  # not over a walk in progress

    def _maybe_ask_reward(self) -> None:
        if self.viewing is not None or self.controller is None:
            return
        legal = self._live_legal()
        if self.controller.state.phase != REWARD or not legal:
            self._close_reward_dialog()
            return
        if self._reward_dialog is not None:
            return
        dialog = RewardDialog(self.interaction.highlights().rewards, self)
        dialog.chosen.connect(self.choose_reward)
        self._reward_dialog = dialog
        # over the display's right side, so that the city stays in sight while choosing
        corner = self.display_view.mapToGlobal(self.display_view.rect().topRight())
        dialog.move(corner.x() - dialog.width() - 20, corner.y() + 20)
        dialog.open()

    def _close_reward_dialog(self) -> None:
        """Forget the reward dialog (it is made anew each time a reward is due)."""
        dialog, self._reward_dialog = self._reward_dialog, None
        if dialog is not None:
            dialog.hide()
            dialog.deleteLater()

    def _rebuild_panels(self, seats: list[Seat]) -> None:
        for panel in self.player_panels:
            self.players_layout.removeWidget(panel)
            panel.hide()  # out of sight at once; deleted when control returns to the loop
            panel.deleteLater()
        self.player_panels = []
        for i in range(len(seats)):
            panel = PlayerPanel(i)
            panel.clicked.connect(self.show_city)
            panel.seat_menu.connect(self._seat_menu)
            self.players_layout.addWidget(panel)
            self.player_panels.append(panel)
        self.city_tabs.blockSignals(True)
        while self.city_tabs.count():
            self.city_tabs.removeTab(0)
        for seat in seats:
            self.city_tabs.addTab(f"{seat.name}'s city")
        if len(seats) >= 3:
            self.city_tabs.addTab("All cities")
        self.city_tabs.blockSignals(False)
        self.overview = False

    # ================================================================== signals

    def _logged(self, seat: int, text: str, moment: int) -> None:
        self._last_seat = seat
        self.log.add_line(seat, text, moment)

    def _thinking(self, busy: bool) -> None:
        if busy and self.controller is not None:
            seat = self.controller.seats[self.controller.state.current]
            self.status.setText(f"{seat.name} is thinking…")
        else:
            self.status.setText("")

    def _turn_summary(self, seat: int, text: str) -> None:
        """An AI's turn in one line, under the table: the AI turns since a person last
        played, side by side (the log has them all)."""
        self.last_summary = text
        ctrl = self.controller
        if ctrl is not None and len(self._summaries) >= max(1, len(ctrl.seats) - 1):
            self._summaries = self._summaries[-(len(ctrl.seats) - 2):] if len(ctrl.seats) > 2 else []
        self._summaries.append(text)
        self.statusBar().showMessage("   ·   ".join(self._summaries))  # until the next one

    def _final_round(self, player: int) -> None:
        self._trigger = player

    def _seats_changed(self) -> None:
        ctrl = self.controller
        if ctrl is not None:
            self._moment = -1
            for i, seat in enumerate(ctrl.seats):
                self.city_tabs.setTabText(i, f"{seat.name}'s city")

    def _finished(self) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        self._close_reward_dialog()
        self.score = score_game(ctrl.state)
        people = [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai]
        self.end_page.show_score(ctrl.state, self.score, ctrl.names,
                                 people[0] if people else self.score.winners[0])
        self.pages.setCurrentIndex(1)
        self.status.setText("Game over.")

    # ================================================================== window

    def _problem(self, title: str, text: str, choices=()) -> None:  # type: ignore[no-untyped-def]
        """Say what went wrong in a bar above the table (the game, if any, goes on), with
        what the person can do about it; it is also written to the problems log."""
        self.status.setText(title)
        self.problem_bar.show_problem(title, text, choices)
        log_problem(title, text)
        self.problem_reported.emit(title, text)

    def unexpected(self, exc: BaseException) -> None:
        """Something failed that no boundary caught: say so; the table goes on."""
        log_problem("Unexpected error", "", exc)
        self._problem("Something went wrong",
                      f"{type(exc).__name__}: {str(exc)[:300]}\nThe table goes on; if the game "
                      f"seems stuck, Undo or Game ▸ Resume. The details are in the problems log "
                      f"({log_path()}).")

    def _bot_failed(self, seat: int, message: str) -> None:
        """An AI seat could not decide: try again, another level, or a person plays it."""
        ctrl = self.controller
        if ctrl is None:
            return
        name, level = ctrl.seats[seat].name, ctrl.seats[seat].kind
        others = [k for k, _ in AI_LEVELS if k != level]
        choices = [("Try again", ctrl.retry_bot),
                   (f"Let the {others[0]} AI play", lambda: ctrl.set_seat(seat, others[0])),
                   ("Play it yourself", lambda: ctrl.set_seat(seat, "human"))]
        self._problem(f"{name}'s AI could not decide",
                      f"The {level} AI stopped with an error ({message}). The game waits: try "
                      f"again, let another AI play the seat, or play it yourself. The details "
                      f"are in the problems log ({log_path()}).", choices)

    def _restore_layout(self) -> None:
        store = settings()
        geometry = store.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        for name, split in (("main", self.main_split), ("side", self.side_split)):
            value = store.value(f"window/{name}")
            if isinstance(value, QByteArray) and split.restoreState(value) and name == "main":
                self._user_side = True
        pace = store.value("table/pace")
        if pace is not None and str(pace).isdigit() and int(pace) in self.pace_actions:
            self.set_pace(int(pace))
        motion = store.value("table/motion")
        try:
            if motion is not None and float(str(motion)) in self.motion_actions:
                self.set_motion(float(str(motion)))
        except ValueError:
            pass  # a damaged setting: keep the default

    def _save_layout(self) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/main", self.main_split.saveState())
        store.setValue("window/side", self.side_split.saveState())
        store.setValue("table/pace", self._pace)
        store.setValue("table/motion", Motion.factor)
        store.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._remember:
            self._save_layout()
        self._drop_controller()
        for page in self._pages.values():
            page.close()
        super().closeEvent(event)

    def _show_city_header(self, state: GameState) -> None:
        """Whose city is shown, in their colour; filled when it is their turn."""
        ctrl = self.controller
        if ctrl is None:
            return
        if self.overview:
            current = state.current
            colour = PLAYER_COLOURS[current % len(PLAYER_COLOURS)]
            whose = "" if state.is_over else f" — {ctrl.seats[current].name}'s turn"
            self.city_header.setText(f"Every city{whose} (a click on a city shows it alone)")
            self.city_header.setStyleSheet(f"QLabel {{ background: #f6f1e4; color: #1d1d1d; "
                                           f"font-size: 15px; font-weight: bold; "
                                           f"padding: 3px 10px; border-top: 3px solid {colour}; }}")
            return
        seat = ctrl.seats[self.shown]
        colour = PLAYER_COLOURS[self.shown % len(PLAYER_COLOURS)]
        playing = self.shown == state.current and not state.is_over
        who = "your" if playing and not seat.is_ai else f"{seat.name}'s"
        self.city_header.setText(f"{seat.name}'s city" + (f" — {who} turn" if playing else ""))
        words = seat_fill_words(self.shown) if playing else seat_ink(self.shown, "#f6f1e4")
        self.city_header.setStyleSheet(
            f"QLabel {{ background: {colour if playing else '#f6f1e4'}; "
            f"color: {words}; font-size: 15px; font-weight: bold; "
            f"padding: 3px 10px; border-top: 3px solid {colour}; }}")
        for i in range(len(ctrl.seats)):
            self.city_tabs.setTabTextColor(i, QColor(seat_ink(i, TAB_GROUND)))

    def _display_to_city(self, at: QPointF) -> QPointF:
        """A point of the display scene in the city scene's coordinates (through the screen):
        where a card taken from the display starts its flight into the city."""
        on_screen = self.display_view.viewport().mapToGlobal(self.display_view.mapFromScene(at))
        return self.city_view.mapToScene(self.city_view.viewport().mapFromGlobal(on_screen))

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self._balance_timer.start()

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        QTimer.singleShot(0, self.city_view.fit)


def _replayed_log(game: Game, seats: list[Seat]) -> list[tuple[int, str, int]]:
    """Log lines for the actions a loaded game already has (replayed on a fresh state)."""
    if not game.actions:
        return []
    state = Game(game.catalog, game.setup, game.names).state
    log = GameLog(state, [seat.name for seat in seats])
    lines = []
    for moment, action in enumerate(game.actions, start=1):
        seat = state.current
        before = state.copy()
        events = apply(state, action)
        lines += [(seat, line, moment) for line in log.lines(before, action, state, events)]
    return lines
