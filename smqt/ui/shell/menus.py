"""The table window's menus (Game, Turn, Seats, View, Help), the Resume and Seats lists made
afresh each time they open, and the help pages they show."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from smqt.desktop.datafolder import settings
from smqt.desktop.front import bring_to_front
from smqt.desktop.language import fill_language_menu
from smqt.desktop.mnemonics import with_mnemonics
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

if TYPE_CHECKING:
    from smqt.ui.shell.coaching import TableCoach
    from smqt.ui.shell.keyboard import TableKeys
    from smqt.ui.shell.navigation import TableNavigation
    from smqt.ui.shell.savedgames import SavedGames
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.sounds import TableSounds
    from smqt.ui.shell.tablelayout import RoomSharing
    from smqt.ui.shell.turncommands import TurnCommands
    from smqt.ui.shell.tutorial import TableTutorial
    from smqt.ui.table.views import CityView


@attrs.frozen
class MenuParts:
    """The parts whose commands the menus offer."""

    games: SavedGames
    commands: TurnCommands
    navigation: TableNavigation
    coach: TableCoach
    tutorial: TableTutorial
    keys: TableKeys
    room: RoomSharing
    sounds: TableSounds
    city_view: CityView


class TableMenus(QObject):
    """The table window's menus and the choices they keep (a part of the table window, given
    the window whose menu bar they fill, the session, and the parts whose commands they
    offer)."""

    def __init__(self, window: QMainWindow, session: TableSession, parts: MenuParts, *,
                 remember: bool) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.parts = parts
        self.remember = remember
        """Choices are kept in the settings (not in tests' windows)."""
        self.pace = 450
        """The AI's pace in milliseconds (View ▸ AI pace)."""
        self.pages: dict[str, helppages.TextPage] = {}
        self._build()

    def _build(self) -> None:
        window, parts = self.window, self.parts
        games, commands, nav = parts.games, parts.commands, parts.navigation

        def action(menu, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None
                   ) -> QAction:
            act = QAction(text, window)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            menu.addAction(act)
            return act

        bar = window.menuBar()
        game = bar.addMenu(_("&Game"))
        action(game, _("&New game…"), games.new_game_dialog, QKeySequence.StandardKey.New)
        action(game, _("&Open saved game…"), games.open_dialog, QKeySequence.StandardKey.Open)
        self.resume_menu = game.addMenu(_("&Resume"))
        self.resume_menu.aboutToShow.connect(self._fill_resume_menu)
        action(game, _("Resume &last game"), games.resume_last)
        action(game, _("&Save"), games.save, QKeySequence.StandardKey.Save)
        action(game, _("Save &as…"), games.save_as, "Ctrl+Shift+S")
        action(game, _("Re&play a saved game…"), games.replay_dialog)
        action(game, _("Re&view this game…"), parts.coach.open_review, "Ctrl+R")
        game.addSeparator()
        action(game, _("&Quit"), window.close, QKeySequence.StandardKey.Quit)

        turn = bar.addMenu(_("&Turn"))
        self.undo_action = action(turn, _("&Undo"), commands.undo, QKeySequence.StandardKey.Undo)
        action(turn, _("&End turn"), commands.end_turn, "E")
        action(turn, _("&Stop the walk here"), commands.stop_here, "S")
        action(turn, _("&Return the person to the supply"), commands.return_person, "R")
        action(turn, _("&No swap"), commands.no_swap, "N")
        action(turn, _("Step &back / clear the choice"),  # or leave the scorepad
               lambda: nav.leave_scorepad() or commands.step_back(), "Esc")  # not translated: a key
        turn.addSeparator()
        action(turn, _("Best &final movement"), commands.auto_final, "F")
        action(turn, _("&Done with the final movement"), commands.final_done, "D")
        turn.addSeparator()
        action(turn, _("&Hint: what would the AI do?"), parts.coach.ask_hint, "H")
        parts.keys.fill_menu(turn.addMenu(_("Play from the &keyboard")))

        self.seats_menu = bar.addMenu(_("&Seats"))
        self.seats_menu.aboutToShow.connect(lambda: self.fill_seats_menu(self.seats_menu))

        view = bar.addMenu(_("&View"))
        city_view = parts.city_view
        action(view, _("Next &city"), nav.next_city, "C")  # not translated: a key
        action(view, _("Zoom &in"), lambda: city_view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        action(view, _("Zoom &out"), lambda: city_view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        fit = action(view, _("&Fit the display and the city"), parts.room.fit_views, "0")
        fit.setShortcuts([QKeySequence("0"), QKeySequence("Ctrl+0")])
        self.scorepad_action = action(view, _("&Scorepad (as it stands during the game)"),
                                      nav.show_scorepad, "Ctrl+P")
        self.pace_actions = self._choices(view.addMenu(_("AI &pace")), PACES, self.set_pace)
        self.pace_actions[self.pace].setChecked(True)
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
        fill_language_menu(view.addMenu(_("&Language")), window)

        help_menu = bar.addMenu(_("&Help"))
        action(help_menu, _("&Learn to play (a guided game)"), parts.tutorial.learn_to_play)
        action(help_menu, _("&Rules of the game"), self.show_rules, QKeySequence.StandardKey.HelpContents)
        action(help_menu, _("&Keyboard shortcuts"), self.show_shortcuts, "Ctrl+/")
        action(help_menu, _("&About smqt"),
               lambda: helppages.about(window, self.session.pack_words()))

    def drawn(self) -> None:
        """After each drawing of the table: what the Turn and View menus offer now."""
        ctrl = self.session.controller
        self.undo_action.setEnabled(self.session.viewing is None and ctrl is not None and
                                    ctrl.can_undo)
        self.scorepad_action.setEnabled(True)

    def close_pages(self) -> None:
        for page in self.pages.values():
            page.close()

    def _fill_resume_menu(self) -> None:
        menu = self.resume_menu
        menu.clear()
        ctrl = self.session.controller
        current = ctrl.autosave if ctrl else None
        games = [g for g in unfinished_games() if g.path != current]
        if not games:
            menu.addAction(_("No unfinished game")).setEnabled(False)
            return
        for info in games[:15]:
            act = menu.addAction(info.title())
            act.triggered.connect(lambda _checked=False, p=info.path: self.parts.games.load(p, autosave=p))
        menu.addSeparator()
        forget = menu.addMenu(_("Put a game away"))
        for info in games[:15]:
            act = forget.addAction(info.title())
            act.triggered.connect(lambda _checked=False, p=info.path: self._put_away(p))

    def _put_away(self, path: Path) -> None:
        try:
            moved = set_aside(path)
        except OSError as exc:
            self.session.tell_problem(
                _("The game could not be put away"),
                _("{path} could not be moved ({reason}); it stays listed.").format(
                    path=path, reason=exc.strerror or exc))
            return
        self.session.say(
            _("The game is no longer listed; its file is kept as {file}.").format(file=moved))

    def fill_seats_menu(self, menu: QMenu, only: int | None = None) -> None:
        """Per seat: let the AI take it (a level) or take it back; and show that city."""
        menu.clear()
        ctrl = self.session.controller
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
            show.triggered.connect(lambda _checked=False, i=index: self.session.city_wanted.emit(i))
            if only is None:
                menu.addSeparator()

    def seat_menu(self, index: int, where: QPoint) -> None:
        menu = QMenu(self.window)
        self.fill_seats_menu(menu, only=index)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(where)

    def _choices(self, menu: QMenu, choices: Sequence[tuple[str, Any]],
                 choose: Callable[[Any], None]) -> dict[Any, QAction]:
        """One checkable entry per (label, value), one checked at a time; value -> entry."""
        group = QActionGroup(self.window)
        entries = {}
        labels = with_mnemonics([_(label) for label, _value in choices])
        for label, (_label, value) in zip(labels, choices, strict=True):
            act = QAction(label, self.window, checkable=True)
            act.triggered.connect(lambda _checked=False, v=value: choose(v))
            group.addAction(act)
            menu.addAction(act)
            entries[value] = act
        return entries

    def set_pace(self, ms: int) -> None:
        self.pace = ms
        if ms in self.pace_actions:
            self.pace_actions[ms].setChecked(True)
        if self.session.controller is not None:
            self.session.controller.set_pace(ms)
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

    def set_sound(self, on: bool) -> None:
        """View ▸ Sound."""
        words = self.parts.sounds.enable(on)
        self.sound_action.setChecked(on)
        self._remember_setting("view/sound", "true" if on else "false")
        if words:
            self.session.say(words)

    def _restyled(self) -> None:
        self.session.redraw_wanted.emit()
        self.parts.room.share_soon()

    def _remember_setting(self, key: str, value: object) -> None:
        """A choice from the menus is kept at once (not only when the window closes)."""
        if self.remember:
            store = settings()
            store.setValue(key, value)
            store.sync()

    def show_rules(self) -> None:
        self._show_page("rules", _("Rules of Santa Monica"), helppages.rules_markdown)

    def show_shortcuts(self) -> None:
        self.pages.pop("shortcuts", None)
        self._show_page("shortcuts", _("Keyboard shortcuts"),
                        lambda: helppages.shortcuts_markdown(self.window.menuBar()))

    def _show_page(self, key: str, title: str, text) -> None:  # type: ignore[no-untyped-def]
        page = self.pages.get(key)
        if page is None:
            page = helppages.TextPage(title, text(), self.window)
            self.pages[key] = page
        page.show()
        bring_to_front(page)
