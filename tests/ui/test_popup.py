"""The large card beside the pointer (issue 13): it opens after a short rest on a card, Esc
closes it, and it stays away just after a click or while a person is being moved, where it
would cover the next click."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from smqt.paths import default_pack
from smqt.ui.newgame import GameOptions
from smqt.ui.popup import DELAY_MS
from smqt.ui.window import TableWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.resize(1600, 1000)
    table.show()
    table.set_pace(0)
    table.new_game(GameOptions((("Ann", "human"), ("Bo", "human")), 12, default_pack()),
                   autosave=False)
    yield table
    table.close()


def test_the_large_card_opens_on_a_rest_and_esc_closes_it(qtbot, window):
    state = window.controller.state
    card = state.catalog.cards[state.front[0]]
    window.display_scene.hovered.emit(card)
    assert not window.popup.isVisible(), "not at once: after a short rest"
    qtbot.waitUntil(window.popup.isVisible, timeout=DELAY_MS + 2000)
    assert card.name in window.popup.text.text()
    popup = window.popup.geometry()
    assert window.rect().contains(popup), "inside the window"
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.popup.isVisible()


def test_no_large_card_just_after_a_click(qtbot, window):
    state = window.controller.state
    card = state.catalog.cards[state.front[1]]
    window.display_scene.clicked.emit("slot", (0, 1))  # a card picked: its spaces come next
    window.display_scene.hovered.emit(card)
    qtbot.wait(DELAY_MS + 300)
    assert not window.popup.isVisible(), "held back just after a click"
    window.popup._held_until = 0.0  # the hold has run out
    window.display_scene.hovered.emit(None)
    window.display_scene.hovered.emit(card)
    qtbot.waitUntil(window.popup.isVisible, timeout=DELAY_MS + 2000)
