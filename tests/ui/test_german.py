"""The table and the editor in German (issue 27): a whole AI game to the scorepad, the reward
dialog, the new-game dialog, a content error and the editor with a card open, each read as a
person sees it, with no English word left (proper names aside)."""

from __future__ import annotations

import re
import shutil

import attrs
import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QLabel,
    QTableWidget,
    QTreeWidget,
    QWidget,
)

from smqt.engine.actions import Take
from smqt.engine.scorewords import line_change_words
from smqt.engine.scoring import OBJECTIVE, ScoreLine
from smqt.engine.state import ACQUIRE
from smqt.language.translate import _
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack
from smqt.ui.shell.newgame import GameOptions, NewGameDialog
from smqt.ui.shell.window import TableWindow
from smqt.ui.table.items import LabelItem
from smqt.ui.table.rewards import REWARD_LABELS, RewardItem
from tests.support import BASE
from tests.ui.clicks import click_item, perform, reward_item
from tests.ui.test_table import play_by_hand, two_people

pytestmark = pytest.mark.gui

ENGLISH = {
    "the", "and", "of", "your", "you", "with", "from", "points", "cards", "card", "turn",
    "player", "players", "game", "new", "save", "undo", "score", "city", "front", "back",
    "row", "move", "moves", "people", "locals", "tourists", "dollar", "dollars", "objective",
    "rings", "footprint", "footprints", "beach", "street", "choose", "pick", "take", "takes",
    "done", "next", "is", "are", "has", "wins", "penalty", "feature", "starting", "tile",
    "help", "view", "seats", "quit", "open", "seed", "nobody", "each", "per", "left",
    "right", "chain", "outside", "wave", "business", "nature", "sports", "supply", "deck",
    "cancel", "play", "here", "there", "none", "scorepad", "winner", "round",
}
"Words that would betray an English text; none of them is also a German word on the table."
NAMES = {"ann", "bo", "santa", "monica", "base", "smqt", "vip", "vips", "ki"}
LOANS = ("Print-and-Play",)
"English words German players use as they are."


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, german):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.show()
    yield table
    table.close()


def texts(widget: QWidget) -> list[str]:
    """Every text a person reads in ``widget`` and its visible children (labels, buttons,
    lists, trees, menus and dock titles)."""
    found = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if not child.isVisible():
            continue
        if isinstance(child, QLabel):
            found.append(child.text())
        elif isinstance(child, QAbstractButton):
            found.append(child.text())
        elif isinstance(child, QComboBox):
            found += [child.itemText(i) for i in range(child.count())]
        elif isinstance(child, QDockWidget):
            found.append(child.windowTitle())
        elif isinstance(child, QTableWidget):
            for row in range(child.rowCount()):
                for column in range(child.columnCount()):
                    item = child.item(row, column)
                    found.append(item.text() if item is not None else "")
            for index in range(child.columnCount()):
                header = child.horizontalHeaderItem(index)
                found.append(header.text() if header is not None else "")
            for index in range(child.rowCount()):
                header = child.verticalHeaderItem(index)
                found.append(header.text() if header is not None else "")
        elif isinstance(child, QTreeWidget):
            stack = [child.topLevelItem(i) for i in range(child.topLevelItemCount())]
            while stack:
                item = stack.pop()
                found += [item.text(c) for c in range(item.columnCount())]
                stack += [item.child(i) for i in range(item.childCount())]
    menu_bar = getattr(widget, "menuBar", None)
    if menu_bar is not None:
        for action in menu_bar().actions():
            found.append(action.text())
            if action.menu() is not None:
                found += [a.text() for a in action.menu().actions()]
    return [text for text in found if text]


def english_words(lines: list[str]) -> list[str]:
    """The English words among ``lines`` (markup and proper names aside), each with its line."""
    found = []
    for line in lines:
        plain = re.sub(r"<[^>]+>|&(?=\w)|\u00ad", "", line)  # markup, accelerators, soft hyphens
        for loan in LOANS:
            plain = plain.replace(loan, "")
        for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", plain):
            if word.lower() in ENGLISH and word.lower() not in NAMES:
                found.append(f"{word!r} in {line[:80]!r}")
    return found


def test_a_whole_ai_game_reads_in_german_to_the_scorepad(qtbot, window):
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "medium"), ("Bo", "easy")), 7, default_pack()))
    ctrl = window.controller
    qtbot.waitUntil(lambda: ctrl.state.is_over, timeout=120_000)
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)
    read = texts(window)
    read += [window.widgets.log.item(i).text() for i in range(window.widgets.log.count())] \
        if hasattr(window.widgets.log, "item") else []
    assert any("Punkte" in line for line in read)
    assert not english_words(read), "\n".join(english_words(read))


def test_the_reward_and_new_game_dialogs_speak_german(qtbot, window):
    two_people(window)
    ctrl = window.controller
    play_by_hand(qtbot, window, until=lambda c: c.state.phase == ACQUIRE)
    state = ctrl.state
    take = next(a for a in ctrl.legal() if isinstance(a, Take))
    state.truck = state.foodie = take.slot[1]
    window.drawing.refresh()
    read = texts(window)
    perform(qtbot, window, take)
    offered = [item for item in window.widgets.city_scene.items() if isinstance(item, RewardItem)]
    assert len(offered) == 3
    words = [item.toolTip() for item in offered]
    words += [item.text for item in window.widgets.city_scene.items() if isinstance(item, LabelItem)]
    words += [_(REWARD_LABELS[item.choice]) for item in offered]
    read += words
    assert any("Sanddollar" in line for line in words)
    click_item(qtbot, window.widgets.city_view, reward_item(window, "two_dollars"))
    new_game = NewGameDialog(window)
    qtbot.addWidget(new_game)
    new_game.show()
    read += texts(new_game)
    assert not english_words(read), "\n".join(english_words(read))


def test_a_content_error_is_said_in_german(tmp_path, capsys, german):
    from smqt.cli.main import main

    pack = tmp_path / "pack"
    shutil.copytree(BASE, pack)
    beach = pack / "beach.toml"
    beach.write_text(beach.read_text(encoding="utf-8").replace(
        'name = "Breakwater Point"', 'name = ""', 1), encoding="utf-8")
    assert main(["--lang", "de", "validate", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "darf nicht leer sein" in out and "1 Fehler" in out, out


def test_the_editor_with_a_card_open_speaks_german(qtbot, tmp_path, monkeypatch, german):
    from tests.editor.opened import open_editor

    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    editor = open_editor(qtbot, monkeypatch, BASE, offer_recovery=False)
    editor.showing.select("card", "kite_meadow")
    read = [editor.windowTitle(), editor.page.help.text(), editor.statusBar().currentMessage()]
    read += [a.text() for a in editor.menuBar().actions()]
    for action in editor.menuBar().actions():
        read += [a.text() for a in action.menu().actions() if not a.isSeparator()]
    read += [dock.windowTitle() for dock in editor.findChildren(QDockWidget)]
    assert any("Datei" in line for line in read)
    assert not english_words(read), "\n".join(english_words(read))


def test_a_lifted_penalty_reads_as_one_in_german(german):
    """Issue 42: "Strafe: 0 Leute außerhalb der Ringe +4" read as a penalty that adds."""
    catalog = load_pack(default_pack())
    tile = next(iter(catalog.objective_tiles))
    line = ScoreLine(OBJECTIVE, tile, "penalty", None, 0, "0 Personen außerhalb der Ringe")
    words = line_change_words(catalog, line, 4)
    assert "Strafe vermieden" in words and "+4" in words
    assert "geringere Strafe" in line_change_words(catalog, attrs.evolve(line, points=-2), 2)


def test_the_keys_are_named_in_german_on_the_shortcuts_page(qtbot, tmp_path, monkeypatch, german):
    """Issue 42: "Return" was left in English where the turn panel says "Eingabe"."""
    from smqt.ui.shell import help as helppages
    from smqt.ui.shell.window import TableWindow
    monkeypatch.setenv("SMQT_HOME", str(tmp_path))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    page = helppages.shortcuts_markdown(window.menuBar())
    assert "| Eingabe oder Enter |" in page and "Return" not in page
    assert "Strg+N" in page, "Qt's own names stay Qt's"


@pytest.mark.parametrize("size", [1.0, 1.75])
def test_the_problem_bars_choices_fit_at_every_text_size(qtbot, tmp_path, monkeypatch, german,
                                                        size):
    """Issue 42: at the largest size the choices of a problem lost their first letters (three
    German labels and Dismiss on one line beside the words)."""
    from smqt.ui.shell.window import TableWindow
    monkeypatch.setenv("SMQT_HOME", str(tmp_path))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    bar = window.widgets.problem_bar
    before = bar.dismiss.fontInfo().pixelSize()
    try:
        window.menus.set_text_size(size)
        window.problem(_("{name}'s AI could not decide").format(name="Bo"), "x" * 300,
                       [(_("Try again"), lambda: None),
                        (_("Let the {level} AI play").format(level="leichte"), lambda: None),
                        (_("Play it yourself"), lambda: None)])
        qtbot.wait(20)
        for button in [*bar.choices.values(), bar.dismiss]:
            room = button.contentsRect().width()
            need = button.fontMetrics().horizontalAdvance(button.text())
            assert need <= room, (button.text(), need, room)
        if size > 1:
            assert bar.dismiss.fontInfo().pixelSize() > before, "Dismiss grows with the text"
    finally:
        window.menus.set_text_size(1.0)


def test_the_history_bar_grows_with_the_text_size(qtbot, tmp_path, monkeypatch):
    """Issue 42: a widget under a style sheet set once kept the text size it was made at."""
    from smqt.ui.shell.window import TableWindow
    monkeypatch.setenv("SMQT_HOME", str(tmp_path))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    label = window.widgets.history_bar.label
    before = label.fontInfo().pixelSize()
    try:
        window.menus.set_text_size(1.75)
        assert label.fontInfo().pixelSize() > before
    finally:
        window.menus.set_text_size(1.0)
