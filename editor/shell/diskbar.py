"""The bar shown when another program changes the pack's files: it names each file and what
happened to it, with a choice per file (take the disk's version, or keep the one being edited)
and, for several files, one for all of them."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QWidget

from smqt.language.translate import N_, _

HOW = {"changed": N_("<b>{file}</b> was changed"), "deleted": N_("<b>{file}</b> was deleted"),
       "added": N_("<b>{file}</b> was added")}
"What happened to a file (translated where it is shown)."
HOW_UNSAVED = {
    "changed": N_("<b>{file}</b> was changed — you have unsaved edits in it"),
    "deleted": N_("<b>{file}</b> was deleted — you have unsaved edits in it"),
    "added": N_("<b>{file}</b> was added — you have unsaved edits in it"),
}
"The same, for a file with unsaved edits here."


class DiskBar(QFrame):
    reload_file = Signal(str)
    keep_file = Signal(str)
    reload_all = Signal()
    keep_all = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet("DiskBar { background: #fff4ce; }")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(8, 4, 8, 4)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.reload_button = QPushButton(_("Reload all from disk"))
        self.keep_button = QPushButton(_("Keep all of mine"))
        self.reload_button.clicked.connect(self.reload_all)
        self.keep_button.clicked.connect(self.keep_all)
        self.rows: dict[str, tuple[QLabel, QPushButton, QPushButton]] = {}
        self.hide()

    def show_changes(self, changes: dict[str, str], unsaved: list[str]) -> None:
        """``changes``: file name -> changed / deleted / added; ``unsaved``: files with edits
        here that taking the disk's version would drop."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget not in (self.text, self.reload_button,
                                                     self.keep_button):
                widget.deleteLater()
        self.rows = {}
        several = len(changes) > 1
        self.text.setText(_("Another program changed these files of the pack:") if several
                          else _("Another program changed a file of the pack:"))
        self.grid.addWidget(self.text, 0, 0, 1, 3)
        for row, (name, how) in enumerate(changes.items(), start=1):
            mine = name in unsaved
            happened = (HOW_UNSAVED if mine else HOW).get(how)
            if happened is not None:
                label = QLabel(_(happened).format(file=name))
            else:  # a word of the disk's this bar does not know: shown as it comes
                label = QLabel(f"<b>{name}</b> {how}"
                               # Translators: follows a file name and what happened to it
                               + (_(" — you have unsaved edits in it") if mine else ""))
            take = QPushButton(_("Remove it here too") if how == "deleted" else
                               _("Reload it from disk"))
            take.setObjectName(f"reload:{name}")
            take.setToolTip(
                _("Read {file} again as it is on disk now (your unsaved edits to it are "
                  "dropped)").format(file=name) if mine else
                _("Read {file} again as it is on disk now").format(file=name))
            keep = QPushButton(_("Keep mine"))
            keep.setObjectName(f"keep:{name}")
            keep.setToolTip(_("Keep the version of {file} shown here; saving writes it "
                              "back").format(file=name))
            take.clicked.connect(lambda _checked=False, n=name: self.reload_file.emit(n))
            keep.clicked.connect(lambda _checked=False, n=name: self.keep_file.emit(n))
            self.grid.addWidget(label, row, 0)
            self.grid.addWidget(take, row, 1)
            self.grid.addWidget(keep, row, 2)
            self.rows[name] = (label, take, keep)
        if several:
            last = len(changes) + 1
            self.grid.addWidget(self.reload_button, last, 1)
            self.grid.addWidget(self.keep_button, last, 2)
        self.reload_button.setVisible(several)
        self.keep_button.setVisible(several)
        self.grid.setColumnStretch(0, 1)
        self.setVisible(bool(changes))
