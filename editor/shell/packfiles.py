"""The editor's pack on disk: opening and saving it, keeping unsaved edits aside and offering
them back after a crash, and noticing files changed behind the editor's back."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.model.autosave import FOLDER as AUTOSAVE_FOLDER
from editor.model.autosave import (
    all_snapshots,
    drop_snapshot,
    read_snapshot,
    snapshot_path,
    write_snapshot,
)
from editor.model.document import DocumentError, PackDocument
from smqt.files.atomic import SAVE_JOURNAL
from smqt.language.translate import _
from smqt.pack.shipped import default_pack


def _snapshots_home() -> Path:
    """The folder that holds the snapshots' folder: the data folder, or the stand-in whose
    ``editor-autosave`` serves when the data folder's cannot be used."""
    from smqt.desktop.datafolder import data_folder

    return data_folder(AUTOSAVE_FOLDER).parent


def _with_problems(exc: DocumentError, most: int = 20) -> str:
    """The refusal and the loader's list of the pack's problems (the first ``most``)."""
    lines = [str(p) for p in exc.problems[:most]]
    if len(exc.problems) > most:
        lines.append(_("... and {count} more (smqt validate lists them all)").format(
            count=len(exc.problems) - most))
    return "\n\n".join([str(exc), "\n".join(lines)]) if lines else str(exc)


class PackFiles:
    """Opening, saving, autosave and recovery, and disk changes of ``EditorWindow``."""

    def open_pack(self, folder: str | Path, *, offer_recovery: bool = True) -> bool:
        """Open a pack folder; when the editor stopped with unsaved edits to it (a kill, a
        crash, a power cut), offer them back."""
        try:
            doc = PackDocument(folder)
        except DocumentError as exc:
            self.notices.tell(_("This pack cannot be opened"), _with_problems(exc), critical=True)
            return False
        self.autosave_timer.stop()
        self.session.open(doc)
        self._form_key = None
        self._disk_noticed = {}
        self.disk_bar.hide()
        self.entries.set_kind("card")
        self.refresh()
        if offer_recovery:
            self._offer_recovery()
        return True

    def _snapshot_path(self) -> Path:
        assert self.doc is not None
        return snapshot_path(_snapshots_home(), self.doc.folder)

    def autosave(self) -> None:
        """Keep the unsaved files' text in the user's data folder (or drop the snapshot when
        nothing is unsaved)."""
        if self.doc is None or not shiboken6.isValid(self):
            return
        path = self._snapshot_path()
        if not self.doc.modified:
            drop_snapshot(path)
            return
        try:
            write_snapshot(path, self.doc.folder,
                           {name: self.doc.text(name) for name in self.doc.unsaved_files()})
        except OSError as exc:
            self.notices.status(
                _("Unsaved edits could not be kept aside ({problem}).").format(problem=exc), 8000)

    def _offer_other_recovery(self) -> None:
        """Unsaved edits of another pack (the editor was killed while it was open and was
        started again on this one): offer to open that pack, once per window."""

        if self._offered_others:
            return
        self._offered_others = True
        others = [s for s in all_snapshots(_snapshots_home())
                  if Path(s.folder) != self.doc.folder.resolve()] if self.doc else []
        if not others:
            return
        latest = others[0]
        answer = QMessageBox.question(
            self, _("Recover unsaved changes"),
            _("The editor stopped on {when} with changes to the pack {pack} ({folder}) that "
              "were not saved. Open that pack now to recover them? (No keeps them for when you "
              "open it.)").format(when=latest.when(), pack=Path(latest.folder).name,
                                  folder=latest.folder),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Yes:
            self.open_pack(latest.folder)

    def _offer_recovery(self) -> None:
        assert self.doc is not None
        path = self._snapshot_path()
        snapshot = read_snapshot(path, self.doc.folder)
        if snapshot is None:
            self._offer_other_recovery()
            return
        if all(name in self.doc.files and self.doc.text(name) == text
               for name, text in snapshot.texts.items()):
            drop_snapshot(path)  # those edits were saved after all
            return
        text = (_("The editor stopped on {when} with changes to the pack {pack} ({files}) that "
                  "were not saved.").format(when=snapshot.when(), pack=self.doc.folder.name,
                                            files=", ".join(snapshot.texts))
                + "\n\n" + _("Yes recovers them (as unsaved changes), Discard throws them "
                              "away, Cancel asks again next time."))
        since = snapshot.changed_on_disk_since()
        if since:
            text += "\n\n" + _("Another program changed {files} since then: recovering shows "
                                "your version instead; nothing is written until you "
                                "save.").format(files=", ".join(since))
        answer = QMessageBox.question(
            self, _("Recover unsaved changes"), text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Discard:
            drop_snapshot(path)
        elif answer == QMessageBox.StandardButton.Yes:
            skipped = self.doc.restore(snapshot.texts)
            self._form_key = None
            self.refresh()
            self.notices.status(
                _("Recovered unsaved changes to {files}; save to keep them.").format(
                    files=", ".join(snapshot.texts)), 10000)
            if skipped:
                self.notices.tell(_("Recover unsaved changes"),
                           _("Not recovered:") + "\n" + "\n".join(skipped))

    def open_dialog(self) -> None:
        if not self.may_discard():
            return
        start = str(self.doc.folder) if self.doc else str(default_pack())
        folder = QFileDialog.getExistingDirectory(self, _("Open a content pack folder"), start)
        if folder:
            self.open_pack(folder)

    def save(self) -> bool:
        if self.doc is None:
            return False
        self.flush()
        if self.doc.changed_on_disk():
            answer = QMessageBox.question(
                self, _("Changed on disk"),
                _("Another program changed this pack's files since they were read. Write your "
                  "version over its changes?"),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save:
                return False
            self.doc.accept_disk_state()
            self._disk_noticed = {}
            self.disk_bar.hide()
        try:
            written = self.doc.save()
        except OSError as exc:
            pending = (self.doc.folder / SAVE_JOURNAL).exists()
            state = (_("The save is completed when the pack is next opened; your edits are "
                       "still here.") if pending
                     else _("The files on disk are as they were before; your edits are still "
                            "here."))
            self.notices.tell(_("The pack was not saved"), f"{exc}\n\n{state}", critical=True)
            return False
        self.stack.setClean()
        drop_snapshot(self._snapshot_path())
        if self.doc.valid:
            self.notices.status(
                _("Saved {files}.").format(files=", ".join(written)) if written else
                _("Saved nothing new."), 5000)
        else:
            self.notices.status(
                _("Saved as work in progress: {count} problem(s) left, the table will not play "
                  "this pack.").format(count=len(self.doc.problems)), 8000)
        self._marks()
        return True

    def may_discard(self) -> bool:
        """True when there are no unsaved edits, or the author saved or dropped them."""
        self.flush()
        if self.doc is None or not self.doc.modified:
            return True
        answer = QMessageBox.question(
            self, _("Unsaved changes"),
            _("{pack} has changes that are not saved. Save them?").format(
                pack=self.doc.folder.name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def check_disk(self) -> None:
        """Show the files another program changed (once per change: the bar stays until the
        author chooses, and lists files changed meanwhile too)."""
        if self.doc is None or not self.doc.folder.exists():
            return
        changes = self.doc.disk_changes()
        if changes != self._disk_noticed:
            self._disk_noticed = changes
            self.disk_bar.show_changes(changes, self.doc.unsaved_files())

    def _reload_file(self, name: str) -> None:
        if self.doc is None:
            return
        self.flush()
        if name in self.doc.unsaved_files():
            answer = QMessageBox.question(
                self, _("Reload from disk"),
                _("Reloading {file} drops the changes to it you have not saved, and the undo "
                  "history starts again.").format(file=name),
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            self.doc.reload_file(name)
        except DocumentError as exc:
            self.notices.tell(_("The file cannot be read"),
                       f"{exc}\n\n" + _("Your version is kept."), critical=True)
            self._keep_file(name)
            return
        # edits to that file no longer apply to what it holds now
        self.stack.clear()
        if not self.doc.modified:
            self.stack.setClean()
        self._form_key = None
        self._after_disk_choice()
        self.refresh()
        self.notices.status(_("Reloaded {file} from disk; the undo history starts "
                                       "again.").format(file=name), 8000)

    def _keep_file(self, name: str) -> None:
        if self.doc is not None:
            self.doc.keep_file(name)
        self._after_disk_choice()
        self._marks()

    def _after_disk_choice(self) -> None:
        assert self.doc is not None
        self._disk_noticed = self.doc.disk_changes()
        self.disk_bar.show_changes(self._disk_noticed, self.doc.unsaved_files())
        self.autosave_timer.start()

    def reload_from_disk(self) -> None:
        if self.doc is None:
            return
        self.flush()
        if self.doc.modified:
            answer = QMessageBox.question(
                self, _("Reload from disk"), _("Reloading drops the changes you have not saved."),
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            self.doc.reload()
        except DocumentError as exc:
            self.notices.tell(_("The pack cannot be read"), _with_problems(exc), critical=True)
            return
        self.stack.clear()
        self.stack.setClean()
        self.autosave()
        self._disk_noticed = {}
        self.disk_bar.hide()
        self._form_key = None
        self.refresh()
        self.notices.status(_("Reloaded from disk."), 5000)

    def _keep_mine(self) -> None:
        if self.doc is not None:
            self.doc.accept_disk_state()
        self._disk_noticed = {}
        self.disk_bar.hide()
        self._marks()
