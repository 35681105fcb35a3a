"""A duplicate's words in other languages (issue 43, finding 6): Ctrl+D on Tide Pools must not
give a German table two "Gezeitentümpel". The copy's German name and text are kept as a
starting point but marked to be translated again (``de.outdated = true``); until then the
table, the print and the entry list show the copy's own name in German too; writing the
German name again clears the mark in the same step."""

from __future__ import annotations

import tomllib

import attrs
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit

from editor.forms.fields import discarded
from smqt.engine.catalog import entry_in_language, in_language
from smqt.pack.load import load_pack
from tests.support import BASE

pytestmark = pytest.mark.gui
CARD = "tide_pools"
"Tide Pools, in German Gezeitentümpel, with a German flavour text."


def field(win, cls, path: str):
    found = [w for w in win.showing.form.findChildren(cls, f"field:{path}") if not discarded(w)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} for {path}"
    return found[0]


def test_a_copy_marks_its_words_and_the_table_shows_its_own_name_until_they_are_new():
    from editor.model.templates import copy_of

    tide = load_pack(BASE).cards[CARD]
    table = {"id": CARD, "name": "Tide Pools", "row": "beach",
             "de": {"name": "Gezeitentümpel", "text": "Seesterne."}}
    twin = copy_of(table, "tide_pools_copy")
    assert twin["de"] == {"name": "Gezeitentümpel", "text": "Seesterne.", "outdated": True}
    assert twin["name"] == "Tide Pools (copy)" and table["de"] == {
        "name": "Gezeitentümpel", "text": "Seesterne."}  # the original is left alone
    assert "de" not in copy_of({"id": "x", "name": "X"}, "x_copy")
    assert copy_of({"id": "x", "name": "X", "de": {}}, "x_copy")["de"] == {}
    marked = attrs.evolve(tide, de=attrs.evolve(tide.de, outdated=True))
    assert entry_in_language(marked, "de").name == "Tide Pools"
    assert entry_in_language(tide, "de").name == "Gezeitentümpel"


def test_duplicating_a_card_marks_its_german_words_to_be_translated_again(window, qtbot, pack):
    assert window.showing.select("card", CARD)
    window.editing.duplicate()
    assert window.session.current == ("card", "tide_pools_copy")
    doc = window.session.doc
    twin = doc.find("card", "tide_pools_copy")[2]
    assert twin["de"]["outdated"] is True and twin["de"]["name"] == "Gezeitentümpel"
    assert "translate them again" in window.statusBar().currentMessage()
    assert doc.valid
    german = in_language(doc.catalog, "de")
    assert german.cards[CARD].name == "Gezeitentümpel"
    assert german.cards["tide_pools_copy"].name == "Tide Pools (copy)"
    assert german.cards["tide_pools_copy"].text == doc.catalog.cards[CARD].text
    # the form shows the mark; writing the German name again takes it away in the same step
    assert field(window, QCheckBox, "de.outdated").isChecked()
    steps = window.stack.count()
    name = field(window, QLineEdit, "de.name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Felsenbecken")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    twin = doc.find("card", "tide_pools_copy")[2]
    assert twin["de"] == {"name": "Felsenbecken",
                          "text": "Seesterne, Anemonen und sehr viele vorsichtige Schritte."}
    assert window.stack.count() == steps + 1
    assert window.stack.undoText() == \
        "card tide_pools_copy: de.name = Felsenbecken; translated again"
    assert in_language(doc.catalog, "de").cards["tide_pools_copy"].name == "Felsenbecken"
    assert not field(window, QCheckBox, "de.outdated").isChecked()
    window.stack.undo()
    assert doc.find("card", "tide_pools_copy")[2]["de"]["outdated"] is True
    window.stack.redo()
    window.files.save()
    saved = tomllib.loads((pack / "beach.toml").read_text(encoding="utf-8"))["card"]
    assert [c["de"]["name"] for c in saved if c["id"].startswith(CARD)] == \
        ["Gezeitentümpel", "Felsenbecken"]


def test_in_german_the_list_shows_the_copy_by_its_own_name(window, german):
    window.showing.select("card", CARD)
    window.editing.duplicate()
    names = [window.entries.list.item(i).text() for i in range(window.entries.list.count())]
    assert sum("Gezeitentümpel" in text for text in names) == 1
    assert any("Tide Pools (copy)" in text for text in names)
    assert "übersetze sie neu" in window.statusBar().currentMessage()
