"""How the table shares its window: the height between the display and the city (both as
large as they can be, ``balance.balanced_heights``), the width between the table and the side
panels (a fifth, ``balance.side_width``), and the side's height between the players and turn
panel (what their contents need), the card inspector and the log. A line the person moved
stays where they put it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from smqt.ui.panels.side import PlayerPanel
from smqt.ui.table.appearance import Appearance
from smqt.ui.table.balance import balanced_heights, side_width

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablewidgets import TableWidgets

WIDE_TABLE = 1.3
"""Width over height of the table's middle above which the display is laid out wide."""
SIDE_LOG_MIN = 80
"""The log's least height (about three lines) when the turn panel needs room: the card
inspector gives way first, down to nothing (the large card beside the pointer remains)."""


class RoomSharing(QObject):
    """The window's room shared between the table and the side, and within each (a part of
    the table window, given the session and the widgets it shares)."""

    panels_changed = Signal()
    """The player panels must be drawn again (they go to one line each, or back)."""

    def __init__(self, session: TableSession, widgets: TableWidgets, window: QWidget) -> None:
        super().__init__(window)
        self.session = session
        self.widgets = widgets
        self.window = window
        self.user_split = False
        """The person moved the line between display and city: keep it (until Fit, 0)."""
        self.user_side = False
        """The person moved the line between the table and the side panels: keep it."""
        self.user_side_split = False
        """The person moved a line between the side panels: keep it."""
        self.balanced_for: tuple | None = None
        """The turn and view the height was last shared for."""
        self.balance_timer = QTimer(self)
        self.balance_timer.setSingleShot(True)
        self.balance_timer.setInterval(0)
        self.balance_timer.timeout.connect(self.balance_views)
        self.side_timer = QTimer(self)
        self.side_timer.setSingleShot(True)
        self.side_timer.setInterval(0)
        self.side_timer.timeout.connect(self.share_side)
        widgets.centre_split.splitterMoved.connect(self._split_moved)
        widgets.side_split.splitterMoved.connect(self._side_split_moved)
        widgets.main_split.splitterMoved.connect(self._side_moved)
        for scene in (widgets.display_scene, widgets.city_scene):
            scene.sceneRectChanged.connect(lambda _rect: self._scene_resized())

    def share_soon(self) -> None:
        """Share the room again once what changed is laid out (a turn of the event loop)."""
        self.side_timer.start()
        self.balance_timer.start()

    def share_side_soon(self) -> None:
        """Share the side again once the turn panel's new contents are laid out."""
        self.side_timer.start()

    def balance_soon(self) -> None:
        """Share the height again in a turn of the event loop (the window or a view changed)."""
        self.balance_timer.start()

    def panels_short_of_room(self) -> bool:
        """Whether the player panels must take one line each so that the turn panel keeps
        its room (four players on a laptop screen)."""
        # measured against the whole side (less the log's least), not against the share the
        # panels have now: that share is made from their size, and the choice fed itself
        # (full panels took the room that made them fit, one-line ones left it)
        w = self.widgets
        total = sum(w.side_split.sizes())
        room = total - SIDE_LOG_MIN
        full = sum(PlayerPanel.FULL_HEIGHT for _ in w.players.panels)
        return total > 0 and full + w.turn_panel.sizeHint().height() > room

    def _side_moved(self, _pos: int, _index: int) -> None:
        self.user_side = True

    def _side_split_moved(self, _pos: int, _index: int) -> None:
        self.user_side_split = True

    def share_side(self) -> None:
        """The players and the turn panel get the height their contents need (a long final
        movement too), the log a few lines, the card inspector the rest (unless the person
        moved the lines)."""
        if self.user_side_split:
            return
        side_split, side_top = self.widgets.side_split, self.widgets.side_top
        sizes = side_split.sizes()
        total = sum(sizes)
        if total <= 0:
            return
        log = int(max(SIDE_LOG_MIN, min(200, total * 0.16)))
        layout = side_top.layout()
        layout.activate()
        # wrapped lines (German words are longer) need the height for the width they have
        width = side_top.width()
        need = (layout.heightForWidth(width) if width > 0 and layout.hasHeightForWidth()
                else side_top.sizeHint().height())
        need = max(need, side_top.minimumSizeHint().height()) + 6  # never below its least
        if need > total - log:
            log = SIDE_LOG_MIN
        top = max(min(need, total - log), int(total * 0.3))
        wanted = [top, max(0, total - top - log), log]
        if wanted != sizes:
            side_split.setSizes(wanted)

    def _split_moved(self, _pos: int, _index: int) -> None:
        self.user_split = True

    def fit_views(self) -> None:
        """Fit (0): the display and the city share the height again, each drawn whole."""
        self.user_split = False
        self.balance_views()
        self.widgets.city_view.fit()

    def balance_views(self) -> None:
        """Share the height so that the display and the city are both as large as they can
        be (``balance.balanced_heights``), unless the person chose the share."""
        w, session = self.widgets, self.session
        if session.controller is not None and w.players.panels and \
                self.panels_short_of_room() != w.players.panels[0].compact:
            self.panels_changed.emit()  # the table stays as drawn
        if not self.user_side:
            whole = sum(w.main_split.sizes())
            side = side_width(self.window.width(), Appearance.text)
            if whole > side and w.main_split.sizes()[1] != side:
                w.main_split.setSizes([whole - side, side])
        self.share_side()
        if self.user_split:
            return
        total = sum(w.centre_split.sizes())
        width = w.display_view.viewport().width()
        wide = total > 0 and width / total > WIDE_TABLE
        if wide != w.display_scene.wide:  # another arrangement of the display fits better
            w.display_scene.wide = wide
            if session.controller is not None:
                session.redraw_wanted.emit()
        display = w.display_scene.sceneRect()
        # the overview of every city keeps the share of the city on its own: the display
        # stays as it was
        city = w.city_scene.sceneRect()
        if total <= 0 or width <= 10 or display.isEmpty() or city.isEmpty():
            return
        chrome = max(w.city_tabs.height(), w.city_header.height())
        heights = balanced_heights(total, width, (display.width(), display.height()),
                                   (city.width(), city.height()), chrome)
        self.balanced_for = self._turn_key()
        if list(heights) != w.centre_split.sizes():
            w.centre_split.setSizes(list(heights))

    def _turn_key(self) -> tuple | None:
        session = self.session
        ctrl = session.controller
        return (ctrl.state.turn, ctrl.state.current, session.shown, session.overview) \
            if ctrl is not None else None

    def _scene_resized(self) -> None:
        """A scene grew or shrank: share the height again, but not in the middle of a
        person's turn (the line would move under their pointer); the next turn does."""
        key = self._turn_key()
        if key is None or key != self.balanced_for:
            self.balance_timer.start()
