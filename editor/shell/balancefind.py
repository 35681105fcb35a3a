"""Find a balanced value: on a whole number of a card, a tile, an action or the rules, the
simulator's balance search (``smqt sim --tune``, through ``smqt.sim.balanceapi``) is asked for
the value that meets a goal ("as strong as the other cards", "as long as the base game",
"bought in about a third of games", or one the author writes, the measures explained), off
the GUI thread with progress (the games played, and after each round the best value so far
with its interval) and Cancel; the value it proposes is offered, and taken as one undoable
edit (``value_chosen``), with links to the report and its folder. The bots and the budget of
the last search are offered again, as the reports' folder is (``simfolder``)."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import attrs
from PySide6.QtCore import QObject, Qt, QThread, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.shell.simfolder import chosen_folder, remember_folder, run_folder
from editor.shell.simulate import bot_spec
from editor.shell.workerdialog import WorkerDialog
from smqt.ai.protocol import BOT_LEVELS, level_words
from smqt.desktop.datafolder import settings
from smqt.desktop.threads import worker_thread
from smqt.language.translate import N_, _, ngettext
from smqt.sim.balanceapi import BalanceOutcome, find_balanced_value
from smqt.sim.plan.balance import MEASURE_FORMS
from smqt.sim.statistics.goals import shown

CANCELLED = "cancelled"  # not translated: the worker's word to the dialog, never shown
OTHER = N_("Another goal (write it below)")
BOTS_KEY = "editor/balance_bots"  # not translated: a settings key
GAMES_KEY = "editor/balance_max_games"  # not translated: a settings key
"The bots and the budget of the last search, offered again (as the reports' folder is)."


@attrs.frozen
class NumberAsked:
    """The number whose value is searched."""

    target: str
    """As ``smqt sim --tune`` names it: ``card.tide_pools.scoring[0].points``."""
    words: str
    """The field as the form names it."""
    value: int
    """Its value in the pack."""
    low: int
    """The least value the field takes."""
    high: int
    """The most."""
    kind: str
    """``card``, ``sand_dollar_action``... or ``rules``."""
    ident: str
    """The entry's id (empty for the rules)."""


def tune_target(kind: str, ident: str, path: tuple[str | int, ...]) -> str:
    """``("card", "tide_pools", ("scoring", 0, "points"))`` -> ``card.tide_pools.scoring[0]
    .points``; the rules (``kind`` ``rules``) -> ``rules.cards_to_end``."""
    text = "rules" if kind == "rules" else f"{kind}.{ident}"  # not translated: target names
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def presets(asked: NumberAsked) -> list[tuple[str, str]]:
    """The goals offered for this number: (words, ``MEASURE=VALUE``)."""
    found = []
    if asked.kind == "card":  # not translated: a kind
        found.append((_("as strong as the other cards (its owners win as often)"),
                      f"card.{asked.ident}.win=0"))
    if asked.kind == "sand_dollar_action":  # not translated: a kind
        found.append((_("bought in about a third of games"), f"action.{asked.ident}.use=33"))
    found.append((_("games as long as in the base game"), "turns=base"))
    found.append((_("scores as high as in the base game"), "score=base"))
    return found


def goal_help(asked: NumberAsked) -> str:
    """What a goal written by hand may say, with an example for this number."""
    if asked.kind == "card":  # not translated: a kind
        example = f"card.{asked.ident}.pick=40"  # not translated: a goal
    elif asked.kind == "sand_dollar_action":  # not translated: a kind
        example = f"action.{asked.ident}.use=50"  # not translated: a goal
    else:
        example = "turns=25"  # not translated: a goal
    return _("Write MEASURE=VALUE, such as {example}. The measures: {forms}. turns=base and "
             "score=base ask for the base game's length or score, measured on the same "
             "games.").format(example=example, forms=_(MEASURE_FORMS))


def last_choices() -> tuple[str, int]:
    """The bots (as ``smqt sim`` takes them) and the budget of the last search."""
    store = settings()
    bots, games = store.value(BOTS_KEY, ""), str(store.value(GAMES_KEY, ""))
    return (bots if isinstance(bots, str) and bots.strip() else "medium",  # not translated: a level
            int(games) if games.isdigit() else 2000)


def remember_choices(bots: str, games: int) -> None:
    store = settings()
    store.setValue(BOTS_KEY, bots)
    store.setValue(GAMES_KEY, games)
    store.sync()


def first_range(asked: NumberAsked) -> tuple[int, int]:
    """A range around the value, within what the field takes: three either side."""
    low, high = max(asked.low, asked.value - 3), min(asked.high, asked.value + 3)
    if high <= low:
        high = min(asked.high, low + 1)
        low = max(asked.low, high - 1)
    return low, high


class BalanceWorker(QObject):
    """Runs the search in its thread; says the games done of each round, then the outcome,
    or why it failed (``CANCELLED`` for a search cancelled before any game finished)."""

    progress = Signal(int, int)
    round_ended = Signal(int, str)
    "(the round, the best value so far with its interval and the values left, in words)"
    done = Signal(object)
    "(BalanceOutcome)"
    failed = Signal(str)

    def __init__(self, search: Callable[..., BalanceOutcome]) -> None:
        super().__init__()
        self.search = search
        self.cancelled = False

    def run(self) -> None:
        try:
            outcome = self.search(progress=self.progress.emit, cancelled=lambda: self.cancelled,
                                  rounds_told=self.round_ended.emit)
        except Exception as exc:  # shown to the author; the editor stays usable
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        if outcome.report is None and outcome.code == 130:
            self.failed.emit(CANCELLED)
        elif outcome.report is None:
            self.failed.emit(outcome.sentence or _("exit code {code}").format(code=outcome.code))
        else:
            self.done.emit(outcome)


def _open_url(url: QUrl) -> bool:
    return QDesktopServices.openUrl(url)


class BalanceDialog(WorkerDialog):
    """The number, the range, the goal, the bots and the budget; then progress; then the value
    proposed with its interval, "Use this value" (``value_chosen``) and the report's links."""

    value_chosen = Signal(int)

    def __init__(self, pack: Path, asked: NumberAsked, parent: QWidget | None = None, *,
                 open_url: Callable[[QUrl], bool] = _open_url) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Find a balanced value"))
        self.pack, self.asked, self.open_url = pack, asked, open_url
        self.thread: QThread | None = None
        self.worker: BalanceWorker | None = None
        self.outcome: BalanceOutcome | None = None
        self._outcome_lines: list[str] = []
        self._round, self._seen, self._before, self._total = 0, 0, 0, 0
        self._narrowing = ""
        "The best value so far with its interval, after the last round (escaped)."
        self._used = ""
        "The value set in the form by Use, in words (escaped)."
        column = QVBoxLayout(self)
        what = QLabel(_("Searches the value of <b>{words}</b> (<code>{target}</code>, now "
                        "{value}) that meets a goal: every value of the range plays the same "
                        "games, and the search stops when the best is clear or the games are "
                        "spent.").format(words=html.escape(asked.words),
                                         target=html.escape(asked.target), value=asked.value))
        what.setWordWrap(True)
        column.addWidget(what)
        form = QFormLayout()
        column.addLayout(form)
        self._build_range(form)
        self._build_goal(form)
        bots, games = last_choices()
        self.bots = QComboBox()
        self.bots.setEditable(True)
        self.bots.addItems([level_words(level) for level in BOT_LEVELS])
        self.bots.setCurrentText(level_words(bots) if bots in BOT_LEVELS else bots)
        self.bots.setToolTip(_("The bots that play the games; random bots are quick but "
                               "choose without judgement"))
        form.addRow(_("bots"), self.bots)
        self.max_games = QSpinBox()
        self.max_games.setRange(20, 1_000_000)
        self.max_games.setValue(games)
        self.max_games.setToolTip(_("The most games the search plays, over every value"))
        form.addRow(_("at most games"), self.max_games)
        self._build_folder(form)
        self.bar_label = QLabel(_("Progress"))
        self.bar = QProgressBar()
        self.bar_label.setBuddy(self.bar)
        self._show_on_bar(_("Not started: choose Search"))
        form.addRow(self.bar_label, self.bar)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.status.linkActivated.connect(lambda link: self.open_url(QUrl(link)))
        column.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton(_("Search"),
                                                 QDialogButtonBox.ButtonRole.ActionRole)
        self.use_button = self.buttons.addButton(_("Use this value"),
                                                 QDialogButtonBox.ButtonRole.ActionRole)
        self.use_button.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Close"))
        self.run_button.clicked.connect(self.start)
        self.use_button.clicked.connect(self._use)
        self.buttons.rejected.connect(self.cancel)
        column.addWidget(self.buttons)
        self.run_button.setDefault(True)

    # ------------------------------------------------------------------ the options

    def _build_range(self, form: QFormLayout) -> None:
        low, high = first_range(self.asked)
        self.low, self.high = QSpinBox(), QSpinBox()
        for box, value in ((self.low, low), (self.high, high)):
            box.setRange(self.asked.low, self.asked.high)
            box.setValue(value)
        line = QHBoxLayout()
        line.addWidget(self.low)
        line.addWidget(QLabel(_("to")))
        line.addWidget(self.high)
        line.addStretch(1)
        form.addRow(_("values from"), line)

    def _build_goal(self, form: QFormLayout) -> None:
        self.preset = QComboBox()
        for words, goal in presets(self.asked):
            self.preset.addItem(words, goal)
        self.preset.addItem(_(OTHER), "")
        self.goal = QLineEdit(self.preset.itemData(0))
        self.goal.setToolTip(goal_help(self.asked))
        self.goal_help = QLabel(goal_help(self.asked))
        self.goal_help.setWordWrap(True)
        self.goal_help.setStyleSheet("color: #555;")  # not translated: a style sheet
        self.goal_help.setBuddy(self.goal)
        self.goal_help.hide()
        self.preset.currentIndexChanged.connect(self._preset_chosen)
        self.goal.textEdited.connect(self._goal_typed)
        form.addRow(_("goal"), self.preset)
        form.addRow(_("as the simulator takes it"), self.goal)
        form.addRow("", self.goal_help)

    def _preset_chosen(self, index: int) -> None:
        goal = self.preset.itemData(index)
        if goal:
            self.goal.setText(goal)
        else:
            self.goal.setFocus()
        self._explain_goal(not goal)

    def _explain_goal(self, shown: bool) -> None:
        """The measures a written goal may name, under it while one is written."""
        if shown == self.goal_help.isHidden():
            self.goal_help.setVisible(shown)
            self._fit_height()

    def _goal_typed(self, text: str) -> None:
        index = self.preset.findData(text.strip())
        blocked = self.preset.blockSignals(True)
        self.preset.setCurrentIndex(index if index >= 0 else self.preset.count() - 1)
        self.preset.blockSignals(blocked)
        self._explain_goal(index < 0)

    def _build_folder(self, form: QFormLayout) -> None:
        self.folder, self.choose = self.folder_row(
            form, chosen_folder(), _("Each search writes its report into a folder of its own "
                                     "here."))

    def _options(self) -> tuple[QWidget, ...]:
        return (self.low, self.high, self.preset, self.goal, self.bots, self.max_games,
                self.folder, self.choose, self.run_button)

    # ------------------------------------------------------------------ the search

    def start(self) -> None:
        low, high, goal = self.low.value(), self.high.value(), self.goal.text().strip()
        if high <= low:
            self.status.setText(html.escape(_("The range holds one value or none: give a "
                                              "larger most than least.")))
            return
        root = Path(self.folder.text().strip()).expanduser()
        try:
            if not self.folder.text().strip():
                raise OSError(_("no folder given"))
            root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.status.setText(html.escape(_("The reports cannot go to {folder} ({reason}); "
                                              "choose another folder.").format(
                folder=self.folder.text(), reason=exc.strerror or str(exc))))
            return
        remember_folder(root)
        out = run_folder(root, f"{self.pack.name}-balance")  # not translated: a folder name
        bots, budget = bot_spec(self.bots.currentText()), self.max_games.value()
        remember_choices(bots, budget)

        def search(**told: object) -> BalanceOutcome:
            return find_balanced_value(str(self.pack), self.asked.target, low, high, goal,
                                       str(out), bots=bots, max_games=budget,
                                       **told)  # type: ignore[arg-type]

        self.worker = BalanceWorker(search)
        self.thread = worker_thread(self, self.worker)
        self.worker.progress.connect(self._progress)
        self.worker.round_ended.connect(self._round_ended)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)
        for widget in self._options():
            widget.setEnabled(False)
        self.use_button.setEnabled(False)
        self.outcome = None
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Cancel"))
        self._round, self._seen, self._before, self._total = 1, 0, 0, 0
        self._narrowing = self._used = ""
        self._show_on_bar(_("Starting…"))
        self.status.setText(_("Starting the games…"))
        self.thread.start()

    def _progress(self, done: int, total: int) -> None:
        if done == 0 and self._seen:  # the next round begins
            self._round += 1
            self._before += self._total
        self._seen, self._total = done, total
        if not done:
            self._show_on_bar(_("Round {round}: starting…").format(round=self._round))
            return
        # Translators: %v and %m are the games played and the games of the round
        self.bar.setFormat(_("Round {round}: %v / %m games").format(round=self._round))
        self.bar.setMaximum(total)
        self.bar.setValue(done)
        self._say_progress()

    def _round_ended(self, number: int, status: str) -> None:
        """After a round: the best value so far, its interval and the values left."""
        self._narrowing = html.escape(_("After round {round}: {status}").format(
            round=number, status=status))
        self._say_progress()

    def _say_progress(self) -> None:
        if self.worker is not None and self.worker.cancelled:
            return  # "Stopping…" stays until the games being played have ended
        played = html.escape(_("{played} games played of at most {most}").format(
            played=self._before + self._seen, most=self.max_games.value()))
        self.status.setText("<br>".join(line for line in (played, self._narrowing) if line))
        self._fit_height(shrink=False)

    def _ready_again(self) -> None:
        for widget in self._options():
            widget.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(_("Close"))

    def _done(self, outcome: BalanceOutcome) -> None:
        self._stop_thread()
        self.outcome = outcome
        games = outcome.balance.games if outcome.balance is not None else 0
        cancelled = outcome.balance is not None and outcome.balance.stop == "cancelled"
        self._show_on_bar((ngettext("Cancelled: {games} game", "Cancelled: {games} games", games)
                           if cancelled else
                           ngettext("Done: {games} game", "Done: {games} games", games)).format(
            games=games))
        self.bar.setValue(1)
        lines = [html.escape(outcome.sentence)]
        if outcome.value is not None and outcome.balance is not None and \
                outcome.estimate == outcome.estimate:
            unit = outcome.balance.units[0]
            measure = next((t.figures[0].measure for t in outcome.balance.tried if t.games),
                           outcome.balance.goals[0].partition("=")[0])
            lines.append("<b>" + html.escape(_("Proposed: {value}, {measure} {estimate} [{low}, "
                                               "{high}] (95% interval)").format(
                value=f"{outcome.value:g}", measure=measure,
                estimate=shown(outcome.estimate, unit), low=shown(outcome.low, unit),
                high=shown(outcome.high, unit))) + "</b>")
            if not outcome.clear:
                lines.append(html.escape(_("Not clear yet: the best so far, not a sure answer.")))
            self.use_button.setText(_("Use {value}").format(value=f"{outcome.value:g}"))
            self.use_button.setEnabled(outcome.value != self.asked.value)
        if outcome.report is not None:
            page = outcome.report / "report.html"  # not translated: a file name
            lines.append(_("The report: <a href=\"{report}\">{page}</a> in <a "
                           "href=\"{folder}\">{path}</a>").format(
                report=html.escape(QUrl.fromLocalFile(str(page)).toString(), quote=True),
                page=html.escape(page.name),
                folder=html.escape(QUrl.fromLocalFile(str(outcome.report)).toString(),
                                   quote=True),
                path=html.escape(str(outcome.report))))
        self._outcome_lines = lines
        self._say_outcome()
        self._ready_again()
        self._fit_height()  # the outcome's lines: the options keep their height

    def _fit_height(self, *, shrink: bool = True) -> None:
        """As tall as the lines shown need at the dialog's width (wrapped lines need more
        height than a size hint says), and no taller unless ``shrink`` is false (while the
        games are played the dialog keeps still)."""
        layout = self.layout()
        layout.activate()
        need = max(layout.totalHeightForWidth(self.width()), layout.totalMinimumSize().height())
        if need > self.height() or (shrink and need < self.height()):
            self.resize(self.width(), need)

    def _say_outcome(self) -> None:
        self.status.setText("<br>".join(line for line in (*self._outcome_lines, self._used)
                                        if line))
        self._fit_height(shrink=False)

    def _failed(self, reason: str) -> None:
        self._stop_thread()
        if reason == CANCELLED:
            self._show_on_bar(_("Cancelled"))
            self.status.setText(html.escape(_("Cancelled before any value was measured.")))
        else:
            self._show_on_bar(_("Not finished"))
            self.status.setText(html.escape(_("The search failed: {reason}").format(
                reason=reason)))
        self._ready_again()
        self._fit_height()

    def _use(self) -> None:
        """Set the field to the value proposed (one step of the undo history). The button
        stays: after Edit ▸ Undo the value can be used again."""
        if self.outcome is None or self.outcome.value is None:
            return
        value = int(self.outcome.value)
        self.value_chosen.emit(value)
        self._used = html.escape(_("{words} was set to {value}; Edit ▸ Undo takes it back.").format(
            words=self.asked.words, value=value))
        self._say_outcome()
