"""The deck statistics view: counts per tag and row, rings by people, placement and scoring
kinds of the pack as edited (the tables ``smqt stats`` and DESIGN.md show), each tag, person
and kind in the editor's words for them (``editor.model.words``, ``kindinfo``)."""

from __future__ import annotations

from PySide6.QtWidgets import QTextBrowser, QWidget

from editor.forms import kindinfo
from editor.model.words import value_word
from smqt.engine.catalog import Catalog
from smqt.engine.effects import PLACEMENT_KINDS, SCORING_KINDS, Chain, LeftmostBeach
from smqt.language.translate import N_, _, ngettext
from smqt.pack.deckstats import ANY_NUMBER, CHAIN_PER_TAG, DeckStats, deck_stats

KINDS = {f"{room}:{cls.kind}": cls for room, classes in (
    ("placement", PLACEMENT_KINDS), ("scoring", SCORING_KINDS),
    ("constraints", (LeftmostBeach,))) for cls in classes}
"Each effect kind's class by list and key (``sand_dollars`` is a placement and a scoring kind)."
PEOPLE_ADDED = {"local": N_("{count} locals"), "tourist": N_("{count} tourists"),
                "vip": N_("{count} vips")}
"People added, by kind (the words of ``smqt.pack.deckstats``; translated where shown)."


def _kind(room: str, key: str) -> str:
    cls = KINDS.get(f"{room}:{key}")
    return kindinfo.choice_text(cls) if cls is not None else key


def _ring(name: str) -> str:
    if name == ANY_NUMBER:
        return _(ANY_NUMBER)
    return " + ".join(value_word(word) for word in name.split(" + "))


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{value_word(key)} {count}" for key, count in counts.items())


def composition_text(stats: DeckStats) -> str:
    """The composition tables as Markdown, as ``deckstats.composition_markdown`` writes them,
    with every tag, person and kind in words."""
    out = []
    total = sum(stats.cards.values())
    out.append(_("Feature cards: **{total}** ({beach} beach, {street} street).").format(
        total=total, beach=stats.cards["beach"], street=stats.cards["street"]) + "\n")
    out.append(_("| tag | beach copies | street copies | all copies | beach cards | street cards |"))
    out.append("|---|---:|---:|---:|---:|---:|")
    for tag, rows in stats.tags.items():
        cards = stats.cards_with_tag[tag]
        out.append(f"| {value_word(tag)} | {rows['beach']} | {rows['street']} | "
                   f"{rows['beach'] + rows['street']} | {cards['beach']} | {cards['street']} |")
    out.append("")
    out.append(_("| ring (people it holds) | cards |"))
    out.append("|---|---:|")
    for name, count in stats.rings.items():
        out.append(f"| {_ring(name)} | {count} |")
    out.append("\n" + _("Ring places by type: {places}.").format(
        places=_counts(stats.ring_people)) + "\n")
    out.append(_("| placement action | entries |"))
    out.append("|---|---:|")
    for kind, count in stats.placement.items():
        out.append(f"| {_kind('placement', kind)} | {count} |")
    added = ", ".join(_(PEOPLE_ADDED[k]).format(count=v) if k in PEOPLE_ADDED else
                      f"{v} {value_word(k)}" for k, v in stats.people_added.items())
    out.append("\n" + _("People added in all: {added}; sand dollars given: {sand_dollars}; "
                         "move allowances by people moved: {moves}.").format(
                             added=added, sand_dollars=stats.sand_dollars_given,
                             moves=_counts(stats.moves)) + "\n")
    out.append(_("| scoring entry | entries |"))
    out.append("|---|---:|")
    for kind, count in stats.scoring.items():
        shown = _("{kind} (per tag)").format(kind=kindinfo.choice_text(Chain)) \
            if kind == CHAIN_PER_TAG else _kind("scoring", kind)
        out.append(f"| {shown} | {count} |")
    if stats.constraints:
        constraints = ", ".join(f"{_kind('constraints', k)} {v}"
                                for k, v in stats.constraints.items())
        out.append("\n" + _("Constraints: {constraints}.").format(constraints=constraints))
    return "\n".join(out) + "\n"


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
