"""The print-and-play dialog: its choices, "only what the variant changes", and an export
through it."""

from __future__ import annotations

import pytest

from editor.export.dialog import ExportDialog
from smqt.pack.load import load_pack
from tests.support import BASE

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def catalogs():
    return load_pack(BASE), load_pack(BASE.parent / "variants" / "boardwalk-swap")


def test_changed_only_is_for_a_variant(qapp, catalogs):
    base_catalog, swap = catalogs
    plain = ExportDialog(base_catalog)
    assert not plain.changed_only.isEnabled()
    variant = ExportDialog(swap, base_catalog)
    assert variant.changed_only.isEnabled()
    every = len(variant.items())
    variant.changed_only.setChecked(True)
    assert sorted(item.key for item in variant.items()) == [
        "card-lifeguard_cafe", "card-pier_arcade", "card-rollerskate_rink"]
    assert every > 3
    assert "3 component(s)" in variant.summary.text()
    # what to do with a printed base game
    assert "Replace with the printed one: card Pier Arcade" in variant.summary.text()
    for dialog in (plain, variant):
        dialog.deleteLater()


def test_the_instructions_name_the_reference_cards_a_rules_change_prints(qapp, catalogs):
    """Issue 43: "Replace with the printed one: …" left out the reference cards the print
    holds when the variant changes the rules."""
    trial = load_pack(BASE.parent / "variants" / "house-rule-trial")
    dialog = ExportDialog(trial, catalogs[0])
    dialog.changed_only.setChecked(True)
    assert "reference" in [item.kind for item in dialog.items()]
    text = dialog.summary.text()
    assert ("Replace with the printed one: card Sunset Lookout. Replace the reference cards "
            "with the 4 printed ones: the rules changed. Add: card Ocean Avenue Taco Stand.") \
        in text
    dialog.kind_boxes["reference"].setChecked(False)
    assert "reference" not in [item.kind for item in dialog.items()]
    assert "reference cards" not in dialog.summary.text()
    dialog.deleteLater()
    short = ExportDialog(load_pack(BASE.parent / "variants" / "short-game"), catalogs[0])
    short.changed_only.setChecked(True)
    assert short.summary.text().endswith("With a printed base game: Replace the reference cards "
                                         "with the 4 printed ones: the rules changed.")
    short.kind_boxes["reference"].setChecked(False)  # nothing to print, nothing to do
    assert "With a printed base game" not in short.summary.text()
    short.deleteLater()


def test_kinds_and_formats(qapp, catalogs):
    dialog = ExportDialog(catalogs[0])
    for kind, box in dialog.kind_boxes.items():
        box.setChecked(kind == "objective_tile")
    assert [item.kind for item in dialog.items()] == ["objective_tile"] * 3
    dialog.format_buttons["tts"].setChecked(True)
    assert dialog.kinds() == ["card"]
    assert dialog.kinds_group.isHidden()  # decks hold feature cards: no choice to show
    assert "hold the feature cards" in dialog.summary.text()
    assert not dialog.paper.isEnabled()
    dialog.kind_boxes["objective_tile"].setChecked(False)
    dialog.format_buttons["pdf"].setChecked(True)
    assert not dialog.export_button.isEnabled()  # nothing chosen, nothing to export
    dialog.deleteLater()


def test_export_through_the_dialog(qtbot, catalogs, tmp_path):
    dialog = ExportDialog(catalogs[1], catalogs[0])
    qtbot.addWidget(dialog)
    dialog.changed_only.setChecked(True)
    dialog.paper.setCurrentText("Letter")

    def export(path):
        """The export runs on a worker thread: wait for its sentence."""
        with qtbot.waitSignal(dialog.exported, timeout=60000) as said:
            dialog.export_to(path)
        assert not dialog.running
        return said.args[0]

    message = export(tmp_path / "swap.pdf")
    assert (tmp_path / "swap.pdf").read_bytes().startswith(b"%PDF")
    assert "2 pages" in message and dialog.summary.text() == message  # fronts, backs
    dialog.format_buttons["png"].setChecked(True)
    rows = {catalogs[1].cards[i].row for i in ("lifeguard_cafe", "pier_arcade",
                                                "rollerskate_rink")}
    written = 3 + len(rows)  # the faces, and the back of each row among them
    assert f"{written} PNG" in export(tmp_path / "png")
    assert len(list((tmp_path / "png").glob("*.png"))) == written
    dialog.format_buttons["tts"].setChecked(True)
    assert "TTS-IMPORT.txt" in export(tmp_path / "tts")
    assert (tmp_path / "tts" / "TTS-IMPORT.txt").is_file()


def test_an_export_runs_off_the_gui_thread_and_cancel_stops_it(qtbot, catalogs, tmp_path):
    import threading

    from editor.export import dialog as exportdialog

    dialog = ExportDialog(catalogs[0])
    qtbot.addWidget(dialog)
    dialog.format_buttons["png"].setChecked(True)
    threads = []
    real = exportdialog.export_print_pngs

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    exportdialog.export_print_pngs = spy
    try:
        dialog.export_to(tmp_path / "png")
        assert dialog.running  # export_to came back at once: the drawing goes on elsewhere
        qtbot.waitUntil(lambda: bool(list((tmp_path / "png").glob("*.png"))), timeout=30000)
        dialog.cancel_export()
        qtbot.waitUntil(lambda: not dialog.running, timeout=30000)
    finally:
        exportdialog.export_print_pngs = real
    assert threads and threads[0] is not threading.main_thread()
    assert "Export cancelled" in dialog.summary.text()
    assert 0 < len(list((tmp_path / "png").glob("*.png"))) < 95  # stopped part way
