"""The end of the game: the scorepad (a row per category, a column per player, the winner),
and below it every point of one player, line by line, beside that player's city; pointing at
a line outlines its card in the city."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QPushButton, QSplitter, QVBoxLayout, QWidget

from smqt.desktop.flow import FlowLayout
from smqt.engine.geometry import Space
from smqt.engine.scoring import GameScore
from smqt.engine.state import GameState
from smqt.language.translate import N_, _
from smqt.ui.game.interaction import Highlights
from smqt.ui.panels.breakdown import ScoreBreakdown
from smqt.ui.panels.scorepad import Scorepad
from smqt.ui.table.scenes import CityScene, Recent
from smqt.ui.table.views import CityView

LOWER_LEAST = 220
"""The least height the points and the city below the scorepad keep."""
CITY_LEAST = 200
"""The city beside the points is never narrower (the points' words once took all but 60 px)."""


class EndPage(QWidget):
    to_table = Signal()
    replay = Signal()
    new_game = Signal()
    review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.split = split = QSplitter(Qt.Orientation.Vertical)
        self._share_pending = False
        self.scorepad = Scorepad()
        split.addWidget(self.scorepad)
        lower = QSplitter(Qt.Orientation.Horizontal)
        self.breakdown = ScoreBreakdown()
        self.city_scene = CityScene(self)
        self.city_view = CityView(self.city_scene)
        lower.addWidget(self.breakdown)
        lower.addWidget(self.city_view)
        self.city_view.setMinimumWidth(CITY_LEAST)
        lower.setSizes([640, 480])
        split.addWidget(lower)
        split.setChildrenCollapsible(False)
        split.setSizes([380, 520])
        layout.addWidget(split, 1)
        row = QWidget()
        buttons = FlowLayout(row)  # at the largest text size the buttons take two lines
        buttons.setContentsMargins(0, 0, 0, 0)
        for text, signal in ((N_("Look at the table"), self.to_table),
                             (N_("Replay the game"), self.replay),
                             (N_("Review my decisions…"), self.review),
                             (N_("New game…"), self.new_game)):
            button = QPushButton(_(text))
            button.clicked.connect(signal.emit)
            buttons.addWidget(button)
        layout.addWidget(row)
        self.breakdown.hovered.connect(self._point_at)
        self.breakdown.player_chosen.connect(lambda player: self._point_at(player, None, fit=True))
        self.scorepad.table.horizontalHeader().sectionClicked.connect(self.breakdown.choose)
        self.state: GameState | None = None
        self.score: GameScore | None = None

    def show_score(self, state: GameState, score: GameScore, names: Sequence[str],
                   first: int = 0, title: str | None = None, hints: int = 0) -> None:
        """``first``: whose points to show first (the person at the table); ``title``
        instead of the verdict (a scorepad during the game); ``hints``: how many hints were
        shown in the game."""
        self.state, self.score = state, score
        self.scorepad.show_score(score, list(names), hints)
        if title is not None:
            self.scorepad.title.setText(title)
        self._share_pending = True
        if self.isVisible():
            self._share()
        self.breakdown.show_score(state.catalog, score, names, first)
        self._point_at(first, None, fit=True)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._share_pending:
            self._share()

    def _share(self) -> None:
        """The scorepad as tall as its rows want (at most half the page), the rest below."""
        height = self.split.height()
        if height <= 0:
            return
        self._share_pending = False
        # comfortable rows in half the page; every row at its least height if more is needed
        # (the total above all), as long as the points below keep some room; else it scrolls
        whole = self.scorepad.preferred_height(self.scorepad.row_least())
        want = min(self.scorepad.preferred_height(),
                   max(height // 2, min(whole, height - LOWER_LEAST)))
        want = max(1, want)
        self.split.setSizes([want, max(1, height - want)])

    def _point_at(self, player: int, space: Space | None, *, fit: bool = False) -> None:
        if self.state is None or self.score is None:
            return
        self.city_scene.build(self.state, player, Highlights(), self.score.sheets[player], False,
                              Recent(), focus=space)
        if fit:
            self.city_view.fit(force=True)
