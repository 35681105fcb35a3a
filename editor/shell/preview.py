"""The live preview: the entry being edited drawn by ``smqt/render`` exactly as the table
draws it. While the entry does not load, the last face that did stays, faded, under the
loader's reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from editor.forms.fields import discard
from smqt.engine.catalog import entry_in_language
from smqt.engine.content import (
    FeatureCard,
    ObjectiveTile,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)
from smqt.language.translate import _, current
from smqt.pack.convert import converter, structure_problems
from smqt.pack.folder import KINDS
from smqt.render.cardface import card_image
from smqt.render.tilefaces import (
    paint_objective,
    paint_sand_dollar_action,
    paint_tile_top,
    tile_image,
)

ActionLookup = Callable[[str], SandDollarAction | None]


def structure_entry(kind: str, table: dict[str, Any]) -> tuple[object | None, str]:
    """The entry as the engine's object, or None and the first reason it does not load."""
    try:
        return converter.structure(table, KINDS[kind]), ""
    except Exception as exc:  # every loader complaint is shown, none may crash the editor
        problems = structure_problems(exc)
        if problems:
            key, problem = problems[0]
            return None, f"{key}: {problem}" if key else problem
        return None, str(exc)


def faces(entry: object, width: int, ratio: float, actions: ActionLookup
          ) -> list[tuple[str, QImage]]:
    """(caption, image) of every face of an entry."""
    entry = entry_in_language(entry, current())  # as a player in this language sees it
    if isinstance(entry, FeatureCard):
        return [("", card_image(entry, width, ratio))]
    if isinstance(entry, StartingTile):
        return [(_("upper half (the VIP's footprint rule)"),
                 tile_image(paint_tile_top, entry, width, ratio)),
                (_("lower half"), card_image(entry, width, ratio))]
    if isinstance(entry, SandDollarAction):
        return [("", tile_image(paint_sand_dollar_action, entry, width, ratio))]
    if isinstance(entry, ObjectiveTile):
        return [("", tile_image(paint_objective, entry, width, ratio))]
    if isinstance(entry, SandDollarTile):
        found = []
        for side, ident in zip("AB", entry.sides, strict=True):
            action = actions(ident)
            if action is not None:
                action = entry_in_language(action, current())
                found.append((_("side {side}: {id}").format(side=side, id=ident),
                              tile_image(paint_sand_dollar_action, action, width, ratio)))
            else:
                found.append((_("side {side}: no sand dollar action {id}").format(
                    side=side, id=repr(ident)), QImage()))
        return found
    return []


FACE_PX = 280
"The preview's face width where the pane has room."
MIN_FACE_PX = 160
"The narrowest face the preview draws (a narrower pane scrolls)."


class PreviewPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.width_px = FACE_PX
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #8a1c12; font-weight: bold;")
        self.problem.hide()
        outer.addWidget(self.problem)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.body = QWidget()
        self.column = QVBoxLayout(self.body)
        self.column.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        scroll.setWidget(self.body)
        outer.addWidget(scroll)
        self.images: list[tuple[str, QImage]] = []
        self._last: tuple[str, str] | None = None
        self._shown: tuple[str | None, dict[str, Any] | None, ActionLookup] | None = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The face fits the pane (a narrower pane, as beside German words, shrinks it)."""
        super().resizeEvent(event)
        fit = max(MIN_FACE_PX, min(FACE_PX, self.width() - 36))
        if abs(fit - self.width_px) >= 8 or (fit == FACE_PX) != (self.width_px == FACE_PX):
            self.width_px = fit
            if self._shown is not None:
                self.show_entry(*self._shown)

    def show_entry(self, kind: str | None, table: dict[str, Any] | None,
                   actions: ActionLookup) -> None:
        """Draw ``table`` (None: nothing selected, or something without a face)."""
        self._shown = (kind, table, actions)
        if kind is None or table is None or kind not in KINDS:
            self._set([], "")
            self._last = None
            return
        entry, problem = structure_entry(kind, table)
        if entry is None:
            if self._last is None or self._last[0] != str(table.get("id")):
                self.images = []
            self._set(self.images, _("Cannot draw this entry yet — {problem}").format(
                problem=problem), faded=True)
            return
        self._last = (str(table.get("id")), kind)
        self.images = faces(entry, self.width_px, self.devicePixelRatioF(), actions)
        self._set(self.images, "")

    def _set(self, images: list[tuple[str, QImage]], problem: str, faded: bool = False) -> None:
        while self.column.count():
            item = self.column.takeAt(0)
            if item.widget() is not None:
                discard(item.widget())
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        for caption, image in images:
            if caption:
                label = QLabel(caption)
                label.setStyleSheet("color: #555;")
                self.column.addWidget(label)
            face = QLabel()
            face.setObjectName("face")
            if not image.isNull():
                face.setPixmap(_faded(image) if faded else QPixmap.fromImage(image))
            self.column.addWidget(face)


def _faded(image: QImage) -> QPixmap:
    out = QImage(image.size(), QImage.Format.Format_ARGB32_Premultiplied)
    out.setDevicePixelRatio(image.devicePixelRatio())
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setOpacity(0.35)
    painter.drawImage(0, 0, image)
    painter.end()
    return QPixmap.fromImage(out)
