"""The turn panel: what the seat to play should do, why the last click was refused, the turn's
allowances, the moves of a final movement with what each gained, and the turn's buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from smqt.engine.state import PERSON_WORDS, AllowanceState
from smqt.language.translate import _, ngettext, npgettext
from smqt.render.symbols import GAIN, PENALTY
from smqt.ui.table.appearance import style

WHO_WORDS = {**{kind: words[0] for kind, words in PERSON_WORDS.items()},
             "any": "person (any type)"}  # not translated: English nouns; the words are below


WHO_PLURALS = {kind: words[1] for kind, words in PERSON_WORDS.items()}


def _people(who: str, n: int) -> str:
    """``1 local``, ``2 tourists``, ``1 person (any type)``."""
    if who == "local":
        return npgettext("subject", "{n} local", "{n} locals", n).format(n=n)
    if who == "tourist":
        return npgettext("subject", "{n} tourist", "{n} tourists", n).format(n=n)
    if who == "vip":
        return ngettext("{n} VIP", "{n} VIPs", n).format(n=n)
    if who == "any":
        return ngettext("{n} person (any type)", "{n} people", n).format(n=n)
    return f"{n} {WHO_WORDS[who] if n == 1 else WHO_PLURALS[who]}"


def _spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


def allowance_words(allowance: AllowanceState, source: str, idle: str | None = None) -> str:
    """``Foodie: 1 person (any type) may move 1 space (1 move left)``; an allowance with moves
    left that nothing legal uses now says why (``idle``, the engine's reason) instead of its
    moves left."""
    left = allowance.remaining
    many = allowance.count
    people = _people(allowance.who, many)
    if allowance.kind == "move":
        reach = _spaces(allowance.distance)
        if allowance.solo_distance > allowance.distance:
            reach = ngettext("{distance} each, or 1 alone up to {n} space",
                             "{distance} each, or 1 alone up to {n} spaces",
                             allowance.solo_distance).format(distance=reach,
                                                             n=allowance.solo_distance)
        elif many > 1:
            reach = _("{distance} each").format(distance=reach)
        # Translators: {people} is "1 local", "2 tourists"...; {reach} is "1 space", "2 spaces each"
        what = ngettext("{people} may move {reach}", "{people} may move {reach}", many).format(
            people=people, reach=reach)
    elif allowance.kind == "move_here":
        what = ngettext("{people} may jump onto the new card",
                        "{people} may jump onto the new card", many).format(people=people)
    else:
        what = ngettext("{people} may go back to the supply",
                        "{people} may go back to the supply", many).format(people=people)
    if left and idle:
        return _("{source}: {what} (not usable now: {why})").format(source=source, what=what,
                                                                    why=idle)
    if left:
        return ngettext("{source}: {what} ({n} move left)", "{source}: {what} ({n} moves left)",
                        left).format(source=source, what=what, n=left)
    return _("{source}: {what} (used up)").format(source=source, what=what)


class FinalStepRow(QWidget):
    """One final move: its number, who went where, what it gained, and a take-back button."""

    take_back = Signal(int)

    def __init__(self, number: int, text: str, gain: int, person: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 1, 4, 1)
        label = QLabel(f"<b>{number}.</b> {html.escape(text)}")
        label.setWordWrap(True)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        points = QLabel(f"<b>{gain:+d}</b>")
        ink = GAIN.name() if gain > 0 else PENALTY.name() if gain < 0 else "#555"
        points.setStyleSheet(f"color: {ink};")  # not translated: a style sheet
        button = QToolButton()
        button.setText("↶")
        button.setAccessibleName(_("Take back"))
        button.setToolTip(_("Take back: put this person back where they stood; the other moves "
                            "stay"))
        button.clicked.connect(lambda: self.take_back.emit(person))
        row.addWidget(label, 1)
        row.addWidget(points)
        row.addWidget(button)


class TurnPanel(QFrame):
    """What to do now and the buttons of the turn."""

    allowance_chosen = Signal(object)
    take_back = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setMinimumHeight(48)
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        style(self.prompt, "font-size: 14px;")  # not translated: a style sheet
        layout.addWidget(self.prompt)
        self.reason = QLabel()
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setWordWrap(True)
        style(self.reason, "QLabel { color: #8c1d18; background: #fde7e4; border-radius: 4px;"
              " padding: 4px; font-size: 13px; }")  # not translated: a style sheet
        self.reason.hide()
        layout.addWidget(self.reason)
        grid = QGridLayout()
        self.undo = QPushButton(_("Undo"))
        self.stop_here = QPushButton(_("Stop here"))
        self.return_person = QPushButton(_("Return to supply"))
        self.no_swap = QPushButton(_("No swap"))
        self.end_turn = QPushButton(_("End turn"))
        self.auto_final = QPushButton(_("Best final movement"))
        self.final_done = QPushButton(_("Done"))
        self.scorepad = QPushButton(_("Show the scorepad"))
        for i, button in enumerate((self.undo, self.stop_here, self.return_person, self.no_swap,
                                    self.end_turn, self.auto_final, self.final_done,
                                    self.scorepad)):
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            grid.addWidget(button, i // 2, i % 2)
        layout.addLayout(grid)
        self.keys = QLabel()
        """The keys of the step, for playing from the keyboard."""
        self.keys.setTextFormat(Qt.TextFormat.PlainText)
        self.keys.setWordWrap(True)
        style(self.keys, "QLabel { color: #333; font-size: 12px; }")  # not translated: style
        layout.addWidget(self.keys)
        self.allowances = QListWidget()
        self.allowances.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.allowances.setWordWrap(True)
        self.allowances.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.allowances.itemClicked.connect(self._clicked)
        layout.addWidget(self.allowances)
        self.final_title = QLabel()
        self.final_title.setTextFormat(Qt.TextFormat.PlainText)
        self.final_title.setWordWrap(True)
        layout.addWidget(self.final_title)
        self.final_steps = QListWidget()
        self.final_steps.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.final_steps.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.final_steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.final_steps)
        self.undo.setToolTip(_("Take back the last step of this turn (Ctrl+Z)"))
        self.end_turn.setToolTip(_("End your turn (E); unused moves are given up"))
        self.auto_final.setToolTip(_("Place the people not moved yet where they score the most "
                                     "(F); you can still change them before Done"))
        self.final_done.setToolTip(_("Finish your final movement (D)"))
        self.show_final_steps([], "")
        self.idle()

    def idle(self) -> None:
        """No game on the table: nothing to press."""
        self.prompt.setText(_("No game yet: Game ▸ New game (Ctrl+N), or Game ▸ Resume."))
        for button in (self.undo, self.stop_here, self.return_person, self.no_swap,
                       self.end_turn, self.auto_final, self.final_done, self.scorepad):
            button.hide()
        self.allowances.hide()
        self.keys.hide()

    def show_reason(self, text: str | None) -> None:
        self.reason.setText(text or "")
        self.reason.setVisible(bool(text))

    def show_allowances(self, allowances: Sequence[AllowanceState], chosen: int | None,
                        names: dict[str, str], usable: set[int] | None,
                        idle: dict[int, str] | None = None) -> None:
        """``usable``: the allowances something legal uses now (None: not the person's
        moment, every allowance is listed as it stands); ``idle``: why each allowance with
        moves left that nothing uses cannot be used (the engine's reasons)."""
        self.allowances.clear()
        for index, allowance in enumerate(allowances):
            source = names.get(allowance.source, allowance.source)
            item = QListWidgetItem(allowance_words(allowance, source, (idle or {}).get(index)))
            item.setData(Qt.ItemDataRole.UserRole, index)
            if usable is None or index not in usable:  # nothing legal uses it now
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.allowances.addItem(item)
            if chosen == index:
                item.setSelected(True)
        self.allowances.setVisible(bool(allowances))
        self._wrap_items()
        self._fit_rows(self.allowances, 4)

    def _wrap_items(self) -> None:
        """Each allowance as tall as its words wrapped in the list's width (the list's own
        measure is one line, which cut the second line in half)."""
        width = self.allowances.viewport().width() or self.width() - 30
        metrics = self.allowances.fontMetrics()
        for row in range(self.allowances.count()):
            item = self.allowances.item(row)
            box = metrics.boundingRect(QRect(0, 0, max(60, width - 12), 10_000),
                                       int(Qt.TextFlag.TextWordWrap), item.text())
            item.setSizeHint(QSize(0, box.height() + 8))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.allowances.count():
            self._wrap_items()
            self._fit_rows(self.allowances, 4)

    @staticmethod
    def _fit_rows(widget: QListWidget, most: int) -> None:
        """As tall as its rows (up to ``most`` of them; more scroll)."""
        rows = min(widget.count(), most)
        if rows:
            height = sum(widget.sizeHintForRow(i) for i in range(rows))
            widget.setFixedHeight(height + 2 * widget.frameWidth() + 4)

    def show_final_steps(self, steps: Sequence[tuple[str, int, int]], title: str) -> None:
        """(text, gain, person) per final move made so far, and the line above them."""
        self.final_steps.clear()
        for number, (text, gain, person) in enumerate(steps, start=1):
            item = QListWidgetItem()
            row = FinalStepRow(number, text, gain, person)
            row.take_back.connect(self.take_back.emit)
            lines = 2 * row.fontMetrics().lineSpacing() + 10  # room for the words to wrap once
            item.setSizeHint(QSize(0, max(row.sizeHint().height(), lines)))
            self.final_steps.addItem(item)
            self.final_steps.setItemWidget(item, row)
        self.final_title.setText(title)
        self.final_title.setVisible(bool(title))
        self.final_steps.setVisible(bool(steps))
        self._fit_rows(self.final_steps, 6)

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(Qt.ItemDataRole.UserRole)
        self.allowance_chosen.emit(index)
