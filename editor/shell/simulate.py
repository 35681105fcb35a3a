"""Simulate against base: the simulator (``smqt sim``) plays the same seat-rotated games under
the extended pack and under this one (and, when asked, under base plus each single change),
off the GUI thread, with a progress bar and a cancel button, and writes the report that the
editor then opens."""

from __future__ import annotations

import io
import time
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayout,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from smqt.ai.protocol import BOT_LEVELS, level_words
from smqt.desktop.threads import end_thread, worker_thread
from smqt.language.translate import _
from smqt.sim.command import SimOptions, parse_bots, parse_players, run_sim
from smqt.sim.run.runner import default_jobs

CANCELLED = "cancelled"  # not translated: the worker's word to the dialog, never shown


def bot_spec(text: str) -> str:
    """The bots typed or chosen, as ``smqt sim`` takes them: each level in words ("mittel",
    as the list shows it) or as its key ("medium"); ``hard:2`` and unknown names as typed (the
    simulator says what is wrong with them)."""
    keys = {level_words(level).casefold(): level for level in BOT_LEVELS}
    keys.update({level: level for level in BOT_LEVELS})
    parts = []
    for part in text.split(","):
        name, colon, rest = part.strip().partition(":")
        parts.append(keys.get(name.casefold(), name) + colon + rest)
    return ",".join(parts)


class SimWorker(QObject):
    progress = Signal(int, int)
    done = Signal(str, str)
    "(report folder, summary table)"
    failed = Signal(str)

    def __init__(self, base: Path | None, variant: Path, players: str, bots: str, games: int,
                 jobs: int, seed: int, out: Path, per_change: bool = False) -> None:
        super().__init__()
        self.base, self.variant, self.players, self.bots = base, variant, players, bots
        self.games, self.jobs, self.seed, self.out = games, jobs, seed, out
        self.per_change = per_change
        self.cancelled = False

    def run(self) -> None:
        try:
            pack = self.base if self.base is not None else self.variant
            variant = self.variant if self.base is not None else None
            options = SimOptions(pack=str(pack), out_dir=str(self.out),
                                 variant=str(variant) if variant else None,
                                 players=self.players, bots=self.bots, games=self.games,
                                 jobs=self.jobs, seed=self.seed,
                                 per_change=self.per_change and variant is not None)
            out, err = io.StringIO(), io.StringIO()
            self.progress.emit(0, 1)
            code = run_sim(options, out, err, cancelled=lambda: self.cancelled,
                           progress=self.progress.emit)
            if code == 130:
                self.failed.emit(CANCELLED)
            elif code:
                lines = [line for line in err.getvalue().splitlines()
                         if line and not line.startswith("[")]
                self.failed.emit("\n".join(lines[-6:]) or _("exit code {code}").format(code=code))
            else:
                self.done.emit(str(self.out), out.getvalue())
        except Exception as exc:  # shown to the author; the editor stays usable
            self.failed.emit(f"{type(exc).__name__}: {exc}")


class SimulateDialog(QDialog):
    """Options, then progress; ``finished_report`` carries the report folder."""

    finished_report = Signal(str)

    def __init__(self, base: Path | None, variant: Path, out_root: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Simulate against base"))
        self.base, self.variant, self.out_root = base, variant, out_root
        layout = QVBoxLayout(self)
        what = (_("Plays the same games under <b>{base}</b> and under <b>{variant}</b> and "
                  "says, measure by measure, what the variant changed: changed, no change "
                  "detected, or inconclusive with the games it would need.").format(
                      base=base.name, variant=variant.name)
                if base is not None else
                _("<b>{variant}</b> extends no pack: its games are summarised alone.").format(
                    variant=variant.name))
        intro = QLabel(what)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.games = QSpinBox()
        self.games.setRange(1, 100000)
        self.games.setValue(100)
        self.games.setToolTip(_("Games per player count and pack (seats rotate between "
                                "games)."))
        self.players = QComboBox()
        self.players.addItems(["2", "3", "4", "2,3,4"])
        self.bots = QComboBox()  # a level from the list, or one per seat typed in
        self.bots.setEditable(True)
        for level in BOT_LEVELS:
            self.bots.addItem(level_words(level), level)
        self.bots.setCurrentIndex(BOT_LEVELS.index("medium"))
        self.bots.setToolTip(_("Bots in seat order, e.g. {example} ({levels}).").format(
            example=",".join(level_words(level) for level in ("medium", "easy")),
            levels=", ".join(level_words(level) for level in BOT_LEVELS)))
        self.jobs = QSpinBox()
        self.jobs.setRange(1, 256)
        self.jobs.setValue(default_jobs())
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        form.addRow(_("games"), self.games)
        form.addRow(_("players"), self.players)
        form.addRow(_("bots"), self.bots)
        form.addRow(_("processes"), self.jobs)
        form.addRow(_("seed"), self.seed)
        self.per_change = QCheckBox(_("also play base plus each single change"))
        self.per_change.setToolTip(_("Attributes what the variant does to each of its changes "
                                     "(one more set of games per change)."))
        self.per_change.setEnabled(base is not None)
        form.addRow("", self.per_change)
        layout.addLayout(form)
        self.bar = QProgressBar()
        self.bar.setFormat(_("%v / %m games"))
        layout.addWidget(self.bar)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton(_("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.run_button.clicked.connect(self.start)
        self.buttons.rejected.connect(self.cancel)
        layout.addWidget(self.buttons)
        self.thread: QThread | None = None
        self.worker: SimWorker | None = None
        self.started_at = 0.0
        # settle the size before the window exists, and never constrain it afterwards (the
        # offscreen platform warns on every size-hint change)
        self.adjustSize()
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    def start(self) -> None:
        try:
            parse_players(self.players.currentText())
            parse_bots(bot_spec(self.bots.currentText()))
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        out = self.out_root / f"{self.variant.name}-{stamp}"
        number = 2
        while out.exists():  # two runs in one second: each keeps its own report
            out = self.out_root / f"{self.variant.name}-{stamp}-{number}"
            number += 1
        self.worker = SimWorker(self.base, self.variant, self.players.currentText(),
                                bot_spec(self.bots.currentText()), self.games.value(), self.jobs.value(),
                                self.seed.value(), out, self.per_change.isChecked())
        self.thread = worker_thread(self, self.worker)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)
        for widget in (self.games, self.players, self.bots, self.jobs, self.seed, self.run_button,
                       self.per_change):
            widget.setEnabled(False)
        self.started_at = time.monotonic()
        self.status.setText(_("Starting the games…"))
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(total)
        self.bar.setValue(done)
        elapsed = time.monotonic() - self.started_at
        if done:
            left = elapsed / done * (total - done)
            self.status.setText(_("{done} of {total} games, about {seconds} s left").format(
                done=done, total=total, seconds=format(left, ".0f")))

    def _stop_thread(self) -> None:
        end_thread(self.thread, self.worker)
        self.thread = self.worker = None

    def _done(self, folder: str, summary: str) -> None:
        self._stop_thread()
        self.summary = summary
        self.status.setText(_("Report written to {folder}").format(folder=folder))
        self.finished_report.emit(folder)
        self.accept()

    def _failed(self, reason: str) -> None:
        self._stop_thread()
        if reason == CANCELLED:
            super().reject()
            return
        self.status.setText(_("The simulation failed: {reason}").format(reason=reason))
        for widget in (self.games, self.players, self.bots, self.jobs, self.seed, self.run_button):
            widget.setEnabled(True)
        self.per_change.setEnabled(self.base is not None)

    @property
    def running(self) -> bool:
        return self.thread is not None

    def cancel(self) -> None:
        """Cancel: stop the games (the dialog closes when they have stopped)."""
        if self.running and self.worker is not None:
            self.worker.cancelled = True
            self.status.setText(_("Stopping after the games being played…"))
            return
        super().reject()

    def reject(self) -> None:  # Esc and the title bar's close button come here too
        self.cancel()

    def stop(self) -> None:
        """Stop the games and wait for them (the editor is closing)."""
        if self.worker is not None:
            self.worker.cancelled = True
        self._stop_thread()
