"""The end-of-game scorepad: one row per score category, one column per player, the winner and
the tie-break that decided (R10, R10.15). ``scorepad_rows`` is plain data (tested against the
``smqt score`` of the same position); ``Scorepad`` shows it."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
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
"""A row's least and comfortable height at the normal text size; at a larger one, the line of
the table's font and room round it (``Scorepad.row_least``)."""
ROWS_ALWAYS = 3
"""Rows the table keeps in sight however short its room: the rest scroll."""


class Scorepad(QWidget):
    """The scorepad table with the verdict above it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.area = QScrollArea()
        """Scrolls the verdict and the table when the page is too short for them (the
        largest text size on a small screen): nothing is cut."""
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget()
        self.area.setWidget(inner)
        outer.addWidget(self.area)
        layout = self.column = QVBoxLayout(inner)
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
        self.table.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() in (QEvent.Type.FontChange,
                                                      QEvent.Type.StyleChange):
            self._size_rows()  # a new text size: the rows' least height follows the words
        return False

    def row_least(self) -> int:
        """A row's least height: its words' line and room round them (24 px at the normal
        size; more at a larger one, where descenders and umlauts were cut)."""
        table = self.table
        lines = max(QFontMetrics(table.font()).height(),
                    QFontMetrics(table.verticalHeader().font()).height())
        return max(ROW_MIN, lines + 6)

    def _size_rows(self) -> None:
        least = self.row_least()
        self.table.verticalHeader().setMinimumSectionSize(least)
        # every row in sight when there is room, the total above all; when there is not (the
        # largest text size on a small screen), the first rows and a scroll bar for the rest
        self.table.setMinimumHeight(self.table_height(least, min(ROWS_ALWAYS, len(self.rows))))

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
        # rows share the height, none below the least its words need
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        style(table, "QTableWidget { font-size: 15px; } "  # not translated: a style sheet
              "QHeaderView { font-size: 14px; }")  # not translated: a style sheet
        table.ensurePolished()
        self._size_rows()

    def table_height(self, row: int, rows: int | None = None) -> int:
        """The table's height with ``rows`` rows (every row if None) ``row`` pixels high."""
        header = self.table.horizontalHeader().sizeHint().height()
        count = max(1, len(self.rows) if rows is None else rows)
        return header + row * count + 2 * self.table.frameWidth()

    def preferred_height(self, row: int | None = None) -> int:
        """The scorepad's height with rows of a comfortable size, or ``row`` pixels high (for
        the page's split)."""
        margins = self.column.contentsMargins()
        title = self.title.heightForWidth(max(1, self.area.viewport().width() - margins.left()
                                              - margins.right()))
        title = max(title, self.title.sizeHint().height())
        hints = (self.hints.sizeHint().height() + self.column.spacing()
                 if not self.hints.isHidden() else 0)
        return (margins.top() + margins.bottom() + self.column.spacing() + title + hints
                + self.table_height(row or max(ROW_COMFORT, self.row_least() + 4)))

    def value(self, label: str, player: int) -> int:
        for row_label, values in self.rows:
            if row_label == label:
                return values[player]
        raise KeyError(label)
