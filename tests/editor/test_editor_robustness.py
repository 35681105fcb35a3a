"""The editor with packs as people really leave them: typing not yet committed, values of the
wrong type, entries that are not tables, ids that are not text, files another program changed,
and undo that must put every key back where it was."""

from __future__ import annotations

import tomllib

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QMessageBox, QSpinBox

from editor.forms.fields import discarded
from editor.model.document import DocumentError
from editor.shell.window import EditorWindow
from smqt.pack.load import load_pack
from tests.support import ROOT

pytestmark = pytest.mark.gui
BASE = ROOT / "content" / "base"


def open_window(qtbot, folder, monkeypatch, answer=QMessageBox.StandardButton.Discard):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answer)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: None)
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.files.open_pack(folder)
    win.show()
    return win


def field(win, cls, path):
    found = [w for w in win.showing.form.findChildren(cls, f"field:{path}") if not discarded(w)]
    assert len(found) == 1, path
    return found[0]


def replace_in(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_typing_then_undo_never_lands_on_another_entry(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch)
    win.showing.select("card", "tide_pools")
    win.editing.push(win.session.doc.set_value("card", "tide_pools", ("scoring", 0, "points"), 3))
    win.showing.select("card", "kite_meadow")
    name = field(win, QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Typed for the meadow")  # not committed: no Enter, still focused
    win.stack.undo()  # shows tide_pools again; the meadow's form is replaced
    assert win.session.doc.find("card", "tide_pools")[2]["name"] == "Tide Pools"
    assert win.session.doc.find("card", "kite_meadow")[2]["name"] == "Kite Meadow"
    assert (win.stack.index(), win.stack.count()) == (0, 1)
    assert not win.session.doc.modified


def test_typing_not_yet_committed_is_saved_and_guards_the_close(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch, QMessageBox.StandardButton.Cancel)
    win.showing.select("card", "tide_pools")
    name = field(win, QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Rock Pools")
    assert not win.close()  # the typing counts as a change: the guard asks (and we cancel)
    spin = field(win, QSpinBox, "scoring.0.points")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    assert win.files.save()
    card = load_pack(pack).cards["tide_pools"]
    assert (card.name, card.scoring[0].points) == ("Rock Pools", 7)


def test_values_of_the_wrong_type_are_shown_and_mended_through_the_form(qtbot, pack,
                                                                         monkeypatch):
    replace_in(pack / "sand_dollars.toml", 'sides = [\n    "two_front",\n    "front_and_behind",\n]',
               'sides = "two_front"')
    replace_in(pack / "rules.toml", "cards_to_end = 14", 'cards_to_end = "many"')
    replace_in(pack / "beach.toml", 'id = "tide_pools"', "id = 5")
    win = open_window(qtbot, pack, monkeypatch)
    assert len(win.session.doc.problems) == 3
    # a tile's sides given as text: choosing side B writes a whole pair
    win.showing.select("sand_dollar_tile", "tile_1")
    side = field(win, QComboBox, "sides.1")
    side.lineEdit().setText("front_and_behind")
    side.lineEdit().editingFinished.emit()
    tile = win.session.doc.find("sand_dollar_tile", "tile_1")[2]
    assert tile["sides"] == ["", "front_and_behind"]
    side_a = field(win, QComboBox, "sides.0")
    side_a.lineEdit().setText("two_front")
    side_a.lineEdit().editingFinished.emit()
    assert win.session.doc.find("sand_dollar_tile", "tile_1")[2]["sides"] == ["two_front",
                                                                       "front_and_behind"]
    # a number given as text is shown as written, marked, and any value mends it
    win.showing.select("settings", "rules")
    spin = field(win, QSpinBox, "cards_to_end")
    assert "not a whole number" in spin.toolTip() and spin.text() == '"many"'
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert win.session.doc.files["rules.toml"]["rules"]["cards_to_end"] == 1
    # an id that is a number is still an entry that can be edited
    assert win.showing.select("card", "5")
    ident = field(win, QLineEdit, "id")
    ident.setText("tide_pools")
    ident.editingFinished.emit()
    assert win.session.doc.valid, win.session.doc.problems
    # every step undoes exactly
    while win.stack.canUndo():
        win.stack.undo()
    assert not win.session.doc.modified
    assert win.session.doc.files["sand_dollars.toml"]["sand_dollar_tile"][0]["sides"] == "two_front"


def test_a_pack_whose_entries_are_not_tables_still_opens(qtbot, pack, monkeypatch):
    (pack / "odd.toml").write_text('card = ["x", 3]\n\n[starting_tile]\nid = "lone"\n')
    win = open_window(qtbot, pack, monkeypatch)
    assert not win.session.doc.valid
    texts = [win.problems.list.item(i).text() for i in range(win.problems.list.count())]
    assert any("odd.toml" in t for t in texts)
    for i in range(win.problems.list.count()):
        win.showing.jump_to(win.problems.problems[i])  # nowhere to go is not an error
    win.editing.new_entry()
    assert win.session.current == ("card", "new_card")


def test_undo_puts_a_dropped_key_back_in_its_place(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch)
    win.showing.select("card", "tide_pools")
    before = (pack / "beach.toml").read_text()
    keys = list(win.session.doc.find("card", "tide_pools")[2])
    win.editing.push(win.session.doc.replace_list("card", "tide_pools", "scoring", []))
    assert "scoring" not in win.session.doc.find("card", "tide_pools")[2]
    win.stack.undo()
    assert list(win.session.doc.find("card", "tide_pools")[2]) == keys
    win.editing.push(win.session.doc.set_value("card", "tide_pools", ("name",), "Rock Pools"))
    win.stack.undo()
    win.files.save()
    assert (pack / "beach.toml").read_text() == before


def test_a_pack_whose_file_is_not_toml_says_its_problem_once(qtbot, pack, monkeypatch):
    """Issue 43: the refusal's sentence and the list under it said the same thing twice."""
    told = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, title, text: told.append(text))
    (pack / "street.toml").write_text('[[card]]\nid = "x"\nname = \n')
    win = EditorWindow()
    qtbot.addWidget(win)
    assert not win.files.open_pack(pack)
    [text] = told
    assert text.count("this is not a value TOML can read") == 1, text
    assert text.startswith(f"{pack / 'street.toml'} does not read as TOML.")
    assert f"{pack / 'street.toml'}, line 3: invalid TOML" in text


def test_a_failed_reload_keeps_the_document(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch)
    win.editing.push(win.session.doc.set_value("card", "tide_pools", ("name",), "Rock Pools"))
    (pack / "street.toml").write_text("this is [not toml")
    win.files.reload_from_disk()  # the question is answered "discard"; the file cannot be read
    assert win.session.doc.find("card", "tide_pools")[2]["name"] == "Rock Pools"
    assert "street.toml" in win.session.doc.files and win.session.doc.modified
    with pytest.raises(DocumentError, match=r"street\.toml"):
        win.session.doc.reload()


def test_keep_my_version_writes_the_files_another_program_changed(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch, QMessageBox.StandardButton.Save)
    ours = win.session.doc.text("street.toml")
    replace_in(pack / "street.toml", "[[card]]", "# changed elsewhere\n\n[[card]]")
    qtbot.waitUntil(lambda: "street.toml" in win.disk_bar.rows, timeout=3000)
    qtbot.mouseClick(win.disk_bar.rows["street.toml"][2], Qt.MouseButton.LeftButton)
    assert win.disk_bar.isHidden()
    assert win.session.doc.modified
    assert win.files.save()
    assert (pack / "street.toml").read_text() == ours


def test_saving_over_another_programs_changes_asks_first(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch, QMessageBox.StandardButton.Cancel)
    win.editing.push(win.session.doc.set_value("card", "tide_pools", ("name",), "Rock Pools"))
    replace_in(pack / "beach.toml", 'name = "Kite Meadow"', 'name = "Kite Field"')
    assert not win.files.save()
    assert 'name = "Kite Field"' in (pack / "beach.toml").read_text()


def test_a_variant_warns_before_leaving_out_an_action_an_inherited_tile_uses(qtbot, pack,
                                                                            monkeypatch, tmp_path):
    from editor.model.variant import create_variant

    variant = create_variant(pack, tmp_path / "variants", "No double pick")
    asked = []
    win = open_window(qtbot, variant, monkeypatch)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _t, text, *a: asked.append(text) or QMessageBox.StandardButton.Yes)
    win.showing.select("sand_dollar_action", "two_front")
    win.editing.delete()
    assert "the extended pack's sand dollar tile 'tile_1'" in asked[-1]
    assert win.session.doc.removed("sand_dollar_action") == ["two_front"]


def test_editing_extends_changes_what_is_inherited(qtbot, pack, monkeypatch, tmp_path):
    from editor.model.variant import create_variant

    variant = create_variant(pack, tmp_path / "variants", "Standalone")
    win = open_window(qtbot, variant, monkeypatch)
    assert len(win.session.doc.inherited("card")) == 78
    win.showing.select("settings", "pack")
    extends = field(win, QLineEdit, "extends")
    extends.setText("")
    extends.editingFinished.emit()
    assert tomllib.loads(win.session.doc.text("pack.toml")).get("extends") is None
    assert win.session.doc.inherited("card") == {} and win.session.doc.parent is None
    win.stack.undo()
    assert len(win.session.doc.inherited("card")) == 78


def test_a_flag_written_as_a_number_can_be_fixed(qtbot, pack, monkeypatch):
    replace_in(pack / "beach.toml", "per_tag = true", "per_tag = 1")
    win = open_window(qtbot, pack, monkeypatch)
    ident = next(i for _, _, e in win.session.doc.entries("card") for i in [e["id"]]
                 if any(s.get("per_tag") == 1 for s in e.get("scoring", [])))
    win.showing.select("card", ident)
    index = next(i for i, s in enumerate(win.session.doc.find("card", ident)[2]["scoring"])
                 if s.get("per_tag") == 1)
    check = field(win, QCheckBox, f"scoring.{index}.per_tag")
    assert "not true or false" in check.toolTip()
    assert not check.isChecked()  # shown as the default until it is fixed
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(6, check.height() // 2))
    assert win.session.doc.find("card", ident)[2]["scoring"][index]["per_tag"] is True
    assert win.session.doc.valid


def test_an_edit_that_cannot_be_carried_out_leaves_no_command(qtbot, pack, monkeypatch):
    win = open_window(qtbot, pack, monkeypatch)
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: told.append(text))
    edit = win.session.doc.set_value("card", "tide_pools", ("name",), "Rock Pools")

    def refuse(_edit):
        raise DocumentError("beach.toml: simulated refusal")

    monkeypatch.setattr(win.session.doc, "apply", refuse)
    win.editing.push(edit)
    assert win.stack.count() == 0 and "simulated refusal" in told[0]
    assert win.session.doc.find("card", "tide_pools")[2]["name"] == "Tide Pools"
