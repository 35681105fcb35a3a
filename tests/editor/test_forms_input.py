"""The form's fields under a card designer's hands: a number typed out of range is kept and
refused, never flipped; the mouse wheel scrolls the form unless a field has the focus; values
of the wrong type are shown as written; the "+ Add" menus say what each kind does; tier pairs
have column labels; Ctrl+Z in a field reaches the window's Undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand, QUndoStack, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLayout,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QSpinBox,
    QToolButton,
)

from editor.forms.fields import discarded
from editor.forms.form import Form
from smqt.engine.content import FeatureCard, SandDollarTile
from smqt.engine.effects import AdjacentCount, AdjacentTiers, Chain

pytestmark = pytest.mark.gui


def shown_form(qtbot, cls, table, **kwargs) -> tuple[Form, list]:
    form = Form(cls, **kwargs)
    qtbot.addWidget(form)
    edits: list = []
    form.edited.connect(lambda path, value: edits.append((path, value)))
    form.show_table(table)
    form.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # no Qt warning
    form.show()
    qtbot.waitExposed(form)
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)  # the focus can be given
    return form, edits


def widget(form: Form, cls, path: str):
    found = [w for w in form.findChildren(cls, f"field:{path}") if not discarded(w)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} for {path}"
    return found[0]


def note_of(field) -> QLabel:
    return field.parentWidget().findChild(QLabel, "note")


def wheel(target, steps: int = -1) -> QWheelEvent:
    event = QWheelEvent(QPointF(5, 5), QPointF(target.mapToGlobal(QPoint(5, 5))), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(target, event)
    return event


CHAIN = {"kind": "chain", "tag": "nature", "at_least": 2, "points": 4}


# ---------------------------------------------------------------------- a minus sign


def test_a_negative_number_where_none_is_allowed_is_kept_and_refused(qtbot):
    form, edits = shown_form(qtbot, Chain, dict(CHAIN))
    spin = widget(form, QSpinBox, "points")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "-3")
    assert spin.text() == "-3"  # the minus is not dropped
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert edits == []  # nothing committed, and never +3
    assert spin.text() == "-3"
    note = note_of(spin)
    assert note.isVisible() and "must be 0 or more" in note.text()
    assert "must be 0 or more" in spin.toolTip() and spin.styleSheet()
    # leaving the field keeps what was typed, still refused
    widget(form, QSpinBox, "at_least").setFocus()
    assert spin.text() == "-3" and edits == [] and note.isVisible()
    # a flush (Ctrl+Z, saving) commits nothing either
    spin.setFocus()
    form.flush()
    assert edits == []
    # a number in range is taken, and the note goes
    spin.selectAll()
    qtbot.keyClicks(spin, "3")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert edits == [(("points",), 3)]
    assert not note.isVisible()


def test_a_number_above_the_range_is_refused_too(qtbot):
    form, edits = shown_form(qtbot, Chain, dict(CHAIN))
    spin = widget(form, QSpinBox, "at_least")  # 1 to 20
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "25")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert edits == [] and spin.text() == "25"
    assert "must be 20 or less" in note_of(spin).text()
    qtbot.keyClick(spin, Qt.Key.Key_Up)  # the arrows start again from the value held
    assert edits == [(("at_least",), 3)] and not note_of(spin).isVisible()


# ---------------------------------------------------------------------- the mouse wheel


def test_the_wheel_over_an_unfocused_field_scrolls_the_form_and_changes_nothing(qtbot):
    form = Form(Chain)
    edits: list = []
    form.edited.connect(lambda path, value: edits.append((path, value)))
    form.show_table(dict(CHAIN))
    area = QScrollArea()
    qtbot.addWidget(area)
    area.setWidget(form)
    area.layout() and area.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
    area.resize(260, 60)  # the form is taller than the area: it scrolls
    area.show()
    qtbot.waitExposed(area)
    spin = widget(form, QSpinBox, "points")
    combo = widget(form, QComboBox, "tag")
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert not spin.hasFocus() and not combo.hasFocus()
    event = wheel(spin)
    assert spin.value() == 4 and not event.isAccepted() and not spin.hasFocus()
    event = wheel(combo)
    assert combo.currentText() == "nature" and not event.isAccepted()
    assert edits == []
    # the scroll area gets it: its bar moves
    area.verticalScrollBar().setValue(0)
    QApplication.sendEvent(area.viewport(), QWheelEvent(
        QPointF(5, 5), QPointF(5, 5), QPoint(0, 0), QPoint(0, -120), Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))
    assert area.verticalScrollBar().value() > 0


def test_the_wheel_changes_a_field_clicked_into_but_not_one_reached_with_tab(qtbot):
    form, edits = shown_form(qtbot, Chain, dict(CHAIN))
    spin = widget(form, QSpinBox, "points")
    combo = widget(form, QComboBox, "tag")
    combo.setFocus(Qt.FocusReason.TabFocusReason)  # Tab through the form, then scroll
    assert combo.hasFocus()
    event = wheel(combo)
    assert combo.currentText() == "nature" and not event.isAccepted() and edits == []
    qtbot.mouseClick(spin.lineEdit(), Qt.MouseButton.LeftButton)
    assert spin.hasFocus()
    event = wheel(spin, steps=1)
    assert event.isAccepted() and spin.value() == 5
    assert edits == [(("points",), 5)]


# ---------------------------------------------------------------------- values as written


def test_a_number_written_as_text_is_shown_as_written_and_mended_as_a_number(qtbot):
    form, edits = shown_form(qtbot, AdjacentCount,
                             {"kind": "adjacent_count", "tag": "wave", "at_least": "2",
                              "points": 3})
    spin = widget(form, QSpinBox, "at_least")
    assert spin.text() == '"2"'  # in the field, with its quotes: text, not a number
    assert "not a whole number" in spin.toolTip() and spin.styleSheet()
    assert note_of(spin).isVisible() and '"2"' in note_of(spin).text()
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert edits == [(("at_least",), 2)] and isinstance(edits[0][1], int)


def test_an_unknown_kind_is_shown_in_its_drop_down_and_a_kind_chosen_mends_it(qtbot):
    form, edits = shown_form(qtbot, FeatureCard, {
        "id": "x", "name": "X", "row": "beach", "tags": ["nature"],
        "scoring": [{"kind": "foo", "points": 2}]})
    combo = widget(form, QComboBox, "scoring.0.kind")
    assert combo.currentText() == 'unknown kind "foo"'
    assert "unknown kind" in combo.toolTip() and combo.styleSheet()
    index = combo.findText("adjacent_ring")
    combo.activated.emit(index)
    assert edits == [(("scoring", 0), {"kind": "adjacent_ring", "points": 2})]
    edits.clear()
    combo.activated.emit(combo.count() - 1)  # the unknown kind as written: nothing to do
    assert edits == []


def test_a_number_where_text_is_wanted_is_shown_and_noted(qtbot):
    form, edits = shown_form(qtbot, FeatureCard, {"id": "x", "name": 5, "row": "beach"})
    name = widget(form, QLineEdit, "name")
    assert name.text() == "5" and "not text" in name.toolTip()
    assert note_of(name).isVisible() and "not text: 5" in note_of(name).text()
    name.setText("Five")
    name.editingFinished.emit()
    assert edits == [(("name",), "Five")]


# ---------------------------------------------------------------------- kinds described


def test_the_add_menu_names_describes_and_pictures_each_kind(qtbot):
    form, _ = shown_form(qtbot, FeatureCard, {"id": "x", "name": "X", "row": "beach"})
    add = form.findChild(QToolButton, "add:scoring")
    menu = add.menu()
    assert menu.toolTipsVisible()
    actions = {a.data(): a for a in menu.actions()}
    for kind in ("adjacent_gives", "move_here", "not_adjacent_ring", "adjacent_tiers"):
        if kind == "move_here":
            actions_here = {a.data(): a for a in form.findChild(
                QToolButton, "add:placement").menu().actions()}
            action = actions_here[kind]
        else:
            action = actions[kind]
        assert kind in action.text() and action.text() != kind  # a title beside the name
        assert action.toolTip() and action.toolTip() == action.statusTip()
        assert action.toolTip() != action.text()
        assert not action.icon().isNull()
    assert actions["adjacent_gives"].text().startswith("Next to a printed symbol")
    assert "negative is a penalty" in actions["adjacent_gives"].toolTip()
    assert actions["not_adjacent_ring"].toolTip().startswith("Points when no adjacent space")


def test_a_kind_drop_down_pictures_and_explains_its_kinds(qtbot):
    form, _ = shown_form(qtbot, FeatureCard, {
        "id": "x", "name": "X", "row": "beach", "scoring": [{"kind": "adjacent_ring",
                                                              "points": 2}]})
    combo = widget(form, QComboBox, "scoring.0.kind")
    assert [combo.itemText(i) for i in range(combo.count())][:2] == ["adjacent",
                                                                     "adjacent_count"]
    assert all(not combo.itemIcon(i).isNull() for i in range(combo.count()))
    tip = combo.itemData(combo.findText("adjacent_gives"), Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Next to a printed symbol: Points once")


# ---------------------------------------------------------------------- pairs labelled


def test_tier_pairs_have_column_labels(qtbot):
    form, edits = shown_form(qtbot, AdjacentTiers, {"kind": "adjacent_tiers", "tag": "wave",
                                                    "tiers": [[1, 3], [2, 5]]})
    pair = form.widgets[("tiers", 0)].parentWidget()
    while pair.findChild(QLabel, "label:1") is None:
        pair = pair.parentWidget()
    labels = [pair.findChild(QLabel, f"label:{i}").text() for i in range(2)]
    assert labels == ["at least (copies)", "points"]
    spin = widget(form, QSpinBox, "tiers.1.1")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "6")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert edits == [(("tiers", 1), [2, 6])]


def test_a_tiles_sides_are_labelled(qtbot):
    form, _ = shown_form(qtbot, SandDollarTile, {"id": "t", "sides": ["a", "b"]},
                         choices=lambda cls, name: ["a", "b"] if name == "sides" else [])
    labels = sorted(label.text() for label in form.findChildren(QLabel)
                    if label.objectName().startswith("label:"))
    assert labels == ["side A", "side B"]


# ---------------------------------------------------------------------- Ctrl+Z in a field


class _Set(QUndoCommand):
    def __init__(self, log: list, value) -> None:
        super().__init__("set")
        self.log, self.value = log, value

    def redo(self) -> None:
        self.log.append(("do", self.value))

    def undo(self) -> None:
        self.log.append(("undo", self.value))


@pytest.fixture
def hosted(qtbot):
    """A main window with Undo and Redo actions (flushing the form first, as the editor's
    window does) and a form in it."""
    win = QMainWindow()
    qtbot.addWidget(win)
    stack = QUndoStack(win)
    log: list = []
    form = Form(FeatureCard)
    form.edited.connect(lambda path, value: stack.push(_Set(log, (path, value))))
    form.show_table({"id": "x", "name": "X", "row": "beach",
                     "scoring": [{"kind": "adjacent_ring", "points": 2}]})
    win.setCentralWidget(form)
    win.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # no Qt warning
    edit = win.menuBar().addMenu("Edit")
    undo = QAction("Undo", win)
    undo.setShortcuts(QKeySequence.StandardKey.Undo)
    undo.triggered.connect(lambda: (form.flush(), stack.undo()))
    redo = QAction("Redo", win)
    redo.setShortcuts(QKeySequence.StandardKey.Redo)
    redo.triggered.connect(lambda: (form.flush(), stack.redo()))
    edit.addAction(undo)
    edit.addAction(redo)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win, form, log


def test_ctrl_z_in_a_text_field_commits_it_and_undoes(qtbot, hosted):
    _win, form, log = hosted
    name = widget(form, QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Tower")
    qtbot.keyClick(name, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert log == [("do", (("name",), "Tower")), ("undo", (("name",), "Tower"))]
    qtbot.keyClick(name, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert log[-1] == ("do", (("name",), "Tower"))
    qtbot.keyClick(name, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(name, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert log[-2:] == [("undo", (("name",), "Tower")), ("do", (("name",), "Tower"))]


def test_ctrl_z_in_a_spin_box_commits_it_and_undoes(qtbot, hosted):
    _win, form, log = hosted
    spin = widget(form, QSpinBox, "scoring.0.points")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert log == [("do", (("scoring", 0, "points"), 7)), ("undo", (("scoring", 0, "points"), 7))]


def test_ctrl_z_in_an_editable_drop_down_reaches_the_window(qtbot):
    win = QMainWindow()
    qtbot.addWidget(win)
    undone = []
    form = Form(SandDollarTile, choices=lambda cls, name: ["a", "b"] if name == "sides" else [])
    form.show_table({"id": "t", "sides": ["a", "b"]})
    win.setCentralWidget(form)
    win.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # no Qt warning
    undo = QAction("Undo", win)
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    undo.triggered.connect(lambda: undone.append(True))
    win.addAction(undo)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    combo = widget(form, QComboBox, "sides.0")
    combo.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert undone == [True]


def test_a_tiers_numbers_have_the_tiers_ranges(qtbot):
    form, edits = shown_form(qtbot, AdjacentTiers, {"kind": "adjacent_tiers", "tag": "wave",
                                                    "tiers": [[1, 3]]})
    copies, points = widget(form, QSpinBox, "tiers.0.0"), widget(form, QSpinBox, "tiers.0.1")
    assert (copies.minimum(), copies.maximum()) == (1, 12)
    assert (points.minimum(), points.maximum()) == (0, 99)
    points.setFocus()
    points.selectAll()
    qtbot.keyClicks(points, "-3")
    qtbot.keyClick(points, Qt.Key.Key_Return)
    assert edits == [] and points.text() == "-3"
    assert "must be 0 or more" in note_of(points).text()


def test_a_missing_choice_with_a_default_shows_the_default_not_a_problem(qtbot):
    from smqt.engine.content import FootprintRule

    form, edits = shown_form(qtbot, FootprintRule, {"points_per_tag": 2})
    combo = widget(form, QComboBox, "row")
    assert combo.currentText() == "any" and combo.toolTip().find("missing") < 0
    assert combo.count() == 3  # beach, street, any: no "(missing)" item
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # a real choice is written
    assert edits == [(("row",), combo.currentText())] and combo.currentText() != "any"
