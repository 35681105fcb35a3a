"""Work done one piece per turn of the event loop (issue 45): between two pieces the loop
serves the timers (and input) that fell due while the first worked; a piece whose owner is
gone is dropped; painting held back after a redraw comes in a turn of its own."""

from __future__ import annotations

import time

import pytest
import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

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


def test_painting_held_after_a_redraw_comes_in_a_later_turn(qtbot):
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    later = PaintLater([widget], widget, Turns())
    later.hold()
    assert not widget.updatesEnabled() and later.holding
    assert not widget.grab().isNull(), "a picture is painted all the same"
    qtbot.waitUntil(lambda: widget.updatesEnabled(), timeout=2000)
    assert not later.holding


def test_the_log_shows_its_last_line_once_the_lines_of_a_moment_are_in(qtbot):
    """The log scrolls to its end once for the lines of one moment, in a later turn (each
    scroll lays out every wrapped line anew)."""
    from smqt.ui.panels.side import LogPanel

    log = LogPanel()
    qtbot.addWidget(log)
    log.resize(300, 120)
    log.show()
    qtbot.waitExposed(log)
    for moment in range(40):
        log.add_line(moment % 2, f"Line {moment}: a card taken and placed, with its points", moment)
    bar = log.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=2000)
