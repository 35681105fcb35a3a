"""What a pack prints as: every component (feature cards, starting tiles, sand dollar tiles,
objective tiles, the reference card) with its size, its front and its back, each drawn for
print (square corners, art running into the bleed, the pack's version mark on it), and which
of them a variant changed.

A painter here takes the trim rectangle and the bleed in the same units (pixels of the sheet
or image being drawn); the faces of ``smqt/render`` are drawn through their print look.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from smqt.engine import effects as fx
from smqt.engine.catalog import Catalog
from smqt.engine.content import FeatureCard, ObjectiveTile, SandDollarAction, StartingTile
from smqt.language.translate import N_, _
from smqt.pack.changes import RULES, pack_changes
from smqt.render.backs import paint_back
from smqt.render.cardface import FLAVOUR_INK, card_layout, paint_card
from smqt.render.layout import FACE_W
from smqt.render.printmarks import layout_rects, paint_version_mark
from smqt.render.refcard import paint_reference, reference_layout
from smqt.render.tilefaces import (
    objective_layout,
    paint_objective,
    paint_sand_dollar_action,
    paint_tile_top,
    sand_dollar_layout,
)

KINDS = ("card", "starting_tile", "sand_dollar_tile", "objective_tile", "reference")
"What can be printed, in the order it is printed."
KIND_LABELS = {"card": N_("Feature cards"), "starting_tile": N_("Starting tiles"),
               "sand_dollar_tile": N_("Sand dollar tiles"), "objective_tile": N_("Objective tiles"),
               "reference": N_("Reference card")}
"What each kind is called where it is chosen (translated where shown)."
CHANGE_KINDS = {"card": N_("card"), "starting_tile": N_("starting tile"),
                "sand_dollar_action": N_("sand dollar action"),
                "sand_dollar_tile": N_("sand dollar tile"), "objective_tile": N_("objective tile")}
"How an entry's kind is named in the instructions for a printed base game."
STEPS = (("removed", N_("Take out: {entries}.")),
         ("changed", N_("Replace with the printed one: {entries}.")),
         ("added", N_("Add: {entries}.")))
"What to do with a printed base game's entries a variant removed, changed or added."
CARD_MM = (63.0, 88.2)
"A card (the faces are drawn 5:7); sand dollar, objective and reference tiles too."
STARTING_TILE_MM = (63.0, 176.4)
"A starting tile: two spaces, the footprint rule above the lower half."
REFERENCE_COPIES = 4
"One reference card a player."
MARK_ON_WOOD = QColor("#f4e4bc")

Paint = Callable[[QPainter, QRectF, float], None]
"Draws a side into a trim rectangle with that much bleed (same units) around it."


@dataclass(frozen=True)
class Printable:
    """One component to print. ``back_key`` names its back: components with the same key
    have the same back (``beach``, ``street``, ``tile-...``); a two-sided tile's is its
    own."""

    key: str
    kind: str
    name: str
    size_mm: tuple[float, float]
    front: Paint
    back: Paint
    back_key: str
    copies: int = 1
    "How many go on the sheets (one PNG and one Tabletop Simulator face whatever this is)."


def _units(target: QRectF, bleed: float) -> float:
    return bleed * FACE_W / target.width()


def _card_front(card: FeatureCard, mark: str) -> Paint:
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        paint_card(painter, target, card, _units(target, bleed))
        beach = card.row is fx.Row.BEACH
        paint_version_mark(painter, target, mark, layout_rects(card_layout(card)),
                           FLAVOUR_INK if beach else MARK_ON_WOOD)
    return paint


def _back(design: str, label: str = "") -> Paint:
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        paint_back(painter, target, design, bleed, label)
    return paint


def _starting_front(tile: StartingTile, mark: str) -> Paint:
    """Both halves, the footprint rule above: each half's art runs into the bleed on its
    three outer sides and stops at the middle line."""
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        half = target.height() / 2
        upper = QRectF(target.left(), target.top(), target.width(), half)
        lower = QRectF(target.left(), target.top() + half, target.width(), half)
        for rect, clip, draw in (
                (upper, upper.adjusted(-bleed, -bleed, bleed, 0),
                 lambda r: paint_tile_top(painter, r, tile, _units(r, bleed))),
                (lower, lower.adjusted(-bleed, 0, bleed, bleed),
                 lambda r: paint_card(painter, r, tile, _units(r, bleed)))):
            painter.save()
            painter.setClipRect(clip, Qt.ClipOperation.IntersectClip)
            draw(rect)
            painter.restore()
        paint_version_mark(painter, lower, mark, layout_rects(card_layout(tile)), MARK_ON_WOOD)
    return paint


def _action_side(action: SandDollarAction, mark: str) -> Paint:
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        paint_sand_dollar_action(painter, target, action, _units(target, bleed))
        paint_version_mark(painter, target, mark, layout_rects(sand_dollar_layout(action)),
                           FLAVOUR_INK)
    return paint


def _objective_front(tile: ObjectiveTile, mark: str) -> Paint:
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        paint_objective(painter, target, tile, _units(target, bleed))
        paint_version_mark(painter, target, mark, layout_rects(objective_layout(tile)),
                           FLAVOUR_INK)
    return paint


def _reference_front(catalog: Catalog, mark: str) -> Paint:
    def paint(painter: QPainter, target: QRectF, bleed: float) -> None:
        paint_reference(painter, target, catalog.rules, _units(target, bleed))
        paint_version_mark(painter, target, mark,
                           layout_rects(reference_layout(catalog.rules)), FLAVOUR_INK)
    return paint


def version_text(catalog: Catalog) -> str:
    """``base 1.1.0``: the pack's name and version from its pack.toml."""
    return f"{catalog.identity.name} {catalog.identity.version}".strip()


def printables(catalog: Catalog, kinds: Iterable[str] = KINDS,
               only: Mapping[str, set[str]] | None = None, mark: str | None = None
               ) -> list[Printable]:
    """The components of ``kinds`` in ``catalog``, in ``KINDS`` order then file order.
    ``only`` (from ``changed_entries``) keeps those a variant added or changed; ``mark``
    (default: ``version_text``) is printed on each."""
    wanted = set(kinds)
    unknown = wanted - set(KINDS)
    if unknown:
        raise ValueError(_("unknown kinds {kinds} (choose from {choices})").format(
            kinds=sorted(unknown), choices=", ".join(KINDS)))
    mark = version_text(catalog) if mark is None else mark

    def keep(kind: str, ident: str) -> bool:
        return only is None or ident in only.get(kind, set())

    out: list[Printable] = []
    if "card" in wanted:
        for card in catalog.cards.values():
            if keep("card", card.id):
                out.append(Printable(f"card-{card.id}", "card", card.name, CARD_MM,
                                     _card_front(card, mark), _back(card.row.value),
                                     card.row.value))
    if "starting_tile" in wanted:
        for tile in catalog.starting_tiles.values():
            if keep("starting_tile", tile.id):
                out.append(Printable(f"starting_tile-{tile.id}", "starting_tile", tile.name,
                                     STARTING_TILE_MM, _starting_front(tile, mark),
                                     _back("tile", _("starting tile")), "tile-starting"))
    if "sand_dollar_tile" in wanted:
        out += _sand_dollar_tiles(catalog, mark, keep)
    if "objective_tile" in wanted:
        for objective in catalog.objective_tiles.values():
            if keep("objective_tile", objective.id):
                out.append(Printable(f"objective_tile-{objective.id}", "objective_tile",
                                     objective.name, CARD_MM, _objective_front(objective, mark),
                                     _back("tile", _("objectives")), "tile-objectives"))
    if "reference" in wanted and (only is None or only.get(RULES)):
        out.append(Printable("reference", "reference", _("Reference card"), CARD_MM,
                             _reference_front(catalog, mark), _back("tile", _("reference")),
                             "tile-reference", REFERENCE_COPIES))
    return out


def _sand_dollar_tiles(catalog: Catalog, mark: str, keep: Callable[[str, str], bool]
                       ) -> list[Printable]:
    """Each tile with side A on the front and side B on the back; an action on no tile
    alone, with a plain tile back."""
    out = []
    actions = catalog.sand_dollar_actions
    on_tiles = set()
    for tile in catalog.sand_dollar_tiles.values():
        on_tiles.update(tile.sides)
        if not (keep("sand_dollar_tile", tile.id)
                or any(keep("sand_dollar_action", side) for side in tile.sides)):
            continue
        a, b = (actions[side] for side in tile.sides)
        out.append(Printable(f"sand_dollar_tile-{tile.id}", "sand_dollar_tile",
                             f"{a.name} / {b.name}", CARD_MM, _action_side(a, mark),
                             _action_side(b, mark), f"sand_dollar_tile-{tile.id}-B"))
    for action in actions.values():
        if action.id not in on_tiles and keep("sand_dollar_action", action.id):
            out.append(Printable(f"sand_dollar_action-{action.id}", "sand_dollar_tile",
                                 action.name, CARD_MM, _action_side(action, mark),
                                 _back("tile", _("sand dollar action")), "tile-sand-dollar"))
    return out


def changed_entries(parent: Catalog, variant: Catalog) -> dict[str, set[str]]:
    """Ids of every entry ``variant`` adds or changes relative to ``parent``, by kind
    (``card``, ``starting_tile``, ``sand_dollar_action``...); under ``rules`` the rules
    parameters it changes. An entry only moved in the deck order is not changed here: its
    face is the same."""
    found: dict[str, set[str]] = {}
    for change in pack_changes(parent, variant):
        if change.kind == RULES:
            found.setdefault(RULES, set()).add(change.id)
        elif change.what == "added" or (change.what == "changed" and change.fields):
            found.setdefault(change.kind, set()).add(change.id)
    return found


def deck_instructions(parent: Catalog, variant: Catalog,
                      kinds: Collection[str] = KINDS) -> list[str]:
    """What to do with a printed base game to play the variant from its "changed entries
    only" print of ``kinds``: the entries to take out, to replace with the printed ones, to
    add, and the reference cards to replace when the rules changed (they are printed then)."""
    steps: dict[str, list[str]] = {"removed": [], "changed": [], "added": []}
    rules_changed = False
    for change in pack_changes(parent, variant):
        if change.kind == RULES:
            rules_changed = True
        elif change.what != "changed" or change.fields:
            kind = CHANGE_KINDS.get(change.kind)
            steps[change.what].append(f"{_(kind) if kind else change.kind.replace('_', ' ')} "
                                      f"{change.name or change.id}")
    lines = []
    for what, sentence in STEPS:
        if steps[what]:
            lines.append(_(sentence).format(entries=", ".join(steps[what])))
        if what == "changed" and rules_changed and "reference" in kinds:
            lines.append(_("Replace the reference cards with the {count} printed ones: the "
                           "rules changed.").format(count=REFERENCE_COPIES))
    return lines


def grouped_by_size(items: Sequence[Printable]) -> list[list[Printable]]:
    """Components of one size together (each size gets its own grid), in order, each as
    many times as its ``copies``."""
    groups: dict[tuple[float, float], list[Printable]] = {}
    for item in items:
        groups.setdefault(item.size_mm, []).extend([item] * item.copies)
    return list(groups.values())
