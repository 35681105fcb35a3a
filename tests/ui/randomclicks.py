"""A seeded person who clicks at random among what the table highlights (and now and then on
something it does not, to hear why not): every click goes through the real items, buttons and
dialogs of the window, never into the controller."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGraphicsItem, QGraphicsView

from smqt.ui.shell.window import TableWindow
from smqt.ui.table.items import FaceItem, PersonItem, TargetItem, TokenItem
from smqt.ui.table.rewards import RewardItem
from tests.ui.clicks import click_item

Target = tuple[str, object]
_LEFT = Qt.MouseButton.LeftButton


class RandomClicker:
    """``step()`` makes one click of the person to play; ``refusals`` counts the clicks the
    table refused, ``unexplained`` those it refused without a reason."""

    def __init__(self, qtbot, window: TableWindow, seed: int) -> None:  # type: ignore[no-untyped-def]
        self.qtbot = qtbot
        self.window = window
        self.rng = random.Random(seed)
        self.refusals = 0
        self.unexplained: list[str] = []
        self.clicks = 0

    # ------------------------------------------------------------------ what can be clicked

    def _items(self, view: QGraphicsView) -> list[QGraphicsItem]:
        return list(view.scene().items())

    def _buttons(self) -> list[QAbstractButton]:
        tp = self.window.widgets.turn_panel
        buttons = [b for b in (tp.end_turn, tp.no_swap, tp.stop_here, tp.return_person,
                               tp.auto_final, tp.final_done)
                   if b.isVisible() and b.isEnabled()]
        return buttons

    def _choices(self) -> list[tuple[float, Target]]:
        """(weight, target) for every highlighted choice."""
        window = self.window
        h = window.session.interaction.highlights()
        display, city = window.widgets.display_view, window.widgets.city_view
        found: list[tuple[float, Target]] = []
        for item in self._items(display):
            if isinstance(item, FaceItem) and item.intent is not None and item.selectable:
                found.append((1.0, ("item", (display, item))))
            elif isinstance(item, TokenItem) and item.kind == "marker":
                found.append((1.0, ("item", (display, item))))
        busy = h.selected_slot is not None or h.selected_person is not None
        for item in self._items(city):
            if isinstance(item, TargetItem):
                found.append((8.0, ("item", (city, item))))
            elif isinstance(item, FaceItem) and (item.target or item.selectable):
                found.append((8.0 if item.target else 1.0, ("item", (city, item))))
            elif isinstance(item, RewardItem):  # R3.5, beside the card that earned it
                found.append((8.0, ("item", (city, item))))
            elif isinstance(item, PersonItem) and (item.selectable or item.selected):
                found.append((0.3 if busy else 2.0, ("item", (city, item))))
        for button in self._buttons():
            weight = 1.0 if button is window.widgets.turn_panel.end_turn and h.people else 3.0
            found.append((weight, ("button", button)))
        return found

    def _probe(self) -> Target | None:
        """Something the table does not offer now: a display card not highlighted."""
        window = self.window
        faces = [i for i in self._items(window.widgets.display_view)
                 if isinstance(i, FaceItem) and i.intent is not None and i.intent[0] == "slot"
                 and not i.selectable and not i.selected]
        if not faces:
            return None
        return ("probe", (window.widgets.display_view, self.rng.choice(faces)))

    # ------------------------------------------------------------------ clicking

    def step(self) -> None:
        window = self.window
        self.clicks += 1
        QApplication.processEvents()  # as between a person's clicks: the window's timers run
        if self.rng.random() < 0.03 and window.controller is not None and window.controller.can_undo:
            self.qtbot.mouseClick(window.widgets.turn_panel.undo, _LEFT)
            return
        if self.rng.random() < 0.04:
            probe = self._probe()
            if probe is not None:
                view, item = probe[1]  # type: ignore[misc]
                click_item(self.qtbot, view, item)
                self.refusals += 1
                if not window.widgets.turn_panel.reason.text():
                    self.unexplained.append(f"display card {item.intent}")
                return
        choices = self._choices()
        assert choices, "the table offers nothing to click"
        weights = [w for w, _ in choices]
        kind, target = self.rng.choices([c for _, c in choices], weights)[0]
        if kind == "button":
            self.qtbot.mouseClick(target, _LEFT)  # type: ignore[arg-type]
        else:
            view, item = target  # type: ignore[misc]
            click_item(self.qtbot, view, item)
