"""The food truck and foodie reward (R3.5) chosen on the table: the three rewards stand beside
the card that earned them, in the city, each a button of the table that a click (or Enter on the
keyboard's mark) chooses."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from smqt.language.translate import N_, _
from smqt.render.symbols import INK
from smqt.ui.game.logtext import REWARD_WORDS
from smqt.ui.table.items import CARD_H, SELECTABLE, LabelItem, draw_fitted

REWARD_LABELS = {"dollar_move": N_("1 sand dollar + move 1 person 1 space"),
                 "two_dollars": N_("2 sand dollars"),
                 "double_move": N_("Move 2 people 1 space each, or 1 person 2 spaces")}
"""The reward buttons' words (marked: translated where shown)."""

WIDTH, HEIGHT, GAP = 250.0, 64.0, 12.0


class RewardItem(QGraphicsObject):
    """One reward to choose."""

    def __init__(self, choice: str) -> None:
        super().__init__()
        self.choice = choice
        self.key = ("reward", choice)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(_(REWARD_WORDS[choice]) if choice in REWARD_WORDS else choice)
        self.setZValue(12)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, WIDTH, HEIGHT)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(SELECTABLE, 4))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(QRectF(2, 2, WIDTH - 4, HEIGHT - 4), 12, 12)
        painter.setPen(INK)
        label = _(REWARD_LABELS[self.choice]) if self.choice in REWARD_LABELS else self.choice
        draw_fitted(painter, QRectF(12, 6, WIDTH - 24, HEIGHT - 12), label, 17)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if scene is not None and event.button() == Qt.MouseButton.LeftButton:
            scene.clicked.emit("reward", self.choice)  # type: ignore[attr-defined]


def offer_rewards(scene: QGraphicsScene, choices: tuple[str, ...], card_at: QRectF,
                  right: float) -> dict[str, QRectF]:
    """The rewards in a column beside the row of the card that earned them (``card_at``, its
    rectangle in the scene), right of the city (whose right edge is ``right``), under a
    heading; returns where each reward is."""
    heading = LabelItem(_("Choose a reward:"), 18, width=WIDTH)
    top = card_at.top() + (CARD_H - len(choices) * (HEIGHT + GAP) - 30) / 2
    left = right + 30
    heading.setPos(left, top)
    scene.addItem(heading)
    where = {}
    for i, choice in enumerate(choices):
        item = RewardItem(choice)
        item.setPos(left, top + 30 + i * (HEIGHT + GAP))
        scene.addItem(item)
        where[choice] = QRectF(item.pos().x(), item.pos().y(), WIDTH, HEIGHT)
    return where
