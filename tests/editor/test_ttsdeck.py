"""Tabletop Simulator decks: sheets within the program's limits, every feature card once, the
hidden slot last, and a guide with each sheet's numbers."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from editor.export.printables import printables
from editor.export.ttsdeck import (
    FACES_PER_SHEET,
    GUIDE,
    MAX_COLUMNS,
    MAX_PX,
    MAX_ROWS,
    export_tts,
    sheet_plan,
)
from tests.support import BASE, base

pytestmark = pytest.mark.gui

RATIO = 88.2 / 63.0


@pytest.mark.parametrize("count", [1, 9, 39, 40, 68, 69])
def test_a_sheet_plan_keeps_to_the_limits_and_leaves_the_last_slot_free(count):
    plan = sheet_plan(count, RATIO)
    assert plan.columns <= MAX_COLUMNS and plan.rows <= MAX_ROWS
    assert plan.count == count < plan.columns * plan.rows
    assert max(plan.size) <= MAX_PX
    assert abs(plan.card[1] / plan.card[0] - RATIO) < 0.01


def test_a_sheet_holds_at_most_69_faces():
    assert sheet_plan(FACES_PER_SHEET, RATIO).columns * sheet_plan(69, RATIO).rows == 70
    with pytest.raises(ValueError):
        sheet_plan(70, RATIO)
    with pytest.raises(ValueError):
        sheet_plan(0, RATIO)


def test_the_base_pack_as_decks(qapp, tmp_path):
    catalog = base()
    decks = export_tts(printables(catalog), tmp_path, "base 1.1.0")
    assert [deck.name for deck in decks] == ["beach", "street"]
    counted = 0
    for deck in decks:
        rows = {card.row.value for card in catalog.cards.values()}
        assert deck.name in rows
        in_row = sum(card.row.value == deck.name for card in catalog.cards.values())
        assert sum(plan.count for _, plan in deck.sheets) == in_row
        back = QImage(str(deck.back))
        for path, plan in deck.sheets:
            image = QImage(str(path))
            assert (image.width(), image.height()) == plan.size
            assert image.width() <= MAX_PX and image.height() <= MAX_PX
            assert plan.columns <= MAX_COLUMNS and plan.rows <= MAX_ROWS
            assert (back.width(), back.height()) == plan.card
            # the hidden slot (the grid's last) shows the deck's back
            cw, ch = plan.card
            x0, y0 = (plan.columns - 1) * cw, (plan.rows - 1) * ch
            for fx, fy in ((0.5, 0.2), (0.5, 0.9), (0.1, 0.5)):
                a = QColor(image.pixel(x0 + int(cw * fx), y0 + int(ch * fy)))
                b = QColor(back.pixel(int(cw * fx), int(ch * fy)))
                assert abs(a.red() - b.red()) + abs(a.blue() - b.blue()) < 40
            counted += plan.count
    assert counted == len(catalog.cards) == 78
    guide = (tmp_path / GUIDE).read_text()
    assert "Objects > Components > Custom" in guide and "Deck" in guide
    for deck in decks:
        for path, plan in deck.sheets:
            assert f"{path.name}: Width {plan.columns}, Height {plan.rows}, " \
                   f"Number {plan.count}" in guide


def test_only_feature_cards_make_decks(qapp, tmp_path):
    with pytest.raises(ValueError, match="no feature cards"):
        export_tts(printables(base(), ["objective_tile"]), tmp_path)
    assert BASE.is_dir()
