"""What the editor's dialogs of long work (Simulate against base, Find a balanced value) share:
a folder for the reports with Choose…, a progress bar that says what it shows before the first
game, and a worker thread that Cancel, Esc and closing the editor stop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QThread
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
)

from editor.shell.simfolder import remember_folder
from smqt.desktop.threads import end_thread
from smqt.language.translate import _


class WorkerDialog(QDialog):
    """A dialog that runs a worker (a ``QObject`` with a ``cancelled`` flag) in ``thread``;
    its subclass makes ``bar`` and ``status`` and starts the work."""

    thread: QThread | None = None
    worker: QObject | None = None
    bar: QProgressBar
    status: QLabel

    def folder_row(self, form: QFormLayout, root: Path, tip: str
                   ) -> tuple[QLineEdit, QPushButton]:
        """The reports' folder with Choose… (remembered when chosen) as a row of ``form``."""
        folder = QLineEdit(str(root))
        folder.setMinimumWidth(folder.fontMetrics().horizontalAdvance("x" * 40))
        folder.setToolTip(tip)
        choose = QPushButton(_("Choose…"))

        def chosen() -> None:
            picked = QFileDialog.getExistingDirectory(
                self, _("Folder for the simulation reports"), folder.text())
            if picked:
                folder.setText(picked)
                remember_folder(Path(picked))

        choose.clicked.connect(chosen)
        line = QHBoxLayout()
        line.addWidget(folder, 1)
        line.addWidget(choose)
        form.addRow(_("reports in"), line)
        return folder, choose

    def _show_on_bar(self, text: str) -> None:
        """The bar empty with ``text`` on it (before the first game is played)."""
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self.bar.setFormat(text)
        self.bar.setTextVisible(True)

    def _stop_thread(self) -> None:
        end_thread(self.thread, self.worker)
        self.thread = self.worker = None

    @property
    def running(self) -> bool:
        return self.thread is not None

    def cancel(self) -> None:
        """Cancel the work running (the worker stops after the games being played), or
        close."""
        if self.running and self.worker is not None:
            self.worker.cancelled = True  # type: ignore[attr-defined]
            self.status.setText(_("Stopping after the games being played…"))
            return
        super().reject()

    def reject(self) -> None:  # Esc and the title bar's close button come here too
        self.cancel()

    def stop(self) -> None:
        """Stop the games and wait for them (the editor is closing)."""
        if self.worker is not None:
            self.worker.cancelled = True  # type: ignore[attr-defined]
        self._stop_thread()
