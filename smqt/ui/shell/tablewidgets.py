"""The table window's widgets, built and arranged once: the display and the city (with their
tabs and header) above each other, the history and problem bars, the end page, and the side
(the player panels, the hint, the turn panel, the card inspector, the log). The window's parts
are given these widgets; which part answers which widget's signals is the window's wiring."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from smqt.language.translate import _
from smqt.ui.game.controller import Seat
from smqt.ui.panels.bars import Banner, HintBar, HistoryBar, ProblemBar
from smqt.ui.panels.endpage import EndPage
from smqt.ui.panels.popup import CardPopup
from smqt.ui.panels.side import Inspector, LogPanel, PlayerPanel
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.table import turns
from smqt.ui.table.scenes import CityScene, DisplayScene, OverviewScene
from smqt.ui.table.turns import PaintLater
from smqt.ui.table.views import CityView, FittedView

TABLE_PAGE, END_PAGE = 0, 1
"""The pages of the table's left side: the table itself, the end of the game (scorepad)."""


def city_name(name: str) -> str:
    """A seat's city as its tab says it: "Ann's city"."""
    return _("{name}'s city").format(name=name)


class PlayerPanels(QWidget):
    """One panel per seat, made afresh for each game."""

    clicked = Signal(int)
    """A seat's panel was clicked: show that city."""
    seat_menu = Signal(int, QPoint)
    """A seat's menu was asked for, at this place on the screen."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(4, 4, 4, 4)
        self.panels: list[PlayerPanel] = []

    def rebuild(self, seats: Sequence[Seat]) -> None:
        for panel in self.panels:
            self.column.removeWidget(panel)
            panel.hide()  # out of sight at once; deleted when control returns to the loop
            panel.deleteLater()
        self.panels = []
        for i in range(len(seats)):
            panel = PlayerPanel(i)
            panel.clicked.connect(self.clicked)
            panel.seat_menu.connect(self.seat_menu)
            self.column.addWidget(panel)
            self.panels.append(panel)


class TableWidgets:
    """Every widget of the table window, arranged in ``window``."""

    def __init__(self, window: QMainWindow) -> None:
        self.popup = CardPopup(window)
        """The large card beside the pointer."""
        self.display_scene = DisplayScene(window)
        self.city_scene = CityScene(window)
        self.overview_scene = OverviewScene(window)
        self.display_view = FittedView(self.display_scene)
        self.city_view = CityView(self.city_scene)
        for view in (self.display_view, self.city_view):
            view.viewport().installEventFilter(self.popup)
        self.turns = turns.shared()
        """Work of one change done a piece per turn of the event loop: a bot's answer, the
        views' painting, the end."""
        self.paint_later = PaintLater([self.display_view, self.city_view], window, self.turns)

        self.history_bar = HistoryBar()
        self.problem_bar = ProblemBar()
        self.banner = Banner()
        self.hint_bar = HintBar()

        self.city_tabs = QTabBar()
        self.city_tabs.setExpanding(False)
        city_box = QWidget()
        city_layout = QVBoxLayout(city_box)
        city_layout.setContentsMargins(0, 0, 0, 0)
        city_layout.setSpacing(0)
        self.city_header = QLabel()
        self.city_header.setTextFormat(Qt.TextFormat.PlainText)
        # whose city it is wraps rather than taking the tabs' room: at a large text size the
        # second city's tab was hidden behind the tab bar's scroll arrows
        self.city_header.setWordWrap(True)
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

        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 0, 0, 0)
        table_layout.setSpacing(0)
        for widget in (self.history_bar, self.banner):
            table_layout.addWidget(widget)
        table_layout.addWidget(self.centre_split, 1)

        self.end_page = EndPage()
        self.pages = QStackedWidget()
        self.pages.addWidget(table_page)
        self.pages.addWidget(self.end_page)
        self.end_page.to_table.connect(lambda: self.pages.setCurrentIndex(TABLE_PAGE))

        self.players = PlayerPanels()
        self.turn_panel = TurnPanel()
        self.inspector = Inspector()
        self.popup.needed = lambda: not self.inspector.shows_faces()
        self.log = LogPanel()
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.players)
        # the coach's hint beside the turn, not over the table: the table never moves under
        # the pointer when a hint comes or goes; under the turn, so that a long hint at a
        # large text size never pushes the turn's words and buttons out of sight
        top_layout.addWidget(self.turn_panel)
        top_layout.addWidget(self.hint_bar)
        top_layout.addStretch(1)
        scroll = QScrollArea()  # a long turn (many moves to list) scrolls, never overlaps
        scroll.setWidget(top)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side = QSplitter(Qt.Orientation.Vertical)
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
        window.setCentralWidget(self.main_split)

        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        window.statusBar().addWidget(self.status, 1)

    def scenes(self) -> tuple[DisplayScene, CityScene, OverviewScene]:
        return self.display_scene, self.city_scene, self.overview_scene
