"""Every player's score turn by turn, as a line chart: one line per player in the seat's
colour, each with its own marker shape (circle, square, triangle, diamond) so that the lines
part without their colours; a legend names them. Points are the totals the game would give at
the start of each turn, and at its end."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from smqt.language.translate import _
from smqt.ui.table.appearance import Appearance

SHAPES = ("circle", "square", "triangle", "diamond")  # not translated: marker kinds


def nice_step(span: float, lines: int = 5) -> int:
    """A round step for about ``lines`` grid lines over ``span`` points."""
    raw = max(1.0, span / lines)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if step >= raw:
            return step
    return int(raw)


def draw_marker(painter: QPainter, at: QPointF, shape: str, size: float = 5.0) -> None:
    if shape == "square":
        painter.drawRect(QRectF(at.x() - size, at.y() - size, 2 * size, 2 * size))
    elif shape == "triangle":
        painter.drawPolygon(QPolygonF([QPointF(at.x(), at.y() - size * 1.2),
                                       QPointF(at.x() + size * 1.1, at.y() + size),
                                       QPointF(at.x() - size * 1.1, at.y() + size)]))
    elif shape == "diamond":
        painter.drawPolygon(QPolygonF([QPointF(at.x(), at.y() - size * 1.3),
                                       QPointF(at.x() + size * 1.3, at.y()),
                                       QPointF(at.x(), at.y() + size * 1.3),
                                       QPointF(at.x() - size * 1.3, at.y())]))
    else:
        painter.drawEllipse(at, size, size)


class ScoreChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scores: tuple[tuple[int, ...], ...] = ()
        self.names: Sequence[str] = ()
        self.colours: Sequence[str] = ()
        self.players = 2
        """Turns per round (the axis is marked in rounds)."""
        self.mark: int | None = None
        """A turn to point out (the decision chosen in the review's list)."""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(560, round(260 * Appearance.text))

    def minimumSizeHint(self) -> QSize:
        """Room for the lines inside the axes' words, which grow with the text size."""
        return QSize(320, round(200 * Appearance.text))

    def show_scores(self, scores: Sequence[Sequence[int]], names: Sequence[str],
                    colours: Sequence[str], players: int = 2) -> None:
        """``scores``: every player's total at the start of each turn, the end last."""
        self.scores = tuple(tuple(s) for s in scores)
        self.names, self.colours = list(names), list(colours)
        self.players = max(1, players)
        self.update()

    def point_at(self, turn: int | None) -> None:
        self.mark = turn
        self.update()

    def plot_rect(self) -> QRectF:
        """Where the lines are drawn (inside the axes' labels and the legend)."""
        k = Appearance.text  # the labels round the lines grow with the text size
        return QRectF(48 * k, 34 * k, max(10, self.width() - 64 * k),
                      max(10, self.height() - 90 * k))

    def point(self, turn: int, value: int) -> QPointF:
        rect = self.plot_rect()
        top = self._top()
        turns = max(1, len(self.scores) - 1)
        bottom = self._bottom()
        return QPointF(rect.left() + rect.width() * turn / turns,
                       rect.bottom() - rect.height() * (value - bottom) / max(1, top - bottom))

    def _bottom(self) -> int:
        low = min((min(s) for s in self.scores), default=0)
        return min(0, low - low % nice_step(self._span()) if low < 0 else 0)

    def _span(self) -> int:
        high = max((max(s) for s in self.scores), default=10)
        low = min((min(s) for s in self.scores), default=0)
        return max(10, high - min(0, low))

    def _top(self) -> int:
        high = max((max(s) for s in self.scores), default=10)
        step = nice_step(self._span())
        return max(step, (high // step + 1) * step)

    def label_font(self) -> QFont:
        """The axes' and the legend's words: 12 px at the normal text size, grown with it."""
        small = QFont(self.font())
        small.setPixelSize(round(12 * Appearance.text))
        return small

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        k = Appearance.text
        small = self.label_font()
        painter.setFont(small)
        metrics = QFontMetricsF(small)
        rect = self.plot_rect()
        if not self.scores:
            painter.setPen(QColor("#555"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, _("No scores yet"))
            return
        step = nice_step(self._span())
        painter.setPen(QPen(QColor("#dddddd"), 1))
        value = self._bottom()
        while value <= self._top():
            y = self.point(0, value).y()
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            painter.setPen(QColor("#444"))
            painter.drawText(QRectF(0, y - 8 * k, rect.left() - 6, 16 * k),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             str(value))
            painter.setPen(QPen(QColor("#dddddd"), 1))
            value += step
        painter.setPen(QPen(QColor("#444"), 1))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.drawLine(rect.bottomLeft(), rect.topLeft())
        turns = len(self.scores) - 1
        rounds = -(-turns // self.players)
        every = max(1, nice_step(rounds, 8))
        for number in range(0, rounds, every):
            x = self.point(number * self.players, 0).x()
            painter.drawLine(QPointF(x, rect.bottom()), QPointF(x, rect.bottom() + 4))
            painter.drawText(QRectF(x - 20 * k, rect.bottom() + 4, 40 * k, 16 * k),
                             Qt.AlignmentFlag.AlignCenter, str(number + 1))
        # the rounds' line wraps under the axis rather than losing its ends
        painter.drawText(QRectF(rect.left() - 40 * k, rect.bottom() + 18 * k,
                                rect.width() + 56 * k, 34 * k),
                         int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
                         | int(Qt.TextFlag.TextWordWrap),
                         _("round (a point at each turn's start; the last point is the end)"))
        painter.drawText(QRectF(4, 4, 200 * k, 16 * k), Qt.AlignmentFlag.AlignLeft, _("points"))
        if self.mark is not None and 0 <= self.mark <= turns:
            x = self.point(self.mark, 0).x()
            painter.setPen(QPen(QColor("#0072b2"), 2, Qt.PenStyle.DashLine))
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
        x = rect.left() + 60 * k
        for seat, name in enumerate(self.names):
            colour = QColor(self.colours[seat % len(self.colours)])
            shape = SHAPES[seat % len(SHAPES)]
            painter.setPen(QPen(colour, 2.5))
            points = [self.point(t, s[seat]) for t, s in enumerate(self.scores)]
            painter.drawPolyline(QPolygonF(points))
            painter.setBrush(colour)
            for at in points[::max(1, len(points) // 12)] + points[-1:]:
                draw_marker(painter, at, shape, 4)
            draw_marker(painter, QPointF(x, 14 * k), shape, 5 * k)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QColor("#222"))
            painter.drawText(QPointF(x + 10 * k, 18 * k), name)
            x += 30 * k + metrics.horizontalAdvance(name)
        painter.end()
