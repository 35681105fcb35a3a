"""Simulate against base: the simulator (``smqt sim``) plays the same seat-rotated games under
the extended pack and under this one (and, when asked, under base plus each single change),
a fixed number of games or until the answer is clear at a chosen precision, off the GUI
thread, with a labelled progress bar and a cancel button, and writes the report into a folder
the author chose (``simfolder``); the dialog then links the report and its folder."""

from __future__ import annotations

import html
import io
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QProgressBar,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.shell.simfolder import chosen_folder, remember_folder, run_folder
from editor.shell.workerdialog import WorkerDialog
from smqt.ai.protocol import BOT_LEVELS, level_words
from smqt.desktop.threads import worker_thread
from smqt.language.translate import _, ngettext
from smqt.sim.command import SimOptions, parse_bots, parse_players, run_sim
from smqt.sim.report.build import stop_sentence
from smqt.sim.report.reportfile import read_report
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
    """Runs ``smqt sim`` with ``options`` in its thread; says the games done of the round,
    then the report folder, the summary and how an until-clear run stopped (clear, or at the
    most games), or why it failed (``CANCELLED`` when asked)."""

    progress = Signal(int, int)
    done = Signal(str, str, str)
    "(report folder, summary table, how an until-clear run stopped)"
    failed = Signal(str)

    def __init__(self, options: SimOptions) -> None:
        super().__init__()
        self.options = options
        self.cancelled = False

    def run(self) -> None:
        try:
            out, err = io.StringIO(), io.StringIO()
            code = run_sim(self.options, out, err, cancelled=lambda: self.cancelled,
                           progress=self.progress.emit)
            if code == 130:
                self.failed.emit(CANCELLED)
            elif code:
                lines = [line for line in err.getvalue().splitlines()
                         if line and not line.startswith("[")]
                self.failed.emit("\n".join(lines[-6:]) or _("exit code {code}").format(code=code))
            else:
                report = read_report(Path(self.options.out_dir))
                self.done.emit(self.options.out_dir, out.getvalue(), stop_sentence(report))
        except Exception as exc:  # shown to the author; the editor stays usable
            self.failed.emit(f"{type(exc).__name__}: {exc}")


def sim_options(base: Path | None, variant: Path, out: Path, *, players: str, bots: str,
                games: int, jobs: int, seed: int, per_change: bool, precision: float | None,
                max_games: int) -> SimOptions:
    """What the dialog asks ``smqt sim`` for: this pack against the one it extends (alone
    when it extends none); ``precision`` (percentage points of win rate) plays until the
    answer is clear, at most ``max_games`` games per side and player count."""
    return SimOptions(pack=str(base if base is not None else variant), out_dir=str(out),
                      variant=str(variant) if base is not None else None,
                      players=players, bots=bots, games=games, jobs=jobs, seed=seed,
                      per_change=per_change and base is not None,
                      until_clear=precision is not None, precision=precision,
                      max_games=max(max_games, games))


def _open_url(url: QUrl) -> bool:
    return QDesktopServices.openUrl(url)


class SimulateDialog(WorkerDialog):
    """Options, then progress, then links to the report; ``finished_report`` carries the
    report folder. The report folder's root is ``out_root``, else the one the author chose
    last (``simfolder``); ``open_url`` shows a report or a folder (tests give their own)."""

    finished_report = Signal(str)

    def __init__(self, base: Path | None, variant: Path, out_root: Path | None = None,
                 parent: QWidget | None = None, *,
                 open_url: Callable[[QUrl], bool] = _open_url) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Simulate against base"))
        self.base, self.variant = base, variant
        self.open_url = open_url
        self.summary = ""
        self.report: Path | None = None
        "The report page of the last run that finished."
        self.thread: QThread | None = None
        self.worker: SimWorker | None = None
        self.started_at = 0.0
        self._round = 0
        "The round of games being played (until clear: more than one)."
        self._seen = 0
        layout = QVBoxLayout(self)
        what = (_("Plays the same games under <b>{base}</b> and under <b>{variant}</b> and "
                  "says, measure by measure, what the variant changed: changed, no change "
                  "detected, or inconclusive with the games it would need.").format(
                      base=html.escape(base.name), variant=html.escape(variant.name))
                if base is not None else
                _("<b>{variant}</b> extends no pack: its games are summarised alone.").format(
                    variant=html.escape(variant.name)))
        intro = QLabel(what)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.games = QSpinBox()
        self.games.setRange(1, 100000)
        self.games.setValue(100)
        self.games.setToolTip(_("Games per player count and pack (seats rotate between "
                                "games); until clear, the first round."))
        self.games_label = QLabel(_("games"))
        self.games_label.setBuddy(self.games)
        form.addRow(self.games_label, self.games)
        self._build_length(form)
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
        form.addRow(_("players"), self.players)
        form.addRow(_("bots"), self.bots)
        form.addRow(_("processes"), self.jobs)
        form.addRow(_("seed"), self.seed)
        self.per_change = QCheckBox(_("also play base plus each single change"))
        self.per_change.setToolTip(_("Attributes what the variant does to each of its changes "
                                     "(one more set of games per change)."))
        self.per_change.setEnabled(base is not None)
        form.addRow("", self.per_change)
        self._build_folder(form, out_root if out_root is not None else chosen_folder())
        layout.addLayout(form)
        line = QHBoxLayout()
        self.bar_label = QLabel(_("Progress"))
        self.bar = QProgressBar()
        self.bar.setAccessibleName(_("Progress"))
        self.bar_label.setBuddy(self.bar)
        line.addWidget(self.bar_label)
        line.addWidget(self.bar, 1)
        layout.addLayout(line)
        self._show_on_bar(_("Not started: choose Run"))
        self.status = QLabel("")
        self.status.setWordWrap(True)
        # room for a report's link or a failure's few lines from the start: the dialog keeps
        # its size, and a long text must not squeeze the options above
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing() * 5)
        self.status.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.status.setOpenExternalLinks(False)  # a link is opened by ``open_url``
        self.status.linkActivated.connect(lambda link: self.open_url(QUrl(link)))
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton(_("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.run_button.clicked.connect(self.start)
        self.buttons.rejected.connect(self.cancel)
        layout.addWidget(self.buttons)
        # settle the size before the window exists, and never constrain it afterwards (the
        # offscreen platform warns on every size-hint change)
        self.adjustSize()
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    def _build_length(self, form: QFormLayout) -> None:
        """How long to play: a fixed number of games, or until the answer is clear at a
        precision (at most some games)."""
        self.fixed = QRadioButton(_("the number of games above"))
        self.until_clear = QRadioButton(_("until the answer is clear"))
        self.until_clear.setToolTip(_("Adds rounds of games until every headline measure is "
                                      "known to the precision below, or the most games are "
                                      "played."))
        group = QButtonGroup(self)
        for button in (self.fixed, self.until_clear):
            group.addButton(button)
        self.fixed.setChecked(True)
        length = QVBoxLayout()
        length.addWidget(self.fixed)
        length.addWidget(self.until_clear)
        form.addRow(_("play"), length)
        self.precision = QDoubleSpinBox()
        self.precision.setRange(0.1, 50.0)
        self.precision.setDecimals(1)
        self.precision.setSingleStep(0.5)
        self.precision.setValue(3.0)
        self.precision.setSuffix(" " + _("percentage points"))
        self.precision.setToolTip(_("How narrow the win rates' intervals must be (plus or "
                                    "minus); the other measures' precisions scale with it."))
        self.max_games = QSpinBox()
        self.max_games.setRange(1, 1_000_000)
        self.max_games.setValue(5000)
        self.max_games.setToolTip(_("The most games per side and player count, clear or "
                                    "not."))
        form.addRow(_("precision"), self.precision)
        form.addRow(_("at most games"), self.max_games)
        self.until_clear.toggled.connect(self._length_chosen)
        self.games.valueChanged.connect(lambda games: self.max_games.setMinimum(games))
        self.max_games.setMinimum(self.games.value())
        self._length_chosen(False)

    def _length_chosen(self, until_clear: bool) -> None:
        for widget in (self.precision, self.max_games):
            widget.setEnabled(until_clear and self.thread is None)
        self.games_label.setText(_("games in the first round") if until_clear else _("games"))

    def _build_folder(self, form: QFormLayout, root: Path) -> None:
        self.folder, self.choose = self.folder_row(
            form, root, _("Each run writes its report into a folder of its own here."))

    def _options_widgets(self) -> tuple[QWidget, ...]:
        return (self.games, self.fixed, self.until_clear, self.players, self.bots, self.jobs,
                self.seed, self.folder, self.choose, self.run_button)

    def start(self) -> None:
        try:
            parse_players(self.players.currentText())
            parse_bots(bot_spec(self.bots.currentText()))
        except ValueError as exc:
            self.status.setText(html.escape(str(exc)))
            return
        root = Path(self.folder.text().strip()).expanduser()
        try:
            if not self.folder.text().strip():
                raise OSError(_("no folder given"))
            root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.status.setText(html.escape(_("The reports cannot go to {folder} ({reason}); "
                                              "choose another folder.").format(
                folder=self.folder.text(), reason=reason)))
            return
        remember_folder(root)
        until_clear = self.until_clear.isChecked()
        options = sim_options(
            self.base, self.variant, run_folder(root, self.variant.name),
            players=self.players.currentText(), bots=bot_spec(self.bots.currentText()),
            games=self.games.value(), jobs=self.jobs.value(), seed=self.seed.value(),
            per_change=self.per_change.isChecked(),
            precision=self.precision.value() if until_clear else None,
            max_games=self.max_games.value())
        self.worker = SimWorker(options)
        self.thread = worker_thread(self, self.worker)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)
        for widget in (*self._options_widgets(), self.per_change, self.precision,
                       self.max_games):
            widget.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Cancel"))
        self.started_at = time.monotonic()
        self._round, self._seen, self._before, self._total = 1, 0, 0, 0
        self._show_on_bar(_("Starting…"))
        self.status.setText(_("Starting the games…"))
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        if done == 0 and self._seen:  # until clear: the next round begins
            self._round += 1
            self._before += self._total
            self.started_at = time.monotonic()
        self._seen, self._total = done, total
        if not done:
            self._show_on_bar(_("Starting…") if self._round == 1 else
                              _("Round {round}: starting…").format(round=self._round))
            return
        if self.until_clear.isChecked():
            # Translators: %v and %m are the games played and the games of the round
            self.bar.setFormat(_("Round {round}: %v / %m games").format(round=self._round))
        else:
            self.bar.setFormat(_("%v / %m games"))
        self.bar.setMaximum(total)
        self.bar.setValue(done)
        elapsed = time.monotonic() - self.started_at
        left = elapsed / done * (total - done)
        text = _("{done} of {total} games, about {seconds} s left").format(
            done=done, total=total, seconds=format(left, ".0f"))
        if self._before:
            text += " " + _("({played} games played in all)").format(
                played=self._before + done)
        self.status.setText(text)

    def _ready_again(self) -> None:
        for widget in self._options_widgets():
            widget.setEnabled(True)
        self.per_change.setEnabled(self.base is not None)
        self._length_chosen(self.until_clear.isChecked())
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Close"))

    def _done(self, folder: str, summary: str, stopped: str) -> None:
        self._stop_thread()
        self.summary = summary
        self.report = Path(folder) / "report.html"  # not translated: a file name
        played = self._before + self._total
        self.bar.setFormat(ngettext("Done: {games} game", "Done: {games} games", played).format(
            games=played) if self._before else _("Done: %v / %m games"))
        report = QUrl.fromLocalFile(str(self.report)).toString()
        where = QUrl.fromLocalFile(folder).toString()
        link = _("The report: <a href=\"{report}\">{page}</a> in <a "
                 "href=\"{folder}\">{path}</a>").format(
            report=html.escape(report, quote=True), page=html.escape(self.report.name),
            folder=html.escape(where, quote=True), path=html.escape(folder))
        self.status.setText(f"{html.escape(stopped)}<br>{link}" if stopped else link)
        self._ready_again()
        self.finished_report.emit(folder)

    def _failed(self, reason: str) -> None:
        self._stop_thread()
        if reason == CANCELLED:
            super().reject()
            return
        self._show_on_bar(_("Not finished"))
        self.status.setText(html.escape(_("The simulation failed: {reason}").format(
            reason=reason)))
        self._ready_again()
