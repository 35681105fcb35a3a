"""Tabletop Simulator decks of the feature cards: a deck per row (beach, street), each as
sheet images of at most 10 columns x 7 rows and 4096 px a side, a back image per deck, and
a guide saying how to import them.

Tabletop Simulator shows the *last* slot of a deck sheet (the bottom-right one of its grid)
for a card held hidden in a hand. So a sheet here holds at most 69 faces and the slot after
them, the grid's last, always holds the deck's back: a hidden card looks like any card's
back. A smaller deck gets a smaller grid (fewer columns and rows), whose last slot is the
back in the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from editor.export.printables import Printable
from editor.export.sheets import png_bytes
from smqt.files.atomic import atomic_write_bytes
from smqt.language.translate import _

MAX_PX = 4096
"Tabletop Simulator's largest image side."
MAX_COLUMNS, MAX_ROWS = 10, 7
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
"69: the last slot is the hidden card."
CARD_PX = 744
"The widest a face is drawn (63 mm at 300 dpi); a full sheet draws them narrower."
GUIDE = "TTS-IMPORT.txt"  # not translated: a file name

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SheetPlan:
    """A sheet of ``count`` faces (plus the hidden slot) on ``columns`` x ``rows`` slots of
    ``card`` (width, height) pixels."""

    count: int
    columns: int
    rows: int
    card: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card[0], self.rows * self.card[1]


def sheet_plan(count: int, ratio: float) -> SheetPlan:
    """The grid and card size for ``count`` faces (1 to 69) of ``ratio`` = height / width:
    as few columns as 10 allow, the card as large as ``CARD_PX`` and 4096 px allow."""
    if not 1 <= count <= FACES_PER_SHEET:
        raise ValueError(_("a sheet holds 1 to {most} faces, not {count}").format(
            most=FACES_PER_SHEET, count=count))
    columns = min(MAX_COLUMNS, count + 1)
    rows = math.ceil((count + 1) / columns)
    width = min(CARD_PX, MAX_PX // columns, math.floor(MAX_PX / (rows * ratio)))
    height = round(width * ratio)
    while rows * height > MAX_PX:
        width -= 1
        height = round(width * ratio)
    return SheetPlan(count, columns, rows, (width, height))


@dataclass(frozen=True)
class Deck:
    """What was written for one deck: its sheets (file, plan) and its back."""

    name: str
    sheets: tuple[tuple[Path, SheetPlan], ...]
    back: Path


def _paint_sheet(items: Sequence[Printable], plan: SheetPlan) -> QImage:
    width, height = plan.size
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    cw, ch = plan.card
    cells = [*(item.front for item in items), items[0].back]  # faces, then the hidden slot
    last = plan.columns * plan.rows - 1
    for index, paint in enumerate(cells):
        slot = index if index < len(items) else last
        row, column = divmod(slot, plan.columns)
        target = QRectF(column * cw, row * ch, cw, ch)
        painter.save()
        painter.setClipRect(target)
        paint(painter, target, 0.0)
        painter.restore()
    painter.end()
    return image


def export_tts(items: Sequence[Printable], folder: str | Path, title: str = "",
               progress: Progress | None = None) -> list[Deck]:
    """Write the feature cards among ``items`` as Tabletop Simulator decks into ``folder``:
    ``<deck>-sheet-<n>.png``, ``<deck>-back.png`` and the guide ``TTS-IMPORT.txt``."""
    cards = [item for item in items if item.kind == "card"]
    if not cards:
        raise ValueError(_("there are no feature cards to export"))
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    decks: dict[str, list[Printable]] = {}
    for card in cards:
        decks.setdefault(card.back_key, []).append(card)
    out: list[Deck] = []
    done = 0
    for name, deck in decks.items():
        ratio = deck[0].size_mm[1] / deck[0].size_mm[0]
        sheets = []
        for n, start in enumerate(range(0, len(deck), FACES_PER_SHEET), start=1):
            chunk = deck[start:start + FACES_PER_SHEET]
            plan = sheet_plan(len(chunk), ratio)
            path = target / f"{name}-sheet-{n}.png"
            atomic_write_bytes(path, png_bytes(_paint_sheet(chunk, plan)))
            sheets.append((path, plan))
            done += len(chunk)
            if progress:
                progress(done, len(cards))
        back_plan = sheets[0][1]
        image = QImage(*back_plan.card, QImage.Format.Format_RGB32)
        image.fill(Qt.GlobalColor.white)
        painter = QPainter(image)
        deck[0].back(painter, QRectF(0, 0, *back_plan.card), 0.0)
        painter.end()
        back = target / f"{name}-back.png"
        atomic_write_bytes(back, png_bytes(image))
        out.append(Deck(name, tuple(sheets), back))
    atomic_write_bytes(target / GUIDE, guide_text(out, title).encode("utf-8"))
    return out


def guide_text(decks: Sequence[Deck], title: str = "") -> str:
    """How to bring the decks into Tabletop Simulator, with each sheet's numbers."""
    heading = _("Santa Monica - {title}: feature cards for Tabletop Simulator").format(
        title=title) if title else _("Santa Monica: feature cards for Tabletop Simulator")
    # Translators: the guide is a plain text file; keep the line breaks (about 78 characters a
    # line) and Tabletop Simulator's own menu and field names (its menus are in English)
    lines = [heading,
             "",
             _("Each row of cards is its own deck, so a card's back still tells beach from\n"
               "street. For every sheet below:"),
             "",
             _("1. Put the sheet image and its back image where Tabletop Simulator can load\n"
               "   them: a web address (a file host or the Steam Cloud via Modding > Cloud\n"
               "   Manager), or a local file for a game only you will see."),
             _("2. In a game, open Objects > Components > Custom and choose Deck; click the\n"
               "   table to place it."),
             _("3. In the Custom Deck dialog give: Face = the sheet's address, Back = the\n"
               "   deck's back address (leave \"Unique backs\" off), Width = its columns,\n"
               "   Height = its rows, Number = its cards, and press Import."),
             "",
             _("The last slot of every sheet is not a card: Tabletop Simulator shows it for a\n"
               "card held hidden in a hand, so it holds the deck's back (\"Back is hidden\"\n"
               "shows the back image instead: the same picture either way)."),
             ""]
    for deck in decks:
        lines.append(_("Deck {deck}: back {back}").format(deck=deck.name, back=deck.back.name))
        for path, plan in deck.sheets:
            width, height = plan.size
            lines.append("  " + _("{file}: Width {columns}, Height {rows}, Number {count}  "
                                  "({width} x {height} px)").format(
                file=path.name, columns=plan.columns, rows=plan.rows, count=plan.count,
                width=width, height=height))
        lines.append("")
    lines.append(_("The game deals from one feature deck: drop one deck onto the other to merge\n"
                   "them (each card keeps its own back), then shuffle."))
    return "\n".join(lines) + "\n"
