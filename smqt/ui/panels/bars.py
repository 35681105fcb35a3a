"""The bars above the table: a problem to read (files or packs that cannot be opened, a save
that failed), the read-only history with its slider, and the final round banner."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout

from smqt.language.translate import _
from smqt.ui.table.appearance import style


class ProblemBar(QFrame):
    """A problem in words, with what the person can do about it (buttons), and Dismiss."""

    def __init__(self) -> None:
        super().__init__()
        # given again at each text size: a sheet set once keeps the size it was set at
        style(self, "QFrame { background: #fde7e4; border: 1px solid #b3261e; }"
                    " QLabel { border: none; }")  # not translated: a style sheet
        texts = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        style(self.title, "QLabel { font-weight: bold; color: #8c1d18; }")  # not translated: a style sheet
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        texts.addWidget(self.title)
        texts.addWidget(self.text)
        # the choices on a line of their own under the words: the whole width is theirs, so
        # long labels (German, the largest text size) are never cut
        self.buttons = QHBoxLayout()
        self.buttons.addStretch(1)
        texts.addLayout(self.buttons)
        self.choices: dict[str, QPushButton] = {}
        self.dismiss = QPushButton(_("Dismiss"))
        self.dismiss.clicked.connect(self.hide)
        self.buttons.addWidget(self.dismiss)
        self.hide()

    def show_problem(self, title: str, text: str,
                     choices: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
        """Show the problem; each choice is a button that does it and closes the bar."""
        self.title.setText(title)
        self.text.setText(text[:2000])
        for button in self.choices.values():
            self.buttons.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.choices = {}
        for label, action in choices:
            button = QPushButton(label)
            button.clicked.connect(lambda _checked=False, act=action: (self.hide(), act()))
            self.buttons.insertWidget(self.buttons.count() - 1, button)  # Dismiss stays last
            self.choices[label] = button
        self.show()
        for button in self.choices.values():
            button.show()  # a layout shows new children only later, from the event loop


class HistoryBar(QFrame):
    """Looking back at an earlier moment: a slider over the game's moments and a way back."""

    moment_chosen = Signal(int)
    live = Signal()

    def __init__(self) -> None:
        super().__init__()
        style(self, "QFrame { background: #fff3c4; }")  # not translated: a style sheet
        bar = QHBoxLayout(self)
        self.label = QLabel()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.valueChanged.connect(self.moment_chosen.emit)
        back = QPushButton("◀")
        back.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        forward = QPushButton("▶")
        forward.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.live_button = QPushButton(_("Back to the game"))
        self.live_button.clicked.connect(self.live.emit)
        for widget in (self.label, back, self.slider, forward, self.live_button):
            bar.addWidget(widget)
        bar.setStretchFactor(self.slider, 1)
        self.hide()

    def show_moment(self, moment: int, total: int) -> None:
        self.slider.blockSignals(True)
        self.slider.setRange(0, total)
        self.slider.setValue(moment)
        self.slider.blockSignals(False)
        self.label.setText(_("Looking back: after move {moment} of {total} (read-only)").format(
            moment=moment, total=total))
        self.show()


class Banner(QLabel):
    """The final round (and final movement) banner: whose last turn it is, who still plays."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        style(self, "QLabel { background: #1f4e79; color: white; font-size: 17px;"
              " font-weight: bold; padding: 8px 14px; }")  # not translated: a style sheet
        self.hide()

    def say(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))


class HintBar(QLabel):
    """The coach's hint above the table: what the AI would do now and why, until the moment
    passes."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        style(self, "QLabel { background: #dbeaf5; color: #0b2f4c; font-size: 15px; "
              "border-left: 6px dashed #0072b2; padding: 6px 12px; }")  # not translated: style
        self.hide()

    def say(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))
