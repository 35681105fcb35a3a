"""The content editor's window, driven like a card designer drives it: forms, undo and redo,
saving, the validation panel, the close guard, failed saves, variants, filters, entries made,
copied and deleted, and a pack changed by another program."""

from __future__ import annotations

import copy
import difflib
import subprocess
import sys
import tomllib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QMessageBox, QSpinBox, QToolButton

import smqt.files.atomic
from editor.forms.fields import discarded
from editor.model.document import PackDocument
from editor.shell.window import EditorWindow
from smqt.pack.load import check_pack, load_pack
from tests.support import ROOT

pytestmark = pytest.mark.gui
BASE = ROOT / "content" / "base"
CARD = "lifeguard_tower_seven"
"A beach card with a tag pair, one scoring entry and one ring."


def field(win: EditorWindow, cls, path: str):
    """The form's widget for ``path`` (widgets of a replaced form are hidden until Qt deletes
    them when control returns to the event loop)."""
    found = [w for w in win.showing.form.findChildren(cls, f"field:{path}") if not discarded(w)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} for {path}"
    return found[0]


def type_number(qtbot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def choose(qtbot, win: EditorWindow, path: str, text: str) -> None:
    """Step through a closed drop-down with the arrow keys until ``text`` shows (a step that
    changes a kind rebuilds the form: the focus stays on the field's new drop-down)."""
    combo = field(win, QComboBox, path)
    combo.setFocus()
    key = Qt.Key.Key_Down if combo.findText(text) > combo.currentIndex() else Qt.Key.Key_Up
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(win.focusWidget(), key)
        combo = field(win, QComboBox, path)
        assert win.focusWidget() is combo
    assert combo.currentText() == text


def changed_lines(before: str, after: str) -> list[str]:
    """The lines a minimal line diff removes (-) and adds (+)."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    found = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            found += ["-" + line for line in old[i1:i2]] + ["+" + line for line in new[j1:j2]]
    return found


def card_entry(doc: PackDocument, ident: str) -> dict:
    return doc.find("card", ident)[2]


def test_form_edits_undo_redo_save_and_reload_find_exactly_those_changes(window, qtbot, pack):
    original = PackDocument(pack)
    texts = {p.name: p.read_text() for p in pack.glob("*.toml")}
    assert window.showing.select("card", CARD)
    # a tag, a scoring entry's points and a ring, each through its form field
    choose(qtbot, window, "tags.1", "nature")
    type_number(qtbot, field(window, QSpinBox, "scoring.0.points"), 5)
    add_person = next(b for b in window.showing.form.findChildren(QToolButton, "add:rings.0.people")
                  if not discarded(b))
    qtbot.mouseClick(add_person, Qt.MouseButton.LeftButton)
    choose(qtbot, window, "rings.0.people.1", "vip")
    edited = card_entry(window.session.doc, CARD)
    assert edited["tags"] == ["wave", "nature"]
    assert edited["scoring"][0]["points"] == 5
    assert edited["rings"][0]["people"] == ["tourist", "vip"]
    assert window.stack.count() == 4 and window.isWindowModified()
    assert window.preview.images  # the preview follows: the card still draws

    for _ in range(4):
        window.stack.undo()
    assert window.session.doc.files == original.files and not window.session.doc.modified
    for _ in range(4):
        window.stack.redo()
    assert card_entry(window.session.doc, CARD) == edited

    window.menus.save_action.trigger()
    assert not window.isWindowModified() and window.session.doc.valid
    reread = PackDocument(pack)
    expected = copy.deepcopy(original.files)
    _, index, _ = original.find("card", CARD)
    expected["beach.toml"]["card"][index] = edited
    assert reread.files == expected
    catalog = load_pack(pack)
    card = catalog.cards[CARD]
    assert [t.value for t in card.tags] == ["wave", "nature"]
    assert card.scoring[0].points == 5
    assert [w.value for w in card.rings[0].people] == ["tourist", "vip"]
    # the saved text differs from the original in those lines only
    changed = [p.name for p in pack.glob("*.toml") if p.read_text() != texts[p.name]]
    assert changed == ["beach.toml"]
    diff = changed_lines(texts["beach.toml"], (pack / "beach.toml").read_text())
    assert sorted(diff) == sorted(['-    "sports",', '+    "nature",',
                                   '-    { kind = "adjacent_gives", symbol = "tourist", points = 2 },',
                                   '+    { kind = "adjacent_gives", symbol = "tourist", points = 5 },',
                                   '+    "vip",'])


def test_an_invalid_value_shows_in_the_validation_panel_and_a_click_finds_the_field(window, qtbot,
                                                                                    pack):
    assert window.showing.select("card", CARD)
    name = field(window, QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClick(name, Qt.Key.Key_Delete)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert not window.session.doc.valid
    panel = window.problems.list
    assert panel.count() == 1
    assert "lifeguard_tower_seven" in panel.item(0).text() and "name" in panel.item(0).text()
    assert "must not be empty" in panel.item(0).text()
    assert "invalid" in window.state.text() and "INVALID" in window.windowTitle()
    assert any("⚠" in window.entries.list.item(i).text() for i in range(window.entries.list.count()))
    assert "Cannot draw" in window.preview.problem.text()
    # somewhere else, then back through the panel
    window.showing.select("card", "tide_pools")
    rect = panel.visualItemRect(panel.item(0))
    qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.current == ("card", CARD)
    assert window.showing.form.focusWidget() is field(window, QLineEdit, "name")
    # work in progress may be saved; it stays invalid and the engine refuses it
    window.files.save()
    _, problems = check_pack(pack)
    assert [p.key for p in problems] == ["name"]
    assert "invalid" in window.state.text()


def test_the_table_refuses_an_invalid_pack_and_says_why(window, qtbot, pack):
    from smqt.ui.shell.newgame import GameOptions
    from smqt.ui.shell.window import TableWindow

    window.showing.select("card", CARD)
    type_number(qtbot, field(window, QSpinBox, "rings.0.points"), 3)
    window.editing.push(window.session.doc.set_value("card", CARD, ("row",), "sky"))
    window.files.save()
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.new_game(GameOptions((("Ann", "human"), ("Bo", "medium")), 1, pack))
    assert table.controller is None
    assert not table.widgets.problem_bar.isHidden()
    text = table.widgets.problem_bar.text.text()
    assert CARD in text and "'sky'" in text


def test_closing_with_unsaved_changes_asks_first(window, qtbot, monkeypatch):
    answers = []

    def ask(parent, title, text, *rest):
        answers.append(title)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", ask)
    assert window.close()  # nothing changed: no question
    assert answers == []
    window.show()
    window.showing.select("card", CARD)
    type_number(qtbot, field(window, QSpinBox, "scoring.0.points"), 6)
    assert not window.close()
    assert answers == ["Unsaved changes"] and window.isVisible()
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_a_save_killed_half_way_keeps_the_previous_file(window, qtbot, pack, monkeypatch):
    before = (pack / "beach.toml").read_bytes()
    window.showing.select("card", CARD)
    type_number(qtbot, field(window, QSpinBox, "scoring.0.points"), 8)

    def killed(path, data, mode):
        # the staged file is half written when the save fails
        path.write_bytes(data[: len(data) // 2])
        raise OSError("simulated failure half-way through the save")

    told = []
    monkeypatch.setattr(smqt.files.atomic, "_write_synced", killed)
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, title, text: told.append(text))
    assert not window.files.save()
    assert (pack / "beach.toml").read_bytes() == before
    assert window.isWindowModified() and "simulated failure" in told[0]
    assert load_pack(pack).cards[CARD].scoring[0].points == 2


def test_a_variant_made_in_the_editor_validates_and_simulates(window, qtbot, pack, monkeypatch,
                                                              tmp_path):
    from editor.model.variant import NewVariantDialog

    def fill(dialog):
        dialog.name_edit.setText("Short beach")
        dialog.description_edit.setText("Shorter games, a richer pier.")
        dialog.location_edit.setText(str(tmp_path / "variants"))
        return 1

    monkeypatch.setattr(NewVariantDialog, "exec", fill)
    window.files.new_variant()
    variant = tmp_path / "variants" / "short-beach"
    assert window.session.doc.folder == variant
    manifest = tomllib.loads((variant / "pack.toml").read_text())
    assert manifest["extends"] == "../../base"
    # an inherited card is changed in the variant, a rule is overridden, a card left out
    assert window.showing.select("card", CARD)
    assert window.page.banner_button.text() == "Change in this pack"
    assert not window.showing.form.isEnabled()
    qtbot.mouseClick(window.page.banner_button, Qt.MouseButton.LeftButton)
    assert window.showing.form.isEnabled() and window.showing.current_row().status == "changed"
    type_number(qtbot, field(window, QSpinBox, "scoring.0.points"), 4)
    window.showing.select("settings", "rules")
    assert "Every value comes from the extended pack" in window.page.banner_text.text()
    type_number(qtbot, field(window, QSpinBox, "cards_to_end"), 10)
    assert "This pack sets cards_to_end;" in window.page.banner_text.text()
    type_number(qtbot, field(window, QSpinBox, "supply.vip"), 5)
    qtbot.mouseClick(window.page.banner_button, Qt.MouseButton.LeftButton)  # back to the parent's
    assert field(window, QSpinBox, "cards_to_end").value() == 14
    window.stack.undo()
    assert field(window, QSpinBox, "supply.vip").value() == 5
    type_number(qtbot, field(window, QSpinBox, "supply.vip"), 8)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.showing.select("card", "tide_pools")
    window.editing.delete()
    assert window.files.save() and window.session.doc.valid
    catalog = load_pack(variant)
    assert catalog.rules.cards_to_end == 10
    assert catalog.cards[CARD].scoring[0].points == 4
    assert "tide_pools" not in catalog.cards and len(catalog.cards) == 77
    rules = tomllib.loads((variant / "rules.toml").read_text())
    assert rules == {"rules": {"cards_to_end": 10, "supply": {"vip": 8}}}
    result = subprocess.run(
        [sys.executable, "-m", "smqt", "sim", "--pack", str(pack), "--variant", str(variant),
         "--players", "2", "--bots", "random", "--games", "2", "--jobs", "1",
         "--out", str(tmp_path / "sim")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "What the variant changes" in result.stdout and "mean score" in result.stdout
    assert "card Tide Pools removed" in result.stdout
    assert (tmp_path / "sim" / "report.html").exists()


def test_search_and_filters(window, qtbot):
    def shown():
        return [window.entries.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(window.entries.list.count())]

    assert len(shown()) == 78
    qtbot.keyClicks(window.entries.search, "pier")
    assert shown() and all("pier" in ident for ident in shown())
    window.entries.search.clear()
    window.entries.row_box.setCurrentIndex(window.entries.row_box.findData("street"))
    streets = shown()
    assert streets and all(window.session.doc.find("card", i)[2]["row"] == "street" for i in streets)
    window.entries.tag_box.setCurrentIndex(window.entries.tag_box.findData("wave"))
    assert shown() == []  # waves are beach only
    window.entries.clear_filters()
    window.entries.ring_box.setChecked(True)
    assert all(window.session.doc.find("card", i)[2].get("rings") for i in shown())
    window.entries.effect_box.setCurrentIndex(window.entries.effect_box.findData("scoring:chain"))
    assert shown() and all(any(s["kind"] == "chain" for s in window.session.doc.find("card", i)[2]["scoring"])
                           for i in shown())


def test_new_duplicate_and_delete_with_a_reference_warning(window, qtbot, monkeypatch):
    window.editing.new_entry()
    assert window.session.current == ("card", "new_card") and window.session.doc.valid
    window.editing.duplicate()
    assert window.session.current == ("card", "new_card_copy")
    assert window.session.doc.find("card", "new_card_copy")[2]["name"] == "New card (copy)"
    asked = []

    def answer(_parent, title, text, *rest):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    window.entries.set_kind("sand_dollar_action")
    window.showing.select("sand_dollar_action", "two_front")
    window.editing.delete()
    assert "sand dollar tile" in asked[-1] and "will not load" in asked[-1]
    assert not window.session.doc.valid  # the tile now names a missing action
    window.stack.undo()
    assert window.session.doc.valid and window.session.current == ("sand_dollar_action", "two_front")
    for _ in range(2):
        window.stack.undo()
    assert not window.session.doc.modified


def test_lists_reorder_and_kinds_change_through_the_form(window, qtbot):
    window.showing.select("card", "sunset_lookout")  # two scoring entries
    before = copy.deepcopy(card_entry(window.session.doc, "sunset_lookout")["scoring"])
    down = [b for b in window.showing.form.findChildren(QToolButton) if b.toolTip() == "Move down"
            and b.isEnabled()]
    qtbot.mouseClick(down[-1], Qt.MouseButton.LeftButton)  # the scoring list's first entry
    assert card_entry(window.session.doc, "sunset_lookout")["scoring"] == before[::-1]
    choose(qtbot, window, "scoring.0.kind", "adjacent_ring")  # two steps up: one undo step
    entry = card_entry(window.session.doc, "sunset_lookout")["scoring"][0]
    assert entry == {"kind": "adjacent_ring", "points": before[1]["points"]}
    assert window.session.doc.valid
    window.stack.undo()
    window.stack.undo()
    assert card_entry(window.session.doc, "sunset_lookout")["scoring"] == before


def test_help_text_comes_from_the_schema_docstrings(window, qtbot):
    window.showing.select("card", CARD)
    spin = field(window, QSpinBox, "rings.0.points")
    assert "Points when the ring is full" in spin.toolTip() and "0 to 99" in spin.toolTip()
    spin.setFocus()
    assert "Points when the ring is full" in window.page.help.text()
    assert "from -99 to 99" in field(window, QSpinBox, "scoring.0.points").toolTip()  # a penalty
    assert [field(window, QComboBox, "row").itemText(i) for i in range(2)] == ["beach", "street"]
    assert field(window, QSpinBox, "placement.0.count").maximum() == 9
    window.showing.select("settings", "rules")
    assert field(window, QSpinBox, "cards_to_end").maximum() == 60
    assert "final round" in field(window, QSpinBox, "cards_to_end").toolTip()


def test_statistics_follow_the_edits(window, qtbot):
    window.showing.select("card", CARD)
    before = window.stats.text
    choose(qtbot, window, "tags.1", "nature")
    assert window.stats.text != before
    assert "| sports |" in window.stats.text


def test_a_pack_changed_on_disk_is_offered_for_reload(window, qtbot, pack):
    path = pack / "beach.toml"
    path.write_text(path.read_text().replace('name = "Tide Pools"', 'name = "Rock Pools"'))
    qtbot.waitUntil(lambda: not window.disk_bar.isHidden(), timeout=3000)
    label, reload, _keep = window.disk_bar.rows["beach.toml"]
    assert "beach.toml" in label.text() and "changed" in label.text()
    qtbot.mouseClick(reload, Qt.MouseButton.LeftButton)
    assert window.disk_bar.isHidden()
    assert window.session.doc.find("card", "tide_pools")[2]["name"] == "Rock Pools"
    assert window.stack.count() == 0


def test_the_disk_bar_names_each_file_and_takes_a_choice_per_file(window, qtbot, pack):
    window.editing.push(window.session.doc.set_value("card", "tide_pools", ("name",), "Tidal Pools"))
    street = window.session.doc.find("card", "churro_cart")[0]
    beach = pack / "beach.toml"
    beach.write_text(beach.read_text().replace('name = "Kite Meadow"', 'name = "Kite Field"'))
    churro = window.session.doc.find("card", "churro_cart")[2]["name"]
    (pack / street).write_text((pack / street).read_text().replace(
        f'name = "{churro}"', 'name = "Churro Stand"', 1))
    qtbot.waitUntil(lambda: len(window.disk_bar.rows) == 2, timeout=3000)
    texts = {name: row[0].text() for name, row in window.disk_bar.rows.items()}
    assert "unsaved edits" in texts["beach.toml"] and "unsaved" not in texts[street]
    assert window.disk_bar.reload_button.isVisibleTo(window.disk_bar)
    # the street file as on disk; beach.toml stays as edited here (and is written back)
    qtbot.mouseClick(window.disk_bar.rows[street][1], Qt.MouseButton.LeftButton)
    assert list(window.disk_bar.rows) == ["beach.toml"] and window.disk_bar.isVisible()
    assert window.session.doc.find("card", "churro_cart")[2]["name"] == "Churro Stand"
    assert street not in window.session.doc.unsaved_files()
    assert window.session.doc.find("card", "tide_pools")[2]["name"] == "Tidal Pools"
    qtbot.mouseClick(window.disk_bar.rows["beach.toml"][2], Qt.MouseButton.LeftButton)
    assert window.disk_bar.isHidden()
    assert window.files.save()
    saved = beach.read_text()
    assert 'name = "Tidal Pools"' in saved and 'name = "Kite Meadow"' in saved


def test_playtest_and_simulate_use_the_saved_pack(window, qtbot, pack, monkeypatch):
    launched = []
    window.tryout.launch = lambda argv: launched.append(argv) or True
    window.showing.select("card", CARD)
    window.tryout.playtest()
    assert launched[-1][1:] == ["-m", "smqt", "play", "--playtest", "--pack", str(pack),
                                "--opening", CARD]
    window.tryout.playtest(with_card=False)
    assert launched[-1][1:] == ["-m", "smqt", "play", "--playtest", "--pack", str(pack)]
    window.showing.select("starting_tile", window.session.doc.catalog and next(iter(
        window.session.doc.catalog.starting_tiles)))
    window.tryout.playtest()
    assert "--opening" not in launched[-1]
    # an invalid pack is refused with the reasons
    told = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, title, text: told.append(text))
    window.editing.push(window.session.doc.set_value("card", CARD, ("name",), ""))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Save)
    window.tryout.playtest()
    assert len(launched) == 3 and "must not be empty" in told[-1]


def test_simulate_against_base_shows_progress_and_opens_the_report(window, qtbot, pack, tmp_path):
    from editor.model.variant import create_variant

    variant = create_variant(pack, tmp_path / "variants", "Quick")
    (variant / "rules.toml").write_text("[rules]\ncards_to_end = 6\n")
    window.files.open_pack(variant)
    opened = []
    window.tryout.open_url = lambda url: opened.append(url.toLocalFile()) or True
    window.tryout.simulate()
    dialog = window.tryout.sim_dialog
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.games.setValue(2)
    dialog.jobs.setValue(1)
    dialog.bots.setEditText("random")
    seen = []
    dialog.bar.valueChanged.connect(seen.append)
    with qtbot.waitSignal(dialog.finished_report, timeout=120000):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert opened and opened[0].endswith("report.html")
    assert seen[-1] == 4 and len(seen) >= 2  # 2 games under each pack
    assert "variant" in dialog.summary
