"""The application icon, drawn from the game's own symbols: a card-shaped tile, sea above a
beach, a sand dollar on the shore and a VIP's footprint in the sand. The windows use it, and
``packaging/icon.py`` writes it out for installers (PNG sizes, .ico, .icns)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap

from smqt.render.symbols import draw_footprint, draw_sand_dollar

SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
OCEAN_TOP, OCEAN_BOTTOM = QColor("#2f7fb5"), QColor("#1f5f8f")
SAND = QColor("#f4e4bc")


def paint_icon(painter: QPainter, size: float) -> None:
    """The icon in a ``size`` x ``size`` square (transparent corners)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.06
    tile = QRectF(margin, margin, size - 2 * margin, size - 2 * margin)
    radius = size * 0.16
    outline = QPainterPath()
    outline.addRoundedRect(tile, radius, radius)
    painter.setClipPath(outline)
    shore = tile.top() + tile.height() * 0.46
    sea = QLinearGradient(0, tile.top(), 0, shore)
    sea.setColorAt(0, OCEAN_TOP)
    sea.setColorAt(1, OCEAN_BOTTOM)
    painter.fillRect(QRectF(tile.left(), tile.top(), tile.width(), shore - tile.top()), sea)
    painter.fillRect(QRectF(tile.left(), shore, tile.width(), tile.bottom() - shore), SAND)
    # two white wave lines on the sea, the lower one the surf on the shore
    if size >= 24:
        for row, y in enumerate((tile.top() + tile.height() * 0.2, shore)):
            wave = QPainterPath(QPointF(tile.left(), y))
            steps = 48
            for i in range(1, steps + 1):
                x = tile.left() + tile.width() * i / steps
                wave.lineTo(x, y + math.sin(i / steps * math.pi * 4) * size * 0.025)
            painter.setPen(QPen(QColor(255, 255, 255, 200 if row else 150), max(1.0, size * 0.03)))
            painter.drawPath(wave)
    painter.setClipping(False)
    dollar = size * 0.44
    draw_sand_dollar(painter, QRectF(size * 0.5 - dollar / 2, shore - dollar * 0.35, dollar, dollar))
    if size >= 32:
        foot = size * 0.2
        draw_footprint(painter, QRectF(tile.left() + tile.width() * 0.08,
                                       tile.bottom() - foot * 1.15, foot * 0.8, foot))
    painter.setPen(QPen(QColor("#1d1d1d"), max(1.0, size * 0.02)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(tile, radius, radius)
    painter.restore()


def icon_image(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_icon(painter, size)
    painter.end()
    return image


def app_icon() -> QIcon:
    """The icon at every size (needs a QGuiApplication)."""
    icon = QIcon()
    for size in SIZES[:7]:
        icon.addPixmap(QPixmap.fromImage(icon_image(size)))
    return icon
