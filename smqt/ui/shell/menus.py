"""The table window's menus (Game, Turn, Seats, View, Help), the Resume and Seats lists made
afresh each time they open, and the help pages they show."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from smqt.desktop.datafolder import settings
from smqt.desktop.front import bring_to_front
from smqt.desktop.language import fill_language_menu
from smqt.language.translate import N_, _
from smqt.ui.shell import help as helppages
from smqt.ui.shell.autosaves import set_aside, unfinished_games
from smqt.ui.table.appearance import (
    TEXT_SIZES,
    Appearance,
    set_high_contrast,
    set_text_size,
)
from smqt.ui.table.motion import SPEEDS, Motion

PACES = ((N_("Instant"), 0), (N_("Fast"), 150), (N_("Normal"), 450), (N_("Slow"), 1200))
AI_LEVELS = (("easy", N_("AI · easy")), ("medium", N_("AI · medium")), ("hard", N_("AI · hard")),
             ("expert", N_("AI · expert")),
             ("random", N_("AI · random")))


class TableMenus:
    """Mixed into ``TableWindow``: builds the menus and answers them."""

    def _menus(self) -> None:
        def action(menu, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None
                   ) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            menu.addAction(act)
            return act

        game = self.menuBar().addMenu(_("&Game"))
        action(game, _("&New game…"), self.new_game_dialog, QKeySequence.StandardKey.New)
        action(game, _("&Open saved game…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self.resume_menu = game.addMenu(_("&Resume"))
        self.resume_menu.aboutToShow.connect(self._fill_resume_menu)
        action(game, _("Resume &last game"), self.resume_last)
        action(game, _("&Save"), self.save, QKeySequence.StandardKey.Save)
        action(game, _("Save &as…"), self.save_as, "Ctrl+Shift+S")
        action(game, _("Re&play a saved game…"), self.replay_dialog)
        action(game, _("Re&view this game…"), self.open_review, "Ctrl+R")
        game.addSeparator()
        action(game, _("&Quit"), self.close, QKeySequence.StandardKey.Quit)

        turn = self.menuBar().addMenu(_("&Turn"))
        self.undo_action = action(turn, _("&Undo"), self.undo, QKeySequence.StandardKey.Undo)
        action(turn, _("&End turn"), self.end_turn, "E")
        action(turn, _("&Stop the walk here"), self.stop_here, "S")
        action(turn, _("&Return the person to the supply"), self.return_person, "R")
        action(turn, _("&No swap"), self.no_swap, "N")
        action(turn, _("Step &back / clear the choice"), self.step_back, "Esc")  # not translated: a key
        turn.addSeparator()
        action(turn, _("Best &final movement"), self.auto_final, "F")
        action(turn, _("&Done with the final movement"), self.final_done, "D")
        turn.addSeparator()
        action(turn, _("&Hint: what would the AI do?"), self.ask_hint, "H")
        self._key_menu(turn)

        self.seats_menu = self.menuBar().addMenu(_("&Seats"))
        self.seats_menu.aboutToShow.connect(lambda: self._fill_seats_menu(self.seats_menu))

        view = self.menuBar().addMenu(_("&View"))
        action(view, _("Next &city"), self.next_city, "C")  # not translated: a key
        action(view, _("Zoom &in"), lambda: self.city_view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        action(view, _("Zoom &out"), lambda: self.city_view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        fit = action(view, _("&Fit the display and the city"), self.fit_views, "0")
        fit.setShortcuts([QKeySequence("0"), QKeySequence("Ctrl+0")])
        self.scorepad_action = action(view, _("&Scorepad (as it stands during the game)"),
                                      self.show_scorepad, "Ctrl+P")
        self.pace_actions = self._choices(view.addMenu(_("AI &pace")), PACES, self.set_pace)
        self.pace_actions[self._pace].setChecked(True)
        self.motion_actions = self._choices(view.addMenu(_("&Motion")), SPEEDS, self.set_motion)
        if Motion.factor in self.motion_actions:
            self.motion_actions[Motion.factor].setChecked(True)
        self.text_actions = self._choices(view.addMenu(_("&Text size")), TEXT_SIZES,
                                          self.set_text_size)
        if Appearance.text in self.text_actions:
            self.text_actions[Appearance.text].setChecked(True)
        self.contrast_action = action(view, _("&High contrast"), self.set_high_contrast)
        self.contrast_action.setCheckable(True)
        self.contrast_action.setChecked(Appearance.high_contrast)
        self.sound_action = action(view, _("So&und (your turn, a card, a full ring, the end)"),
                                   self.set_sound)
        self.sound_action.setCheckable(True)  # off until chosen
        fill_language_menu(view.addMenu(_("&Language")), self)

        help_menu = self.menuBar().addMenu(_("&Help"))
        action(help_menu, _("&Learn to play (a guided game)"), self.learn_to_play)
        action(help_menu, _("&Rules of the game"), self.show_rules, QKeySequence.StandardKey.HelpContents)
        action(help_menu, _("&Keyboard shortcuts"), self.show_shortcuts, "Ctrl+/")
        action(help_menu, _("&About smqt"), lambda: helppages.about(self, self._pack_words()))

    def _fill_resume_menu(self) -> None:
        menu = self.resume_menu
        menu.clear()
        current = self.controller.autosave if self.controller else None
        games = [g for g in unfinished_games() if g.path != current]
        if not games:
            menu.addAction(_("No unfinished game")).setEnabled(False)
            return
        for info in games[:15]:
            act = menu.addAction(info.title())
            act.triggered.connect(lambda _checked=False, p=info.path: self.load(p, autosave=p))
        menu.addSeparator()
        forget = menu.addMenu(_("Put a game away"))
        for info in games[:15]:
            act = forget.addAction(info.title())
            act.triggered.connect(lambda _checked=False, p=info.path: self._put_away(p))

    def _put_away(self, path: Path) -> None:
        try:
            moved = set_aside(path)
        except OSError as exc:
            self._problem(_("The game could not be put away"),
                          _("{path} could not be moved ({reason}); it stays listed.").format(
                              path=path, reason=exc.strerror or exc))
            return
        self.status.setText(
            _("The game is no longer listed; its file is kept as {file}.").format(file=moved))

    def _fill_seats_menu(self, menu: QMenu, only: int | None = None) -> None:
        """Per seat: let the AI take it (a level) or take it back; and show that city."""
        menu.clear()
        ctrl = self.controller
        if ctrl is None or ctrl.state.is_over:
            menu.addAction(_("No game in progress")).setEnabled(False)
            return
        for index, seat in enumerate(ctrl.seats):
            if only is not None and index != only:
                continue
            if seat.is_ai:
                act = menu.addAction(
                    _("Take {name}'s seat back (a person plays it)").format(name=seat.name))
                act.triggered.connect(lambda _checked=False, i=index: ctrl.set_seat(i, "human"))
            else:
                sub = menu.addMenu(_("Let the AI take {name}'s seat").format(name=seat.name))
                for level, label in AI_LEVELS:
                    act = sub.addAction(_(label))
                    act.triggered.connect(lambda _checked=False, i=index, k=level: ctrl.set_seat(i, k))
            show = menu.addAction(_("Show {name}'s city").format(name=seat.name))
            show.triggered.connect(lambda _checked=False, i=index: self.show_city(i))
            if only is None:
                menu.addSeparator()

    def _seat_menu(self, index: int, where: QPoint) -> None:
        menu = QMenu(self)
        self._fill_seats_menu(menu, only=index)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(where)

    def _choices(self, menu: QMenu, choices: Sequence[tuple[str, Any]],
                 choose: Callable[[Any], None]) -> dict[Any, QAction]:
        """One checkable entry per (label, value), one checked at a time; value -> entry."""
        group = QActionGroup(self)
        entries = {}
        for label, value in choices:
            act = QAction(_(label), self, checkable=True)
            act.triggered.connect(lambda _checked=False, v=value: choose(v))
            group.addAction(act)
            menu.addAction(act)
            entries[value] = act
        return entries

    def set_pace(self, ms: int) -> None:
        self._pace = ms
        if ms in self.pace_actions:
            self.pace_actions[ms].setChecked(True)
        if self.controller is not None:
            self.controller.set_pace(ms)
        self._remember_setting("table/pace", ms)

    def set_motion(self, factor: float) -> None:
        """How the table moves: off, or a factor on the animations' durations."""
        Motion.factor = factor
        if factor in self.motion_actions:
            self.motion_actions[factor].setChecked(True)
        self._remember_setting("table/motion", factor)

    def set_text_size(self, factor: float) -> None:
        """Every text of the window at ``factor`` times its size (View ▸ Text size)."""
        set_text_size(factor)
        if factor in self.text_actions:
            self.text_actions[factor].setChecked(True)
        self._remember_setting("view/text_size", factor)
        self._restyled()

    def set_high_contrast(self, on: bool) -> None:
        """The high-contrast theme on or off (View ▸ High contrast)."""
        set_high_contrast(on)
        self.contrast_action.setChecked(on)
        self._remember_setting("view/high_contrast", "true" if on else "false")
        self._restyled()

    def _restyled(self) -> None:
        self._redraw()
        self._side_timer.start()
        self._balance_timer.start()

    def _remember_setting(self, key: str, value: object) -> None:
        """A choice from the menus is kept at once (not only when the window closes)."""
        if self._remember:
            store = settings()
            store.setValue(key, value)
            store.sync()

    def show_rules(self) -> None:
        self._show_page("rules", _("Rules of Santa Monica"), helppages.rules_markdown)

    def show_shortcuts(self) -> None:
        self._pages.pop("shortcuts", None)
        self._show_page("shortcuts", _("Keyboard shortcuts"),
                        lambda: helppages.shortcuts_markdown(self.menuBar()))

    def _show_page(self, key: str, title: str, text) -> None:  # type: ignore[no-untyped-def]
        page = self._pages.get(key)
        if page is None:
            page = helppages.TextPage(title, text(), self)
            self._pages[key] = page
        page.show()
        bring_to_front(page)
