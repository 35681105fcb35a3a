"""The editor's middle column below the disk bar: the banner over an entry of the extended
pack (with its button), the entry's title, the form in a scroll area, and the help line of the
field with the focus. Widgets only: the window's ``showing`` part fills them."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.forms.form import Form


class FormPage(QWidget):
    def __init__(self, help_hint: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.banner = QFrame()
        self.banner.setStyleSheet("QFrame { background: #e8eef7; }")
        banner = QHBoxLayout(self.banner)
        self.banner_text = QLabel()
        self.banner_text.setWordWrap(True)
        self.banner_button = QPushButton()
        banner.addWidget(self.banner_text, 1)
        banner.addWidget(self.banner_button)
        self.banner.hide()
        column.addWidget(self.banner)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 16px; font-weight: bold; padding: 4px;")
        column.addWidget(self.title)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        holder = QWidget()
        self._forms = QVBoxLayout(holder)
        # the form at the top, the rest of the page blank (a stretch below, not an alignment:
        # an aligned layout gets its size hint's height, where a wrapped line of values needs
        # the height for its width)
        self._forms.addStretch(1)
        self.scroll.setWidget(holder)
        column.addWidget(self.scroll, 1)
        self.help = QLabel(help_hint)
        self.help.setWordWrap(True)
        self.help.setMinimumHeight(48)
        self.help.setStyleSheet(
            "background: #f6f6f2; padding: 6px; border-top: 1px solid #ccc;")  # not translated: a style sheet
        column.addWidget(self.help)

    def place(self, form: Form) -> None:
        """Show ``form`` at the top of the scroll area (the previous one is discarded by its
        owner)."""
        self._forms.insertWidget(self._forms.count() - 1, form)  # above the stretch

    def show_banner(self, text: str, button: str) -> None:
        """Show ``text`` over the form (none: the banner hides) with a button saying
        ``button`` (none: no button)."""
        self.banner_text.setText(text)
        self.banner_button.setText(button)
        self.banner_button.setVisible(bool(button))
        self.banner.setVisible(bool(text))
