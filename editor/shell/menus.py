"""The editor's menus and their actions, and the help dialogs they open."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QKeySequence

from editor.shell.helpmenu import format_guide_dialog, shortcuts_dialog
from smqt.desktop.language import fill_language_menu
from smqt.language.translate import _


class EditorMenus:
    """Builds the menu bar of ``EditorWindow`` (a part of it, kept apart)."""

    def _action(self, menu, text: str, slot: Callable[[], Any], shortcut: Any = None,
                tip: str = "") -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        return action

    def _menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(_("&File"))
        self._action(file, _("Open pack…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self.new_variant_action = self._action(
            file, _("New variant of this pack…"), self.new_variant,
            tip=_("Make a pack that extends this one and lists only what it changes."))
        file.addSeparator()
        self.save_action = self._action(file, _("Save"), self.save, QKeySequence.StandardKey.Save)
        self._action(file, _("Reload from disk"), self.reload_from_disk)
        file.addSeparator()
        self._action(file, _("Print and play…"), self.print_and_play_dialog, QKeySequence.StandardKey.Print,
                     tip=_("PDF sheets with bleed, crop marks and duplex backs; 300 dpi PNGs; "
                           "Tabletop Simulator decks."))
        file.addSeparator()
        self._action(file, _("Close"), self.close, QKeySequence.StandardKey.Close)
        edit = bar.addMenu(_("&Edit"))
        # the menu says what would be undone; the toolbar's buttons keep one width
        self.undo_action = self._action(edit, _("Undo"), self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action(edit, _("Redo"), self.redo, QKeySequence.StandardKey.Redo)
        # every platform key for redo (Ctrl+Y and Ctrl+Shift+Z on Linux), not only the first
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action.setShortcuts(QKeySequence.StandardKey.Redo)
        self.stack.undoTextChanged.connect(lambda text: self._undo_texts())
        self.stack.redoTextChanged.connect(lambda text: self._undo_texts())
        self.stack.indexChanged.connect(lambda index: self._undo_texts())
        edit.addSeparator()
        self._action(edit, _("New entry"), self.new_entry, QKeySequence.StandardKey.New)
        self._action(edit, _("Duplicate"), self.duplicate, "Ctrl+D")
        self._action(edit, _("Delete"), self.delete, QKeySequence.StandardKey.Delete)
        pack = bar.addMenu(_("&Pack"))
        self._action(pack, _("Playtest"), self.playtest, "F5",
                     tip=_("Open the table with this pack (saved first), the selected feature "
                           "card in the opening display."))
        self._action(pack, _("Playtest with a shuffled display"),
                     lambda: self.playtest(with_card=False), "Shift+F5",
                     tip=_("Open the table with this pack (saved first), dealt as usual."))
        self._action(pack, _("Simulate against base…"), self.simulate,
                     tip=_("Bots play the same games under the extended pack and this one."))
        view = bar.addMenu(_("&View"))
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        fill_language_menu(view.addMenu(_("&Language")), self)
        helps = bar.addMenu(_("&Help"))
        self._action(helps, _("Pack format guide"), lambda: self._show_help("format"),
                     QKeySequence.StandardKey.HelpContents,
                     tip=_("What each file, table and key of a content pack holds."))
        self._action(helps, _("Keyboard shortcuts"), lambda: self._show_help("keys"), "Ctrl+/")
        tools = self.addToolBar(_("Main"))
        tools.setObjectName("main")
        self.undo_button = tools.addAction(_("Undo"), self.undo)
        self.redo_button = tools.addAction(_("Redo"), self.redo)
        self._undo_texts()
        for text, slot in ((_("New"), self.new_entry), (_("Duplicate"), self.duplicate),
                           (_("Delete"), self.delete), (_("Save"), self.save),
                           (_("Playtest"), self.playtest), (_("Simulate"), self.simulate)):
            tools.addAction(text, slot)

    def _show_help(self, which: str) -> None:
        old = self.help_dialogs.pop(which, None)
        if old is not None:
            old.deleteLater()
        dialog = format_guide_dialog(self) if which == "format" else \
            shortcuts_dialog(self, self.menuBar())
        self.help_dialogs[which] = dialog
        dialog.show()
