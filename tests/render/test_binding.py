"""The Qt binding in use keeps Python's reference counts intact: a painter making many calls
must not abort the interpreter (PySide6 6.12.0 did under Python 3.11)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support import ROOT

SCRIPT = """
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen
app = QGuiApplication([])
image = QImage(64, 64, QImage.Format.Format_ARGB32)
painter = QPainter(image)
for _ in range(50_000):
    painter.save()
    painter.setPen(QPen(QColor("black"), 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    path = QPainterPath(QPointF(0, 0))
    path.quadTo(QPointF(1, 1), QPointF(2, 2))
    painter.drawPath(path)
    painter.restore()
painter.end()
print("ok")
"""


def test_many_painter_calls_do_not_abort_the_interpreter():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-500:]
    assert result.stdout.strip() == "ok"
