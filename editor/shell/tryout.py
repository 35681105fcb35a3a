"""Taking the pack out of the editor: a playtest at the table, a simulation, print-and-play."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QProcess, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from editor.export.dialog import ExportDialog, open_export_dialog
from editor.model.document import REMOVED
from editor.model.words import place_words
from editor.shell import entryrows
from editor.shell.balancefind import BalanceDialog, NumberAsked, tune_target
from editor.shell.entrylist import SETTINGS, EntryRow, split_key
from editor.shell.notices import Notices
from editor.shell.session import PackSession
from editor.shell.simulate import SimulateDialog
from smqt.language.translate import N_, _
from smqt.pack.extends import parent_folder
from smqt.pack.manifest import MANIFEST
from smqt.pack.shipped import default_pack

PLAY_TEXTS = {
    "playtest": (N_("Playtest"),
                 N_("Playtest uses the pack as saved. Save your changes first?"),
                 N_("Playtest: the pack has problems")),
    "simulate": (N_("Simulate against base"),
                 N_("Simulate against base uses the pack as saved. Save your changes first?"),
                 N_("Simulate against base: the pack has problems")),
    "balance": (N_("Find a balanced value"),
                N_("The search plays the pack as saved. Save your changes first?"),
                N_("Find a balanced value: the pack has problems")),
}
"What the author is asked or told before a playtest or a simulation: title, save, problems."


def _launch(argv: list[str]) -> bool:
    """Start ``argv`` apart from the editor (it outlives it)."""
    return QProcess.startDetached(argv[0], argv[1:])[0]



class TryOut:
    """Playtest, Simulate and Print-and-play: a part of the editor's window, given the session
    (the pack), where to speak to the author, and the window's ways to commit the form
    (``flush``), save the pack (``save``) and find the entry shown (``current_row``).
    ``launch`` starts a program, ``open_url`` shows a file (tests give their own)."""

    def __init__(self, session: PackSession, notices: Notices, *, flush: Callable[[], None],
                 save: Callable[[], bool], current_row: Callable[[], EntryRow | None],
                 use_value: Callable[[tuple[str, str], tuple, int], None] | None = None,
                 launch: Callable[[list[str]], bool] = _launch,
                 open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl) -> None:
        self._session = session
        self._notices = notices
        self._flush = flush
        self._save = save
        self._current_row = current_row
        self.launch = launch
        self.open_url = open_url
        self.use_value = use_value
        "Sets a field of an entry (kind, list key) at a path, as one undoable edit."
        self.sim_dialog: SimulateDialog | None = None
        self.balance_dialog: BalanceDialog | None = None
        self.export_dialog: ExportDialog | None = None
        self._export_folder: Path | None = None
        "Where the last export went: the next one starts there."

    def stop(self) -> None:
        """The window closes: stop the games and the export running."""
        if self.sim_dialog is not None:
            self.sim_dialog.stop()
        if self.balance_dialog is not None and shiboken6.isValid(self.balance_dialog):
            self.balance_dialog.stop()
        if self.export_dialog is not None and shiboken6.isValid(self.export_dialog):
            self.export_dialog.stop()

    def _ready_for_play(self, what: str) -> bool:
        """Saved and valid, or the author is told why not (``what``: ``playtest`` or
        ``simulate``)."""
        title, save_first, refused = PLAY_TEXTS[what]
        self._flush()
        doc = self._session.doc
        if doc is None:
            return False
        if doc.modified:
            answer = QMessageBox.question(
                self._notices.window, _(title), _(save_first),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save or not self._save():
                return False
        if not doc.valid:
            lines = "\n".join(str(p) for p in doc.problems[:20])
            self._notices.tell(_(refused),
                               _("The table refuses a pack with problems. Fix these first:")
                               + "\n\n" + lines,
                               critical=True)
            return False
        return True

    def playtest(self, *, with_card: bool = True) -> None:
        """Open the table on the saved pack; the feature card selected here is dealt into the
        opening display, so that it can be tried at once."""
        if not self._ready_for_play("playtest"):
            return
        doc = self._session.doc
        assert doc is not None
        argv = [sys.executable, "-m", "smqt", "play", "--playtest", "--pack", str(doc.folder)]
        card = self._card_to_try() if with_card else None
        if card:
            argv += ["--opening", card]
        if not self.launch(argv):
            self._notices.tell(_("Playtest"), _("The table could not be started."), critical=True)
            return
        row = self._current_row()
        if card:
            message = _("Playtest started with {card} in the opening display; you "
                        "start.").format(card=card)
        elif with_card and row is not None and row.kind == "card" and row.status == REMOVED:
            message = _("Playtest started with a shuffled display ({card} is left out of this "
                        "pack).").format(card=row.id)
        elif with_card and row is not None and row.kind == "card":
            message = _("Playtest started with a shuffled display ({card} does not load "
                        "yet).").format(card=row.id)
        else:
            message = _("Playtest started with a shuffled display.")
        self._notices.status(message, 8000)

    def _card_to_try(self) -> str | None:
        """The selected feature card, when it is one the pack plays (not left out)."""
        row = self._current_row()
        doc = self._session.doc
        if row is None or row.kind != "card" or row.status == REMOVED or doc is None \
                or doc.catalog is None or row.id not in doc.catalog.cards:
            return None
        return row.id

    def simulate(self) -> None:
        if not self._ready_for_play("simulate"):
            return
        doc = self._session.doc
        assert doc is not None
        extends = doc.files[MANIFEST].get("extends")
        base: Path | None = default_pack().resolve() if not isinstance(extends, str) else \
            (parent_folder(doc.folder, extends) or doc.folder / extends).resolve()
        if base == doc.folder.resolve():
            base = None
        if self.sim_dialog is not None:
            if self.sim_dialog.running:
                self.sim_dialog.show()
                self.sim_dialog.raise_()
                return
            self.sim_dialog.deleteLater()
        self.sim_dialog = SimulateDialog(base, doc.folder.resolve(), None, self._notices.window,
                                         open_url=lambda url: self.open_url(url))
        self.sim_dialog.finished_report.connect(self._open_report)
        self.sim_dialog.show()

    def find_balanced_value(self, shown: tuple[str, str], path: tuple, value: int, low: int,
                            high: int) -> None:
        """"Find a balanced value…" on the number at ``path`` of the entry ``shown`` (kind,
        list key): the search on the pack as saved; the value chosen is set as one edit."""
        kind, key = shown
        ident = split_key(key)[0]
        if kind == SETTINGS and ident != "rules":  # not translated: the rules' list key
            self._notices.tell(_("Find a balanced value"), _(
                "The simulator searches the numbers of entries and of the rules, not of the "
                "pack's own settings."))
            return
        if not self._ready_for_play("balance"):
            return
        doc = self._session.doc
        assert doc is not None
        target = tune_target("rules" if kind == SETTINGS else kind, ident, path)
        asked = NumberAsked(target, place_words(path), value, low, high,
                            "rules" if kind == SETTINGS else kind, ident)
        if self.balance_dialog is not None and shiboken6.isValid(self.balance_dialog):
            if self.balance_dialog.running:
                self.balance_dialog.show()
                self.balance_dialog.raise_()
                return
            self.balance_dialog.deleteLater()
        dialog = BalanceDialog(doc.folder.resolve(), asked, self._notices.window,
                               open_url=lambda url: self.open_url(url))
        dialog.value_chosen.connect(lambda chosen: self._use_value(shown, path, chosen))
        self.balance_dialog = dialog
        dialog.show()

    def _use_value(self, shown: tuple[str, str], path: tuple, value: int) -> None:
        if self.use_value is not None:
            self.use_value(shown, path, value)

    def _open_report(self, folder: str) -> None:
        page = QUrl.fromLocalFile(str(Path(folder) / "report.html"))  # not translated: a file name
        if self.open_url(page):
            self._notices.status(_("Simulation report: {folder}").format(folder=folder), 15000)
        else:
            self._notices.status(_("Simulation report: {folder} (no browser could be started "
                                   "for it: open report.html there)").format(folder=folder),
                                 30000)

    def print_and_play_dialog(self) -> ExportDialog | None:
        self._flush()
        doc = self._session.doc
        if doc is None or doc.catalog is None:
            self._notices.tell(_("Print and play"), _("Nothing in this pack loads yet: fix the "
                                                      "problems in the Validation panel first."))
            return None
        if self.export_dialog is not None and shiboken6.isValid(self.export_dialog):
            self.export_dialog.close()
        dialog = open_export_dialog(self._notices.window, doc.catalog, doc.parent,
                                    self._export_folder or doc.folder.parent,
                                    entryrows.pack_title(doc))
        self.export_dialog = dialog

        def exported(text: str) -> None:
            self._export_folder = dialog.folder  # the next export starts where this one went
            self._notices.status(text + entryrows.skipped_note(self._session.doc), 10000)

        dialog.exported.connect(exported)
        return self.export_dialog
