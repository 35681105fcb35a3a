"""Cards out of the editor: printable PDF sheets (A4 or Letter, nine cards of 63 x 88 mm per
page with cut marks in the margins, drawn as vectors by ``smqt/render``) and one PNG per card."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from smqt.engine.content import FeatureCard, StartingTile
from smqt.fileio import atomic_write_bytes
from smqt.render.cardface import card_image, paint_card

PAPERS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
CARD_MM = (63.0, 88.2)
"The printed card (the faces are drawn 5:7)."
GRID = (3, 3)
MARK_MM, GAP_MM = 5.0, 1.5
"Cut marks: how long, and how far from the cards."
DPI = 300

Progress = Callable[[int, int], None]


def export_pdf(cards: Sequence[FeatureCard | StartingTile], path: str | Path, paper: str = "A4",
               title: str = "", progress: Progress | None = None) -> int:
    """Write ``cards`` to a PDF of cut sheets; returns the number of pages."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if not cards:
        raise ValueError("there are no cards to export")
    target = Path(path)
    scratch = target.with_name(f".{target.name}.part")
    writer = QPdfWriter(str(scratch))
    writer.setResolution(DPI)
    writer.setTitle(title or "Santa Monica cards")
    writer.setCreator("smqt-editor")
    writer.setPageLayout(QPageLayout(QPageSize(PAPERS[paper]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))
    page_mm = writer.pageLayout().fullRect(QPageLayout.Unit.Millimeter)
    per_page = GRID[0] * GRID[1]
    pages = (len(cards) + per_page - 1) // per_page
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write {path}")
    finished = False
    try:
        for page in range(pages):
            if page:
                writer.newPage()
            chunk = cards[page * per_page:(page + 1) * per_page]
            _sheet(painter, chunk, page_mm.width(), page_mm.height())
            _footer(painter, page_mm.width(), page_mm.height(),
                    f"{title}   page {page + 1} of {pages}   cut along the marks".strip())
            if progress:
                progress(min(len(cards), (page + 1) * per_page), len(cards))
        finished = True
    finally:
        painter.end()
        del writer  # the PDF is complete once the writer is gone
        if finished:
            os.replace(scratch, target)
        else:
            scratch.unlink(missing_ok=True)
    return pages


def _px(mm: float) -> float:
    return mm * DPI / 25.4


def _sheet(painter: QPainter, cards: Sequence[FeatureCard | StartingTile], width_mm: float,
           height_mm: float) -> None:
    columns, rows = GRID
    card_w, card_h = CARD_MM
    left = (width_mm - columns * card_w) / 2
    top = (height_mm - rows * card_h) / 2
    # marks stay 2 mm clear of the paper's edge (Letter leaves less room above and below)
    mark_v = max(1.0, min(MARK_MM, top - GAP_MM - 2.0))
    mark_h = max(1.0, min(MARK_MM, left - GAP_MM - 2.0))
    for index, card in enumerate(cards):
        x = left + (index % columns) * card_w
        y = top + (index // columns) * card_h
        paint_card(painter, QRectF(_px(x), _px(y), _px(card_w), _px(card_h)), card)
    painter.save()
    painter.setPen(QPen(QColor("black"), _px(0.2)))
    used_rows = (len(cards) + columns - 1) // columns
    bottom = top + used_rows * card_h
    right = left + columns * card_w
    for i in range(columns + 1):  # marks above and below each vertical cut
        x = _px(left + i * card_w)
        painter.drawLine(QPointF(x, _px(top - GAP_MM - mark_v)), QPointF(x, _px(top - GAP_MM)))
        painter.drawLine(QPointF(x, _px(bottom + GAP_MM)),
                         QPointF(x, _px(bottom + GAP_MM + mark_v)))
    for j in range(used_rows + 1):  # marks left and right of each horizontal cut
        y = _px(top + j * card_h)
        painter.drawLine(QPointF(_px(left - GAP_MM - mark_h), y), QPointF(_px(left - GAP_MM), y))
        painter.drawLine(QPointF(_px(right + GAP_MM), y),
                         QPointF(_px(right + GAP_MM + mark_h), y))
    painter.restore()


def _footer(painter: QPainter, width_mm: float, height_mm: float, text: str) -> None:
    """The pack and page below the cut marks, where the paper leaves room for it (A4); on
    Letter it runs up the left margin instead."""
    room = (height_mm - GRID[1] * CARD_MM[1]) / 2
    painter.save()
    if room < GAP_MM + MARK_MM + 5:
        font = QFont("Sans Serif")
        font.setPixelSize(round(_px(2.4)))
        painter.setFont(font)
        painter.setPen(QColor("#555555"))
        painter.translate(_px(4), _px(height_mm / 2))
        painter.rotate(-90)
        painter.drawText(QRectF(-_px(height_mm / 2), -_px(2), _px(height_mm), _px(4)),
                         int(Qt.AlignmentFlag.AlignCenter), text)
        painter.restore()
        return
    font = QFont("Sans Serif")
    font.setPixelSize(round(_px(2.4)))
    painter.setFont(font)
    painter.setPen(QColor("#555555"))
    painter.drawText(QRectF(0, _px(height_mm - 5), _px(width_mm), _px(4)),
                     int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter), text)
    painter.restore()


def export_pngs(cards: Sequence[FeatureCard | StartingTile], folder: str | Path,
                width: int = 600, progress: Progress | None = None) -> list[Path]:
    """One ``<id>.png`` per card in ``folder`` (created if needed); returns the files."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for index, card in enumerate(cards):
        path = target / f"{card.id}.png"
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not card_image(card, width).save(buffer, "PNG"):
            raise OSError(f"cannot draw {card.id}")
        atomic_write_bytes(path, bytes(data.data()))
        written.append(path)
        if progress:
            progress(index + 1, len(cards))
    return written
