"""The end-of-game scorepad: one row per score category, one column per player, the winner and
the tie-break that decided (R10, R10.15). ``scorepad_rows`` is plain data (tested against the
``smqt score`` of the same position); ``Scorepad`` shows it."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from smqt.engine.scoring import GameScore

ROWS = (
    ("Wave bonus", "objective", "wave"),
    ("Other bonus", "objective", "misc"),
    ("Penalty", "objective", "penalty"),
    ("Feature cards", "card", None),
    ("Rings", "ring", None),
    ("Footprints", "footprint", None),
)


def scorepad_rows(score: GameScore) -> list[tuple[str, list[int]]]:
    """(category, points per player) rows, then the total and the tie-break facts."""
    rows: list[tuple[str, list[int]]] = []
    for label, category, entry in ROWS:
        rows.append((label, [
            sum(line.points for line in sheet.lines
                if line.category == category and (entry is None or line.entry == entry))
            for sheet in score.sheets
        ]))
    rows.append(("Total", [sheet.total for sheet in score.sheets]))
    rows.append(("Sand dollars left", [sheet.sand_dollars for sheet in score.sheets]))
    rows.append(("Longest chain", [sheet.longest_chain for sheet in score.sheets]))
    rows.append(("People outside rings", [sheet.unplaced for sheet in score.sheets]))
    return rows


def verdict(score: GameScore, names: list[str]) -> str:
    winners = [names[w] for w in score.winners]
    if score.decided_by == "shared":
        return f"Shared victory: {' and '.join(winners)} (tied on every tie-break)"
    if score.decided_by == "score":
        return f"{winners[0]} wins with {score.totals[score.winners[0]]} points"
    return (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} on {score.decided_by} "
            f"(tied on points)")


ROW_MIN = 24
ROW_COMFORT = 32


class Scorepad(QWidget):
    """The scorepad table with the verdict above it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 20px; font-weight: bold; padding: 6px;")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.table)
        self.rows: list[tuple[str, list[int]]] = []

    def show_score(self, score: GameScore, names: list[str]) -> None:
        self.rows = scorepad_rows(score)
        self.title.setText(html.escape(verdict(score, names)))
        table = self.table
        table.clear()
        table.setRowCount(len(self.rows))
        table.setColumnCount(len(names))
        table.setHorizontalHeaderLabels(
            [f"{'★ ' if i in score.winners else ''}{name}" for i, name in enumerate(names)])
        table.setVerticalHeaderLabels([label for label, _ in self.rows])
        bold = QFont()
        bold.setBold(True)
        for r, (label, values) in enumerate(self.rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if label == "Total":
                    item.setFont(bold)
                    item.setBackground(QBrush(QColor("#fff3c4")))
                elif r > len(ROWS):
                    item.setForeground(QBrush(QColor("#555555")))
                table.setItem(r, c, item)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # every row in sight, the total above all: rows share the height (at least 24 px each)
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        rows.setMinimumSectionSize(ROW_MIN)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setStyleSheet("QTableWidget { font-size: 15px; } QHeaderView { font-size: 14px; }")
        table.setMinimumHeight(self.table_height(ROW_MIN))

    def table_height(self, row: int) -> int:
        """The table's height with every row ``row`` pixels high."""
        header = self.table.horizontalHeader().sizeHint().height()
        return header + row * max(1, len(self.rows)) + 2 * self.table.frameWidth()

    def preferred_height(self) -> int:
        """The scorepad's height with rows of a comfortable size (for the page's split)."""
        margins = self.layout().contentsMargins()
        title = self.title.sizeHint().height()
        return (margins.top() + margins.bottom() + self.layout().spacing() + title
                + self.table_height(ROW_COMFORT))

    def value(self, label: str, player: int) -> int:
        for row_label, values in self.rows:
            if row_label == label:
                return values[player]
        raise KeyError(label)
