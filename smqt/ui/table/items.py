"""Graphics items of the table: faces (cards and tiles), empty targets, people, footprints,
tokens and walk markers. Items draw themselves and report intents to their scene
(``clicked``, ``dropped``, ``hovered``, ``inspect``); they never change the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from smqt.language.translate import N_, _, ngettext
from smqt.render.symbols import GAIN, INK, PENALTY, draw_footprint, draw_person
from smqt.ui.table.appearance import Appearance, grey
from smqt.ui.table.facecache import paint_cached
from smqt.ui.table.tablescene import TableScene

CARD_W, CARD_H = 180.0, 252.0
SELECTABLE = QColor("#1b9e4b")
SELECTED = QColor("#f2b705")
RECENT = QColor("#d55e00")
Painter = Callable[[QPainter, QRectF, Any], None]


def draw_fitted(painter: QPainter, rect: QRectF, text: str, size: float) -> None:
    """``text`` centred in ``rect`` in bold, wrapped at spaces and made smaller until it fits
    (German words are longer)."""
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    while True:
        painter.setFont(font(size, True))
        needed = QFontMetricsF(painter.font()).boundingRect(rect, int(flags), text)
        if size <= 7 or (needed.width() <= rect.width() and needed.height() <= rect.height()):
            break
        size -= 0.5
    painter.drawText(rect, flags, text)


def font(size: float, bold: bool = False) -> QFont:
    f = QFont("Sans Serif")  # not translated: a font family
    f.setPixelSize(max(1, int(size)))
    f.setBold(bold)
    return f


def _scene(item: QGraphicsItem) -> TableScene | None:
    return item.scene()  # type: ignore[return-value]


class FaceItem(QGraphicsObject):
    """A card or tile face. ``intent`` is what a click reports, ``entry`` what hovering shows."""

    def __init__(self, paint: Painter, entry: object, intent: tuple[str, object] | None,
                 width: float = CARD_W, height: float = CARD_H) -> None:
        super().__init__()
        self.paint_face = paint
        self.entry = entry
        self.intent = intent
        self.size = QRectF(0, 0, width, height)
        self.selectable = False
        self.selected = False
        self.recent = False
        self.target = False
        self.badge: int | None = None
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)

    def boundingRect(self) -> QRectF:
        above = 30 if self.badge is not None else 8  # room for the points badge on top
        return self.size.adjusted(-8, -above, 8, 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        paint_cached(painter, self.size, self.entry, self.paint_face, self)
        ring = None
        if self.selected:
            ring = QPen(SELECTED, 7)
        elif self.target:
            ring = QPen(SELECTABLE, 6, Qt.PenStyle.DashLine)
        elif self.selectable:
            ring = QPen(SELECTABLE, 5)
        elif self.recent:
            ring = QPen(RECENT, 5, Qt.PenStyle.DotLine)
        if ring is not None:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.size.adjusted(-3, -3, 3, 3), 12, 12)
        if self.badge is not None:
            self._paint_badge(painter)

    def _paint_badge(self, painter: QPainter) -> None:
        """The points this card scores now, on its top-right corner."""
        centre = QPointF(self.size.right() - 22, self.size.top() - 12)
        paint_cached(painter, QRectF(centre.x() - 26, centre.y() - 17, 52, 34),
                     ("badge", self.badge), _paint_badge)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        scene = _scene(self)
        if scene is not None:
            scene.hovered_tip = self.toolTip()
            scene.hovered.emit(self.entry)
        if self.intent is not None and (self.selectable or self.target):
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        scene = _scene(self)
        if scene is not None:
            scene.hovered.emit(None)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = _scene(self)
        if scene is not None:
            scene.hovered.emit(None)  # a click closes the large card
        if scene is None or not self.size.contains(event.pos()):
            return
        if event.button() == Qt.MouseButton.RightButton:
            scene.inspect.emit(self.entry)
        elif self.intent is not None:
            scene.clicked.emit(*self.intent)


def _paint_badge(painter: QPainter, room: QRectF, badge: tuple[str, int]) -> None:
    """A card's points in a pill in the middle of ``room`` (a margin of 2 around it)."""
    points = badge[1]
    pill = room.adjusted(2, 2, -2, -2)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("white"), 2.5))
    painter.setBrush(PENALTY if points < 0 else GAIN)
    painter.drawRoundedRect(pill, 15, 15)
    painter.setPen(QColor("white"))
    painter.setFont(font(17, True))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, f"{points:+d}" if points else "0")


class TargetItem(QGraphicsObject):
    """An empty space where the picked card may go, with the points it would score there now
    (``gain``, None when not known)."""

    def __init__(self, space: object, gain: int | None = None, tip: str = "",
                 own: int | None = None) -> None:
        super().__init__()
        self.space = space
        self.gain = gain
        self.own = own
        """Of ``gain``, the points on the card's own badge (the rest comes from other cards
        and the objective), or None when not known."""
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        if tip:
            self.setToolTip(tip)

    def boundingRect(self) -> QRectF:
        return QRectF(-4, -4, CARD_W + 8, CARD_H + 8)

    def points_colour(self) -> QColor:
        """The preview's ink: the penalty red when building here loses points (the number
        keeps its minus sign), else the dark green of points won."""
        return PENALTY if self.gain is not None and self.gain < 0 else GAIN

    def split_words(self) -> str:
        """"this card +0, other lines +2" when the card's own points are not the whole gain."""
        if self.gain is None or self.own is None or self.own == self.gain:
            return ""
        # Translators: under a build preview: the card's own points, and the rest's
        return _("this card {own}, other lines {rest}").format(
            own=f"{self.own:+d}", rest=f"{self.gain - self.own:+d}")

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(SELECTABLE, 5, Qt.PenStyle.DashLine))  # a legal space either way
        losing = self.gain is not None and self.gain < 0
        painter.setBrush(QColor(179, 38, 30, 30) if losing else QColor(27, 158, 75, 40))
        painter.drawRoundedRect(QRectF(0, 0, CARD_W, CARD_H), 14, 14)
        painter.setPen(self.points_colour())
        if self.gain is None:
            painter.setFont(font(20, True))
            # Translators: on an empty space where the picked card may go
            painter.drawText(QRectF(0, 0, CARD_W, CARD_H), Qt.AlignmentFlag.AlignCenter,
                             _("build here"))
            return
        painter.setFont(font(54, True))
        painter.drawText(QRectF(0, CARD_H * 0.22, CARD_W, 70), Qt.AlignmentFlag.AlignCenter,
                         f"{self.gain:+d}")
        painter.setFont(font(18, True))
        # Translators: under the points a card would score on this space ("+3" / "points")
        painter.drawText(QRectF(0, CARD_H * 0.22 + 70, CARD_W, 30), Qt.AlignmentFlag.AlignCenter,
                         ngettext("point", "points", abs(self.gain)))
        split = self.split_words()
        if split:  # the card's badge will show less than the preview: say where the rest is
            painter.setFont(font(13, True))
            painter.drawText(QRectF(6, CARD_H * 0.22 + 102, CARD_W - 12, 40),
                             int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), split)
        painter.setFont(font(15))
        painter.drawText(QRectF(0, CARD_H - 44, CARD_W, 30), Qt.AlignmentFlag.AlignCenter,
                         _("build here"))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = _scene(self)
        if scene is not None and event.button() == Qt.MouseButton.LeftButton:
            scene.clicked.emit("space", self.space)


PERSON_TIPS = {"local": N_("A local (blue circle)"), "tourist": N_("A tourist (orange triangle)"),
               "vip": N_("A VIP (green star): leaves footprints where the starting tile says")}
"""A person's tooltip by kind, in English (``_()`` where shown)."""


class PersonItem(QGraphicsObject):
    """A person in a city: shape and colour by kind. Click to select, or drag to a space."""

    SIZE = 34.0

    def __init__(self, pid: int, kind: str) -> None:
        super().__init__()
        self.pid = pid
        self.kind = kind
        self.selectable = False
        self.selected = False
        self.recent = False
        self._press: QPointF | None = None
        self._home = QPointF()
        self._dragging = False
        self.setAcceptHoverEvents(True)
        self.setZValue(5)
        self.setToolTip(_(PERSON_TIPS[kind]) if kind in PERSON_TIPS else kind)

    def boundingRect(self) -> QRectF:
        return QRectF(-5, -5, self.SIZE + 10, self.SIZE + 10)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.selected or self.selectable or self.recent:
            colour = SELECTED if self.selected else SELECTABLE if self.selectable else RECENT
            painter.setPen(QPen(colour, 4))
            painter.setBrush(QColor(255, 255, 255, 200))
            painter.drawEllipse(QRectF(-3, -3, self.SIZE + 6, self.SIZE + 6))
        draw_person(painter, self.kind, QRectF(2, 2, self.SIZE - 4, self.SIZE - 4))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = event.scenePos()
        self._home = self.pos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        delta = event.scenePos() - self._press
        if not (self.selectable or self.selected):
            return  # only a person who may move can be dragged; a click still asks why not
        if not self._dragging and delta.manhattanLength() > 8:
            self._dragging = True
            self.setZValue(20)
            scene = _scene(self)
            if scene is not None:
                scene.dragging.emit(self.pid)
        if self._dragging:
            self.setPos(self._home + delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = _scene(self)
        if self._press is None or scene is None:
            return
        self._press = None
        if self._dragging:
            self._dragging = False
            self.setPos(self._home)
            self.setZValue(5)
            scene.dropped.emit(self.pid, scene.space_at(event.scenePos()))  # None: off the city
        else:
            scene.clicked.emit("person", self.pid)


class TrayItem(QGraphicsItem):
    """The strip under a city card that holds its people and footprint."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__()
        self.rect = QRectF(0, 0, width, height)
        self.setZValue(-1)

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        room = self.rect.adjusted(-1, -1, 1, 1)  # the edge's line reaches out half its width
        paint_cached(painter, room, ("tray", self.rect.width(), self.rect.height()), _paint_tray)


def _paint_tray(painter: QPainter, room: QRectF, _tray: object) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#d8d2c4"), 1.5))
    painter.setBrush(QColor("#f6f3ec"))
    painter.drawRoundedRect(room.adjusted(1, 1, -1, -1), 10, 10)


class FootprintItem(QGraphicsObject):
    """A footprint on a space (``ghost``: one will land there on this walk)."""

    def __init__(self, ghost: bool = False, size: float = 34.0) -> None:
        super().__init__()
        self.ghost = ghost
        self.size = size
        self.setTransformOriginPoint(size / 2, size * 0.6)
        self.setToolTip(_("A footprint will land here") if ghost else _("A footprint"))

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.size, self.size * 1.15)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        draw_footprint(painter, self.boundingRect(), self.ghost)


class RingMarks(QGraphicsItem):
    """One mark per ring of a card: filled when the ring is full, hollow when not."""

    def __init__(self, full: list[bool]) -> None:
        super().__init__()
        self.full = full
        self.setToolTip(_("rings: {full} of {total} full").format(full=sum(full), total=len(full)))

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 26 * len(self.full), 24)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i, full in enumerate(self.full):
            rect = QRectF(i * 26 + 2, 2, 20, 20)
            painter.setPen(QPen(INK, 2.5))
            painter.setBrush(GAIN if full else QColor("white"))
            painter.drawEllipse(rect)
            if full:
                painter.setPen(QPen(QColor("white"), 3))
                painter.drawPolyline([QPointF(rect.left() + 5, rect.center().y()),
                                      QPointF(rect.center().x() - 1, rect.bottom() - 5),
                                      QPointF(rect.right() - 4, rect.top() + 5)])


class TokenItem(QGraphicsObject):
    """The food truck or the foodie under a display column, or an empty column marker to
    click when placing the truck."""

    def __init__(self, kind: str, column: int, tip: str = "") -> None:
        super().__init__()
        self.kind = kind
        self.column = column
        if kind == "marker":
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(tip or {"truck": _("The food truck"), "foodie": _("The foodie"),
                                "marker": _("Put the food truck under this column")}[kind])

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 86, 44)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(2, 2, 82, 40)
        if self.kind == "marker":
            painter.setPen(QPen(SELECTABLE, 3, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(27, 158, 75, 40))
            painter.drawRoundedRect(rect, 10, 10)
            painter.setPen(SELECTABLE.darker(140))
            # Translators: on an empty column marker where the food truck may go (two short
            # lines at most)
            draw_fitted(painter, rect.adjusted(4, 2, -4, -2), _("truck here"), 14)
            return
        truck = self.kind == "truck"
        path = QPainterPath()
        if truck:
            path.addRoundedRect(rect, 6, 6)
        else:
            path.addEllipse(rect)
        painter.setPen(QPen(INK, 2.5))
        painter.setBrush(QBrush(QColor("#fdd835") if truck else QColor("#f48fb1")))
        painter.drawPath(path)
        painter.setPen(INK)
        # Translators: the words on the food truck and foodie tokens (in capitals, short)
        draw_fitted(painter, rect.adjusted(4, 2, -4, -2), _("TRUCK") if truck else _("FOODIE"),
                    15)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = _scene(self)
        if scene is not None and self.kind == "marker":
            scene.clicked.emit("column", self.column)


class StepItem(QGraphicsItem):
    """A numbered marker on a space a VIP has walked through."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number
        self.setZValue(6)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 36, 36)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(INK, 2))
        painter.setBrush(SELECTED)
        painter.drawEllipse(QRectF(2, 2, 32, 32))
        painter.setFont(font(18, True))
        painter.drawText(QRectF(2, 2, 32, 32), Qt.AlignmentFlag.AlignCenter, str(self.number))


class LabelItem(QGraphicsItem):
    """Plain text on the table (row names, the deck count, prompts). ``wrap``: the words take
    further lines in ``width`` rather than shrinking (at a larger text size the table's words
    grow where there is room below them)."""

    def __init__(self, text: str, size: float = 18, bold: bool = True, width: float = 400,
                 colour: QColor = INK, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
                 wrap: bool = False) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.bold = bold
        self.width = width
        self.colour = colour
        self.align = align
        self.wrap = wrap

    def boundingRect(self) -> QRectF:
        if not self.wrap:
            return QRectF(0, 0, self.width, self.size * Appearance.text * 1.6)
        size = self.fitted_size()
        lines = QFontMetricsF(font(size, self.bold)).boundingRect(
            QRectF(0, 0, self.width, 100_000), int(Qt.TextFlag.TextWordWrap), self.text)
        return QRectF(0, 0, self.width, max(size * 1.6, lines.height() + size * 0.3))

    def fitted_size(self) -> float:
        """The text's size in pixels: as asked (times the text size chosen in View), or smaller
        so that the whole text fits the width (a longer word in another language shrinks
        rather than being cut off); a wrapped label shrinks only for a word longer than its
        width."""
        size = self.size * Appearance.text
        metrics = QFontMetricsF(font(size, self.bold))
        pieces = self.text.split() if self.wrap else [self.text]
        wide = max((metrics.horizontalAdvance(piece) for piece in pieces), default=0.0)
        if wide <= self.width:
            return size
        return max(1.0, size * self.width / wide * 0.97)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(grey(self.colour))
        painter.setFont(font(self.fitted_size(), self.bold))
        flags = self.align | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.boundingRect(),
                         int(flags) | (int(Qt.TextFlag.TextWordWrap) if self.wrap else 0),
                         self.text)


class ArrowItem(QGraphicsItem):
    """A numbered arrow from where a person stood to where a final move took them."""

    def __init__(self, number: int, points: list[QPointF], tip: str = "") -> None:
        super().__init__()
        self.number = number
        self.points = points
        self.setZValue(8)
        if tip:
            self.setToolTip(tip)

    def boundingRect(self) -> QRectF:
        xs = [p.x() for p in self.points]
        ys = [p.y() for p in self.points]
        return QRectF(min(xs) - 30, min(ys) - 30, max(xs) - min(xs) + 60, max(ys) - min(ys) + 60)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor("#6a3d9a")
        painter.setPen(QPen(colour, 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(self.points)
        tip, before = self.points[-1], self.points[-2]
        direction = tip - before
        length = max(1.0, (direction.x() ** 2 + direction.y() ** 2) ** 0.5)
        unit = QPointF(direction.x() / length, direction.y() / length)
        side = QPointF(-unit.y(), unit.x())
        head = QPainterPath(tip)
        head.lineTo(tip - unit * 22 + side * 12)
        head.lineTo(tip - unit * 22 - side * 12)
        head.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawPath(head)
        start = self.points[0]
        painter.setPen(QPen(QColor("white"), 2))
        painter.drawEllipse(start, 16, 16)
        painter.setPen(QColor("white"))
        painter.setFont(font(18, True))
        painter.drawText(QRectF(start.x() - 16, start.y() - 16, 32, 32),
                         Qt.AlignmentFlag.AlignCenter, str(self.number))


HINT = QColor("#0072b2")
"""The coach's mark: blue, dashed and labelled, so that it reads without its colour too."""


class HintItem(QGraphicsItem):
    """The coach's hint on the table: a dashed frame around what the AI would choose, with a
    label saying so."""

    def __init__(self, width: float, height: float, label: str, below: bool = False) -> None:
        super().__init__()
        self.width, self.height, self.label = width, height, label
        self.below = below
        """The label under the frame (a lesson's "Here"), not over it (the coach's)."""
        self.setZValue(9)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to what it frames

    def boundingRect(self) -> QRectF:
        return QRectF(-10, -40, self.width + 20, self.height + 80)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(HINT, 6, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(-5, -5, self.width + 10, self.height + 10), 12, 12)
        painter.setFont(font(16, True))
        wide = QFontMetricsF(painter.font()).horizontalAdvance(self.label) + 20
        top = self.height + 8 if self.below else -36
        badge = QRectF(0, top, min(wide, self.width + 10), 28)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HINT)
        painter.drawRoundedRect(badge, 8, 8)
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, self.label)
