"""Windows on the screen: bringing one to the front or giving it the keyboard where the platform
can (the headless offscreen platform of tests and automated runs cannot, and says so in a
warning), and a first size that fits the screen."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

PREFERRED = QSize(1600, 1000)
MINIMUM = QSize(1200, 680)
"""The table's smallest size: the supported 1280 x 720 with room for a window's frame."""


def headless() -> bool:
    """No screen shows this program's windows (the offscreen platform of tests and CI): a
    dialog opened now would wait for ever for a person who cannot see it."""
    return QGuiApplication.platformName() in ("offscreen", "minimal")


def bring_to_front(widget: QWidget) -> None:
    if headless():
        return
    widget.raise_()
    widget.activateWindow()


def give_focus(widget: QWidget) -> None:
    if not headless():
        widget.activateWindow()
    widget.setFocus()


def minimum_size(widget: QWidget) -> QSize:
    """``MINIMUM``, or the screen's free area when the screen is smaller still."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return MINIMUM
    free = screen.availableGeometry().size()
    return QSize(min(MINIMUM.width(), free.width()), min(MINIMUM.height(), free.height() - 40))


def default_size(widget: QWidget) -> QSize:
    """The preferred first size, within the screen's free area (a laptop's 1366 x 768 too)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is None or headless():
        return PREFERRED
    free = screen.availableGeometry().size()
    return QSize(max(MINIMUM.width(), min(PREFERRED.width(), free.width())),
                 max(MINIMUM.height(), min(PREFERRED.height(), free.height() - 30)))
