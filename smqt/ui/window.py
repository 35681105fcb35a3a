"""The play table's main window: display and city views, player panels, the turn panel, the
card inspector, the log with read-only history, the scorepad, and the game's menus (new, open,
save, resume, replay) with keyboard shortcuts. It owns one ``GameController`` per game and
rebuilds its scenes from the controller's state after every change.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QPushButton,
    QSlider,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from smqt.engine.actions import Action, FinalMove, MovePerson, ReturnPerson, Swap, Take
from smqt.engine.catalog import Catalog, load_pack
from smqt.engine.packload import PackError
from smqt.engine.record import Game, RecordError, replay
from smqt.engine.rules import apply
from smqt.engine.scoring import GameScore, score_game
from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    OVER,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    GameState,
)
from smqt.paths import default_pack
from smqt.ui.controller import GameController, Seat
from smqt.ui.interaction import Highlights, TurnInteraction
from smqt.ui.logtext import describe_action, worth_logging
from smqt.ui.newgame import GameOptions, NewGameDialog
from smqt.ui.panels import Inspector, LogPanel, PlayerPanel, RewardDialog, TurnPanel
from smqt.ui.savefile import load_game
from smqt.ui.scenes import CityScene, DisplayScene, Recent
from smqt.ui.scorepad import Scorepad
from smqt.ui.storage import autosave_path, settings
from smqt.ui.views import CityView, FittedView

PACES = (("Instant", 0), ("Fast", 150), ("Normal", 450), ("Slow", 1200))


class TableWindow(QMainWindow):
    game_started = Signal()
    refreshed = Signal()

    def __init__(self, *, remember_layout: bool = True) -> None:
        super().__init__()
        self.setWindowTitle("Santa Monica")
        self.controller: GameController | None = None
        self.catalog: Catalog | None = None
        self.pack_folder: Path | None = None
        self.save_path: Path | None = None
        self.interaction = TurnInteraction()
        self.viewing: int | None = None
        """Moment (actions played) shown read-only, or None for the live game."""
        self._view_state: GameState | None = None
        self.shown = 0
        self._shown_for: tuple[int, int] | None = None
        self._moment = -1
        self._last_seat = -1
        self._confirm_end = False
        self._reward_dialog: RewardDialog | None = None
        self._remember = remember_layout
        self._pace = 450
        self.score: GameScore | None = None
        self._build()
        self._menus()
        # The window's size is the person's to choose: contents changing their minimum size
        # must not resize or constrain it (and the offscreen platform warns on every change).
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.resize(1600, 1000)
        if remember_layout:
            self._restore_layout()

    # ================================================================== building

    def _build(self) -> None:
        self.display_scene = DisplayScene(self)
        self.city_scene = CityScene(self)
        self.display_view = FittedView(self.display_scene)
        self.city_view = CityView(self.city_scene)
        for scene in (self.display_scene, self.city_scene):
            scene.clicked.connect(self._clicked)
            scene.dropped.connect(self._dropped)
            scene.hovered.connect(lambda entry: self.inspector.show_entry(entry))
            scene.inspect.connect(lambda entry: self.inspector.show_entry(entry))

        self.history_bar = QFrame()
        self.history_bar.setStyleSheet("QFrame { background: #fff3c4; }")
        bar = QHBoxLayout(self.history_bar)
        self.history_label = QLabel()
        self.history_slider = QSlider(Qt.Orientation.Horizontal)
        self.history_slider.valueChanged.connect(self.show_moment)
        back = QPushButton("◀")
        back.clicked.connect(lambda: self.history_slider.setValue(self.history_slider.value() - 1))
        forward = QPushButton("▶")
        forward.clicked.connect(lambda: self.history_slider.setValue(self.history_slider.value() + 1))
        self.live_button = QPushButton("Back to the game")
        self.live_button.clicked.connect(self.show_live)
        for widget in (self.history_label, back, self.history_slider, forward, self.live_button):
            bar.addWidget(widget)
        bar.setStretchFactor(self.history_slider, 1)
        self.history_bar.hide()

        self.problem_bar = QFrame()
        self.problem_bar.setStyleSheet("QFrame { background: #fde7e4; border: 1px solid #b3261e; }"
                                       " QLabel { border: none; }")
        problem = QHBoxLayout(self.problem_bar)
        texts = QVBoxLayout()
        self.problem_title = QLabel()
        self.problem_title.setStyleSheet("font-weight: bold; color: #8c1d18;")
        self.problem_text = QLabel()
        self.problem_text.setWordWrap(True)
        self.problem_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        texts.addWidget(self.problem_title)
        texts.addWidget(self.problem_text)
        problem.addLayout(texts, 1)
        dismiss = QPushButton("Dismiss")
        dismiss.clicked.connect(self.problem_bar.hide)
        problem.addWidget(dismiss)
        self.problem_bar.hide()

        self.city_tabs = QTabBar()
        self.city_tabs.setExpanding(False)
        self.city_tabs.currentChanged.connect(self._tab_changed)
        city_box = QWidget()
        city_layout = QVBoxLayout(city_box)
        city_layout.setContentsMargins(0, 0, 0, 0)
        city_layout.setSpacing(0)
        city_layout.addWidget(self.city_tabs)
        city_layout.addWidget(self.city_view)

        self.centre_split = QSplitter(Qt.Orientation.Vertical)
        self.centre_split.addWidget(self.display_view)
        self.centre_split.addWidget(city_box)
        self.centre_split.setSizes([430, 520])

        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.addWidget(self.problem_bar)
        table_layout.addWidget(self.history_bar)
        table_layout.addWidget(self.centre_split)

        self.scorepad = Scorepad()
        pad_page = QWidget()
        pad_layout = QVBoxLayout(pad_page)
        pad_layout.addWidget(self.scorepad)
        pad_buttons = QHBoxLayout()
        to_table = QPushButton("Look at the table")
        to_table.clicked.connect(lambda: self.pages.setCurrentIndex(0))
        replay_button = QPushButton("Replay the game")
        replay_button.clicked.connect(lambda: self.show_moment(0))
        again = QPushButton("New game…")
        again.clicked.connect(self.new_game_dialog)
        for button in (to_table, replay_button, again):
            pad_buttons.addWidget(button)
        pad_layout.addLayout(pad_buttons)

        self.pages = QStackedWidget()
        self.pages.addWidget(table_page)
        self.pages.addWidget(pad_page)

        side = QSplitter(Qt.Orientation.Vertical)
        players = QWidget()
        self.players_layout = QVBoxLayout(players)
        self.players_layout.setContentsMargins(4, 4, 4, 4)
        self.player_panels: list[PlayerPanel] = []
        self.turn_panel = TurnPanel()
        self.turn_panel.allowance_chosen.connect(self._allowance_chosen)
        self.inspector = Inspector()
        self.log = LogPanel()
        self.log.moment_chosen.connect(self.show_moment)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(players)
        top_layout.addWidget(self.turn_panel)
        side.addWidget(top)
        side.addWidget(self.inspector)
        side.addWidget(self.log)
        side.setSizes([400, 440, 180])
        side.setMinimumWidth(340)
        self.side_split = side

        self.main_split = QSplitter(Qt.Orientation.Horizontal)
        self.main_split.addWidget(self.pages)
        self.main_split.addWidget(side)
        self.main_split.setStretchFactor(0, 1)
        self.main_split.setSizes([1240, 360])
        self.setCentralWidget(self.main_split)

        tp = self.turn_panel
        tp.undo.clicked.connect(self.undo)
        tp.stop_here.clicked.connect(self.stop_here)
        tp.return_person.clicked.connect(self.return_person)
        tp.no_swap.clicked.connect(self.no_swap)
        tp.end_turn.clicked.connect(self.end_turn)
        tp.auto_final.clicked.connect(self.auto_final)
        tp.final_done.clicked.connect(self.final_done)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)

    def _menus(self) -> None:
        def action(menu, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None
                   ) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            menu.addAction(act)
            return act

        game = self.menuBar().addMenu("&Game")
        action(game, "&New game…", self.new_game_dialog, QKeySequence.StandardKey.New)
        action(game, "&Open saved game…", self.open_dialog, QKeySequence.StandardKey.Open)
        action(game, "&Resume last game", self.resume_last)
        action(game, "&Save", self.save, QKeySequence.StandardKey.Save)
        action(game, "Save &as…", self.save_as, "Ctrl+Shift+S")
        action(game, "Re&play a saved game…", self.replay_dialog)
        game.addSeparator()
        action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        turn = self.menuBar().addMenu("&Turn")
        self.undo_action = action(turn, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        action(turn, "&End turn", self.end_turn, "E")
        action(turn, "&Stop the walk here", self.stop_here, "S")
        action(turn, "&Return the person to the supply", self.return_person, "R")
        action(turn, "&No swap", self.no_swap, "N")
        action(turn, "Step &back / clear the choice", self.step_back, "Esc")
        turn.addSeparator()
        action(turn, "Best &final movement", self.auto_final, "F")
        action(turn, "&Done with the final movement", self.final_done, "D")

        view = self.menuBar().addMenu("&View")
        next_city = action(view, "Next &city", self.next_city, "Tab")
        next_city.setShortcuts([QKeySequence("Tab"), QKeySequence("C")])
        action(view, "Zoom &in", lambda: self.city_view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        action(view, "Zoom &out", lambda: self.city_view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        action(view, "&Fit the city", lambda: self.city_view.fit(), "0")
        action(view, "&Scorepad", self.show_scorepad, "Ctrl+P")
        pace = view.addMenu("AI &pace")
        group = QActionGroup(self)
        self.pace_actions: dict[int, QAction] = {}
        for label, ms in PACES:
            act = QAction(label, self, checkable=True)
            act.triggered.connect(lambda _=False, m=ms: self.set_pace(m))
            group.addAction(act)
            pace.addAction(act)
            self.pace_actions[ms] = act
        self.pace_actions[self._pace].setChecked(True)

    # ================================================================== games

    def start_game(self, game: Game, seats: list[Seat], pack: Path | None,
                   *, autosave: Path | None = None, pace: int | None = None) -> None:
        """Put ``game`` on the table (new, loaded or resumed) and let its first seat play."""
        self._drop_controller()
        self.catalog = game.catalog
        self.pack_folder = pack
        ctrl = GameController(game, seats, autosave=autosave, pack=pack,
                              ai_pace_ms=self._pace if pace is None else pace, parent=self)
        self.controller = ctrl
        ctrl.state_changed.connect(self.refresh)
        ctrl.logged.connect(self._logged)
        ctrl.thinking.connect(self._thinking)
        ctrl.finished.connect(self._finished)
        ctrl.undone.connect(self.log.drop_after)
        self.status.setText("")
        self.log.clear()
        self.viewing = None
        self._moment = -1
        self._shown_for = None
        self.score = None
        self.history_bar.hide()
        self.problem_bar.hide()
        self.pages.setCurrentIndex(0)
        self._rebuild_panels(seats)
        for seat, line, moment in _replayed_log(game, seats):
            self.log.add_line(seat, line, moment)
        self.refresh()
        self.game_started.emit()
        if game.state.is_over:
            self._finished()
        ctrl.start()

    def new_game(self, options: GameOptions, *, autosave: bool = True) -> None:
        try:
            catalog = load_pack(options.pack)
        except PackError as exc:
            self._problem("This pack cannot be played", "\n".join(str(e) for e in exc.errors))
            return
        names = tuple(name for name, _ in options.seats)
        game = Game.new(catalog, len(options.seats), options.seed, objective=options.objective,
                        sand_dollar_actions=options.sand_dollar_actions, names=names)
        self.save_path = None
        self.start_game(game, [Seat(n, k) for n, k in options.seats], options.pack,
                        autosave=autosave_path() if autosave else None)

    def load(self, path: Path, pack: Path | None = None, *, to_moment: int | None = None,
             autosave: Path | None = None, all_ai: bool = False) -> bool:
        """Open a saved game (or any record); False after telling the person why not."""
        try:
            saved = load_game(path)
        except (RecordError, OSError) as exc:
            self._problem("This saved game cannot be opened", str(exc))
            return False
        folder = pack or saved.pack or default_pack()
        try:
            catalog = load_pack(folder)
            game = replay(saved.record, catalog)
        except PackError as exc:
            self._problem("The game's content pack cannot be loaded",
                          f"{folder}:\n" + "\n".join(str(e) for e in exc.errors))
            return False
        except RecordError as exc:
            self._problem("This saved game cannot be replayed",
                          f"{exc}\n\nIf it was played with another pack, open it with that pack "
                          f"(smqt play --pack FOLDER --load FILE).")
            return False
        self.save_path = Path(path) if autosave is None else None
        seats = [Seat(n, k) for n, k in saved.seats]
        if all_ai:
            seats = [Seat(s.name, "medium" if s.kind == "human" else s.kind) for s in seats]
        self.start_game(game, seats, Path(folder),
                        autosave=autosave if autosave is not None else autosave_path())
        if to_moment is not None:
            self.show_moment(to_moment)
        return True

    def _drop_controller(self) -> None:
        if self.controller is not None:
            for signal in (self.controller.state_changed, self.controller.logged,
                           self.controller.thinking, self.controller.finished,
                           self.controller.undone):
                signal.disconnect()
            self.controller.stop()
            self.controller.deleteLater()
            self.controller = None

    # ================================================================== menu commands

    def new_game_dialog(self) -> None:
        seats = tuple((s.name, s.kind) for s in self.controller.seats) if self.controller else None
        dialog = NewGameDialog(self, self.pack_folder, seats)
        if dialog.exec() and dialog.options is not None:
            self.new_game(dialog.options)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", str(Path.home()),
                                              "Saved games (*.toml);;All files (*)")
        if path:
            self.load(Path(path))

    def replay_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Replay a saved game", str(Path.home()),
                                              "Saved games (*.toml);;All files (*)")
        if path:
            self.load(Path(path), to_moment=0)

    def resume_last(self) -> bool:
        path = autosave_path()
        if not path.exists():
            self.status.setText("There is no autosaved game yet.")
            return False
        return self.load(path, autosave=path)

    def save(self) -> None:
        if self.save_path is None:
            self.save_as()
        elif self.controller is not None:
            self._save_to(self.save_path)

    def save_as(self) -> None:
        if self.controller is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(Path.home() / "game.toml"),
                                              "Saved games (*.toml)")
        if path:
            self.save_path = Path(path)
            self._save_to(self.save_path)

    def _save_to(self, path: Path) -> None:
        assert self.controller is not None
        try:
            self.controller.save(path)
        except OSError as exc:
            self._problem("The game could not be saved", f"{path}: {exc}\n\nThe previous file "
                          "(if any) is unchanged.")
            return
        self.status.setText(f"Saved to {path}")

    def set_pace(self, ms: int) -> None:
        self._pace = ms
        if ms in self.pace_actions:
            self.pace_actions[ms].setChecked(True)
        if self.controller is not None:
            self.controller.set_pace(ms)

    # ================================================================== turn commands

    def _play(self, action: Action | None) -> bool:
        if action is None or self.controller is None or self.viewing is not None:
            return False
        self._confirm_end = False
        played = self.controller.play(action)
        if not played:
            self.refresh()
        return played

    def undo(self) -> None:
        if self.controller is not None and self.viewing is None and self.controller.undo():
            self._confirm_end = False

    def end_turn(self) -> None:
        if self.controller is None or self.viewing is not None or not self._live_legal():
            return
        action = self.interaction.end_turn()
        if action is None:
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
            self.controller.auto_final()

    def step_back(self) -> None:
        if self.interaction.slot is not None or self.interaction.first_card is not None:
            self.interaction.clear()
        else:
            self.interaction.back_step()
        self._confirm_end = False
        self._redraw()

    def choose_reward(self, choice: str) -> None:
        self._play(self.interaction.choose_reward(choice))

    def next_city(self) -> None:
        if self.controller is not None:
            self.show_city((self.shown + 1) % self.controller.state.num_players)

    def show_city(self, index: int) -> None:
        self.shown = index
        if self.city_tabs.currentIndex() != index:
            self.city_tabs.setCurrentIndex(index)
        self._redraw()

    def show_scorepad(self) -> None:
        if self.score is not None:
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
        self.history_slider.blockSignals(True)
        self.history_slider.setRange(0, total)
        self.history_slider.setValue(moment)
        self.history_slider.blockSignals(False)
        self.history_label.setText(f"Looking back: after move {moment} of {total} (read-only)")
        self.history_bar.show()
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
        if self.viewing is not None or not self._live_legal():
            return
        it = self.interaction
        action: Action | None = None
        if kind == "slot":
            action = it.click_slot(key)  # type: ignore[arg-type]
            if it.slot is not None and self.controller is not None:
                self.show_city(self.controller.state.current)
        elif kind == "space":
            if self.shown != self._state().current:
                return
            action = it.click_space(key)  # type: ignore[arg-type]
        elif kind == "person":
            if self.shown != self._state().current:
                return
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

    def _allowance_chosen(self, index: int | None) -> None:
        self.interaction.choose_allowance(index)
        self._redraw()

    def _tab_changed(self, index: int) -> None:
        if index >= 0 and index != self.shown:
            self.shown = index
            self._redraw()

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
        moment = len(ctrl.game.actions)
        if moment != self._moment:
            self._moment = moment
            self.interaction.reset(ctrl.state, ctrl.legal())
            self._confirm_end = False
        state = ctrl.state
        turn_key = (state.turn, state.current)
        if self._shown_for != turn_key and self.viewing is None:
            self._shown_for = turn_key
            self.shown = state.current
        self._redraw()
        self._maybe_ask_reward()
        self.refreshed.emit()

    def _redraw(self) -> None:
        if self.controller is None:
            return
        state = self._state()
        live = self.viewing is None
        interactive = live and bool(self._live_legal())
        h = self.interaction.highlights() if interactive else Highlights()
        score = score_game(state)
        if self.city_tabs.currentIndex() != self.shown:
            self.city_tabs.blockSignals(True)
            self.city_tabs.setCurrentIndex(self.shown)
            self.city_tabs.blockSignals(False)
        self.display_scene.build(state, h, interactive)
        own_city = interactive and self.shown == state.current
        self.city_scene.build(state, self.shown, h if own_city else Highlights(),
                              score.sheets[self.shown], own_city, self._recent(state))
        seats = self.controller.seats
        for i, panel in enumerate(self.player_panels):
            panel.show_player(state, seats[i], score.sheets[i], i == state.current, i == self.shown)
        self._update_turn_panel(h, interactive)
        self.undo_action.setEnabled(live and self.controller.can_undo)

    def _recent(self, state: GameState) -> Recent:
        ctrl = self.controller
        if ctrl is None or self.viewing is not None or not ctrl.game.actions:
            return Recent()
        last = ctrl.game.actions[-1]
        recent = Recent(self._last_seat)
        if self._last_seat != self.shown:
            return recent
        if isinstance(last, Take):
            recent.spaces.add(last.space)
        elif isinstance(last, Swap):
            recent.spaces.update((last.a, last.b))
        elif isinstance(last, MovePerson | FinalMove):
            recent.people.add(last.person)
        return recent

    def _update_turn_panel(self, h: Highlights, interactive: bool = True) -> None:
        ctrl = self.controller
        assert ctrl is not None
        state = self._state()
        tp = self.turn_panel
        live = self.viewing is None
        seat = ctrl.seats[state.current]
        tp.prompt.setText(self._prompt(state, seat, h, interactive))
        names = {"foodie": "Foodie", "reward": "Food truck + foodie"}
        for cid, card in state.catalog.cards.items():
            names[cid] = card.name
        for aid, sd in state.catalog.sand_dollar_actions.items():
            names[aid] = sd.name
        usable = {a.allowance for a in self.interaction.legal
                  if isinstance(a, MovePerson | ReturnPerson)} if interactive else set()
        tp.show_allowances(state.allowances if state.phase == MOVE else [],
                           self.interaction.allowance, names, usable)
        tp.undo.setEnabled(live and ctrl.can_undo)
        tp.stop_here.setEnabled(interactive and h.can_stop)
        tp.return_person.setEnabled(interactive and h.can_return)
        tp.no_swap.setEnabled(interactive and h.can_noswap)
        tp.end_turn.setEnabled(interactive and h.can_end)
        tp.end_turn.setText("Confirm: end turn" if self._confirm_end else "End turn")
        final = interactive and state.phase == FINAL
        tp.auto_final.setEnabled(final)
        tp.final_done.setEnabled(final and h.can_finish_final)
        for button in (tp.stop_here, tp.return_person):
            button.setVisible(state.phase in (MOVE, FINAL))
        tp.no_swap.setVisible(state.phase == SWAP)
        tp.end_turn.setVisible(state.phase == MOVE)
        tp.auto_final.setVisible(state.phase == FINAL)
        tp.final_done.setVisible(state.phase == FINAL)

    def _prompt(self, state: GameState, seat: Seat, h: Highlights, interactive: bool) -> str:
        if self.viewing is not None:
            return "Looking back at an earlier moment. Click “Back to the game” to play on."
        if state.phase == OVER:
            return "The game is over. The scorepad shows who won."
        name = f"<b>{seat.name}</b>"
        if seat.is_ai:
            return f"{name} (AI) is thinking…"
        if not interactive:
            return f"{name} to play."
        phase = state.phase
        if phase == CHOOSE_TILE:
            return f"{name}, choose your starting tile (players choose in reverse turn order)."
        if phase == PLACE_TRUCK:
            return (f"{name}, put the food truck under a column: click “truck here”. "
                    f"The foodie goes {state.rules.foodie_offset} columns further.")
        if phase in (ACQUIRE, PLACE):
            if h.selected_slot is not None:
                return f"{name}, click a highlighted space in your city to build the card (Esc: put it back)."
            if phase == PLACE:
                sd = state.catalog.sand_dollar_actions[state.bought or ""]
                return (f"{name}, {sd.name}: pick a highlighted display card, then where it goes "
                        f"({state.to_place} to take).")
            return (f"{name}, pick a front-row card and then a highlighted space in your city, or "
                    f"buy a highlighted sand dollar action.")
        if phase == REWARD:
            return f"{name}, choose your food truck and foodie reward."
        if phase == SWAP:
            if h.selected_card is not None:
                return f"{name}, click the card to swap it with (same row), or click it again to cancel."
            return f"{name}, you may swap two cards of one row: click one, then the other — or No swap."
        if phase == MOVE:
            if self._confirm_end:
                return f"{name}, you still have moves left. Click “Confirm: end turn” to give them up."
            if h.selected_person is not None:
                if h.path:
                    stop = " or Stop here" if h.can_stop else ""
                    return (f"{name}, walk on: click the next highlighted space{stop}. "
                            f"Dashed footprints show where footprints land.")
                return_hint = " or Return to supply" if h.can_return else ""
                return f"{name}, click a highlighted space to move there{return_hint} (Esc: cancel)."
            return (f"{name}, use your moves: click (or drag) a highlighted person, then a "
                    f"highlighted space. End turn when you are done.")
        if phase == FINAL:
            final = state.rules.final_move
            return (f"{name}, final movement: each person may move once (locals {final.local}, "
                    f"tourists {final.tourist}, VIPs {final.vip} space). Move by hand, let "
                    f"“Best final movement” finish, or press Done.")
        return f"{name} to play."

    def _maybe_ask_reward(self) -> None:
        if self.viewing is not None or self.controller is None:
            return
        legal = self._live_legal()
        if self.controller.state.phase != REWARD or not legal:
            return
        if self._reward_dialog is not None and self._reward_dialog.isVisible():
            return
        dialog = RewardDialog(self.interaction.highlights().rewards, self)
        dialog.chosen.connect(self.choose_reward)
        self._reward_dialog = dialog
        dialog.open()

    def _rebuild_panels(self, seats: list[Seat]) -> None:
        for panel in self.player_panels:
            panel.deleteLater()
        self.player_panels = []
        for i in range(len(seats)):
            panel = PlayerPanel(i)
            panel.clicked.connect(self.show_city)
            self.players_layout.addWidget(panel)
            self.player_panels.append(panel)
        self.city_tabs.blockSignals(True)
        while self.city_tabs.count():
            self.city_tabs.removeTab(0)
        for seat in seats:
            self.city_tabs.addTab(f"{seat.name}'s city")
        self.city_tabs.blockSignals(False)

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

    def _finished(self) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        self.score = score_game(ctrl.state)
        self.scorepad.show_score(self.score, [s.name for s in ctrl.seats])
        self.pages.setCurrentIndex(1)
        self.status.setText("Game over.")

    # ================================================================== window

    def _problem(self, title: str, text: str) -> None:
        """Say what went wrong in a bar above the table (the game, if any, goes on)."""
        self.status.setText(title)
        self.problem_title.setText(title)
        self.problem_text.setText(text)
        self.problem_bar.show()

    def _restore_layout(self) -> None:
        store = settings()
        geometry = store.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        for name, split in (("main", self.main_split), ("centre", self.centre_split),
                            ("side", self.side_split)):
            value = store.value(f"window/{name}")
            if isinstance(value, QByteArray):
                split.restoreState(value)
        pace = store.value("table/pace")
        if pace is not None and int(pace) in self.pace_actions:
            self.set_pace(int(pace))

    def _save_layout(self) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/main", self.main_split.saveState())
        store.setValue("window/centre", self.centre_split.saveState())
        store.setValue("window/side", self.side_split.saveState())
        store.setValue("table/pace", self._pace)
        store.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._remember:
            self._save_layout()
        self._drop_controller()
        super().closeEvent(event)

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        QTimer.singleShot(0, self.city_view.fit)


def _replayed_log(game: Game, seats: list[Seat]) -> list[tuple[int, str, int]]:
    """Log lines for the actions a loaded game already has (replayed on a fresh state)."""
    if not game.actions:
        return []
    state = Game(game.catalog, game.setup, game.names).state
    lines = []
    for moment, action in enumerate(game.actions, start=1):
        seat = state.current
        lines.append((seat, describe_action(state, action, seats[seat].name), moment))
        for event in apply(state, action):
            if worth_logging(event):
                lines.append((seat, f"    {event}", moment))
    return lines
