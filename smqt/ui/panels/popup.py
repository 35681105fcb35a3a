"""The card under the pointer, beside the pointer: it opens after a short rest on a card or
tile, closes when the pointer leaves it, on a click or with Esc. It opens only when the side
panel has no room to show the card (``needed``), so it never repeats that panel over the
display. It is a child of the window laid over its contents (not a window of its own), kept
inside the window."""

from __future__ import annotations

import html
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QCursor, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QLayout, QToolTip, QVBoxLayout, QWidget

from smqt.ui.panels.side import CARD_ASPECT, entry_image, entry_words

DELAY_MS = 650
HOLD_S = 1.5
"""After a click on the table, how long the large card stays away."""
WIDTH = 240


class CardPopup(QFrame):
    """The face and the rules in words, over the window's contents."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("CardPopup { background: #fffdf5; border: 2px solid #2f3b45;"
                           " border-radius: 8px; }")  # not translated: a style sheet
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setFixedWidth(WIDTH)
        layout.addWidget(self.image)
        layout.addWidget(self.text)
        self.entry: object = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self._open)
        self._pending: object = None
        self._tip = ""
        self._held_until = 0.0
        self.enabled = True
        """False while the person is in the middle of a move (a person picked up)."""
        self.needed: Callable[[], bool] = lambda: True
        """Whether the card must be shown here (the side panel cannot show it now)."""
        self.hide()  # a child is shown with its window unless told otherwise

    def hover(self, entry: object, tip: str = "") -> None:
        """The pointer rests on ``entry``: open after the delay (None: it left). ``tip`` (the
        item's tooltip: why it cannot be chosen, what it would score) is said on the large
        card, and the small tooltip is not shown over it."""
        self._pending = entry
        self._tip = tip
        if entry is None:
            self._timer.stop()
            self.hide()
        elif self.enabled and self.needed() and time.monotonic() >= self._held_until and \
                (entry is not self.entry or not self.isVisible()):
            self._timer.start()

    def hold(self, seconds: float = HOLD_S) -> None:
        """Close, and stay closed for a while: the person is busy clicking (a walk step by
        step, a card then its space), and the large card would cover where they click next."""
        self.close_now()
        self._held_until = time.monotonic() + seconds

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """On the table's views: no small tooltip over the large card, which says it."""
        if event.type() == QEvent.Type.ToolTip and self.isVisible():
            return True
        return super().eventFilter(watched, event)

    def close_now(self) -> None:
        self._timer.stop()
        self._pending = None
        self.hide()

    def _open(self) -> None:
        entry = self._pending
        words = entry_words(entry) if entry is not None else None
        image = entry_image(entry, WIDTH, self.devicePixelRatioF()) if entry is not None else None
        if words is None or image is None:
            return
        self.entry = entry
        self.image.setPixmap(QPixmap.fromImage(image))
        body = "".join(f"<p style='margin:2px'>{html.escape(line)}</p>" for line in words[1:])
        tip = self._tip
        if tip.startswith(words[0] + ": "):  # "Pier: 3 sand dollars needed" under "Pier"
            tip = tip[len(words[0]) + 2:]
        note = (f"<p style='margin:2px 2px 6px 2px; color:#8a3b00'><b>{html.escape(tip)}</b></p>"
                if tip and tip != words[0] else "")  # not translated: markup
        self.text.setText(f"<b>{html.escape(words[0])}</b>{note}{body}")
        QToolTip.hideText()
        height = int(WIDTH / CARD_ASPECT) + self.text.heightForWidth(WIDTH) + 30
        self.resize(WIDTH + 24, height)
        parent = self.parentWidget()
        area = parent.rect() if parent is not None else QRect(0, 0, 1920, 1080)
        pointer = parent.mapFromGlobal(QCursor.pos()) if parent is not None else QPoint()
        self.move(self._beside(pointer, self.width(), height, area))
        self.show()
        self.raise_()

    @staticmethod
    def _beside(pointer: QPoint, width: int, height: int, area: QRect) -> QPoint:
        """Right of the pointer, or left when the window ends; always inside it."""
        x = pointer.x() + 24
        if x + width > area.right():
            x = pointer.x() - 24 - width
        y = min(max(area.top(), pointer.y() - height // 3), area.bottom() - height)
        return QPoint(max(area.left(), x), max(area.top(), y))
