"""The table's two views: the display, always fitted to its room, and the city, which a
player zooms (wheel, +/-) and pans (drag the background); both render crisply at any scale."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QToolButton, QWidget

from smqt.language.translate import _
from smqt.ui.table.appearance import style
from smqt.ui.table.balance import CITY_CAP


class FittedView(QGraphicsView):
    """Shows the whole scene, scaled to fit whenever the scene or the view changes size."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        scene.sceneRectChanged.connect(lambda _rect: self.fit())

    def fit(self) -> None:
        rect = self.sceneRect()
        if rect.isValid() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


class CityView(QGraphicsView):
    """A zoomable, pannable city. It fits the city until the player zooms, then keeps the zoom."""

    MIN_ZOOM, MAX_ZOOM = 0.25, 3.0

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.zoomed = False
        self._followed = [scene]
        scene.sceneRectChanged.connect(lambda _rect: self.fit(force=False))
        self.arrows = {}
        for side, text in ((-1, "◀"), (1, "▶")):
            button = QToolButton(self.viewport())
            button.setText(text)
            button.setToolTip(_("More of the city this way (or drag the city, or 0 to fit it)"))
            style(button,
                  "QToolButton { font-size: 20px; background: rgba(255,255,255,200);"  # not translated: style
                  " border: 1px solid #8a7a5a; border-radius: 6px; padding: 6px; }")
            button.clicked.connect(lambda _checked=False, d=side: self.scroll_by(d))
            button.hide()
            self.arrows[side] = button
        self.horizontalScrollBar().valueChanged.connect(lambda _v: self._place_arrows())
        self.horizontalScrollBar().rangeChanged.connect(lambda _a, _b: self._place_arrows())

    def setScene(self, scene: QGraphicsScene) -> None:  # type: ignore[override]
        """Show another scene (the overview of every city), fitting it as this one."""
        super().setScene(scene)
        if scene not in self._followed:
            self._followed.append(scene)
            scene.sceneRectChanged.connect(lambda _rect: self.fit(force=False))

    def scroll_by(self, direction: int) -> None:
        """A third of the view further along the city."""
        bar = self.horizontalScrollBar()
        bar.setValue(bar.value() + direction * max(40, self.viewport().width() // 3))

    def _place_arrows(self) -> None:
        """Arrows at the sides where the city goes on out of sight."""
        bar = self.horizontalScrollBar()
        room = self.viewport().rect()
        for side, button in self.arrows.items():
            more = bar.maximum() > bar.minimum() and (
                bar.value() > bar.minimum() if side < 0 else bar.value() < bar.maximum())
            button.adjustSize()
            x = 6 if side < 0 else room.width() - button.width() - 6
            button.move(x, (room.height() - button.height()) // 2)
            button.setVisible(more)

    def fit(self, force: bool = True) -> None:
        if force:
            self.zoomed = False
        if self.zoomed:
            return
        rect = self.sceneRect()
        if rect.isValid() and self.viewport().width() > 10:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            if self.transform().m11() > CITY_CAP:  # a small city is not blown up past this
                self.resetTransform()
                self.scale(CITY_CAP, CITY_CAP)
                self.centerOn(rect.center())

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11()
        factor = max(self.MIN_ZOOM / scale, min(self.MAX_ZOOM / scale, factor))
        self.scale(factor, factor)
        self.zoomed = True

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.15 ** steps)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit(force=False)
        self._place_arrows()
