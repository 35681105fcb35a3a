"""The version mark printed on every component: the pack's name and version in small type
along the bottom edge, inside the safe area (3 mm, 14.3 face units, from the cut) and clear
of everything the face shows."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from smqt.render import layout as lay
from smqt.render.layout import FACE_H, FACE_W, FaceLayout

SAFE = 14.5
"The safe area's inset in face units (3 mm of a 63 mm card is 14.3)."
SIZES = (8, 7, 6)
"The mark's type sizes, largest first (8 units is 1.7 mm)."
CLEAR = 2.0
"Space kept between the mark and anything else on the face."


def layout_rects(layout: FaceLayout) -> list[QRectF]:
    """What a face shows, as rectangles the mark must keep clear of."""
    return [box.rect for box in layout.boxes] + [panel.rect for panel in layout.panels]


def version_mark_rect(text: str, avoid: Iterable[QRectF]) -> tuple[QRectF, int]:
    """Where ``text`` goes (face units) and at what size: the bottom right, left or middle
    of the safe area at the largest size that touches nothing in ``avoid``, else a top
    corner (a tile whose rules reach its foot); else the bottom right at the smallest size,
    as low as the safe area allows."""
    avoid = [r.adjusted(-CLEAR, -CLEAR, CLEAR, CLEAR) for r in avoid]
    bottom = FACE_H - SAFE
    for top in (False, True):
        for size in SIZES:
            w, h = lay.advance(text, size), lay.line_height(size)
            if w > FACE_W - 2 * SAFE:
                continue
            y = SAFE if top else bottom - h
            for x in (FACE_W - SAFE - w, SAFE) + (() if top else ((FACE_W - w) / 2,)):
                rect = QRectF(x, y, w, h)
                if not any(rect.intersects(r) for r in avoid):
                    return rect, size
    size = SIZES[-1]
    w, h = lay.advance(text, size), lay.line_height(size)
    return QRectF(max(SAFE, FACE_W - SAFE - w), bottom - h, min(w, FACE_W - 2 * SAFE), h), size


def paint_version_mark(painter: QPainter, target: QRectF, text: str, avoid: Iterable[QRectF],
                       colour: QColor) -> None:
    """Draw ``text`` on the face mapped onto ``target``."""
    if not text:
        return
    rect, size = version_mark_rect(text, avoid)
    lay.begin(painter, target)
    painter.setFont(lay.font(size))
    painter.setPen(colour)
    painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                               | Qt.TextFlag.TextDontClip), text)
    painter.restore()
