"""What a click or a drop on the table means: the legal action it stands for, or the engine's
reason it is refused; and the table's tabs and overview switch."""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication

from smqt.engine.actions import Action
from smqt.language.translate import _
from smqt.ui.shell.drawing import city_name
from smqt.ui.table.gains import clear_gains, show_gains


class Clicks:
    """Clicks, drops and tab changes of ``TableWindow``."""

    def _clicked(self, kind: str, key: object, by_key: bool = False) -> None:
        """A click on the table (or Enter on the keyboard's mark, ``by_key``)."""
        self.popup.hold()
        if not by_key:
            self.key_focus.visible = False  # the mouse is playing: the keyboard's ring goes
        if kind == "city":  # a city in the overview: show it alone
            self.show_city(key)  # type: ignore[arg-type]
            self._left_overview_at = time.monotonic()
            return
        since = time.monotonic() - self._left_overview_at
        if kind in ("space", "person") and not by_key and \
                since * 1000 < QApplication.doubleClickInterval():
            return  # the second click of a double click on the overview: not a move
        if self.viewing is not None:
            return
        if not self._live_legal():
            self._tell_not_yours()
            return
        it = self.interaction
        action: Action | None = None
        state = self._state()
        if kind == "slot":
            action = it.click_slot(key)  # type: ignore[arg-type]
            if it.slot is not None:
                self.show_city(state.current)
        elif kind in ("space", "person") and self.shown != state.current:
            name = self.controller.seats[self.shown].name if self.controller else ""
            tab = city_name(self.controller.seats[state.current].name) if self.controller else ""
            it.reason = (_("That is {name}'s city. Yours is under the tab “{tab}”.").format(
                name=name, tab=tab) if self.controller else None)
        elif kind == "space":
            action = it.click_space(key)  # type: ignore[arg-type]
        elif kind == "person":
            action = it.click_person(key)  # type: ignore[arg-type]
        elif kind == "tile":
            action = it.click_tile(key)  # type: ignore[arg-type]
        elif kind == "column":
            action = it.click_column(key)  # type: ignore[arg-type]
        elif kind == "sand_dollar":
            action = it.click_sand_dollar_action(key)  # type: ignore[arg-type]
        elif kind == "reward":
            action = it.choose_reward(key)  # type: ignore[arg-type]
        if action is not None:
            self._play(action)
        else:
            self._redraw()

    def _dragging(self, pid: int) -> None:
        """A person is being dragged: the points each space they may end on would give."""
        ctrl = self.controller
        if ctrl is None or self.viewing is not None or not self._live_legal() or \
                self.shown != ctrl.state.current:
            return
        self.popup.hold()  # the large card would cover where the person goes
        clear_gains(self.city_scene)
        show_gains(self.city_scene, self._move_gains(ctrl.state, pid), self.city_scene.rect_of)

    def _dropped(self, pid: int, space: object) -> None:
        self.popup.hold()  # not over the city just where the person was let go
        if space is None:  # let go off the city: the previews go
            clear_gains(self.city_scene)
            return
        if self.viewing is None and self._live_legal():
            action = self.interaction.drop_person(pid, space)  # type: ignore[arg-type]
            if action is not None:
                self._play(action)
            else:
                self._redraw()

    def _tell_refusal(self) -> None:
        self.turn_panel.show_reason(self.interaction.reason)
        if self.interaction.reason:
            self.status.setText(self.interaction.reason)

    def _tell_not_yours(self) -> None:
        ctrl = self.controller
        if ctrl is None or self.viewing is not None:
            return
        state = ctrl.state
        if state.is_over:
            text = _("The game is over: the scorepad (Ctrl+P) shows every point.")
        else:
            seat = ctrl.seats[state.current]
            text = (_("It is {name}'s turn (the AI is thinking).") if seat.is_ai
                    else _("It is {name}'s turn.")).format(name=seat.name)
        self.interaction.reason = text
        self._tell_refusal()

    def _allowance_chosen(self, index: int | None) -> None:
        self.interaction.choose_allowance(index)
        self._redraw()

    def _tab_changed(self, index: int) -> None:
        players = len(self.player_panels)
        if index >= players:  # All cities
            self.show_overview(True)
        elif index >= 0 and (index != self.shown or self.overview):
            self.interaction.reason = None  # a refusal belongs to the city it was made in
            self.turn_panel.show_reason(None)
            self.show_overview(False)
            self.shown = index
            self._redraw()

    def show_overview(self, on: bool) -> None:
        """Every city at once in the city's place (3 and 4 players), or back to one city."""
        if on == self.overview:
            return
        self.overview = on
        self.city_view.setScene(self.overview_scene if on else self.city_scene)
        self._redraw()
        self.city_view.fit()
        self._balance_timer.start()
