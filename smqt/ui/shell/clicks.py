"""What a click or a drop on the table means: the legal action it stands for (played through
the turn's commands), or the engine's reason it is refused."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from smqt.engine.actions import Action
from smqt.engine.geometry import Space
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.ui.shell.tablewidgets import city_name
from smqt.ui.table.gains import clear_gains, show_gains

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession
    from smqt.ui.shell.tablewidgets import TableWidgets
    from smqt.ui.shell.turncommands import TurnCommands

Gains = Callable[[GameState, int | None], dict]
"""The points each space a person may end on would give (a person, or the one chosen)."""


class Clicks(QObject):
    """Clicks and drops on the table (a part of the table window, given the session, the
    widgets clicked on, the turn's commands that play what a click means, and the gains a
    dragged person's spaces would bring)."""

    def __init__(self, session: TableSession, widgets: TableWidgets, commands: TurnCommands,
                 gains: Gains) -> None:
        super().__init__(session)
        self.session = session
        self.widgets = widgets
        self.commands = commands
        self.gains = gains
        self.left_overview_at = 0.0
        """When a click on a city of the overview showed it alone (time.monotonic)."""

    def clicked(self, kind: str, key: object, by_key: bool = False) -> None:
        """A click on the table (or Enter on the keyboard's mark, ``by_key``)."""
        session = self.session
        self.widgets.popup.hold()
        if not by_key and session.key_focus.visible:
            session.key_focus.visible = False  # the mouse is playing: the keyboard's ring goes
            session.say("")  # and its line ("Marked: ...") with it
        if kind == "city":  # a city in the overview: show it alone
            session.city_wanted.emit(key)
            self.left_overview_at = time.monotonic()
            return
        since = time.monotonic() - self.left_overview_at
        if kind in ("space", "person") and not by_key and \
                since * 1000 < QApplication.doubleClickInterval():
            return  # the second click of a double click on the overview: not a move
        if session.viewing is not None:
            return
        if not session.live_legal():
            self.commands.tell_not_yours()
            return
        ctrl = session.controller
        assert ctrl is not None
        it = session.interaction
        action: Action | None = None
        state = session.state()
        if kind == "slot":
            action = it.click_slot(key)  # type: ignore[arg-type]
            if it.slot is not None:
                session.city_wanted.emit(state.current)
        elif kind in ("space", "person") and session.shown != state.current:
            it.reason = _("That is {name}'s city. Yours is under the tab “{tab}”.").format(
                name=ctrl.seats[session.shown].name,
                tab=city_name(ctrl.seats[state.current].name))
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
            self.commands.play(action)
        else:
            session.redraw_wanted.emit()

    def dragging(self, pid: int) -> None:
        """A person is being dragged: the points each space they may end on would give."""
        session = self.session
        ctrl = session.controller
        if ctrl is None or session.viewing is not None or not session.live_legal() or \
                session.shown != ctrl.state.current:
            return
        self.widgets.popup.hold()  # the large card would cover where the person goes
        scene = self.widgets.city_scene
        clear_gains(scene)
        show_gains(scene, self.gains(ctrl.state, pid), scene.rect_of)

    def dropped(self, pid: int, space: Space | None) -> None:
        self.widgets.popup.hold()  # not over the city just where the person was let go
        if space is None:  # let go off the city: the previews go
            clear_gains(self.widgets.city_scene)
            return
        if self.session.viewing is None and self.session.live_legal():
            action = self.session.interaction.drop_person(pid, space)
            if action is not None:
                self.commands.play(action)
            else:
                self.session.redraw_wanted.emit()
