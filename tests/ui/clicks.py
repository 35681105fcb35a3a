"""Driving the real table with the mouse: find the item that stands for a choice and click it
in its view, as a person would (no shortcut into the controller)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QGraphicsItem, QGraphicsView

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
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.items import FaceItem, PersonItem, TargetItem, TokenItem
from smqt.ui.table.rewards import RewardItem


def find(view: QGraphicsView, predicate) -> QGraphicsItem:  # type: ignore[no-untyped-def]
    found = [item for item in view.scene().items() if predicate(item)]
    assert len(found) == 1, f"expected one item, found {len(found)}"
    return found[0]


def click_item(qtbot, view: QGraphicsView, item: QGraphicsItem,
               button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    rect = item.size if isinstance(item, FaceItem) else item.boundingRect()
    view.ensureVisible(item.mapRectToScene(rect), 10, 10)
    point = view.mapFromScene(item.mapToScene(rect.center()))
    assert view.viewport().rect().contains(point), "the item is outside the view"
    qtbot.mouseClick(view.viewport(), button, pos=QPoint(point.x(), point.y()))


def click_button(qtbot, button: QAbstractButton) -> None:
    assert button.isVisible() and button.isEnabled(), f"{button.text()!r} cannot be clicked"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def face(view: QGraphicsView, intent: tuple[str, object]) -> QGraphicsItem:
    return find(view, lambda i: isinstance(i, FaceItem) and i.intent == intent)


def reward_item(window: TableWindow, choice: str) -> RewardItem:
    return find(window.widgets.city_view, lambda i: isinstance(i, RewardItem)  # type: ignore[return-value]
                and i.choice == choice)


def click_space(qtbot, window: TableWindow, space) -> None:  # type: ignore[no-untyped-def]
    view = window.widgets.city_view
    targets = [i for i in view.scene().items() if isinstance(i, TargetItem) and i.space == space]
    item = targets[0] if targets else face(view, ("space", space))
    click_item(qtbot, view, item)


def click_person(qtbot, window: TableWindow, pid: int) -> None:
    item = find(window.widgets.city_view, lambda i: isinstance(i, PersonItem) and i.pid == pid)
    click_item(qtbot, window.widgets.city_view, item)


def choose_allowance(qtbot, window: TableWindow, index: int) -> None:
    allowances = window.widgets.turn_panel.allowances
    for row in range(allowances.count()):
        item = allowances.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == index:
            rect = allowances.visualItemRect(item)
            qtbot.mouseClick(allowances.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return
    raise AssertionError(f"allowance {index} is not listed")


def walk(qtbot, window: TableWindow, pid: int, path) -> None:  # type: ignore[no-untyped-def]
    click_person(qtbot, window, pid)
    for step in path:
        h = window.session.interaction.highlights()
        if window.session.interaction.person is None:
            break
        assert step in h.spaces, f"{step} is not offered as the next step"
        click_space(qtbot, window, step)
    if window.session.interaction.person is not None and window.session.interaction.path == tuple(path):
        click_button(qtbot, window.widgets.turn_panel.stop_here)


def perform(qtbot, window: TableWindow, action: Action) -> None:
    """Carry out ``action`` with clicks on the table."""
    display = window.widgets.display_view
    if isinstance(action, ChooseTile):
        click_item(qtbot, display, face(display, ("tile", action.tile)))
    elif isinstance(action, PlaceTruck):
        click_item(qtbot, display, find(display, lambda i: isinstance(i, TokenItem)
                                        and i.kind == "marker" and i.column == action.column))
    elif isinstance(action, Take):
        click_item(qtbot, display, face(display, ("slot", action.slot)))
        click_space(qtbot, window, action.space)
    elif isinstance(action, Buy):
        click_item(qtbot, display, face(display, ("sand_dollar", action.action)))
    elif isinstance(action, Reward):  # beside the card that earned it, in the city
        click_item(qtbot, window.widgets.city_view, reward_item(window, action.choice))
    elif isinstance(action, Swap):
        click_space(qtbot, window, action.a)
        click_space(qtbot, window, action.b)
    elif isinstance(action, NoSwap):
        click_button(qtbot, window.widgets.turn_panel.no_swap)
    elif isinstance(action, MovePerson):
        choose_allowance(qtbot, window, action.allowance)
        walk(qtbot, window, action.person, action.path)
    elif isinstance(action, ReturnPerson):
        choose_allowance(qtbot, window, action.allowance)
        click_person(qtbot, window, action.person)
        click_button(qtbot, window.widgets.turn_panel.return_person)
    elif isinstance(action, EndTurn):
        click_button(qtbot, window.widgets.turn_panel.end_turn)
        if window.widgets.turn_panel.end_turn.text().startswith("Confirm"):
            click_button(qtbot, window.widgets.turn_panel.end_turn)
    elif isinstance(action, FinalMove):
        walk(qtbot, window, action.person, action.path)
    elif isinstance(action, FinalDone):
        click_button(qtbot, window.widgets.turn_panel.final_done)
    else:
        raise AssertionError(f"no gesture for {action}")


def played(qtbot, window: TableWindow, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Carry ``action`` out with the mouse and check it was played: recorded, or (when it
    confirms a turn the table held for the person) the turn moved on."""
    ctrl = window.controller
    assert ctrl is not None
    count, turn = len(ctrl.game.actions), (ctrl.state.turn, ctrl.state.current, ctrl.state.phase)
    confirming = ctrl.awaiting_end
    perform(qtbot, window, action)
    if confirming:
        assert len(ctrl.game.actions) == count, "a held turn's confirmation is not recorded"
        assert (ctrl.state.turn, ctrl.state.current, ctrl.state.phase) != turn or \
            ctrl.state.is_over, f"{action} did not end the held turn"
    else:
        assert ctrl.game.actions[count:count + 1] == [action], f"{action} was not played"
