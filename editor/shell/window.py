"""The content editor's main window: the entry browser, the form of the selected entry with
its help, the live preview, the validation panel, the deck statistics and the undo history;
menus to create, save, reload, export, playtest and simulate.

Every change goes through ``EditCommand`` on ``self.stack``; the window only redraws from
the document after each one.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QProcess, Qt, QTimer, QUrl
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from editor.export.dialog import ExportDialog, open_export_dialog
from editor.forms.form import Form, discard, help_of, parse_key
from editor.forms.inputs import NumberBox
from editor.model.autosave import FOLDER as AUTOSAVE_FOLDER
from editor.model.autosave import (
    all_snapshots,
    drop_snapshot,
    read_snapshot,
    snapshot_path,
    write_snapshot,
)
from editor.model.commands import EditCommand, describe_edit
from editor.model.document import (
    CHANGED,
    INHERITED,
    NEW,
    DocumentError,
    Edit,
    InsertEntry,
    PackDocument,
    SetTable,
    SetValue,
)
from editor.model.templates import follows_name, free_id, id_from_name, new_entry
from editor.model.variant import NewVariantDialog, create_variant
from editor.shell.diskbar import DiskBar
from editor.shell.entrylist import SETTINGS, EntryList, EntryRow, entry_key, split_key
from editor.shell.helpmenu import format_guide_dialog, shortcuts_dialog
from editor.shell.preview import PreviewPanel
from editor.shell.problems import ValidationPanel
from editor.shell.simulate import SimulateDialog
from editor.shell.statsview import StatsView
from smqt.engine.catalog import catalog_entries
from smqt.engine.content import ID_PATTERN, Rules, SandDollarAction
from smqt.files.atomic import SAVE_JOURNAL
from smqt.pack.convert import converter
from smqt.pack.folder import KINDS, MANIFEST, ContentError, PackManifest
from smqt.pack.shipped import default_pack

REMOVED = "removed"


def _snapshots_home() -> Path:
    """The folder that holds the snapshots' folder: the data folder, or the stand-in whose
    ``editor-autosave`` serves when the data folder's cannot be used."""
    from smqt.desktop.datafolder import data_folder

    return data_folder(AUTOSAVE_FOLDER).parent
AUTOSAVE_DELAY_MS = 1500
"How long after a change its file is kept aside (a kill loses at most this much)."
HELP_HINT = "Point at or click into a field to read what it means."


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _leaves(table: dict[str, Any], prefix: str = "") -> list[str]:
    names = []
    for key, value in table.items():
        if isinstance(value, dict):
            names += _leaves(value, f"{prefix}{key}.")
        else:
            names.append(f"{prefix}{key}")
    return names


class EditorWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.doc: PackDocument | None = None
        self.stack = QUndoStack(self)
        self.current: tuple[str, str] | None = None
        self.form: Form | None = None
        self._form_key: tuple[str, Any, str] | None = None
        self._form_target: tuple[str, str] = ("", "")
        self._listing = False
        self._disk_noticed: dict[str, str] = {}
        self._shown = False
        self._applying = False
        self.sim_dialog: SimulateDialog | None = None
        self.help_dialogs: dict[str, QDialog] = {}
        self.export_dialog: ExportDialog | None = None
        self._offered_others = False
        self._export_folder: Path | None = None
        self.launch: Callable[[list[str]], bool] = lambda argv: QProcess.startDetached(
            argv[0], argv[1:])[0]
        self.open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl
        self._fit_screen(1500, 950)
        self._build()
        # a top-level layout constraint makes the offscreen platform warn on every resize
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self._menus()
        self.disk_timer = QTimer(self)
        self.disk_timer.setInterval(1000)
        self.disk_timer.timeout.connect(self.check_disk)
        self.disk_timer.start()
        QApplication.instance().focusChanged.connect(self._focus_changed)
        self.stack.cleanChanged.connect(self._clean_changed)
        self._stopping = False
        """Asked to stop: close without asking, the unsaved edits kept aside."""
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setSingleShot(True)
        self.autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self.autosave_timer.timeout.connect(self.autosave)
        self.stack.indexChanged.connect(lambda _index: self.autosave_timer.start())
        self._marks()

    # ================================================================ building

    def _fit_screen(self, width: int, height: int) -> None:
        """Start at ``width`` x ``height``, or within the screen when it is smaller (a
        1366 x 768 laptop): nothing starts off screen."""
        screen = QApplication.primaryScreen()
        if screen is not None:
            room = screen.availableGeometry()
            width = min(width, room.width() - 40)
            height = min(height, room.height() - 60)
        self.resize(max(width, 800), max(height, 500))

    def _build(self) -> None:
        self.entries = EntryList()
        self.entries.selected.connect(self._picked)
        self.entries.kind_changed.connect(lambda _kind: self._kind_switched())
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        self.disk_bar = DiskBar()
        self.disk_bar.reload_all.connect(self.reload_from_disk)
        self.disk_bar.keep_all.connect(self._keep_mine)
        self.disk_bar.reload_file.connect(self._reload_file)
        self.disk_bar.keep_file.connect(self._keep_file)
        column.addWidget(self.disk_bar)
        self.banner = QFrame()
        self.banner.setStyleSheet("QFrame { background: #e8eef7; }")
        banner = QHBoxLayout(self.banner)
        self.banner_text = QLabel()
        self.banner_text.setWordWrap(True)
        self.banner_button = QPushButton()
        self.banner_button.clicked.connect(self._banner_clicked)
        banner.addWidget(self.banner_text, 1)
        banner.addWidget(self.banner_button)
        self.banner.hide()
        column.addWidget(self.banner)
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 16px; font-weight: bold; padding: 4px;")
        column.addWidget(self.title)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.form_holder = QWidget()
        self.form_layout = QVBoxLayout(self.form_holder)
        self.form_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.scroll.setWidget(self.form_holder)
        column.addWidget(self.scroll, 1)
        self.help = QLabel(HELP_HINT)
        self.help.setWordWrap(True)
        self.help.setMinimumHeight(48)
        self.help.setStyleSheet("background: #f6f6f2; padding: 6px; border-top: 1px solid #ccc;")
        column.addWidget(self.help)
        self.preview = PreviewPanel()
        split = QSplitter()
        split.addWidget(self.entries)
        split.addWidget(middle)
        split.addWidget(self.preview)
        split.setSizes([330, 820, 350])
        self.setCentralWidget(split)

        self.problems = ValidationPanel()
        self.problems.chosen.connect(self.jump_to)
        self.stats = StatsView()
        self.history = QUndoView(self.stack)
        self.history.setEmptyLabel("(as opened)")
        self.docks = {}
        for key, title, widget, area in (
                ("problems", "Validation", self.problems, Qt.DockWidgetArea.BottomDockWidgetArea),
                ("stats", "Deck statistics", self.stats, Qt.DockWidgetArea.BottomDockWidgetArea),
                ("history", "Undo history", self.history, Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(key)
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock
        self.tabifyDockWidget(self.docks["problems"], self.docks["stats"])
        self.tabifyDockWidget(self.docks["stats"], self.docks["history"])
        self.docks["problems"].raise_()
        self.state = QLabel()
        self.statusBar().addPermanentWidget(self.state)

    def _action(self, menu, text: str, slot: Callable[[], Any], shortcut: Any = None,
                tip: str = "") -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _=False: slot())
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self._action(file, "Open pack…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.new_variant_action = self._action(
            file, "New variant of this pack…", self.new_variant,
            tip="Make a pack that extends this one and lists only what it changes.")
        file.addSeparator()
        self.save_action = self._action(file, "Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file, "Reload from disk", self.reload_from_disk)
        file.addSeparator()
        self._action(file, "Print and play…", self.print_and_play_dialog, QKeySequence.StandardKey.Print,
                     tip="PDF sheets with bleed, crop marks and duplex backs; 300 dpi PNGs; "
                         "Tabletop Simulator decks.")
        file.addSeparator()
        self._action(file, "Close", self.close, QKeySequence.StandardKey.Close)
        edit = bar.addMenu("&Edit")
        # the menu says what would be undone; the toolbar's buttons keep one width
        self.undo_action = self._action(edit, "Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(edit, "Redo", self.redo, QKeySequence.StandardKey.Redo)
        # every platform key for redo (Ctrl+Y and Ctrl+Shift+Z on Linux), not only the first
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action.setShortcuts(QKeySequence.StandardKey.Redo)
        self.stack.undoTextChanged.connect(lambda text: self._undo_texts())
        self.stack.redoTextChanged.connect(lambda text: self._undo_texts())
        self.stack.indexChanged.connect(lambda index: self._undo_texts())
        edit.addSeparator()
        self._action(edit, "New entry", self.new_entry, QKeySequence.StandardKey.New)
        self._action(edit, "Duplicate", self.duplicate, "Ctrl+D")
        self._action(edit, "Delete", self.delete, QKeySequence.StandardKey.Delete)
        pack = bar.addMenu("&Pack")
        self._action(pack, "Playtest", self.playtest, "F5",
                     tip="Open the table with this pack (saved first), the selected feature "
                         "card in the opening display.")
        self._action(pack, "Playtest with a shuffled display",
                     lambda: self.playtest(with_card=False), "Shift+F5",
                     tip="Open the table with this pack (saved first), dealt as usual.")
        self._action(pack, "Simulate against base…", self.simulate,
                     tip="Bots play the same games under the extended pack and this one.")
        view = bar.addMenu("&View")
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        helps = bar.addMenu("&Help")
        self._action(helps, "Pack format guide", lambda: self._show_help("format"),
                     QKeySequence.StandardKey.HelpContents,
                     tip="What each file, table and key of a content pack holds.")
        self._action(helps, "Keyboard shortcuts", lambda: self._show_help("keys"), "Ctrl+/")
        tools = self.addToolBar("Main")
        tools.setObjectName("main")
        self.undo_button = tools.addAction("Undo", self.undo)
        self.redo_button = tools.addAction("Redo", self.redo)
        self._undo_texts()
        for text, slot in (("New", self.new_entry), ("Duplicate", self.duplicate),
                           ("Delete", self.delete), ("Save", self.save),
                           ("Playtest", self.playtest), ("Simulate", self.simulate)):
            tools.addAction(text, slot)

    def _show_help(self, which: str) -> None:
        old = self.help_dialogs.pop(which, None)
        if old is not None:
            old.deleteLater()
        dialog = format_guide_dialog(self) if which == "format" else \
            shortcuts_dialog(self, self.menuBar())
        self.help_dialogs[which] = dialog
        dialog.show()

    # ================================================================ opening and saving

    def open_pack(self, folder: str | Path, *, offer_recovery: bool = True) -> bool:
        """Open a pack folder; when the editor stopped with unsaved edits to it (a kill, a
        crash, a power cut), offer them back."""
        try:
            doc = PackDocument(folder)
        except DocumentError as exc:
            self._tell("This pack cannot be opened", _with_problems(exc), critical=True)
            return False
        self.autosave_timer.stop()
        self.doc = doc
        self.stack.clear()
        self.stack.setClean()
        self.current = None
        self._form_key = None
        self._disk_noticed = {}
        self.disk_bar.hide()
        self.entries.set_kind("card")
        self.refresh()
        if offer_recovery:
            self._offer_recovery()
        return True

    # ================================================================ autosave and recovery

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
            self.statusBar().showMessage(f"Unsaved edits could not be kept aside ({exc}).",
                                         8000)

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
            self, "Recover unsaved changes",
            f"The editor stopped on {latest.when()} with changes to the pack "
            f"{Path(latest.folder).name} ({latest.folder}) that were not saved. Open that pack "
            "now to recover them? (No keeps them for when you open it.)",
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
        text = (f"The editor stopped on {snapshot.when()} with changes to the pack "
                f"{self.doc.folder.name} ({', '.join(snapshot.texts)}) that were not saved."
                "\n\nYes recovers them (as unsaved changes), Discard throws them away, "
                "Cancel asks again next time.")
        since = snapshot.changed_on_disk_since()
        if since:
            text += (f"\n\nAnother program changed {', '.join(since)} since then: recovering "
                     "shows your version instead; nothing is written until you save.")
        answer = QMessageBox.question(
            self, "Recover unsaved changes", text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Discard:
            drop_snapshot(path)
        elif answer == QMessageBox.StandardButton.Yes:
            skipped = self.doc.restore(snapshot.texts)
            self._form_key = None
            self.refresh()
            self.statusBar().showMessage(
                f"Recovered unsaved changes to {', '.join(snapshot.texts)}; save to keep them.",
                10000)
            if skipped:
                self._tell("Recover unsaved changes", "Not recovered:\n" + "\n".join(skipped))

    def open_dialog(self) -> None:
        if not self.may_discard():
            return
        start = str(self.doc.folder) if self.doc else str(default_pack())
        folder = QFileDialog.getExistingDirectory(self, "Open a content pack folder", start)
        if folder:
            self.open_pack(folder)

    def save(self) -> bool:
        if self.doc is None:
            return False
        self.flush()
        if self.doc.changed_on_disk():
            answer = QMessageBox.question(
                self, "Changed on disk",
                "Another program changed this pack's files since they were read. Write your "
                "version over its changes?",
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
            state = ("The save is completed when the pack is next opened" if pending
                     else "The files on disk are as they were before")
            self._tell("The pack was not saved",
                       f"{exc}\n\n{state}; your edits are still here.", critical=True)
            return False
        self.stack.setClean()
        drop_snapshot(self._snapshot_path())
        if self.doc.valid:
            self.statusBar().showMessage(f"Saved {', '.join(written) or 'nothing new'}.", 5000)
        else:
            self.statusBar().showMessage(
                f"Saved as work in progress: {len(self.doc.problems)} problem(s) left, the "
                "table will not play this pack.", 8000)
        self._marks()
        return True

    def may_discard(self) -> bool:
        """True when there are no unsaved edits, or the author saved or dropped them."""
        self.flush()
        if self.doc is None or not self.doc.modified:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes",
            f"{self.doc.folder.name} has changes that are not saved. Save them?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            # on a short screen (a 1366 x 768 laptop) the form gets the height
            tall = self.height() >= 900
            self.resizeDocks([self.docks["problems"]], [170 if tall else 100],
                             Qt.Orientation.Vertical)

    def tell_crash(self, report: Path) -> None:
        """The last run ended without closing: say so, and where its report is, in the
        status bar (under the passing messages, until the window closes)."""
        note = QLabel(f"The editor closed unexpectedly last time; what it was doing is in "
                      f"{report} (send it with a description of what you did).")
        note.setObjectName("crash_note")
        note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addWidget(note, 1)

    def stop_now(self) -> None:
        """Asked to stop (a logout, ``kill``, the terminal closed): keep the unsaved edits
        aside, where the next start offers them, and close without asking."""
        self.flush()
        self.autosave()
        self._stopping = True
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        stopping = self._stopping
        if stopping or self.may_discard():
            self.disk_timer.stop()
            self.autosave_timer.stop()
            if self.doc is not None and not stopping:
                drop_snapshot(self._snapshot_path())  # saved, or thrown away on purpose
            if self.sim_dialog is not None:
                self.sim_dialog.stop()
            if self.export_dialog is not None and shiboken6.isValid(self.export_dialog):
                self.export_dialog.stop()
            event.accept()
        else:
            event.ignore()

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
                self, "Reload from disk",
                f"Reloading {name} drops the changes to it you have not saved, and the undo "
                "history starts again.",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            self.doc.reload_file(name)
        except DocumentError as exc:
            self._tell("The file cannot be read", f"{exc}\n\nYour version is kept.",
                       critical=True)
            self._keep_file(name)
            return
        # edits to that file no longer apply to what it holds now
        self.stack.clear()
        if not self.doc.modified:
            self.stack.setClean()
        self._form_key = None
        self._after_disk_choice()
        self.refresh()
        self.statusBar().showMessage(f"Reloaded {name} from disk; the undo history starts "
                                     "again.", 8000)

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
                self, "Reload from disk", "Reloading drops the changes you have not saved.",
                QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Discard:
                return
        try:
            self.doc.reload()
        except DocumentError as exc:
            self._tell("The pack cannot be read", _with_problems(exc), critical=True)
            return
        self.stack.clear()
        self.stack.setClean()
        self.autosave()
        self._disk_noticed = {}
        self.disk_bar.hide()
        self._form_key = None
        self.refresh()
        self.statusBar().showMessage("Reloaded from disk.", 5000)

    def _keep_mine(self) -> None:
        if self.doc is not None:
            self.doc.accept_disk_state()
        self._disk_noticed = {}
        self.disk_bar.hide()
        self._marks()

    # ================================================================ editing

    def undo(self) -> None:
        """Ctrl+Z from anywhere, a field being typed in too: what the field holds is committed
        first, then the last change is undone."""
        self.flush()
        self.stack.undo()

    def redo(self) -> None:
        self.flush()
        self.stack.redo()

    def _undo_texts(self) -> None:
        if not shiboken6.isValid(self):
            return
        for menu, button, verb, text, can in (
                (self.undo_action, self.undo_button, "Undo", self.stack.undoText(),
                 self.stack.canUndo()),
                (self.redo_action, self.redo_button, "Redo", self.stack.redoText(),
                 self.stack.canRedo())):
            menu.setText(f"{verb} {_short(text)}" if can else verb)
            tip = f"{verb}: {text}" if can else f"Nothing to {verb.lower()}"
            menu.setStatusTip(tip)
            button.setToolTip(tip)
            button.setEnabled(can)

    def push(self, edit: Edit, text: str | None = None) -> None:
        """Carry out ``edit`` as an undoable command."""
        command = EditCommand(edit, self._apply, text or describe_edit(edit, self._name()))
        self.stack.push(command)
        if command.failure:
            self._tell("This change does not fit", command.failure)

    def _name(self) -> str:
        return f"{self.current[0]} {split_key(self.current[1])[0]}" if self.current else "pack"

    def _apply(self, edit: Edit) -> None:
        assert self.doc is not None
        self._applying = True  # fields replaced meanwhile must not commit anything
        try:
            self.doc.apply(edit)
            self._follow(edit)
            self.refresh()
        finally:
            self._applying = False

    def flush(self) -> None:
        """Commit what is typed in the form but not committed yet."""
        if self.form is not None:
            self.form.flush()

    def _follow(self, edit: Edit) -> None:
        """Show the entry an edit (or its undo) touched."""
        assert self.doc is not None
        if isinstance(edit, SetValue):
            key = self._key_at(edit.kind, edit.file, edit.index)
            self.current = None if key is None else (edit.kind, key)
        elif isinstance(edit, InsertEntry):
            remaining = list(self.doc.files.get(edit.file, {}).get(edit.kind, []))
            index = edit.index if edit.entry is not None else min(edit.index, len(remaining) - 1)
            key = self._key_at(edit.kind, edit.file, index) if remaining else None
            self.current = None if key is None else (edit.kind, key)
        elif isinstance(edit, SetTable):
            if edit.file == MANIFEST:
                self.current = (SETTINGS, "pack")
            elif edit.path[0] == "rules":
                self.current = (SETTINGS, "rules")
        if self.current is not None:
            self.entries.set_kind(self.current[0])

    def _form_edited(self, target: tuple[str, str], path: tuple, value: Any) -> None:
        """A field of the form showing ``target`` (kind, id) changed."""
        if self.doc is None or self._applying or not shiboken6.isValid(self):
            return  # (a field losing its focus while the window is destroyed ends up here)
        kind, key = target
        ident = split_key(key)[0]
        if kind == SETTINGS:
            if ident == "pack":
                edit: Edit = self.doc.set_table(MANIFEST, path, value)
            else:
                edit = self.doc.set_table(self.doc.table_file("rules"), ("rules", *path), value)
        else:
            place = self._place(kind, key)
            if place is None:
                return
            try:
                edit = self.doc.set_at(place[0], kind, place[1], path, value)
            except DocumentError as exc:
                self._tell("This change does not fit", str(exc))
                return
        if repr(edit.old) == repr(edit.new):  # repr: True and 1 differ, 2.0 and 2 too
            return
        follow = self._id_for_name(kind, key, edit, value) if path == ("name",) else None
        if follow is None:
            self.push(edit, describe_edit(edit, f"{kind} {ident}"))
            return
        self.stack.beginMacro(f"{kind} {ident}: name = {value}, id = {follow}")
        try:
            self.push(edit, describe_edit(edit, f"{kind} {ident}"))
            place = self._place(kind, self.current[1]) if self.current else None
            if place is not None:
                self.push(self.doc.set_at(place[0], kind, place[1], ("id",), follow))
        finally:
            self.stack.endMacro()
        self.statusBar().showMessage(f"The id follows the name: {follow} (until you type an "
                                     "id of your own).", 6000)

    def _id_for_name(self, kind: str, key: str, edit: Edit, name: Any) -> str | None:
        """The id a renamed entry takes: an entry not saved yet whose id the editor made up
        (or derived from its old name) follows its name; None when the id stays."""
        assert self.doc is not None
        ident, occurrence = split_key(key)
        if kind not in KINDS or occurrence or not isinstance(name, str) or \
                not isinstance(edit, SetValue):
            return None
        old_name = edit.old if isinstance(edit.old, str) else ""
        saved = any(isinstance(data.get(kind), list) and any(
            isinstance(e, dict) and e.get("id") == ident for e in data[kind])
            for data in self.doc.saved.values())
        inherited = self.doc.parent is not None and \
            ident in catalog_entries(self.doc.parent, kind)
        if saved or inherited or not follows_name(ident, old_name, kind):
            return None
        wanted = id_from_name(name)
        if not wanted or not re.fullmatch(ID_PATTERN, wanted):
            return None
        new = free_id(wanted, [i for i in self._all_ids(kind) if i != ident])
        return None if new == ident else new

    def new_entry(self) -> None:
        self.flush()
        if self.doc is None:
            return
        kind = self.entries.kind
        if kind == SETTINGS:
            return
        actions = self._all_ids("sand_dollar_action")
        ident = free_id(f"new_{kind}", self._all_ids(kind))
        self.push(self.doc.new_entry(kind, new_entry(kind, ident, actions)), f"add {kind} {ident}")

    def duplicate(self) -> None:
        self.flush()
        row = self._current_row()
        if self.doc is None or row is None or row.kind == SETTINGS:
            return
        ident = free_id(f"{row.id}_copy", self._all_ids(row.kind))
        twin = copy.deepcopy(row.table)
        twin["id"] = ident
        if isinstance(twin.get("name"), str):
            twin["name"] = twin["name"] + " (copy)"
        place = self._place(row.kind, row.key)
        self.push(self.doc.new_entry(row.kind, twin, place[0] if place else None),
                  f"duplicate {row.kind} {row.id} as {ident}")

    def delete(self) -> None:
        self.flush()
        row = self._current_row()
        if self.doc is None or row is None or row.kind == SETTINGS:
            return
        references = self.doc.references(row.kind, row.id)
        what = f"{row.kind.replace('_', ' ')} {row.id!r}"
        # in a variant, an entry of the extended pack (changed here or not) is left out
        # through [remove]; an own copy is dropped with it
        leave_out = row.status == INHERITED or (row.status == CHANGED and row.key == row.id)
        if row.status == INHERITED:
            text = f"Leave {what} of the extended pack out of this pack?"
        elif leave_out:
            text = (f"Leave {what} of the extended pack out of this pack? Your changes to it "
                    "are dropped too. (To drop only your changes, use \"Use the extended "
                    "pack's version\" above the form.)")
        else:
            text = f"Delete {what}?"
        if references:
            text += "\n\nThese refer to it and will not load without it:\n  " + \
                "\n  ".join(references)
        answer = QMessageBox.question(self, "Delete", text)
        if answer != QMessageBox.StandardButton.Yes:
            return
        place = self._place(row.kind, row.key) if row.status != INHERITED else None
        if not leave_out:
            if place is not None:
                self.push(self.doc.delete_at(row.kind, *place), f"delete {row.kind} {row.id}")
            return
        self.stack.beginMacro(f"leave out {row.kind} {row.id}")
        try:
            if place is not None:
                self.push(self.doc.delete_at(row.kind, *place))
            file = self.doc.table_file("remove")
            listed = list(self.doc.table_value(file, ("remove", row.kind)) or [])
            self.push(self.doc.set_table(file, ("remove", row.kind), [*listed, row.id]))
        finally:
            self.stack.endMacro()
        self.select(row.kind, row.id)  # the row stays, marked left out

    def _banner_clicked(self) -> None:
        row = self._current_row()
        if self.doc is None or row is None:
            return
        if (row.kind, row.id) == (SETTINGS, "rules"):
            file = self.doc.table_file("rules")
            self.push(self.doc.set_table(file, ("rules",), None), "use the extended pack's rules")
            return
        if row.status == INHERITED:
            self.push(self.doc.new_entry(row.kind, copy.deepcopy(row.table)),
                      f"change {row.kind} {row.id} in this pack")
        elif row.status == CHANGED and row.key == row.id:
            place = self._place(row.kind, row.key)
            if place is not None:
                self.push(self.doc.delete_at(row.kind, *place),
                          f"use the extended pack's {row.kind} {row.id}")
                self.select(row.kind, row.id)
        elif row.status == REMOVED:
            for file, data in self.doc.files.items():
                listed = data.get("remove", {}).get(row.kind, []) if \
                    isinstance(data.get("remove"), dict) else []
                if row.id in listed:
                    rest = [i for i in listed if i != row.id]
                    self.push(self.doc.set_table(file, ("remove", row.kind), rest or None),
                              f"put back {row.kind} {row.id}")
                    self.current = (row.kind, row.id)
                    self.refresh()
                    return

    def new_variant(self) -> None:
        if self.doc is None or not self.may_discard():
            return
        dialog = NewVariantDialog(self.doc.folder, self)
        accepted = dialog.exec()
        location, name, description = dialog.location(), dialog.name(), dialog.description()
        parent_name = dialog.parent_name
        dialog.deleteLater()
        if not accepted:
            return
        try:
            folder = create_variant(self.doc.folder, location, name, description)
        except (OSError, ValueError) as exc:
            self._tell("The variant was not made", str(exc), critical=True)
            return
        self.open_pack(folder)
        self.statusBar().showMessage(
            f"New variant {folder.name}: it extends {parent_name}. Entries you change "
            "or add are stored here.", 10000)

    # ================================================================ out of the editor

    def _ready_for_play(self, what: str) -> bool:
        """Saved and valid, or the author is told why not."""
        self.flush()
        if self.doc is None:
            return False
        if self.doc.modified:
            answer = QMessageBox.question(
                self, what, f"{what} uses the pack as saved. Save your changes first?",
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save or not self.save():
                return False
        if not self.doc.valid:
            lines = "\n".join(str(p) for p in self.doc.problems[:20])
            self._tell(f"{what}: the pack has problems",
                       "The table refuses a pack with problems. Fix these first:\n\n" + lines,
                       critical=True)
            return False
        return True

    def playtest(self, *, with_card: bool = True) -> None:
        """Open the table on the saved pack; the feature card selected here is dealt into the
        opening display, so that it can be tried at once."""
        if not self._ready_for_play("Playtest"):
            return
        assert self.doc is not None
        argv = [sys.executable, "-m", "smqt", "play", "--playtest", "--pack", str(self.doc.folder)]
        card = self._card_to_try() if with_card else None
        if card:
            argv += ["--opening", card]
        if not self.launch(argv):
            self._tell("Playtest", "The table could not be started.", critical=True)
            return
        row = self._current_row()
        why = ""
        if with_card and not card and row is not None and row.kind == "card":
            why = f" ({row.id} is left out of this pack)" if row.status == REMOVED else \
                f" ({row.id} does not load yet)"
        self.statusBar().showMessage(
            f"Playtest started with {card} in the opening display; you start." if card else
            f"Playtest started with a shuffled display{why}.", 8000)

    def _card_to_try(self) -> str | None:
        """The selected feature card, when it is one the pack plays (not left out)."""
        row = self._current_row()
        if row is None or row.kind != "card" or row.status == REMOVED or self.doc is None \
                or self.doc.catalog is None or row.id not in self.doc.catalog.cards:
            return None
        return row.id

    def simulate(self) -> None:
        if not self._ready_for_play("Simulate against base"):
            return
        assert self.doc is not None
        extends = self.doc.files[MANIFEST].get("extends")
        base: Path | None = (self.doc.folder / extends).resolve() if isinstance(extends, str) \
            else default_pack().resolve()
        if base == self.doc.folder.resolve():
            base = None
        from smqt.desktop.datafolder import data_folder

        if self.sim_dialog is not None:
            if self.sim_dialog.running:
                self.sim_dialog.show()
                self.sim_dialog.raise_()
                return
            self.sim_dialog.deleteLater()
        self.sim_dialog = SimulateDialog(base, self.doc.folder.resolve(),
                                         data_folder("simulations"), self)
        self.sim_dialog.finished_report.connect(self._open_report)
        self.sim_dialog.show()

    def _open_report(self, folder: str) -> None:
        self.statusBar().showMessage(f"Simulation report: {folder}", 15000)
        self.open_url(QUrl.fromLocalFile(str(Path(folder) / "report.html")))

    def print_and_play_dialog(self) -> ExportDialog | None:
        self.flush()
        if self.doc is None or self.doc.catalog is None:
            self._tell("Print and play", "Nothing in this pack loads yet: fix the problems in "
                       "the Validation panel first.")
            return None
        if self.export_dialog is not None and shiboken6.isValid(self.export_dialog):
            self.export_dialog.close()
        dialog = open_export_dialog(self, self.doc.catalog, self.doc.parent,
                                    self._export_folder or self.doc.folder.parent,
                                    self._pack_title())
        self.export_dialog = dialog

        def exported(text: str) -> None:
            self._export_folder = dialog.folder  # the next export starts where this one went
            self.statusBar().showMessage(text + self._skipped_note(), 10000)

        dialog.exported.connect(exported)
        return self.export_dialog

    def _pack_title(self) -> str:
        assert self.doc is not None
        manifest = self.doc.files.get(MANIFEST, {})
        return f"{manifest.get('name', '')} {manifest.get('version', '')}".strip()

    def _skipped_note(self) -> str:
        if self.doc is None or self.doc.valid:
            return ""
        return " Entries with problems were left out."

    # ================================================================ showing

    def refresh(self) -> None:
        if self.doc is None:
            self._marks()
            return
        self._rows()
        self._show_current()
        self.problems.show_problems(self.doc.problems, str(self.doc.folder))
        self.stats.show_catalog(self.doc.catalog, len(self.doc.problems))
        self._marks()

    def _clean_changed(self, _clean: bool) -> None:
        if shiboken6.isValid(self):
            self._marks()

    def _marks(self) -> None:
        if self.doc is None:
            self.setWindowTitle("Santa Monica content editor")
            self.state.setText("No pack open")
            return
        modified = self.doc.modified
        self.setWindowModified(modified)
        valid = self.doc.valid
        count = len(self.doc.problems)
        self.setWindowTitle(f"{self.doc.folder.name}[*] — {self._pack_title()}"
                            f"{'' if valid else ' — INVALID'} — Santa Monica content editor")
        parts = ["Unsaved changes" if modified else "Saved"]
        parts.append("valid" if valid else f"invalid: {count} problem{'s' if count != 1 else ''}")
        self.state.setText(" · ".join(parts))
        self.state.setStyleSheet("color: #8a1c12; font-weight: bold;" if not valid else
                                 ("font-weight: bold;" if modified else ""))
        self.save_action.setEnabled(modified)

    def _problem_counts(self, kind: str) -> dict[str, int]:
        assert self.doc is not None
        counts: dict[str, int] = {}
        for problem in self.doc.problems:
            if problem.section == kind:
                key = self._problem_key(problem) or problem.entry
                counts[key] = counts.get(key, 0) + 1
        return counts

    def _problem_key(self, problem: ContentError) -> str:
        """The list key of this pack's entry a problem is about ("" when it is not one)."""
        if problem.index is None or not problem.section:
            return ""
        return self._key_at(problem.section, Path(problem.file).name, problem.index) or ""

    def _id_at(self, problem: ContentError) -> str:
        assert self.doc is not None
        if problem.index is None:
            return ""
        name = Path(problem.file).name
        try:
            return str(self.doc.files[name][problem.section][problem.index].get("id"))
        except (KeyError, IndexError, TypeError, AttributeError):
            return ""

    def _rows(self) -> None:
        if self.doc is None:
            return
        kind = self.entries.kind
        rows: list[EntryRow] = []
        if kind == SETTINGS:
            counts = {"pack": 0, "rules": 0}
            for problem in self.doc.problems:
                if problem.section in ("pack", "rules") or problem.entry in ("pack", "rules"):
                    counts[problem.entry or problem.section] = \
                        counts.get(problem.entry or problem.section, 0) + 1
            rows = [EntryRow(SETTINGS, "pack", "Pack: name, version, extends", "", {},
                             counts.get("pack", 0)),
                    EntryRow(SETTINGS, "rules", "Rules parameters", "", {},
                             counts.get("rules", 0))]
        else:
            rows = self._entry_rows(kind)
        self._listing = True  # the list's own pick of a first row is not the author's
        try:
            self.entries.set_rows(rows)
            if self.current is not None and self.current[0] == kind:
                self.entries.select(self.current[1])
        finally:
            self._listing = False

    def _entry_rows(self, kind: str) -> list[EntryRow]:
        """This pack's entries and, in a variant, the extended pack's, in deck order: an entry
        that replaces one keeps its place, new entries follow. Entries sharing an id (a mistake
        the loader reports) each get a row of their own."""
        assert self.doc is not None
        counts = self._problem_counts(kind)
        own = self._own_keys(kind)

        def mine(key: str, table: dict[str, Any], status: str) -> EntryRow:
            ident = str(table.get("id"))
            return EntryRow(kind, ident, str(table.get("name", ident)), status, table,
                            counts.get(key, 0), key)

        if self.doc.parent is None:
            return [mine(key, table, "") for key, (_, _, table) in own.items()]
        parent = catalog_entries(self.doc.parent, kind)
        removed = set(self.doc.removed(kind))
        rows = []
        for ident, entry in parent.items():
            if ident in own:
                rows.append(mine(ident, own[ident][2], CHANGED))
            else:
                table = converter.unstructure(entry)
                name = str(table.get("name", ident))
                if ident in removed:
                    rows.append(EntryRow(kind, ident, f"{name} (left out)", REMOVED, table))
                else:
                    rows.append(EntryRow(kind, ident, name, INHERITED, table))
        rows += [mine(key, table, CHANGED if split_key(key)[0] in parent else NEW)
                 for key, (_, _, table) in own.items() if key not in parent]
        return rows

    def _own_keys(self, kind: str) -> dict[str, tuple[str, int, dict[str, Any]]]:
        """List key -> (file, index, table) of this pack's entries of ``kind``, in file order."""
        assert self.doc is not None
        seen: dict[str, int] = {}
        keys = {}
        for file, index, table in self.doc.entries(kind):
            ident = str(table.get("id"))
            keys[entry_key(ident, seen.get(ident, 0))] = (file, index, table)
            seen[ident] = seen.get(ident, 0) + 1
        return keys

    def _place(self, kind: str, key: str) -> tuple[str, int] | None:
        """(file, index) of this pack's entry shown in the row ``key``, or None."""
        found = self._own_keys(kind).get(key)
        return None if found is None else (found[0], found[1])

    def _key_at(self, kind: str, file: str, index: int) -> str | None:
        """The list key of the ``index``-th entry of ``kind`` in ``file``."""
        return next((key for key, (f, i, _) in self._own_keys(kind).items()
                     if (f, i) == (file, index)), None)

    def _current_row(self) -> EntryRow | None:
        if self.current is None:
            return None
        return next((r for r in self.entries.rows if (r.kind, r.key) == self.current), None)

    def _picked(self, kind: str, key: str) -> None:
        if self._listing:
            return
        if self.current != (kind, key):
            self.current = (kind, key)
            self._show_current()

    def _kind_switched(self) -> None:
        self._rows()
        self.help.setText(HELP_HINT)
        self._show_current()

    def _show_current(self) -> None:
        row = self._current_row()
        if row is None:
            picked = self.entries.current_id()
            row = next((r for r in self.entries.rows if r.key == picked), None)
            if row is not None:
                self.current = (row.kind, row.key)
        if row is None:
            self._set_form(None, None, {}, True)
            self.title.setText("Nothing selected")
            self.banner.hide()
            self.preview.show_entry(None, None, self._sand_dollar_action)
            return
        table, cls, editable = self._table_for(row)
        self.title.setText(f"{row.name}" if row.kind == SETTINGS else
                           f"{row.kind.replace('_', ' ')}: {row.name}  ({row.id})")
        self._banner_for(row)
        place = self._place(row.kind, row.key) if row.kind in KINDS else None
        # an entry keeps its form while its id is edited: the focus stays in the form
        self._form_target = (row.kind, row.key)
        self._set_form((row.kind, place or row.key, row.status), cls, table, editable)
        self.preview.show_entry(row.kind if row.kind in KINDS else None, table,
                                self._sand_dollar_action)

    def _table_for(self, row: EntryRow) -> tuple[dict[str, Any], type | None, bool]:
        assert self.doc is not None
        if row.kind == SETTINGS:
            if row.id == "pack":
                return self.doc.files.get(MANIFEST, {}), PackManifest, True
            own = self.doc.table_value(self.doc.table_file("rules"), ("rules",)) or {}
            if self.doc.parent is not None:
                inherited = converter.unstructure(self.doc.parent.rules)
                return _merged(inherited, own if isinstance(own, dict) else {}), Rules, True
            return (own if isinstance(own, dict) else {}), Rules, True
        return row.table, KINDS[row.kind], row.status not in (INHERITED, REMOVED)

    def _banner_for(self, row: EntryRow) -> None:
        texts = {
            INHERITED: ("Inherited from the extended pack; this pack does not change it.",
                        "Change in this pack"),
            REMOVED: ("The extended pack's entry, left out by this pack's [remove].", "Put back"),
            CHANGED: ("This pack replaces the extended pack's entry of the same id.",
                      "Use the extended pack's version"),
            NEW: ("New in this pack.", ""),
        }
        if row.kind == SETTINGS and row.id == "rules" and self.doc and self.doc.parent:
            own = self.doc.table_value(self.doc.table_file("rules"), ("rules",))
            names = _leaves(own) if isinstance(own, dict) else []
            text = ("This pack sets " + ", ".join(names) + "; the other values come from the "
                    "extended pack." if names else
                    "Every value comes from the extended pack; a change here is stored in this "
                    "pack.")
            button = "Use the extended pack's rules" if names else ""
        else:
            text, button = texts.get(row.status, ("", ""))
            if row.key != row.id:
                button = ""  # a second entry of the id: nothing of the extended pack to use
        self.banner_text.setText(text)
        self.banner_button.setText(button)
        self.banner_button.setVisible(bool(button))
        self.banner.setVisible(bool(text))

    def _set_form(self, key: tuple[str, Any, str] | None, cls: type | None,
                  table: dict[str, Any], editable: bool) -> None:
        if key != self._form_key or self.form is None or cls is not self.form.cls:
            if self.form is not None:
                self._tell_refused(self.form)
                self.form.blockSignals(True)
                discard(self.form)
                self.form = None
            self._form_key = key
            self.help.setText(HELP_HINT)  # the old form's field is gone
            if cls is None:
                return
            self.form = Form(cls, choices=self._choices,
                             optional_lists=not (key and key[0] == SETTINGS))
            self.form.edited.connect(
                lambda path, value: self._form_edited(self._form_target, path, value))
            self.form_layout.addWidget(self.form)
        self.form.setEnabled(editable)
        self.form.show_table(table)

    def _tell_refused(self, form: Form) -> None:
        """A number refused in a form that is going away: say so, it is not taken."""
        refused = [(box.objectName().removeprefix("field:"), box.text(), box.problem)
                   for box in form.findChildren(NumberBox) if box.problem]
        if refused:
            where, text, problem = refused[0]
            self.statusBar().showMessage(f"{where}: {text} was not taken ({problem}).", 10000)

    def _choices(self, owner: type, name: str) -> list[str]:
        if name == "sides":
            return self._all_ids("sand_dollar_action")
        return []

    def _all_ids(self, kind: str) -> list[str]:
        if self.doc is None:
            return []
        ids = [str(e.get("id")) for _, _, e in self.doc.entries(kind)]
        return ids + [i for i in self.doc.inherited(kind) if i not in ids]

    def _sand_dollar_action(self, ident: str) -> SandDollarAction | None:
        if self.doc is None:
            return None
        for _, _, table in self.doc.entries("sand_dollar_action"):
            if table.get("id") == ident:
                try:
                    return converter.structure(table, SandDollarAction)
                except Exception:  # a broken action simply has no face yet
                    return None
        if self.doc.parent is not None:
            return self.doc.parent.sand_dollar_actions.get(ident)
        return None

    def select(self, kind: str, ident: str) -> bool:
        """Show the entry whose list key (its id, unless it shares it) is ``ident``."""
        self.entries.set_kind(kind)
        self._rows()
        if self.entries.select(ident):
            self.current = (kind, ident)
            self._show_current()
            return True
        return False

    def jump_to(self, problem: ContentError) -> None:
        """Show the entry and field a loader problem is about."""
        if self.doc is None:
            return
        section = problem.section or problem.entry
        if section in KINDS:
            ident = self._problem_key(problem) or problem.entry or self._id_at(problem)
            if not self.select(section, ident):
                return
        elif section in ("pack", "rules"):
            self.select(SETTINGS, section)
        else:
            return
        if self.form is not None and problem.key:
            widget = self.form.focus_path(parse_key(problem.key))
            if widget is not None:
                self.scroll.ensureWidgetVisible(widget)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and self.isAncestorOf(new):
            text = help_of(new)
            if text:
                self.help.setText(text)

    def _tell(self, title: str, text: str, *, critical: bool = False) -> None:
        if critical:
            QMessageBox.critical(self, title, text)
        else:
            QMessageBox.information(self, title, text)


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _with_problems(exc: DocumentError, most: int = 20) -> str:
    """The refusal and the loader's list of the pack's problems (the first ``most``)."""
    lines = [str(p) for p in exc.problems[:most]]
    if len(exc.problems) > most:
        lines.append(f"... and {len(exc.problems) - most} more (smqt validate lists them all)")
    return "\n\n".join([str(exc), "\n".join(lines)]) if lines else str(exc)
