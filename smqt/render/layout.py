"""The type scale of every face, and the layout that keeps to it.

A face's rules are written as lines of *atoms* (a few words, a tag, a person, a sand dollar, a
ring pictogram, a points badge). The layout measures them with the fonts it will draw with and
places them as *boxes* on the 300 x 420 face; painting then draws exactly those boxes. So the
tests read the layout (every text's size, every box's place) instead of guessing from pixels,
and what they check is what the player sees.

A face first tries its rules at ``RULES_TEXT`` on one line per entry, then shrinks everything
evenly (text, icons, badges and gaps together) down to ``MIN_TEXT``, then lets long entries
wrap, and only a face with more rules than any card of the base pack goes below ``MIN_TEXT``
(its layout says so: ``readable`` is false, for the editor to warn about). See docs/design.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from smqt.render.symbols import (
    INK,
    draw_badge,
    draw_footprint,
    draw_person,
    draw_ring,
    draw_sand_dollar,
    draw_tag,
)

FACE_W, FACE_H = 300.0, 420.0
"""The logical size every face is designed at; the painter scales it to the target."""
TABLE_CARD_PX = 140.0
"""How wide the table draws a display card on a 1920 x 1080 screen."""
MIN_SCREEN_PX = 11.0
"""The smallest rules text on screen at ``TABLE_CARD_PX``."""
MIN_TEXT = 24
"""The smallest rules text in face units: 24 x 140 / 300 = 11.2 px at table size."""
RULES_TEXT = 28
"""Rules text when the face has room."""
NAME_TEXT = 28
"""A card's or tile's name when it fits on one line."""
FLAVOUR_TEXT = 18
"""Flavour text (italic): drawn only where it is at least ``FLAVOUR_MIN_PX`` on screen."""
FLAVOUR_MIN_PX = 9.0
SMALLEST = 10
"""The floor for a face too full to read: smaller than this, nothing is drawn smaller."""

# Icons and gaps are measured in ems of the rules text, so they shrink with it.
TAG_EM = 1.15
PERSON_EM = 1.05
SAND_DOLLAR_EM = 1.05
RING_ICON_EM = (1.4, 0.8)
FOOTPRINT_EM = (0.9, 1.05)
BADGE_EM = 1.3
GAP_EM = 0.28
LINE_GAP_EM = 0.14

TEXT_ROLES = frozenset({"name", "text", "badge", "flavour"})
"""Boxes that hold words or numbers (a badge holds its number)."""


# --------------------------------------------------------------------------- atoms


@dataclass(frozen=True)
class Atom:
    """One piece of a line: ``kind`` is text, tag, person, sand_dollar, ring, no_ring, badge
    or footprint; ``value`` the words, the tag, the person or the points."""

    kind: str
    value: str = ""
    bold: bool = False
    colour: str = INK.name()
    tight: bool = False
    """Set close to the atom before it ("+" and its icon)."""


BREAK = Atom("break")
"""Ends a line: what follows starts the next one."""


def words(text: str, bold: bool = False, colour: str = INK.name()) -> Atom:
    return Atom("text", text, bold, colour)


def tag(value: object) -> Atom:
    return Atom("tag", str(value))


def person(value: object) -> Atom:
    return Atom("person", str(value))


def sand_dollar() -> Atom:
    return Atom("sand_dollar")


def ring_icon(crossed: bool = False) -> Atom:
    return Atom("no_ring" if crossed else "ring")


def badge(points: int | str) -> Atom:
    return Atom("badge", str(points))


def footprint() -> Atom:
    return Atom("footprint")


# --------------------------------------------------------------------------- boxes


@dataclass(frozen=True, eq=False)
class Box:
    """Something drawn on a face, where it is drawn. ``size`` is the pixel size (in face
    units) of the font of a text, a name, a flavour text or a badge's number."""

    role: str
    rect: QRectF
    value: str = ""
    size: float = 0.0
    bold: bool = False
    colour: str = INK.name()
    italic: bool = False

    @property
    def is_text(self) -> bool:
        return self.role in TEXT_ROLES

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.role, self.rect.translated(dx, dy), self.value, self.size, self.bold,
                   self.colour, self.italic)


@dataclass(frozen=True, eq=False)
class Panel:
    """A background under boxes: the placement panel, a ring's capsule, a divider."""

    role: str
    rect: QRectF

    def moved(self, dx: float, dy: float) -> Panel:
        return Panel(self.role, self.rect.translated(dx, dy))


@dataclass(frozen=True, eq=False)
class FaceLayout:
    """Where everything of one face goes. ``bounds``: the area every box keeps inside (the
    card less its margins and its printed bands); ``size``: the rules text size chosen."""

    boxes: tuple[Box, ...]
    panels: tuple[Panel, ...]
    bounds: QRectF
    size: int
    rings: tuple[QRectF, ...] = ()
    """Each ring's line (capsule and badge), top to bottom."""

    @property
    def texts(self) -> list[Box]:
        return [box for box in self.boxes if box.is_text]

    @property
    def smallest_text(self) -> float:
        """The smallest rules text: names, rules and badges (never flavour)."""
        sizes = [box.size for box in self.texts if box.role != "flavour"]
        return min(sizes) if sizes else float(RULES_TEXT)

    @property
    def readable(self) -> bool:
        """Every rules text at least ``MIN_TEXT``."""
        return self.smallest_text >= MIN_TEXT


# --------------------------------------------------------------------------- measuring


def font(size: float, bold: bool = False, italic: bool = False) -> QFont:
    """The faces' font at ``size`` face units; unhinted, so it measures the same at every
    scale it is drawn at."""
    f = QFont("Sans Serif")  # not translated: a font family
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


@lru_cache(maxsize=8192)
def advance(text: str, size: float, bold: bool = False) -> float:
    return QFontMetricsF(font(size, bold)).horizontalAdvance(text)


@lru_cache(maxsize=256)
def line_height(size: float, bold: bool = False) -> float:
    return QFontMetricsF(font(size, bold)).height()


def badge_size(text: str, size: float) -> tuple[float, float]:
    """A badge is a disc ``BADGE_EM`` high, widened to a capsule for a wide number."""
    h = BADGE_EM * size
    return max(h, advance(text, size, True) + 0.5 * size), h


def atom_size(atom: Atom, size: float) -> tuple[float, float]:
    if atom.kind == "text":
        return advance(atom.value, size, atom.bold), line_height(size, atom.bold)
    if atom.kind == "tag":
        return TAG_EM * size, TAG_EM * size
    if atom.kind == "person":
        return PERSON_EM * size, PERSON_EM * size
    if atom.kind == "sand_dollar":
        return SAND_DOLLAR_EM * size, SAND_DOLLAR_EM * size
    if atom.kind in ("ring", "no_ring"):
        return RING_ICON_EM[0] * size, RING_ICON_EM[1] * size
    if atom.kind == "badge":
        return badge_size(atom.value, size)
    if atom.kind == "footprint":
        return FOOTPRINT_EM[0] * size, FOOTPRINT_EM[1] * size
    raise ValueError(f"no atom kind {atom.kind!r}")  # not translated: for developers


def atom_box(atom: Atom, rect: QRectF, size: float) -> Box:
    role = atom.kind
    if role == "text":
        return Box("text", rect, atom.value, size, atom.bold, atom.colour)
    if role == "badge":
        return Box("badge", rect, atom.value, size, True)
    return Box(role, rect, atom.value)


# --------------------------------------------------------------------------- lines and blocks


@dataclass
class Block:
    """Boxes placed from (0, 0); ``first`` is the height of the first line."""

    boxes: list[Box] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0
    first: float = 0.0

    def placed(self, x: float, y: float) -> tuple[list[Box], list[Panel]]:
        return ([b.moved(x, y) for b in self.boxes], [p.moved(x, y) for p in self.panels])


def _split(atoms: Iterable[Atom]) -> list[Atom]:
    """Text atoms broken into words, so that a line may wrap between them."""
    out: list[Atom] = []
    for atom in atoms:
        if atom.kind == "text" and " " in atom.value.strip():
            out.extend(Atom("text", w, atom.bold, atom.colour, atom.tight and i == 0)
                       for i, w in enumerate(atom.value.split()))
        else:
            out.append(atom)
    return out


def _gap(atom: Atom, size: float) -> float:
    return (0.06 if atom.tight else GAP_EM) * size


def _width(line: Sequence[Atom], size: float) -> float:
    return (sum(atom_size(a, size)[0] for a in line)
            + sum(_gap(a, size) for a in line[1:]))


def _lines(atoms: Sequence[Atom], size: float, width: float, wrap: bool
           ) -> list[list[Atom]] | None:
    """Lines of atoms no wider than ``width``: broken only at ``BREAK`` (and, if ``wrap``,
    between words and icons); None if they cannot fit."""
    segments: list[list[Atom]] = [[]]
    for atom in atoms:
        if atom.kind == "break":
            segments.append([])
        else:
            segments[-1].append(atom)
    lines: list[list[Atom]] = []
    for segment in segments:
        if not wrap:
            if _width(segment, size) > width + 0.01:
                return None
            lines.append(segment)
            continue
        lines.append([])
        used = 0.0
        for atom in _split(segment):
            w = atom_size(atom, size)[0]
            if w > width + 0.01:
                return None
            gap = _gap(atom, size)
            if lines[-1] and used + gap + w > width + 0.01:
                lines.append([])
                used = 0.0
            used += (gap if lines[-1] else 0.0) + w
            lines[-1].append(atom)
    return [line for line in lines if line] or [[]]


def flow(atoms: Sequence[Atom], size: float, width: float, wrap: bool = False,
         centre: bool = False) -> Block | None:
    """``atoms`` as lines no wider than ``width`` (one line unless ``wrap``), each line's
    atoms centred on the line's middle; None when they do not fit."""
    lines = _lines(atoms, size, width, wrap)
    if lines is None:
        return None
    block = Block()
    y = 0.0
    for n, line in enumerate(lines):
        sizes = [atom_size(a, size) for a in line]
        h = max((s[1] for s in sizes), default=line_height(size))
        total = _width(line, size)
        x = (width - total) / 2 if centre else 0.0
        for i, (atom, (w, ah)) in enumerate(zip(line, sizes, strict=True)):
            if i:
                x += _gap(atom, size)
            block.boxes.append(atom_box(atom, QRectF(x, y + (h - ah) / 2, w, ah), size))
            x += w
        block.width = max(block.width, x)
        if n == 0:
            block.first = h
        y += h + (LINE_GAP_EM * size if n < len(lines) - 1 else 0.0)
    block.height = y
    return block


def entry(atoms: Sequence[Atom], points: Atom | None, size: float, width: float,
          wrap: bool = False) -> Block | None:
    """A scoring line: the condition on the left, its points badge right-aligned beside the
    first line (never over the words)."""
    if points is None:
        return flow(atoms, size, width, wrap)
    bw, bh = atom_size(points, size)
    gap = GAP_EM * size
    condition = flow(atoms, size, width - bw - gap, wrap)
    if condition is None:
        return None
    shift = max(0.0, (bh - condition.first) / 2)
    first = max(bh, condition.first)
    block = Block(width=width)
    block.boxes = [b.moved(0, shift) for b in condition.boxes]
    block.boxes.append(atom_box(points, QRectF(width - bw, (first - bh) / 2, bw, bh), size))
    block.first = first
    block.height = max(condition.height + shift, bh)
    return block


def item(points: Atom, atoms: Sequence[Atom], size: float, width: float, wrap: bool = True
         ) -> Block | None:
    """A scoring item with its points first: the badge on the left, the words beside it
    (wrapped lines keep clear of the badge)."""
    bw, bh = atom_size(points, size)
    indent = bw + GAP_EM * size
    words_block = flow(atoms, size, width - indent, wrap)
    if words_block is None:
        return None
    first = max(bh, words_block.first)
    block = Block(width=width)
    block.boxes = [b.moved(indent, (first - words_block.first) / 2) for b in words_block.boxes]
    block.boxes.append(atom_box(points, QRectF(0, (first - bh) / 2, bw, bh), size))
    block.first = first
    block.height = max(first, words_block.height + (first - words_block.first) / 2)
    block.width = indent + words_block.width
    return block


SOFT_HYPHEN = "\u00ad"
"Where a long word may break (``Beach\u00advolley\u00adball\u00adfelder``), showing a hyphen there."


def _word_pieces(word: str) -> list[str]:
    """A word in the pieces a line may end after: after a hyphen, at a soft hyphen (kept at
    the piece's end)."""
    pieces = [""]
    for char in word:
        pieces[-1] += char
        if char in ("-", SOFT_HYPHEN) and len(pieces[-1]) > 1:
            pieces.append("")
    return [piece for piece in pieces if piece]


def text_block(text: str, size: float, width: float, bold: bool = False, italic: bool = False,
               colour: str = INK.name(), role: str = "text", lines: int = 1,
               centre: bool = False) -> Block | None:
    """Words wrapped into at most ``lines`` lines, one box per line; None if they need more
    lines or a word is wider than ``width``."""
    f = font(size, bold, italic)
    metrics = QFontMetricsF(f)
    rows: list[str] = []
    for word in text.split():
        pieces = _word_pieces(word)
        for index, piece in enumerate(pieces):
            shown = piece.replace(SOFT_HYPHEN, "")
            # a piece may end a line with its hyphen (a soft one shows as "-" there)
            broken = piece[:-1] + "-" if piece.endswith(SOFT_HYPHEN) else shown
            if metrics.horizontalAdvance(broken) > width + 0.01:
                return None
            joined = (rows[-1] + ("" if index else " ") + shown) if rows else shown
            if rows and metrics.horizontalAdvance(joined) <= width + 0.01:
                rows[-1] = joined
            else:
                if index and rows and pieces[index - 1].endswith(SOFT_HYPHEN):
                    rows[-1] += "-"  # the word is broken at its soft hyphen
                rows.append(shown)
    if len(rows) > lines:
        return None
    block = Block()
    h = metrics.height()
    for i, row in enumerate(rows):
        w = metrics.horizontalAdvance(row)
        x = (width - w) / 2 if centre else 0.0
        block.boxes.append(Box(role, QRectF(x, i * h, w, h), row, size, bold, colour, italic))
        block.width = max(block.width, w)
    block.first = h
    block.height = h * len(rows)
    return block


def name_block(name: str, width: float, colour: str = INK.name(), centre: bool = False
               ) -> Block:
    """A name: one line from ``NAME_TEXT`` down to ``MIN_TEXT``, else two lines (at most 26),
    else three at ``MIN_TEXT``; only a name longer than any the content allows goes smaller."""
    tries = [(s, 1) for s in range(NAME_TEXT, MIN_TEXT - 1, -1)]
    tries += [(s, 2) for s in range(26, MIN_TEXT - 1, -1)] + [(MIN_TEXT, 3)]
    tries += [(s, 3) for s in range(MIN_TEXT - 1, SMALLEST - 1, -1)]
    for size, lines in tries:
        block = text_block(name, size, width, True, colour=colour, role="name", lines=lines,
                           centre=centre)
        if block is not None:
            return block
    # a single word wider than the card: cut, never drawn beyond the edge
    metrics = QFontMetricsF(font(SMALLEST, True))
    cut = metrics.elidedText(name, Qt.TextElideMode.ElideRight, width)
    block = Block(width=width, height=metrics.height(), first=metrics.height())
    block.boxes = [Box("name", QRectF(0, 0, metrics.horizontalAdvance(cut), metrics.height()),
                       cut, SMALLEST, True, colour)]
    return block


class Column:
    """Blocks stacked downwards from ``top`` between ``left`` and ``left + width``."""

    def __init__(self, left: float, top: float, width: float) -> None:
        self.left, self.y, self.width = left, top, width
        self.boxes: list[Box] = []
        self.panels: list[Panel] = []

    def add(self, block: Block, gap: float = 0.0, dx: float = 0.0) -> QRectF:
        boxes, panels = block.placed(self.left + dx, self.y)
        self.boxes += boxes
        self.panels += panels
        rect = QRectF(self.left + dx, self.y, block.width, block.height)
        self.y += block.height + gap
        return rect


def candidates(nominal: int = RULES_TEXT) -> list[tuple[int, bool]]:
    """(size, wrap) in the order a face tries them: one line per entry shrinking to the
    minimum, then wrapping, then (a face too full to read) smaller still."""
    readable = range(nominal, MIN_TEXT - 1, -1)
    return ([(s, False) for s in readable] + [(s, True) for s in readable]
            + [(s, True) for s in range(MIN_TEXT - 1, SMALLEST - 1, -1)])


def px_per_unit(painter: QPainter) -> float:
    """Logical screen pixels per face unit under the painter's current transform (a high-DPI
    device's extra pixels are not counted: 11 px means 11 px at 100% scale)."""
    t = painter.combinedTransform()
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    return math.hypot(t.m11(), t.m12()) / (ratio or 1.0)


# --------------------------------------------------------------------------- painting


def paint_panels(painter: QPainter, panels: Iterable[Panel]) -> None:
    for panel in panels:
        rect = panel.rect
        painter.save()
        if panel.role == "placement":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 150))
            painter.drawRoundedRect(rect, 10, 10)
        elif panel.role == "ring":
            r = rect.height() / 2
            painter.setPen(QPen(INK, max(1.0, rect.height() * 0.07)))
            painter.setBrush(QColor(255, 255, 255, 220))
            painter.drawRoundedRect(rect, r, r)
        elif panel.role == "divider":
            painter.setPen(QPen(QColor(0, 0, 0, 60), 1.5))
            painter.drawLine(QPointF(rect.left(), rect.center().y()),
                             QPointF(rect.right(), rect.center().y()))
        painter.restore()


def paint_boxes(painter: QPainter, boxes: Iterable[Box]) -> None:
    for box in boxes:
        rect = box.rect
        if box.role in ("text", "name"):
            painter.setFont(font(box.size, box.bold, box.italic))
            painter.setPen(QColor(box.colour))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                                       | Qt.TextFlag.TextDontClip), box.value)
        elif box.role == "flavour":
            painter.setFont(font(box.size, False, True))
            painter.setPen(QColor(box.colour))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                                       | Qt.TextFlag.TextWordWrap), box.value)
        elif box.role == "badge":
            draw_badge(painter, rect, box.value, box.size, box.value.startswith("-"))
        elif box.role == "tag":
            draw_tag(painter, box.value, rect)
        elif box.role == "person":
            draw_person(painter, box.value, rect)
        elif box.role == "sand_dollar":
            draw_sand_dollar(painter, rect)
        elif box.role in ("ring", "no_ring"):
            draw_ring(painter, rect, crossed=box.role == "no_ring")
        elif box.role == "footprint":
            draw_footprint(painter, rect)


def paint_layout(painter: QPainter, layout: FaceLayout) -> None:
    paint_panels(painter, layout.panels)
    paint_boxes(painter, layout.boxes)


def begin(painter: QPainter, target: QRectF) -> None:
    """Save the painter and map the 300 x 420 face onto ``target``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.translate(target.topLeft())
    painter.scale(target.width() / FACE_W, target.height() / FACE_H)
