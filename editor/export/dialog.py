"""The editor's print-and-play dialog: PDF sheets, a PNG per component or Tabletop Simulator
decks, with the paper, the bleed, backs (duplex), which kinds of component, and for a
variant only the entries it adds or changes. The export runs with a progress dialog whose
Cancel stops it (a cancelled PDF leaves no file; PNGs already written stay, each whole); the
drawing runs on a worker thread, so the editor stays responsive.

The File menu opens it with ``open_export_dialog(window, catalog, parent_catalog, folder,
title)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressDialog,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.export.printables import (
    KIND_LABELS,
    KINDS,
    Printable,
    changed_entries,
    deck_instructions,
    printables,
)
from editor.export.sheets import (
    DEFAULT_BLEED_MM,
    PAPERS,
    ExportCancelled,
    Progress,
    SheetOptions,
    export_print_pngs,
    export_sheets,
)
from editor.export.ttsdeck import export_tts
from smqt.desktop.threads import end_thread, worker_thread
from smqt.engine.catalog import Catalog
from smqt.language.translate import N_, _, ngettext

FORMATS = {"pdf": N_("PDF sheets to print"), "png": N_("One PNG per component (300 dpi)"),
           "tts": N_("Tabletop Simulator decks (feature cards)")}


CANCELLED = "cancelled"  # not translated: a signal between threads, never shown


class ExportWorker(QObject):
    """Runs one export off the GUI thread: ``job(progress)`` returns what was written."""

    progress = Signal(int, int)
    done = Signal(str)
    failed = Signal(str)
    "Why nothing (more) was written: ``CANCELLED`` or the error."

    def __init__(self, job: Callable[[Progress], str]) -> None:
        super().__init__()
        self.job = job
        self.cancelled = False

    def run(self) -> None:
        def step(done: int, total: int) -> None:
            self.progress.emit(done, total)
            if self.cancelled:
                raise ExportCancelled

        try:
            message = self.job(step)
        except ExportCancelled:
            self.failed.emit(CANCELLED)
        except (OSError, ValueError) as exc:
            self.failed.emit(str(exc))
        else:
            self.done.emit(message)


class ExportDialog(QDialog):
    exported = Signal(str)
    "A sentence saying what was written, once an export finishes."

    def __init__(self, catalog: Catalog, parent_catalog: Catalog | None = None,
                 folder: Path | None = None, title: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Print and play"))
        self.catalog, self.parent_catalog = catalog, parent_catalog
        self.folder = folder or Path.home()
        self.title = title or f"{catalog.identity.name} {catalog.identity.version}"
        outer = QVBoxLayout(self)
        formats = QGroupBox(_("Export as"))
        column = QVBoxLayout(formats)
        self.format_group = QButtonGroup(self)
        self.format_buttons: dict[str, QRadioButton] = {}
        for key, label in FORMATS.items():
            button = QRadioButton(_(label))
            self.format_group.addButton(button)
            self.format_buttons[key] = button
            column.addWidget(button)
        self.format_buttons["pdf"].setChecked(True)
        outer.addWidget(formats)
        form = QFormLayout()
        self.paper = QComboBox()
        self.paper.addItems(list(PAPERS))
        form.addRow(_("Paper"), self.paper)
        self.bleed = QDoubleSpinBox()
        self.bleed.setRange(0.0, 10.0)
        self.bleed.setSingleStep(0.5)
        self.bleed.setSuffix(" mm")
        self.bleed.setValue(DEFAULT_BLEED_MM)
        self.bleed.setToolTip(_("How far each component's art runs past its cut line."))
        form.addRow(_("Bleed"), self.bleed)
        self.backs = QCheckBox(_("Backs: a page of backs after each page of fronts "
                                 "(print both sides, flip on the long edge)"))
        self.backs.setChecked(True)
        form.addRow(self.backs)
        outer.addLayout(form)
        kinds = self.kinds_group = QGroupBox(_("Components"))
        row = QHBoxLayout(kinds)
        self.kind_boxes: dict[str, QCheckBox] = {}
        for kind in KINDS:
            box = QCheckBox(_(KIND_LABELS[kind]))
            box.setChecked(True)
            self.kind_boxes[kind] = box
            row.addWidget(box)
        outer.addWidget(kinds)
        self.changed_only = QCheckBox(_("Only entries this variant adds or changes"))
        self.changed_only.setEnabled(parent_catalog is not None)
        if parent_catalog is None:
            self.changed_only.setToolTip(_("This pack extends no other pack."))
        outer.addWidget(self.changed_only)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        outer.addWidget(self.summary)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = buttons.addButton(_("Export…"),
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.clicked.connect(self.choose_and_export)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        for box in (*self.kind_boxes.values(), self.changed_only, self.backs):
            box.toggled.connect(self._update)
        self.format_group.buttonToggled.connect(self._update)
        self.thread: QThread | None = None
        self.worker: ExportWorker | None = None
        self.progress: QProgressDialog | None = None
        self._update()

    # ----------------------------------------------------------------- choices

    @property
    def format(self) -> str:
        return next(key for key, button in self.format_buttons.items() if button.isChecked())

    def kinds(self) -> list[str]:
        if self.format == "tts":
            return ["card"]
        return [kind for kind, box in self.kind_boxes.items() if box.isChecked()]

    def items(self) -> list[Printable]:
        only = None
        if self.changed_only.isChecked() and self.parent_catalog is not None:
            only = changed_entries(self.parent_catalog, self.catalog)
        return printables(self.catalog, self.kinds(), only)

    def _update(self, *_args: object) -> None:
        fmt = self.format
        self.paper.setEnabled(fmt == "pdf")
        self.bleed.setEnabled(fmt in ("pdf", "png"))
        self.backs.setEnabled(fmt in ("pdf", "png"))
        self.backs.setText(_("Backs: a page of backs after each page of fronts (print both "
                             "sides, flip on the long edge)") if fmt == "pdf" else
                           _("Backs: one image of each different back"))
        self.kinds_group.setVisible(fmt != "tts")  # decks hold feature cards only
        items = self.items()
        count = sum(item.copies for item in items) if fmt == "pdf" else len(items)
        # Translators: English keeps "(s)" for every count; give each form its own noun
        text = ngettext("{count} component(s) to export.", "{count} component(s) to export.",
                        count).format(count=count) if count else \
            _("Nothing to export with these choices.")
        if fmt == "tts":
            text += " " + _("Tabletop Simulator decks hold the feature cards.")
        steps = deck_instructions(self.parent_catalog, self.catalog, self.kinds()) \
            if self.changed_only.isChecked() and self.parent_catalog is not None else []
        if steps:
            text += " " + _("With a printed base game: {steps}").format(steps=" ".join(steps))
        self.summary.setText(text)
        self.export_button.setEnabled(bool(count))

    # ----------------------------------------------------------------- running

    def choose_and_export(self) -> None:
        """Ask where to write, then export there."""
        stem = f"{self.catalog.identity.name}-{self.catalog.identity.version}"
        if self.format == "pdf":
            path, _filter = QFileDialog.getSaveFileName(
                self, _("Export print-and-play PDF"),
                str(self.folder / f"{stem}-print-{self.paper.currentText()}.pdf"), "PDF (*.pdf)")
        else:
            path = QFileDialog.getExistingDirectory(
                self, _("Export into a new folder inside this one"), str(self.folder))
            if path:  # the many files go into a folder of their own
                path = str(Path(path) / f"{stem}-{'png' if self.format == 'png' else 'tts'}")
        if path:
            self.folder = Path(path).parent
            self.export_to(Path(path))

    def export_to(self, path: Path) -> None:
        """Export to ``path`` (the PDF file, or the folder for PNGs and Tabletop Simulator) on
        a worker thread, with a progress dialog whose Cancel stops it; ``exported`` says what
        was written, the summary line why nothing was (cancelled, failed)."""
        if self.running:
            return
        items = self.items()
        self.progress = QProgressDialog(_("Drawing…"), _("Cancel"), 0,
                                        max(1, sum(item.copies for item in items)), self)
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(300)
        self.progress.canceled.connect(self.cancel_export)
        self.worker = ExportWorker(lambda step: self._run(items, path, step))
        self.thread = worker_thread(self, self.worker)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)
        self.export_button.setEnabled(False)
        self.summary.setText(_("Drawing…"))
        self.thread.start()

    @property
    def running(self) -> bool:
        return self.thread is not None

    def cancel_export(self) -> None:
        if self.worker is not None:
            self.worker.cancelled = True

    def _progress(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress.setMaximum(max(1, total))
            self.progress.setValue(done)

    def _finish(self) -> None:
        end_thread(self.thread, self.worker)
        self.thread = self.worker = None
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        self._update()

    def _done(self, message: str) -> None:
        self._finish()
        self.summary.setText(message)
        self.exported.emit(message)

    def _failed(self, reason: str) -> None:
        self._finish()
        if reason == CANCELLED:
            self.summary.setText(_("Export cancelled.") + ("" if self.format == "pdf" else
                                                           " " + _("Files already written stay.")))
        else:
            self.summary.setText(_("Export failed: {reason}").format(reason=reason))

    def stop(self) -> None:
        """Stop an export and wait for it (the dialog or the editor is closing)."""
        self.cancel_export()
        self._finish()

    def done(self, result: int) -> None:  # Close, Esc and the title bar's button
        self.stop()
        super().done(result)

    def _run(self, items: list[Printable], path: Path, step: Progress) -> str:
        fmt = self.format
        if fmt == "pdf":
            options = SheetOptions(self.paper.currentText(), self.bleed.value(),
                                   self.backs.isChecked(), self.title)
            pages = export_sheets(items, path, options, step)
            # Translators: English says "pages" for every count
            return ngettext("Wrote {pages} pages to {path}.", "Wrote {pages} pages to {path}.",
                            pages).format(pages=pages, path=path)
        if fmt == "png":
            written = export_print_pngs(items, path, self.bleed.value(), self.backs.isChecked(),
                                        progress=step)
            return ngettext("Wrote {count} PNG files to {path}.", "Wrote {count} PNG files to {path}.",
                            len(written)).format(count=len(written), path=path)
        decks = export_tts(items, path, self.title, step)
        sheets = sum(len(deck.sheets) for deck in decks)
        return _("Wrote {decks} Tabletop Simulator deck(s), {sheets} sheet(s), to {path}; "
                 "see TTS-IMPORT.txt there.").format(decks=len(decks), sheets=sheets, path=path)


def open_export_dialog(parent: QWidget | None, catalog: Catalog,
                       parent_catalog: Catalog | None = None, folder: Path | None = None,
                       title: str = "") -> ExportDialog:
    """Show the print-and-play dialog for ``catalog`` (``parent_catalog``: the pack it
    extends, which enables "only what this variant changes"); returns it, shown."""
    dialog = ExportDialog(catalog, parent_catalog, folder, title, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
