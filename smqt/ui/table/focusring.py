"""The keyboard's mark on the table: a thick ring, black outside and white inside, around the
target Enter would choose. Two tones and no colour, so it reads on the sand, the sea, every card
and for every eye."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

MARGIN = 9.0
DARK, LIGHT = QColor("#111111"), QColor("#ffffff")
"""The ring's two tones: whatever the ground, one of them stands out from it."""
DARK_WIDTH, LIGHT_WIDTH = 9.0, 4.0
"""The tones' widths on the table at full size."""
LEAST_DARK_PX, LEAST_LIGHT_PX = 6.0, 3.0
"""The least widths on the screen, however far the view is zoomed out (a city of 14 cards
fitted into a laptop's window draws the table at half size and less)."""


class FocusRing(QGraphicsItem):
    """A ring around ``rect`` (scene coordinates)."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self.setZValue(30)  # over cards, people, targets and the coach's frame
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to what it rings

    def boundingRect(self) -> QRectF:
        grow = 24.0  # half the dark tone at the smallest zoom a view allows, and more
        return self.rect.adjusted(-grow, -grow, grow, grow)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = min(16.0, self.rect.height() / 2)
        dark, light = widths(painter.worldTransform().m11())
        painter.setPen(QPen(DARK, dark))
        painter.drawRoundedRect(self.rect, radius, radius)
        painter.setPen(QPen(LIGHT, light))
        painter.drawRoundedRect(self.rect, radius, radius)


def widths(scale: float) -> tuple[float, float]:
    """The dark and light tones' widths in the scene for a view drawn at ``scale``: their
    width at full size, never under the least on the screen."""
    scale = abs(scale) or 1.0
    return max(DARK_WIDTH, LEAST_DARK_PX / scale), max(LIGHT_WIDTH, LEAST_LIGHT_PX / scale)


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
