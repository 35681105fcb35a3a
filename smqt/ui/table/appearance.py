"""How the table looks, as the person chose in View: the text size (a factor on every text of
the panels, the dialogs and the menus, and on the table's words where they have room) and the
high-contrast theme (plain white grounds, black words, no grey text).

Widgets whose style sheet sets a size in pixels are styled through ``style``, so that a new
text size reaches them too; markup made anew on each redraw goes through ``css``."""

from __future__ import annotations

import re
import weakref

import shiboken6
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from smqt.language.translate import N_

TEXT_SIZES = ((N_("Normal"), 1.0), (N_("Large"), 1.25), (N_("Larger"), 1.5),
              (N_("Largest"), 1.75))
"""View ▸ Text size: (label, factor)."""

_PIXELS = re.compile(r"font-size:\s*(\d+(?:\.\d+)?)px")


class Appearance:
    text = 1.0
    """The text size factor in force."""
    high_contrast = False
    base_font: QFont | None = None
    """The application's font before any factor (taken at the first change)."""
    base_palette: QPalette | None = None


_styled: weakref.WeakKeyDictionary[QWidget, str] = weakref.WeakKeyDictionary()


def css(sheet: str) -> str:
    """``sheet`` (a style sheet or markup) with every pixel font size times the text size."""
    return _PIXELS.sub(lambda m: f"font-size: {round(float(m[1]) * Appearance.text)}px", sheet)


def style(widget: QWidget, sheet: str) -> None:
    """Give ``widget`` the style sheet ``sheet`` at the text size in force, and again at each
    new text size."""
    _styled[widget] = sheet
    widget.setStyleSheet(css(sheet))


def restyle(widget: QWidget, sheet: str) -> None:
    """Give ``widget`` the style sheet ``sheet`` unless it has it already: setting one polishes
    the widget anew even when nothing changed (a millisecond a time, on every redraw)."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def grey(colour: QColor) -> QColor:
    """A grey of the table's words: black in the high-contrast theme."""
    return QColor("#000000") if Appearance.high_contrast else colour


def set_text_size(factor: float) -> None:
    """Every text at ``factor`` times its normal size, at once."""
    app = QApplication.instance()
    if app is None or factor <= 0:
        return
    if Appearance.base_font is None:
        Appearance.base_font = QFont(app.font())  # type: ignore[attr-defined]
    Appearance.text = factor
    font = QFont(Appearance.base_font)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * factor)))
    app.setFont(font)  # type: ignore[attr-defined]
    # the new font reaches the widgets by posted events: deliver them now, so that what is
    # polished below, and what is made before control returns to the loop, has it
    QApplication.sendPostedEvents()
    for widget, sheet in list(_styled.items()):
        if shiboken6.isValid(widget):
            widget.setStyleSheet(css(sheet))
    for widget in app.allWidgets():  # type: ignore[attr-defined]
        # a widget with a style sheet of its own keeps the font it was polished with, and so
        # do its children: the player panels' details stayed at the normal size
        if widget not in _styled and widget.styleSheet():
            widget.setStyleSheet(widget.styleSheet())


def set_high_contrast(on: bool) -> None:
    """The high-contrast theme on or off: the palette of every window, and the table's
    grounds and words at their next drawing."""
    app = QApplication.instance()
    if app is None:
        return
    if Appearance.base_palette is None:
        Appearance.base_palette = QPalette(app.palette())  # type: ignore[attr-defined]
    Appearance.high_contrast = on
    if not on:
        app.setPalette(Appearance.base_palette)  # type: ignore[attr-defined]
        return
    black, white = QColor("#000000"), QColor("#ffffff")
    palette = QPalette(white, white)  # a whole palette, its disabled colours made from these
    role = QPalette.ColorRole
    group = QPalette.ColorGroup
    for r, colour in ((role.Window, white), (role.WindowText, black), (role.Base, white),
                      (role.AlternateBase, QColor("#f0f0f0")), (role.Text, black),
                      (role.Button, white), (role.ButtonText, black),
                      (role.ToolTipBase, white), (role.ToolTipText, black),
                      (role.Highlight, QColor("#00007a")), (role.HighlightedText, white),
                      (role.PlaceholderText, QColor("#303030")), (role.Link, QColor("#00007a"))):
        for active in (group.Active, group.Inactive):  # what may be used reads black
            palette.setColor(active, r, colour)
    for r in (role.WindowText, role.ButtonText, role.Text):  # what may not, a clear grey
        palette.setColor(group.Disabled, r, QColor("#767676"))
    app.setPalette(palette)  # type: ignore[attr-defined]
