"""Faces of the tiles around the display, drawn from data like the cards and with the same
type scale (``smqt.render.layout``): sand dollar action tiles (name, cost, what they take, the
swap, then their allowances in the light panel the cards use for placement), scoring
objective tiles (the wave bonus, the other bonus and the penalty, split by rules), and the
upper half of a starting tile (its VIP footprint rule). Each layout function says where
everything goes; each paint function draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

from smqt.engine import effects as fx
from smqt.engine.content import ObjectiveTile, SandDollarAction, StartingTile, TakeFrom
from smqt.language.translate import N_, _, current, ngettext
from smqt.render import layout as lay
from smqt.render.cardface import CARD_H, CARD_W, placement_atoms
from smqt.render.layout import BREAK, Atom, Block, Column, FaceLayout, Panel, badge, tag, words
from smqt.render.symbols import INK, SAND_DOLLAR_EDGE

TILE_W, TILE_H = CARD_W, CARD_H
SAND_DOLLAR_PAPER = QColor("#fbf1d6")
TILE_TOP_PAPER = QColor("#efe2c4")
OBJECTIVE_COLOURS = {"blue": QColor("#cfe3f3"), "green": QColor("#d3ecdc"),
                     "orange": QColor("#f8dcc2")}
MARGIN = 18.0
COST_ICON = 40.0
"""A sand dollar of the cost row (an icon, not text)."""
FOOTPRINT_ICON = (64.0, 74.0)


def _tags_or(tags: Sequence[fx.Tag]) -> list[Atom]:
    """[L] or [T]; [B] [N] or [S]."""
    if len(tags) == 1:
        return [tag(tags[0])]
    # Translators: between the last two tag icons of a tile: "[B] [N] or [S]"
    return [*(tag(t) for t in tags[:-1]), words(_("or")), tag(tags[-1])]


# --------------------------------------------------------------------------- sand dollar actions

_FROM = {TakeFrom.FRONT: N_("from the front row"), TakeFrom.BACK: N_("from the back row"),
         TakeFrom.DISPLAY: N_("from either row")}


def take_atoms(action: SandDollarAction) -> list[Atom]:
    """What the action takes, a phrase a line: "take 1 card / with [L] or [T] / from
    either row"."""
    take = action.take
    # Translators: before the tag icons a taken card must show: "with [L] or [T]"
    with_tags = [words(_("with")), *_tags_or(take.tags_any), BREAK] if take.tags_any else []
    if take.source is TakeFrom.COLUMN:
        # Translators: a sand dollar action tile: "take 2 cards / a front-row card / and the one behind"
        return [words(_("take"), bold=True), words(_("2 cards"), bold=True), BREAK,
                words(_("a front-row card")), BREAK, words(_("and the one behind")), BREAK,
                *with_tags]
    cards = ngettext("{n} card", "{n} cards", take.count).format(n=take.count)
    return [words(_("take"), bold=True), words(cards, bold=True), BREAK, *with_tags,
            words(_(_FROM[take.source]))]


def swap_atoms() -> list[Atom]:
    """The swap a sand dollar action allows: "swap 2 cards / of one row"."""
    return [words(_("swap"), bold=True), words(_("2 cards")), BREAK, words(_("of one row"))]


def _title(column: Column, name: str) -> None:
    column.add(lay.name_block(name, column.width, centre=True), 8)


def _cost(cost: int, width: float) -> Block:
    """The cost as sand dollars in a row (a number and one sand dollar above 5), or "free"."""
    if cost == 0:
        # Translators: the cost of a sand dollar action that costs nothing
        block = lay.flow([words(_("free"), bold=True)], lay.RULES_TEXT, width, centre=True)
        assert block is not None
        return block
    block = Block(width=width, height=COST_ICON, first=COST_ICON)
    shown = cost if cost <= 5 else 1
    total = COST_ICON * shown + 6 * (shown - 1)
    x = (width - total) / 2
    if cost > 5:
        number = lay.text_block(f"{cost} ×", lay.RULES_TEXT, width, bold=True)
        assert number is not None
        w = number.width + 6
        x = (width - total - w) / 2
        block.boxes += [b.moved(x, (COST_ICON - number.height) / 2) for b in number.boxes]
        x += w
    for i in range(shown):
        block.boxes.append(lay.Box("sand_dollar", QRectF(x + i * (COST_ICON + 6), 0, COST_ICON,
                                                         COST_ICON)))
    return block


def _divider(width: float, size: float) -> Block:
    h = 0.6 * size
    return Block(panels=[Panel("divider", QRectF(0, 0, width, h))], width=width, height=h,
                 first=h)


def _panel(lines: Sequence[Block], size: float, width: float) -> Block:
    """Allowances in the light panel the cards use for placement actions, centred."""
    pad = 0.3 * size
    block = Block(width=width)
    y = pad * 0.7
    for line in lines:
        dx = (width - line.width) / 2
        block.boxes += [b.moved(dx, y) for b in line.boxes]
        y += line.height + lay.LINE_GAP_EM * size
    block.height = y - lay.LINE_GAP_EM * size + pad * 0.7
    block.panels = [Panel("placement", QRectF(0, 0, width, block.height))]
    return block


def _fit(build: Callable[[int, bool], Column | None], bottom: float, bounds: QRectF,
         nominal: int = lay.RULES_TEXT) -> FaceLayout:
    """The first size (largest, then wrapped, then smaller) whose column ends above
    ``bottom``."""
    tries = lay.candidates(nominal)
    for n, (size, wrap) in enumerate(tries):
        column = build(size, wrap)
        if column is not None and (column.y <= bottom + 0.01 or n == len(tries) - 1):
            return FaceLayout(tuple(column.boxes), tuple(column.panels), bounds, size)
    raise ValueError(_("a rule is wider than the tile at any size"))


def sand_dollar_layout(action: SandDollarAction) -> FaceLayout:
    """Where everything of a sand dollar action's face goes (in the language in force)."""
    return _sand_dollar_layout(action, current())


@lru_cache(maxsize=256)
def _sand_dollar_layout(action: SandDollarAction, language: str) -> FaceLayout:
    width = TILE_W - 2 * MARGIN

    def build(size: int, wrap: bool) -> Column | None:
        column = Column(MARGIN, 14, width)
        _title(column, action.name)
        column.add(_cost(action.cost, width), 0.2 * size)
        column.add(_divider(width, size), 0.1 * size)
        gap = 0.4 * size
        parts = [take_atoms(action), *([swap_atoms()] if action.swap else [])]
        for atoms in parts:
            block = lay.flow(atoms, size, width, wrap, centre=True)
            if block is None:
                return None
            column.add(block, gap)
        if action.allowances:
            pad = 0.3 * size
            lines = [lay.flow(placement_atoms(a), size, width - 2 * pad, wrap)
                     for a in action.allowances]
            if any(line is None for line in lines):
                return None
            column.add(_panel([line for line in lines if line], size, width), gap)
        column.y -= gap
        return column

    return _fit(build, TILE_H - 16, QRectF(MARGIN - 2, 8, width + 4, TILE_H - 16))


# --------------------------------------------------------------------------- objectives


def _chain_of(tags: Sequence[fx.Tag]) -> list[Atom]:
    # Translators: before a chain's tag icons on an objective tile: "chain of [W]"
    return [words(_("chain of")), *(tag(t) for t in tags)]


@dataclass(frozen=True)
class SizeTable:
    """Points by a chain's size: sizes in a row, each with its badge below."""

    points: tuple[int, ...]


def _size_table(table: SizeTable, size: float, width: float) -> Block | None:
    labels = [f"{n}{'+' if n == len(table.points) and n > 1 else ''}"
              for n in range(1, len(table.points) + 1)]
    cells = []
    for label, points in zip(labels, table.points, strict=True):
        text = lay.flow([words(label, bold=True)], size, width, centre=False)
        mark = lay.flow([badge(points)], size, width)
        if text is None or mark is None:
            return None
        cells.append((text, mark, max(text.width, mark.width)))
    gap = 0.5 * size
    block = Block()
    x = y = 0.0
    row_h = max(c[0].height for c in cells) + 0.1 * size + max(c[1].height for c in cells)
    for text, mark, w in cells:
        if x and x + w > width + 0.01:
            x, y = 0.0, y + row_h + lay.LINE_GAP_EM * size
        block.boxes += [b.moved(x + (w - text.width) / 2, y) for b in text.boxes]
        block.boxes += [b.moved(x + (w - mark.width) / 2, y + text.height + 0.1 * size)
                        for b in mark.boxes]
        block.width = max(block.width, x + w)
        x += w + gap
    block.height = y + row_h
    block.first = row_h
    return block


def _outside() -> list[Atom]:
    # Translators: after a person icon on an objective tile: "[person] outside rings"
    return [lay.person("any"), words(_("outside rings"))]


Item = tuple[Atom | None, list[Atom]] | SizeTable
"""Points (a badge in front, or None) and the words that earn them, or a table of points."""

def _per_unplaced(n: int) -> Atom:
    """"per" (one person) or "per 2" (people) before the people outside rings."""
    return words(_("per")) if n == 1 else words(_("per {n}").format(n=n))


OBJECTIVE_ITEMS: Mapping[type, Callable[[Any], list[Item]]] = {
    # Translators: words beside the icons of an objective tile: "(2) per tag of your largest chain of [W]"
    fx.LargestChain: lambda o: [(badge(o.points_per_tag),
                                 [words(_("per tag of your largest")), *_chain_of(o.tags)])],
    fx.CountChains: lambda o: [(badge(o.points),
                                [words(_("per")), *_chain_of(o.tags),
                                 *([words(_("with")), words(f"{o.at_least}+", bold=True),
                                    words(_("tags"))] if o.at_least > 1 else [])])],
    fx.ChainTable: lambda o: [(None, [words(_("each")), *_chain_of(o.tags)]),
                              SizeTable(o.table)],
    fx.PairedRun: lambda o: [(badge(o.points),
                              [words(_("per column of your longest run of full columns"))])],
    fx.MostUnplaced: lambda o: [(badge(o.most), [words(_("most")), *_outside()]),
                                (badge(o.second), [words(_("second most"))])],
    fx.CardsWithUnplaced: lambda o: [(badge(o.points), [words(_("per card with")), *_outside()])],
    fx.RingsAndUnplaced: lambda o: [
        (badge(o.per_full_ring), [words(_("per full")), lay.ring_icon()]),
        (badge(o.points), [_per_unplaced(o.per_unplaced), *_outside()])],
}
"""An objective as scoring items: the points first, then words, tags and people."""


def objective_items(obj: fx.Objective) -> list[Item]:
    try:
        return OBJECTIVE_ITEMS[type(obj)](obj)
    except KeyError:
        name = type(obj).__name__
        raise TypeError(f"no symbols for objective {name}: add them to "  # not translated: dev
                        "smqt/render/tilefaces.py") from None


def _items(items: Sequence[Item], size: float, width: float, wrap: bool) -> Block | None:
    block = Block()
    y = 0.0
    for entry in items:
        if isinstance(entry, SizeTable):
            one = _size_table(entry, size, width)
        else:
            points, atoms = entry
            one = (lay.flow(atoms, size, width, wrap) if points is None
                   else lay.item(points, atoms, size, width, wrap))
        if one is None:
            return None
        if not block.boxes:
            block.first = one.first
        block.boxes += [b.moved(0, y) for b in one.boxes]
        block.width = max(block.width, one.width)
        y += one.height + lay.LINE_GAP_EM * size
    block.height = y - lay.LINE_GAP_EM * size
    return block


def objective_layout(tile: ObjectiveTile) -> FaceLayout:
    """Where everything of an objective tile's face goes (in the language in force)."""
    return _objective_layout(tile, current())


@lru_cache(maxsize=64)
def _objective_layout(tile: ObjectiveTile, language: str) -> FaceLayout:
    width = TILE_W - 2 * MARGIN

    def build(size: int, wrap: bool) -> Column | None:
        column = Column(MARGIN, 12, width)
        _title(column, tile.name)
        for i, obj in enumerate((tile.wave, tile.misc, tile.penalty)):
            if i:
                column.add(_divider(width, size), 0.15 * size)
            block = _items(objective_items(obj), size, width, True)
            if block is None:
                return None
            column.add(block, 0.15 * size)
        return column

    return _fit(build, TILE_H - 14, QRectF(MARGIN - 2, 8, width + 4, TILE_H - 16))


# --------------------------------------------------------------------------- starting tile, upper half


def footprint_where(tile: StartingTile) -> list[Atom]:
    """Where a VIP leaves footprints: "on beach spaces", "on spaces / with [L] or [T]"."""
    rule = tile.footprint
    where = {fx.RowFilter.ANY: _("on spaces"), fx.RowFilter.BEACH: _("on beach spaces"),
             fx.RowFilter.STREET: _("on street spaces")}[rule.row]
    # Translators: the upper half of a starting tile: "VIP footprints / on beach spaces / with [L]"
    atoms = [words(_("VIP"), bold=True), words(_("footprints")), BREAK, words(where)]
    if rule.tags:
        atoms += [BREAK, words(_("with")), *_tags_or(rule.tags)]
    return atoms


def footprint_items(tile: StartingTile) -> list[Item]:
    """What each footprint scores."""
    rule = tile.footprint
    items: list[Item] = []
    if rule.points_per_space:
        # Translators: what each footprint scores: "(1) each"
        items.append((badge(rule.points_per_space), [words(_("each"))]))
    if rule.tags and rule.points_per_tag:
        items.append((badge(rule.points_per_tag),
                      [words(_("per")), *(tag(t) for t in rule.tags), words(_("on it"))]))
    return items


def tile_top_layout(tile: StartingTile) -> FaceLayout:
    """Where everything of a starting tile's upper half goes (in the language in force)."""
    return _tile_top_layout(tile, current())


@lru_cache(maxsize=64)
def _tile_top_layout(tile: StartingTile, language: str) -> FaceLayout:
    width = TILE_W - 2 * MARGIN

    def build(size: int, wrap: bool) -> Column | None:
        column = Column(MARGIN, 14, width)
        _title(column, tile.name)
        fw, fh = FOOTPRINT_ICON
        icon = Block(width=width, height=fh, first=fh)
        icon.boxes = [lay.Box("footprint", QRectF((width - fw) / 2, 0, fw, fh))]
        column.add(icon, 0.3 * size)
        where = lay.flow(footprint_where(tile), size, width, wrap, centre=True)
        items = _items(footprint_items(tile), size, width, wrap)
        if where is None or items is None:
            return None
        column.add(where, 0.2 * size)
        column.add(_divider(width, size), 0.2 * size)
        column.add(items, 0, dx=max(0.0, (width - items.width) / 2))
        return column

    return _fit(build, TILE_H - 16, QRectF(MARGIN - 2, 8, width + 4, TILE_H - 16))


# --------------------------------------------------------------------------- painting


def _panel_frame(painter: QPainter, fill: QColor, edge: QColor, bleed: float | None = None
                 ) -> None:
    """A rounded tile with an edge for the table, or for print (``bleed`` a number of face
    units) a square tile whose paper runs that far past every edge, without the edge line."""
    if bleed is not None:
        painter.fillRect(QRectF(-bleed, -bleed, TILE_W + 2 * bleed, TILE_H + 2 * bleed), fill)
        return
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(3, 3, TILE_W - 6, TILE_H - 6), 18, 18)
    painter.setPen(QPen(edge, 5))
    painter.setBrush(fill)
    painter.drawPath(outline)


def paint_sand_dollar_action(painter: QPainter, target: QRectF, action: SandDollarAction,
                             bleed: float | None = None) -> None:
    """A sand dollar action: its name, its cost as sand dollars, then its rules."""
    lay.begin(painter, target)
    _panel_frame(painter, SAND_DOLLAR_PAPER, SAND_DOLLAR_EDGE, bleed)
    lay.paint_layout(painter, sand_dollar_layout(action))
    painter.restore()


def paint_objective(painter: QPainter, target: QRectF, tile: ObjectiveTile,
                    bleed: float | None = None) -> None:
    """A scoring objective tile: wave bonus, other bonus, penalty."""
    lay.begin(painter, target)
    _panel_frame(painter, OBJECTIVE_COLOURS.get(tile.id, QColor("#eeeeee")), INK, bleed)
    lay.paint_layout(painter, objective_layout(tile))
    painter.restore()


def paint_tile_top(painter: QPainter, target: QRectF, tile: StartingTile,
                   bleed: float | None = None) -> None:
    """The upper half of a starting tile: a plain beach space showing the footprint rule."""
    lay.begin(painter, target)
    _panel_frame(painter, TILE_TOP_PAPER, SAND_DOLLAR_EDGE, bleed)
    lay.paint_layout(painter, tile_top_layout(tile))
    painter.restore()


def tile_image(paint: Callable[[QPainter, QRectF, Any], None], entry: object, width: int = 300,
               device_ratio: float = 1.0) -> QImage:
    """Any tile face as an image (``paint`` is one of the painters above)."""
    height = round(width * TILE_H / TILE_W)
    image = QImage(round(width * device_ratio), round(height * device_ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(device_ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, width, height), entry)
    painter.end()
    return image
