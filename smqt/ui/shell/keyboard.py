"""Playing the table from the keyboard: Tab and Shift+Tab mark the next and the previous legal
target of the step, the arrow keys the nearest one that way, Enter chooses the marked one (as a
click would), Esc steps back. The mark is a ring on the table and a line in the status bar; it
shows once one of these keys is pressed and goes when the mouse clicks the table.

While a list, a slider or a text field of the window has the keyboard, these keys are its own
(the actions are off), so the log and the history can still be read with the arrow keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QMenu,
    QTextEdit,
    QWidget,
)

from smqt.engine.actions import BACK
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.keyfocus import Place, Target
from smqt.ui.table.focusring import ring
from smqt.ui.table.rewards import REWARD_LABELS

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablewidgets import TableWidgets

DISPLAY_KINDS = ("tile", "column", "slot", "sand_dollar")
CITY_KINDS = ("space", "person", "reward")
KEYS_OF_THEIR_OWN = (QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox, QLineEdit,
                     QTextEdit)
"""Widgets that use the arrow keys, Tab or Enter themselves."""


class TableKeys(QObject):
    """Playing from the keyboard (a part of the table window, given the session, the widgets
    whose targets it marks, the window whose keys they are, and what Enter on a target does)."""

    inspect = Signal(object)
    """The marked target's card or tile, for the detail pane (as hovering it would show)."""

    def __init__(self, session: TableSession, widgets: TableWidgets, window: QWidget,
                 click: Callable[[str, object], None]) -> None:
        super().__init__(window)
        self.session = session
        self.widgets = widgets
        self.window = window
        self.click = click
        """A target chosen by the keyboard, as a click on it (kind, key)."""
        self.key_actions: list[QAction] = []
        self.watching_focus = False

    def fill_menu(self, menu: QMenu) -> None:
        """The keys' entries (Turn ▸ Play from the keyboard): the table's keys while no list,
        slider or text field of the window has the keyboard."""
        def action(text: str, slot, *keys: str | QKeySequence.StandardKey) -> None:  # type: ignore[no-untyped-def]
            act = QAction(text, self.window)
            act.setShortcuts([QKeySequence(key) for key in keys])
            act.triggered.connect(slot)
            menu.addAction(act)
            self.key_actions.append(act)

        action(_("Mark the &next target"), lambda: self._focus_step(1), "Tab")  # not translated: a key
        action(_("Mark the &previous target"), lambda: self._focus_step(-1),
               "Shift+Tab")  # not translated: a key
        action(_("Mark the target to the &left"), lambda: self._focus_toward(-1, 0),
               "Left")  # not translated: a key
        action(_("Mark the target to the &right"), lambda: self._focus_toward(1, 0),
               "Right")  # not translated: a key
        action(_("Mark the target &above"), lambda: self._focus_toward(0, -1),
               "Up")  # not translated: a key
        action(_("Mark the target &below"), lambda: self._focus_toward(0, 1),
               "Down")  # not translated: a key
        action(_("&Choose the marked target"), self.choose_marked,
               "Return", "Enter")  # not translated: keys
        QApplication.instance().focusChanged.connect(self._keyboard_owner)
        self.watching_focus = True

    def stop_watching_focus(self) -> None:
        """The window closes: the application (which outlives it) stops telling it where the
        keyboard is."""
        if self.watching_focus:
            QApplication.instance().focusChanged.disconnect(self._keyboard_owner)
            self.watching_focus = False

    def _keyboard_owner(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The table's keys are off while a widget of the window that uses them has the
        keyboard."""
        own = new is not None and isinstance(new, KEYS_OF_THEIR_OWN) and \
            new.window() is self.window  # type: ignore[comparison-overlap]
        for act in self.key_actions:
            act.setEnabled(not own)

    # ------------------------------------------------------------------ moving the mark

    def _focus_step(self, by: int) -> None:
        focus = self.session.key_focus
        if focus.visible:
            focus.step(by)
        focus.visible = True
        self._marked()

    def _focus_toward(self, dx: int, dy: int) -> None:
        focus = self.session.key_focus
        if focus.visible:
            focus.toward(dx, dy, self._place)
        focus.visible = True
        self._marked()

    def choose_marked(self) -> None:
        """Enter: the marked target is clicked (the first key only shows the mark)."""
        focus = self.session.key_focus
        target = focus.current
        if not focus.visible or target is None:
            focus.visible = True
            self._marked()
            return
        kind, key = target
        session = self.session
        ctrl = session.controller
        if ctrl is not None and kind in CITY_KINDS and session.viewing is None and \
                session.shown != ctrl.state.current:
            session.city_wanted.emit(ctrl.state.current)
        self.click(kind, key)
        if session.interaction.reason is None:
            self._say_marked()  # the mark may have moved on (a card picked: its spaces)
            self._show_marked()

    def _marked(self) -> None:
        """The mark moved or showed: the city it is in comes into view, the ring is drawn,
        and the status bar says what Enter would choose."""
        session = self.session
        target = session.key_focus.current
        ctrl = session.controller
        if target is not None and ctrl is not None and target[0] in CITY_KINDS and \
                session.viewing is None and (session.overview or session.shown != ctrl.state.current):
            session.city_wanted.emit(ctrl.state.current)  # redraws, and the ring with it
        else:
            self.draw_focus()
        self._say_marked()
        self._show_marked()

    def _show_marked(self) -> None:
        """The detail pane shows the marked card, as hovering it with the mouse would."""
        target = self.session.key_focus.current
        if target is None:
            return
        w = self.widgets
        scene = w.display_scene if target[0] in DISPLAY_KINDS else w.city_scene
        entry = scene.entry_of(target)
        if entry is not None:
            self.inspect.emit(entry)

    def _say_marked(self) -> None:
        """The status bar says what Enter would choose now (nothing while others play)."""
        target = self.session.key_focus.current
        if not self.session.live_legal():
            return
        if target is None:
            self.session.say(_("Nothing to choose on the table now: the turn panel's "
                                  "buttons (and their keys) say what is left."))
        else:
            self.session.say(_("Marked: {what}. Enter chooses it; Tab or an arrow key marks "
                                  "another.").format(what=self._target_words(target)))

    def drawn(self, h: Highlights) -> None:
        """After each drawing of the table: the mark among this step's targets, ringed; when
        the mark is shown and went to another target by itself (a new step), the detail pane
        follows it."""
        focus = self.session.key_focus
        before = focus.current
        focus.update(h)
        self.draw_focus()
        if focus.visible and focus.current != before:
            self._show_marked()

    def draw_focus(self) -> None:
        """Ring the marked target, in the scene that shows it, and scroll it into sight."""
        w, focus = self.widgets, self.session.key_focus
        target = focus.current if focus.visible else None
        in_display = target is not None and target[0] in DISPLAY_KINDS
        in_city = target is not None and target[0] in CITY_KINDS and not self.session.overview
        display_rect = w.display_scene.rect_of(target) if in_display else None
        city_rect = w.city_scene.rect_of(target) if in_city else None
        ring(w.display_scene, display_rect)
        ring(w.city_scene, city_rect)
        if display_rect is not None:
            w.display_view.ensureVisible(display_rect, 20, 20)
        if city_rect is not None:
            w.city_view.ensureVisible(city_rect, 20, 20)

    def _place(self, target: Target) -> Place | None:
        """Where ``target`` is drawn, in the window's coordinates (the display is above the
        city there, as on the screen)."""
        w = self.widgets
        if target[0] in DISPLAY_KINDS:
            view, rect = w.display_view, w.display_scene.rect_of(target)
        else:
            view, rect = w.city_view, w.city_scene.rect_of(target)
        if rect is None:
            return None
        centre = view.viewport().mapTo(self.window, view.mapFromScene(rect.center()))
        return (float(centre.x()), float(centre.y()))

    def _target_words(self, target: Target) -> str:
        kind, key = target
        state: GameState = self.session.state()
        catalog = state.catalog
        if kind == "tile":
            return catalog.starting_tiles[key].name  # type: ignore[index]
        if kind == "column":
            return _("column {n} for the food truck").format(n=int(key) + 1)  # type: ignore[call-overload]
        if kind == "slot":
            row, column = key  # type: ignore[misc]
            card = (state.back if row == BACK else state.front)[column]
            name = catalog.cards[card].name if card is not None else "?"
            return (_("{card} in the back row") if row == BACK else
                    _("{card} in the front row")).format(card=name)
        if kind == "sand_dollar":
            return catalog.sand_dollar_actions[key].name  # type: ignore[index]
        if kind == "reward":
            return _(REWARD_LABELS[key])  # type: ignore[index]
        if kind == "person":
            return self._person_words(state, key)  # type: ignore[arg-type]
        player = state.players[state.current]
        fid = player.city.get(key)  # type: ignore[call-overload]
        if fid is None:
            return _("an empty space")
        entry = catalog.cards.get(fid)
        return entry.name if entry is not None else _("your starting tile")

    @staticmethod
    def _person_words(state: GameState, pid: int) -> str:
        kind = state.players[state.current].people.get(pid, ("", None))[0]
        return {"local": _("a local"), "tourist": _("a tourist"), "vip": _("a VIP")}.get(
            kind, _("a person"))
