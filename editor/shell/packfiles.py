"""The editor's pack on disk: opening and saving it, keeping unsaved edits aside and offering
them back after a crash, and noticing files changed behind the editor's back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
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
from editor.model.variant import NewVariantDialog, create_variant
from editor.shell.diskbar import DiskBar
from editor.shell.notices import Notices
from editor.shell.session import PackSession
from smqt.files.atomic import SAVE_JOURNAL
from smqt.language.translate import _
from smqt.pack.shipped import default_pack

AUTOSAVE_DELAY_MS = 1500
"How long after a change its file is kept aside (a kill loses at most this much)."


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
    """Opening, saving, autosave and recovery, and disk changes: a part of the editor's window,
    given the session (the pack and its undo stack), the bar it shows disk changes in, where
    to speak to the author, and the window's way to commit the form (``flush``). It checks
    the disk every second and keeps unsaved edits aside a moment after each change."""

    def __init__(self, session: PackSession, disk_bar: DiskBar, notices: Notices, *,
                 flush: Callable[[], None]) -> None:
        self._session = session
        self._stack = session.stack
        self._disk_bar = disk_bar
        self._notices = notices
        self._flush = flush
        self._disk_noticed: dict[str, str] = {}
        "The disk's changes the bar shows (it is redrawn only when they change)."
        self._offered_others = False
        disk_bar.reload_all.connect(self.reload_from_disk)
        disk_bar.keep_all.connect(self._keep_mine)
        disk_bar.reload_file.connect(self._reload_file)
        disk_bar.keep_file.connect(self._keep_file)
        self.disk_timer = QTimer(notices.window)
        self.disk_timer.setInterval(1000)
        self.disk_timer.timeout.connect(self.check_disk)
        self.disk_timer.start()
        self.autosave_timer = QTimer(notices.window)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.autosave)
        self._stack.indexChanged.connect(lambda _index: self.autosave_timer.start())

    def closing(self, *, stopping: bool) -> None:
        """The window closes: no more checks; the edits kept aside are dropped (saved, or
        thrown away on purpose) unless the editor is ``stopping`` (then they are offered at
        the next start)."""
        self.disk_timer.stop()
        self.autosave_timer.stop()
        if self._session.doc is not None and not stopping:
            drop_snapshot(self.snapshot_path())

    def open_pack(self, folder: str | Path, *, offer_recovery: bool = True) -> bool:
        """Open a pack folder; when the editor stopped with unsaved edits to it (a kill, a
        crash, a power cut), offer them back."""
        try:
            doc = PackDocument(folder)
        except DocumentError as exc:
            self._notices.tell(_("This pack cannot be opened"), _with_problems(exc), critical=True)
            return False
        self.autosave_timer.stop()
        self._disk_noticed = {}
        self._disk_bar.hide()
        self._session.open(doc)
        if offer_recovery:
            self._offer_recovery()
        return True

    def snapshot_path(self) -> Path:
        doc = self._session.doc
        assert doc is not None
        return snapshot_path(_snapshots_home(), doc.folder)

    def autosave(self) -> None:
        """Keep the unsaved files' text in the user's data folder (or drop the snapshot when
        nothing is unsaved)."""
        doc = self._session.doc
        if doc is None or not self._notices.alive():
            return
        path = self.snapshot_path()
        if not doc.modified:
            drop_snapshot(path)
            return
        try:
            write_snapshot(path, doc.folder,
                           {name: doc.text(name) for name in doc.unsaved_files()})
        except OSError as exc:
            self._notices.status(
                _("Unsaved edits could not be kept aside ({problem}).").format(problem=exc), 8000)

    def _offer_other_recovery(self) -> None:
        """Unsaved edits of another pack (the editor was killed while it was open and was
        started again on this one): offer to open that pack, once per window."""
        doc = self._session.doc

        if self._offered_others:
            return
        self._offered_others = True
        others = [s for s in all_snapshots(_snapshots_home())
                  if Path(s.folder) != doc.folder.resolve()] if doc else []
        if not others:
            return
        latest = others[0]
        answer = QMessageBox.question(
            self._notices.window, _("Recover unsaved changes"),
            _("The editor stopped on {when} with changes to the pack {pack} ({folder}) that "
              "were not saved. Open that pack now to recover them? (No keeps them for when you "
              "open it.)").format(when=latest.when(), pack=Path(latest.folder).name,
                                  folder=latest.folder),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Yes:
            self.open_pack(latest.folder)

    def _offer_recovery(self) -> None:
        doc = self._session.doc
        assert doc is not None
        path = self.snapshot_path()
        snapshot = read_snapshot(path, doc.folder)
        if snapshot is None:
            self._offer_other_recovery()
            return
        if all(name in doc.files and doc.text(name) == text
               for name, text in snapshot.texts.items()):
            drop_snapshot(path)  # those edits were saved after all
            return
        text = (_("The editor stopped on {when} with changes to the pack {pack} ({files}) that "
                  "were not saved.").format(when=snapshot.when(), pack=doc.folder.name,
                                            files=", ".join(snapshot.texts))
                + "\n\n" + _("Yes recovers them (as unsaved changes), Discard throws them "
                              "away, Cancel asks again next time."))
        since = snapshot.changed_on_disk_since()
        if since:
            text += "\n\n" + _("Another program changed {files} since then: recovering shows "
                                "your version instead; nothing is written until you "
                                "save.").format(files=", ".join(since))
        answer = QMessageBox.question(
            self._notices.window, _("Recover unsaved changes"), text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Discard:
            drop_snapshot(path)
        elif answer == QMessageBox.StandardButton.Yes:
            skipped = doc.restore(snapshot.texts)
            self._session.reread.emit()
            self._notices.status(
                _("Recovered unsaved changes to {files}; save to keep them.").format(
                    files=", ".join(snapshot.texts)), 10000)
            if skipped:
                self._notices.tell(_("Recover unsaved changes"),
                                   _("Not recovered:") + "\n" + "\n".join(skipped))

    def open_dialog(self) -> None:
        doc = self._session.doc
        if not self.may_discard():
            return
        start = str(doc.folder) if doc else str(default_pack())
        folder = QFileDialog.getExistingDirectory(self._notices.window,
                                                  _("Open a content pack folder"), start)
        if folder:
            self.open_pack(folder)

    def save(self) -> bool:
        doc = self._session.doc
        if doc is None:
            return False
        self._flush()
        if doc.changed_on_disk():
            answer = QMessageBox.question(
                self._notices.window, _("Changed on disk"),
                _("Another program changed this pack's files since they were read. Write your "
                  "version over its changes?"),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save:
                return False
            doc.accept_disk_state()
            self._disk_noticed = {}
            self._disk_bar.hide()
        try:
            written = doc.save()
        except OSError as exc:
            pending = (doc.folder / SAVE_JOURNAL).exists()
            state = (_("The save is completed when the pack is next opened; your edits are "
                       "still here.") if pending
                     else _("The files on disk are as they were before; your edits are still "
                            "here."))
            self._notices.tell(_("The pack was not saved"), f"{exc}\n\n{state}", critical=True)
            return False
        self._stack.setClean()
        drop_snapshot(self.snapshot_path())
        if doc.valid:
            self._notices.status(
                _("Saved {files}.").format(files=", ".join(written)) if written else
                _("Saved nothing new."), 5000)
        else:
            self._notices.status(
                _("Saved as work in progress: {count} problem(s) left, the table will not play "
                  "this pack.").format(count=len(doc.problems)), 8000)
        self._session.saved_state_changed.emit()
        return True

    def may_discard(self) -> bool:
        """True when there are no unsaved edits, or the author saved or dropped them."""
        doc = self._session.doc
        self._flush()
        if doc is None or not doc.modified:
            return True
        answer = QMessageBox.question(
            self._notices.window, _("Unsaved changes"),
            _("{pack} has changes that are not saved. Save them?").format(
                pack=doc.folder.name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def check_disk(self) -> None:
        """Show the files another program changed (once per change: the bar stays until the
        author chooses, and lists files changed meanwhile too)."""
        doc = self._session.doc
        if doc is None or not doc.folder.exists():
            return
        changes = doc.disk_changes()
        if changes != self._disk_noticed:
            self._disk_noticed = changes
            self._disk_bar.show_changes(changes, doc.unsaved_files())

    def _reload_file(self, name: str) -> None:
        doc = self._session.doc
        if doc is None:
            return
        self._flush()
        if name in doc.unsaved_files():
            answer = QMessageBox.question(
                self._notices.window, _("Reload from disk"),
                _("Reloading {file} drops the changes to it you have not saved, and the undo "
                  "history starts again.").format(file=name),
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            doc.reload_file(name)
        except DocumentError as exc:
            self._notices.tell(_("The file cannot be read"),
                               f"{exc}\n\n" + _("Your version is kept."), critical=True)
            self._keep_file(name)
            return
        # edits to that file no longer apply to what it holds now
        self._stack.clear()
        if not doc.modified:
            self._stack.setClean()
        self._after_disk_choice()
        self._session.reread.emit()
        self._notices.status(_("Reloaded {file} from disk; the undo history starts "
                               "again.").format(file=name), 8000)

    def _keep_file(self, name: str) -> None:
        doc = self._session.doc
        if doc is not None:
            doc.keep_file(name)
        self._after_disk_choice()
        self._session.saved_state_changed.emit()

    def _after_disk_choice(self) -> None:
        doc = self._session.doc
        assert doc is not None
        self._disk_noticed = doc.disk_changes()
        self._disk_bar.show_changes(self._disk_noticed, doc.unsaved_files())
        self.autosave_timer.start()

    def reload_from_disk(self) -> None:
        doc = self._session.doc
        if doc is None:
            return
        self._flush()
        if doc.modified:
            answer = QMessageBox.question(
                self._notices.window, _("Reload from disk"),
                _("Reloading drops the changes you have not saved."),
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            doc.reload()
        except DocumentError as exc:
            self._notices.tell(_("The pack cannot be read"), _with_problems(exc), critical=True)
            return
        self._stack.clear()
        self._stack.setClean()
        self.autosave()
        self._disk_noticed = {}
        self._disk_bar.hide()
        self._session.reread.emit()
        self._notices.status(_("Reloaded from disk."), 5000)

    def _keep_mine(self) -> None:
        doc = self._session.doc
        if doc is not None:
            doc.accept_disk_state()
        self._disk_noticed = {}
        self._disk_bar.hide()
        self._session.saved_state_changed.emit()

    def new_variant(self) -> None:
        doc = self._session.doc
        if doc is None or not self.may_discard():
            return
        dialog = NewVariantDialog(doc.folder, self._notices.window)
        accepted = dialog.exec()
        location, name, description = dialog.location(), dialog.name(), dialog.description()
        parent_name = dialog.parent_name
        dialog.deleteLater()
        if not accepted:
            return
        try:
            folder = create_variant(doc.folder, location, name, description)
        except (OSError, ValueError) as exc:
            self._notices.tell(_("The variant was not made"), str(exc), critical=True)
            return
        self.open_pack(folder)
        self._notices.status(
            _("New variant {pack}: it extends {parent}. Entries you change or add are stored "
              "here.").format(pack=folder.name, parent=parent_name), 10000)
