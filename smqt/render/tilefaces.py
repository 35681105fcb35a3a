"""Faces of the tiles around the display, drawn from data like the cards: sand dollar action
tiles (name, cost, what they take, then their allowances), scoring objective tiles, and the
upper half of a starting tile (its VIP footprint rule)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

from smqt.engine.content import ObjectiveTile, SandDollarAction, StartingTile
from smqt.render.cardface import CARD_H, CARD_W
from smqt.render.symbols import INK, draw_footprint, draw_sand_dollar
from smqt.render.words import (
    describe_footprint_rule,
    describe_objective,
    describe_placement,
    describe_take,
)

TILE_W, TILE_H = CARD_W, CARD_H
SAND_DOLLAR_PAPER = QColor("#fbf1d6")
OBJECTIVE_COLOURS = {"blue": QColor("#cfe3f3"), "green": QColor("#d3ecdc"),
                     "orange": QColor("#f8dcc2")}


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont("Sans Serif")
    font.setPixelSize(max(1, int(size)))
    font.setBold(bold)
    return font


def _panel(painter: QPainter, fill: QColor, edge: QColor) -> None:
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(3, 3, TILE_W - 6, TILE_H - 6), 18, 18)
    painter.setPen(QPen(edge, 5))
    painter.setBrush(fill)
    painter.drawPath(outline)


def _paragraphs(painter: QPainter, top: float, items: list[tuple[str, str]], size: float = 17
                ) -> None:
    """Headed paragraphs, wrapped to the tile's width, shrinking until they fit."""
    while True:
        y = top
        fits = True
        blocks = []
        for heading, body in items:
            head_rect = QRectF(18, y, TILE_W - 36, size * 1.5)
            y += size * 1.4 if heading else 0
            painter.setFont(_font(size))
            bound = painter.boundingRect(QRectF(18, y, TILE_W - 36, 1000),
                                         int(Qt.TextFlag.TextWordWrap), body)
            blocks.append((heading, head_rect, body, QRectF(18, y, TILE_W - 36, bound.height())))
            y += bound.height() + size * 0.7
        if y > TILE_H - 16 and size > 9:
            size -= 1
            fits = False
        if fits:
            break
    for heading, head_rect, body, rect in blocks:
        if heading:
            painter.setFont(_font(size, True))
            painter.setPen(INK)
            painter.drawText(head_rect, int(Qt.AlignmentFlag.AlignLeft), heading)
        painter.setFont(_font(size))
        painter.setPen(INK)
        painter.drawText(rect, int(Qt.TextFlag.TextWordWrap), body)


def _begin(painter: QPainter, target: QRectF) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(target.topLeft())
    painter.scale(target.width() / TILE_W, target.height() / TILE_H)


def _title(painter: QPainter, text: str, y: float, size: float = 24) -> None:
    painter.setFont(_font(size, True))
    while size > 12 and painter.fontMetrics().horizontalAdvance(text) > TILE_W - 36:
        size -= 1
        painter.setFont(_font(size, True))
    painter.setPen(INK)
    painter.drawText(QRectF(16, y, TILE_W - 32, size * 1.6), int(Qt.AlignmentFlag.AlignCenter), text)


def paint_sand_dollar_action(painter: QPainter, target: QRectF, action: SandDollarAction) -> None:
    """A sand dollar action: its cost as sand dollars at the top, then its rules."""
    _begin(painter, target)
    _panel(painter, SAND_DOLLAR_PAPER, QColor("#8a6d3b"))
    _title(painter, action.name, 16)
    size = 34.0
    total = size * action.cost + 6 * max(0, action.cost - 1)
    x = (TILE_W - total) / 2
    for i in range(action.cost):
        draw_sand_dollar(painter, QRectF(x + i * (size + 6), 62, size, size))
    if action.cost == 0:
        painter.setFont(_font(20, True))
        painter.drawText(QRectF(0, 62, TILE_W, size), int(Qt.AlignmentFlag.AlignCenter), "free")
    items = [("Take", describe_take(action.take))]
    if action.swap:
        items.append(("Swap", "Two feature cards of one row may change places."))
    if action.allowances:
        items.append(("Then", " ".join(describe_placement(a) for a in action.allowances)))
    _paragraphs(painter, 112, items)
    painter.restore()


def paint_objective(painter: QPainter, target: QRectF, tile: ObjectiveTile) -> None:
    """A scoring objective tile: wave bonus, other bonus, penalty."""
    _begin(painter, target)
    _panel(painter, OBJECTIVE_COLOURS.get(tile.id, QColor("#eeeeee")), INK)
    _title(painter, tile.name, 14)
    _paragraphs(painter, 60, [("Wave bonus", describe_objective(tile.wave)),
                              ("Other bonus", describe_objective(tile.misc)),
                              ("Penalty", describe_objective(tile.penalty))])
    painter.restore()


def paint_tile_top(painter: QPainter, target: QRectF, tile: StartingTile) -> None:
    """The upper half of a starting tile: a plain beach space showing the footprint rule."""
    _begin(painter, target)
    _panel(painter, QColor("#efe2c4"), QColor("#8a6d3b"))
    _title(painter, tile.name, 18)
    draw_footprint(painter, QRectF(TILE_W / 2 - 40, 70, 80, 90))
    _paragraphs(painter, 176, [("", describe_footprint_rule(tile.footprint))], 19)
    painter.restore()


def tile_image(paint: Callable[[QPainter, QRectF, Any], None], entry: object, width: int = 300,
               device_ratio: float = 1.0) -> QImage:
    """Any tile face as an image (``paint`` is one of the painters above)."""
    height = round(width * TILE_H / TILE_W)
    image = QImage(round(width * device_ratio), round(height * device_ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, width, height), entry)
    painter.end()
    return image


