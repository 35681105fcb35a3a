"""Faces for print: the version mark keeps clear of the rules inside the safe area, tiers and
tags read plainly at print size, the reference card follows the pack's rules, and the print
look (square, into the bleed) leaves the table's rounded look alone."""

from __future__ import annotations

import attrs
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from smqt.engine import effects as fx
from smqt.language.translate import use
from smqt.render.backs import paint_back
from smqt.render.cardface import card_layout, paint_card, scoring_atoms
from smqt.render.layout import FACE_H, FACE_W
from smqt.render.printmarks import SAFE, layout_rects, version_mark_rect
from smqt.render.refcard import reference_layout
from smqt.render.symbols import TAG_LETTER_WIDTH, tag_letter_font, tag_letters
from smqt.render.tilefaces import objective_layout, sand_dollar_layout, tile_top_layout
from tests.support import base

pytestmark = pytest.mark.gui


def faces():
    catalog = base()
    yield from ((c.id, card_layout(c)) for c in catalog.cards.values())
    yield from ((t.id, card_layout(t)) for t in catalog.starting_tiles.values())
    yield from ((t.id, tile_top_layout(t)) for t in catalog.starting_tiles.values())
    yield from ((a.id, sand_dollar_layout(a)) for a in catalog.sand_dollar_actions.values())
    yield from ((o.id, objective_layout(o)) for o in catalog.objective_tiles.values())
    yield "reference", reference_layout(catalog.rules)


@pytest.mark.parametrize("mark", ["base 1.1.0", "boardwalk-swap 1.0.0"])
def test_the_version_mark_keeps_clear_inside_the_safe_area(qapp, mark):
    for ident, found in faces():
        rect, size = version_mark_rect(mark, layout_rects(found))
        assert rect.left() >= SAFE - 0.01 and rect.right() <= FACE_W - SAFE + 0.01, ident
        assert rect.bottom() <= FACE_H - SAFE + 0.01, ident
        assert size >= 6
        assert not any(rect.intersects(r) for r in layout_rects(found)), ident


def test_tiers_read_as_plain_arrows(qapp):
    rule = next(s for c in base().cards.values() for s in c.scoring
                if isinstance(s, fx.AdjacentTiers))
    atoms, points = scoring_atoms(rule)
    texts = [a.value for a in atoms if a.kind == "text"]
    assert points is None
    assert texts.count("→") == len(rule.tiers)
    assert not any(t.endswith(":") for t in texts)
    assert [a.value for a in atoms if a.kind == "badge"] == [str(p) for _, p in rule.tiers]


@pytest.mark.parametrize("side", [24.0, 32.2, 80.0])
def test_every_tag_letter_keeps_clear_of_its_outline(qapp, side):
    """In each language: its six letters differ and each fits its badge."""
    from smqt.language.translate import use

    try:
        for language in ("en", "de"):
            use(language)
            letters = tag_letters()
            assert len(set(letters.values())) == 6, letters
            for letter in letters.values():
                advance = QFontMetricsF(tag_letter_font(letter, side)).horizontalAdvance(letter)
                assert advance <= side * TAG_LETTER_WIDTH * 1.02, letter
    finally:
        use("en")
    use("de")
    try:
        assert tag_letters()["local"] == "E" and tag_letters()["business"] == "G"
    finally:
        use("en")


def test_the_reference_card_reads_at_print_size_and_follows_the_rules(qapp):
    rules = base().rules
    found = reference_layout(rules)
    assert found.smallest_text >= 14  # 14 of 300 units on a 63 mm card: 2.9 mm, 8 pt type
    words = " ".join(box.value for box in found.texts)
    assert f"{rules.cards_to_end} cards" in words
    shorter = reference_layout(attrs.evolve(rules, cards_to_end=11))
    assert "11 cards" in " ".join(box.value for box in shorter.texts)
    assert "Both:" in words, "R3.5: the food truck and the foodie in one column"


def test_the_german_reference_card_reads_nearly_at_print_size(qapp):
    """The German words are longer: the card keeps them at 13 units or more (it was 12)."""
    use("de")
    try:
        found = reference_layout(base().rules)
        assert found.smallest_text >= 13
        assert "Beide:" in " ".join(box.value for box in found.texts)
    finally:
        use("en")


def _corner(paint) -> QColor:
    image = QImage(150, 210, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, 150, 210))
    painter.end()
    return QColor.fromRgba(image.pixel(0, 0))


def test_the_print_look_is_square_and_the_table_look_stays_rounded(qapp):
    card = base().cards["outer_reef"]
    assert _corner(lambda p, r: paint_card(p, r, card)).alpha() == 0
    assert _corner(lambda p, r: paint_card(p, r, card, 0.0)).alpha() == 255
    assert _corner(lambda p, r: paint_back(p, r, "street")).alpha() == 255
    with pytest.raises(ValueError, match="no back design"):
        paint_back(QPainter(), QRectF(0, 0, 10, 14), "sky")
