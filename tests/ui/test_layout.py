"""The table fits every supported window size (issue 13): through 1280x720, 1366x768,
1920x1080 and 2560x1440, no text of the player panels or the turn panel is cut or elided
(widget geometry against text metrics), and the display and the city fill their areas."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from smqt.ai.protocol import make_bot
from smqt.engine.game import Game
from smqt.pack.shipped import default_pack
from smqt.ui.game.controller import Seat
from smqt.ui.shell.window import TableWindow
from tests.support import base

pytestmark = pytest.mark.gui

SIZES = ((1280, 720), (1366, 768), (1920, 1080), (2560, 1440))
FILL = 0.8
WIDE_FILL = 0.65
"""When both views are as tall as their areas (a wide city), the least each may fill."""


def mid_game(players: int, steps: int) -> Game:
    game = Game.new(base(), players, 40 + players)
    bot, rng = make_bot("easy"), random.Random(players)
    for _ in range(steps):
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    while game.state.phase != "acquire":
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    return game


def text_fits(label: QLabel) -> str | None:
    """Why the label's text does not fit (None when it does)."""
    rect = label.contentsRect()
    if label.wordWrap():
        needed = label.heightForWidth(rect.width())
        return None if needed <= rect.height() + 1 else f"needs {needed} px of height, has {rect.height()}"
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setHtml(label.text()) if label.textFormat().name != "PlainText" and "<" in label.text() \
        else document.setPlainText(label.text())
    width = document.idealWidth() - 2 * document.documentMargin()
    return None if width <= rect.width() + 1 else f"needs {width:.0f} px, has {rect.width()}"


def button_fits(button: QAbstractButton) -> str | None:
    width = QFontMetrics(button.font()).horizontalAdvance(button.text()) + 12
    return None if width <= button.width() else f"needs {width} px, has {button.width()}"


def cut_texts(panel: QWidget) -> list[str]:
    problems = []
    for label in panel.findChildren(QLabel):
        if label.isVisibleTo(panel) and label.text():
            why = text_fits(label)
            if why:
                problems.append(f"{label.text()[:60]!r}: {why}")
    for button in panel.findChildren(QAbstractButton):
        if button.isVisibleTo(panel) and button.text():
            why = button_fits(button)
            if why:
                problems.append(f"button {button.text()!r}: {why}")
    return problems


def spans(view) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The part of the view's width and of its height that its scene covers once fitted."""
    shown = view.mapFromScene(view.sceneRect()).boundingRect()
    area = view.viewport().rect()
    covered = shown.intersected(area)
    return covered.width() / max(1, area.width()), covered.height() / max(1, area.height())


def fill(view) -> float:  # type: ignore[no-untyped-def]
    """The part of the view's area that its scene covers once fitted."""
    shown = view.mapFromScene(view.sceneRect()).boundingRect()
    area = view.viewport().rect()
    covered = shown.intersected(area)
    return covered.width() * covered.height() / max(1, area.width() * area.height())


@pytest.mark.parametrize(("players", "steps"), [(2, 40), (4, 90)])
def test_the_table_fits_every_supported_size(qtbot, tmp_path, monkeypatch, players, steps):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.show()
    game = mid_game(players, steps)
    window.start_game(game, [Seat(n, "human") for n in ("Ann", "Bo", "Cy", "Di")[:players]],
                      default_pack())
    failures = []
    for width, height in SIZES:
        window.resize(width, height)
        for _ in range(10):
            QApplication.processEvents()
        window.room.balance_views()
        window.drawing.refresh()
        for _ in range(10):
            QApplication.processEvents()
        where = f"{width}x{height}, {players} players"
        for panel in [*window.widgets.players.panels, window.widgets.turn_panel]:
            failures += [f"{where}: {problem}" for problem in cut_texts(panel)]
        views = (("display", window.widgets.display_view), ("city", window.widgets.city_view))
        # both as tall as their areas: the window is wider than the cards need, and no other
        # split between them would show them larger (a wide city, say)
        wide = all(spans(view)[1] >= 0.97 for _name, view in views)
        for name, view in views:
            share = fill(view)
            if share < FILL and not (wide and share >= WIDE_FILL):
                failures.append(f"{where}: the {name} fills {share:.0%} of its area")
    assert not failures, "\n".join(failures)
    window.close()


def test_every_city_at_once_and_arrows_when_the_city_goes_on(qtbot, tmp_path, monkeypatch):
    """With 3 or 4 players an All cities tab shows every city (a click on one shows it
    alone); a zoomed city shows arrows where it goes on out of sight."""
    from tests.ui.clicks import click_item, find

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.start_game(mid_game(4, 90), [Seat(n, "human") for n in ("Ann", "Bo", "Cy", "Di")],
                      default_pack())
    tabs = window.widgets.city_tabs
    assert tabs.count() == 5 and tabs.tabText(4) == "All cities"
    tabs.setCurrentIndex(4)
    assert window.session.overview and window.widgets.city_view.scene() is window.widgets.overview_scene
    state = window.controller.state
    shown = {i.intent for i in window.widgets.overview_scene.items() if getattr(i, "intent", None)}
    assert shown == {("city", i) for i in range(4)}
    face = find(window.widgets.city_view, lambda i: getattr(i, "intent", None) == ("city", 2)
                and getattr(i, "entry", None) is not None and i.isVisible()
                and i.entry.name == next(iter(
                    state.catalog.cards[c].name for c in state.players[2].city.values()
                    if c in state.catalog.cards)))
    click_item(qtbot, window.widgets.city_view, face)
    assert not window.session.overview and window.session.shown == 2
    QApplication.processEvents()  # the first fit after the window shows
    window.widgets.city_view.zoom(2.5)
    window.widgets.city_view.zoom(2.5)
    QApplication.processEvents()
    left, right = window.widgets.city_view.arrows[-1], window.widgets.city_view.arrows[1]
    assert left.isVisible() or right.isVisible()
    window.room.fit_views()
    QApplication.processEvents()
    assert not left.isVisible() and not right.isVisible()
    window.close()


def test_the_end_page_shows_every_scorepad_row_and_whole_reasons(qtbot, tmp_path, monkeypatch):
    """At 1280x720 with 4 players the scorepad's rows, the total above all, are all in sight
    without scrolling, and every reason in the breakdown has the height its wrapped text needs
    (it was cut or ended in an ellipsis)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFontMetricsF

    from smqt.ui.panels.breakdown import WHY

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    game = Game.new(base(), 4, 44)
    bot, rng = make_bot("easy"), random.Random(4)
    while not game.state.is_over:
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.start_game(game, [Seat(n, "human") for n in ("Ann", "Bo", "Cy", "Di")],
                      default_pack())
    for _ in range(20):
        QApplication.processEvents()
    assert window.widgets.pages.currentIndex() == 1
    table = window.widgets.end_page.scorepad.table
    last = table.rowCount() - 1
    bottom = table.rowViewportPosition(last) + table.rowHeight(last)
    assert table.verticalHeaderItem(6).text() == "Total"
    assert bottom <= table.viewport().height() + 1, (bottom, table.viewport().height())
    tree = window.widgets.end_page.breakdown.tree
    width = tree.header().sectionSize(WHY) - 12
    metrics = QFontMetricsF(tree.font())
    checked = 0
    for top in range(tree.topLevelItemCount()):
        head = tree.topLevelItem(top)
        for child in range(head.childCount()):
            item = head.child(child)
            needed = metrics.boundingRect(QRectF(0, 0, width, 10_000),
                                          int(Qt.TextFlag.TextWordWrap), item.text(WHY)).height()
            assert tree.visualItemRect(item).height() >= needed, item.text(WHY)
            checked += 1
    assert checked > 10
    window.close()
