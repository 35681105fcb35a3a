"""Card faces drawn from data with QPainter: vector only, so crisp at any zoom and on high-DPI
screens. Beach cards show the ocean band on top, street cards the boardwalk below; then the
name, the location tags, the placement actions, the scoring entries and the rings as compact
symbols with numbers. The table and the editor both draw cards through ``paint_card``.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from smqt.engine import effects as fx
from smqt.engine.content import FeatureCard, StartingTile
from smqt.render.symbols import INK, draw_person, draw_sand_dollar, draw_tag

CARD_W, CARD_H = 300.0, 420.0
"""The logical size every face is drawn at; the painter scales it to the target."""
OCEAN = QColor("#2f7fb5")
SAND = QColor("#f4e4bc")
STREET = QColor("#ece6dc")
WOOD = QColor("#a87b4f")


def _font(size: float, bold: bool = False) -> QFont:
    font = QFont("Sans Serif")
    font.setPixelSize(max(1, int(size)))
    font.setBold(bold)
    return font


def _badge(painter: QPainter, centre: QPointF, points: int, radius: float = 15.0) -> None:
    """A points badge: dark circle, white number; penalties in red."""
    painter.save()
    painter.setPen(QPen(QColor("white"), 2))
    painter.setBrush(QColor("#b3261e") if points < 0 else INK)
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(QColor("white"))
    painter.setFont(_font(radius * 1.1, True))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                     Qt.AlignmentFlag.AlignCenter, str(points))
    painter.restore()


def _text(painter: QPainter, x: float, y: float, text: str, size: float = 14,
          bold: bool = False, colour: QColor = INK) -> float:
    """Draw text with its baseline at ``y``; returns the x after it."""
    painter.setFont(_font(size, bold))
    painter.setPen(colour)
    painter.drawText(QPointF(x, y), text)
    return x + QFontMetricsF(_font(size, bold)).horizontalAdvance(text)


def _fit_name(name: str, width: float, start: float = 24) -> QFont:
    size = start
    while size > 11 and QFontMetricsF(_font(size, True)).horizontalAdvance(name) > width:
        size -= 1
    return _font(size, True)


def _frame(painter: QPainter, beach: bool) -> None:
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(2, 2, CARD_W - 4, CARD_H - 4), 16, 16)
    painter.setClipPath(outline)
    painter.fillRect(QRectF(0, 0, CARD_W, CARD_H), SAND if beach else STREET)
    if beach:
        gradient = QLinearGradient(0, 0, 0, 78)
        gradient.setColorAt(0, QColor("#1f5f8f"))
        gradient.setColorAt(1, OCEAN)
        painter.fillRect(QRectF(0, 0, CARD_W, 78), QBrush(gradient))
        painter.setPen(QPen(QColor(255, 255, 255, 150), 2.5))
        for row in range(2):
            path = QPainterPath(QPointF(0, 60 + row * 10))
            for i in range(8):
                x = i * 40
                path.quadTo(QPointF(x + 10, 52 + row * 10), QPointF(x + 20, 60 + row * 10))
                path.quadTo(QPointF(x + 30, 68 + row * 10), QPointF(x + 40, 60 + row * 10))
            painter.drawPath(path)
    else:
        painter.fillRect(QRectF(0, CARD_H - 56, CARD_W, 56), WOOD)
        painter.setPen(QPen(QColor("#7c5633"), 2))
        for i in range(1, 12):
            painter.drawLine(QPointF(i * 26, CARD_H - 56), QPointF(i * 26, CARD_H))
        painter.fillRect(QRectF(0, CARD_H - 60, CARD_W, 4), QColor("#5b5b5b"))
    painter.setClipping(False)
    painter.setPen(QPen(INK, 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(outline)


def _people_icons(painter: QPainter, x: float, y: float, who: str, count: int,
                  size: float = 18) -> float:
    for _ in range(min(count, 4)):
        draw_person(painter, who, QRectF(x, y - size + 3, size, size))
        x += size + 2
    if count > 4:
        x = _text(painter, x + 2, y, f"x{count}", 13, True)
    return x


def _placement_line(painter: QPainter, action: object, x: float, y: float) -> None:
    if isinstance(action, fx.GainSandDollars):
        for i in range(min(action.count, 4)):
            draw_sand_dollar(painter, QRectF(x + i * 20, y - 16, 18, 18))
        _text(painter, x + min(action.count, 4) * 20 + 4, y, f"+{action.count}", 14, True)
    elif isinstance(action, fx.AddPeople):
        end = _text(painter, x, y, "+", 16, True)
        _people_icons(painter, end + 2, y, action.people.value, action.count)
    elif isinstance(action, fx.Move):
        end = _text(painter, x, y, "move", 13, True)
        end = _people_icons(painter, end + 6, y, action.people.value, action.count)
        _text(painter, end + 4, y, f"{action.distance} step{'s' if action.distance > 1 else ''}",
              13)
    elif isinstance(action, fx.MoveHere):
        end = _text(painter, x, y, "here:", 13, True)
        end = _people_icons(painter, end + 6, y, action.people.value, action.count)
        _text(painter, end + 4, y, "from anywhere", 12)
    elif isinstance(action, fx.ReturnPeople):
        end = _text(painter, x, y, "return", 13, True)
        _people_icons(painter, end + 6, y, action.people.value, action.count)


def _tags(painter: QPainter, tags: tuple[fx.Tag, ...], x: float, y: float, size: float = 16
          ) -> float:
    for tag in tags:
        draw_tag(painter, tag.value, QRectF(x, y - size + 2, size, size))
        x += size + 3
    return x


def _scoring_line(painter: QPainter, entry: object, x: float, y: float) -> int:
    """Draw one scoring entry's condition; returns its points for the badge."""
    if isinstance(entry, fx.Adjacent):
        _tags(painter, (entry.tag,), _text(painter, x, y, "next to", 13) + 4, y)
        return entry.points
    if isinstance(entry, fx.AdjacentCount):
        end = _text(painter, x, y, f"next to {entry.at_least}+", 13)
        _tags(painter, (entry.tag,), end + 4, y)
        return entry.points
    if isinstance(entry, fx.AdjacentTiers):
        end = _tags(painter, (entry.tag,), _text(painter, x, y, "next to", 13) + 4, y)
        tiers = "  ".join(f"{n}{'+' if i == len(entry.tiers) - 1 else ''}:{p}"
                          for i, (n, p) in enumerate(entry.tiers))
        _text(painter, end + 4, y, tiers, 13, True)
        return max(p for _, p in entry.tiers)
    if isinstance(entry, fx.AdjacentAll):
        _tags(painter, entry.tags, _text(painter, x, y, "next to all", 13) + 4, y)
        return entry.points
    if isinstance(entry, fx.AdjacentRing):
        _text(painter, x, y, "next to a ring", 13)
        return entry.points
    if isinstance(entry, fx.NotAdjacentRing):
        _text(painter, x, y, "no ring next to it", 13)
        return entry.points
    if isinstance(entry, fx.AdjacentGives):
        end = _text(painter, x, y, "next to gives", 13) + 4
        symbol = entry.symbol.value
        if symbol == "sand_dollar":
            draw_sand_dollar(painter, QRectF(end, y - 15, 17, 17))
        else:
            draw_person(painter, "any" if symbol == "people" else symbol, QRectF(end, y - 15, 17, 17))
        return entry.points
    if isinstance(entry, fx.PerTagInCity):
        end = _text(painter, x, y, "per", 13)
        end = _text(painter, end + 4, y, str(entry.per), 13, True)
        end = _tags(painter, (entry.tag,), end + 4, y)
        _text(painter, end + 2, y, f"in city: {entry.points} each", 13)
        return entry.points
    if isinstance(entry, fx.Chain):
        end = _text(painter, x, y, "chain", 13)
        end = _tags(painter, (entry.tag,), end + 4, y)
        _text(painter, end + 2, y, f"{entry.at_least}+" + ("  per tag" if entry.per_tag else ""),
              13, True)
        return entry.points
    if isinstance(entry, fx.SandDollarsHeld):
        end = _text(painter, x, y, f"per {entry.per}", 13)
        draw_sand_dollar(painter, QRectF(end + 4, y - 15, 17, 17))
        _text(painter, end + 26, y, "kept: each", 13)
        return entry.points
    raise TypeError(f"no symbol for {entry!r}")


def _ring(painter: QPainter, ring: object, x: float, y: float) -> None:
    """A ring: a capsule holding one symbol per place, and its points."""
    if isinstance(ring, fx.AnyNumberRing):
        places = ["any", "any", "any"]
        label = "any number"
    else:
        assert isinstance(ring, fx.Ring)
        places = [w.value for w in ring.people]
        label = ""
    width = 14 + 24 * len(places) + (82 if label else 0)
    painter.save()
    painter.setPen(QPen(INK, 2.5))
    painter.setBrush(QColor(255, 255, 255, 200))
    painter.drawRoundedRect(QRectF(x, y - 15, width, 30), 15, 15)
    for i, who in enumerate(places):
        draw_person(painter, who, QRectF(x + 8 + 24 * i, y - 10, 20, 20))
    if label:
        _text(painter, x + 14 + 24 * len(places), y + 5, label, 12)
    painter.restore()
    _badge(painter, QPointF(x + width + 20, y), ring.points)


def paint_card(painter: QPainter, target: QRectF, card: FeatureCard | StartingTile) -> None:
    """Draw ``card`` (a feature card, or a starting tile's lower half) into ``target``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(target.topLeft())
    painter.scale(target.width() / CARD_W, target.height() / CARD_H)
    beach = isinstance(card, FeatureCard) and card.row.value == "beach"
    _frame(painter, beach)
    name_colour = QColor("white") if beach else INK
    name_font = _fit_name(card.name, CARD_W - 28)
    painter.setFont(name_font)
    painter.setPen(name_colour)
    painter.drawText(QRectF(14, 8, CARD_W - 28, 40), Qt.AlignmentFlag.AlignLeft
                     | Qt.AlignmentFlag.AlignVCenter, card.name)
    y = 104 if beach else 80
    _tags(painter, card.tags, 14, y, 26)
    if isinstance(card, FeatureCard) and card.leftmost_beach:
        _text(painter, 150, y - 4, "END OF BEACH", 14, True, QColor("#b3261e"))
        painter.setPen(QPen(QColor("#b3261e"), 3))
        painter.drawLine(QPointF(140, y - 24), QPointF(140, y + 2))
    y += 30
    if card.placement:
        painter.fillRect(QRectF(10, y - 20, CARD_W - 20, 26 * len(card.placement) + 8),
                         QColor(255, 255, 255, 130))
        for action in card.placement:
            _placement_line(painter, action, 18, y)
            y += 26
        y += 10
    for entry in card.scoring:
        points = _scoring_line(painter, entry, 18, y)
        _badge(painter, QPointF(CARD_W - 30, y - 5), points, 13)
        y += 32
    bottom = CARD_H - (80 if not beach else 30)
    ring_y = bottom - 36 * (len(card.rings) - 1)
    text = getattr(card, "text", "")
    if text:
        room = QRectF(18, y, CARD_W - 36, ring_y - 24 - y)
        if room.height() > 30:
            font = _font(13)
            font.setItalic(True)
            painter.setFont(font)
            painter.setPen(QColor("#5a4a32"))
            painter.drawText(room, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
    for ring in card.rings:
        _ring(painter, ring, 14, ring_y)
        ring_y += 36
    painter.restore()


def card_image(card: FeatureCard | StartingTile, width: int = 300, device_ratio: float = 1.0
               ) -> QImage:
    """The face as an image (for enlarged views, exports and tests)."""
    height = round(width * CARD_H / CARD_W)
    image = QImage(round(width * device_ratio), round(height * device_ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_card(painter, QRectF(0, 0, width, height), card)
    painter.end()
    return image
