"""The play table's main window: display and city views, player panels, the turn panel, the
card inspector, the log with read-only history and the end-of-game page. It owns one
``GameController`` per game, turns clicks into the controller's legal actions (every refusal
it shows is the engine's own reason) and redraws its scenes from the controller's state after
every change. Its parts are mixed in from modules of their own: the menus (menus.py), games
on disk (savedgames.py), the panels' arrangement (tablelayout.py), the turn panel's contents
(turnview.py), the turn commands and history (turncommands.py), what a click means
(clicks.py) and the redrawing (drawing.py).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
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

from smqt.ai.protocol import level_words
from smqt.desktop.datafolder import settings, storage_problems
from smqt.desktop.errorlog import log_path, log_problem
from smqt.desktop.front import default_size, minimum_size
from smqt.engine.catalog import Catalog
from smqt.engine.game import Game
from smqt.engine.rules import apply
from smqt.engine.scoring import GameScore, score_game
from smqt.engine.setup import SetupError
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.pack.load import load_worded
from smqt.pack.problems import PackError
from smqt.pack.shipped import is_base_pack, pack_title
from smqt.ui.game.controller import GameController, Seat
from smqt.ui.game.interaction import TurnInteraction
from smqt.ui.game.keyfocus import KeyFocus
from smqt.ui.game.logtext import GameLog
from smqt.ui.panels.bars import Banner, HintBar, HistoryBar, ProblemBar
from smqt.ui.panels.endpage import EndPage
from smqt.ui.panels.popup import CardPopup
from smqt.ui.panels.side import Inspector, LogPanel, PlayerPanel
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.shell import help as helppages
from smqt.ui.shell.autosaves import GameLock, clean_leftovers, new_autosave_path
from smqt.ui.shell.clicks import Clicks
from smqt.ui.shell.coaching import TableCoach
from smqt.ui.shell.drawing import Drawing, city_name
from smqt.ui.shell.keyboard import TableKeys
from smqt.ui.shell.menus import AI_LEVELS, TableMenus
from smqt.ui.shell.newgame import GameOptions, NewGameDialog
from smqt.ui.shell.savedgames import SavedGames
from smqt.ui.shell.sounds import SoundPlayer, TableSounds
from smqt.ui.shell.tablelayout import TableLayout
from smqt.ui.shell.turncommands import TurnCommands
from smqt.ui.shell.turnview import TurnView
from smqt.ui.shell.tutorial import TableTutorial
from smqt.ui.table import turns
from smqt.ui.table.appearance import Appearance
from smqt.ui.table.motion import Motion
from smqt.ui.table.scenes import CityScene, DisplayScene, OverviewScene
from smqt.ui.table.turns import PaintLater
from smqt.ui.table.views import CityView, FittedView


class TableWindow(TurnCommands, Clicks, Drawing, TableMenus, TableKeys, TableTutorial, TableSounds,
                  TableCoach, SavedGames, TableLayout, TurnView, QMainWindow):
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
        """The last AI turn in one line (also in the status bar for a while)."""
        self._summaries: list[str] = []
        """The AI turns since a person last played, in one line each."""
        self._city_drawn: tuple[int, bool] | None = None
        """Which city the city scene drew last (and whether live): motion only within one."""
        self._previews_for: tuple[int, object] | None = None
        self._drawn_score: GameScore | None = None
        self._gains: dict = {}
        self._gains_for: tuple | None = None
        """The person's move previews, and the moment they were worked out for."""
        self._lock: GameLock | None = None
        self._new_game_dialog: NewGameDialog | None = None
        self._pages: dict[str, helppages.TextPage] = {}
        self._remember = remember_layout
        self._pace = 450
        self.score: GameScore | None = None
        self.sounds = SoundPlayer(self)
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
            self._problem(_("Your data folder needs a look"), "\n".join(troubles))

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
        for view in (self.display_view, self.city_view):
            view.viewport().installEventFilter(self.popup)
        self.turns = turns.shared()
        """Work of one change done a piece per turn of the event loop: a bot's answer, the
        views' painting, the end."""
        self.paint_later = PaintLater([self.display_view, self.city_view], self, self.turns)
        for scene in (self.display_scene, self.city_scene, self.overview_scene):
            scene.clicked.connect(self._clicked)
            scene.dropped.connect(self._dropped)
            scene.dragging.connect(self._dragging)
            scene.hovered.connect(lambda entry: self.inspector.show_entry(entry))
            scene.hovered.connect(lambda entry, s=scene: self.popup.hover(entry, s.hovered_tip))
            scene.inspect.connect(lambda entry: self.inspector.show_entry(entry))

        self.history_bar = HistoryBar()
        self.history_bar.moment_chosen.connect(self.show_moment)
        self.history_bar.live.connect(self.show_live)
        self.history_slider = self.history_bar.slider
        self.live_button = self.history_bar.live_button
        self.problem_bar = ProblemBar()
        self.problem_title, self.problem_text = self.problem_bar.title, self.problem_bar.text
        self.banner = Banner()
        self.hint_bar = HintBar()

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
        self.end_page.review.connect(self.open_review)
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
        self.popup.needed = lambda: not self.inspector.shows_faces()
        self.log = LogPanel()
        self.log.moment_chosen.connect(self.show_moment)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(players)
        # the coach's hint beside the turn, not over the table: the table never moves under
        # the pointer when a hint comes or goes
        top_layout.addWidget(self.hint_bar)
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
        self.tutorial = None  # a lesson belongs to its own game (learn_to_play starts one)
        self._heard = None  # the sounds listen to this game from its first change
        self._hide_callout()
        self.catalog = game.catalog
        self.pack_folder = pack
        self.playtest = playtest
        if autosave is not None:
            self._lock = GameLock(autosave)
        ctrl = GameController(game, seats, autosave=autosave, pack=pack, playtest=playtest,
                              ai_pace_ms=self._pace if pace is None else pace,
                              fallback_level="random" if self.unattended else None,
                              later=self.turns.later, parent=self)
        self.controller = ctrl
        ctrl.state_changed.connect(self.refresh)
        ctrl.logged.connect(self._logged)
        ctrl.thinking.connect(self._thinking)
        # the end page is made in turns of the event loop of its own, after the last move's
        # drawing is painted: all together would hold the window up past 50 ms
        ctrl.finished.connect(lambda: self.turns.later(self._finished, self))
        ctrl.undone.connect(self.log.drop_after)
        ctrl.final_round.connect(self._final_round)
        ctrl.seats_changed.connect(self._seats_changed)
        ctrl.problem.connect(self._problem)
        ctrl.bot_failed.connect(self._bot_failed)
        ctrl.turn_summary.connect(self._turn_summary)
        ctrl.hint_ready.connect(self._hint_ready)
        self._hint = None
        self._review_mark = None
        if self.review_window is not None:  # it reviewed another game
            self.review_window.close()
            self.review_window = None
        self.hint_bar.say("")
        self.status.setText("")
        self._summaries = []  # the previous game's AI turns are not this one's
        self.last_summary = ""
        self.statusBar().clearMessage()
        self.log.clear()
        self.viewing = None
        self._moment = -1
        self._shown_for = None
        self._trigger = None
        self._previews_for = None
        self._gains_for = None
        self.score = None
        self.history_bar.hide()
        self.problem_bar.hide()
        self.pages.setCurrentIndex(0)
        self._set_title()
        self._rebuild_panels(seats)
        for seat, line, moment in _replayed_log(game, seats):
            self.log.add_line(seat, line, moment)
        self.key_focus = KeyFocus()  # no mark from the last game
        self.refresh()
        self.city_view.setFocus()  # the table has the keyboard (Tab marks a target)
        self.game_started.emit()
        if game.state.is_over:
            self._finished(at_once=True)
        ctrl.start()

    def new_game(self, options: GameOptions, *, autosave: bool = True,
                 playtest: bool = False) -> None:
        try:
            catalog = load_worded(options.pack)
        except PackError as exc:
            self._problem(_("This pack cannot be played"), "\n".join(str(e) for e in exc.errors))
            return
        names = tuple(name for name, _kind in options.seats)
        try:
            game = Game.new(catalog, len(options.seats), options.seed, objective=options.objective,
                            sand_dollar_actions=options.sand_dollar_actions, names=names,
                            opening=options.opening, start_player=options.start_player)
        except SetupError as exc:
            self._problem(_("This game cannot be set up"), f"{options.pack}: {exc}")
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
                           self.controller.bot_failed, self.controller.turn_summary,
                           self.controller.hint_ready):
                signal.disconnect()
            self.controller.stop()
            self.controller.deleteLater()
            self.controller = None

    def game_title(self) -> str:
        """The game on the table in a few words: who plays, and how far it is."""
        ctrl = self.controller
        if ctrl is None:
            return ""
        seats = ", ".join(seat.name if not seat.is_ai else _("{name} (AI)").format(name=seat.name)
                          for seat in ctrl.seats)
        # Translators: the game on the table, "Ann, Bo (AI), turn 12"
        return _("{seats}, turn {turn}").format(seats=seats, turn=ctrl.state.turn + 1)

    def _set_title(self) -> None:
        words = []
        if self.catalog is not None:
            words.append(self._pack_words() or "")
        if self.playtest:
            words.append(_("playtest"))
        self.setWindowTitle(" — ".join(w for w in words if w))

    def _pack_words(self) -> str | None:
        if self.catalog is None:
            return None
        identity = self.catalog.identity
        if is_base_pack(identity.name, self.pack_folder):
            return pack_title(identity.name, identity.version, self.pack_folder)
        return _("{name} pack {version}").format(name=identity.name, version=identity.version)

    # ================================================================== signals

    def _logged(self, seat: int, text: str, moment: int) -> None:
        self._last_seat = seat
        self.log.add_line(seat, text, moment)

    def _thinking(self, busy: bool) -> None:
        if busy and self.controller is not None:
            seat = self.controller.seats[self.controller.state.current]
            self.status.setText(_("{name} is thinking…").format(name=seat.name))
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
                self.city_tabs.setTabText(i, city_name(seat.name))

    def _finished(self, at_once: bool = False) -> None:
        """The game has ended: the end page filled, and shown in a later turn of the event
        loop (``at_once``: now, for a game opened already finished)."""
        ctrl = self.controller
        if ctrl is None or not ctrl.state.is_over:
            return  # another game (or an undo) came first
        self.score = score_game(ctrl.state)
        self.sounds.play("game_over")
        people = [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai]
        self.end_page.show_score(ctrl.state, self.score, ctrl.names,
                                 people[0] if people else self.score.winners[0],
                                 hints=ctrl.hints_used)
        if at_once:
            self._show_end_page()
        else:  # turns of their own: filling the page, polishing it, laying it out and
            # painting it at once held the window up past 50 ms at a game's end
            self.turns.later(self.end_page.ensurePolished, self.end_page)
            self.turns.later(self._show_end_page, self)

    def _show_end_page(self) -> None:
        ctrl = self.controller
        if ctrl is None or not ctrl.state.is_over:
            return  # another game (or an undo) came first
        self.pages.setCurrentIndex(1)
        self.status.setText(_("Game over."))

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
        log_problem("Unexpected error", "", exc)  # not translated: the log, for developers
        self._problem(_("Something went wrong"),
                      f"{type(exc).__name__}: {str(exc)[:300]}\n"
                      + _("The table goes on; if the game seems stuck, Undo or Game ▸ Resume. The "
                          "details are in the problems log ({log}).").format(log=log_path()))

    def _bot_failed(self, seat: int, message: str) -> None:
        """An AI seat could not decide: try again, another level, or a person plays it."""
        ctrl = self.controller
        if ctrl is None:
            return
        name, level = ctrl.seats[seat].name, ctrl.seats[seat].kind
        others = [k for k, _label in AI_LEVELS if k != level]
        choices = [(_("Try again"), ctrl.retry_bot),
                   (_("Let the {level} AI play").format(level=level_words(others[0])),
                    lambda: ctrl.set_seat(seat, others[0])),
                   (_("Play it yourself"), lambda: ctrl.set_seat(seat, "human"))]
        self._problem(_("{name}'s AI could not decide").format(name=name),
                      _("The {level} AI stopped with an error ({message}). The game waits: try "
                        "again, let another AI play the seat, or play it yourself. The details "
                        "are in the problems log ({log}).").format(
                          level=level_words(level), message=message, log=log_path()), choices)

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
        try:
            size = float(str(store.value("view/text_size", 1.0)))
        except ValueError:
            size = 1.0  # a damaged setting: the normal size
        if size in self.text_actions and size != Appearance.text:
            self.set_text_size(size)
        if str(store.value("view/high_contrast", "false")) == "true":
            self.set_high_contrast(True)
        if str(store.value("view/sound", "false")) == "true":
            self.set_sound(True)

    def _save_layout(self) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/main", self.main_split.saveState())
        store.setValue("window/side", self.side_split.saveState())
        store.setValue("table/pace", self._pace)
        store.setValue("table/motion", Motion.factor)
        store.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_watching_focus()
        if self._remember:
            self._save_layout()
        self._drop_controller()
        for page in self._pages.values():
            page.close()
        super().closeEvent(event)

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
