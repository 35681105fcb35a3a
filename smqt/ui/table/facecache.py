"""Faces drawn once per size: the table rebuilds its scenes from the game after every action,
and painting a card's face (its words, icons and badges, drawn from data) is most of what a
redraw costs. A face is painted into an image at the exact device size it is shown at, kept
per entry (weakly: entries of a pack no longer loaded go with it), and drawn from there, pixel
for pixel, so it looks the same as painting it directly.

When the table is resized or rescaled, every face needs painting anew at once, and at
1920x1080 that alone held the window up past 50 ms. A paint pass on the screen therefore
paints new faces for ``BUDGET_MS`` at most; a face beyond that is drawn, for that pass, from
its nearest kept size (scaled, unfiltered), and its item is asked to paint again in a later
turn of the event loop (``turns``), where the pass has a budget of its own. A picture of the
window taken within ``exact_faces()`` (a screenshot) gets every face exact.

A kept face is copied to whole device pixels at the item's place: a plain copy of pixels,
10-20 times quicker than a filtered draw at a fractional place. Badges and trays, which look
the same wherever they are, are kept by value the same way."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsObject

from smqt.language.translate import current
from smqt.ui.table import turns
from smqt.ui.table.turns import LATER_MS

Painter = Callable[[QPainter, QRectF, Any], None]

SIZES_PER_ENTRY = 6
"""Sizes kept per entry (the display, the city, zoom steps); older ones are dropped."""
LARGEST = 2400
"""Faces larger than this many device pixels across are painted directly."""

BUDGET_MS = 4.0
"""Milliseconds of new faces one paint pass on the screen may paint."""

SHAPES = 256
"""Shapes kept by value (badges, trays: see ``paint_cached``); all dropped when more come."""

_faces: weakref.WeakKeyDictionary[Any, dict[tuple, QImage]] = weakref.WeakKeyDictionary()
_shapes: dict[Any, dict[tuple, QImage]] = {}


class _Pass:
    """The time spent painting new faces in this turn of the event loop (reset by a timer
    started at the first new face of a turn: a posted event would come before the loop's
    next turn), and what a new face has cost lately; ``exact`` while a picture is taken."""

    spent = 0.0
    reset_due = False
    exact = False
    face_ms = 0.0
    """A running mean of a new face's time: a face that would go past the budget waits."""

    @classmethod
    def charge(cls, seconds: float) -> None:
        if not cls.reset_due:
            cls.reset_due = True
            QTimer.singleShot(LATER_MS, cls.reset)
        cls.spent += seconds * 1000
        cls.face_ms += (seconds * 1000 - cls.face_ms) * 0.25

    @classmethod
    def over(cls) -> bool:
        """Whether one more new face would take this turn past the budget."""
        return cls.spent > 0 and cls.spent + cls.face_ms >= BUDGET_MS

    @classmethod
    def reset(cls) -> None:
        cls.spent, cls.reset_due = 0.0, False


@contextmanager
def exact_faces() -> Iterator[None]:
    """Every face painted exact while the ``with`` lasts (a picture of the window: Qt's
    ``grab`` paints through the same widgets as the screen does)."""
    before, _Pass.exact = _Pass.exact, True
    try:
        yield
    finally:
        _Pass.exact = before


def _nearest(sizes: dict[tuple, QImage], paint: Painter, width: int, height: int
             ) -> QImage | None:
    """The kept image of this face closest in size to ``width`` x ``height``."""
    kept = [(abs(key[1] - width) + abs(key[2] - height), image)
            for key, image in sizes.items() if key[0] is paint and key[3] == current()]
    return min(kept, key=lambda pair: pair[0])[1] if kept else None


def paint_cached(painter: QPainter, size: QRectF, entry: Any, paint: Painter,
                 item: QGraphicsObject | None = None) -> None:
    """``paint(painter, size, entry)``, through an image of the face at device size (kept
    per entry, or by value for an ``entry`` that is a value such as ``("badge", 3)``). Given
    the ``item`` being painted, a face beyond this pass's budget may be drawn from a kept size
    for now (on the screen only), the item painted again in a later turn (unless it is gone
    by then)."""
    transform = painter.deviceTransform()
    if transform.isRotating() or transform.m11() <= 0 or transform.m22() <= 0:
        paint(painter, size, entry)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    width = round(size.width() * transform.m11() * ratio)
    height = round(size.height() * transform.m22() * ratio)
    if not 4 <= width <= LARGEST or not 4 <= height <= LARGEST:
        paint(painter, size, entry)
        return
    try:
        sizes = _faces.setdefault(entry, {})
    except TypeError:  # a value, not an entry (a badge's points, a tray's size): kept by value
        try:
            if entry not in _shapes and len(_shapes) >= SHAPES:
                _shapes.clear()
            sizes = _shapes.setdefault(entry, {})
        except TypeError:  # nothing to keep it by
            paint(painter, size, entry)
            return
    key = (paint, width, height, current())  # a face's words are in the language in force
    image = sizes.get(key)
    if image is None and item is not None and _Pass.over() and not _Pass.exact:
        stand_in = _nearest(sizes, paint, width, height)
        if stand_in is not None:
            _repaint_later(item)
            painter.save()  # unfiltered: for one turn, at a tenth of a filtered draw's cost
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawImage(size, stand_in)
            painter.restore()
            return
    if image is None:
        start = time.perf_counter()
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        face = QPainter(image)
        face.scale(width / size.width(), height / size.height())
        face.translate(-size.left(), -size.top())
        paint(face, size, entry)
        face.end()
        image.setDevicePixelRatio(ratio)
        if len(sizes) >= SIZES_PER_ENTRY:
            sizes.pop(next(iter(sizes)))
        sizes[key] = image
        _Pass.charge(time.perf_counter() - start)
    # The image is the face at device size: copied to whole device pixels, it is a plain copy
    # of pixels (a filtered draw at a fractional place cost 10-20 times as much, and a city
    # of faces held a redraw up ~15 ms on a slow machine). The place is the painter's own
    # coordinates (the world transform's): the device's would count the widget's place in its
    # window twice once the transform is reset.
    corner = painter.worldTransform().map(size.topLeft())
    painter.save()
    painter.resetTransform()
    painter.drawImage(QPointF(round(corner.x() * ratio) / ratio, round(corner.y() * ratio) / ratio),
                      image)
    painter.restore()


_waiting: weakref.WeakSet[QGraphicsObject] = weakref.WeakSet()
"""Items drawn with a stand-in, to paint again in a later turn."""


def _repaint_later(item: QGraphicsObject) -> None:
    _waiting.add(item)
    turns.shared().later(_repaint_waiting)


def _repaint_waiting() -> None:
    """A turn of its own for the faces that waited (with a budget of its own)."""
    _Pass.reset()
    items = list(_waiting)
    _waiting.clear()
    for item in items:
        if shiboken6.isValid(item):
            item.update()


def forget_faces() -> None:
    """Drop every kept face and shape (an entry changed in place, fonts changed)."""
    _faces.clear()
    _shapes.clear()
