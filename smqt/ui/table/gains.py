"""What moving a person would score, shown on the spaces they may end on (+2, -4), as the
build previews show it for a card: while a person is chosen and while they are dragged."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from smqt.engine.geometry import Space
from smqt.language.translate import ngettext
from smqt.render.symbols import GAIN, PENALTY
from smqt.ui.table.items import font

WIDTH, HEIGHT = 120.0, 58.0


class GainItem(QGraphicsItem):
    """A pill with the points a move ending here would win or lose (its sign and its colour
    both say which), the reasons in its tooltip."""

    def __init__(self, gain: int, tip: str = "") -> None:
        super().__init__()
        self.gain = gain
        self.setZValue(15)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the click goes to the space
        if tip:
            self.setToolTip(tip)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, WIDTH, HEIGHT)

    def colour(self) -> QColor:
        return PENALTY if self.gain < 0 else GAIN if self.gain > 0 else QColor("#555555")

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffffff"), 3))
        painter.setBrush(self.colour())
        painter.drawRoundedRect(QRectF(2, 2, WIDTH - 4, HEIGHT - 4), 16, 16)
        painter.setPen(QColor("#ffffff"))
        painter.setFont(font(28, True))
        painter.drawText(QRectF(0, 2, WIDTH, 34), Qt.AlignmentFlag.AlignCenter, f"{self.gain:+d}")
        painter.setFont(font(13, True))
        # Translators: under the points a move would win or lose ("+2" / "points")
        painter.drawText(QRectF(0, 34, WIDTH, 18), Qt.AlignmentFlag.AlignCenter,
                         ngettext("point", "points", abs(self.gain)))


def show_gains(scene: QGraphicsScene, gains: Mapping[Space, tuple[int, str]],
               rect_of: Callable[[tuple], QRectF | None]) -> list[GainItem]:
    """A pill on each space of ``gains`` (space -> points, reasons), centred on its card."""
    shown = []
    for space, (gain, tip) in gains.items():
        rect = rect_of(("space", space))
        if rect is None:
            continue
        item = GainItem(gain, tip)
        item.setPos(rect.left() + (rect.width() - WIDTH) / 2, rect.top() + 60)
        scene.addItem(item)
        shown.append(item)
    return shown


def clear_gains(scene: QGraphicsScene) -> None:
    for item in scene.items():
        if isinstance(item, GainItem):
            scene.removeItem(item)
