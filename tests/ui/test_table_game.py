"""A whole two-player game played with the mouse on the real table (issue 5 acceptance): the
person takes a card under the foodie, uses a two-card sand dollar action, swaps, walks a VIP onto
a footprint space, and finishes with the table's best final movement; the scorepad then matches
``smqt score`` of the final position."""

from __future__ import annotations

import io
import json

import pytest
from PySide6.QtCore import Qt

from smqt.cli.score import run_score
from smqt.engine.actions import Buy, Take
from smqt.engine.state import FINAL
from smqt.pack.shipped import default_pack
from smqt.records.position import save_position
from smqt.ui.panels.scorepad import ROWS
from smqt.ui.shell.newgame import NewGameDialog
from smqt.ui.shell.window import TableWindow
from tests.ui.clicks import click_button, played
from tests.ui.policy import AUTO_FINAL, SAND_DOLLAR_ACTIONS, TWO_CARD, choose, note

pytestmark = pytest.mark.gui

SEED = 3
"""A seed where every wanted moment comes up for the scripted person (R3.4, R8.2, R8.6, R7.2)."""


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.show()
    yield table
    table.close()


def start_with_the_dialog(qtbot, window: TableWindow) -> None:
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    dialog.count.setValue(2)
    dialog.names[0].setText("Ann")
    dialog.kinds[0].setCurrentIndex(dialog.kinds[0].findData("human"))
    dialog.names[1].setText("Bo")
    dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("medium"))
    dialog.seed.setText(str(SEED))
    for box, action in zip(dialog.action_boxes, SAND_DOLLAR_ACTIONS, strict=True):
        box.setCurrentIndex(box.findData(action))
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.options is not None, dialog.problems.text()
    window.menus.set_pace(0)
    window.new_game(dialog.options)


def test_a_person_plays_a_whole_game_with_the_mouse(qtbot, window, tmp_path):
    start_with_the_dialog(qtbot, window)
    ctrl = window.controller
    assert ctrl is not None and [s.kind for s in ctrl.seats] == ["human", "medium"]
    done: set[str] = set()
    auto_final = False
    while True:
        qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=60_000)
        if ctrl.state.is_over:
            break
        state, legal = ctrl.state, ctrl.legal()
        choice = choose(state, legal, done)
        if choice == AUTO_FINAL:
            click_button(qtbot, window.widgets.turn_panel.auto_final)
            assert ctrl.state.phase == FINAL and ctrl.state.current == 0, "it waits for Done"
            click_button(qtbot, window.widgets.turn_panel.final_done)
            assert ctrl.state.phase != FINAL or ctrl.state.current != 0
            auto_final = True
            continue
        before = state.copy()
        played(qtbot, window, choice)
        note(before, choice, done)

    assert done == {"foodie", "two_card", "swap", "vip"}
    assert auto_final
    bought = ctrl.game.actions.index(Buy(TWO_CARD))
    assert all(isinstance(a, Take) for a in ctrl.game.actions[bought + 1:bought + 3]), \
        "both cards of the two-card action were taken (R8.2)"

    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    final = tmp_path / "final.toml"
    save_position(final, ctrl.state, str(default_pack()), ("Ann", "Bo"))
    out, err = io.StringIO(), io.StringIO()
    assert run_score(str(final), final_move=False, as_json=True, out=out, err=err) == 0, err.getvalue()
    scored = json.loads(out.getvalue())
    pad = window.widgets.end_page.scorepad
    for i, player in enumerate(scored["players"]):
        assert pad.value("Total", i) == player["total"]
        for label, category, entry in ROWS:
            expected = sum(line["points"] for line in player["lines"]
                           if line["category"] == category and (entry is None or line["entry"] == entry))
            assert pad.value(label, i) == expected, label
        assert pad.value("Sand dollars left", i) == player["sand_dollars"]
        assert pad.value("Longest chain", i) == player["longest_chain"]
        assert pad.value("People outside rings", i) == player["unplaced"]
    for winner in scored["winners"]:
        assert winner in pad.title.text()
