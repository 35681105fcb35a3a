"""The keyboard's mark on the table: a thick ring, black outside and white inside, around the
target Enter would choose. Two tones and no colour, so it reads on the sand, the sea, every card
and for every eye."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

MARGIN = 9.0


class FocusRing(QGraphicsItem):
    """A ring around ``rect`` (scene coordinates)."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self.setZValue(30)  # over cards, people, targets and the coach's frame
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to what it rings

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-6, -6, 6, 6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = min(16.0, self.rect.height() / 2)
        painter.setPen(QPen(QColor("#111111"), 9))
        painter.drawRoundedRect(self.rect, radius, radius)
        painter.setPen(QPen(QColor("#ffffff"), 4))
        painter.drawRoundedRect(self.rect, radius, radius)


def ring(scene: QGraphicsScene, rect: QRectF | None) -> FocusRing | None:
    """Put the ring around ``rect`` in ``scene`` (the scene's earlier ring goes); None: no ring."""
    for item in scene.items():
        if isinstance(item, FocusRing):
            scene.removeItem(item)
    if rect is None:
        return None
    item = FocusRing(rect)
    scene.addItem(item)
    return item
