"""The table's Help menu: the rules of the game in this product's own words (shipped inside
the package, ``smqt/help/rules.md``), the keyboard shortcuts read from the window's own menus,
and About."""

from __future__ import annotations

from importlib import metadata, resources

import PySide6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLayout,
    QMenuBar,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

RULES_RESOURCE = ("smqt.help", "rules.md")


def rules_markdown() -> str:
    """The rules page, from the package (works from a wheel or a frozen app too)."""
    return resources.files(RULES_RESOURCE[0]).joinpath(RULES_RESOURCE[1]).read_text(encoding="utf-8")


def version() -> str:
    try:
        return metadata.version("smqt")
    except metadata.PackageNotFoundError:
        return "development"


class TextPage(QDialog):
    """A long text to read, kept open beside the table (not modal)."""

    def __init__(self, title: str, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(markdown)
        self.browser.setStyleSheet("QTextBrowser { font-size: 15px; padding: 8px; }")
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(820, 760)


def shortcuts_markdown(bar: QMenuBar) -> str:
    """Every menu command that has a key, menu by menu, read from the menus themselves."""
    parts = ["# Keyboard shortcuts", ""]
    for menu_action in bar.actions():
        menu = menu_action.menu()
        if menu is None:
            continue
        rows = []
        for action in _actions(menu.actions()):
            keys = [k.toString() for k in action.shortcuts() if not k.isEmpty()]
            if keys:
                rows.append(f"| {' or '.join(keys)} | {action.text().replace('&', '')} |")
        if rows:
            parts += [f"## {menu_action.text().replace('&', '')}", "", "| Key | Command |",
                      "|---|---|", *rows, ""]
    parts += ["## On the table", "",
              "| Gesture | What it does |", "|---|---|",
              "| Click a highlighted card, then a highlighted space | build the card there |",
              "| Click or drag a highlighted person | move them (VIPs step by step) |",
              "| Right-click a card, or hover it | see it enlarged with its rules in words |",
              "| Mouse wheel over your city | zoom |",
              "| Click a log line | look at that moment of the game (read-only) |", ""]
    return "\n".join(parts)


def _actions(actions: list[QAction]) -> list[QAction]:
    found = []
    for action in actions:
        if action.menu() is not None:
            found += _actions(action.menu().actions())
        elif not action.isSeparator():
            found.append(action)
    return found


def about(parent: QWidget, pack: str | None) -> None:
    text = (f"<h3>Santa Monica — the desktop edition</h3>"
            f"<p>smqt {version()} · Qt for Python {PySide6.__version__}</p>"
            f"<p>Content pack: {pack or 'none open'}</p>"
            "<p>A fan-made desktop table for the board game <i>Santa Monica</i> "
            "(game design by Josh Wood, published by AEG), for 2 to 4 players at one "
            "computer, with AI players, a content editor and a house-rule simulator.</p>"
            "<p>The rules in Help ▸ Rules are this edition's own wording.</p>")
    box = QMessageBox(parent)
    box.setWindowTitle("About smqt")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(text)
    box.open()
