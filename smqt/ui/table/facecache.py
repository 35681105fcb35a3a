"""Faces drawn once per size: the table rebuilds its scenes from the game after every action,
and painting a card's face (its words, icons and badges, drawn from data) is most of what a
redraw costs. A face is painted into an image at the exact device size it is shown at, kept
per entry (weakly: entries of a pack no longer loaded go with it), and drawn from there, pixel
for pixel, so it looks the same as painting it directly.

When the table is resized or rescaled, every face needs painting anew at once, and at
1920x1080 that alone held the window up past 50 ms. A paint pass on the screen therefore
paints new faces for ``BUDGET_MS`` at most; a face beyond that is drawn, for that pass, from
its nearest kept size (scaled), and its item is asked to paint again in a later turn of the
event loop, where the pass has a budget of its own. A picture of the window taken within
``exact_faces()`` (a screenshot) gets every face exact."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsObject

from smqt.language.translate import current

Painter = Callable[[QPainter, QRectF, Any], None]

SIZES_PER_ENTRY = 6
"""Sizes kept per entry (the display, the city, zoom steps); older ones are dropped."""
LARGEST = 2400
"""Faces larger than this many device pixels across are painted directly."""

BUDGET_MS = 6.0
"""Milliseconds of new faces one paint pass on the screen may paint."""

_faces: weakref.WeakKeyDictionary[Any, dict[tuple, QImage]] = weakref.WeakKeyDictionary()


class _Pass:
    """The time spent painting new faces in this turn of the event loop (reset by a 0 ms
    timer at the first new face of a turn); ``exact`` while a picture is taken."""

    spent = 0.0
    reset_due = False
    exact = False

    @classmethod
    def charge(cls, seconds: float) -> None:
        if not cls.reset_due:
            cls.reset_due = True
            QTimer.singleShot(0, cls.reset)
        cls.spent += seconds * 1000

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
    """``paint(painter, size, entry)``, through an image of the face at device size. Given
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
    except TypeError:  # an entry that cannot be referred to weakly: no cache
        paint(painter, size, entry)
        return
    key = (paint, width, height, current())  # a face's words are in the language in force
    image = sizes.get(key)
    if image is None and item is not None and _Pass.spent >= BUDGET_MS and not _Pass.exact:
        stand_in = _nearest(sizes, paint, width, height)
        if stand_in is not None:
            QTimer.singleShot(0, item, item.update)  # not called once the item is deleted
            image = stand_in
    if image is None:
        start = time.perf_counter()
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        face = QPainter(image)
        face.scale(width / size.width(), height / size.height())
        face.translate(-size.left(), -size.top())
        paint(face, size, entry)
        face.end()
        if len(sizes) >= SIZES_PER_ENTRY:
            sizes.pop(next(iter(sizes)))
        sizes[key] = image
        _Pass.charge(time.perf_counter() - start)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawImage(size, image)
    painter.restore()


def forget_faces() -> None:
    """Drop every kept face (an entry changed in place, fonts changed)."""
    _faces.clear()
