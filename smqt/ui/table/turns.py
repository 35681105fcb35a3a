"""Work done one piece per turn of the event loop, so that the window answers in between.

A bot's answer (the move applied and the table redrawn), the views' painting of what was
redrawn (``PaintLater``), a card face that waited for its size and the game's end (filled in,
then shown) each come in a turn of their own, never in the turn of another: together they held
the window up 80-120 ms on a slow machine.

One queue serves the whole program (``shared``), so that two pieces never share a turn. A
piece waits for a timer started once the work in hand is done: a posted event that comes in
while the loop sends others is sent in the same go, and a timer started at the beginning of
long work would be due before the loop's own timers that fell due meanwhile."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QGraphicsView

LATER_MS = 1
"""The wait before the next piece: any timer at all lets the loop serve what waits first."""

Piece = Callable[[], object]


class Turns:
    """Pieces of work run in order, one per turn of the event loop; a piece whose owner is
    gone meanwhile (a closed window, a redrawn item) is dropped."""

    def __init__(self, parent: QObject | None = None) -> None:
        self._pieces: deque[tuple[Piece, QObject | None]] = deque()
        self._arming = False
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(LATER_MS)
        self._timer.timeout.connect(self._next)
        self._arm_hop = QTimer(parent)
        self._arm_hop.setSingleShot(True)
        self._arm_hop.setInterval(0)
        self._arm_hop.timeout.connect(self._arm)

    def later(self, piece: Piece, owner: QObject | None = None) -> None:
        """Run ``piece`` in a turn of its own after those waiting (once, if it waits already),
        unless ``owner`` is deleted by then."""
        if not self.waiting(piece):
            self._pieces.append((piece, owner))
        self._arm_soon()

    def waiting(self, piece: Piece) -> bool:
        return any(waiting == piece for waiting, _owner in self._pieces)

    def run_all(self) -> None:
        """Run every waiting piece now (a picture of the window, the end of a test)."""
        while self._pieces:
            self._run(*self._pieces.popleft())

    def _arm_soon(self) -> None:
        """Start the timer once the work in hand is done."""
        if not self._arming and not self._timer.isActive():
            self._arming = True
            self._arm_hop.start()

    def _arm(self) -> None:
        self._arming = False
        if self._pieces and not self._timer.isActive():
            self._timer.start()

    def _next(self) -> None:
        if not self._pieces:
            return
        try:
            self._run(*self._pieces.popleft())
        finally:  # one that fails leaves the others to run
            if self._pieces:
                self._arm_soon()

    @staticmethod
    def _run(piece: Piece, owner: QObject | None) -> None:
        if owner is None or shiboken6.isValid(owner):
            piece()


_shared: Turns | None = None


def shared() -> Turns:
    """The program's one queue of pieces (made with the application)."""
    global _shared
    app = QCoreApplication.instance()
    if _shared is None or not shiboken6.isValid(_shared._timer) or \
            _shared._timer.parent() is not app:
        _shared = Turns(app)
    return _shared


class PaintLater:
    """Holds back the painting that a rebuilt scene asks of ``views`` until a turn of its own
    in ``turns`` (a rebuild and its painting together held the window up 40-60 ms on a slow
    machine). Only the scenes' own requests wait: a view that the window moves, resizes or
    uncovers meanwhile paints at once, as always (switching off a widget's updates instead left
    torn and doubled pictures on the screen when the layout moved in that turn)."""

    def __init__(self, views: Sequence[QGraphicsView], owner: QObject, turns: Turns) -> None:
        self.views = list(views)
        self.owner = owner
        self.turns = turns
        self._modes: list[QGraphicsView.ViewportUpdateMode] = []

    @property
    def holding(self) -> bool:
        return bool(self._modes)

    def hold(self) -> None:
        """The views paint their scenes' changes in a later turn (a repeated hold waits for the
        same turn)."""
        if not self._modes:
            self._modes = [view.viewportUpdateMode() for view in self.views]
            for view in self.views:
                view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.NoViewportUpdate)
        self.turns.later(self.release, self.owner)

    def release(self) -> None:
        """Paint the views whole, and let their scenes' changes paint them again."""
        modes, self._modes = self._modes, []
        for view, mode in zip(self.views, modes, strict=True):
            view.setViewportUpdateMode(mode)
            view.viewport().update()
