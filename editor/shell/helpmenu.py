"""The editor's Help menu: the pack format guide (the shipped ``FORMAT.md``, the project's own
words, or ``FORMAT.de.md`` in German) and the keyboard shortcuts, read from the window's menus
so the list cannot go stale."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLayout,
    QMenuBar,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from smqt.desktop.textpages import fit_tables
from smqt.language.translate import N_, SOURCE, _, current
from smqt.pack.shipped import format_guide

FIELD_KEYS = (
    (N_("Enter or Tab"), N_("commit what is typed in a field (Tab also moves to the next field)")),
    (N_("Ctrl+Z in a field"), N_("commit the field, then undo the last change")),
    (N_("Mouse wheel"), N_("scrolls the form; it changes a number or a choice only in the field "
                           "you clicked into")),
    (N_("Up / Down in a number or a choice"), N_("step the value of the field with the focus")),
)
"Keys the forms understand that are not menu commands (translated where they are shown)."


def shortcut_rows(menus: QMenuBar) -> list[tuple[str, str]]:
    """(keys, command) of every menu command that has a shortcut, in menu order."""
    rows = []
    for top in menus.actions():
        menu = top.menu()
        if menu is None:
            continue
        for action in menu.actions():
            rows += _rows_of(action, top.text().replace("&", ""))
    return rows


def _rows_of(action: QAction, menu: str) -> list[tuple[str, str]]:
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if not keys or action.isSeparator():
        return []
    text = action.text().replace("&", "").rstrip("…")
    for verb in (_("Undo"), _("Redo")):  # "Undo add card x" is listed as "Undo"
        if text.startswith((f"{verb} ", f"{verb}:")):
            text = verb
    return [(keys, f"{menu} › {text}")]


def shortcuts_html(menus: QMenuBar) -> str:
    def table(rows: list[tuple[str, str]]) -> str:
        cells = "".join(f"<tr><td style='padding-right:18px'><b>{html.escape(k)}</b></td>"
                        f"<td>{html.escape(v)}</td></tr>"  # not translated: HTML markup
                        for k, v in rows)
        return f"<table>{cells}</table>"

    return ("<h3>" + html.escape(_("Menu commands")) + "</h3>" + table(shortcut_rows(menus))
            + "<h3>" + html.escape(_("In the forms")) + "</h3>"
            + table([(_(keys), _(meaning)) for keys, meaning in FIELD_KEYS]))


def _dialog(parent: QWidget, title: str, fill) -> QDialog:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # offscreen warns otherwise
    browser = QTextBrowser()
    browser.setOpenExternalLinks(True)
    fill(browser)
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.browser = browser  # type: ignore[attr-defined]  # read by tests
    return dialog


def guide_in(language: str) -> Path:
    """The pack format guide in ``language`` when it is shipped in it (``FORMAT.de.md``
    beside ``FORMAT.md``), else the English one."""
    english = format_guide()
    if language != SOURCE:
        translated = english.with_name(f"{english.stem}.{language}{english.suffix}")
        if translated.is_file():
            return translated
    return english


def format_guide_dialog(parent: QWidget) -> QDialog:
    """The pack format guide, as shipped with this installation, in the language in force."""
    path = guide_in(current())

    def fill(browser: QTextBrowser) -> None:
        try:
            browser.setMarkdown(path.read_text(encoding="utf-8"))
            fit_tables(browser.document())
            browser.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        except OSError as exc:
            browser.setPlainText(_("The format guide cannot be read ({problem}).").format(
                problem=exc))

    dialog = _dialog(parent, _("Content pack format"), fill)
    dialog.resize(min(900, parent.width()), min(760, parent.height()))
    return dialog


def shortcuts_dialog(parent: QWidget, menus: QMenuBar) -> QDialog:
    dialog = _dialog(parent, _("Keyboard shortcuts"),
                     lambda browser: browser.setHtml(shortcuts_html(menus)))
    dialog.resize(560, 520)
    return dialog
