"""The soak test: one window plays many complete games in a row (2, 3 and 4 seats, seeds spread
over 0 .. 2**63-1), every person seat driven by a seeded random clicker through the real items,
and nothing may go wrong: no exception, no Qt warning (both fail a pytest-qt test), every
refused click explained, and no growth of Python objects or graphics items between games.

CI plays 3 games; ``SMQT_SOAK_GAMES=20 python -m pytest tests/ui/test_soak.py`` plays the full
soak (README)."""

from __future__ import annotations

import gc
import os
import random
from collections import Counter

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from smqt.engine.finalmove import load_solver
from smqt.engine.remembered import forget_all
from smqt.pack.shipped import default_pack
from smqt.render import cardface, layout, tilefaces
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.facecache import forget_faces
from tests.ui.randomclicks import RandomClicker

pytestmark = [pytest.mark.gui, pytest.mark.slow]

GAMES = int(os.environ.get("SMQT_SOAK_GAMES", "3"))
CLICKS_PER_GAME = 6000
OBJECT_GROWTH = 1000
"""Python objects that may differ between the starts of two games (after the first game,
which fills the one-time caches of Qt and the catalog)."""
SEATINGS = (("human", "human"), ("human", "medium", "human"), ("human", "easy", "human", "human"),
            ("human", "human", "human"), ("random", "human"), ("human", "human", "hard", "human"))


def seeds(count: int) -> list[int]:
    spread = random.Random(2026)
    chosen = [0, 2**63 - 1] + [spread.randrange(2**63) for _ in range(count)]
    return chosen[:count]


def graphics_items(window: TableWindow) -> int:
    scenes = (window.widgets.display_scene, window.widgets.city_scene, window.widgets.end_page.city_scene)
    return sum(len(scene.items()) for scene in scenes)


def clear_caches() -> None:
    """Empty the bounded caches that grow with the cards and positions seen, by design: the
    engine's (ring outcomes, city shapes, tallies, final-movement plans), the faces' layouts
    and the faces drawn per size."""
    forget_all()
    forget_faces()
    for module in (cardface, layout, tilefaces):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def python_objects() -> int:
    """Live Python objects once the deferred deletions of Qt have run (the bounded caches
    emptied first)."""
    clear_caches()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    gc.collect()
    return len(gc.get_objects())


def object_types() -> Counter:
    clear_caches()
    gc.collect()
    return Counter(type(o).__name__ for o in gc.get_objects())


def play_out(qtbot, window: TableWindow, clicker: RandomClicker) -> None:
    ctrl = window.controller
    assert ctrl is not None
    for _ in range(CLICKS_PER_GAME):
        qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=60_000)
        if ctrl.state.is_over:
            return
        clicker.step()
    raise AssertionError(f"the game did not end within {CLICKS_PER_GAME} clicks")


def test_one_window_plays_many_games_by_random_clicks(qtbot, window):
    """R2-R10 through the table: many complete games in one window, all by clicks."""
    load_solver()  # modules loaded on first use are not growth between games
    objects: list[int] = []
    items: list[int] = []
    refusals = 0
    for number, seed in enumerate(seeds(GAMES)):
        kinds = SEATINGS[number % len(SEATINGS)]
        seats = tuple((f"P{i + 1}", kind) for i, kind in enumerate(kinds))
        window.new_game(GameOptions(seats, seed, default_pack()))
        objects.append(python_objects())  # a fresh game: nothing of the last one may remain
        if number == 1:
            first = object_types()
        last = object_types()
        clicker = RandomClicker(qtbot, window, seed)
        play_out(qtbot, window, clicker)
        qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
        assert not clicker.unexplained, clicker.unexplained
        refusals += clicker.refusals
        replayed = window.controller.game.record
        assert replayed.actions, "the game was recorded"
        items.append(graphics_items(window))
    assert refusals > 0 or GAMES < 3, "the clicker tried clicks the table refuses"
    if len(objects) >= 3:
        settled = objects[1:]
        grown = (last - first).most_common(8)
        assert max(settled) - settled[0] < OBJECT_GROWTH, f"Python objects grew: {objects} {grown}"
    assert max(items) < 2000, f"graphics items: {items}"
