"""A player's score, every line of the engine's score sheet grouped by category (R10), for the
end of the game: pointing at a line shows its card in that player's city beside it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from smqt.engine.catalog import Catalog
from smqt.engine.scorewords import breakdown, source_name
from smqt.engine.scoring import GameScore
from smqt.language.translate import _
from smqt.ui.table.appearance import style

BREAKS = re.compile(r"\s+|(?<=[-/])")
"""Where a line of words may break: at a space, after a hyphen or a slash."""
SPACE_ROLE = Qt.ItemDataRole.UserRole
FROM = 1
"""The column of the points' sources (a card's or a tile's name), which wraps when long."""
WHY = 2
"""The column of reasons, the one that wraps."""
WRAPPED = (FROM, WHY)
FROM_SHARE = 0.4
"""The most of the tree's width the sources take: the reasons keep the rest (long German
names once left them a column too narrow for one of their words)."""


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text in the column's present width (the standard delegate
    measures one line, so a long reason was cut or ended in an ellipsis)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree
        self._sizes: dict[tuple[int, int, int, int], QSize] = {}
        """Sizes worked out, by row, column, parent row and the reasons' width: the tree asks
        for each row's size again at every column it resizes (hundreds of times as the end
        page is laid out), and wrapping the words each time held the window up ~20 ms.
        Forgotten when the rows are filled anew (``forget``) or the tree's font changes."""
        tree.installEventFilter(self)

    def forget(self) -> None:
        self._sizes.clear()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._sizes.clear()
        return False

    def _font(self, item: QTreeWidgetItem, column: int) -> QFont:
        """The font ``item`` is drawn in: what it sets (bold) over the tree's."""
        return item.font(column).resolve(self.tree.font())

    def longest_word(self, column: int) -> int:
        """The widest word of ``column`` (with a cell's room round it)."""
        widest = 0.0
        tree = self.tree
        for top in range(tree.topLevelItemCount()):
            head = tree.topLevelItem(top)
            for item in (head, *(head.child(n) for n in range(head.childCount()))):
                metrics = QFontMetricsF(self._font(item, column))
                for word in BREAKS.split(item.text(column)):
                    widest = max(widest, metrics.horizontalAdvance(word))
        return int(widest) + 16

    def unwrapped_width(self, column: int) -> int:
        """The widest text of ``column`` on one line (its words' natural width)."""
        widest = 0
        tree = self.tree
        for top in range(tree.topLevelItemCount()):
            head = tree.topLevelItem(top)
            for item in (head, *(head.child(n) for n in range(head.childCount()))):
                widest = max(widest, QFontMetricsF(self._font(item, column)).horizontalAdvance(
                    item.text(column)))
        return int(widest) + 16

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        column = index.column()
        width = max(40, self.tree.header().sectionSize(column) - 12) if column in WRAPPED else 0
        key = (index.row(), column, index.parent().row(), width)
        known = self._sizes.get(key)
        if known is not None:
            return QSize(known)
        font = index.data(Qt.ItemDataRole.FontRole)  # what the row sets (bold) over the tree's
        font = font.resolve(self.tree.font()) if isinstance(font, QFont) else self.tree.font()
        size = super().sizeHint(option, index)
        metrics = QFontMetricsF(font)
        if column not in WRAPPED:  # points: their column fits them on one line
            size = QSize(size.width(), min(size.height(), int(metrics.height()) + 6))
        else:
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
            rect = metrics.boundingRect(QRectF(0, 0, width, 10_000),
                                        int(Qt.TextFlag.TextWordWrap), text)
            size = QSize(size.width(), max(size.height(), int(rect.height()) + 6))
        self._sizes[key] = QSize(size)
        return size


class ScoreBreakdown(QWidget):
    """Choose a player; their score sheet line by line. ``hovered(player, space)`` says which
    card a line belongs to (space None for objective lines)."""

    player_chosen = Signal(int)
    hovered = Signal(int, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Every point of")))
        self.player = QComboBox()
        self.player.currentIndexChanged.connect(self._chosen)
        top.addWidget(self.player, 1)
        layout.addLayout(top)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([_("Points"), _("From"), _("Why")])
        self.tree.setMouseTracking(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.itemEntered.connect(self._entered)
        self.tree.currentItemChanged.connect(lambda item, _old: self._entered(item, 0))
        style(self.tree, "QTreeWidget { font-size: 14px; }")  # not translated: a style sheet
        self.tree.setWordWrap(True)  # a long reason wraps in its column rather than being cut
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setUniformRowHeights(False)
        self.delegate = WrappingDelegate(self.tree)
        self.tree.setItemDelegate(self.delegate)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(FROM, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # the reasons wrap anew when a column's width changes: once for all the columns that
        # changed together (a layout of every row for each change was most of the end page)
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(0)
        self._relayout.timeout.connect(self.tree.doItemsLayout)
        header.sectionResized.connect(lambda *_args: self._relayout.start())
        layout.addWidget(self.tree, 1)
        self.tree.viewport().installEventFilter(self)
        self.tree.installEventFilter(self)
        self.score: GameScore | None = None
        self.catalog: Catalog | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._least_width()
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange,
                            QEvent.Type.StyleChange):
            self._share_columns()
        return False

    def _least_width(self) -> None:
        """The tree no narrower than its points and the longest word of each wrapped column
        (the page's splitter keeps it so): words are never cut."""
        delegate, tree = self.delegate, self.tree
        least = (tree.sizeHintForColumn(0) + delegate.longest_word(FROM)
                 + delegate.longest_word(WHY) + tree.verticalScrollBar().sizeHint().width()
                 + 2 * tree.frameWidth())
        tree.setMinimumWidth(least)

    def _share_columns(self) -> None:
        """The sources' column as wide as its names, but never more than ``FROM_SHARE`` of the
        tree: a longer name wraps, and the reasons keep room for their words."""
        room = self.tree.viewport().width() - self.tree.header().sectionSize(0)
        if room <= 0:
            return
        # never narrower than its longest word, which cannot wrap, and leaving the reasons
        # theirs: past that, the tree scrolls
        width = max(self.delegate.longest_word(FROM),
                    min(self.delegate.unwrapped_width(FROM), int(room * FROM_SHARE),
                        room - self.delegate.longest_word(WHY)))
        header = self.tree.header()
        header.setMinimumSectionSize(min(header.minimumSectionSize(), width))
        if header.sectionSize(FROM) != width:
            header.resizeSection(FROM, width)

    def show_score(self, catalog: Catalog, score: GameScore, names: Sequence[str],
                   player: int = 0) -> None:
        self.catalog, self.score = catalog, score
        self.player.blockSignals(True)
        self.player.clear()
        for i, name in enumerate(names):
            self.player.addItem(_("{name} — {points} points").format(
                name=name, points=score.sheets[i].total), i)
        self.player.setCurrentIndex(player)
        self.player.blockSignals(False)
        self._fill(player)

    def choose(self, player: int) -> None:
        if 0 <= player < self.player.count():
            self.player.setCurrentIndex(player)

    def _chosen(self, index: int) -> None:
        if index >= 0:
            self._fill(index)
            self.player_chosen.emit(index)

    def _fill(self, player: int) -> None:
        self.tree.clear()
        self.delegate.forget()
        if self.score is None or self.catalog is None:
            return
        sheet = self.score.sheets[player]
        bold = QFont()
        bold.setBold(True)
        for group in breakdown(sheet):
            head = QTreeWidgetItem([f"{group.total:+d}", _(group.title), ""])
            for column in range(3):
                head.setFont(column, bold)
            self.tree.addTopLevelItem(head)
            for line in group.lines:
                item = QTreeWidgetItem([f"{line.points:+d}", source_name(self.catalog, line),
                                        line.why])
                item.setData(0, SPACE_ROLE, line.space)
                item.setToolTip(2, line.why)
                item.setToolTip(1, source_name(self.catalog, line))
                if line.points < 0:
                    item.setForeground(0, QBrush(QColor("#b3261e")))
                head.addChild(item)
            head.setExpanded(True)
        total = QTreeWidgetItem([str(sheet.total), _("Total"), ""])
        for column in range(3):
            total.setFont(column, bold)
        self.tree.addTopLevelItem(total)
        self._least_width()
        self._share_columns()

    def _entered(self, item: QTreeWidgetItem | None, _column: int) -> None:
        if item is None:
            return
        self.hovered.emit(self.player.currentData(), item.data(0, SPACE_ROLE))
