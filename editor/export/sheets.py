"""Print-and-play out of the editor: vector PDF sheets (A4 or Letter) with bleed, crop marks
outside the bleed and, after each page of fronts, a page of backs mirrored for duplex
printing flipped on the long edge; one 300 dpi PNG per component; and the old plain sheets
(nine cards a page, no bleed) and preview-sized PNGs the File menu still offers.

Components come from ``printables``, places on the page from ``printsheet``.
Every file is written whole or not at all: the PDF to a ``.part`` file renamed when done,
each PNG through ``atomic_write_bytes``. A ``progress`` callback may raise
``ExportCancelled`` to stop.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from editor.export.printables import Paint, Printable, grouped_by_size
from editor.export.printsheet import Grid, Slot, plan_grid
from smqt.files.atomic import atomic_write_bytes
from smqt.language.translate import _

PAPERS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}  # not translated: paper names
DPI = 300
"The PDF's resolution (it is vector; this is its coordinate unit) and the PNGs'."
MARK_PEN_MM = 0.2
DEFAULT_BLEED_MM = 3.0

Progress = Callable[[int, int], None]


class ExportCancelled(Exception):
    """Raised by a progress callback to stop an export; nothing half-written is left."""


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "A4"
    bleed_mm: float = DEFAULT_BLEED_MM
    backs: bool = True
    "A page of backs after each page of fronts, mirrored for duplex (long-edge flip)."
    title: str = ""
    turn: bool = True
    "Turn components a quarter when more fit on a page that way."


def _px(mm: float) -> float:
    return mm * DPI / 25.4


def export_sheets(items: Sequence[Printable], path: str | Path,
                  options: SheetOptions = SheetOptions(),
                  progress: Progress | None = None) -> int:
    """Write ``items`` as cut sheets to the PDF ``path``; returns the number of pages.
    Components of each size get their own pages and grid."""
    if options.paper not in PAPERS:
        raise ValueError(_("paper must be one of {papers}, not {paper}").format(
            papers=", ".join(PAPERS), paper=repr(options.paper)))
    if not items:
        raise ValueError(_("there is nothing to export"))
    groups = [(plan_grid(options.paper, group[0].size_mm, options.bleed_mm, turn=options.turn),
               group) for group in grouped_by_size(items)]
    total = sum(len(group) for _, group in groups)
    fronts = sum(-(-len(group) // grid.per_page) for grid, group in groups)
    pages = fronts * (2 if options.backs else 1)
    target = Path(path)
    scratch = target.with_name(f".{target.name}.part")
    writer = QPdfWriter(str(scratch))
    writer.setResolution(DPI)
    writer.setTitle(options.title or _("Santa Monica print and play"))
    writer.setCreator("smqt-editor")
    writer.setPageLayout(QPageLayout(QPageSize(PAPERS[options.paper]),
                                     QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(_("cannot write {path}").format(path=path))
    finished = False
    page = done = 0
    try:
        for grid, group in groups:
            for start in range(0, len(group), grid.per_page):
                chunk = group[start:start + grid.per_page]
                if page:
                    writer.newPage()
                page += 1
                _front_page(painter, grid, chunk)
                _footer(painter, grid, _("{title}   page {page} of {pages}   fronts: cut along the "
                                         "marks").format(title=options.title, page=page, pages=pages))
                if options.backs:
                    writer.newPage()
                    page += 1
                    _back_page(painter, grid, chunk)
                    _footer(painter, grid, _("{title}   page {page} of {pages}   backs of the page "
                                             "before: print both sides, flip on the long edge").format(
                        title=options.title, page=page, pages=pages))
                done += len(chunk)
                if progress:
                    progress(done, total)
        finished = True
    finally:
        painter.end()
        del writer  # the PDF is complete once the writer is gone
        if finished:
            os.replace(scratch, target)
        else:
            scratch.unlink(missing_ok=True)
    return pages


def _draw(painter: QPainter, slot: Slot, size_mm: tuple[float, float], paint: Paint,
          bleed_mm: float) -> None:
    """One side in its slot: turned as the slot says, clipped to its bleed."""
    painter.save()
    centre = QPointF(_px(slot.trim.x + slot.trim.w / 2), _px(slot.trim.y + slot.trim.h / 2))
    painter.translate(centre)
    painter.rotate(slot.rotation)
    w, h = _px(size_mm[0]), _px(size_mm[1])
    trim = QRectF(-w / 2, -h / 2, w, h)
    bleed = _px(bleed_mm)
    painter.setClipRect(trim.adjusted(-bleed, -bleed, bleed, bleed))
    paint(painter, trim, bleed)
    painter.restore()


def _front_page(painter: QPainter, grid: Grid, items: Sequence[Printable]) -> None:
    for index, item in enumerate(items):
        _draw(painter, grid.slot(index), item.size_mm, item.front, grid.bleed)
    painter.save()
    painter.setPen(QPen(QColor("black"), _px(MARK_PEN_MM)))
    for mark in grid.marks(len(items)):
        painter.drawLine(QPointF(_px(mark.x1), _px(mark.y1)), QPointF(_px(mark.x2), _px(mark.y2)))
    painter.restore()


def _back_page(painter: QPainter, grid: Grid, items: Sequence[Printable]) -> None:
    for index, item in enumerate(items):
        _draw(painter, grid.back_slot(index), item.size_mm, item.back, grid.bleed)


def _footer(painter: QPainter, grid: Grid, text: str) -> None:
    """The pack and page in the bottom margin, below the marks, where there is room."""
    room = grid.footer()
    if room is None or not text.strip():
        return
    painter.save()
    font = QFont("Sans Serif")  # not translated: a font family
    font.setPixelSize(round(_px(2.2)))
    painter.setFont(font)
    painter.setPen(QColor("#555555"))
    painter.drawText(QRectF(0, _px(room.y), _px(room.w), _px(room.h)),
                     int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter),
                     text.strip())
    painter.restore()


# --------------------------------------------------------------------------- PNG


def side_image(paint: Paint, size_mm: tuple[float, float], bleed_mm: float, dpi: int = DPI
               ) -> QImage:
    """One side as an image of (trim + 2 x bleed) mm at ``dpi``, which its dots per metre
    record."""
    scale = dpi / 25.4
    width = round((size_mm[0] + 2 * bleed_mm) * scale)
    height = round((size_mm[1] + 2 * bleed_mm) * scale)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    dots = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots)
    image.setDotsPerMeterY(dots)
    painter = QPainter(image)
    bleed = bleed_mm * scale
    paint(painter, QRectF(bleed, bleed, width - 2 * bleed, height - 2 * bleed), bleed)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError(_("cannot encode a PNG"))
    return bytes(data.data())


def export_print_pngs(items: Sequence[Printable], folder: str | Path,
                      bleed_mm: float = DEFAULT_BLEED_MM, backs: bool = True, dpi: int = DPI,
                      progress: Progress | None = None) -> list[Path]:
    """``<key>.png`` per component in ``folder`` (created if needed) at ``dpi`` with
    ``bleed_mm`` around the trim, and with ``backs`` ``back-<key>.png`` once per different
    back. Returns the files written."""
    if not items:
        raise ValueError(_("there is nothing to export"))
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        path = target / f"{item.key}.png"
        atomic_write_bytes(path, png_bytes(side_image(item.front, item.size_mm, bleed_mm, dpi)))
        written.append(path)
        if backs and item.back_key not in seen:
            seen.add(item.back_key)
            path = target / f"back-{item.back_key}.png"
            atomic_write_bytes(path, png_bytes(side_image(item.back, item.size_mm, bleed_mm,
                                                          dpi)))
            written.append(path)
        if progress:
            progress(index + 1, len(items))
    return written
