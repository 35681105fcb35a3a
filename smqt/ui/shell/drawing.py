"""Drawing the table from the game: the scenes, the highlights of the current step, the panels
around them, the city's header, and the reward dialog when a reward waits."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QTimer, Signal
from PySide6.QtGui import QColor

from smqt.engine.actions import Action, Take
from smqt.engine.geometry import Space
from smqt.engine.scoring import GameScore, ScoreSheet, score_game
from smqt.engine.state import REWARD, GameState
from smqt.language.translate import _
from smqt.ui.game.controller import Seat
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.prompts import banner
from smqt.ui.panels.side import PLAYER_COLOURS, seat_fill_words, seat_ink
from smqt.ui.shell.tablewidgets import city_name
from smqt.ui.table.appearance import css, restyle
from smqt.ui.table.gains import show_gains
from smqt.ui.table.motion import Motion

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablelayout import RoomSharing
    from smqt.ui.shell.tablewidgets import TableWidgets
    from smqt.ui.shell.turnview import TurnView

TAB_GROUND = "#d6d6d6"
"""About the darkest ground of a tab (an inactive one): seat colours are darkened to read on it."""


class Drawing(QObject):
    """The table drawn from the session after every change (a part of the table window, given
    the session, the widgets it draws, and the parts whose contents it draws: the turn's panel
    and previews, the coach's mark, the room's sharing)."""

    drawn = Signal(object, bool, object)
    """The table was drawn: the highlights, whether a person plays now, and the live game's
    score as drawn (None for a moment looked back at)."""
    live_changed = Signal(object, bool, bool)
    """The live game changed: its score, whether a person is to play, whether a turn began."""
    refreshed = Signal()

    def __init__(self, session: TableSession, widgets: TableWidgets, turn_view: TurnView,
                 coach_mark: Callable[[bool], Action | None], room: RoomSharing) -> None:
        super().__init__()
        self.session = session
        self.widgets = widgets
        self.turn_view = turn_view
        self.coach_mark = coach_mark
        """The choice to frame on the table (``interactive``: the live game's hint)."""
        self.room = room
        self.moment: object = None
        """The live game's moment last worked out (moves, turn, seat, phase, waiting)."""
        self.shown_for: tuple[int, int] | None = None
        """The turn (turn, seat) the view last followed."""
        self.city_drawn: tuple[int, bool] | None = None
        """Which city the city scene drew last (and whether live): motion only within one."""
        self.drawn_score: GameScore | None = None
        self.viewing_drawn: int | None = None
        """The moment looked back at when the table was last drawn (None: the live game)."""

    def new_game(self, seats: list[Seat]) -> None:
        """Another game is on the table: its panels and tabs, nothing remembered of the last."""
        self.moment = None
        self.shown_for = None
        self.viewing_drawn = None
        self._rebuild_panels(seats)

    def city_names_changed(self) -> None:
        ctrl = self.session.controller
        if ctrl is not None:
            self.moment = None
            for i, seat in enumerate(ctrl.seats):
                self.widgets.city_tabs.setTabText(i, city_name(seat.name))

    def refresh(self) -> None:
        """The game changed: new legal actions, new highlights, redraw."""
        session = self.session
        ctrl = session.controller
        if ctrl is None:
            return
        moment = (len(ctrl.game.actions), ctrl.state.turn, ctrl.state.current, ctrl.state.phase,
                  ctrl.awaiting_end)
        if moment != self.moment:
            self.moment = moment
            session.interaction.reset(ctrl.state, ctrl.legal())
            self.turn_view.forget()  # an undo can bring back a move count with another city
            session.confirm_end = False
        if session.viewing is None and self.viewing_drawn is not None:
            self.shown_for = None  # back from a look at an earlier moment: follow the turn
        state = ctrl.state
        turn_key = (state.turn, state.current)
        new_turn = self.shown_for != turn_key
        if self.shown_for != turn_key and session.viewing is None:
            self.widgets.popup.close_now()  # the card under the pointer may be gone with the turn
            session.turn_started_at = time.monotonic()
            previous = self.shown_for
            self.shown_for = turn_key
            pause = ctrl.turn_pause_ms if previous is not None and not state.is_over and \
                0 <= previous[1] < len(ctrl.seats) and ctrl.seats[previous[1]].is_ai and \
                Motion.on() else 0
            if pause:  # the view stays on the AI's city a moment, then follows the turn
                QTimer.singleShot(pause, lambda key=turn_key: self._follow_turn(key))
            else:
                session.shown = state.current
        self.redraw()
        if session.viewing is None and self.drawn_score is not None:
            self.live_changed.emit(self.drawn_score, not ctrl.seats[state.current].is_ai and
                                   bool(ctrl.legal()), new_turn)
        self.refreshed.emit()

    def _follow_turn(self, key: tuple[int, int]) -> None:
        """Show the city of the seat to play (after an AI's turn was shown a moment)."""
        session = self.session
        ctrl = session.controller
        if ctrl is None or self.shown_for != key or session.viewing is not None or \
                (ctrl.state.turn, ctrl.state.current) != key or session.overview:
            return
        if session.shown != ctrl.state.current:
            session.shown = ctrl.state.current
            self.widgets.popup.close_now()
            self.redraw()

    def redraw(self) -> None:
        session, w = self.session, self.widgets
        ctrl = session.controller
        if ctrl is None:
            return
        state = session.state()
        live = session.viewing is None
        self.viewing_drawn = session.viewing
        interactive = live and bool(session.live_legal())
        it = session.interaction
        h = it.highlights() if interactive else Highlights()
        score = score_game(state)
        self.drawn_score = score if live else None  # the sounds read it: no second scoring
        shown = session.shown
        tab = len(w.players.panels) if session.overview else shown
        if w.city_tabs.currentIndex() != tab:
            w.city_tabs.blockSignals(True)
            w.city_tabs.setCurrentIndex(tab)
            w.city_tabs.blockSignals(False)
        from_display = dict(getattr(w.display_scene, "placed", {}))
        hint = self.coach_mark(interactive)
        w.display_scene.build(state, h, interactive, self.turn_view.buy_tips(state, interactive),
                              animate=live, hint=hint)
        own_city = interactive and shown == state.current
        same_city = self.city_drawn == (shown, live)
        self.city_drawn = (shown, live)
        arrivals = {key: self._display_to_city(at) for key, at in from_display.items()
                    if key[0] == "card"} if same_city else None
        view = self.turn_view
        if session.overview:
            w.overview_scene.build(state, ctrl.names, PLAYER_COLOURS, score.sheets)
        else:
            w.city_scene.build(state, shown, h if own_city else Highlights(),
                               score.sheets[shown], own_city, view.recent(state),
                               previews=view.placement_previews(state, h) if own_city
                               else None, arrows=view.arrows(state) if live else (),
                               animate=live and same_city, arrivals=arrivals,
                               hint=self._city_hint(hint, h, own_city, live, state),
                               rewards=h.rewards if own_city else (),
                               reward_at=self._reward_at(state))
            if own_city and it.person is not None:
                show_gains(w.city_scene, view.move_gains(state), w.city_scene.rect_of)
        self._show_city_header(state)
        self.draw_panels(state, score.sheets)
        w.banner.say(banner(state, ctrl.names, [s.kind for s in ctrl.seats], session.trigger)
                     if live else "")
        view.update(h, interactive)
        self.room.share_side_soon()  # once the turn panel's new contents are laid out
        w.popup.enabled = it.person is None  # not over a walk in progress
        self.drawn.emit(h, interactive, self.drawn_score)
        w.paint_later.hold()  # the scenes are painted in a turn of their own

    def panels_again(self) -> None:
        """The player panels drawn again (the room for them changed), the rest as drawn."""
        if self.session.controller is not None:
            state = self.session.state()
            self.draw_panels(state, score_game(state).sheets)

    def draw_panels(self, state: GameState, sheets: Sequence[ScoreSheet]) -> None:
        """The player panels, each on one line when the side is short of room."""
        ctrl = self.session.controller
        if ctrl is None:
            return
        compact = self.room.panels_short_of_room()
        for i, panel in enumerate(self.widgets.players.panels):
            panel.set_compact(compact)
            panel.show_player(state, ctrl.seats[i], sheets[i], i == state.current,
                              i == self.session.shown)

    def _city_hint(self, hint: Action | None, h: Highlights, own_city: bool, live: bool,
                   state: GameState) -> Action | None:
        """The hint's mark in the city shown: in the city of the seat it is for, and for a card
        only while no other card is picked (its space is that card's)."""
        if hint is None or not (own_city or (not live and self.session.shown == state.current)):
            return None
        if isinstance(hint, Take) and h.selected_slot not in (None, hint.slot):
            return None
        return hint

    def _reward_at(self, state: GameState) -> Space | None:
        """Where the card that earned the food truck and foodie reward stands (R3.5): the
        rewards are offered beside it."""
        ctrl = self.session.controller
        if ctrl is None or state.phase != REWARD or not ctrl.game.actions:
            return None
        last = ctrl.game.actions[-1]
        return last.space if isinstance(last, Take) else None

    def _rebuild_panels(self, seats: list[Seat]) -> None:
        self.widgets.players.rebuild(seats)
        tabs = self.widgets.city_tabs
        tabs.blockSignals(True)
        while tabs.count():
            tabs.removeTab(0)
        for seat in seats:
            tabs.addTab(city_name(seat.name))
        if len(seats) >= 3:
            tabs.addTab(_("All cities"))
        tabs.blockSignals(False)
        self.session.overview = False

    def _show_city_header(self, state: GameState) -> None:
        """Whose city is shown, in their colour; filled when it is their turn."""
        session, label = self.session, self.widgets.city_header
        ctrl = session.controller
        if ctrl is None:
            return
        if session.overview:
            current = state.current
            colour = PLAYER_COLOURS[current % len(PLAYER_COLOURS)]
            label.setText(
                _("Every city (a click on a city shows it alone)") if state.is_over else
                _("Every city — {name}'s turn (a click on a city shows it alone)").format(
                    name=ctrl.seats[current].name))
            restyle(label, css(f"QLabel {{ background: #f6f1e4; color: #1d1d1d; "
                               f"font-size: 15px; font-weight: bold; "
                               # not translated: a Qt style sheet
                               f"padding: 3px 10px; border-top: 3px solid {colour}; }}"))
            return
        seat = ctrl.seats[session.shown]
        colour = PLAYER_COLOURS[session.shown % len(PLAYER_COLOURS)]
        playing = session.shown == state.current and not state.is_over and \
            session.viewing is None  # an earlier moment is looked at, not played
        if not playing:
            header = city_name(seat.name)
        elif seat.is_ai:
            header = _("{name}'s city — {name}'s turn").format(name=seat.name)
        else:
            header = _("{name}'s city — your turn").format(name=seat.name)
        label.setText(header)
        words = seat_fill_words(session.shown) if playing else seat_ink(session.shown, "#f6f1e4")
        restyle(label, css(
            f"QLabel {{ background: {colour if playing else '#f6f1e4'}; "
            f"color: {words}; font-size: 15px; font-weight: bold; "
            f"padding: 3px 10px; border-top: 3px solid {colour}; }}"))  # not translated: style sheet
        for i in range(len(ctrl.seats)):
            self.widgets.city_tabs.setTabTextColor(i, QColor(seat_ink(i, TAB_GROUND)))

    def _display_to_city(self, at: QPointF) -> QPointF:
        """A point of the display scene in the city scene's coordinates (through the screen):
        where a card taken from the display starts its flight into the city."""
        display, city = self.widgets.display_view, self.widgets.city_view
        on_screen = display.viewport().mapToGlobal(display.mapFromScene(at))
        return city.mapToScene(city.viewport().mapFromGlobal(on_screen))
