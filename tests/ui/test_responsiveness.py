"""The window never waits on the AI (issues 28 and 45): while AI seats play a whole game, the
GUI thread never holds up its event loop for more than 50 ms at a time on the developers'
machine, a limit stated for the machine the test runs on by timing a reference workload
(``loopgaps``): a machine half as fast gets twice the time."""

from __future__ import annotations

import gc
import time

import pytest

from smqt.ai.collector import tune as tune_collector
from smqt.engine.game import Game
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack
from smqt.ui.game.controller import Seat
from smqt.ui.shell.window import TableWindow
from tests.ui.loopgaps import LoopGaps

pytestmark = [pytest.mark.gui, pytest.mark.slow]

PLANTED_MS = 80
"""A busy-wait planted on the GUI thread after a move: that long on the developers' machine,
longer on a slower one (scaled by the speed probed)."""


@pytest.fixture
def collector_as_the_app_has_it():
    """The table's process tunes Python's garbage collector at start (``smqt.cli.main``); the
    test process has the default, under which a full collection of the whole test run's heap
    can land in one slot of the GUI thread. The window is measured as the app runs it."""
    before = gc.get_threshold()
    tune_collector()
    yield
    gc.set_threshold(*before)


def play(qtbot, tmp_path, monkeypatch, size, *, until=None, plant_after: int | None = None,
         planted: list[int] | None = None) -> tuple[LoopGaps, list[bool]]:
    """Two hard bots play a game on a table of ``size`` (to its end, or until ``until(ctrl)``)
    while the loop's gaps are timed; ``plant_after``: busy-wait on the GUI thread once the
    game has that many actions (the moment is added to ``planted``)."""
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.resize(*size)
    table.show()
    qtbot.waitExposed(table)
    game = Game.new(load_pack(default_pack()), 2, 5)
    table.start_game(game, [Seat("A", "hard"), Seat("B", "hard")], default_pack(), pace=0)
    ctrl = table.controller
    qtbot.wait(300)  # the first drawing of the table is not the AI's turn
    gaps = LoopGaps()
    thought: list[bool] = []
    ctrl.thinking.connect(lambda busy: thought.append(busy))
    planted = [] if planted is None else planted

    def changed() -> None:
        moves = len(ctrl.game.actions)
        gaps.where = f"after action {moves} ({ctrl.state.phase})"
        if plant_after is not None and moves >= plant_after and not planted and \
                len(gaps.calibration.probes) >= 5:  # the speed while the bots play is known
            planted.append(moves)
            # busy on the GUI thread's own clock, as long as 80 ms there at the speed probed
            end = time.thread_time() + PLANTED_MS * gaps.calibration.factor_now() / 1000
            while time.thread_time() < end:
                pass

    ctrl.state_changed.connect(changed)
    gaps.start()
    qtbot.waitUntil(lambda: until(ctrl) if until else ctrl.state.is_over, timeout=240_000)
    qtbot.wait(500)  # the end: the scorepad counts up (or the moves after the planted wait)
    gaps.stop()
    ctrl.stop()
    table.close()
    return gaps, thought


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_window_never_waits_on_the_ai(qtbot, tmp_path, monkeypatch, size,
                                          collector_as_the_app_has_it):
    gaps, thought = play(qtbot, tmp_path, monkeypatch, size)
    assert thought.count(True) > 40, "the AI seats made the game's decisions"
    assert gaps.ticks > 200
    assert not gaps.blocked, gaps.report()
    print(gaps.report())  # with -s or -rP: the worst slot and the calibration of a passing run


def test_work_planted_after_a_move_is_caught(qtbot, tmp_path, monkeypatch,
                                                    collector_as_the_app_has_it):
    """The measure can fail: an 80 ms busy-wait (on the developers' machine; longer on a
    slower one) on the GUI thread after a move (the tenth or a later one, once the speed of
    the machine while the bots play is probed) is a blocked window."""
    planted: list[int] = []
    gaps, _thought = play(qtbot, tmp_path, monkeypatch, (1366, 768), plant_after=10,
                          planted=planted, until=lambda ctrl: len(planted) > 0 and
                          len(ctrl.game.actions) >= planted[0] + 4)
    assert gaps.blocked, gaps.report()
    assert any(f"after action {planted[0]}" in where for *_numbers, where in gaps.blocked)
    print(gaps.report())
