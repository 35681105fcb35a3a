"""The deck statistics view: counts per tag and row, rings by people, placement and scoring
kinds of the pack as edited (the tables ``smqt stats`` and DESIGN.md show), each tag, person
and kind in the editor's words for them (``editor.model.words``, ``kindinfo``)."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QWidget

from editor.forms import kindinfo
from editor.model.words import value_word
from smqt.engine.catalog import Catalog
from smqt.engine.effects import PLACEMENT_KINDS, SCORING_KINDS, Chain, LeftmostBeach
from smqt.language.translate import _, ngettext
from smqt.pack.deckstats import CHAIN_PER_TAG, DeckStats, Naming, composition_markdown, deck_stats

KINDS = {f"{room}:{cls.kind}": cls for room, classes in (
    ("placement", PLACEMENT_KINDS), ("scoring", SCORING_KINDS),
    ("constraints", (LeftmostBeach,))) for cls in classes}
"Each effect kind's class by list and key (``sand_dollars`` is a placement and a scoring kind)."


def _kind(room: str, key: str) -> str:
    if key == CHAIN_PER_TAG:
        return _("{kind} (per tag)").format(kind=kindinfo.choice_text(Chain))
    cls = KINDS.get(f"{room}:{key}")
    return kindinfo.choice_text(cls) if cls is not None else key


IN_WORDS = Naming(value=value_word, plural=value_word, kind=_kind)
"""The composition tables with every tag, person and kind in the editor's words."""


def composition_text(stats: DeckStats) -> str:
    """The composition tables as Markdown, as ``deckstats.composition_markdown`` writes them,
    with every tag, person and kind in words."""
    return composition_markdown(stats, IN_WORDS)


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
            text = composition_text(deck_stats(catalog))
            if problems:
                text = ("*" + ngettext("Entries with problems are not counted ({count} problem).",
                                       "Entries with problems are not counted ({count} problems).",
                                       problems).format(count=problems) + "*\n\n" + text)
        if text != self.text:
            self.text = text
            bar = self.verticalScrollBar().value()
            self.setMarkdown(text)
            self.verticalScrollBar().setValue(bar)
