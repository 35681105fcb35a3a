"""Learn to play at the table (Help ▸ Learn to play, and offered once on the first start): a
guided game against a gentle AI from a fixed seed, whose lessons (``smqt.ui.game.lessons``)
appear beside what they are about, marked on the table, and wait for the learner's move. The
lesson can be left at any time; the game then goes on as a normal game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtWidgets import QMessageBox, QWidget

from smqt.desktop.datafolder import settings
from smqt.engine.game import Game
from smqt.engine.scoring import GameScore
from smqt.language.translate import _
from smqt.pack.shipped import default_pack
from smqt.ui.game.controller import Seat
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.keyfocus import Target
from smqt.ui.game.lessons import (
    LEARNER,
    LESSONS,
    OBJECTIVE,
    OPPONENT_LEVEL,
    SEED,
    START_PLAYER,
    Tutorial,
)
from smqt.ui.panels.callout import WIDTH, LessonCallout
from smqt.ui.shell.keyboard import DISPLAY_KINDS
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.table.items import HintItem

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablewidgets import TableWidgets

LEARNER_NAME = "Sam"  # not translated: a name
OPPONENT_NAME = "Robin"  # not translated: a name
OFFERED = "tutorial/offered"
"""The setting that says Learn to play was offered on a first start."""


class TableTutorial(QObject):
    """Learn to play (a part of the table window, given the session, the widgets its notes are
    placed on, the window they float in, and how to start a game and the new-game dialog)."""

    def __init__(self, session: TableSession, widgets: TableWidgets, window: QWidget,
                 start: Callable[[GameOptions], None], choose_game: Callable[[], None]) -> None:
        super().__init__(window)
        self.session = session
        self.widgets = widgets
        self.window = window
        self.start = start
        self.choose_game = choose_game
        self.tutorial: Tutorial | None = None
        self.callout: LessonCallout | None = None
        self.welcome: QMessageBox | None = None
        self.asking: QMessageBox | None = None
        """The question before another game replaces the guided one, while it is open."""

    def new_game(self, game: Game | None = None, seats: Sequence[Seat] = ()) -> None:
        """A lesson belongs to its own game: another game drops it, and the guided game
        resumed (from the Resume list, or the table reopened) takes its lessons up again where
        its moments are."""
        self.tutorial = None
        self.hide_callout()
        if game is not None and is_guided(game, seats) and not game.state.is_over:
            self.tutorial = Tutorial(LEARNER)
            self.session.say(_("Learn to play goes on where you left it: the notes on the "
                               "table say what to do."))

    def ask_before_leaving(self, go: Callable[[], None]) -> bool:
        """Before another game replaces the guided one: ask whether to leave the lessons
        (``go`` then); False when there is nothing to ask (no lesson, or they are over)."""
        if self.tutorial is None or self.tutorial.finished:
            return False
        box = QMessageBox(self.window)
        box.setWindowTitle(_("Leave Learn to play?"))
        box.setText(_("A new game ends the lessons of the guided game. It stays in Game ▸ "
                      "Resume, and its lessons go on when it is resumed."))
        leave = box.addButton(_("Leave the lessons"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Keep learning"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(leave)
        box.buttonClicked.connect(lambda button: go() if button is leave else None)
        box.open()
        self.asking = box
        return True

    def learn_to_play(self) -> None:
        """A new guided game: the learner against a gentle AI, every lesson waiting for its
        moment."""
        # a name, as the other seats have (a word such as "Player" read like a blank to fill
        # in: "Stadt von Spieler")
        options = GameOptions(((LEARNER_NAME, "human"), (OPPONENT_NAME, OPPONENT_LEVEL)),
                              SEED,
                              default_pack(), objective=OBJECTIVE, start_player=START_PLAYER)
        self.start(options)
        if self.session.controller is None:
            return
        self.tutorial = Tutorial(LEARNER)
        self.session.say(_("Learn to play: the notes on the table say what to do; the game "
                           "waits for your moves."))
        self.session.redraw_wanted.emit()

    def offer_lesson(self) -> bool:
        """On the first start: Learn to play, or a game of one's choosing (asked once, in a
        box that does not hold up the window). False when it was offered before (the caller
        then opens the new game dialog)."""
        store = settings()
        if store.value(OFFERED):
            return False
        store.setValue(OFFERED, True)
        store.sync()
        box = QMessageBox(self.window)
        box.setWindowTitle(_("Welcome to Santa Monica"))
        box.setText(_("New to the game? Learn to play is a guided game against a gentle AI: "
                      "short notes explain each idea when it first matters, and you make "
                      "every move. It stays in the Help menu."))
        learn = box.addButton(_("Learn to play"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Choose a game"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(learn)
        box.buttonClicked.connect(lambda button: self.learn_to_play() if button is learn
                                  else self.choose_game())
        box.open()
        self.welcome = box
        return True

    def leave_lesson(self) -> None:
        """Leave Learn to play: the notes go, the game goes on as a normal game."""
        if self.tutorial is None:
            return
        finished = self.tutorial.finished
        self.tutorial = None
        self.hide_callout()
        if not finished:
            self.session.say(_("You left the lesson: the game goes on as a normal game "
                               "(Help ▸ Learn to play starts it again)."))
        self.session.redraw_wanted.emit()

    def _lesson_read(self) -> None:
        """"Got it" on a lesson that asks for no move: on to the next lesson's moment."""
        if self.tutorial is not None:
            self.tutorial.dismiss()
            self.session.redraw_wanted.emit()

    def hide_callout(self) -> None:
        if self.callout is not None:
            self.callout.hide()

    def lesson_now(self, h: Highlights, interactive: bool, score: GameScore | None) -> None:
        """After each drawing of the table (``score``: that drawing's scoring of the live
        game): the lesson of this moment, beside what it is about and marked on the table
        (nothing while an earlier moment is shown)."""
        ctrl = self.session.controller
        tutorial = self.tutorial
        if tutorial is None or ctrl is None or self.session.viewing is not None:
            self.hide_callout()
            return
        legal = self.session.live_legal() if interactive else ()
        lesson = tutorial.update(ctrl.state, legal, h, score)
        if lesson is None:
            self.hide_callout()
            return
        target = tutorial.target(ctrl.state, legal, h, score)
        if self.callout is None:
            self.callout = LessonCallout(self.window)
            self.callout.leave.connect(self.leave_lesson)
            self.callout.finished.connect(self.leave_lesson)
            self.callout.got_it.connect(self._lesson_read)
        self.callout.say(tutorial.number, _(lesson.title), _(lesson.text),
                         lesson.key == LESSONS[-1].key, lesson.info)
        self._place_callout(target)

    def _place_callout(self, target: Target | None) -> None:
        """The note goes where it hides little of what it is about: at the bottom of the table
        for a target in the display, at the top for a target in the city (each marked "Here"
        on the table), at the bottom right otherwise (by the turn panel's buttons)."""
        callout = self.callout
        assert callout is not None
        w = self.widgets
        page = w.pages
        area = QRect(page.mapTo(self.window, QPoint(0, 0)), page.size())
        height = callout.height_needed()
        corner = (area.right() - WIDTH - 12, area.bottom() - height - 12)
        if target is None or target[1] is None or target[0] == "button":
            # the bottom right of the table (of the end page): the banner, the display and
            # the headline stay in sight, and the turn panel's buttons are just right of it
            callout.show_at(*corner, area)
            return
        in_display = target[0] in DISPLAY_KINDS
        if not in_display and self.session.overview:  # every city is shown: no city scene to mark
            callout.show_at(*corner, area)
            return
        scene, view = ((w.display_scene, w.display_view) if in_display
                       else (w.city_scene, w.city_view))
        rect: QRectF | None = scene.rect_of(target)
        if rect is not None:
            mark = HintItem(rect.width(), rect.height(), _("Here"), below=True)
            mark.setPos(rect.topLeft())
            scene.addItem(mark)
            scene.setSceneRect(scene.sceneRect().united(mark.sceneBoundingRect()))
            view.ensureVisible(rect, 20, 20)
            x = view.viewport().mapTo(self.window, view.mapFromScene(rect.center())).x() - WIDTH // 2
        else:
            x = area.center().x() - WIDTH // 2
        if in_display:  # at the bottom of the table, over the city's street row
            callout.show_at(x, area.bottom() - height - 12, area)
        else:  # at the top of the table, over the display
            callout.show_at(x, area.top() + 12, area)


def is_guided(game: Game, seats: Sequence[Seat]) -> bool:
    """Whether ``game`` is Learn to play's guided game (its seed, objective and seats)."""
    setup = game.setup
    return setup.seed == SEED and setup.objective == OBJECTIVE and \
        [(seat.name, seat.kind) for seat in seats] == [(LEARNER_NAME, "human"),
                                                     (OPPONENT_NAME, OPPONENT_LEVEL)]
