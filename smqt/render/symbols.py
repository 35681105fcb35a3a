"""Vector symbols shared by card faces, the table and the editor: location tags, people, sand
dollars, footprints, the ring pictogram and points badges.

Tags and people never share a shape: a tag is always a rounded square badge with a letter
(L, T, B, S, N, W); a person is a plain figure without a letter (local circle, tourist triangle,
VIP star, "any person" a head-and-shoulders figure in the three people's colours). Colours are
Okabe-Ito, safe for colour blindness, and every letter is dark or white, whichever reads better
on its colour.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from smqt.language.translate import pgettext

TAG_COLOURS = {
    "local": QColor("#0072B2"),
    "tourist": QColor("#E69F00"),
    "business": QColor("#CC79A7"),
    "sports": QColor("#D55E00"),
    "nature": QColor("#009E73"),
    "wave": QColor("#56B4E9"),
}
# Translators: the letter on each tag's badge, the initial of the tag's name (German:
# Einheimischentreff E, Touristentreff T, Gewerbe G, Sport S, Natur N, Welle W); the six must
# differ
_LETTERS = {"local": lambda: pgettext("tag letter", "L"),
            "tourist": lambda: pgettext("tag letter", "T"),
            "business": lambda: pgettext("tag letter", "B"),
            "sports": lambda: pgettext("tag letter", "S"),
            "nature": lambda: pgettext("tag letter", "N"),
            "wave": lambda: pgettext("tag letter", "W")}


def tag_letters() -> dict[str, str]:
    """Each tag's badge letter in the language in force (the initial of its name)."""
    return {tag: letter() for tag, letter in _LETTERS.items()}
PERSON_COLOURS = {"local": QColor("#0072B2"), "tourist": QColor("#E69F00"),
                  "vip": QColor("#009E73"), "any": QColor("#777777")}
INK = QColor("#1d1d1d")
PENALTY = QColor("#b3261e")
"""Negative points: badges and the end-of-beach mark."""
GAIN = QColor("#1b7f6a")
"""Points won: a teal green that stays apart from PENALTY for every colour vision (the sign
says it too)."""
SAND_DOLLAR_EDGE = QColor("#8a6d3b")
SAND_DOLLAR_FILL = QColor("#f3e2b3")


def _luminance(colour: QColor) -> float:
    """Relative luminance (WCAG 2)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF())
            + 0.0722 * linear(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def letter_colour(fill: QColor) -> QColor:
    """INK or white on ``fill``, whichever contrasts more (WCAG contrast ratio)."""
    lum = _luminance(fill)
    on_white = 1.05 / (lum + 0.05)
    on_ink = (lum + 0.05) / (_luminance(INK) + 0.05)
    return QColor("white") if on_white >= on_ink else INK


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
        r = radius if i % 2 == 0 else radius * 0.48
        angle = math.radians(-90 + 36 * i)
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    return QPolygonF(points)


def _font(size: float) -> QFont:
    font = QFont("Sans Serif")  # not translated: a font family
    font.setPixelSize(max(1, round(size)))
    font.setBold(True)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def tag_path(tag: str, rect: QRectF) -> QPainterPath:
    """Every tag's outline: one rounded square (the letter and colour tell tags apart; the
    square tells a tag from a person)."""
    side = min(rect.width(), rect.height()) * 0.94
    square = QRectF(0, 0, side, side)
    square.moveCenter(rect.center())
    path = QPainterPath()
    path.addRoundedRect(square, side * 0.2, side * 0.2)
    return path


TAG_LETTER_EM, TAG_LETTER_WIDTH = 0.62, 0.66
"A tag's letter: its size and its widest advance, as parts of the badge's side."


def tag_letter_font(letter: str, side: float) -> QFont:
    """The letter's font on a tag badge of ``side``: a wide letter (W) is set smaller so that
    it keeps clear of the badge's outline."""
    font = _font(side * TAG_LETTER_EM)
    width = QFontMetricsF(font).horizontalAdvance(letter)
    if width > side * TAG_LETTER_WIDTH:
        font = _font(math.floor(side * TAG_LETTER_EM * side * TAG_LETTER_WIDTH / width))
    return font


def draw_tag(painter: QPainter, tag: str, rect: QRectF) -> None:
    """A location tag: a rounded square badge in the tag's colour with its letter."""
    painter.save()
    fill = TAG_COLOURS.get(tag, QColor("#999999"))
    side = min(rect.width(), rect.height())
    painter.setPen(QPen(INK, max(1.0, side * 0.07)))
    painter.setBrush(QBrush(fill))
    painter.drawPath(tag_path(tag, rect))
    letter = _LETTERS[tag]() if tag in _LETTERS else "?"
    painter.setFont(tag_letter_font(letter, side))
    painter.setPen(letter_colour(fill))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
    painter.restore()


def _figure(centre: QPointF, r: float) -> QPainterPath:
    """Head and shoulders: "any person"."""
    path = QPainterPath()
    path.addEllipse(QPointF(centre.x(), centre.y() - r * 0.45), r * 0.42, r * 0.42)
    body = QPainterPath()
    body.moveTo(centre.x() - r * 0.9, centre.y() + r * 0.95)
    body.cubicTo(centre.x() - r * 0.9, centre.y() + r * 0.05, centre.x() - r * 0.5,
                 centre.y() + r * 0.02, centre.x(), centre.y() + r * 0.02)
    body.cubicTo(centre.x() + r * 0.5, centre.y() + r * 0.02, centre.x() + r * 0.9,
                 centre.y() + r * 0.05, centre.x() + r * 0.9, centre.y() + r * 0.95)
    body.closeSubpath()
    return path.united(body)


def person_path(kind: str, rect: QRectF) -> QPainterPath:
    """People: local circle, tourist triangle, VIP star, "any" a head-and-shoulders figure."""
    c = rect.center()
    r = min(rect.width(), rect.height()) / 2
    path = QPainterPath()
    if kind == "local":
        path.addEllipse(c, r * 0.86, r * 0.86)
    elif kind == "tourist":
        path.addPolygon(_polygon(QPointF(c.x(), c.y() + r * 0.2), r * 1.02, 3, -90))
    elif kind == "vip":
        path.addPolygon(_star(QPointF(c.x(), c.y() + r * 0.05), r * 1.02))
    else:
        return _figure(c, r)
    path.closeSubpath()
    return path


def draw_person(painter: QPainter, kind: str, rect: QRectF, outline: QColor = INK) -> None:
    painter.save()
    painter.setPen(QPen(outline, max(1.0, rect.width() * 0.07)))
    path = person_path(kind, rect)
    if kind in ("local", "tourist", "vip"):
        painter.setBrush(QBrush(PERSON_COLOURS[kind]))
        painter.drawPath(path)
    else:  # any person: the three people's colours side by side inside the figure
        painter.setBrush(QBrush(QColor("white")))
        painter.drawPath(path)
        painter.setClipPath(path)
        w = rect.width() / 3
        for i, key in enumerate(("local", "tourist", "vip")):
            painter.fillRect(QRectF(rect.left() + i * w, rect.top(), w + 0.5, rect.height()),
                             PERSON_COLOURS[key])
        painter.setClipping(False)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    painter.restore()


def draw_sand_dollar(painter: QPainter, rect: QRectF) -> None:
    painter.save()
    painter.setPen(QPen(SAND_DOLLAR_EDGE, max(1.0, rect.width() * 0.07)))
    painter.setBrush(QBrush(SAND_DOLLAR_FILL))
    painter.drawEllipse(rect.adjusted(rect.width() * 0.04, rect.height() * 0.04,
                                      -rect.width() * 0.04, -rect.height() * 0.04))
    c = rect.center()
    r = rect.width() * 0.28
    painter.setPen(QPen(SAND_DOLLAR_EDGE, max(1.0, rect.width() * 0.07)))
    for i in range(5):
        angle = math.radians(-90 + 72 * i)
        painter.drawLine(c, QPointF(c.x() + r * math.cos(angle), c.y() + r * math.sin(angle)))
    painter.restore()


def draw_ring(painter: QPainter, rect: QRectF, crossed: bool = False) -> None:
    """The ring pictogram used in words ("next to a ring"): a small empty capsule, struck
    through for "no ring"."""
    painter.save()
    h = min(rect.height(), rect.width() * 0.7)
    capsule = QRectF(rect.left(), rect.center().y() - h / 2, rect.width(), h)
    painter.setPen(QPen(INK, max(1.0, h * 0.14)))
    painter.setBrush(QColor("white"))
    painter.drawRoundedRect(capsule, h / 2, h / 2)
    if crossed:
        painter.setPen(QPen(PENALTY, max(1.0, h * 0.16)))
        painter.drawLine(QPointF(rect.left() + h * 0.1, rect.bottom()),
                         QPointF(rect.right() - h * 0.1, rect.top()))
    painter.restore()


def draw_badge(painter: QPainter, rect: QRectF, text: str, size: float, negative: bool) -> None:
    """A points badge: a dark disc (a capsule when the number is wide) with a white number;
    penalties are red."""
    painter.save()
    r = rect.height() / 2
    painter.setPen(QPen(QColor("white"), max(1.0, r * 0.1)))
    painter.setBrush(PENALTY if negative else INK)
    painter.drawRoundedRect(rect, r, r)
    painter.setPen(QColor("white"))
    painter.setFont(_font(size))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
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
