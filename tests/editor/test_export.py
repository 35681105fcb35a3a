"""Cards out of the editor: PDF cut sheets on A4 and Letter, and a PNG per card."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QImage

from editor.export.sheets import SheetOptions, export_sheets
from smqt.pack.load import load_pack
from tests.support import BASE

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def cards():
    from editor.export.printables import printables

    return printables(load_pack(BASE), ["card"])


def page_boxes(data: bytes) -> list[list[float]]:
    return [[float(v) for v in m.split()] for m in re.findall(rb"/MediaBox \[([^\]]+)\]", data)]


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_sheets_without_bleed_hold_nine_cards_a_page_on_the_chosen_paper(qapp, cards, tmp_path,
                                                                         paper, size):
    path = tmp_path / f"cards-{paper}.pdf"
    seen = []
    pages = export_sheets(cards, path, SheetOptions(paper, 0.0, False, "base 1.0.0", turn=False),
                          progress=lambda d, t: seen.append(d))
    assert pages == 9  # 78 cards, nine a page
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    boxes = page_boxes(data)
    assert len(boxes) == 9
    assert all((round(b[2]), round(b[3])) == size for b in boxes)
    assert seen[-1] == 78
    assert not list(tmp_path.glob(".*.part"))


def test_a_failed_pdf_export_leaves_no_file(qapp, cards, tmp_path):
    with pytest.raises(ValueError, match="nothing to export"):
        export_sheets([], tmp_path / "none.pdf")
    with pytest.raises(ValueError, match="paper"):
        export_sheets(cards, tmp_path / "x.pdf", SheetOptions("A3"))
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- print and play


def _every_component(catalog):
    from editor.export.printables import printables
    return printables(catalog)


def test_sheets_put_a_mirrored_page_of_backs_after_each_page_of_fronts(qapp, tmp_path):
    from editor.export.printables import REFERENCE_COPIES
    from editor.export.printsheet import plan_grid
    from editor.export.sheets import SheetOptions, export_sheets

    catalog = load_pack(BASE)
    items = _every_component(catalog)
    path = tmp_path / "print.pdf"
    seen = []
    pages = export_sheets(items, path, SheetOptions("Letter", 3.0, True, "base"),
                          progress=lambda d, t: seen.append((d, t)))
    cards = plan_grid("Letter", (63.0, 88.2), 3.0).per_page
    tiles = plan_grid("Letter", (63.0, 176.4), 3.0).per_page
    card_sized = 78 + 4 + 3 + REFERENCE_COPIES  # cards, sand dollar and objective tiles, ref
    fronts = -(-card_sized // cards) + -(-6 // tiles)
    assert pages == 2 * fronts
    boxes = page_boxes(path.read_bytes())
    assert len(boxes) == pages and all((round(b[2]), round(b[3])) == (612, 792) for b in boxes)
    assert seen[-1] == (card_sized + 6, card_sized + 6)
    without = export_sheets(items, tmp_path / "fronts.pdf", SheetOptions("Letter", 3.0, False))
    assert without == fronts


def test_a_cancelled_export_leaves_no_file(qapp, tmp_path):
    from editor.export.sheets import ExportCancelled, SheetOptions, export_sheets

    def cancel(done, total):
        raise ExportCancelled

    items = _every_component(load_pack(BASE))[:12]
    with pytest.raises(ExportCancelled):
        export_sheets(items, tmp_path / "x.pdf", SheetOptions(), cancel)
    assert list(tmp_path.iterdir()) == []


def test_print_pngs_are_300_dpi_with_the_bleed_around_the_trim(qapp, tmp_path):
    from editor.export.sheets import export_print_pngs

    catalog = load_pack(BASE)
    items = [i for i in _every_component(catalog)
             if i.key in ("card-outer_reef", "card-palm_walk", "starting_tile-surfer",
                          "reference")]
    written = export_print_pngs(items, tmp_path / "png", bleed_mm=3.0)
    names = sorted(p.name for p in written)
    assert names == sorted(["card-outer_reef.png", "card-palm_walk.png",
                            "starting_tile-surfer.png", "reference.png", "back-beach.png",
                            "back-street.png", "back-tile-starting.png",
                            "back-tile-reference.png"])
    card = QImage(str(tmp_path / "png" / "card-outer_reef.png"))
    assert (card.width(), card.height()) == (round(69 * 300 / 25.4), round(94.2 * 300 / 25.4))
    assert card.dotsPerMeterX() == card.dotsPerMeterY() == 11811  # 300 dpi
    tile = QImage(str(tmp_path / "png" / "starting_tile-surfer.png"))
    assert (tile.width(), tile.height()) == (round(69 * 300 / 25.4), round(182.4 * 300 / 25.4))
    flat = export_print_pngs(items[:1], tmp_path / "flat", bleed_mm=0.0, backs=False)
    assert [p.name for p in flat] == [f"{items[0].key}.png"]
    assert QImage(str(flat[0])).width() == round(63 * 300 / 25.4)


def _is_blank(colour) -> bool:
    return colour.red() > 250 and colour.green() > 250 and colour.blue() > 250


def _is_black(colour) -> bool:
    return colour.red() + colour.green() + colour.blue() < 150


@pytest.mark.parametrize("side", ["front", "back"])
def test_the_art_runs_on_past_the_trim_line_on_every_component(qapp, side):
    """No white gap and no dark border: along the trim line and in the bleed every pixel is
    the component's own art."""
    from PySide6.QtGui import QColor

    from editor.export.sheets import side_image

    dpi, bleed = 100, 3.0
    for item in _every_component(load_pack(BASE)):
        image = side_image(getattr(item, side), item.size_mm, bleed, dpi)
        b = round(bleed * dpi / 25.4)
        w, h = image.width(), image.height()
        lines = [(x, y) for x in (1, b - 1, b, b + 1, w - b - 2, w - b - 1, w - b, w - 2)
                 for y in range(1, h - 1, 3)]
        lines += [(x, y) for y in (1, b - 1, b, b + 1, h - b - 2, h - b - 1, h - b, h - 2)
                  for x in range(1, w - 1, 3)]
        for x, y in lines:
            colour = QColor(image.pixel(x, y))
            assert not _is_blank(colour), (item.key, side, x, y)
            assert not _is_black(colour), (item.key, side, x, y, colour.name())


def test_bleed_continues_the_edge_colours(qapp):
    from PySide6.QtGui import QColor

    from editor.export.sheets import side_image

    catalog = load_pack(BASE)
    items = {i.key: i for i in _every_component(catalog)}
    beach = side_image(items["card-outer_reef"].front, (63.0, 88.2), 3.0, 100)
    street = side_image(items["card-palm_walk"].front, (63.0, 88.2), 3.0, 100)
    b = round(3.0 * 100 / 25.4)
    for image, y in ((beach, 2), (street, street.height() - 3)):  # ocean on top, boardwalk below
        outside, inside = QColor(image.pixel(image.width() // 2, y)), \
            QColor(image.pixel(image.width() // 2, y + (b + 2 if y < b else -b - 2)))
        assert abs(outside.red() - inside.red()) < 30 and abs(outside.blue() - inside.blue()) < 30
    assert QColor(beach.pixel(beach.width() // 2, 2)).blue() > 120


def test_changed_entries_only_for_a_variant():
    from editor.export.printables import changed_entries, printables

    base_catalog = load_pack(BASE)
    swap = load_pack(BASE.parent / "variants" / "boardwalk-swap")
    only = changed_entries(base_catalog, swap)
    assert only == {"card": {"pier_arcade", "rollerskate_rink", "lifeguard_cafe"}}
    keys = [item.key for item in printables(swap, only=only)]
    assert sorted(keys) == ["card-lifeguard_cafe", "card-pier_arcade", "card-rollerskate_rink"]
    trial = load_pack(BASE.parent / "variants" / "house-rule-trial")
    trial_only = changed_entries(base_catalog, trial)
    kinds = {item.kind for item in printables(trial, only=trial_only)}
    assert kinds == {"card", "reference"}  # cards_to_end changed: the reference card says it
    assert printables(base_catalog, only=changed_entries(base_catalog, base_catalog)) == []


def test_kinds_can_be_chosen_and_carry_the_version_mark():
    from editor.export.printables import KINDS, printables, version_text

    catalog = load_pack(BASE)
    assert version_text(catalog) == "base 1.1.0"
    counts = {kind: len(printables(catalog, [kind])) for kind in KINDS}
    assert counts == {"card": 78, "starting_tile": 6, "sand_dollar_tile": 4,
                      "objective_tile": 3, "reference": 1}
    with pytest.raises(ValueError, match="unknown kinds"):
        printables(catalog, ["card", "meeple"])


def test_the_command_line_writes_what_a_variant_changed(qapp, tmp_path, capsys):
    from editor.shell.app import main

    trial = BASE.parent / "variants" / "house-rule-trial"
    out = tmp_path / "trial.pdf"
    assert main([str(trial), "--print", str(out), "--changed-only", "--paper", "Letter"]) == 0
    assert len(page_boxes(out.read_bytes())) == 2  # 2 cards and 4 reference cards: one page
    assert "2 pages" in capsys.readouterr().out
    assert main([str(BASE), "--print", str(tmp_path / "b.pdf"), "--changed-only"]) == 2
    assert "extends no other pack" in capsys.readouterr().err
    assert not (tmp_path / "b.pdf").exists()
    assert main([str(BASE), "--print", str(tmp_path / "tts"), "--format", "tts"]) == 0
    assert (tmp_path / "tts" / "beach-sheet-1.png").is_file()
    with pytest.raises(SystemExit):
        main([str(BASE), "--print", str(tmp_path / "c.pdf"), "--bleed", "-3"])
    assert "from 0 to 10 mm" in capsys.readouterr().err
