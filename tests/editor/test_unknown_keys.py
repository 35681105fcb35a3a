"""A misspelt key (issue 43, finding 4): ``pionts = 1`` is shown in the form where it stands in
the file, with Rename and Delete, each one step of the undo history; clicking its problem in
the validation panel goes to it; filling in ``points`` and deleting the typo, or renaming it,
makes the pack load."""

from __future__ import annotations

import os
import tomllib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QSpinBox, QToolButton

from editor.forms.fields import discarded
from tests.editor.opened import open_editor
from tests.support import BASE

pytestmark = pytest.mark.gui

CARDS = """\
[[card]]
id = "tide_pool_two"
name = "Tide Pool Two"
pionts = 1
row = "beach"
tags = ["wave"]
scoring = [{ kind = "chain", tag = "wave", at_least = 2, pionts = 4 }]
"""


@pytest.fixture
def typo(tmp_path, monkeypatch):
    """A variant of the base pack with one new card that misspells ``points`` twice: once
    where a card has no such key, once in a scoring entry that needs it."""
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "typo"
    folder.mkdir()
    extends = os.path.relpath(BASE, folder)
    (folder / "pack.toml").write_text(
        f'name = "typo"\nversion = "0.1.0"\nschema = 1\nextends = "{extends}"\n'
        'descripton = "A description with a typo in its key."\n', encoding="utf-8")
    (folder / "cards.toml").write_text(CARDS, encoding="utf-8")
    return folder


def widget(win, cls, name: str):
    found = [w for w in win.showing.form.findChildren(cls, name) if not discarded(w)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} named {name}"
    return found[0]


def rows(win, path: tuple = ()) -> list[str]:
    """The labels of the form's rows at ``path`` (its top table: ()), top to bottom."""
    labels = [w for w in win.showing.form.findChildren(QLabel) if not discarded(w)
              and w.objectName().startswith(("fieldlabel:", "unknownlabel:"))]
    depth = len(path) + 1
    mine = [w for w in labels if len(w.objectName().split(":", 1)[1].split(".")) == depth
            and w.objectName().split(":", 1)[1].startswith(".".join(map(str, path)))]
    mine.sort(key=lambda w: w.parentWidget().layout().getWidgetPosition(w)[0])
    return [w.objectName().split(":", 1)[1].split(".")[-1] for w in mine]


def card(win) -> dict:
    return win.session.doc.find("card", "tide_pool_two")[2]


def test_the_nearest_key_and_the_keys_a_table_does_not_have():
    from editor.forms.unknown import nearest_key, unknown_keys

    assert nearest_key("pionts", ["tag", "at_least", "points", "per_tag"]) == "points"
    assert nearest_key("zzz", ["tag", "points"]) is None
    assert unknown_keys({"pionts": 1, "id": "x", "nmae": "y", "row": "beach"},
                        ["id", "name", "row"]) == [("pionts", None), ("nmae", "id")]


def test_a_misspelt_key_is_shown_where_it_stands_and_its_problem_goes_there(qtbot, typo,
                                                                            monkeypatch):
    win = open_editor(qtbot, monkeypatch, typo)
    problems = [p for p in win.session.doc.problems if "pionts" in p.key]
    assert [p.key for p in problems] == ["pionts", "scoring[0].pionts"]
    assert win.showing.select("card", "tide_pool_two")
    # shown where the file has it: after the name, and in the scoring entry after at_least
    assert rows(win)[:4] == ["id", "name", "pionts", "row"]
    assert rows(win, ("scoring", 0))[:3] == ["tag", "at_least", "pionts"]
    assert widget(win, QLineEdit, "field:pionts").text() == "1"
    assert widget(win, QLabel, "unknownlabel:pionts").text() == "unknown: pionts"
    # the scoring entry's typo is offered to be renamed to the key it misspells
    assert widget(win, QToolButton, "rename:scoring.0.pionts").text() == "Rename to points"
    # a click on each problem in the validation panel goes to the key
    panel = win.problems.list
    win.showing.select("card", "pier_arcade")
    for key, name in (("scoring[0].pionts", "field:scoring.0.pionts"), ("pionts", "field:pionts")):
        item = next(panel.item(i) for i in range(panel.count()) if f"key {key}:" in
                    panel.item(i).text())
        rect = panel.visualItemRect(item)
        qtbot.mouseClick(panel.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert win.session.current == ("card", "tide_pool_two")
        assert win.showing.form.focusWidget() is widget(win, QLineEdit, name)


def test_rename_keeps_the_value_and_the_place_in_one_undoable_step(qtbot, typo, monkeypatch):
    win = open_editor(qtbot, monkeypatch, typo)
    before = (typo / "cards.toml").read_text(encoding="utf-8")
    win.showing.select("card", "tide_pool_two")
    steps = win.stack.count()
    qtbot.mouseClick(widget(win, QToolButton, "rename:scoring.0.pionts"),
                     Qt.MouseButton.LeftButton)
    assert win.stack.count() == steps + 1
    assert win.stack.undoText() == "card tide_pool_two: rename pionts to points"
    assert card(win)["scoring"][0] == {"kind": "chain", "tag": "wave", "at_least": 2, "points": 4}
    assert list(card(win)["scoring"][0]) == ["kind", "tag", "at_least", "points"]
    assert not [p for p in win.session.doc.problems if p.key.startswith("scoring")]
    assert widget(win, QSpinBox, "field:scoring.0.points").value() == 4
    assert not [w for w in win.showing.form.findChildren(QLineEdit, "field:scoring.0.pionts")
                if not discarded(w)]
    win.stack.undo()
    assert card(win)["scoring"][0] == {"kind": "chain", "tag": "wave", "at_least": 2, "pionts": 4}
    assert list(card(win)["scoring"][0]) == ["kind", "tag", "at_least", "pionts"]
    win.stack.redo()
    # the card's own typo: a card has no key near it; the menu offers every key of a card
    menu = widget(win, QToolButton, "rename:pionts").menu()
    assert widget(win, QToolButton, "rename:pionts").text() == "Rename"
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts[:3] == ["id (replaces \"tide_pool_two\")", "name (replaces \"Tide Pool Two\")",
                         "row (replaces \"beach\")"]
    assert "text" in texts
    next(a for a in menu.actions() if a.data() == "text").trigger()
    assert list(card(win)) == ["id", "name", "text", "row", "tags", "scoring"]
    assert card(win)["text"] == 1  # the value kept as written: the form now says it is no text
    win.stack.undo()
    win.stack.undo()
    win.files.save()
    assert (typo / "cards.toml").read_text(encoding="utf-8") == before


def test_filling_in_the_key_then_deleting_the_typo_makes_the_pack_load(qtbot, typo,
                                                                      monkeypatch):
    win = open_editor(qtbot, monkeypatch, typo)
    win.showing.select("card", "tide_pool_two")
    spin = widget(win, QSpinBox, "field:scoring.0.points")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "4")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert card(win)["scoring"][0]["points"] == 4
    assert [p.key for p in win.session.doc.problems if "pionts" in p.key] == \
        ["pionts", "scoring[0].pionts"]  # both keys are there: the problem stays
    steps = win.stack.count()
    for name in ("delete:scoring.0.pionts", "delete:pionts"):
        qtbot.mouseClick(widget(win, QToolButton, name), Qt.MouseButton.LeftButton)
    assert win.stack.count() == steps + 2
    assert win.stack.undoText() == "card tide_pool_two: delete the unknown key pionts"
    assert [p for p in win.session.doc.problems if p.file.endswith("cards.toml")] == []
    win.files.save()
    saved = tomllib.loads((typo / "cards.toml").read_text(encoding="utf-8"))["card"][0]
    assert "pionts" not in saved and saved["scoring"][0]["points"] == 4


def test_a_misspelt_key_of_the_pack_file_is_renamed_too(qtbot, typo, monkeypatch):
    win = open_editor(qtbot, monkeypatch, typo)
    win.showing.select("settings", "pack")
    assert rows(win) == ["name", "version", "schema", "extends", "descripton", "description"]
    button = widget(win, QToolButton, "rename:descripton")
    assert button.text() == "Rename to description"
    with qtbot.waitActive(win):
        win.activateWindow()
    win.showing.jump_to(next(p for p in win.session.doc.problems if p.key == "descripton"))
    assert win.page.help.text().startswith("descripton is not a key of this table")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # the help line no longer speaks of a key that is gone
    assert win.page.help.text() == "Point at or click into a field to read what it means."
    manifest = win.session.doc.files["pack.toml"]
    assert manifest["description"] == "A description with a typo in its key."
    assert "descripton" not in manifest
    assert [p for p in win.session.doc.problems if p.file.endswith("pack.toml")] == []
    assert widget(win, QLineEdit, "field:description").text() == \
        "A description with a typo in its key."
    assert win.stack.undoText() == "settings pack: rename descripton to description"


def test_an_unknown_key_in_a_form_of_its_own(qtbot):
    """The form alone: its rows come and go with the table, a key standing first goes first,
    and Rename and Delete are said, not carried out, by the form."""
    from editor.forms.form import Form
    from smqt.engine.effects import Chain

    form = Form(Chain)
    qtbot.addWidget(form)
    said = []
    form.key_renamed.connect(lambda path, key: said.append(("rename", path, key)))
    form.key_deleted.connect(lambda path: said.append(("delete", path)))
    form.show_table({"kind": "chain", "tga": "wave", "at_least": 2, "points": 1})
    layout = form.findChild(QFormLayout)
    first = layout.itemAt(0, QFormLayout.ItemRole.LabelRole).widget()
    assert first.objectName() == "unknownlabel:tga"  # after kind, before every field
    form.findChild(QToolButton, "rename:tga").click()
    form.findChild(QToolButton, "delete:tga").click()
    assert said == [("rename", ("tga",), "tag"), ("delete", ("tga",))]
    form.show_table({"kind": "chain", "tag": "wave", "at_least": 2, "points": 1})
    assert [w for w in form.findChildren(QToolButton, "rename:tga") if not discarded(w)] == []
    assert ("tga",) not in form.widgets


def test_in_german_the_typo_is_named_and_the_key_meant_is_in_words(qtbot, typo, monkeypatch,
                                                                   german):
    win = open_editor(qtbot, monkeypatch, typo)
    win.showing.select("card", "tide_pool_two")
    assert widget(win, QLabel, "unknownlabel:pionts").text() == "unbekannt: pionts"
    assert widget(win, QToolButton, "rename:scoring.0.pionts").text() == \
        "Umbenennen in Punkte (points)"
    assert widget(win, QToolButton, "delete:pionts").text() == "Löschen"
    qtbot.mouseClick(widget(win, QToolButton, "rename:scoring.0.pionts"),
                     Qt.MouseButton.LeftButton)
    assert win.stack.undoText() == "Merkmalskarte tide_pool_two: pionts in points umbenennen"
