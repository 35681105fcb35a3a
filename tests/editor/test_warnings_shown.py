"""The validation panel lists a pack's warnings under its problems (issue 43): a copy that
kept its German name is valid, and a click on the warning goes to its German name."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from editor.forms.fields import discarded
from editor.model.document import PackDocument
from tests.content.test_pack_warnings import COPY_OF_TIDE_POOLS, variant
from tests.editor.opened import open_editor


@pytest.fixture
def copied(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    return variant(tmp_path / "trial", COPY_OF_TIDE_POOLS)


def test_the_document_holds_the_warnings_apart_from_its_problems(copied):
    doc = PackDocument(copied)
    assert doc.valid and doc.problems == []
    assert [(w.entry, w.key) for w in doc.warnings] == [("tide_pools_copy", "de.name")]


@pytest.mark.gui
def test_the_panel_shows_the_warning_and_a_click_goes_to_the_german_name(qtbot, monkeypatch,
                                                                        copied):
    window = open_editor(qtbot, monkeypatch, copied)
    panel = window.problems
    assert panel.list.count() == 1
    assert panel.list.item(0).text().startswith("warning: cards.toml: card 'tide_pools_copy'")
    assert "No problems: the pack loads." in panel.summary.text()
    assert "1 warning: the table plays the pack" in panel.summary.text()
    rect = panel.list.visualItemRect(panel.list.item(0))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.current == ("card", "tide_pools_copy")
    [german] = [w for w in window.showing.form.findChildren(QLineEdit, "field:de.name")
                if not discarded(w)]
    assert window.showing.form.focusWidget() is german
