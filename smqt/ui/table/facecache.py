"""Faces drawn once per size: the table rebuilds its scenes from the game after every action,
and painting a card's face (its words, icons and badges, drawn from data) is most of what a
redraw costs. A face is painted into an image at the exact device size it is shown at, kept
per entry (weakly: entries of a pack no longer loaded go with it), and drawn from there, pixel
for pixel, so it looks the same as painting it directly."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from smqt.language.translate import current

Painter = Callable[[QPainter, QRectF, Any], None]

SIZES_PER_ENTRY = 6
"""Sizes kept per entry (the display, the city, zoom steps); older ones are dropped."""
LARGEST = 2400
"""Faces larger than this many device pixels across are painted directly."""

_faces: weakref.WeakKeyDictionary[Any, dict[tuple, QImage]] = weakref.WeakKeyDictionary()


def paint_cached(painter: QPainter, size: QRectF, entry: Any, paint: Painter) -> None:
    """``paint(painter, size, entry)``, through an image of the face at device size."""
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
    if image is None:
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
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.drawImage(size, image)
    painter.restore()


def forget_faces() -> None:
    """Drop every kept face (an entry changed in place, fonts changed)."""
    _faces.clear()
