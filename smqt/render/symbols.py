"""Vector symbols shared by card faces, the table and the editor: location tags and people,
each told apart by shape as well as colour (Okabe-Ito colours, safe for colour blindness)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

TAG_COLOURS = {
    "local": QColor("#0072B2"),
    "tourist": QColor("#E69F00"),
    "business": QColor("#CC79A7"),
    "sports": QColor("#D55E00"),
    "nature": QColor("#009E73"),
    "wave": QColor("#56B4E9"),
}
TAG_LETTERS = {"local": "L", "tourist": "T", "business": "B", "sports": "S", "nature": "N",
               "wave": "W"}
PERSON_COLOURS = {"local": QColor("#0072B2"), "tourist": QColor("#E69F00"),
                  "vip": QColor("#009E73"), "any": QColor("#777777")}
INK = QColor("#1d1d1d")


def _polygon(centre: QPointF, radius: float, sides: int, rotation: float = -90.0) -> QPolygonF:
    points = []
    for i in range(sides):
        angle = math.radians(rotation + 360.0 * i / sides)
        points.append(QPointF(centre.x() + radius * math.cos(angle),
                              centre.y() + radius * math.sin(angle)))
    return QPolygonF(points)


def _star(centre: QPointF, radius: float) -> QPolygonF:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    return QPolygonF(points)


def tag_path(tag: str, rect: QRectF) -> QPainterPath:
    """The outline of a tag symbol: local circle, tourist diamond, business square, sports
    triangle, nature hexagon, wave a crest."""
    c = rect.center()
    r = min(rect.width(), rect.height()) / 2
    path = QPainterPath()
    if tag == "local":
        path.addEllipse(c, r, r)
    elif tag == "tourist":
        path.addPolygon(_polygon(c, r, 4, -90))
    elif tag == "business":
        path.addRect(QRectF(c.x() - r * 0.85, c.y() - r * 0.85, r * 1.7, r * 1.7))
    elif tag == "sports":
        path.addPolygon(_polygon(QPointF(c.x(), c.y() + r * 0.15), r * 1.05, 3, -90))
    elif tag == "nature":
        path.addPolygon(_polygon(c, r, 6, 0))
    else:  # wave: a rounded crest
        path.moveTo(c.x() - r, c.y() + r * 0.7)
        path.cubicTo(c.x() - r, c.y() - r * 1.1, c.x() + r * 0.6, c.y() - r * 1.2,
                     c.x() + r, c.y() - r * 0.1)
        path.cubicTo(c.x() + r * 0.3, c.y() - r * 0.5, c.x() - r * 0.1, c.y(), c.x() + r * 0.2,
                     c.y() + r * 0.7)
        path.closeSubpath()
    path.closeSubpath()
    return path


def draw_tag(painter: QPainter, tag: str, rect: QRectF) -> None:
    painter.save()
    painter.setPen(QPen(INK, max(1.0, rect.width() * 0.06)))
    painter.setBrush(QBrush(TAG_COLOURS.get(tag, QColor("#999"))))
    painter.drawPath(tag_path(tag, rect))
    font = QFont("Sans Serif")
    font.setPixelSize(max(6, int(rect.height() * 0.5)))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white") if tag not in ("wave", "tourist") else INK)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, TAG_LETTERS.get(tag, "?"))
    painter.restore()


def person_path(kind: str, rect: QRectF) -> QPainterPath:
    """People: local circle, tourist triangle, VIP star, 'any' a rounded square."""
    c = rect.center()
    r = min(rect.width(), rect.height()) / 2
    path = QPainterPath()
    if kind == "local":
        path.addEllipse(c, r * 0.9, r * 0.9)
    elif kind == "tourist":
        path.addPolygon(_polygon(QPointF(c.x(), c.y() + r * 0.15), r, 3, -90))
    elif kind == "vip":
        path.addPolygon(_star(c, r))
    else:
        path.addRoundedRect(QRectF(c.x() - r * 0.8, c.y() - r * 0.8, r * 1.6, r * 1.6),
                            r * 0.3, r * 0.3)
    path.closeSubpath()
    return path


def draw_person(painter: QPainter, kind: str, rect: QRectF, outline: QColor = INK) -> None:
    painter.save()
    painter.setPen(QPen(outline, max(1.0, rect.width() * 0.07)))
    if kind == "any":
        gradient_colours = [PERSON_COLOURS["local"], PERSON_COLOURS["tourist"],
                            PERSON_COLOURS["vip"]]
        painter.setBrush(QBrush(QColor("#ffffff")))
        path = person_path(kind, rect)
        painter.drawPath(path)
        painter.setClipPath(path)
        w = rect.width() / 3
        for i, colour in enumerate(gradient_colours):
            painter.fillRect(QRectF(rect.left() + i * w, rect.top(), w + 0.5, rect.height()),
                             colour)
        painter.setClipping(False)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    else:
        painter.setBrush(QBrush(PERSON_COLOURS.get(kind, QColor("#999"))))
        painter.drawPath(person_path(kind, rect))
    painter.restore()


def draw_sand_dollar(painter: QPainter, rect: QRectF) -> None:
    painter.save()
    painter.setPen(QPen(QColor("#8a6d3b"), max(1.0, rect.width() * 0.07)))
    painter.setBrush(QBrush(QColor("#f3e2b3")))
    painter.drawEllipse(rect)
    c = rect.center()
    r = rect.width() * 0.28
    painter.setPen(QPen(QColor("#8a6d3b"), max(1.0, rect.width() * 0.06)))
    for i in range(5):
        angle = math.radians(-90 + 72 * i)
        painter.drawLine(c, QPointF(c.x() + r * math.cos(angle), c.y() + r * math.sin(angle)))
    painter.restore()


def draw_footprint(painter: QPainter, rect: QRectF, ghost: bool = False) -> None:
    """A VIP footprint: a sole and four toes, dark brown (a dashed outline when ``ghost``,
    meaning "a footprint will land here")."""
    painter.save()
    w, h = rect.width(), rect.height()
    ink = QColor("#5b3a1e")
    if ghost:
        painter.setPen(QPen(ink, max(1.0, w * 0.08), Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 255, 255, 160))
    else:
        painter.setPen(QPen(QColor("white"), max(1.0, w * 0.05)))
        painter.setBrush(ink)
    painter.drawEllipse(QRectF(rect.left() + w * 0.22, rect.top() + h * 0.32, w * 0.56, h * 0.66))
    for dx, dy, r in ((0.18, 0.2, 0.11), (0.36, 0.1, 0.1), (0.56, 0.08, 0.09), (0.74, 0.14, 0.08)):
        painter.drawEllipse(QPointF(rect.left() + w * dx + w * 0.04, rect.top() + h * dy + h * 0.06),
                            w * r, w * r)
    painter.restore()
