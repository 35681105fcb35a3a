"""A report's charts as PNG pictures (``smqt sim --png``): each ``charts/*.svg`` drawn by Qt's
SVG renderer at twice its size, on white, beside it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SCALE = 2
"""Pixels per SVG unit: sharp on a slide or a high-density screen."""


def write_pngs(folder: Path, into: Path | None = None, prefix: str = "") -> list[Path]:
    """``NAME.png`` beside every ``NAME.svg`` in ``folder`` (or ``PREFIXNAME.png`` in
    ``into``); returns the pictures made."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # not translated: Qt's name
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts need one)
    made = []
    for svg in sorted(folder.glob("*.svg")):
        renderer = QSvgRenderer(str(svg))
        if not renderer.isValid():
            continue
        size = renderer.defaultSize() * SCALE
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = (into or folder) / f"{prefix}{svg.stem}.png"
        if image.save(str(target)):
            made.append(target)
    return made
