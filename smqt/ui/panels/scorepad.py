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

from smqt.engine.scorewords import is_people_bonus
from smqt.engine.scoring import GameScore
from smqt.language.translate import N_, _, ngettext
from smqt.ui.table.appearance import style

ROWS = (
    (N_("Wave bonus"), "objective", "wave"),
    (N_("Other bonus"), "objective", "misc"),
    (N_("Penalty"), "objective", "penalty"),
    (N_("Feature cards"), "card", None),
    (N_("Rings"), "ring", None),
    (N_("Footprints"), "footprint", None),
)
"""The category rows; the labels stay English in the data (translated where shown)."""
PEOPLE_BONUS = N_("People bonus or penalty")
"""The objective's third row when it adds points for someone (its full rings)."""


def scorepad_rows(score: GameScore) -> list[tuple[str, list[int]]]:
    """(category, points per player) rows, then the total and the tie-break facts."""
    rows: list[tuple[str, list[int]]] = []
    for label, category, entry in ROWS:
        values = [sum(line.points for line in sheet.lines
                      if line.category == category and (entry is None or line.entry == entry))
                  for sheet in score.sheets]
        if entry is not None and any(is_people_bonus(entry, value) for value in values):
            label = PEOPLE_BONUS  # the orange tile's rings can make it a bonus: say so
        rows.append((label, values))
    rows.append((N_("Total"), [sheet.total for sheet in score.sheets]))
    rows.append((N_("Sand dollars left"), [sheet.sand_dollars for sheet in score.sheets]))
    rows.append((N_("Longest chain"), [sheet.longest_chain for sheet in score.sheets]))
    rows.append((N_("People outside rings"), [sheet.unplaced for sheet in score.sheets]))
    return rows


def _both(names: list[str]) -> str:
    """``Ann``, ``Ann and Bo``, ``Ann and Bo and Cy``."""
    joined = names[0]
    for name in names[1:]:
        joined = _("{first} and {last}").format(first=joined, last=name)
    return joined


def verdict(score: GameScore, names: list[str]) -> str:
    winners = [names[w] for w in score.winners]
    both = _both(winners)
    many = len(winners)
    if score.decided_by == "shared":
        return _("Shared victory: {names} (tied on every tie-break)").format(names=both)
    if score.decided_by == "score":
        return _("{name} wins with {points} points").format(
            name=winners[0], points=score.totals[score.winners[0]])
    if score.decided_by == "sand dollars":  # not translated: the engine's key
        text = ngettext("{names} wins on sand dollars (tied on points)",
                        "{names} win on sand dollars (tied on points)", many)
    elif score.decided_by == "longest chain":  # not translated: the engine's key
        text = ngettext("{names} wins on longest chain (tied on points)",
                        "{names} win on longest chain (tied on points)", many)
    else:
        text = ngettext("{names} wins on {rule} (tied on points)",
                        "{names} win on {rule} (tied on points)", many)
    return text.format(names=both, rule=score.decided_by)


ROW_MIN = 24
ROW_COMFORT = 32


class Scorepad(QWidget):
    """The scorepad table with the verdict above it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        style(self.title, "font-size: 20px; font-weight: bold; padding: 6px;")  # not translated: style
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.hints = QLabel()
        """Says that the coach's hints were used in this game (hidden when not)."""
        style(self.hints, "QLabel { padding: 0 6px; color: #0b4f7c; }")  # not translated: a style sheet
        self.hints.hide()
        layout.addWidget(self.hints)
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.table)
        self.rows: list[tuple[str, list[int]]] = []

    def show_score(self, score: GameScore, names: list[str], hints: int = 0) -> None:
        """``hints``: how many hints were shown in the game (said under the verdict)."""
        self.rows = scorepad_rows(score)
        self.title.setText(html.escape(verdict(score, names)))
        self.hints.setText(_("Hints shown in this game (Turn ▸ Hint): {n}").format(n=hints))
        self.hints.setVisible(hints > 0)
        table = self.table
        table.clear()
        table.setRowCount(len(self.rows))
        table.setColumnCount(len(names))
        table.setHorizontalHeaderLabels(
            [f"{'★ ' if i in score.winners else ''}{name}" for i, name in enumerate(names)])
        table.setVerticalHeaderLabels([_(label) for label, _values in self.rows])
        bold = QFont()
        bold.setBold(True)
        for r, (label, values) in enumerate(self.rows):
            for c, value in enumerate(values):
                # points rows carry their sign: what adds and what takes away reads at once
                text = f"{value:+d}" if r < len(ROWS) and value else str(value)
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if label == "Total":  # not translated: the row's key
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
        style(table, "QTableWidget { font-size: 15px; } "  # not translated: a style sheet
              "QHeaderView { font-size: 14px; }")  # not translated: a style sheet
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
