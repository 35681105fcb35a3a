"""Where components go on a printed sheet: the grid each paper holds, bleeds that touch, crop
marks only in the margin and beyond the bleed, and backs mirrored for a long-edge flip."""

from __future__ import annotations

import pytest

from editor.export.printsheet import (
    EDGE_MM,
    MARK_GAP_MM,
    PAPERS_MM,
    Grid,
    Rect,
    Segment,
    mirrored,
    plan_grid,
)

CARD = (63.0, 88.2)
TILE = (63.0, 176.4)
EPS = 1e-6


def grids() -> list[Grid]:
    return [plan_grid(paper, size, bleed) for paper in PAPERS_MM for size in (CARD, TILE)
            for bleed in (0.0, 3.0, 5.0)]


@pytest.mark.parametrize(("paper", "bleed", "columns", "rows", "turned"), [
    ("A4", 0.0, 3, 3, False),      # no bleed: nine upright, as the plain sheets
    ("Letter", 0.0, 3, 3, False),
    ("A4", 3.0, 2, 4, True),       # 3 x 3 of 69 x 94.2 mm does not fit: 8 turned beat 6 upright
    ("Letter", 3.0, 2, 3, True),   # 6 turned beat 4 upright
])
def test_the_grid_is_computed_from_the_paper(paper, bleed, columns, rows, turned):
    grid = plan_grid(paper, CARD, bleed)
    assert (grid.columns, grid.rows, grid.turned) == (columns, rows, turned)


def test_without_turning_a4_with_bleed_holds_six():
    grid = plan_grid("A4", CARD, 3.0, turn=False)
    assert (grid.columns, grid.rows, grid.turned) == (2, 3, False)


def test_what_does_not_fit_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        plan_grid("A4", (200.0, 290.0), 3.0)
    with pytest.raises(ValueError, match="paper"):
        plan_grid("A3", CARD)
    with pytest.raises(ValueError, match="negative"):
        plan_grid("A4", CARD, -1.0)


@pytest.mark.parametrize("grid", grids(), ids=repr)
def test_slots_fit_the_paper_and_their_bleeds_touch(grid):
    width, height = grid.paper
    slots = [grid.slot(i) for i in range(grid.per_page)]
    trim_w, trim_h = (grid.size[1], grid.size[0]) if grid.turned else grid.size
    for slot in slots:
        assert slot.trim == slot.bleed.grown(-grid.bleed)
        assert abs(slot.trim.w - trim_w) < EPS and abs(slot.trim.h - trim_h) < EPS
        assert slot.bleed.x >= 0 and slot.bleed.right <= width
        assert slot.bleed.y >= 0 and slot.bleed.bottom <= height
    for slot in slots:  # the right neighbour's bleed starts where this one's ends
        if slot.column + 1 < grid.columns:
            right = grid.slot(slot.row * grid.columns + slot.column + 1)
            assert abs(right.bleed.x - slot.bleed.right) < EPS
            assert right.bleed.y == slot.bleed.y


def _crosses(mark: Segment, rect: Rect) -> bool:
    left, right = sorted((mark.x1, mark.x2))
    top, bottom = sorted((mark.y1, mark.y2))
    return left < rect.right and right > rect.x and top < rect.bottom and bottom > rect.y


@pytest.mark.parametrize("grid", grids(), ids=repr)
def test_crop_marks_stand_on_every_trim_line_outside_the_bleed(grid):
    slots = [grid.slot(i) for i in range(grid.per_page)]
    marks = grid.marks()
    block = grid.block
    width, height = grid.paper
    for mark in marks:
        assert not any(_crosses(mark, slot.bleed.grown(MARK_GAP_MM - EPS)) for slot in slots)
        assert not _crosses(mark, block.grown(MARK_GAP_MM - EPS))
        for x in (mark.x1, mark.x2):
            assert EDGE_MM - EPS <= x <= width - EDGE_MM + EPS
        for y in (mark.y1, mark.y2):
            assert EDGE_MM - EPS <= y <= height - EDGE_MM + EPS
    vertical = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
    horizontal = {round(m.y1, 6) for m in marks if m.y1 == m.y2}
    assert vertical == {round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)}
    assert horizontal == {round(v, 6) for s in slots for v in (s.trim.y, s.trim.bottom)}


def test_a_part_page_marks_only_its_rows():
    grid = plan_grid("A4", CARD, 0.0)
    marks = grid.marks(2)
    rows_used = {round(grid.slot(0).trim.y, 6), round(grid.slot(0).trim.bottom, 6)}
    assert {round(m.y1, 6) for m in marks if m.y1 == m.y2} == rows_used


@pytest.mark.parametrize("grid", grids(), ids=repr)
def test_backs_are_mirrored_for_a_long_edge_flip(grid):
    width = grid.paper[0]
    for index in range(grid.per_page):
        front, back = grid.slot(index), grid.back_slot(index)
        assert abs(front.trim.x + back.trim.x + front.trim.w - width) < EPS
        assert abs(front.bleed.x + back.bleed.x + front.bleed.w - width) < EPS
        assert (back.trim.y, back.trim.w, back.trim.h) == (front.trim.y, front.trim.w,
                                                           front.trim.h)
        assert (back.row, back.column) == (front.row, grid.columns - 1 - front.column)
        assert back.rotation == -front.rotation
        # the back slot is exactly where the mirrored column's front slot is
        twin = grid.slot(front.row * grid.columns + grid.columns - 1 - front.column)
        assert abs(twin.trim.x - back.trim.x) < EPS


def test_mirroring_twice_gives_the_slot_back():
    grid = plan_grid("Letter", CARD, 3.0)
    slot = grid.slot(1)
    assert mirrored(mirrored(slot, grid.paper[0], grid.columns), grid.paper[0],
                    grid.columns) == slot


def test_the_footer_sits_below_the_marks_when_there_is_room():
    grid = plan_grid("A4", CARD, 3.0)
    footer = grid.footer()
    assert footer is not None
    lowest = max(max(m.y1, m.y2) for m in grid.marks())
    assert footer.y >= lowest and footer.bottom <= grid.paper[1] - EDGE_MM + EPS
    assert plan_grid("Letter", CARD, 0.0).footer() is None  # 7.4 mm: room for marks only
