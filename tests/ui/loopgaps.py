"""How long the window's event loop is held up, judged against the machine it runs on.

``LoopGaps`` times the ticks of a short timer on the GUI thread and keeps apart the gaps that
the program made (its GUI thread worked through them, or another thread of the process held
the interpreter) from those the machine made (busy with other work). ``Calibration`` times a
fixed reference workload on the GUI thread, so that a limit set on the developers' machine is
stated for the machine the test runs on: a machine half as fast gets twice the limit."""

from __future__ import annotations

import gc
import statistics
import time

from PySide6.QtCore import QElapsedTimer, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

LONGEST_MS = 50
"""The longest the GUI thread may hold up its event loop on the developers' machine."""
REFERENCE_MS = 1.2
"""One piece of the reference workload on the developers' machine: GUI-thread CPU ms, warm, in
its fastest runs (the machine at full speed: a 2-core x86_64 virtual machine of the project's
CI class, which often runs half as fast when its host is busy)."""
PROBE_MS = 200
"""How often the speed is probed during the run."""
AROUND_MS = 1500
"""A gap is judged by the probes this close to it (before and after)."""
TICK_MS = 4
WORDS = ("The longest chain of one tag scores one point for every copy of the tag on it, "
         "and a card beside a wave scores the points its rules promise. ") * 2


def reference_work() -> None:
    """One piece of a fixed mix of what the GUI thread does after a move, made of nothing of
    the program's: Python objects made and dropped, antialiased shapes, words wrapped and
    drawn, pictures copied. It must never change (the limits are stated against it)."""
    table: dict[tuple[int, int], list[int]] = {}
    for i in range(1_500):
        table[(i % 97, i)] = [i, i * 3, i % 7]
    sum(len(v) for v in table.values())
    image = QImage(240, 160, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    tile = QImage(60, 84, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(QColor(200, 180, 120, 200))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    font = QFont("Sans Serif")
    font.setPixelSize(13)
    painter.setFont(font)
    for i in range(10):
        x, y = (i * 37) % 180, (i * 53) % 100
        painter.setPen(QPen(QColor(30, 30, 30), 2.5))
        painter.setBrush(QColor(240 - i, 220, 180))
        painter.drawRoundedRect(QRectF(x, y, 70, 90), 10, 10)
        painter.drawEllipse(QRectF(x + 5, y + 5, 24, 24))
        painter.drawImage(x + 4, y + 4, tile)
    for i in range(3):
        painter.drawText(QRectF(10 + i * 3, 10 + i * 20, 200, 120),
                         int(Qt.TextFlag.TextWordWrap), WORDS[i:])
    painter.end()


def timed_piece() -> float:
    """One piece of the reference workload, in ms of the GUI thread's CPU (the garbage
    collector held off: its turns are the program's, not the machine's speed)."""
    was = gc.isenabled()
    gc.disable()
    try:
        start = time.thread_time()
        reference_work()
        return (time.thread_time() - start) * 1000
    finally:
        if was:
            gc.enable()


class Calibration:
    """How fast the machine is, against the developers' machine: the reference workload
    timed when the test starts (``at_start``), and again every ``PROBE_MS`` while it runs. A
    machine of this class changes speed by up to twice within seconds (a virtual machine
    sharing its host), so a gap is judged by the probes around it (``factor_at``)."""

    def __init__(self, clock: QElapsedTimer) -> None:
        self.clock = clock
        timed_piece()
        self.at_start = statistics.median(timed_piece() for _run in range(15)) / REFERENCE_MS
        self.probes: list[tuple[int, float]] = []
        """(when, the piece's ms)."""
        self.spent_ms = 0.0
        """The GUI thread's time in probes (it is the test's, not the program's)."""
        self.timer = QTimer()
        self.timer.setInterval(PROBE_MS)
        self.timer.timeout.connect(self._probe)

    def start(self) -> None:
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _probe(self) -> None:
        """Three pieces in a row, the quickest counted: the first after a pause runs on cold
        caches (up to twice as long), and a move's work is mostly done warm."""
        start = time.thread_time()
        self.probes.append((self.clock.elapsed(), min(timed_piece() for _run in range(3))))
        self.spent_ms += (time.thread_time() - start) * 1000

    def factor_at(self, when: int) -> float:
        """How much slower than the developers' machine this one was around ``when`` (below 1:
        faster): the median of the probes around it, or the start's without three."""
        near = [ms for at, ms in self.probes if abs(at - when) <= AROUND_MS]
        return statistics.median(near) / REFERENCE_MS if len(near) >= 3 else self.at_start

    def factor_now(self) -> float:
        """The speed lately: the median of the last five probes (the start's before them)."""
        last = [ms for _at, ms in self.probes[-5:]]
        return statistics.median(last) / REFERENCE_MS if len(last) >= 3 else self.at_start

    def limit_at(self, when: int) -> float:
        return LONGEST_MS * self.factor_at(when)

    def __str__(self) -> str:
        factors = sorted(ms / REFERENCE_MS for _at, ms in self.probes) or [self.at_start]
        return (f"the reference workload ran x{self.at_start:.2f} as long as on the developers' "
                f"machine at the start, x{factors[0]:.2f} to x{factors[-1]:.2f} over "
                f"{len(self.probes)} probes through the run; a gap's limit is {LONGEST_MS} ms "
                f"times the speed around it")


class LoopGaps:
    """The time between ticks of a short timer on the GUI thread: a gap much longer than the
    tick is the event loop held up. Held up by this program, or by a machine busy with other
    work? A gap counts as the window blocked when the GUI thread itself worked (on the CPU,
    leaving out the speed probes) for more than the limit in it, or when another thread of
    this process ran nearly all of it (holding the interpreter the GUI thread waits for);
    other long gaps are the machine's and are kept apart."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.clock.start()
        self.calibration = Calibration(self.clock)
        self.blocked: list[tuple[int, int, int, int, str]] = []
        """(gap, GUI thread's CPU, other threads' CPU, the limit there, the moment), in ms."""
        self.machine: list[int] = []
        self.worst: tuple[float, int, int, str] = (0.0, 0, 0, "")
        """The gap in which the GUI thread worked most for its limit: (its share of the
        limit, its CPU, the limit, when)."""
        self.ticks = 0
        self._last: tuple[int, float, float, float] | None = None
        self._gaps: list[tuple[int, int, float, float, str]] = []
        self.where = ""
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.calibration.start()
        self.timer.start()

    def stop(self) -> None:
        """Stop, and judge the gaps (by the probes around each, those after it too)."""
        self.timer.stop()
        self.calibration.stop()
        for now, gap, own, others, where in self._gaps:
            limit = self.calibration.limit_at(now)
            if own / limit > self.worst[0]:
                self.worst = (own / limit, round(own), round(limit), where)
            if gap > limit:
                if own > limit or others >= 0.9 * gap:
                    self.blocked.append((gap, round(own), round(others), round(limit), where))
                else:
                    self.machine.append(gap)

    def _tick(self) -> None:
        now, mine, ours = self.clock.elapsed(), time.thread_time(), time.process_time()
        probes = self.calibration.spent_ms
        if self._last is not None:
            self.ticks += 1
            gap = now - self._last[0]
            own = (mine - self._last[1]) * 1000 - (probes - self._last[3])
            others = (ours - self._last[2]) * 1000 - (mine - self._last[1]) * 1000
            if gap > TICK_MS * 3:
                self._gaps.append((now, gap, own, others, self.where))
        self._last = (now, mine, ours, probes)

    def report(self) -> str:
        _share, own, limit, where = self.worst
        return (f"the event loop was held up past its limit {len(self.blocked)} times: "
                f"{self.blocked[:10]} (gap, GUI thread's CPU, other threads' CPU, the limit "
                f"there, when; and {len(self.machine)} gaps while the machine ran other work). "
                f"The worst slot: "
                f"the GUI thread worked {own} ms against a limit of {limit} ms {where}; "
                f"{self.calibration}")
