"""The content editor's main window: a shell that builds the widgets (the entry browser, the
disk bar, the page with the form and its help, the live preview, the validation panel, the
deck statistics and the undo history) and its parts, passing each what it needs, and closes
without losing edits.

The parts, each in its module: the ``session`` all of them share (the pack, the entry shown,
the one undo stack, and signals for what happened to the pack), ``showing`` (the list, the
form, the preview and the panels), ``marks`` (the title and the status), ``editing`` (every
change, each an ``EditCommand`` on the stack), ``packfiles`` (opening, saving, autosave and
recovery, disk changes), ``tryout`` (playtest, simulate, print) and ``menus`` (the menu bar and
the toolbar). No part reads another's attributes: it is given callables and the session, or
hears signals the window connects.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QLayout,
    QMainWindow,
    QSplitter,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from editor.shell.diskbar import DiskBar
from editor.shell.editing import Editing
from editor.shell.entrylist import EntryList
from editor.shell.marks import WindowMarks
from editor.shell.menus import Commands, EditorMenus
from editor.shell.notices import Notices
from editor.shell.packfiles import PackFiles
from editor.shell.page import FormPage
from editor.shell.preview import PreviewPanel
from editor.shell.problems import ValidationPanel
from editor.shell.session import PackSession
from editor.shell.showing import HELP_HINT, Showing
from editor.shell.statsview import StatsView
from editor.shell.tryout import TryOut
from smqt.language.translate import _


class EditorWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.stack = QUndoStack(self)
        self.session = PackSession(self.stack)
        self.notices = Notices(self, self.statusBar())
        self._shown = False
        self._stopping = False
        """Asked to stop: close without asking, the unsaved edits kept aside."""
        self._fit_screen(1500, 950)
        self._build()
        # a top-level layout constraint makes the offscreen platform warn on every resize
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.showing = Showing(self.session, self.entries, self.page, self.preview,
                               self.problems, self.stats, self.notices)
        self.editing = Editing(self.session, self.notices, self.entries,
                               flush=self.showing.flush, current_row=self.showing.current_row,
                               select=self.showing.select)
        self.showing.form_edited.connect(self.editing.form_edited)
        self.showing.key_renamed.connect(self.editing.rename_key)
        self.showing.key_deleted.connect(self.editing.delete_key)
        self.page.banner_button.clicked.connect(self.editing.banner_clicked)
        self.files = PackFiles(self.session, self.disk_bar, self.notices,
                               flush=self.showing.flush)
        self.tryout = TryOut(self.session, self.notices, flush=self.showing.flush,
                             save=self.files.save, current_row=self.showing.current_row,
                             use_value=self.editing.use_value)
        self.showing.balance_asked.connect(self.tryout.find_balanced_value)
        self.menus = EditorMenus(self, self.stack, self.docks, Commands(
            open_dialog=self.files.open_dialog, new_variant=self.files.new_variant,
            save=self.files.save, reload_from_disk=self.files.reload_from_disk,
            print_and_play=self.tryout.print_and_play_dialog,
            close=self.close, undo=self.editing.undo, redo=self.editing.redo,
            new_entry=self.editing.new_entry, duplicate=self.editing.duplicate,
            delete=self.editing.delete, playtest=self.tryout.playtest,
            playtest_shuffled=lambda: self.tryout.playtest(with_card=False),
            simulate=self.tryout.simulate))
        self.marks = WindowMarks(self, self.state, self.menus.save_action, self.session)
        QApplication.instance().focusChanged.connect(self._focus_changed)

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
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        self.disk_bar = DiskBar()
        column.addWidget(self.disk_bar)
        self.page = FormPage(_(HELP_HINT))
        column.addWidget(self.page, 1)
        self.preview = PreviewPanel()
        split = QSplitter()
        split.addWidget(self.entries)
        split.addWidget(middle)
        split.addWidget(self.preview)
        # the list keeps room for a name and its id (German names run long) and the preview
        # for a face; on a small screen (a 1366 x 768 laptop) the form gives up the width
        split.setSizes([370, max(500, self.width() - 370 - 330), 330])
        self.setCentralWidget(split)

        self.problems = ValidationPanel()
        self.stats = StatsView()
        self.history = QUndoView(self.stack)
        self.history.setEmptyLabel(_("(as opened)"))
        self.docks = {}
        for key, title, widget, area in (
                ("problems", _("Validation"), self.problems,
                 Qt.DockWidgetArea.BottomDockWidgetArea),
                ("stats", _("Deck statistics"), self.stats, Qt.DockWidgetArea.BottomDockWidgetArea),
                ("history", _("Undo history"), self.history,
                 Qt.DockWidgetArea.BottomDockWidgetArea)):
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

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and self.isAncestorOf(new):
            self.showing.show_help_of(new)

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
        note = QLabel(_("The editor closed unexpectedly last time; what it was doing is in "
                        "{report} (send it with a description of what you did).").format(
                            report=report))
        note.setObjectName("crash_note")
        note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addWidget(note, 1)

    def stop_now(self) -> None:
        """Asked to stop (a logout, ``kill``, the terminal closed): keep the unsaved edits
        aside, where the next start offers them, and close without asking."""
        self.showing.flush()
        self.files.autosave()
        self._stopping = True
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        stopping = self._stopping
        if stopping or self.files.may_discard():
            self.files.closing(stopping=stopping)
            self.tryout.stop()
            event.accept()
        else:
            event.ignore()
