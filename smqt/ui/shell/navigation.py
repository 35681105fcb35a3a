"""Where the table looks: another city (its tab, a player panel, C), every city at once, the
scorepad as it stands, and an earlier moment of the game (read-only; the live game goes on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from smqt.engine.game import replay
from smqt.engine.scoring import score_game
from smqt.language.translate import ngettext
from smqt.ui.shell.tablewidgets import END_PAGE, TABLE_PAGE

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablelayout import RoomSharing
    from smqt.ui.shell.tablewidgets import TableWidgets


class TableNavigation(QObject):
    """Which city, page and moment the table shows (a part of the table window, given the
    session, the widgets that show them and the room's sharing, which a new view asks of)."""

    def __init__(self, session: TableSession, widgets: TableWidgets, room: RoomSharing) -> None:
        super().__init__(session)
        self.session = session
        self.widgets = widgets
        self.room = room
        session.city_wanted.connect(self.show_city)
        session.moment_wanted.connect(self.show_moment)

    def next_city(self) -> None:
        ctrl = self.session.controller
        if ctrl is not None:
            self.show_city((self.session.shown + 1) % ctrl.state.num_players)

    def show_city(self, index: int) -> None:
        self.widgets.popup.close_now()
        self.show_overview(False)
        self.session.shown = index
        tabs = self.widgets.city_tabs
        if tabs.currentIndex() != index:
            tabs.setCurrentIndex(index)
        self.session.redraw_wanted.emit()

    def tab_changed(self, index: int) -> None:
        session = self.session
        players = len(self.widgets.players.panels)
        if index >= players:  # All cities
            self.show_overview(True)
        elif index >= 0 and (index != session.shown or session.overview):
            session.interaction.reason = None  # a refusal belongs to the city it was made in
            self.widgets.turn_panel.show_reason(None)
            self.show_overview(False)
            session.shown = index
            session.redraw_wanted.emit()

    def show_overview(self, on: bool) -> None:
        """Every city at once in the city's place (3 and 4 players), or back to one city."""
        if on == self.session.overview:
            return
        self.session.overview = on
        w = self.widgets
        w.city_view.setScene(w.overview_scene if on else w.city_scene)
        self.session.redraw_wanted.emit()
        w.city_view.fit()
        self.room.balance_soon()

    def show_scorepad(self) -> None:
        """The scorepad: the final one, or during the game the scores as they stand (what
        the game would give if it ended now, the final movement not made)."""
        session, w = self.session, self.widgets
        ctrl = session.controller
        if session.score is not None:
            w.pages.setCurrentIndex(END_PAGE)
        elif ctrl is not None:
            now = score_game(ctrl.state)
            people = session.people()
            leader = ctrl.names[now.winners[0]]
            points = now.totals[now.winners[0]]
            # Translators: English says "points" for one too
            title = ngettext("As it stands (turn {turn}, before any final movement): {leader} "
                             "leads with {points} points",
                             "As it stands (turn {turn}, before any final movement): {leader} "
                             "leads with {points} points", points)
            w.end_page.show_score(
                ctrl.state, now, ctrl.names, people[0] if people else now.winners[0],
                title=title.format(turn=ctrl.state.turn + 1, leader=leader, points=points),
                hints=ctrl.hints_used)
            w.pages.setCurrentIndex(END_PAGE)

    def leave_scorepad(self) -> bool:
        """Esc on the scorepad: back to the table (False when the table is shown already)."""
        pages = self.widgets.pages
        if pages.currentIndex() != END_PAGE:
            return False
        pages.setCurrentIndex(TABLE_PAGE)
        return True

    def show_moment(self, moment: int) -> None:
        """Show the game after ``moment`` actions, read-only (the live game goes on)."""
        session = self.session
        ctrl = session.controller
        if ctrl is None:
            return
        total = len(ctrl.game.actions)
        moment = max(0, min(moment, total))
        if moment == total and not ctrl.state.is_over:
            self.show_live()
            return
        session.viewing = moment
        session.view_state = replay(ctrl.game.record, ctrl.game.catalog, upto=moment,
                                    check_pack=False).state
        self.widgets.history_bar.show_moment(moment, total)
        self.widgets.pages.setCurrentIndex(TABLE_PAGE)
        session.shown = session.view_state.current
        session.redraw_wanted.emit()

    def show_live(self) -> None:
        session = self.session
        session.viewing = None
        session.view_state = None
        self.widgets.history_bar.hide()
        session.refresh_wanted.emit()
