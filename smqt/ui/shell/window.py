"""The play table's main window: a shell that builds the table's widgets (tablewidgets.py)
and owns its parts, each given what it needs: the session, the one mediator that holds the
game on the table and what of it is shown (session.py); the drawing (drawing.py), the turn
panel and previews (turnview.py), clicks and drops (clicks.py), the turn's commands
(turncommands.py), where the table looks (navigation.py), the coach (coaching.py), Learn to
play (tutorial.py), the keys (keyboard.py), games on disk (savedgames.py), the room's sharing
(tablelayout.py), the sounds (sounds.py) and the menus (menus.py). Parts talk through the
session's signals; the window wires them to each other and to the game's controller, whose
every refusal shown is the engine's own reason."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLayout, QMainWindow

from smqt.ai.protocol import level_words
from smqt.desktop.datafolder import settings, storage_problems
from smqt.desktop.errorlog import log_path, log_problem
from smqt.desktop.front import default_size, minimum_size
from smqt.engine.game import Game
from smqt.engine.rules import apply
from smqt.engine.scoring import score_game
from smqt.language.translate import _
from smqt.ui.game.controller import GameController, Seat
from smqt.ui.game.keyfocus import KeyFocus
from smqt.ui.game.logtext import GameLog
from smqt.ui.shell.autosaves import GameLock, clean_leftovers
from smqt.ui.shell.clicks import Clicks
from smqt.ui.shell.coaching import TableCoach
from smqt.ui.shell.drawing import Drawing
from smqt.ui.shell.keyboard import TableKeys
from smqt.ui.shell.menus import AI_LEVELS, MenuParts, TableMenus
from smqt.ui.shell.navigation import TableNavigation
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.savedgames import SavedGames
from smqt.ui.shell.session import TableSession
from smqt.ui.shell.sounds import SoundPlayer, TableSounds
from smqt.ui.shell.tablelayout import RoomSharing
from smqt.ui.shell.tablewidgets import END_PAGE, TABLE_PAGE, TableWidgets
from smqt.ui.shell.turncommands import TurnCommands
from smqt.ui.shell.turnview import TurnView
from smqt.ui.shell.tutorial import TableTutorial
from smqt.ui.table.appearance import Appearance
from smqt.ui.table.motion import Motion


class TableWindow(QMainWindow):
    game_started = Signal()
    refreshed = Signal()
    problem_reported = Signal(str, str)
    """Every problem the window shows (title, details), for a caller that watches."""

    def __init__(self, *, remember_layout: bool = True, unattended: bool = False) -> None:
        """``unattended``: nobody is at the table (automated runs): an AI seat that fails is
        handed to the random AI at once instead of waiting for a person's choice."""
        super().__init__()
        self.unattended = unattended
        self.remember = remember_layout
        self.lock: GameLock | None = None
        """The autosave of the game on the table, held against a second window."""
        self.summaries: list[str] = []
        """The AI turns since a person last played, in one line each."""
        self.last_summary = ""
        """The last AI turn in one line (also in the status bar for a while)."""
        self.widgets = w = TableWidgets(self)
        self.session = session = TableSession(self)
        self.room = RoomSharing(session, w, self)
        self.turn_view = TurnView(session, w.turn_panel)
        self.coach = TableCoach(session, w.hint_bar, self)
        self.drawing = Drawing(session, w, self.turn_view, self.coach.mark, self.room)
        self.commands = TurnCommands(session, w.turn_panel, w.popup)
        self.clicks = Clicks(session, w, self.commands, self.turn_view.move_gains)
        self.navigation = TableNavigation(session, w, self.room)
        self.games = SavedGames(session, self, self.start_game,
                                lambda go: self.tutorial.ask_before_leaving(go))
        self.tutorial = TableTutorial(session, w, self, self.games.new_game,
                                      self.games.new_game_dialog)
        self.keys = TableKeys(session, w, self,
                              lambda kind, key: self.clicks.clicked(kind, key, by_key=True))
        self.sounds = TableSounds(SoundPlayer(self))
        self.menus = TableMenus(self, session, MenuParts(
            self.games, self.commands, self.navigation, self.coach, self.tutorial, self.keys,
            self.room, self.sounds, w.city_view), remember=remember_layout)
        self._wire()
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
            self.problem(_("Your data folder needs a look"), "\n".join(troubles))

    def _wire(self) -> None:
        """Who answers whom: the widgets' signals to the parts, the session's to the window
        and the parts, the drawing's to those that follow it."""
        w, session = self.widgets, self.session
        clicks, commands, nav = self.clicks, self.commands, self.navigation
        for scene in w.scenes():
            scene.clicked.connect(clicks.clicked)
            scene.dropped.connect(clicks.dropped)
            scene.dragging.connect(clicks.dragging)
            scene.hovered.connect(lambda entry: w.inspector.show_entry(entry))
            scene.hovered.connect(lambda entry, s=scene: w.popup.hover(entry, s.hovered_tip))
            scene.inspect.connect(lambda entry: w.inspector.show_entry(entry))
        w.history_bar.moment_chosen.connect(nav.show_moment)
        w.history_bar.live.connect(nav.show_live)
        w.city_tabs.currentChanged.connect(nav.tab_changed)
        w.end_page.replay.connect(lambda: nav.show_moment(0))
        w.end_page.review.connect(self.coach.open_review)
        w.end_page.new_game.connect(self.games.new_game_dialog)
        w.players.clicked.connect(nav.show_city)
        w.players.seat_menu.connect(self.menus.seat_menu)
        w.log.moment_chosen.connect(nav.show_moment)
        tp = w.turn_panel
        tp.allowance_chosen.connect(commands.choose_allowance)
        tp.take_back.connect(commands.take_back)
        tp.undo.clicked.connect(commands.undo)
        tp.stop_here.clicked.connect(commands.stop_here)
        tp.return_person.clicked.connect(commands.return_person)
        tp.no_swap.clicked.connect(commands.no_swap)
        tp.end_turn.clicked.connect(commands.end_turn)
        tp.auto_final.clicked.connect(commands.auto_final)
        tp.final_done.clicked.connect(commands.final_done)
        tp.scorepad.clicked.connect(nav.show_scorepad)
        session.redraw_wanted.connect(self.drawing.redraw)
        session.refresh_wanted.connect(self.drawing.refresh)
        session.status.connect(w.status.setText)
        session.problem.connect(self.problem)
        session.played.connect(self._played)
        self.room.panels_changed.connect(self.drawing.panels_again)
        drawing = self.drawing
        drawing.drawn.connect(lambda h, _interactive, _score: self.keys.drawn(h))
        self.keys.inspect.connect(w.inspector.show_entry)
        drawing.drawn.connect(self.tutorial.lesson_now)
        drawing.drawn.connect(lambda *_drawn: self.menus.drawn())
        drawing.live_changed.connect(self._listen)
        drawing.refreshed.connect(self.refreshed)

    # ================================================================== games

    @property
    def controller(self) -> GameController | None:
        """The controller of the game on the table (None before the first game)."""
        return self.session.controller

    def new_game(self, options: GameOptions, *, autosave: bool = True,
                 playtest: bool = False) -> None:
        self.games.new_game(options, autosave=autosave, playtest=playtest)

    def load(self, path: Path, pack: Path | None = None, **how: object) -> bool:
        return self.games.load(path, pack, **how)  # type: ignore[arg-type]

    def start_game(self, game: Game, seats: list[Seat], pack: Path | None,
                   *, autosave: Path | None = None, pace: int | None = None,
                   playtest: bool = False) -> None:
        """Put ``game`` on the table (new, loaded or resumed) and let its first seat play."""
        w, session = self.widgets, self.session
        self._drop_controller()
        w.inspector.clear()
        w.popup.close_now()
        self.sounds.new_game()  # the sounds listen to this game from its first change
        session.catalog = game.catalog
        session.pack_folder = pack
        session.playtest = playtest
        if autosave is not None:
            self.lock = GameLock(autosave)
        ctrl = GameController(game, seats, autosave=autosave, pack=pack, playtest=playtest,
                              ai_pace_ms=self.menus.pace if pace is None else pace,
                              fallback_level="random" if self.unattended else None,
                              later=w.turns.later, parent=self)
        session.controller = ctrl
        ctrl.state_changed.connect(self.drawing.refresh)
        ctrl.logged.connect(self._logged)
        ctrl.thinking.connect(self._thinking)
        # the end page is made in turns of the event loop of its own, after the last move's
        # drawing is painted: all together would hold the window up past 50 ms
        ctrl.finished.connect(lambda: w.turns.later(self._finished, self))
        ctrl.undone.connect(w.log.drop_after)
        ctrl.final_round.connect(self._final_round)
        ctrl.seats_changed.connect(self.drawing.city_names_changed)
        ctrl.problem.connect(self.problem)
        ctrl.bot_failed.connect(self._bot_failed)
        ctrl.turn_summary.connect(self._turn_summary)
        ctrl.hint_ready.connect(self.coach.hint_ready)
        self.coach.new_game()
        w.status.setText("")
        self.summaries = []  # the previous game's AI turns are not this one's
        self.last_summary = ""
        self.statusBar().clearMessage()
        w.log.clear()
        session.viewing = None
        session.trigger = None
        session.score = None
        w.history_bar.hide()
        w.problem_bar.hide()
        w.pages.setCurrentIndex(TABLE_PAGE)
        self._set_title()
        self.tutorial.new_game(game, seats)  # the guided game resumed: its lessons too
        self.drawing.new_game(seats)
        for seat, line, moment in _replayed_log(game, seats):
            w.log.add_line(seat, line, moment)
        session.key_focus = KeyFocus()  # no mark from the last game
        self.drawing.refresh()
        w.city_view.setFocus()  # the table has the keyboard (Tab marks a target)
        self.game_started.emit()
        if game.state.is_over:
            self._finished(at_once=True)
        ctrl.start()

    def _drop_controller(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        ctrl = self.session.controller
        if ctrl is not None:
            for signal in (ctrl.state_changed, ctrl.logged, ctrl.thinking, ctrl.finished,
                           ctrl.undone, ctrl.final_round, ctrl.seats_changed, ctrl.problem,
                           ctrl.bot_failed, ctrl.turn_summary, ctrl.hint_ready):
                signal.disconnect()
            ctrl.stop()
            ctrl.deleteLater()
            self.session.controller = None

    def _set_title(self) -> None:
        words = []
        if self.session.catalog is not None:
            words.append(self.session.pack_words() or "")
        if self.session.playtest:
            words.append(_("playtest"))
        self.setWindowTitle(" — ".join(w for w in words if w))

    # ================================================================== signals

    def _logged(self, seat: int, text: str, moment: int) -> None:
        self.session.last_seat = seat
        self.widgets.log.add_line(seat, text, moment)

    def _thinking(self, busy: bool) -> None:
        ctrl = self.session.controller
        if busy and ctrl is not None:
            seat = ctrl.seats[ctrl.state.current]
            self.widgets.status.setText(_("{name} is thinking…").format(name=seat.name))
        else:
            self.widgets.status.setText("")

    def _played(self) -> None:
        """A person played: an earlier refusal and the AI turns before are no longer news."""
        self.widgets.status.setText("")
        self.summaries = []
        self.statusBar().clearMessage()

    def _listen(self, score: object, person_to_play: bool, new_turn: bool) -> None:
        ctrl = self.session.controller
        if ctrl is not None:
            self.sounds.listen(ctrl.game.actions, score, person_to_play, new_turn)  # type: ignore[arg-type]

    def _turn_summary(self, seat: int, text: str) -> None:
        """An AI's turn in one line, under the table: the AI turns since a person last
        played, side by side (the log has them all)."""
        self.last_summary = text
        ctrl = self.session.controller
        if ctrl is not None and len(self.summaries) >= max(1, len(ctrl.seats) - 1):
            self.summaries = self.summaries[-(len(ctrl.seats) - 2):] if len(ctrl.seats) > 2 else []
        self.summaries.append(text)
        self.statusBar().showMessage("   ·   ".join(self.summaries))  # until the next one

    def _final_round(self, player: int) -> None:
        self.session.trigger = player

    def _finished(self, at_once: bool = False) -> None:
        """The game has ended: the end page filled, and shown in a later turn of the event
        loop (``at_once``: now, for a game opened already finished)."""
        ctrl, w = self.session.controller, self.widgets
        if ctrl is None or not ctrl.state.is_over:
            return  # another game (or an undo) came first
        score = self.session.score = score_game(ctrl.state)
        self.sounds.player.play("game_over")
        people = self.session.people()
        w.end_page.show_score(ctrl.state, score, ctrl.names,
                              people[0] if people else score.winners[0],
                              hints=ctrl.hints_used)
        if at_once:
            self._show_end_page()
        else:  # turns of their own: filling the page, polishing it, laying it out and
            # painting it at once held the window up past 50 ms at a game's end
            w.turns.later(w.end_page.ensurePolished, w.end_page)
            w.turns.later(self._show_end_page, self)

    def _show_end_page(self) -> None:
        ctrl = self.session.controller
        if ctrl is None or not ctrl.state.is_over:
            return  # another game (or an undo) came first
        self.widgets.pages.setCurrentIndex(END_PAGE)
        self.widgets.status.setText(_("Game over."))

    # ================================================================== window

    def problem(self, title: str, text: str, choices=()) -> None:  # type: ignore[no-untyped-def]
        """Say what went wrong in a bar above the table (the game, if any, goes on), with
        what the person can do about it; it is also written to the problems log."""
        self.widgets.status.setText(title)
        self.widgets.problem_bar.show_problem(title, text, choices)
        log_problem(title, text)
        self.problem_reported.emit(title, text)

    def unexpected(self, exc: BaseException) -> None:
        """Something failed that no boundary caught: say so; the table goes on."""
        log_problem("Unexpected error", "", exc)  # not translated: the log, for developers
        self.problem(_("Something went wrong"),
                     f"{type(exc).__name__}: {str(exc)[:300]}\n"
                     + _("The table goes on; if the game seems stuck, Undo or Game ▸ Resume. The "
                         "details are in the problems log ({log}).").format(log=log_path()))

    def _bot_failed(self, seat: int, message: str) -> None:
        """An AI seat could not decide: try again, another level, or a person plays it."""
        ctrl = self.session.controller
        if ctrl is None:
            return
        name, level = ctrl.seats[seat].name, ctrl.seats[seat].kind
        others = [k for k, _label in AI_LEVELS if k != level]
        choices = [(_("Try again"), ctrl.retry_bot),
                   (_("Let the {level} AI play").format(level=level_words(others[0])),
                    lambda: ctrl.set_seat(seat, others[0])),
                   (_("Play it yourself"), lambda: ctrl.set_seat(seat, "human"))]
        self.problem(_("{name}'s AI could not decide").format(name=name),
                     _("The {level} AI stopped with an error ({message}). The game waits: try "
                       "again, let another AI play the seat, or play it yourself. The details "
                       "are in the problems log ({log}).").format(
                         level=level_words(level), message=message, log=log_path()), choices)

    def _restore_layout(self) -> None:
        store, menus, w = settings(), self.menus, self.widgets
        geometry = store.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        for name, split in (("main", w.main_split), ("side", w.side_split)):
            value = store.value(f"window/{name}")
            if isinstance(value, QByteArray) and split.restoreState(value) and name == "main":
                self.room.user_side = True
        pace = store.value("table/pace")
        if pace is not None and str(pace).isdigit() and int(pace) in menus.pace_actions:
            menus.set_pace(int(pace))
        motion = store.value("table/motion")
        try:
            if motion is not None and float(str(motion)) in menus.motion_actions:
                menus.set_motion(float(str(motion)))
        except ValueError:
            pass  # a damaged setting: keep the default
        try:
            size = float(str(store.value("view/text_size", 1.0)))
        except ValueError:
            size = 1.0  # a damaged setting: the normal size
        if size in menus.text_actions and size != Appearance.text:
            menus.set_text_size(size)
        if str(store.value("view/high_contrast", "false")) == "true":
            menus.set_high_contrast(True)
        if str(store.value("view/sound", "false")) == "true":
            menus.set_sound(True)

    def _save_layout(self) -> None:
        store, w = settings(), self.widgets
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/main", w.main_split.saveState())
        store.setValue("window/side", w.side_split.saveState())
        store.setValue("table/pace", self.menus.pace)
        store.setValue("table/motion", Motion.factor)
        store.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.keys.stop_watching_focus()
        if self.remember:
            self._save_layout()
        self._drop_controller()
        self.menus.close_pages()
        super().closeEvent(event)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self.room.balance_soon()

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        QTimer.singleShot(0, self.widgets.city_view.fit)


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
