"""The table's Help menu: the rules of the game in this product's own words (shipped inside
the package, ``smqt/help/rules.md``), the keyboard shortcuts read from the window's own menus,
and About."""

from __future__ import annotations

from importlib import metadata, resources

import PySide6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
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

from smqt.desktop.textpages import fit_tables
from smqt.language.translate import _, current
from smqt.ui.table.appearance import style

RULES_RESOURCE = ("smqt.help", "rules.md")  # not translated: a file name
RULES_PAGES = {"de": "rules.de.md"}  # not translated: file names
"The rules page in another language than English, by language (the same clauses, in German)."


def rules_markdown() -> str:
    """The rules page in the language in force, from the package (works from a wheel or a
    frozen app too)."""
    name = RULES_PAGES.get(current(), RULES_RESOURCE[1])
    return resources.files(RULES_RESOURCE[0]).joinpath(name).read_text(encoding="utf-8")


def version() -> str:
    try:
        return metadata.version("smqt")
    except metadata.PackageNotFoundError:
        return _("development")


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
        fit_tables(self.browser.document())
        # the lines wrap at the page's width: a pixel of rounding must not bring a scroll bar
        self.browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        style(self.browser, "QTextBrowser { font-size: 15px; padding: 8px; }")  # not translated: style
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(820, 760)


def shortcuts_markdown(bar: QMenuBar) -> str:
    """Every menu command that has a key, menu by menu, read from the menus themselves."""
    parts = ["# " + _("Keyboard shortcuts"), ""]
    # Translators: between two keys of one command ("Tab or C")
    either = _(" or ")
    for menu_action in bar.actions():
        menu = menu_action.menu()
        if menu is None:
            continue
        rows = []
        for action in _actions(menu.actions()):
            # as the menus show them: "Strg+N" in German
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                    for k in action.shortcuts() if not k.isEmpty()]
            if keys:
                rows.append(f"| {either.join(keys)} | {action.text().replace('&', '')} |")
        if rows:
            parts += [f"## {menu_action.text().replace('&', '')}", "",
                      "| " + _("Key") + " | " + _("Command") + " |", "|---|---|", *rows, ""]
    gestures = [
        (_("Click a highlighted card, then a highlighted space"), _("build the card there")),
        (_("Click or drag a highlighted person"), _("move them (VIPs step by step)")),
        (_("Right-click a card, or hover it"), _("see it enlarged with its rules in words")),
        (_("Mouse wheel over your city"), _("zoom")),
        (_("Click a log line"), _("look at that moment of the game (read-only)")),
    ]
    parts += ["## " + _("On the table"), "",
              "| " + _("Gesture") + " | " + _("What it does") + " |", "|---|---|",
              *(f"| {gesture} | {does} |" for gesture, does in gestures), ""]
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
    text = ("<h3>" + _("Santa Monica — the desktop edition") + "</h3>"
            "<p>" + _("smqt {version} · Qt for Python {qt}").format(
                version=version(), qt=PySide6.__version__) + "</p>"
            "<p>" + _("Content pack: {pack}").format(pack=pack or _("none open")) + "</p>"
            "<p>" + _("A fan-made desktop table for the board game <i>Santa Monica</i> "
                      "(game design by Josh Wood, published by AEG), for 2 to 4 players at one "
                      "computer, with AI players, a content editor and a house-rule "
                      "simulator.") + "</p>"
            "<p>" + _("The rules in Help ▸ Rules are this edition's own wording.") + "</p>")
    box = QMessageBox(parent)
    box.setWindowTitle(_("About smqt"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(text)
    box.open()
