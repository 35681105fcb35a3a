"""Authoring without losing one's place: a new entry's id follows its name until the author
types one, the selection and the focus stay on an entry whose id changes, entries sharing an
id can each be opened, and a kind's search does not carry over to the next kind."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

from editor.model.document import PackDocument
from tests.editor.test_editor_window import CARD, field

pytestmark = pytest.mark.gui


def type_text(qtbot, line: QLineEdit, text: str, key=Qt.Key.Key_Return) -> None:
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, key)


def test_a_new_cards_id_follows_its_name_until_the_author_types_one(window, qtbot):
    window.editing.new_entry()
    assert window.session.current == ("card", "new_card")
    type_text(qtbot, field(window, QLineEdit, "name"), "Ocean Avenue Taco Stand")
    assert window.session.current == ("card", "ocean_avenue_taco_stand")
    assert window.session.doc.find("card", "ocean_avenue_taco_stand")[2]["name"] == \
        "Ocean Avenue Taco Stand"
    assert field(window, QLineEdit, "id").text() == "ocean_avenue_taco_stand"
    # one undo takes back the name and the id together
    window.stack.undo()
    assert window.session.current == ("card", "new_card")
    assert window.session.doc.find("card", "new_card")[2]["name"] != "Ocean Avenue Taco Stand"
    window.stack.redo()
    # renamed again: still following; a name whose id is taken gets a number
    taken = window.session.doc.find("card", CARD)[2]["name"]
    type_text(qtbot, field(window, QLineEdit, "name"), taken)
    assert window.session.current == ("card", f"{CARD}_2")
    # an id typed by hand stays
    type_text(qtbot, field(window, QLineEdit, "id"), "taco_test")
    type_text(qtbot, field(window, QLineEdit, "name"), "Taco Truck")
    assert window.session.current == ("card", "taco_test")
    assert window.session.doc.find("card", "taco_test")[2]["name"] == "Taco Truck"


def test_a_saved_entrys_id_never_follows_its_name(window, qtbot):
    assert window.showing.select("card", CARD)
    type_text(qtbot, field(window, QLineEdit, "name"), "Tower Eight")
    assert window.session.current == ("card", CARD)
    assert window.session.doc.find("card", CARD)[2]["name"] == "Tower Eight"


def test_changing_an_id_keeps_the_entry_selected_and_tab_moves_on_in_its_form(window, qtbot):
    assert window.showing.select("card", CARD)
    qtbot.wait(20)  # a form added to a shown window is shown by a queued event
    first = window.entries.rows[0].key
    assert first != CARD
    line = field(window, QLineEdit, "id")
    type_text(qtbot, line, "tower_seven", key=Qt.Key.Key_Tab)
    assert window.session.current == ("card", "tower_seven")
    assert window.entries.current_id() == "tower_seven"
    assert "tower_seven" in window.page.title.text()
    # the same form is still there and the focus went on to the next field, not away
    assert field(window, QLineEdit, "id") is line
    assert window.showing.form.isAncestorOf(window.focusWidget())
    assert window.focusWidget() is not line


def test_entries_sharing_an_id_each_open_and_the_problem_names_the_real_file(qtbot, tmp_path,
                                                                            monkeypatch):
    from tests.support import BASE

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "dup"
    shutil.copytree(BASE, folder)
    street = folder / "street.toml"
    text = street.read_text()
    doc = PackDocument(folder)
    first, second = [str(e["id"]) for f, _, e in doc.entries("card")
                     if f == "street.toml"][:2]
    street.write_text(text.replace(f'id = "{second}"', f'id = "{first}"', 1))

    from editor.shell.window import EditorWindow

    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.files.open_pack(folder)
    twins = [r for r in win.entries.rows if r.id == first]
    assert len(twins) == 2 and twins[0].key != twins[1].key
    labels = [win.entries.list.item(i).text() for i in range(win.entries.list.count())]
    assert sum(first in label for label in labels) == 2
    assert any("copy 2 of this id" in label for label in labels)
    # the second opens, shows its own table, and an edit lands in it, not the first
    assert win.showing.select("card", twins[1].key)
    assert win.showing.form is not None
    assert field(win, QLineEdit, "name").text() == twins[1].table["name"]
    type_text(qtbot, field(win, QLineEdit, "id"), "second_card_fixed")
    ids = [str(e["id"]) for f, _, e in win.session.doc.entries("card") if f == "street.toml"][:2]
    assert ids == [first, "second_card_fixed"]
    assert win.session.doc.valid
    # the loader's problem before the fix named the real file, and a click opens the second
    win.stack.undo()
    problem = win.session.doc.problems[0]
    assert str(street) in str(problem) and "duplicate id" in str(problem)
    win.showing.select("card", first)
    win.showing.jump_to(problem)
    assert win.session.current == ("card", twins[1].key)


def test_the_search_and_the_help_line_start_afresh_for_each_kind(window, qtbot):
    qtbot.keyClicks(window.entries.search, "tower")
    assert window.entries.list.count() < len(window.entries.rows)
    field(window, QLineEdit, "name").setFocus()
    assert "name" in window.page.help.text().lower()
    window.entries.set_kind("starting_tile")
    assert window.entries.search.text() == ""
    assert window.entries.list.count() == len(window.entries.rows) > 0
    assert window.session.current is not None and window.session.current[0] == "starting_tile"
    assert window.page.help.text().startswith("Point at")


@pytest.fixture
def trial(qtbot, tmp_path, monkeypatch):
    """The house-rule-trial variant (it changes sunset_lookout) beside a copy of base."""
    from tests.support import BASE

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    shutil.copytree(BASE, tmp_path / "content" / "base")
    folder = tmp_path / "content" / "variants" / "house-rule-trial"
    shutil.copytree(BASE.parent / "variants" / "house-rule-trial", folder)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    from editor.shell.window import EditorWindow

    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.files.open_pack(folder, offer_recovery=False)
    return win


def test_deleting_a_changed_entry_leaves_it_out_and_the_banner_reverts_one(trial):
    assert trial.showing.select("card", "sunset_lookout")
    assert trial.showing.current_row().status == "changed"
    assert trial.page.banner_button.text() == "Use the extended pack's version"
    trial.editing.delete()
    assert trial.session.doc.removed("card") == ["churro_cart", "sunset_lookout"]
    assert trial.session.doc.locate("card", "sunset_lookout") is None
    assert trial.session.current == ("card", "sunset_lookout")
    assert trial.showing.current_row().status == "removed"
    trial.stack.undo()  # one step puts both back
    assert trial.session.doc.removed("card") == ["churro_cart"]
    assert trial.session.doc.locate("card", "sunset_lookout") is not None
    # the banner's button drops only the changes: the extended pack's card plays again
    trial.showing.select("card", "sunset_lookout")
    trial.page.banner_button.click()
    assert trial.session.doc.locate("card", "sunset_lookout") is None
    assert trial.session.doc.removed("card") == ["churro_cart"]
    assert trial.showing.current_row().status == "inherited"


def test_a_refused_number_left_behind_is_reported_not_dropped_silently(window, qtbot):
    from PySide6.QtWidgets import QSpinBox

    assert window.showing.select("card", CARD)
    qtbot.wait(20)
    spin = field(window, QSpinBox, "placement.0.count")
    before = window.session.doc.find("card", CARD)[2]["placement"][0]["count"]
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "-3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    window.showing.select("card", "tide_pools")
    message = window.statusBar().currentMessage()
    assert "placement.0.count: -3 was not taken" in message and "or more" in message
    assert window.session.doc.find("card", CARD)[2]["placement"][0]["count"] == before


def test_tab_follows_the_form_in_reading_order(window, qtbot):
    """A list's items come before its "+ Add" and before the fields below it (they are made
    later, so without an order Tab jumped past them)."""
    assert window.showing.select("card", CARD)
    qtbot.wait(50)
    chain, widget = [], field(window, QLineEdit, "id")
    for _ in range(60):
        widget = widget.nextInFocusChain()
        if widget.objectName().startswith(("field:", "add:")) and widget.isVisible() and \
                window.showing.form.isAncestorOf(widget):
            chain.append(widget.objectName())
    names = chain[:chain.index("add:placement") + 1]
    assert names[:3] == ["field:name", "field:row", "field:tags.0"]
    assert names.index("field:tags.1") < names.index("add:tags") < \
        names.index("field:placement.0.kind") < names.index("add:placement")
