"""The coach's hint drawn on the table: where the action the AI would choose is, on the display
(a card to take, a sand dollar action, a starting tile, a column for the truck) and in the city
(the space to build on, the person to move and where to)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from smqt.engine.actions import (
    Action,
    Buy,
    ChooseTile,
    EndTurn,
    FinalDone,
    FinalMove,
    MovePerson,
    NoSwap,
    PlaceTruck,
    ReturnPerson,
    Reward,
    Swap,
    Take,
)
from smqt.engine.geometry import Space
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.ui.table.items import CARD_H, CARD_W, ArrowItem, HintItem


def label() -> str:
    # Translators: the label of the coach's mark on the table ("what the AI would choose")
    return _("AI's choice")


def _nowhere(action: Any) -> None:
    return None


DISPLAY_PLACE: dict[type, Callable[[Any], tuple | None]] = {
    Take: lambda action: ("slot", action.slot),
    Buy: lambda action: ("sand_dollar", action.action),
    ChooseTile: lambda action: ("tile", action.tile),
    PlaceTruck: lambda action: ("column", action.column),
    Reward: _nowhere, Swap: _nowhere, NoSwap: _nowhere, MovePerson: _nowhere,
    ReturnPerson: _nowhere, EndTurn: _nowhere, FinalMove: _nowhere, FinalDone: _nowhere,
}
"""Per kind of action: the display item it starts from (a key of ``mark_display``'s
``where``), or None when it starts from none (every kind of ``Action`` is here: a test
checks)."""


CityPlace = tuple[list[Space], tuple[Space, ...]]
"""The city spaces to frame, and the spaces an arrow runs through (none: no arrow)."""


def _no_city(state: GameState, index: int, action: Any) -> CityPlace:
    return [], ()


def _walk(state: GameState, index: int, action: MovePerson | FinalMove) -> CityPlace:
    person = state.players[index].people.get(action.person)
    if person is None:
        return [], ()
    return [action.path[-1]], (person[1], *action.path)


def _return(state: GameState, index: int, action: ReturnPerson) -> CityPlace:
    person = state.players[index].people.get(action.person)
    return ([person[1]] if person is not None else []), ()


CITY_PLACE: dict[type, Callable[[GameState, int, Any], CityPlace]] = {
    Take: lambda state, index, action: ([action.space], ()),
    Swap: lambda state, index, action: ([action.a, action.b], ()),
    MovePerson: _walk, FinalMove: _walk, ReturnPerson: _return,
    ChooseTile: _no_city, PlaceTruck: _no_city, Buy: _no_city, Reward: _no_city,
    NoSwap: _no_city, EndTurn: _no_city, FinalDone: _no_city,
}
"""Per kind of action: where it shows in the player's city (every kind of ``Action`` is here:
a test checks)."""


def mark_display(scene: QGraphicsScene, action: Action, where: dict[tuple, QRectF]) -> None:
    """Frame the display item ``action`` starts from; ``where``: ("slot", slot),
    ("sand_dollar", id), ("tile", id) and ("column", n) -> their rectangles."""
    key = DISPLAY_PLACE[type(action)](action)
    rect = where.get(key) if key is not None else None
    if rect is not None:
        item = HintItem(rect.width(), rect.height(), label())
        item.setPos(rect.topLeft())
        scene.addItem(item)


def mark_city(scene: QGraphicsScene, state: GameState, index: int, action: Action,
              origin: Callable[[Space], QPointF]) -> None:
    """Frame the city space(s) of ``action`` in ``index``'s city; a person's move also gets
    an arrow from where the person stands. ``origin``: a space's top left in the scene."""
    spaces, walk = CITY_PLACE[type(action)](state, index, action)
    if walk:
        shift = QPointF(CARD_W / 2, CARD_H / 2)
        scene.addItem(ArrowItem(1, [origin(s) + shift for s in walk], label()))
    for space in spaces:
        item = HintItem(CARD_W, CARD_H, label())
        item.setPos(origin(space))
        scene.addItem(item)
