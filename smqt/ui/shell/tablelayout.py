"""How the table shares its window: the height between the display and the city (both as
large as they can be, ``balance.balanced_heights``), the width between the table and the side
panels (a fifth, ``balance.side_width``), and the side's height between the players and turn
panel (what their contents need), the card inspector and the log. A line the person moved
stays where they put it."""

from __future__ import annotations

from smqt.engine.scoring import score_game
from smqt.ui.panels.side import PlayerPanel
from smqt.ui.table.appearance import Appearance
from smqt.ui.table.balance import balanced_heights, side_width

WIDE_TABLE = 1.3
"""Width over height of the table's middle above which the display is laid out wide."""
SIDE_LOG_MIN = 80
"""The log's least height (about three lines) when the turn panel needs room: the card
inspector gives way first, down to nothing (the large card beside the pointer remains)."""


class TableLayout:
    """Mixed into ``TableWindow`` (whose widgets and state it reads): shares its room."""

    def _panels_short_of_room(self) -> bool:
        """Whether the player panels must take one line each so that the turn panel keeps
        its room (four players on a laptop screen)."""
        room = self.side_split.sizes()[0] if self.side_split.sizes() else 0
        full = sum(PlayerPanel.FULL_HEIGHT for _ in self.player_panels)
        return room > 0 and full + self.turn_panel.sizeHint().height() > room

    def _side_moved(self, _pos: int, _index: int) -> None:
        self._user_side = True

    def _side_split_moved(self, _pos: int, _index: int) -> None:
        self._user_side_split = True

    def share_side(self) -> None:
        """The players and the turn panel get the height their contents need (a long final
        movement too), the log a few lines, the card inspector the rest (unless the person
        moved the lines)."""
        if self._user_side_split:
            return
        sizes = self.side_split.sizes()
        total = sum(sizes)
        if total <= 0:
            return
        log = int(max(SIDE_LOG_MIN, min(200, total * 0.16)))
        layout = self.side_top.layout()
        layout.activate()
        # wrapped lines (German words are longer) need the height for the width they have
        width = self.side_top.width()
        need = (layout.heightForWidth(width) if width > 0 and layout.hasHeightForWidth()
                else self.side_top.sizeHint().height())
        need = max(need, self.side_top.minimumSizeHint().height()) + 6  # never below its least
        if need > total - log:
            log = SIDE_LOG_MIN
        top = max(min(need, total - log), int(total * 0.3))
        wanted = [top, max(0, total - top - log), log]
        if wanted != sizes:
            self.side_split.setSizes(wanted)

    def _split_moved(self, _pos: int, _index: int) -> None:
        self._user_split = True

    def fit_views(self) -> None:
        """Fit (0): the display and the city share the height again, each drawn whole."""
        self._user_split = False
        self.balance_views()
        self.city_view.fit()

    def balance_views(self) -> None:
        """Share the height so that the display and the city are both as large as they can
        be (``balance.balanced_heights``), unless the person chose the share."""
        if self.controller is not None and self.player_panels and \
                self._panels_short_of_room() != self.player_panels[0].compact:
            state = self._state()
            self._draw_panels(state, score_game(state).sheets)  # the table stays as drawn
        if not self._user_side:
            whole = sum(self.main_split.sizes())
            side = side_width(self.width(), Appearance.text)
            if whole > side and self.main_split.sizes()[1] != side:
                self.main_split.setSizes([whole - side, side])
        self.share_side()
        if self._user_split:
            return
        total = sum(self.centre_split.sizes())
        width = self.display_view.viewport().width()
        wide = total > 0 and width / total > WIDE_TABLE
        if wide != self.display_scene.wide:  # another arrangement of the display fits better
            self.display_scene.wide = wide
            if self.controller is not None:
                self._redraw()
        display = self.display_scene.sceneRect()
        # the overview of every city keeps the share of the city on its own: the display
        # stays as it was
        city = self.city_scene.sceneRect()
        if total <= 0 or width <= 10 or display.isEmpty() or city.isEmpty():
            return
        chrome = max(self.city_tabs.height(), self.city_header.height())
        heights = balanced_heights(total, width, (display.width(), display.height()),
                                   (city.width(), city.height()), chrome)
        ctrl = self.controller
        self._balanced_for = (ctrl.state.turn, ctrl.state.current, self.shown, self.overview) \
            if ctrl is not None else None
        if list(heights) != self.centre_split.sizes():
            self.centre_split.setSizes(list(heights))

    def _scene_resized(self) -> None:
        """A scene grew or shrank: share the height again, but not in the middle of a
        person's turn (the line would move under their pointer); the next turn does."""
        ctrl = self.controller
        key = (ctrl.state.turn, ctrl.state.current, self.shown, self.overview) if ctrl else None
        if key is None or key != self._balanced_for:
            self._balance_timer.start()
