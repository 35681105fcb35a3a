"""Work done one piece per turn of the event loop (issue 45): between two pieces the loop
serves the timers (and input) that fell due while the first worked; a piece whose owner is
gone is dropped; a scene's changes paint in a turn of their own, while a view the window moves
or resizes paints at once; the log shows its last line."""

from __future__ import annotations

import time

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from smqt.ui.table.turns import PaintLater, Turns

pytestmark = pytest.mark.gui


def busy(ms: float) -> None:
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        pass


def test_the_loop_serves_a_timer_due_meanwhile_between_two_pieces(qtbot):
    seen: list[str] = []
    ticker = QTimer()
    ticker.setInterval(4)
    ticker.timeout.connect(lambda: seen.append("tick"))
    turns = Turns()

    def first() -> None:
        seen.append("first")
        busy(20)  # the ticker falls due meanwhile

    ticker.start()
    qtbot.wait(10)
    turns.later(first)
    turns.later(lambda: seen.append("second"))
    qtbot.waitUntil(lambda: "second" in seen, timeout=2000)
    ticker.stop()
    between = seen[seen.index("first") + 1:seen.index("second")]
    assert "tick" in between, seen


def test_a_piece_waits_once_and_runs_in_order(qtbot):
    seen: list[int] = []
    turns = Turns()
    one, two = (lambda: seen.append(1)), (lambda: seen.append(2))
    turns.later(one)
    turns.later(two)
    turns.later(one)  # waits already: not twice
    assert turns.waiting(one) and turns.waiting(two)
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=2000)
    qtbot.wait(20)
    assert seen == [1, 2]


def test_a_piece_of_an_owner_gone_is_dropped_and_the_rest_run(qtbot):
    seen: list[str] = []
    turns = Turns()
    owner = QObject()
    turns.later(lambda: seen.append("gone"), owner)
    turns.later(lambda: seen.append("kept"))
    shiboken6.delete(owner)
    qtbot.waitUntil(lambda: "kept" in seen, timeout=2000)
    assert seen == ["kept"]


def test_a_piece_that_fails_leaves_the_others_to_run(qtbot):
    seen: list[str] = []
    turns = Turns()

    def fails() -> None:
        raise RuntimeError("planted")

    turns.later(fails)
    turns.later(lambda: seen.append("after"))
    with qtbot.captureExceptions() as raised:
        qtbot.waitUntil(lambda: "after" in seen, timeout=2000)
    assert [str(e[1]) for e in raised] == ["planted"]


def test_the_log_shows_its_last_line_once_the_lines_of_a_moment_are_in(qtbot):
    """The log scrolls to its end once for the lines of one moment, in a later turn (each
    scroll lays out every wrapped line anew), and stays at its end when the table's window
    shrinks it."""
    from smqt.engine.game import Game
    from smqt.pack.load import load_pack
    from smqt.pack.shipped import default_pack
    from smqt.ui.game.controller import Seat
    from smqt.ui.shell.window import TableWindow

    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    window.start_game(Game.new(load_pack(default_pack()), 2, 5),
                      [Seat("A", "hard"), Seat("B", "hard")], default_pack(), pace=0)
    bar = window.widgets.log.verticalScrollBar()
    shown = [0, 0]
    for size in [(1366, 768), (1920, 1080)] * 25:
        if window.controller.state.is_over:
            break
        window.resize(*size)
        qtbot.wait(100)
        shown[bar.value() >= bar.maximum()] += 1
    window.controller.stop()
    assert shown[0] == 0, f"{shown[0]} of {sum(shown)} looks missed the last line"


class CountingView(QGraphicsView):
    painted = 0

    def paintEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.painted += 1
        super().paintEvent(event)


def test_a_scene_change_paints_in_a_later_turn_and_a_resized_view_at_once(qtbot):
    scene = QGraphicsScene()
    scene.setSceneRect(0, 0, 200, 200)
    view = CountingView(scene)
    qtbot.addWidget(view)
    view.resize(240, 240)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(50)
    later = PaintLater([view], view, Turns())
    before = view.painted
    later.hold()
    scene.addRect(10, 10, 50, 50)
    QCoreApplication.sendPostedEvents()  # the scene's change goes to the view: no paint yet
    QCoreApplication.sendPostedEvents()
    assert view.painted == before and later.holding
    qtbot.waitUntil(lambda: not later.holding and view.painted > before, timeout=2000)
    painted = view.painted
    later.hold()
    view.resize(260, 250)  # the window resized the view: it paints now, held or not
    QCoreApplication.sendPostedEvents()
    QCoreApplication.sendPostedEvents()
    assert later.holding and view.painted > painted
    qtbot.waitUntil(lambda: not later.holding, timeout=2000)
