"""Issue 44, in the editor: "Find a balanced value…" on a whole number of a card, an action or
the rules asks for a goal (presets by kind, or one written), runs the simulator's balance
search off the window's thread with progress and Cancel, offers the value proposed, and takes
it as one undoable edit."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu, QMessageBox

from editor.forms.inputs import NumberBox
from editor.shell.balancefind import NumberAsked, first_range, presets, tune_target
from editor.shell.entrylist import SETTINGS
from smqt.language.translate import _
from tests.editor.opened import open_editor
from tests.ui.fitcheck import problems

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("This plugin does not support")]


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / ".config"))
    return folder


@pytest.fixture
def variant(tmp_path):
    """A variant of the shipped base game whose game ends at 12 feature cards (base: 14)."""
    folder = tmp_path / "variants" / "longer"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text('name = "longer"\nversion = "0.1.0"\nschema = 1\n'
                                      'extends = "base"\n', encoding="utf-8")
    (folder / "rules.toml").write_text("[rules]\ncards_to_end = 12\n", encoding="utf-8")
    return folder


def number_box(win, path: tuple) -> NumberBox:
    box = win.showing.form.widgets[path]
    assert isinstance(box, NumberBox)
    return box


def balance_action(box: NumberBox):
    found = [a for a in box.extra_actions if a.text() == _("Find a balanced value…")]
    assert len(found) == 1
    return found[0]


def test_the_target_and_the_goals_offered_follow_the_number():
    assert tune_target("card", "tide_pools", ("scoring", 0, "points")) == \
        "card.tide_pools.scoring[0].points"
    assert tune_target("rules", "", ("supply", "vip")) == "rules.supply.vip"
    assert tune_target("objective_tile", "x", ("tiers", 1, 0)) == "objective_tile.x.tiers[1][0]"
    card = NumberAsked("card.tide_pools.scoring[0].points", "points", 2, 0, 20, "card",
                       "tide_pools")
    assert [goal for _words, goal in presets(card)] == ["card.tide_pools.win=0", "turns=base",
                                                        "score=base"]
    action = NumberAsked("sand_dollar_action.beach_party.cost", "cost", 2, 0, 9,
                         "sand_dollar_action", "beach_party")
    assert presets(action)[0][1] == "action.beach_party.use=33"
    assert first_range(card) == (0, 5) and first_range(action) == (0, 5)
    assert first_range(NumberAsked("rules.x", "x", 1, 1, 2, "rules", "")) == (1, 2)


def test_each_kind_of_number_offers_the_search(qtbot, monkeypatch, variant, home):
    win = open_editor(qtbot, monkeypatch, variant)
    asked = []
    win.showing.balance_asked.connect(lambda *args: asked.append(args))
    assert win.showing.select("card", "tide_pools")
    balance_action(number_box(win, ("scoring", 0, "points"))).trigger()
    assert win.showing.select("sand_dollar_action", win.session.doc.catalog and
                              next(iter(win.session.doc.catalog.sand_dollar_actions)))
    balance_action(number_box(win, ("cost",))).trigger()
    assert win.showing.select(SETTINGS, "rules")
    balance_action(number_box(win, ("cards_to_end",))).trigger()
    last = win.tryout.balance_dialog
    assert last is not None and last.asked.target == "rules.cards_to_end"
    kinds = [(target[0], path) for target, path, *_rest in asked]
    assert kinds == [("card", ("scoring", 0, "points")), ("sand_dollar_action", ("cost",)),
                     (SETTINGS, ("cards_to_end",))]
    assert asked[-1][2] == 12  # the value shown
    win.tryout.use_value = None  # nothing below may change the pack
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda *args: told.append(args[1:3]))
    win.showing.select(SETTINGS, "pack")
    numbers = [box for box in win.showing.form.findChildren(NumberBox)]
    if numbers:  # the pack's own settings are not the simulator's to search
        balance_action(numbers[0]).trigger()
        assert win.tryout.balance_dialog is last and "not of the pack's own" in told[-1][1]


def search_dialog(qtbot, monkeypatch, variant):
    win = open_editor(qtbot, monkeypatch, variant)
    opened = []
    win.tryout.open_url = lambda url: opened.append(url.toLocalFile()) or True
    assert win.showing.select(SETTINGS, "rules")
    balance_action(number_box(win, ("cards_to_end",))).trigger()
    dialog = win.tryout.balance_dialog
    assert dialog is not None and dialog.isVisible()
    return win, dialog, opened


def test_the_value_found_is_offered_taken_as_one_edit_and_undone(qtbot, monkeypatch, variant,
                                                                  tmp_path, home):
    win, dialog, opened = search_dialog(qtbot, monkeypatch, variant)
    assert dialog.asked.target == "rules.cards_to_end" and dialog.asked.value == 12
    assert (dialog.low.value(), dialog.high.value()) == (9, 15)
    assert dialog.goal.text() == "turns=base"  # the rules' first goal: the base game's length
    dialog.bots.setCurrentText("random")
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.max_games.setValue(400)
    seen = []
    dialog.bar.valueChanged.connect(lambda _value: seen.append(dialog.bar.text()))
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.running and not dialog.run_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)
    assert any(text.startswith("Round 1: ") for text in seen), seen
    outcome = dialog.outcome
    assert outcome is not None and outcome.value == 14 and outcome.clear, outcome
    text = dialog.status.text()
    assert "Proposed: 14, turns" in text and ">report.html</a>" in text
    link = QUrl.fromLocalFile(str(outcome.report / "report.html")).toString()
    dialog.status.linkActivated.emit(link)
    assert opened == [str(outcome.report / "report.html")]
    assert dialog.use_button.isEnabled() and dialog.use_button.text() == "Use 14"
    before = win.stack.count()
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert win.stack.count() == before + 1  # one edit
    assert win.session.doc.table_value(win.session.doc.table_file("rules"),
                                       ("rules", "cards_to_end")) == 14
    assert "Edit ▸ Undo takes it back" in dialog.status.text()
    win.editing.undo()
    assert win.session.doc.table_value(win.session.doc.table_file("rules"),
                                       ("rules", "cards_to_end")) == 12
    # the second use in one window: the dialog again, on the same number
    dialog.close()
    balance_action(number_box(win, ("cards_to_end",))).trigger()
    again = win.tryout.balance_dialog
    assert again is not dialog and again.isVisible() and again.folder.text() == \
        str(tmp_path / "reports")
    # and the bots and the budget of the last search, as the folder
    assert (again.bots.currentText(), again.max_games.value()) == ("random", 400)


def test_cancel_stops_the_search_and_the_window_stays_usable(qtbot, monkeypatch, variant,
                                                           tmp_path, home):
    win, dialog, _opened = search_dialog(qtbot, monkeypatch, variant)
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.max_games.setValue(100_000)  # medium bots: long after Cancel
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.running
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel.text() == "Cancel"
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "Stopping after the games being played…"
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)
    assert dialog.isVisible() and dialog.run_button.isEnabled()
    assert cancel.text() == "Close"
    assert "Cancel" in dialog.bar.text() or "Cancelled" in dialog.status.text()
    assert win.session.doc.table_value(win.session.doc.table_file("rules"),
                                       ("rules", "cards_to_end")) == 12


def test_an_unsaved_pack_is_saved_first_or_nothing_runs(qtbot, monkeypatch, variant, home):
    win = open_editor(qtbot, monkeypatch, variant)
    assert win.showing.select(SETTINGS, "rules")
    box = number_box(win, ("cards_to_end",))
    box.setValue(13)  # an edit not saved; the test's "save first?" answers Discard
    assert win.session.doc.modified
    balance_action(number_box(win, ("cards_to_end",))).trigger()
    assert win.tryout.balance_dialog is None
    assert win.asked and "The search plays the pack as saved" in win.asked[-1][1]


def run_search(qtbot, dialog, reports, *, budget: int = 400) -> None:
    """A quick real search: random bots, a small budget."""
    dialog.bots.setCurrentText("random")
    dialog.folder.setText(str(reports))
    dialog.max_games.setValue(budget)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)


def rules_value(win, key: str):
    doc = win.session.doc
    return doc.table_value(doc.table_file("rules"), ("rules", key))


def test_the_value_used_is_a_step_of_its_own_and_can_be_used_again(qtbot, monkeypatch, variant,
                                                                   tmp_path, home):
    """The field changed while the search ran (12 -> 13): Use 14 is its own step, and Undo
    gives 13 back, not the 12 saved (a spin box's steps merge into one command; the value
    found must not merge with them). After Undo, Use sets it again."""
    win, dialog, _opened = search_dialog(qtbot, monkeypatch, variant)
    number_box(win, ("cards_to_end",)).setValue(13)  # typed in the form meanwhile
    assert rules_value(win, "cards_to_end") == 13
    run_search(qtbot, dialog, tmp_path / "reports")
    assert dialog.outcome is not None and dialog.outcome.value == 14
    before = win.stack.count()
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert rules_value(win, "cards_to_end") == 14 and win.stack.count() == before + 1
    win.editing.undo()
    assert rules_value(win, "cards_to_end") == 13
    assert dialog.use_button.isEnabled()
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert rules_value(win, "cards_to_end") == 14
    assert dialog.status.text().count("Edit ▸ Undo takes it back") == 1
    number_box(win, ("cards_to_end",)).setValue(15)  # the next step does not merge either
    win.editing.undo()
    assert rules_value(win, "cards_to_end") == 14


def test_the_progress_tells_the_best_value_and_its_interval_after_each_round(
        qtbot, monkeypatch, variant, tmp_path, home):
    _win, dialog, _opened = search_dialog(qtbot, monkeypatch, variant)
    said = []
    shown = dialog.status.setText
    dialog.status.setText = lambda text: (said.append(text), shown(text))[-1]
    run_search(qtbot, dialog, tmp_path / "reports")
    rounds = [text for text in said if "After round 1: best rules.cards_to_end = " in text]
    assert rounds, said
    assert "games played of at most 400" in rounds[0]
    assert re.search(r"turns − base [+-]?\d+\.\d \[[+-]?\d+\.\d, [+-]?\d+\.\d\]", rounds[0]), \
        rounds[0]


def test_another_goal_explains_the_measures_under_it(qtbot, monkeypatch, variant, home):
    win = open_editor(qtbot, monkeypatch, variant)
    assert win.showing.select("card", "tide_pools")
    balance_action(number_box(win, ("scoring", 0, "points"))).trigger()
    dialog = win.tryout.balance_dialog
    assert dialog is not None
    assert not dialog.goal_help.isVisible()
    height = dialog.height()
    dialog.preset.setCurrentIndex(dialog.preset.count() - 1)  # Another goal (write it below)
    assert dialog.goal_help.isVisible() and dialog.focusWidget() is dialog.goal
    text = dialog.goal_help.text()
    assert "card.tide_pools.pick=40" in text and "action.ID.use" in text and "turns=base" in text
    assert dialog.height() > height  # the dialog grew by the lines: none is cut
    assert problems(dialog) == []
    dialog.goal.setText("")
    qtbot.keyClicks(dialog.goal, "turns=base")  # a preset's goal written: its words shown
    assert dialog.preset.currentData() == "turns=base" and not dialog.goal_help.isVisible()
    qtbot.keyClicks(dialog.goal, "@2")
    assert dialog.goal_help.isVisible()


def test_shift_f10_opens_a_numbers_menu_with_the_search(qtbot, monkeypatch, variant, home):
    """Most laptops have no Menu key: Shift+F10 opens the field's menu, as elsewhere."""
    win = open_editor(qtbot, monkeypatch, variant)
    assert win.showing.select(SETTINGS, "rules")
    box = number_box(win, ("cards_to_end",))
    box.setFocus()
    seen = []

    def look() -> None:
        menu = QApplication.activePopupWidget()
        seen.append([a.text() for a in menu.actions()] if isinstance(menu, QMenu) else None)
        if menu is not None:
            menu.close()

    QTimer.singleShot(200, look)
    qtbot.keyClick(box, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0] is not None and "Find a balanced value…" in seen[0], seen


def test_a_starting_tiles_number_offers_the_search(qtbot, monkeypatch, variant, home):
    win = open_editor(qtbot, monkeypatch, variant)
    asked = []
    win.showing.balance_asked.connect(lambda *args: asked.append(args))
    tile = next(iter(win.session.doc.catalog.starting_tiles))
    assert win.showing.select("starting_tile", tile)
    # an entry of the extended pack: changed in this pack first (its form is then editable)
    win.editing.banner_clicked()
    assert win.files.save()  # the search plays the pack as saved
    box = number_box(win, ("footprint", "points_per_tag"))
    balance_action(box).trigger()
    assert asked and asked[-1][:2] == (("starting_tile", tile), ("footprint", "points_per_tag"))
    dialog = win.tryout.balance_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.asked.target == f"starting_tile.{tile}.footprint.points_per_tag"
    assert [goal for _words, goal in presets(dialog.asked)] == ["turns=base", "score=base"]


def test_closing_the_dialog_or_the_window_during_a_search(qtbot, monkeypatch, variant, tmp_path,
                                                          home):
    """The dialog's close button cancels (what was learnt is offered, the dialog stays until the
    games being played have ended); the window closing stops the search and waits for it."""
    win, dialog, _opened = search_dialog(qtbot, monkeypatch, variant)
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.max_games.setValue(100_000)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.running
    dialog.close()
    assert dialog.isVisible() and dialog.worker is not None and dialog.worker.cancelled
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)
    dialog.close()
    assert not dialog.isVisible()
    balance_action(number_box(win, ("cards_to_end",))).trigger()  # the dialog again
    again = win.tryout.balance_dialog
    assert again is not dialog and again.isVisible()
    qtbot.mouseClick(again.run_button, Qt.MouseButton.LeftButton)
    assert again.running
    thread = again.thread
    win.close()  # nothing unsaved: the window closes at once, the games stopped
    assert not win.isVisible() and not again.running and thread.isFinished()


def test_the_dialog_fits_in_german(qtbot, monkeypatch, variant, tmp_path, home, german):
    """Every line shown fits, the measures explained too: before, during (after each round)
    and after a search, and once its value is used."""
    _win, dialog, _opened = search_dialog(qtbot, monkeypatch, variant)
    dialog.preset.setCurrentIndex(dialog.preset.count() - 1)  # the measures explained
    dialog.goal.setText("turns=base@2")
    assert dialog.goal_help.isVisible() and problems(dialog) == []
    dialog.bots.setCurrentText("zufällig")
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.max_games.setValue(400)
    during = []
    said = dialog._say_progress

    def measured() -> None:  # the progress said (in the window's thread): does it fit?
        said()
        if dialog._narrowing:
            during.append(problems(dialog))

    dialog._say_progress = measured
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.running, timeout=120_000)
    assert during and all(found == [] for found in during), during
    assert dialog.outcome is not None and dialog.use_button.text() == "14 übernehmen"
    assert problems(dialog) == []
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    assert "wurde auf 14 gesetzt" in dialog.status.text() and problems(dialog) == []
