"""Card faces drawn from data with QPainter: vector only, so crisp at any zoom and on high-DPI
screens. Beach cards show the ocean band on top with the name in it, street cards the
boardwalk below; then the location tags, the placement actions in a light panel (one line
each), the scoring entries (one line each, points in a badge on the right) and the rings at
the bottom. Every rule is a few words, icons and numbers, sized by ``smqt.render.layout`` so
that it reads at table size (docs/design.md). The table and the editor both draw cards
through ``paint_card``; ``card_layout`` says where everything goes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from smqt.engine import effects as fx
from smqt.engine.content import FeatureCard, StartingTile
from smqt.language.translate import _, current, ngettext
from smqt.render import layout as lay
from smqt.render.layout import Atom, Block, Column, FaceLayout, Panel, badge, person, tag, words
from smqt.render.symbols import INK, PENALTY

CARD_W, CARD_H = lay.FACE_W, lay.FACE_H
"""The logical size every face is drawn at; the painter scales it to the target."""
OCEAN = QColor("#2f7fb5")
OCEAN_DEEP = QColor("#1f5f8f")
SAND = QColor("#f4e4bc")
STREET = QColor("#ece6dc")
WOOD = QColor("#a87b4f")
WOOD_SEAM = QColor("#7c5633")
KERB = QColor("#5b5b5b")
FLAVOUR_INK = QColor("#5a4a32")

MARGIN = 14.0
"""Space between the card's edge and anything on it."""
BOARDWALK = 48.0
"""The street card's boardwalk band at the bottom (with a 4-unit kerb above it)."""
WAVES = 24.0
"""The wave crests under the name, at the foot of a beach card's ocean band."""
TAG_ROW = 1.2
"""The card's own tags are drawn this much larger than tags in its rules."""
RING_MARK_X = 240.0
"""Ring lines end left of this: the table draws whether a ring is full at its right."""


# --------------------------------------------------------------------------- rules as atoms


def _count(n: int) -> Atom:
    return words(str(n), bold=True)


def _steps(n: int) -> str:
    # Translators: how far people move, on a card face: "move 2 [person] 1 step"
    return ngettext("{n} step", "{n} steps", n).format(n=n)


def _gain_sand_dollars(action: fx.GainSandDollars) -> list[Atom]:
    return [words(f"+{action.count}", bold=True), lay.sand_dollar()]


def _add_people(action: fx.AddPeople) -> list[Atom]:
    return [words(f"+{action.count}", bold=True), person(action.people)]


def _move(action: fx.Move) -> list[Atom]:
    # Translators: a card face's placement line: "move 2 [person] 1 step"
    return [words(_("move")), _count(action.count), person(action.people),
            words(_steps(action.distance))]


def _move_here(action: fx.MoveHere) -> list[Atom]:
    # Translators: a card face's placement line: "jump 2 [person] here"
    return [words(_("jump")), _count(action.count), person(action.people), words(_("here"))]


def _return_people(action: fx.ReturnPeople) -> list[Atom]:
    # Translators: a card face's placement line: "return 2 [person]" (to the supply)
    return [words(_("return")), _count(action.count), person(action.people)]


PLACEMENT_ATOMS: Mapping[type, Callable[[Any], list[Atom]]] = {
    fx.GainSandDollars: _gain_sand_dollars,
    fx.AddPeople: _add_people,
    fx.Move: _move,
    fx.MoveHere: _move_here,
    fx.ReturnPeople: _return_people,
}
"""A placement action as one line: "+2 [tourist]", "move 2 [any] 1 step"."""


def _tiers(tiers: tuple[tuple[int, int], ...]) -> list[Atom]:
    """Points by how many: "1 → (2) · 2+ → (4)" (an arrow to each tier's badge)."""
    out: list[Atom] = []
    for i, (copies, points) in enumerate(tiers):
        if i == len(tiers) - 1:
            label = f"{copies}+"
        elif tiers[i + 1][0] == copies + 1:
            label = str(copies)
        else:
            label = f"{copies}-{tiers[i + 1][0] - 1}"
        if i:
            out.append(words("·"))
        out += [words(label, bold=True), words("→"), badge(points)]
    return out


def _gives(symbol: fx.Symbol) -> Atom:
    if symbol is fx.Symbol.SAND_DOLLAR:
        return Atom("sand_dollar", tight=True)
    return Atom("person", "any" if symbol is fx.Symbol.PEOPLE else symbol.value, tight=True)


def _per(n: int) -> list[Atom]:
    return [words(_("per")), _count(n)] if n > 1 else [words(_("per"))]


def _at_least(n: int) -> Atom:
    return words(f"{n}+", bold=True)


Scoring = tuple[list[Atom], Atom | None]

SCORING_ATOMS: Mapping[type, Callable[[Any], Scoring]] = {
    # Translators: words between the icons of a card face's scoring line: "next to [W]"
    fx.Adjacent: lambda e: ([words(_("next to")), tag(e.tag)], badge(e.points)),
    fx.AdjacentCount: lambda e: ([words(_("next to")), _at_least(e.at_least), tag(e.tag)],
                                 badge(e.points)),
    fx.AdjacentTiers: lambda e: ([words(_("next to")), tag(e.tag), lay.BREAK, *_tiers(e.tiers)],
                                 None),
    fx.AdjacentAll: lambda e: ([words(_("next to")), *(tag(t) for t in e.tags)], badge(e.points)),
    fx.AdjacentRing: lambda e: ([words(_("next to")), lay.ring_icon()], badge(e.points)),
    fx.NotAdjacentRing: lambda e: ([words(_("no")), lay.ring_icon(), words(_("next to"))],
                                   badge(e.points)),
    fx.AdjacentGives: lambda e: ([words(_("next to")), words("+", bold=True), _gives(e.symbol)],
                                 badge(e.points)),
    fx.PerTagInCity: lambda e: ([*_per(e.per), tag(e.tag), words(_("in city"))], badge(e.points)),
    fx.Chain: lambda e: (([words(_("per")), tag(e.tag), words(_("in chain"))]
                          + ([lay.BREAK, words(_("of")), _at_least(e.at_least)]
                             if e.at_least > 1 else []))
                         if e.per_tag else
                         [words(_("chain of")), _at_least(e.at_least), tag(e.tag)],
                         badge(e.points)),
    fx.SandDollarsHeld: lambda e: ([*_per(e.per), lay.sand_dollar(), words(_("at end"))],
                                   badge(e.points)),
}
"""A scoring entry as one line and its points: "next to [W]" (2). Penalties show as red
badges; tiers show a badge per tier instead of one on the right."""


def placement_atoms(action: fx.PlacementAction) -> list[Atom]:
    try:
        return PLACEMENT_ATOMS[type(action)](action)
    except KeyError:
        name = type(action).__name__
        raise TypeError(f"no symbols for placement action {name}: add them "  # not translated: dev
                        "to smqt/render/cardface.py") from None


def scoring_atoms(entry: fx.ScoringEntry) -> Scoring:
    try:
        return SCORING_ATOMS[type(entry)](entry)
    except KeyError:
        name = type(entry).__name__
        raise TypeError(f"no symbols for scoring entry {name}: add them to "  # not translated: dev
                        "smqt/render/cardface.py") from None


def ring_atoms(ring: fx.RingEntry) -> list[Atom]:
    """The people a ring holds ("any number": a figure and 1+)."""
    if isinstance(ring, fx.AnyNumberRing):
        return [person("any"), words("1+", bold=True)]
    if isinstance(ring, fx.Ring):
        return [person(who) for who in ring.people]
    raise TypeError(f"no symbols for ring {type(ring).__name__}: add them to "  # not translated: dev
                    "smqt/render/cardface.py")


# --------------------------------------------------------------------------- layout


def _is_beach(card: FeatureCard | StartingTile) -> bool:
    return isinstance(card, FeatureCard) and card.row is fx.Row.BEACH


def _capsule_width(ring: fx.RingEntry, size: float) -> float:
    inner = lay.flow(ring_atoms(ring), size, 10_000)
    assert inner is not None
    return inner.width + 0.6 * size


def _ring_block(ring: fx.RingEntry, size: float, badge_at: float = 0.0) -> Block | None:
    """A ring: a capsule holding its people, then its points badge (at ``badge_at`` or
    right after the capsule, whichever is further right)."""
    pad = 0.3 * size
    inner = lay.flow(ring_atoms(ring), size, RING_MARK_X, centre=False)
    if inner is None:
        return None
    h = max(inner.height, lay.PERSON_EM * size) + 2 * pad * 0.6
    capsule = QRectF(0, 0, inner.width + 2 * pad, h)
    block = Block(panels=[Panel("ring", capsule)])
    block.boxes = [b.moved(pad, (h - inner.height) / 2) for b in inner.boxes]
    points = badge(ring.points)
    bw, bh = lay.atom_size(points, size)
    x = max(badge_at, capsule.width() + lay.GAP_EM * size)
    block.boxes.append(lay.atom_box(points, QRectF(x, (h - bh) / 2, bw, bh), size))
    block.width = x + bw
    block.height = block.first = max(h, bh)
    return block


def _body(card: FeatureCard | StartingTile, size: int, wrap: bool, width: float
          ) -> list[tuple[str, Block]] | None:
    """The blocks between the name and the rings, in order, or None if one does not fit."""
    out: list[tuple[str, Block]] = []
    if card.tags:
        tags = lay.flow([tag(t) for t in card.tags], TAG_ROW * size, width, wrap=True)
        if tags is None:
            return None
        out.append(("tags", tags))
    if isinstance(card, FeatureCard) and card.leftmost_beach:
        end = lay.flow([words(_("end of beach"), bold=True, colour=PENALTY.name())], size, width,
                       wrap)
        if end is None:
            return None
        out.append(("end", end))
    if card.placement:
        pad = 0.3 * size
        lines = [lay.flow(placement_atoms(a), size, width - 2 * pad, wrap) for a in card.placement]
        if any(line is None for line in lines):
            return None
        panel = Block(width=width)
        y = pad * 0.7
        for line in lines:
            assert line is not None
            panel.boxes += [b.moved(pad, y) for b in line.boxes]
            y += line.height + lay.LINE_GAP_EM * size
        panel.height = y - lay.LINE_GAP_EM * size + pad * 0.7
        panel.panels = [Panel("placement", QRectF(0, 0, width, panel.height))]
        out.append(("placement", panel))
    for scoring in card.scoring:
        atoms, points = scoring_atoms(scoring)
        line = lay.entry(atoms, points, size, width, wrap)
        if line is None:
            return None
        out.append(("scoring", line))
    return out


@lru_cache(maxsize=1024)
def _frame_geometry(card: FeatureCard | StartingTile) -> tuple[Block, float, float, float]:
    """The name block, where the name starts, where the body may start and where the rings
    must end (the foot of the usable area)."""
    beach = _is_beach(card)
    name = lay.name_block(card.name, CARD_W - 2 * MARGIN,
                          colour="#ffffff" if beach else INK.name())
    name_top = 10.0
    if beach:
        band = name_top + name.height + WAVES
        return name, name_top, band + 10, CARD_H - 12
    return name, name_top, name_top + name.height + 8, CARD_H - BOARDWALK - 4 - 5


def card_layout(card: FeatureCard | StartingTile, flavour: bool = True) -> FaceLayout:
    """Where the name, tags, rules, rings and (when ``flavour`` and there is room) the
    flavour text of ``card`` go on the 300 x 420 face (in the language in force)."""
    return _card_layout(card, flavour, current())


@lru_cache(maxsize=1024)
def _card_layout(card: FeatureCard | StartingTile, flavour: bool, language: str) -> FaceLayout:
    name, name_top, body_top, foot = _frame_geometry(card)
    width = CARD_W - 2 * MARGIN
    bounds = QRectF(MARGIN - 2, 6, CARD_W - 2 * MARGIN + 4, foot - 6 + 2)
    tries = lay.candidates()
    for n, (size, wrap) in enumerate(tries):
        last = n == len(tries) - 1
        body = _body(card, size, wrap, width)
        # the badges of several rings stand in one column
        badge_at = max((_capsule_width(r, size) for r in card.rings), default=0.0)
        rings = [_ring_block(r, size, badge_at + lay.GAP_EM * size) for r in card.rings]
        if body is None or any(r is None for r in rings) or \
                any(r is not None and r.width > RING_MARK_X - MARGIN for r in rings):
            if last:
                raise ValueError(_("{card}: a rule is wider than the card at any size").format(
                    card=card.id))
            continue
        gap = 0.35 * size
        ring_gap = lay.LINE_GAP_EM * size
        rings_height = sum(r.height for r in rings if r) + ring_gap * max(0, len(rings) - 1)
        rings_top = foot - rings_height
        column = Column(MARGIN, body_top, width)
        for i, (kind, block) in enumerate(body):
            # scoring lines sit closer to each other than the sections do
            follows = body[i + 1][0] if i + 1 < len(body) else ""
            column.add(block, 0.2 * size if kind == follows == "scoring" else gap)
        body_bottom = column.y - gap if body else body_top
        if body_bottom > rings_top - (gap if rings else 0) + 0.01 and not last:
            continue
        boxes, panels = name.placed(MARGIN, name_top)
        boxes += column.boxes
        panels += column.panels
        ring_rects = []
        y = rings_top
        for ring in rings:
            assert ring is not None
            ring_boxes, ring_panels = ring.placed(MARGIN, y)
            boxes += ring_boxes
            panels += ring_panels
            ring_rects.append(QRectF(MARGIN, y, ring.width, ring.height))
            y += ring.height + ring_gap
        text = getattr(card, "text", "").strip()
        if flavour and text:
            room = QRectF(MARGIN, body_bottom + gap, width,
                          rings_top - gap - (body_bottom + gap))
            box = _flavour(text, room)
            if box is not None:
                boxes.append(box)
        return FaceLayout(tuple(boxes), tuple(panels), bounds, size, tuple(ring_rects))
    raise AssertionError("unreachable")


def _flavour(text: str, room: QRectF) -> lay.Box | None:
    for size in (lay.FLAVOUR_TEXT, lay.FLAVOUR_TEXT - 2):
        metrics = QFontMetricsF(lay.font(size, False, True))
        bound = metrics.boundingRect(QRectF(0, 0, room.width(), 10_000),
                                     int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignHCenter),
                                     text)
        if bound.height() <= room.height():
            rect = QRectF(room.left(), room.center().y() - bound.height() / 2, room.width(),
                          bound.height())
            return lay.Box("flavour", rect, text, size, False, FLAVOUR_INK.name(), True)
    return None


def ring_centres(card: FeatureCard | StartingTile) -> list[QPointF]:
    """The middle of each printed ring's capsule in face units (300 x 420), top to bottom:
    where the table may mark a ring full (right of ``RING_MARK_X`` is kept free for it)."""
    found = card_layout(card, False)
    capsules = [p.rect for p in found.panels if p.role == "ring"]
    return [r.center() for r in capsules]


# --------------------------------------------------------------------------- painting


def _frame(painter: QPainter, beach: bool, band: float, bleed: float | None = None) -> None:
    """The card's background: a rounded card with an outline for the table (``bleed`` None),
    or for print a square card whose background, bands and waves run ``bleed`` face units
    past every edge (no outline: the cut is the edge)."""
    if bleed is not None:
        _print_frame(painter, beach, band, bleed)
        return
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(2, 2, CARD_W - 4, CARD_H - 4), 16, 16)
    painter.setClipPath(outline)
    _bands(painter, beach, band, 0.0)
    painter.setClipping(False)
    painter.setPen(QPen(INK, 3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(outline)


def _print_frame(painter: QPainter, beach: bool, band: float, bleed: float) -> None:
    painter.save()
    painter.setClipRect(QRectF(-bleed, -bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed),
                        Qt.ClipOperation.IntersectClip)
    _bands(painter, beach, band, bleed)
    painter.restore()


def _bands(painter: QPainter, beach: bool, band: float, bleed: float) -> None:
    """Sand or street, then the ocean band and its waves (beach) or the kerb and the
    boardwalk (street), each ``bleed`` past the card's edges."""
    b = bleed
    painter.fillRect(QRectF(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b), SAND if beach else STREET)
    if beach:
        gradient = QLinearGradient(0, 0, 0, band)
        gradient.setColorAt(0, OCEAN_DEEP)
        gradient.setColorAt(1, OCEAN)
        painter.fillRect(QRectF(-b, -b, CARD_W + 2 * b, band + b), QBrush(gradient))
        painter.setPen(QPen(QColor(255, 255, 255, 150), 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        first = -40 * (int(b // 40) + 1) if b else 0
        for row in range(2):
            base = band - 16 + row * 9
            path = QPainterPath(QPointF(first, base))
            for x in range(first, round(CARD_W + b) + 1, 40):
                path.quadTo(QPointF(x + 10, base - 6), QPointF(x + 20, base))
                path.quadTo(QPointF(x + 30, base + 6), QPointF(x + 40, base))
            painter.drawPath(path)
    else:
        painter.fillRect(QRectF(-b, CARD_H - BOARDWALK, CARD_W + 2 * b, BOARDWALK + b), WOOD)
        painter.setPen(QPen(WOOD_SEAM, 2))
        for i in range(-int(b // 26), 12 + int(b // 26) + 1):
            if i == 0 or (not b and i >= 12):
                continue
            painter.drawLine(QPointF(i * 26, CARD_H - BOARDWALK), QPointF(i * 26, CARD_H + b))
        painter.fillRect(QRectF(-b, CARD_H - BOARDWALK - 4, CARD_W + 2 * b, 4), KERB)


def _end_of_beach(painter: QPainter, top: float, bleed: float | None = None) -> None:
    """End of the beach: a red wall down the card's left edge (no beach card to its left);
    in print it runs on into the bleed, so the cut never leaves a sliver of sand beside it."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PENALTY)
    left = 3.5 if bleed is None else -bleed
    painter.drawRect(QRectF(left, top, 10.5 - left, CARD_H - 16 - top))
    painter.restore()


def paint_card(painter: QPainter, target: QRectF, card: FeatureCard | StartingTile,
               bleed: float | None = None) -> None:
    """Draw ``card`` (a feature card, or a starting tile's lower half) into ``target``.

    ``bleed`` None draws the table's rounded card; a number (face units, 0 allowed) draws
    the print look: square, with its art running that far past ``target`` on every side."""
    lay.begin(painter, target)
    beach = _is_beach(card)
    flavour = lay.px_per_unit(painter) * lay.FLAVOUR_TEXT >= lay.FLAVOUR_MIN_PX
    found = card_layout(card, flavour)
    name, name_top, body_top, _foot = _frame_geometry(card)
    _frame(painter, beach, name_top + name.height + WAVES, bleed)
    if isinstance(card, FeatureCard) and card.leftmost_beach:
        _end_of_beach(painter, body_top - 4, bleed)
    lay.paint_layout(painter, found)
    painter.restore()


def card_image(card: FeatureCard | StartingTile, width: int = 300, device_ratio: float = 1.0
               ) -> QImage:
    """The face as an image (for enlarged views, exports and tests)."""
    height = round(width * CARD_H / CARD_W)
    image = QImage(round(width * device_ratio), round(height * device_ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_card(painter, QRectF(0, 0, width, height), card)
    painter.end()
    return image
