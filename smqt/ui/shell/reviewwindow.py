"""The post-game review (Game ▸ Review this game…, and the end page): a player's decisions
judged one by one by the strongest AI in its own process (the window never waits; a progress
bar, and Cancel), then a chart of every player's score by turn and the decisions that cost
most, each with the AI's better choice. Clicking one opens that moment on the table with the
better choice framed."""

from __future__ import annotations

from concurrent.futures import Future

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from smqt.ai import thinker
from smqt.ai.protocol import level_words
from smqt.ai.thinker import Failure
from smqt.coach.judge import Judgement
from smqt.coach.review import (
    REVIEWER,
    Course,
    Decision,
    Review,
    by_ai_words,
    course,
    decision,
    judge_task,
)
from smqt.engine.actions import Action
from smqt.engine.game import Game
from smqt.engine.state import GameState
from smqt.language.formats import fixed, number
from smqt.language.translate import _, ngettext
from smqt.ui.game.logtext import describe_action
from smqt.ui.panels.scorechart import ScoreChart
from smqt.ui.panels.side import PLAYER_COLOURS
from smqt.ui.table.appearance import style

LISTED = 15
"""The costliest decisions listed."""


class _Judged(QObject):
    """Brings the AI process's judgements to the window's thread."""

    arrived = Signal(int, object)


class ReviewWindow(QDialog):
    moment_chosen = Signal(int, object, int)
    """Open this moment (the number of actions before the decision) on the table, with the
    better choice (an ``Action``) of this seat framed."""

    def __init__(self, game: Game, names: list[str], seat: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # a window of its own (not kept above the table): a moment it opens comes to the front
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle(_("Review of the game"))
        self.game, self.names = game, names
        self.level = REVIEWER
        """The level that judges (the tests may ask a quicker one)."""
        self.moves = len(game.actions)
        """The game's length when reviewed (a game played on is reviewed again)."""
        self.course: Course | None = None
        self.decisions: list[Decision] = []
        self._ticket = 0
        self._judged = _Judged(self)
        self._judged.arrived.connect(self._arrived)
        layout = QVBoxLayout(self)
        # the window keeps the size given it while its texts change (a layout's changing
        # minimum would resize a window that the person placed)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Decisions of")))
        self.player = QComboBox()
        self.player.addItems(names)
        self.player.setCurrentIndex(seat)
        self.player.currentIndexChanged.connect(self.start)
        top.addWidget(self.player)
        self.progress = QProgressBar()
        top.addWidget(self.progress, 1)
        self.cancel = QPushButton(_("Cancel"))
        self.cancel.clicked.connect(self.stop)
        top.addWidget(self.cancel)
        layout.addLayout(top)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        self.chart = ScoreChart()
        split.addWidget(self.chart)
        self.list = QTableWidget(0, 4)
        self.list.setHorizontalHeaderLabels([_("Round"), _("The choice made"),
                                             _("The AI's better choice"), _("Cost")])
        self.list.verticalHeader().hide()
        self.list.setWordWrap(True)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setAlternatingRowColors(True)
        header = self.list.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.sectionResized.connect(lambda *_args: self.list.resizeRowsToContents())
        self.list.itemClicked.connect(self._open)
        self.list.itemActivated.connect(self._open)
        split.addWidget(self.list)
        split.setSizes([260, 300])
        layout.addWidget(split, 1)
        hint = QLabel(_("Click a decision to see that moment on the table, with the AI's choice "
                        "framed (Game ▸ Review this game brings this window back). A cost is "
                        "the AI's estimate of the points a choice gave away: the points it "
                        "scores and what it promises for later turns, against the AI's best."))
        hint.setWordWrap(True)
        # again at each text size (a sheet set once kept the size it was set at)
        style(hint, "QLabel { color: #444; }")  # not translated: a style sheet
        layout.addWidget(hint)
        self.resize(900, 640)

    # ------------------------------------------------------------------ judging

    @property
    def seat(self) -> int:
        return self.player.currentIndex()

    @Slot()
    def start(self) -> None:
        """Judge the chosen player's decisions (again)."""
        self._ticket += 1
        self.decisions = []
        self.list.setRowCount(0)
        self.course = course(self.game.record, self.game.catalog, self.seat)
        self.chart.show_scores(self.course.scores, self.names, PLAYER_COLOURS,
                               self.game.state.num_players)
        self.chart.point_at(None)
        total = len(self.course.moments)
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(0)
        self.progress.show()
        self.cancel.setEnabled(True)
        self.moves = len(self.game.actions)
        self.summary.setText(_("The {level} AI judges {name}'s {n} decisions…").format(
            level=level_words(self.level), name=self.names[self.seat], n=total))
        self._ask(0)

    def _ask(self, index: int) -> None:
        assert self.course is not None
        if index >= len(self.course.moments):
            self._done()
            return
        moment = self.course.moments[index]
        ticket, judged = self._ticket, self._judged

        def arrived(done: Future[object]) -> None:  # on another thread
            try:
                judged.arrived.emit(ticket, done.result())
            except RuntimeError:
                pass  # the window closed meanwhile

        thinker.shared().ask_task(moment.state, judge_task, self.level,
                                  moment.chosen).add_done_callback(arrived)

    @Slot(int, object)
    def _arrived(self, ticket: int, answer: object) -> None:
        if ticket != self._ticket or self.course is None:
            return  # cancelled, or another player chosen meanwhile
        if isinstance(answer, Failure):
            self.summary.setText(_("The review stopped: {problem}").format(problem=answer.head))
            self.cancel.setEnabled(False)
            return
        assert isinstance(answer, Judgement)
        moment = self.course.moments[len(self.decisions)]
        self.decisions.append(decision(moment, answer, self._say))
        self.progress.setValue(len(self.decisions))
        self._ask(len(self.decisions))

    def _say(self, state: GameState, action: Action) -> str:
        return describe_action(state, action, self.names[state.current])

    @Slot()
    def stop(self) -> None:
        """Stop judging (what is judged so far is listed)."""
        self._ticket += 1
        self.cancel.setEnabled(False)
        if self.course is not None:
            self._show(cancelled=True)

    def _done(self) -> None:
        self.cancel.setEnabled(False)
        self._show(cancelled=False)

    # ------------------------------------------------------------------ showing

    def _show(self, cancelled: bool) -> None:
        assert self.course is not None
        judged = len(self.decisions)
        review = Review(self.seat, tuple(self.names), tuple(self.decisions), self.course.scores,
                        self.course.complete)
        costly = review.costliest(judged)
        lost = review.total_loss
        text = ngettext("{name}: {n} decision judged", "{name}: {n} decisions judged",
                        judged).format(name=self.names[self.seat], n=judged)
        if cancelled:
            text += " " + _("(stopped: {n} not judged)").format(
                n=len(self.course.moments) - judged)
        text += "; " + ngettext("{n} cost more than half a point", "{n} cost more than half a point",
                                len(costly)).format(n=len(costly))
        text += "; " + _("about {points} points given away in all.").format(points=number(lost))
        if self.course.by_ai:
            text += " " + by_ai_words(self.course.by_ai, self.names[self.seat])
        self.summary.setText(text)
        players = self.game.state.num_players
        rows = [[str(d.turn // players + 1), d.chosen_words, d.best_words, fixed(d.loss, ".1f"), d]
                for d in costly[:LISTED]]
        if not costly and judged:
            rows = [["", _("Every decision was within half a point of the AI's."), "", "", None]]
        self.list.setRowCount(len(rows))
        for r, (*texts, found) in enumerate(rows):
            for c, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, found.number if found else None)
                if c == 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.list.setItem(r, c, item)
        self.list.resizeRowsToContents()

    @Slot(QTableWidgetItem)
    def _open(self, item: QTableWidgetItem) -> None:
        number = item.data(Qt.ItemDataRole.UserRole)
        found = next((d for d in self.decisions if d.number == number), None)
        if found is None:
            return
        self.chart.point_at(found.turn)
        self.moment_chosen.emit(found.number - 1, found.best, self.seat)

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self._ticket += 1  # answers still on their way are dropped
        super().closeEvent(event)
