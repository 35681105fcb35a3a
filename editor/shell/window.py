"""The content editor's main window: it builds the entry browser, the form of the selected
entry with its help, the live preview, the validation panel, the deck statistics and the undo
history, and closes without losing edits. The rest is in its parts: ``menus`` (the menu bar),
``packfiles`` (opening, saving, autosave and recovery, disk changes), ``editing`` (every
change), ``showing`` (the entry list and the form) and ``tryout`` (playtest, simulate, print).

Every change goes through ``EditCommand`` on ``self.stack``; the window only redraws from
the document after each one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from editor.forms.form import Form
from editor.model.document import PackDocument
from editor.shell.diskbar import DiskBar
from editor.shell.editing import Editing
from editor.shell.entrylist import EntryList
from editor.shell.menus import Commands, EditorMenus
from editor.shell.notices import Notices
from editor.shell.packfiles import PackFiles
from editor.shell.preview import PreviewPanel
from editor.shell.problems import ValidationPanel
from editor.shell.session import PackSession
from editor.shell.showing import HELP_HINT, Showing
from editor.shell.statsview import StatsView
from editor.shell.tryout import TryOut
from smqt.language.translate import _


class EditorWindow(Showing, QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.stack = QUndoStack(self)
        self.session = PackSession(self.stack)
        self.notices = Notices(self, self.statusBar())
        self.form: Form | None = None
        self._form_key: tuple[str, Any, str] | None = None
        self._form_target: tuple[str, str] = ("", "")
        self._listing = False
        self._shown = False
        self._fit_screen(1500, 950)
        self._build()
        self.editing = Editing(self.session, self.notices, self.entries, flush=self.flush,
                               current_row=self._current_row, select=self.select)
        self.banner_button.clicked.connect(self.editing.banner_clicked)
        self.session.changed.connect(self.refresh)
        self.files = PackFiles(self.session, self.disk_bar, self.notices, flush=self.flush)
        self.session.opened.connect(self._opened)
        self.session.reread.connect(self._reread)
        self.session.saved_state_changed.connect(self._marks)
        self.tryout = TryOut(self.session, self.notices, flush=self.flush, save=self.files.save,
                             current_row=self._current_row)
        # a top-level layout constraint makes the offscreen platform warn on every resize
        self.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.menus = EditorMenus(self, self.stack, self.docks, Commands(
            open_dialog=self.files.open_dialog, new_variant=self.files.new_variant,
            save=self.files.save, reload_from_disk=self.files.reload_from_disk,
            print_and_play=self.tryout.print_and_play_dialog,
            close=self.close, undo=self.editing.undo, redo=self.editing.redo,
            new_entry=self.editing.new_entry, duplicate=self.editing.duplicate,
            delete=self.editing.delete, playtest=self.tryout.playtest,
            playtest_shuffled=lambda: self.tryout.playtest(with_card=False),
            simulate=self.tryout.simulate))
        QApplication.instance().focusChanged.connect(self._focus_changed)
        self.stack.cleanChanged.connect(self._clean_changed)
        self._stopping = False
        """Asked to stop: close without asking, the unsaved edits kept aside."""
        self._marks()

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
        column.addWidget(self.disk_bar)
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
        self.form_holder = QWidget()
        self.form_layout = QVBoxLayout(self.form_holder)
        # the form at the top, the rest of the page blank (a stretch below, not an alignment:
        # an aligned layout gets its size hint's height, where a wrapped line of values needs
        # the height for its width)
        self.form_layout.addStretch(1)
        self.scroll.setWidget(self.form_holder)
        column.addWidget(self.scroll, 1)
        self.help = QLabel(_(HELP_HINT))
        self.help.setWordWrap(True)
        self.help.setMinimumHeight(48)
        self.help.setStyleSheet(
            "background: #f6f6f2; padding: 6px; border-top: 1px solid #ccc;")  # not translated: a style sheet
        column.addWidget(self.help)
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
        self.problems.chosen.connect(self.jump_to)
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


    # ================================================================ autosave and recovery

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
        self.flush()
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


    # ================================================================ while parts are mixins

    def _opened(self) -> None:
        self._form_key = None
        self.entries.set_kind("card")
        self.refresh()

    def _reread(self) -> None:
        self._form_key = None
        self.refresh()

    @property
    def doc(self) -> PackDocument | None:
        return self.session.doc

    @property
    def current(self) -> tuple[str, str] | None:
        return self.session.current

    @current.setter
    def current(self, value: tuple[str, str] | None) -> None:
        self.session.current = value
