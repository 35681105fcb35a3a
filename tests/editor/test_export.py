"""Cards out of the editor: PDF cut sheets on A4 and Letter, and a PNG per card."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QImage

from editor.export import export_pdf, export_pngs
from smqt.engine.catalog import load_pack
from tests.support import BASE

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def cards():
    return list(load_pack(BASE).cards.values())


def page_boxes(data: bytes) -> list[list[float]]:
    return [[float(v) for v in m.split()] for m in re.findall(rb"/MediaBox \[([^\]]+)\]", data)]


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_pdf_sheets_hold_nine_cards_a_page_on_the_chosen_paper(qapp, cards, tmp_path, paper, size):
    path = tmp_path / f"cards-{paper}.pdf"
    seen = []
    pages = export_pdf(cards, path, paper, "base 1.0.0", progress=lambda d, t: seen.append(d))
    assert pages == 9  # 78 cards, nine a page
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    boxes = page_boxes(data)
    assert len(boxes) == 9
    assert all((round(b[2]), round(b[3])) == size for b in boxes)
    assert seen[-1] == 78
    assert not list(tmp_path.glob(".*.part"))


def test_a_failed_pdf_export_leaves_no_file(qapp, tmp_path):
    with pytest.raises(ValueError, match="no cards"):
        export_pdf([], tmp_path / "none.pdf")
    with pytest.raises(ValueError, match="paper"):
        export_pdf([object()], tmp_path / "x.pdf", "A3")
    assert list(tmp_path.iterdir()) == []


def test_one_png_per_card(qapp, cards, tmp_path):
    written = export_pngs(cards[:4], tmp_path / "png", width=300)
    assert [p.name for p in written] == [f"{c.id}.png" for c in cards[:4]]
    image = QImage(str(written[0]))
    assert (image.width(), image.height()) == (300, 420)
