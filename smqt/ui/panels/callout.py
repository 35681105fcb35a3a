"""A lesson of Learn to play: a note floating over the table beside what it points at, with
how far the lesson has come and a way out of it."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from smqt.language.translate import _
from smqt.ui.table.appearance import style

WIDTH = 380


class LessonCallout(QFrame):
    """The lesson shown now; ``leave`` when the person leaves Learn to play, ``finished`` when
    they close its last lesson."""

    leave = Signal()
    finished = Signal()
    got_it = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lesson")  # not translated: an object name for the style sheet
        style(self, "QFrame#lesson { background: #fffbe6; border: 3px solid #0072b2; "
              "border-radius: 10px; } QLabel { color: #1d1d1d; font-size: 15px; } "
              "QLabel#step { color: #0b2f4c; font-size: 12px; } "
              "QLabel#title { font-size: 18px; font-weight: bold; }")  # not translated: style
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        self.step = QLabel()
        self.step.setObjectName("step")  # not translated: an object name
        self.title = QLabel()
        self.title.setObjectName("title")  # not translated: an object name
        self.title.setWordWrap(True)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.step, self.title, self.text):
            layout.addWidget(label)
        buttons = QHBoxLayout()
        # the keys shown on the buttons: Tab marks the table's targets, not these buttons
        self.leave_button = QPushButton(_("Leave the lesson") + " (L)")  # not translated: key
        self.leave_button.setShortcut("L")  # not translated: a key
        self.leave_button.setToolTip(_("Stop the lesson: the game goes on as a normal game"))
        self.leave_button.clicked.connect(self.leave.emit)
        self.finish_button = QPushButton(_("Finish the lesson") + " (G)")  # not translated: key
        self.finish_button.setShortcut("G")  # not translated: a key
        self.finish_button.clicked.connect(self.finished.emit)
        # Translators: closes a lesson's note that asks for no move
        self.got_it_button = QPushButton(_("Got it") + " (G)")  # not translated: a key
        self.got_it_button.setShortcut("G")  # not translated: a key
        self.got_it_button.clicked.connect(self.got_it.emit)
        buttons.addStretch(1)
        buttons.addWidget(self.leave_button)
        buttons.addWidget(self.got_it_button)
        buttons.addWidget(self.finish_button)
        layout.addLayout(buttons)
        self.setFixedWidth(WIDTH)
        self.hide()

    def say(self, number: int, title: str, text: str, last: bool,
            info: bool = False) -> None:
        """``last``: the lesson that ends Learn to play; ``info``: it asks for no move (it has
        "Got it")."""
        # Translators: the top line of a lesson's note, "Learn to play · lesson 3"
        self.step.setText(_("Learn to play · lesson {number}").format(number=number))
        self.title.setText(title)
        self.text.setText(text)
        self.leave_button.setVisible(not last)
        self.got_it_button.setVisible(info and not last)
        self.finish_button.setVisible(last)
        self.adjustSize()

    def height_needed(self) -> int:
        return max(self.sizeHint().height(), self.heightForWidth(WIDTH))

    def show_at(self, x: int, y: int, area: QRect) -> None:
        """Show the note with its top left at (``x``, ``y``), kept inside ``area``."""
        height = self.height_needed()
        x = max(area.left() + 4, min(x, area.right() - WIDTH - 4))
        y = max(area.top() + 4, min(y, area.bottom() - height - 4))
        self.setGeometry(x, y, WIDTH, height)
        self.show()
        self.raise_()
