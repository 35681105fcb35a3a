"""Issue 42: at every text size, at 1366x768, in English and in German, with high contrast on
and off, every text of the table fits: during play, with a hint open, the scorepad during the
game, the end page, the review, the new-game dialog and the rules page. Each label, button,
combo box, tab and item-view cell is measured with its font's metrics against its geometry
(``tests/ui/fitcheck.py``); each text's font grows with the size chosen; and the table's own
words are shown no smaller than at the normal size."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from smqt.ai.protocol import make_bot
from smqt.engine.game import Game
from smqt.engine.state import ACQUIRE
from smqt.ui.game.controller import Seat
from smqt.ui.shell.newgame import NewGameDialog
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.appearance import TEXT_SIZES, set_high_contrast, set_text_size
from smqt.ui.table.items import LabelItem
from tests.support import base
from tests.ui.fitcheck import problems

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("This plugin does not support")]

LEAST_SHARE = 0.7
"""No text of a window smaller than this share of the application's font at the size chosen
(a text that kept the normal size at the largest one is about 0.57 of it)."""
LOOKS = [(factor, contrast) for _label, factor in TEXT_SIZES for contrast in (False, True)]


@pytest.fixture(params=["en", "de"])
def language(request, qapp):
    from smqt.desktop.language import qt_language
    from smqt.language.translate import use

    use(request.param)
    qt_language(request.param)
    yield request.param
    use("en")
    qt_language("en")



@pytest.fixture(autouse=True)
def normal_looks():
    yield
    set_text_size(1.0)
    set_high_contrast(False)


def settle(rounds: int = 15) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


def unscaled(root: QWidget) -> list[str]:
    """Texts whose font did not grow with the size chosen."""
    least = QFontInfo(QApplication.font()).pixelSize() * LEAST_SHARE
    small = []
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.isVisible() and widget.text():
            size = widget.fontInfo().pixelSize()
            if size < least:
                small.append(f"{type(widget).__name__} {widget.text()[:40]!r}: {size} px, "
                             f"the least is {least:.0f}")
    return small


def table_words(window: TableWindow) -> float:
    """The smallest of the table's words as shown on the screen, in pixels."""
    shown = []
    for view in (window.widgets.display_view, window.widgets.city_view):
        scale = view.transform().m11()
        shown += [item.fitted_size() * scale for item in view.scene().items()
                  if isinstance(item, LabelItem) and item.isVisible() and item.text]
    return min(shown)


def in_sight(widget: QWidget) -> bool:
    """Whether the whole of ``widget`` is in its scroll area's sight."""
    viewport = widget.parentWidget()
    while viewport is not None and viewport.objectName() != "qt_scrollarea_viewport":
        viewport = viewport.parentWidget()
    assert viewport is not None
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    return viewport.rect().contains(QRect(top_left, widget.size()))


def look(window: TableWindow, factor: float, contrast: bool) -> None:
    window.menus.set_text_size(factor)
    if window.menus.contrast_action.isChecked() != contrast:
        window.menus.contrast_action.trigger()
    settle()


def check(found: dict[str, list[str]], where: str, root: QWidget) -> None:
    settle(5)
    found[where] = problems(root) + unscaled(root)


def played(game: Game, steps: int, to_acquire: bool) -> Game:
    bot, rng = make_bot("medium"), random.Random(3)
    for _ in range(steps):
        if game.state.is_over:
            break
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    while to_acquire and game.state.phase != ACQUIRE:
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    return game


def test_every_text_fits_at_every_size_at_1366x768(qtbot, tmp_path, monkeypatch, language,
                                                    nearby):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.menus.set_pace(0)
    names = ("Anna", "Ben")
    game = played(Game.new(base(), 2, 11, names=names), 30, to_acquire=True)
    window.start_game(game, [Seat("Anna"), Seat("Ben")], None)
    settle()
    cut: dict[str, list[str]] = {}
    normal_words = 0.0
    for factor, contrast in LOOKS:
        look(window, factor, contrast)
        at = f"{language} x{factor}{' contrast' if contrast else ''}"
        assert window.width() <= 1366 and window.height() <= 768, f"{at}: the window outgrew"
        check(cut, f"{at}, play", window)
        for panel in window.widgets.players.panels:  # the points no smaller than their "pts"
            points = int(re.search(r"font-size:\s*(\d+)px", panel.score.text())[1])
            assert points > panel.score.fontInfo().pixelSize(), \
                f"{at}: a score of {points} px beside its words of " \
                f"{panel.score.fontInfo().pixelSize()} px"
        words = table_words(window)
        if factor == 1.0:
            normal_words = normal_words or words
        else:
            assert words >= normal_words * 0.95, \
                f"{at}: the table's words are shown at {words:.1f} px, {normal_words:.1f} at normal"
    window.coach.ask_hint()
    qtbot.waitUntil(lambda: window.widgets.hint_bar.isVisible(), timeout=30_000)
    for factor, contrast in LOOKS:
        look(window, factor, contrast)
        at = f"{language} x{factor}{' contrast' if contrast else ''}"
        check(cut, f"{at}, hint", window)
        assert in_sight(window.widgets.turn_panel.prompt), \
            f"{at}: the hint pushed the turn's words out of sight"
        window.navigation.show_scorepad()
        check(cut, f"{at}, scorepad during the game", window)
        window.navigation.leave_scorepad()

    finished = played(Game.new(base(), 2, 4242, names=names), 10_000, to_acquire=False)
    window.start_game(finished, [Seat("Anna"), Seat("Ben", "medium")], None)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    window.coach.open_review()
    review = window.coach.review_window
    review.level = "hard"  # the quicker judge: the words are the same
    review.start()
    qtbot.waitUntil(lambda: len(review.decisions) >= 3, timeout=120_000)
    review.stop()  # what is judged so far is listed
    assert review.list.rowCount() > 0
    window.menus.show_rules()
    rules = window.menus.pages["rules"]
    dialog = NewGameDialog(window)
    for factor, contrast in LOOKS:
        look(window, factor, contrast)
        at = f"{language} x{factor}{' contrast' if contrast else ''}"
        window.navigation.show_scorepad()
        check(cut, f"{at}, end page", window)
        check(cut, f"{at}, review", review)
        assert review.chart.label_font().pixelSize() >= 12 * factor - 0.5, \
            f"{at}: the chart's words kept their size"
        check(cut, f"{at}, rules", rules)
        dialog.show()
        check(cut, f"{at}, new game", dialog)
        dialog.hide()
    dialog.deleteLater()
    report = [f"{where}: {problem}" for where, found in cut.items() for problem in found]
    assert not report, "\n".join(report)
    window.close()


def test_a_compact_panel_keeps_each_number_with_its_word(qtbot, language):
    """Found by hand at the largest size: a compact panel's line wrapped between "1/14" and
    "Karten"."""
    from smqt.ui.panels.side import PlayerPanel

    panel = PlayerPanel(0)
    qtbot.addWidget(panel)
    panel.set_compact(True)
    state = Game.new(base(), 2, 1).state
    panel.show_player(state, Seat("Anna", "medium"), None, True, False)
    shown = panel.name.text()
    limit = state.rules.cards_to_end
    assert re.search(rf"0/{limit}\u00a0\w", shown) and re.search(r"\d\u00a0\$", shown), shown
