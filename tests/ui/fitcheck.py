"""Whether every text a window shows fits the room it is given, measured with the font's own
metrics against each widget's geometry (issue 42): labels plain and rich, wrapped or not;
buttons, check boxes and combo boxes; tab bars; the cells and header sections of item views;
and every widget cut by an ancestor that does not scroll. ``problems`` names each one that does
not fit with what it needs and what it has."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTableView,
    QToolButton,
    QTreeView,
    QWidget,
)

SLACK = 1.0
"""Pixels a measure may exceed its room by (rounding)."""
CELL_MARGIN = 3
"""The room an item view's delegate keeps on each side of a cell's text."""
ROWS = 80
"""The most rows of one item view that are measured."""


def problems(root: QWidget) -> list[str]:
    """Each visible text of ``root`` and its children that does not fit, in words."""
    found: list[str] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible() or widget.width() <= 0:
            continue
        why = None
        if isinstance(widget, QLabel):
            why = _label(widget)
        elif isinstance(widget, QAbstractButton):
            why = _button(widget)
        elif isinstance(widget, QComboBox):
            why = _combo(widget)
        elif isinstance(widget, QTabBar):
            why = _tabs(widget)
        elif isinstance(widget, QHeaderView):
            why = _header(widget)
        elif isinstance(widget, QAbstractItemView):
            why = _cells(widget)
        if why:
            found.append(f"{type(widget).__name__} {_name(widget)}: {why}")
        cut = _cut_by_ancestor(widget) if _shows_text(widget) else None
        if cut:
            found.append(f"{type(widget).__name__} {_name(widget)}: {cut}")
    return found


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = widget.text()
    elif isinstance(widget, QComboBox):
        text = widget.currentText()
    return repr(" ".join(text.split())[:50]) if text else f"({widget.objectName() or '-'})"


def _shows_text(widget: QWidget) -> bool:
    if isinstance(widget, (QLabel, QAbstractButton)):
        return bool(widget.text())
    return isinstance(widget, (QComboBox, QTabBar, QAbstractItemView))


def _is_rich(label: QLabel) -> bool:
    if label.textFormat() == Qt.TextFormat.RichText:
        return True
    return label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(label.text())


def _label(label: QLabel) -> str | None:
    if not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    rect = label.contentsRect()
    indent = max(0, label.indent()) if label.indent() >= 0 else 0
    room_w = rect.width() - 2 * max(0, label.margin()) - indent
    room_h = rect.height() - 2 * max(0, label.margin())
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + SLACK:
            return f"needs {needed} px of height, has {label.height()}"
        return _longest_word(label, room_w)
    if _is_rich(label):
        document = QTextDocument()
        document.setDefaultFont(label.font())
        document.setDocumentMargin(0)
        document.setHtml(label.text())
        width, height = document.idealWidth(), document.size().height()
    else:
        metrics = QFontMetricsF(label.font())
        lines = label.text().split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines)
        height = metrics.height() * len(lines)
    if width > room_w + SLACK:
        return f"needs {width:.0f} px of width, has {room_w}"
    if height > room_h + SLACK:
        return f"needs {height:.0f} px of height, has {room_h}"
    return None


def _longest_word(label: QLabel, room: int) -> str | None:
    """A wrapped label still cuts a word longer than its width."""
    if _is_rich(label):
        document = QTextDocument()
        document.setDefaultFont(label.font())
        document.setHtml(label.text())
        text = document.toPlainText()
    else:
        text = label.text()
    metrics = QFontMetricsF(label.font())
    words = _breakable(text)
    if not words:
        return None
    word = max(words, key=metrics.horizontalAdvance)
    width = metrics.horizontalAdvance(word)
    # a rich text's bold or larger words are measured by heightForWidth's layout; plain words here
    if not _is_rich(label) and width > room + SLACK:
        return f"the word {word!r} needs {width:.0f} px, has {room}"
    return None


def _breakable(text: str) -> list[str]:
    """The pieces a line may break between: at spaces, and after a hyphen or a slash (Qt breaks
    "Einheimischentreff-Symbole" after its hyphen)."""
    return [piece for piece in re.split(r"\s+|(?<=[-/])", text) if piece]


def _button(button: QAbstractButton) -> str | None:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text:
        return None
    metrics = QFontMetricsF(button.font())
    if button.height() + SLACK < metrics.height():
        return f"needs {metrics.height():.0f} px of height, has {button.height()}"
    if isinstance(button, (QCheckBox, QRadioButton)):
        need = button.sizeHint().width()
        return None if button.width() + SLACK >= need else \
            f"needs {need} px of width, has {button.width()}"
    width = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
    if not button.icon().isNull():
        width += button.iconSize().width() + 4
    if isinstance(button, QPushButton):
        width += 2 * button.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button) \
            // 2
    elif isinstance(button, QToolButton) and button.toolButtonStyle() == \
            Qt.ToolButtonStyle.ToolButtonIconOnly:
        return None
    return None if width <= button.width() + SLACK else \
        f"needs {width:.0f} px of width, has {button.width()}"


def _combo(combo: QComboBox) -> str | None:
    text = combo.currentText()
    if not text:
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option) if hasattr(combo, "initStyleOption") else option.initFrom(combo)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    width = QFontMetricsF(combo.font()).horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        width += combo.iconSize().width() + 4
    return None if width <= field.width() + SLACK else \
        f"{text!r} needs {width:.0f} px of width, has {field.width()}"


def _tabs(bar: QTabBar) -> str | None:
    shown = [bar.tabRect(i) for i in range(bar.count()) if bar.isTabVisible(i)]
    if shown and max(r.right() for r in shown) - min(r.left() for r in shown) + 1 > \
            bar.width() + SLACK:
        return f"the tabs need {sum(r.width() for r in shown)} px, the bar has {bar.width()} " \
               f"(some are behind its scroll arrows)"
    for index in range(bar.count()):
        if not bar.isTabVisible(index):
            continue
        need, has = bar.tabSizeHint(index), bar.tabRect(index)
        if has.width() + SLACK < need.width() or has.height() + SLACK < \
                QFontMetricsF(bar.font()).height():
            return f"tab {bar.tabText(index)!r} needs {need.width()} px, has {has.width()}"
    return None


def _header(header: QHeaderView) -> str | None:
    model = header.model()
    if model is None:
        return None
    metrics = QFontMetricsF(header.font())
    count = model.columnCount() if header.orientation() == Qt.Orientation.Horizontal \
        else model.rowCount()
    for section in range(count):
        if header.isSectionHidden(section) or header.sectionSize(section) <= 0:
            continue
        text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if not text:
            continue
        lines = str(text).split("\n")
        if header.orientation() == Qt.Orientation.Horizontal:
            need = max(metrics.horizontalAdvance(line) for line in lines) + 2 * CELL_MARGIN
            if need > header.sectionSize(section) + SLACK:
                return f"section {str(text)!r} needs {need:.0f} px, has " \
                       f"{header.sectionSize(section)}"
            if metrics.height() * len(lines) > header.height() + SLACK:
                return f"section {str(text)!r} needs {metrics.height() * len(lines):.0f} px of " \
                       f"height, has {header.height()}"
        else:
            need = max(metrics.horizontalAdvance(line) for line in lines) + 2 * CELL_MARGIN
            if need > header.width() + SLACK:
                return f"section {str(text)!r} needs {need:.0f} px, has {header.width()}"
            if metrics.height() * len(lines) > header.sectionSize(section) + SLACK:
                return f"section {str(text)!r} needs {metrics.height() * len(lines):.0f} px " \
                       f"of height, has {header.sectionSize(section)}"
    return None


def _cells(view: QAbstractItemView) -> str | None:
    model = view.model()
    if model is None:
        return None
    wraps = bool(getattr(view, "wordWrap", lambda: False)())
    for index in _indexes(view, QModelIndex()):
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if text is None or str(text) == "":
            continue
        text = str(text)
        rect = view.visualRect(index)
        if rect.isEmpty():
            continue
        font = index.data(Qt.ItemDataRole.FontRole)
        # an item's font holds only what it sets (bold): the rest is the view's
        metrics = QFontMetricsF(font.resolve(view.font()) if isinstance(font, QFont)
                                else view.font())
        room = QRect(rect)
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        if icon is not None:
            room.setLeft(room.left() + view.iconSize().width() + CELL_MARGIN)
        width = room.width() - 2 * CELL_MARGIN
        if wraps:
            need = metrics.boundingRect(QRectF(0, 0, max(1, width), 100_000),
                                        int(Qt.TextFlag.TextWordWrap), text)
            if need.height() > rect.height() + SLACK:
                return f"cell {text[:40]!r} needs {need.height():.0f} px of height, has " \
                       f"{rect.height()}"
            longest = max((metrics.horizontalAdvance(w) for w in _breakable(text)), default=0)
            if longest > width + SLACK:
                return f"cell {text[:40]!r}: a word needs {longest:.0f} px, has {width}"
            continue
        lines = text.split("\n")
        need_w = max(metrics.horizontalAdvance(line) for line in lines)
        if need_w > width + SLACK:
            return f"cell {text[:40]!r} needs {need_w:.0f} px of width, has {width}"
        if metrics.height() * len(lines) > rect.height() + SLACK:
            return f"cell {text[:40]!r} needs {metrics.height() * len(lines):.0f} px of " \
                   f"height, has {rect.height()}"
    return None


def _indexes(view: QAbstractItemView, parent: QModelIndex) -> list[QModelIndex]:
    model = view.model()
    found: list[QModelIndex] = []
    rows = min(model.rowCount(parent), ROWS)
    for row in range(rows):
        if isinstance(view, QTableView) and view.isRowHidden(row):
            continue
        if isinstance(view, QTreeView) and view.isRowHidden(row, parent):
            continue
        for column in range(_columns(model, parent)):
            if isinstance(view, QTableView) and view.isColumnHidden(column):
                continue
            if isinstance(view, QTreeView) and view.isColumnHidden(column):
                continue
            index = model.index(row, column, parent)
            found.append(index)
        first = model.index(row, 0, parent)
        if isinstance(view, QTreeView) and model.hasChildren(first) and view.isExpanded(first):
            found.extend(_indexes(view, first))
    return found


def _columns(model, parent: QModelIndex) -> int:  # type: ignore[no-untyped-def]
    try:
        return int(model.columnCount(parent))
    except TypeError:  # a list's model keeps its one column private
        return 1


def _cut_by_ancestor(widget: QWidget) -> str | None:
    """Part of the widget lies outside an ancestor that does not scroll (a scroll area's
    viewport may hide it: the person scrolls to it)."""
    rect = QRect(0, 0, widget.width(), widget.height())
    child: QWidget = widget
    parent = widget.parentWidget()
    while parent is not None:
        rect.translate(child.pos())
        if _scrolls(parent):
            return None
        bounds = QRect(0, 0, parent.width(), parent.height())
        if not bounds.contains(rect):
            outside = rect.united(bounds).width() - bounds.width() + \
                rect.united(bounds).height() - bounds.height()
            if outside > SLACK:
                return f"cut by {type(parent).__name__} ({parent.objectName() or '-'}): " \
                       f"{rect.width()}x{rect.height()} at {rect.x()},{rect.y()} in " \
                       f"{bounds.width()}x{bounds.height()}"
        if parent.isWindow():
            return None
        child, parent = parent, parent.parentWidget()
    return None


def _scrolls(widget: QWidget) -> bool:
    area = widget.parentWidget()
    return isinstance(area, QAbstractScrollArea) and area.viewport() is widget
