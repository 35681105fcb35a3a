"""Backs of printed components, drawn from the faces' own colours: beach cards (the ocean
over the sand), street cards (the street between two boardwalks), and tiles (a sand dollar on
tile paper). Every back is square-cornered for print and may run ``bleed`` past its edges;
it is drawn on a 300-unit-wide grid scaled to the target, so a tall starting tile gets a
tall back, never a stretched one.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPen

from smqt.language.translate import _
from smqt.render import layout as lay
from smqt.render.cardface import OCEAN, OCEAN_DEEP, SAND, STREET, WOOD, WOOD_SEAM
from smqt.render.symbols import INK, SAND_DOLLAR_EDGE, draw_sand_dollar
from smqt.render.tilefaces import SAND_DOLLAR_PAPER

DESIGNS = ("beach", "street", "tile")
TITLE = "Santa Monica"  # not translated: the game's name
UNIT_W = 300.0
TITLE_SIZE = 32
"The title's size: it keeps inside the safe area (3 mm) of a 63 mm card."


def paint_back(painter: QPainter, target: QRectF, design: str, bleed: float = 0.0,
               label: str = "") -> None:
    """The back ``design`` (one of ``DESIGNS``) in ``target``, its art ``bleed`` (in the
    target's units) past every edge; ``label`` replaces the design's own word."""
    if design not in DESIGNS:
        raise ValueError(f"no back design {design!r} (one of {', '.join(DESIGNS)})")  # not translated: dev
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    unit = target.width() / UNIT_W
    painter.translate(target.topLeft())
    painter.scale(unit, unit)
    height = target.height() / unit
    b = bleed / unit
    painter.setClipRect(QRectF(-b, -b, UNIT_W + 2 * b, height + 2 * b),
                        Qt.ClipOperation.IntersectClip)
    if design == "beach":
        # Translators: the word on the back of a beach card (in capitals)
        _beach(painter, height, b, label or _("BEACH"))
    elif design == "street":
        # Translators: the word on the back of a street card (in capitals)
        _street(painter, height, b, label or _("STREET"))
    else:
        _tile(painter, height, b, label)
    painter.restore()


def _title(painter: QPainter, centre_y: float, colour: QColor, label: str,
           label_colour: QColor, label_fill: QColor) -> None:
    painter.setFont(lay.font(TITLE_SIZE, True))
    painter.setPen(colour)
    painter.drawText(QRectF(0, centre_y - 40, UNIT_W, 50), Qt.AlignmentFlag.AlignCenter, TITLE)
    if not label:
        return
    painter.setFont(lay.font(26, True))
    width = lay.advance(label, 26, True) + 36
    pill = QRectF((UNIT_W - width) / 2, centre_y + 18, width, 40)
    painter.setPen(QPen(label_colour, 2.5))
    painter.setBrush(label_fill)
    painter.drawRoundedRect(pill, 20, 20)
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, label)


def _waves(painter: QPainter, y: float, b: float, colour: QColor) -> None:
    painter.setPen(QPen(colour, 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in range(3):
        base = y + row * 12
        path = QPainterPath(QPointF(-40 - b, base))
        x = -40 - b
        while x < UNIT_W + b:
            path.quadTo(QPointF(x + 10, base - 6), QPointF(x + 20, base))
            path.quadTo(QPointF(x + 30, base + 6), QPointF(x + 40, base))
            x += 40
        painter.drawPath(path)


def _beach(painter: QPainter, height: float, b: float, label: str) -> None:
    shore = height * 0.7
    gradient = QLinearGradient(0, -b, 0, shore)
    gradient.setColorAt(0, OCEAN_DEEP)
    gradient.setColorAt(1, OCEAN)
    painter.fillRect(QRectF(-b, -b, UNIT_W + 2 * b, shore + b), QBrush(gradient))
    painter.fillRect(QRectF(-b, shore, UNIT_W + 2 * b, height - shore + b), SAND)
    _waves(painter, shore - 40, b, QColor(255, 255, 255, 150))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f6c445"))  # the sun over the ocean
    painter.drawEllipse(QPointF(UNIT_W / 2, height * 0.2), 34, 34)
    _title(painter, height * 0.42, QColor("white"), label, INK, SAND)


def _boardwalk(painter: QPainter, top: float, depth: float, b: float) -> None:
    painter.fillRect(QRectF(-b, top, UNIT_W + 2 * b, depth), WOOD)
    painter.setPen(QPen(WOOD_SEAM, 2))
    x = 26.0 - 26 * math.ceil(b / 26)
    while x < UNIT_W + b:
        painter.drawLine(QPointF(x, top), QPointF(x, top + depth))
        x += 26


def _street(painter: QPainter, height: float, b: float, label: str) -> None:
    painter.fillRect(QRectF(-b, -b, UNIT_W + 2 * b, height + 2 * b), STREET)
    band = 70.0
    _boardwalk(painter, -b, band + b, b)
    _boardwalk(painter, height - band, band + b, b)
    kerb = QColor("#5b5b5b")
    painter.fillRect(QRectF(-b, band, UNIT_W + 2 * b, 5), kerb)
    painter.fillRect(QRectF(-b, height - band - 5, UNIT_W + 2 * b, 5), kerb)
    painter.setPen(QPen(QColor("#c9bfae"), 5, Qt.PenStyle.DashLine))  # the road's middle line
    painter.drawLine(QPointF(-b, height / 2 + 70), QPointF(UNIT_W + b, height / 2 + 70))
    _title(painter, height / 2 - 20, INK, label, INK, QColor("white"))


def _tile(painter: QPainter, height: float, b: float, label: str) -> None:
    painter.fillRect(QRectF(-b, -b, UNIT_W + 2 * b, height + 2 * b), SAND_DOLLAR_PAPER)
    painter.setPen(QPen(QColor(SAND_DOLLAR_EDGE.red(), SAND_DOLLAR_EDGE.green(),
                               SAND_DOLLAR_EDGE.blue(), 70), 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for r in (150, 120):  # ripples around the sand dollar
        painter.drawEllipse(QPointF(UNIT_W / 2, height / 2 - 20), r, r)
    draw_sand_dollar(painter, QRectF(UNIT_W / 2 - 70, height / 2 - 90, 140, 140))
    painter.setFont(lay.font(TITLE_SIZE, True))
    painter.setPen(INK)
    painter.drawText(QRectF(0, height / 2 + 60, UNIT_W, 46), Qt.AlignmentFlag.AlignCenter,
                     TITLE)
    if label:
        painter.setFont(lay.font(22, True))
        painter.setPen(SAND_DOLLAR_EDGE)
        painter.drawText(QRectF(0, height / 2 + 104, UNIT_W, 34), Qt.AlignmentFlag.AlignCenter,
                         label)
