"""The coach's hint drawn on the table: where the action the AI would choose is, on the display
(a card to take, a sand dollar action, a starting tile, a column for the truck) and in the city
(the space to build on, the person to move and where to)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from smqt.engine.actions import (
    Action,
    Buy,
    ChooseTile,
    FinalMove,
    MovePerson,
    PlaceTruck,
    ReturnPerson,
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


def mark_display(scene: QGraphicsScene, action: Action, where: dict[tuple, QRectF]) -> None:
    """Frame the display item ``action`` starts from; ``where``: ("slot", slot),
    ("sand_dollar", id), ("tile", id) and ("column", n) -> their rectangles."""
    key: tuple | None = None
    if isinstance(action, Take):
        key = ("slot", action.slot)
    elif isinstance(action, Buy):
        key = ("sand_dollar", action.action)
    elif isinstance(action, ChooseTile):
        key = ("tile", action.tile)
    elif isinstance(action, PlaceTruck):
        key = ("column", action.column)
    rect = where.get(key) if key is not None else None
    if rect is not None:
        item = HintItem(rect.width(), rect.height(), label())
        item.setPos(rect.topLeft())
        scene.addItem(item)


def mark_city(scene: QGraphicsScene, state: GameState, index: int, action: Action,
              origin: Callable[[Space], QPointF]) -> None:
    """Frame the city space(s) of ``action`` in ``index``'s city; a person's move also gets
    an arrow from where the person stands. ``origin``: a space's top left in the scene."""
    spaces: list[Space] = []
    if isinstance(action, Take):
        spaces = [action.space]
    elif isinstance(action, Swap):
        spaces = [action.a, action.b]
    elif isinstance(action, MovePerson | FinalMove | ReturnPerson):
        person = state.players[index].people.get(action.person)
        if person is None:
            return
        start = person[1]
        spaces = [start] if isinstance(action, ReturnPerson) else [action.path[-1]]
        if not isinstance(action, ReturnPerson):
            shift = QPointF(CARD_W / 2, CARD_H / 2)
            points = [origin(s) + shift for s in (start, *action.path)]
            scene.addItem(ArrowItem(1, points, label()))
    for space in spaces:
        item = HintItem(CARD_W, CARD_H, label())
        item.setPos(origin(space))
        scene.addItem(item)
