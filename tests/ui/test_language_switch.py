"""View ▸ Language makes the table again in the other language, and the game goes on from
where it stood: the steps of the turn in progress too (issue 27)."""

from __future__ import annotations

import io

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from smqt.engine.actions import Take
from smqt.engine.state import ACQUIRE
from smqt.language.translate import current, use
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui


def test_switching_the_language_mid_turn_keeps_the_turns_steps(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    seen: dict = {}

    def tables() -> list[TableWindow]:
        return [w for w in QApplication.topLevelWidgets()
                if isinstance(w, TableWindow) and w.isVisible()]

    def step() -> None:
        shown = tables()
        ctrl = shown[0].controller if shown else None
        if ctrl is None or ctrl.seats[ctrl.state.current].is_ai:
            QTimer.singleShot(50, step)
            return
        if ctrl.state.phase != ACQUIRE:  # the person's setup choices: the first offered
            ctrl.play(ctrl.legal()[0])
            QTimer.singleShot(50, step)
            return
        take = next(a for a in ctrl.legal() if isinstance(a, Take))
        assert ctrl.play(take)
        seen["before"] = (ctrl.state.turn, ctrl.state.phase,
                          dict(ctrl.state.players[ctrl.state.current].city), len(ctrl.game.actions))
        seen["old"] = shown[0]
        shown[0].on_language("de")
        QTimer.singleShot(100, after)

    def after() -> None:
        shown = [w for w in tables() if w is not seen["old"]]
        if not shown or shown[0].controller is None:
            QTimer.singleShot(50, after)
            return
        ctrl = shown[0].controller
        seen["after"] = (ctrl.state.turn, ctrl.state.phase,
                         dict(ctrl.state.players[ctrl.state.current].city), len(ctrl.game.actions))
        seen["language"] = current()
        seen["menu"] = shown[0].menuBar().actions()[0].text()
        QTimer.singleShot(100, shown[0].close)

    QTimer.singleShot(100, step)
    err = io.StringIO()
    try:
        assert run_play(PlayOptions(players="human,ai:easy", seed=11, language="en"),
                        err=err) == 0, err.getvalue()
    finally:
        use("en")
    assert seen["language"] == "de" and seen["menu"] == "&Spiel"
    assert seen["after"] == seen["before"], "the card taken this turn is still in the city"
