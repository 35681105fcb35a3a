"""Issue 30: View ▸ Text size scales the texts of the panels, the dialogs and the table's words,
and is kept for the next start; View ▸ High contrast gives plain white grounds and black words.
At the largest size and at 1366 x 768 no wrapped text of the side panels is cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from smqt.pack.shipped import default_pack
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.appearance import Appearance, grey, set_high_contrast, set_text_size
from smqt.ui.table.items import LabelItem

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def normal_looks():
    yield
    set_text_size(1.0)
    set_high_contrast(False)


def game(window: TableWindow) -> None:
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), 3, default_pack()))


def test_the_largest_text_size_scales_the_panels_and_the_table_and_comes_back(qtbot, window):
    game(window)
    normal_font = QApplication.font().pointSizeF()
    label = LabelItem("Back row", 20)
    normal_label = label.fitted_size()
    assert "font-size: 14px" in window.widgets.turn_panel.prompt.styleSheet()
    window.menus.text_actions[1.75].trigger()
    assert Appearance.text == 1.75
    assert window.menus.text_actions[1.75].isChecked()
    assert "font-size: 24px" in window.widgets.turn_panel.prompt.styleSheet()
    assert "font-size: 30px" in window.widgets.banner.styleSheet()  # 17 px x 1.75
    assert "font-size: 26px" in window.widgets.hint_bar.styleSheet()  # 15 px x 1.75
    assert QApplication.font().pointSizeF() == pytest.approx(normal_font * 1.75)
    assert label.fitted_size() == pytest.approx(normal_label * 1.75)
    panel = window.widgets.players.panels[0]
    assert "font-size:26px" in panel.name.text().replace(" ", "")  # made anew: 15 px x 1.75
    window.menus.text_actions[1.0].trigger()
    assert "font-size: 14px" in window.widgets.turn_panel.prompt.styleSheet()
    assert QApplication.font().pointSizeF() == pytest.approx(normal_font)


def test_the_text_size_and_the_contrast_are_kept_for_the_next_start(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    first = TableWindow(remember_layout=True)
    qtbot.addWidget(first)
    first.menus.text_actions[1.5].trigger()
    first.menus.contrast_action.trigger()
    first.close()
    set_text_size(1.0)
    set_high_contrast(False)
    second = TableWindow(remember_layout=True)
    qtbot.addWidget(second)
    assert Appearance.text == 1.5 and second.menus.text_actions[1.5].isChecked()
    assert Appearance.high_contrast and second.menus.contrast_action.isChecked()
    second.close()


def test_high_contrast_gives_white_grounds_and_black_words(qtbot, window):
    game(window)
    window.menus.contrast_action.trigger()
    assert Appearance.high_contrast
    palette = QApplication.palette()
    assert palette.color(QPalette.ColorRole.Window) == QColor("#ffffff")
    assert palette.color(QPalette.ColorRole.WindowText) == QColor("#000000")
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)
    assert disabled != QColor("#000000"), "a button that cannot be pressed does not look ready"
    for scene in (window.widgets.display_scene, window.widgets.city_scene):
        image = QImage(40, 40, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        rect = scene.sceneRect()
        painter.translate(-rect.left(), -rect.top())
        scene.drawBackground(painter, QRectF(rect.left(), rect.top(), 40, 40))
        painter.end()
        assert image.pixelColor(5, 5) == QColor("#ffffff")
    assert grey(QColor("#555555")) == QColor("#000000")  # the row labels' grey words
    window.menus.contrast_action.trigger()
    assert not Appearance.high_contrast
    assert grey(QColor("#555555")) == QColor("#555555")


def test_nothing_of_the_side_panels_is_cut_at_the_largest_size_at_1366x768(qtbot, window):
    game(window)
    window.resize(1366, 768)
    window.menus.text_actions[1.75].trigger()
    qtbot.wait(100)
    cut = []
    for label in window.widgets.side_top.findChildren(QLabel):
        if not label.isVisible() or not label.wordWrap() or not label.text():
            continue
        needed = label.heightForWidth(label.width())
        if needed > label.height() + 2:
            cut.append(f"{label.text()[:40]!r}: {needed} px needed, {label.height()} px given")
    assert not cut, "\n".join(cut)
    scroll = window.widgets.side_top.parentWidget().parentWidget()
    assert window.widgets.side_top.width() <= scroll.viewport().width(), "nothing cut at the right"
    for button in window.widgets.turn_panel.findChildren(QPushButton):
        if button.isVisible():
            assert button.height() >= button.sizeHint().height(), \
                f"{button.text()!r} squeezed to {button.height()} px"
            assert button.fontMetrics().horizontalAdvance(button.text()) <= button.width(), \
                f"{button.text()!r} cut"


def test_a_turn_panel_that_grows_scrolls_and_keeps_its_buttons_whole(qtbot, window):
    """The side's players and turn panel grow (a long final movement, long words): the side
    scrolls, and no button of the turn panel is squeezed to nothing (a random clicker once
    pressed a Done button 0 px high 6,000 times)."""
    game(window)
    window.resize(1366, 768)
    qtbot.wait(50)
    window.room.user_side_split = True  # the person made the top of the side small
    total = sum(window.widgets.side_split.sizes())
    window.widgets.side_split.setSizes([int(total * 0.3), int(total * 0.5), int(total * 0.2)])
    qtbot.wait(50)
    tp = window.widgets.turn_panel
    tp.final_done.show()
    tp.auto_final.show()
    tp.show_final_steps([(f"A local walks from the Pier to the Boardwalk ({n})", 1, n)
                         for n in range(9)], "Your final moves so far: " + "long words " * 30)
    tp.prompt.setText("Move your people. " * 25)
    qtbot.wait(50)
    for button in (tp.final_done, tp.auto_final, tp.undo):
        assert button.height() >= button.sizeHint().height(), \
            f"{button.text()!r} squeezed to {button.height()} px"
    scroll = window.widgets.side_top.parentWidget().parentWidget()
    assert scroll.verticalScrollBar().maximum() > 0, "the grown side scrolls"
