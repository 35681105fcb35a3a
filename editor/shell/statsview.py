"""The deck statistics view: counts per tag and row, rings by people, placement and scoring
kinds of the pack as edited (the tables ``smqt stats`` and DESIGN.md show)."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QWidget

from smqt.engine.catalog import Catalog
from smqt.language.translate import _, ngettext
from smqt.pack.deckstats import composition_markdown, deck_stats


class StatsView(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.text = ""

    def show_catalog(self, catalog: Catalog | None, problems: int) -> None:
        """Count ``catalog``'s cards (what loads of the pack as edited)."""
        if catalog is None:
            text = _("The pack does not load at all yet: no statistics.")
        else:
            text = composition_markdown(deck_stats(catalog))
            if problems:
                text = ("*" + ngettext("Entries with problems are not counted ({count} problem).",
                                       "Entries with problems are not counted ({count} problems).",
                                       problems).format(count=problems) + "*\n\n" + text)
        if text != self.text:
            self.text = text
            bar = self.verticalScrollBar().value()
            self.setMarkdown(text)
            self.verticalScrollBar().setValue(bar)
