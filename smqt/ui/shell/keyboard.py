"""Playing the table from the keyboard: Tab and Shift+Tab mark the next and the previous legal
target of the step, the arrow keys the nearest one that way, Enter chooses the marked one (as a
click would), Esc steps back. The mark is a ring on the table and a line in the status bar; it
shows once one of these keys is pressed and goes when the mouse clicks the table.

While a list, a slider or a text field of the window has the keyboard, these keys are its own
(the actions are off), so the log and the history can still be read with the arrow keys."""

from __future__ import annotations

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
from smqt.ui.game.keyfocus import KeyFocus, Place, Target
from smqt.ui.table.focusring import ring
from smqt.ui.table.rewards import REWARD_LABELS

DISPLAY_KINDS = ("tile", "column", "slot", "sand_dollar")
CITY_KINDS = ("space", "person", "reward")
KEYS_OF_THEIR_OWN = (QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox, QLineEdit,
                     QTextEdit)
"""Widgets that use the arrow keys, Tab or Enter themselves."""


class TableKeys:
    """Mixed into ``TableWindow``."""

    def _key_menu(self, turn: QMenu) -> None:
        self.key_focus = KeyFocus()
        menu = turn.addMenu(_("Play from the &keyboard"))
        self.key_actions: list[QAction] = []

        def action(text: str, slot, *keys: str | QKeySequence.StandardKey) -> None:  # type: ignore[no-untyped-def]
            act = QAction(text, self)
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
        self._watching_focus = True

    def _stop_watching_focus(self) -> None:
        """The window closes: the application (which outlives it) stops telling it where the
        keyboard is."""
        if getattr(self, "_watching_focus", False):
            QApplication.instance().focusChanged.disconnect(self._keyboard_owner)
            self._watching_focus = False

    def _keyboard_owner(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The table's keys are off while a widget of the window that uses them has the
        keyboard."""
        own = new is not None and isinstance(new, KEYS_OF_THEIR_OWN) and \
            new.window() is self  # type: ignore[comparison-overlap]
        for act in self.key_actions:
            act.setEnabled(not own)

    # ------------------------------------------------------------------ moving the mark

    def _focus_step(self, by: int) -> None:
        focus = self.key_focus
        if focus.visible:
            focus.step(by)
        focus.visible = True
        self._marked()

    def _focus_toward(self, dx: int, dy: int) -> None:
        focus = self.key_focus
        if focus.visible:
            focus.toward(dx, dy, self._place)
        focus.visible = True
        self._marked()

    def choose_marked(self) -> None:
        """Enter: the marked target is clicked (the first key only shows the mark)."""
        focus = self.key_focus
        target = focus.current
        if not focus.visible or target is None:
            focus.visible = True
            self._marked()
            return
        kind, key = target
        if self.controller is not None and kind in CITY_KINDS and self.viewing is None and \
                self.shown != self.controller.state.current:
            self.show_city(self.controller.state.current)
        self._clicked(kind, key, by_key=True)
        if self.interaction.reason is None:
            self._say_marked()  # the mark may have moved on (a card picked: its spaces)

    def _marked(self) -> None:
        """The mark moved or showed: the city it is in comes into view, the ring is drawn,
        and the status bar says what Enter would choose."""
        target = self.key_focus.current
        ctrl = self.controller
        if target is not None and ctrl is not None and target[0] in CITY_KINDS and \
                self.viewing is None and (self.overview or self.shown != ctrl.state.current):
            self.show_city(ctrl.state.current)  # redraws, and the ring with it
        else:
            self._draw_focus()
        self._say_marked()

    def _say_marked(self) -> None:
        """The status bar says what Enter would choose now (nothing while others play)."""
        target = self.key_focus.current
        if not self._live_legal():
            return
        if target is None:
            self.status.setText(_("Nothing to choose on the table now: the turn panel's "
                                  "buttons (and their keys) say what is left."))
        else:
            self.status.setText(_("Marked: {what}. Enter chooses it; Tab or an arrow key marks "
                                  "another.").format(what=self._target_words(target)))

    def _draw_focus(self) -> None:
        """Ring the marked target, in the scene that shows it, and scroll it into sight."""
        target = self.key_focus.current if self.key_focus.visible else None
        in_display = target is not None and target[0] in DISPLAY_KINDS
        in_city = target is not None and target[0] in CITY_KINDS and not self.overview
        display_rect = self.display_scene.rect_of(target) if in_display else None
        city_rect = self.city_scene.rect_of(target) if in_city else None
        ring(self.display_scene, display_rect)
        ring(self.city_scene, city_rect)
        if display_rect is not None:
            self.display_view.ensureVisible(display_rect, 20, 20)
        if city_rect is not None:
            self.city_view.ensureVisible(city_rect, 20, 20)

    def _place(self, target: Target) -> Place | None:
        """Where ``target`` is drawn, in the window's coordinates (the display is above the
        city there, as on the screen)."""
        if target[0] in DISPLAY_KINDS:
            view, rect = self.display_view, self.display_scene.rect_of(target)
        else:
            view, rect = self.city_view, self.city_scene.rect_of(target)
        if rect is None:
            return None
        centre = view.viewport().mapTo(self, view.mapFromScene(rect.center()))
        return (float(centre.x()), float(centre.y()))

    def _target_words(self, target: Target) -> str:
        kind, key = target
        state: GameState = self._state()
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
