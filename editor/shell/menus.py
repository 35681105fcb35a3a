"""The editor's menus, its toolbar and the help dialogs they open: a part of the window, given
the window whose bar it fills, the undo stack whose next change it names, the docks it lists
and the commands of the other parts it calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import shiboken6
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu

from editor.shell.helpmenu import format_guide_dialog, shortcuts_dialog
from smqt.desktop.language import fill_language_menu
from smqt.desktop.mnemonics import mark_menu
from smqt.language.translate import _


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


@attrs.frozen
class Commands:
    """What the menus and the toolbar call: each the method of the part that does it."""

    open_dialog: Callable[[], Any]
    new_variant: Callable[[], Any]
    save: Callable[[], Any]
    reload_from_disk: Callable[[], Any]
    print_and_play: Callable[[], Any]
    close: Callable[[], Any]
    undo: Callable[[], Any]
    redo: Callable[[], Any]
    new_entry: Callable[[], Any]
    duplicate: Callable[[], Any]
    delete: Callable[[], Any]
    playtest: Callable[[], Any]
    "A playtest with the selected card in the opening display."
    playtest_shuffled: Callable[[], Any]
    simulate: Callable[[], Any]


class EditorMenus:
    """Builds the menu bar and the toolbar of ``window``; the Edit menu and the toolbar say
    what Undo and Redo would change."""

    def __init__(self, window: QMainWindow, stack: QUndoStack, docks: dict[str, QDockWidget],
                 commands: Commands) -> None:
        self._window = window
        self._stack = stack
        self.help_dialogs: dict[str, QDialog] = {}
        "The help dialog of each kind (``format``, ``keys``), once opened."
        self._edit_menu: QMenu | None = None
        self._build(docks, commands)

    @staticmethod
    def _action(menu, text: str, slot: Callable[[], Any], shortcut: Any = None,
                tip: str = "") -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _build(self, docks: dict[str, QDockWidget], commands: Commands) -> None:
        window, stack = self._window, self._stack
        bar = window.menuBar()
        file = bar.addMenu(_("&File"))
        self._action(file, _("Open pack…"), commands.open_dialog, QKeySequence.StandardKey.Open)
        self.new_variant_action = self._action(
            file, _("New variant of this pack…"), commands.new_variant,
            tip=_("Make a pack that extends this one and lists only what it changes."))
        file.addSeparator()
        self.save_action = self._action(file, _("Save"), commands.save, QKeySequence.StandardKey.Save)
        self._action(file, _("Reload from disk"), commands.reload_from_disk)
        file.addSeparator()
        self._action(file, _("Print and play…"), commands.print_and_play, QKeySequence.StandardKey.Print,
                     tip=_("PDF sheets with bleed, crop marks and duplex backs; 300 dpi PNGs; "
                           "Tabletop Simulator decks."))
        file.addSeparator()
        self._action(file, _("Close"), commands.close, QKeySequence.StandardKey.Close)
        edit = bar.addMenu(_("&Edit"))
        # the menu says what would be undone; the toolbar's buttons keep one width
        self.undo_action = self._action(edit, _("Undo"), commands.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(edit, _("Redo"), commands.redo, QKeySequence.StandardKey.Redo)
        # every platform key for redo (Ctrl+Y and Ctrl+Shift+Z on Linux), not only the first
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action.setShortcuts(QKeySequence.StandardKey.Redo)
        stack.undoTextChanged.connect(lambda text: self._undo_texts())
        stack.redoTextChanged.connect(lambda text: self._undo_texts())
        stack.indexChanged.connect(lambda index: self._undo_texts())
        edit.addSeparator()
        self._action(edit, _("New entry"), commands.new_entry, QKeySequence.StandardKey.New)
        self._action(edit, _("Duplicate"), commands.duplicate, "Ctrl+D")
        self._action(edit, _("Delete"), commands.delete, QKeySequence.StandardKey.Delete)
        pack = bar.addMenu(_("&Pack"))
        self._action(pack, _("Playtest"), commands.playtest, "F5",
                     tip=_("Open the table with this pack (saved first), the selected feature "
                           "card in the opening display."))
        self._action(pack, _("Playtest with a shuffled display"),
                     commands.playtest_shuffled, "Shift+F5",
                     tip=_("Open the table with this pack (saved first), dealt as usual."))
        self._action(pack, _("Simulate against base…"), commands.simulate,
                     tip=_("Bots play the same games under the extended pack and this one."))
        view = bar.addMenu(_("&View"))
        for dock in docks.values():
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        fill_language_menu(view.addMenu(_("&Language")), window)
        helps = bar.addMenu(_("&Help"))
        self._action(helps, _("Pack format guide"), lambda: self.show_help("format"),
                     QKeySequence.StandardKey.HelpContents,
                     tip=_("What each file, table and key of a content pack holds."))
        self._action(helps, _("Keyboard shortcuts"), lambda: self.show_help("keys"), "Ctrl+/")
        for menu in (file, edit, pack, view, helps):
            mark_menu(menu)
        self._edit_menu = edit
        tools = window.addToolBar(_("Main"))
        tools.setObjectName("main")
        self.undo_button = tools.addAction(_("Undo"), commands.undo)
        self.redo_button = tools.addAction(_("Redo"), commands.redo)
        self._undo_texts()
        for text, slot in ((_("New"), commands.new_entry), (_("Duplicate"), commands.duplicate),
                           (_("Delete"), commands.delete), (_("Save"), commands.save),
                           (_("Playtest"), commands.playtest), (_("Simulate"), commands.simulate)):
            tools.addAction(text, slot)

    def _undo_texts(self) -> None:
        if not shiboken6.isValid(self._window):
            return
        undo, redo = self._stack.undoText(), self._stack.redoText()
        for menu, button, can, named, verb, tip, nothing in (
                (self.undo_action, self.undo_button, self._stack.canUndo(),
                 _("Undo {change}").format(change=_short(undo)), _("Undo"),
                 _("Undo: {change}").format(change=undo), _("Nothing to undo")),
                (self.redo_action, self.redo_button, self._stack.canRedo(),
                 _("Redo {change}").format(change=_short(redo)), _("Redo"),
                 _("Redo: {change}").format(change=redo), _("Nothing to redo"))):
            menu.setText((named if can else verb).replace("&", "&&"))
            tip = tip if can else nothing
            menu.setStatusTip(tip)
            button.setToolTip(tip)
            button.setEnabled(can)
        if self._edit_menu is not None:
            mark_menu(self._edit_menu)  # the new texts' mnemonics

    def show_help(self, which: str) -> None:
        old = self.help_dialogs.pop(which, None)
        if old is not None:
            old.deleteLater()
        dialog = format_guide_dialog(self._window) if which == "format" else \
            shortcuts_dialog(self._window, self._window.menuBar())
        self.help_dialogs[which] = dialog
        dialog.show()
