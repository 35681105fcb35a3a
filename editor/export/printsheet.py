"""Where components go on a printed sheet: the grid a paper holds, each slot's trim and bleed
rectangles, the mirrored slots of the back page (duplex, flipped on the long edge) and the
crop marks. Plain geometry in millimetres, no Qt, so tests check it exactly.

A slot's bleed rectangles touch their neighbours' (no gutter unless asked for): every card
has its own two cuts. Crop marks stand in the margin only, on the line of each trim edge,
starting ``MARK_GAP_MM`` beyond the bleed so they never touch art, and ending ``EDGE_MM``
short of the paper's edge (what most printers cannot reach). A grid is only chosen if that
room is there; cards are turned a quarter when that puts more on a page (with 3 mm of bleed
an A4 page holds 8 turned cards but only 6 upright ones; 3 x 3 upright needs no bleed).
"""

from __future__ import annotations

from dataclasses import dataclass

from smqt.language.translate import _

PAPERS_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}  # not translated: paper names
"Portrait paper sizes (width, height)."
MARK_GAP_MM = 1.0
"A crop mark starts this far beyond the bleed."
MARK_MIN_MM, MARK_MAX_MM = 3.0, 5.0
"How long a crop mark is: as long as the margin allows, within these."
EDGE_MM = 3.0
"Kept clear along the paper's edge."
FOOTER_MM = 3.0
"The page's footer line, below the bottom marks where there is room."


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grown(self, by: float) -> Rect:
        return Rect(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)


@dataclass(frozen=True)
class Slot:
    """One component's place on a page: ``trim`` is where it is cut (as it lies on the page,
    so a turned card's is wider than tall) and ``rotation`` how far it is turned clockwise
    (0, 90 or -90 degrees)."""

    row: int
    column: int
    trim: Rect
    bleed: Rect
    rotation: int = 0


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """``columns`` x ``rows`` slots for components of ``size`` (width, height; trim) with
    ``bleed`` around each, ``gutter`` between bleeds, centred on ``paper``."""

    paper: tuple[float, float]
    size: tuple[float, float]
    bleed: float
    columns: int
    rows: int
    turned: bool = False
    gutter: float = 0.0

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """A slot's bleed rectangle as it lies on the page."""
        w, h = self.size
        if self.turned:
            w, h = h, w
        return w + 2 * self.bleed, h + 2 * self.bleed

    @property
    def block(self) -> Rect:
        """Every slot's bleed together."""
        cw, ch = self.cell
        w = self.columns * cw + (self.columns - 1) * self.gutter
        h = self.rows * ch + (self.rows - 1) * self.gutter
        return Rect((self.paper[0] - w) / 2, (self.paper[1] - h) / 2, w, h)

    def slot(self, index: int) -> Slot:
        """The front page's slot ``index`` (left to right, top to bottom)."""
        if not 0 <= index < self.per_page:
            raise IndexError(f"slot {index} of a {self.columns} x {self.rows} grid")  # not translated: a bug
        row, column = divmod(index, self.columns)
        cw, ch = self.cell
        block = self.block
        bleed = Rect(block.x + column * (cw + self.gutter), block.y + row * (ch + self.gutter),
                     cw, ch)
        return Slot(row, column, bleed.grown(-self.bleed), bleed, 90 if self.turned else 0)

    def back_slot(self, index: int) -> Slot:
        """Where the back of slot ``index`` goes on the back page: see ``mirrored``."""
        return mirrored(self.slot(index), self.paper[0], self.columns)

    def margins(self) -> tuple[float, float]:
        """The room beside the block (left and right) and above and below it."""
        block = self.block
        return block.x, block.y

    def mark_length(self, room: float) -> float:
        return max(MARK_MIN_MM, min(MARK_MAX_MM, room - MARK_GAP_MM - EDGE_MM))

    def marks(self, used: int | None = None) -> list[Segment]:
        """Crop marks for the first ``used`` slots (all by default): above and below the
        block on every vertical trim line, left and right of it on every horizontal one."""
        used = self.per_page if used is None else used
        if used <= 0:
            return []
        slots = [self.slot(i) for i in range(used)]
        top = min(s.bleed.y for s in slots)
        bottom = max(s.bleed.bottom for s in slots)
        left = min(s.bleed.x for s in slots)
        right = max(s.bleed.right for s in slots)
        room_x, room_y = left, self.paper[1] - bottom
        long_v = self.mark_length(min(top, room_y - self.footer_room()))
        long_h = self.mark_length(min(room_x, self.paper[0] - right))
        xs = sorted({round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)})
        ys = sorted({round(v, 6) for s in slots for v in (s.trim.y, s.trim.bottom)})
        out = []
        for x in xs:
            out.append(Segment(x, top - MARK_GAP_MM - long_v, x, top - MARK_GAP_MM))
            out.append(Segment(x, bottom + MARK_GAP_MM, x, bottom + MARK_GAP_MM + long_v))
        for y in ys:
            out.append(Segment(left - MARK_GAP_MM - long_h, y, left - MARK_GAP_MM, y))
            out.append(Segment(right + MARK_GAP_MM, y, right + MARK_GAP_MM + long_h, y))
        return out

    def footer_room(self) -> float:
        """FOOTER_MM when the bottom margin holds marks and a footer line, else 0."""
        room = self.block.y
        needed = MARK_GAP_MM + MARK_MIN_MM + FOOTER_MM + EDGE_MM
        return FOOTER_MM if room >= needed else 0.0

    def footer(self) -> Rect | None:
        """Where the page's footer line goes (below the bottom marks), or None."""
        if not self.footer_room():
            return None
        return Rect(0, self.paper[1] - EDGE_MM - FOOTER_MM, self.paper[0], FOOTER_MM)


def mirrored(slot: Slot, page_width: float, columns: int) -> Slot:
    """The slot behind ``slot`` when the sheet is flipped on its long edge (portrait paper):
    column c goes to column ``columns - 1 - c`` in the same row, the rectangles mirror about
    the page's vertical centre line, and a turned card turns the other way (so its back
    stands the same way up as its front once the card is turned over)."""
    def flip(r: Rect) -> Rect:
        return Rect(page_width - r.x - r.w, r.y, r.w, r.h)

    return Slot(slot.row, columns - 1 - slot.column, flip(slot.trim), flip(slot.bleed),
                -slot.rotation)


def _fits(count: int, cell: float, gutter: float, paper: float) -> bool:
    needed = count * cell + (count - 1) * gutter + 2 * (MARK_GAP_MM + MARK_MIN_MM + EDGE_MM)
    return needed <= paper + 1e-9


def _most(cell: float, gutter: float, paper: float) -> int:
    n = 0
    while _fits(n + 1, cell, gutter, paper):
        n += 1
    return n


def plan_grid(paper: str | tuple[float, float], size: tuple[float, float], bleed: float = 3.0,
              gutter: float = 0.0, turn: bool = True) -> Grid:
    """The grid holding the most components of ``size`` on ``paper`` (a name of
    ``PAPERS_MM`` or a portrait (width, height)), upright or, when ``turn`` and it holds
    more, turned a quarter. ValueError when not one fits with room for the crop marks."""
    if isinstance(paper, str):
        if paper not in PAPERS_MM:
            raise ValueError(_("paper must be one of {papers}, not {paper}").format(
                papers=", ".join(PAPERS_MM), paper=repr(paper)))
        paper_mm = PAPERS_MM[paper]
    else:
        paper_mm = paper
    if bleed < 0 or gutter < 0:
        raise ValueError(_("bleed and gutter cannot be negative"))
    best: Grid | None = None
    for turned in ((False, True) if turn else (False,)):
        grid = Grid(paper_mm, size, bleed, 1, 1, turned, gutter)
        cw, ch = grid.cell
        columns, rows = _most(cw, gutter, paper_mm[0]), _most(ch, gutter, paper_mm[1])
        if columns and rows and (best is None or columns * rows > best.per_page):
            best = Grid(paper_mm, size, bleed, columns, rows, turned, gutter)
    if best is None:
        raise ValueError(_("a {width:g} x {height:g} mm component with {bleed:g} mm bleed does not "
                           "fit on {paper_width:g} x {paper_height:g} mm paper").format(
            width=size[0], height=size[1], bleed=bleed, paper_width=paper_mm[0],
            paper_height=paper_mm[1]))
    return best
