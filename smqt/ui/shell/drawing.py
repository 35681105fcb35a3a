"""Drawing the table from the game: the scenes, the highlights of the current step, the panels
around them, the city's header, and the reward dialog when a reward waits."""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QTimer
from PySide6.QtGui import QColor

from smqt.engine.actions import Action, Take
from smqt.engine.geometry import Space
from smqt.engine.scoring import ScoreSheet, score_game
from smqt.engine.state import REWARD, GameState
from smqt.language.translate import _
from smqt.ui.game.controller import Seat
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.prompts import banner
from smqt.ui.panels.side import PLAYER_COLOURS, PlayerPanel, seat_fill_words, seat_ink
from smqt.ui.table.appearance import css, restyle
from smqt.ui.table.gains import show_gains
from smqt.ui.table.motion import Motion

TAB_GROUND = "#d6d6d6"
"""About the darkest ground of a tab (an inactive one): seat colours are darkened to read on it."""


def city_name(name: str) -> str:
    """A seat's city as its tab says it: "Ann's city"."""
    return _("{name}'s city").format(name=name)


class Drawing:
    """Redrawing of ``TableWindow`` after every change."""

    def _state(self) -> GameState:
        if self.viewing is not None and self._view_state is not None:
            return self._view_state
        assert self.controller is not None
        return self.controller.state

    def _live_legal(self) -> tuple[Action, ...]:
        return self.controller.legal() if self.controller is not None else ()

    def refresh(self) -> None:
        """The game changed: new legal actions, new highlights, redraw."""
        ctrl = self.controller
        if ctrl is None:
            return
        moment = (len(ctrl.game.actions), ctrl.state.turn, ctrl.state.current, ctrl.state.phase,
                  ctrl.awaiting_end)
        if moment != self._moment:
            self._moment = moment  # type: ignore[assignment]
            self.interaction.reset(ctrl.state, ctrl.legal())
            self._gains_for = None  # an undo can bring back a move count with another city
            self._confirm_end = False
        state = ctrl.state
        turn_key = (state.turn, state.current)
        new_turn = self._shown_for != turn_key
        if self._shown_for != turn_key and self.viewing is None:
            self.popup.close_now()  # the card under the pointer may be gone with the turn
            self._turn_started_at = time.monotonic()
            previous = self._shown_for
            self._shown_for = turn_key
            pause = ctrl.turn_pause_ms if previous is not None and not state.is_over and \
                0 <= previous[1] < len(ctrl.seats) and ctrl.seats[previous[1]].is_ai and \
                Motion.on() else 0
            if pause:  # the view stays on the AI's city a moment, then follows the turn
                QTimer.singleShot(pause, lambda key=turn_key: self._follow_turn(key))
            else:
                self.shown = state.current
        self._redraw()
        if self.viewing is None and self._drawn_score is not None:
            self._listen(self._drawn_score, not ctrl.seats[state.current].is_ai and
                         bool(ctrl.legal()), new_turn)
        self.refreshed.emit()

    def _follow_turn(self, key: tuple[int, int]) -> None:
        """Show the city of the seat to play (after an AI's turn was shown a moment)."""
        ctrl = self.controller
        if ctrl is None or self._shown_for != key or self.viewing is not None or \
                (ctrl.state.turn, ctrl.state.current) != key or self.overview:
            return
        if self.shown != ctrl.state.current:
            self.shown = ctrl.state.current
            self.popup.close_now()
            self._redraw()

    def _redraw(self) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        state = self._state()
        live = self.viewing is None
        interactive = live and bool(self._live_legal())
        h = self.interaction.highlights() if interactive else Highlights()
        score = score_game(state)
        self._drawn_score = score if live else None  # the sounds read it: no second scoring
        tab = len(self.player_panels) if self.overview else self.shown
        if self.city_tabs.currentIndex() != tab:
            self.city_tabs.blockSignals(True)
            self.city_tabs.setCurrentIndex(tab)
            self.city_tabs.blockSignals(False)
        from_display = dict(getattr(self.display_scene, "placed", {}))
        hint = self._hint_now() if interactive else self._review_hint()
        self.display_scene.build(state, h, interactive, self._buy_tips(state, interactive),
                                 animate=live, hint=hint)
        own_city = interactive and self.shown == state.current
        same_city = self._city_drawn == (self.shown, live)
        self._city_drawn = (self.shown, live)
        arrivals = {key: self._display_to_city(at) for key, at in from_display.items()
                    if key[0] == "card"} if same_city else None
        if self.overview:
            self.overview_scene.build(state, ctrl.names, PLAYER_COLOURS, score.sheets)
        else:
            self.city_scene.build(state, self.shown, h if own_city else Highlights(),
                                  score.sheets[self.shown], own_city, self._recent(state),
                                  previews=self._placement_previews(state, h) if own_city
                                  else None, arrows=self._arrows(state) if live else (),
                                  animate=live and same_city, arrivals=arrivals,
                                  hint=self._city_hint(hint, h, own_city, live, state),
                                  rewards=h.rewards if own_city else (),
                                  reward_at=self._reward_at(state))
            if own_city and self.interaction.person is not None:
                show_gains(self.city_scene, self._move_gains(state), self.city_scene.rect_of)
        self._show_city_header(state)
        self._draw_panels(state, score.sheets)
        self.banner.say(banner(state, ctrl.names, [s.kind for s in ctrl.seats], self._trigger)
                        if live else "")
        self._update_turn_panel(h, interactive)
        self._side_timer.start()  # once the turn panel's new contents are laid out
        self.undo_action.setEnabled(live and ctrl.can_undo)
        self.scorepad_action.setEnabled(True)
        self.popup.enabled = self.interaction.person is None  # not over a walk in progress
        self.key_focus.update(h)
        self._draw_focus()
        self._lesson_now(h, interactive)
        self.paint_later.hold()  # the scenes are painted in a turn of their own

    def _draw_panels(self, state: GameState, sheets: Sequence[ScoreSheet]) -> None:
        """The player panels, each on one line when the side is short of room."""
        ctrl = self.controller
        if ctrl is None:
            return
        compact = self._panels_short_of_room()
        for i, panel in enumerate(self.player_panels):
            panel.set_compact(compact)
            panel.show_player(state, ctrl.seats[i], sheets[i], i == state.current,
                              i == self.shown)

    def _city_hint(self, hint: Action | None, h: Highlights, own_city: bool, live: bool,
                   state: GameState) -> Action | None:
        """The hint's mark in the city shown: in the city of the seat it is for, and for a card
        only while no other card is picked (its space is that card's)."""
        if hint is None or not (own_city or (not live and self.shown == state.current)):
            return None
        if isinstance(hint, Take) and h.selected_slot not in (None, hint.slot):
            return None
        return hint

    def _reward_at(self, state: GameState) -> Space | None:
        """Where the card that earned the food truck and foodie reward stands (R3.5): the
        rewards are offered beside it."""
        ctrl = self.controller
        if ctrl is None or state.phase != REWARD or not ctrl.game.actions:
            return None
        last = ctrl.game.actions[-1]
        return last.space if isinstance(last, Take) else None

    def _rebuild_panels(self, seats: list[Seat]) -> None:
        for panel in self.player_panels:
            self.players_layout.removeWidget(panel)
            panel.hide()  # out of sight at once; deleted when control returns to the loop
            panel.deleteLater()
        self.player_panels = []
        for i in range(len(seats)):
            panel = PlayerPanel(i)
            panel.clicked.connect(self.show_city)
            panel.seat_menu.connect(self._seat_menu)
            self.players_layout.addWidget(panel)
            self.player_panels.append(panel)
        self.city_tabs.blockSignals(True)
        while self.city_tabs.count():
            self.city_tabs.removeTab(0)
        for seat in seats:
            self.city_tabs.addTab(city_name(seat.name))
        if len(seats) >= 3:
            self.city_tabs.addTab(_("All cities"))
        self.city_tabs.blockSignals(False)
        self.overview = False

    def _show_city_header(self, state: GameState) -> None:
        """Whose city is shown, in their colour; filled when it is their turn."""
        ctrl = self.controller
        if ctrl is None:
            return
        if self.overview:
            current = state.current
            colour = PLAYER_COLOURS[current % len(PLAYER_COLOURS)]
            self.city_header.setText(
                _("Every city (a click on a city shows it alone)") if state.is_over else
                _("Every city — {name}'s turn (a click on a city shows it alone)").format(
                    name=ctrl.seats[current].name))
            restyle(self.city_header, css(f"QLabel {{ background: #f6f1e4; color: #1d1d1d; "
                                          f"font-size: 15px; font-weight: bold; "
                                          # not translated: a Qt style sheet
                                          f"padding: 3px 10px; border-top: 3px solid {colour}; }}"))
            return
        seat = ctrl.seats[self.shown]
        colour = PLAYER_COLOURS[self.shown % len(PLAYER_COLOURS)]
        playing = self.shown == state.current and not state.is_over
        if not playing:
            header = city_name(seat.name)
        elif seat.is_ai:
            header = _("{name}'s city — {name}'s turn").format(name=seat.name)
        else:
            header = _("{name}'s city — your turn").format(name=seat.name)
        self.city_header.setText(header)
        words = seat_fill_words(self.shown) if playing else seat_ink(self.shown, "#f6f1e4")
        restyle(self.city_header, css(
            f"QLabel {{ background: {colour if playing else '#f6f1e4'}; "
            f"color: {words}; font-size: 15px; font-weight: bold; "
            f"padding: 3px 10px; border-top: 3px solid {colour}; }}"))  # not translated: style sheet
        for i in range(len(ctrl.seats)):
            self.city_tabs.setTabTextColor(i, QColor(seat_ink(i, TAB_GROUND)))

    def _display_to_city(self, at: QPointF) -> QPointF:
        """A point of the display scene in the city scene's coordinates (through the screen):
        where a card taken from the display starts its flight into the city."""
        on_screen = self.display_view.viewport().mapToGlobal(self.display_view.mapFromScene(at))
        return self.city_view.mapToScene(self.city_view.viewport().mapFromGlobal(on_screen))
