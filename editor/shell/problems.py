"""The validation panel: the engine loader's verdict on the pack as edited, one line per
problem and per warning; activating a line asks the window to show the entry and the field."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from smqt.language.translate import _, ngettext
from smqt.pack.problems import ContentError


class ValidationPanel(QWidget):
    chosen = Signal(object)
    "A ContentError the author wants to fix."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemActivated.connect(self._chosen)
        self.list.itemClicked.connect(self._chosen)
        layout.addWidget(self.list)
        self.problems: list[ContentError] = []

    def show_problems(self, problems: list[ContentError], folder: str,
                      warnings: list[ContentError] | None = None) -> None:
        """One line per problem, then one per warning (what the pack may still get wrong
        though it loads, such as two entries of one name)."""
        warnings = list(warnings or [])
        self.problems = [*problems, *warnings]
        self.list.clear()
        for number, problem in enumerate(self.problems):
            text = str(problem)
            if text.startswith(folder):
                text = text[len(folder):].lstrip("/\\")
            if number >= len(problems):
                text = _("warning: {problem}").format(problem=text)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, problem)
            item.setToolTip(_("Click to go to the field.") + "\n" + str(problem))
            self.list.addItem(item)
        if problems:
            count = len(problems)
            headline = ngettext("{count} problem: the pack is invalid.",
                                "{count} problems: the pack is invalid.", count).format(count=count)
            rest = _("It can be saved as work in progress; the table will not play it.")
            self.summary.setText(f"<b style='color:#8a1c12'>{headline}</b> {rest}")
        else:
            self.summary.setText("<b style='color:#1e6b34'>"
                                 + _("No problems: the pack loads.") + "</b>")
        if warnings:
            self.summary.setText(self.summary.text() + " " + ngettext(
                "{count} warning: the table plays the pack, but look at it.",
                "{count} warnings: the table plays the pack, but look at them.",
                len(warnings)).format(count=len(warnings)))

    def _chosen(self, item: QListWidgetItem) -> None:
        self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))
