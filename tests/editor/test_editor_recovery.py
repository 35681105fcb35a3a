"""Work is not lost: an editor killed with unsaved edits offers them back at the next opening
(kept in the user's data folder, never in the pack); Ctrl+Z works from inside a field; the
toolbar does not move; the Help menu holds the format guide and the shortcuts."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QSpinBox, QToolBar

from editor.model.autosave import read_snapshot, snapshot_path
from editor.shell.window import EditorWindow
from tests.editor.test_editor_window import CARD, field
from tests.support import ROOT

pytestmark = pytest.mark.gui

KILLED = textwrap.dedent("""
    import os, signal, sys, time
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from editor.shell.window import EditorWindow
    window = EditorWindow()
    window.files.open_pack(sys.argv[1])
    window.editing.push(window.session.doc.set_value("card", sys.argv[2], ("name",), "Killed Tower"))
    snapshot = window.files.snapshot_path()
    deadline = time.monotonic() + 20
    while not snapshot.exists() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.05)
    print(snapshot, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_edits_of_a_killed_editor_are_offered_back_and_the_pack_is_untouched(qtbot, pack,
                                                                             tmp_path,
                                                                             monkeypatch):
    before = {p.name: p.read_bytes() for p in pack.iterdir()}
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", KILLED, str(pack), CARD], env=env,
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == -9, run.stderr
    snapshot = snapshot_path(tmp_path / "home", pack)
    assert run.stdout.strip() == str(snapshot) and snapshot.exists()
    assert {p.name: p.read_bytes() for p in pack.iterdir()} == before  # nothing in the pack

    asked = []

    def answer(parent, title, text, *rest):
        asked.append((title, text))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    win = EditorWindow()
    qtbot.addWidget(win)
    assert win.files.open_pack(pack)
    assert [title for title, _ in asked] == ["Recover unsaved changes"]
    assert "beach.toml" in asked[0][1]
    assert win.session.doc.find("card", CARD)[2]["name"] == "Killed Tower"
    assert win.session.doc.modified and win.isWindowModified()
    assert win.files.save()
    assert not snapshot.exists()
    assert 'name = "Killed Tower"' in (pack / "beach.toml").read_text()


def test_recovery_can_be_declined_or_put_off(qtbot, pack, tmp_path, monkeypatch):
    first = EditorWindow()
    qtbot.addWidget(first)
    first.files.open_pack(pack)
    first.editing.push(first.session.doc.set_value("card", CARD, ("name",), "Tower Later"))
    first.files.autosave()
    snapshot = snapshot_path(tmp_path / "home", pack)
    assert read_snapshot(snapshot, pack).texts.keys() == {"beach.toml"}
    first.files.autosave_timer.stop()
    first.files.disk_timer.stop()

    for choice, kept in ((QMessageBox.StandardButton.Cancel, True),
                         (QMessageBox.StandardButton.Discard, False)):
        monkeypatch.setattr(QMessageBox, "question", lambda *a, c=choice: c)
        again = EditorWindow()
        qtbot.addWidget(again)
        again.files.open_pack(pack)
        assert again.session.doc.find("card", CARD)[2]["name"] != "Tower Later"
        assert snapshot.exists() is kept
        again.files.disk_timer.stop()


def test_undoing_an_edit_drops_the_snapshot(window, qtbot, tmp_path):
    snapshot = snapshot_path(tmp_path / "home", window.session.doc.folder)
    window.editing.push(window.session.doc.set_value("card", CARD, ("name",), "Tower"))
    qtbot.waitUntil(snapshot.exists, timeout=5000)
    window.stack.undo()
    qtbot.waitUntil(lambda: not snapshot.exists(), timeout=5000)


def test_ctrl_z_in_a_field_being_typed_in_commits_it_then_undoes(window, qtbot):
    assert window.showing.select("card", CARD)
    qtbot.wait(20)
    window.activateWindow()
    spin = field(window, QSpinBox, "scoring.0.points")
    before = spin.value()
    # one change committed, then a second typed but not committed
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "5")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert window.session.doc.find("card", CARD)[2]["scoring"][0]["points"] == 5
    spin.selectAll()
    qtbot.keyClicks(spin, "7")
    assert window.focusWidget() in (spin, spin.lineEdit())
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    # the 7 was committed (merged with the 5: one field, one step) and undone as one change
    assert window.session.doc.find("card", CARD)[2]["scoring"][0]["points"] == before
    assert field(window, QSpinBox, "scoring.0.points").value() == before
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.doc.find("card", CARD)[2]["scoring"][0]["points"] == 7


def test_the_toolbar_keeps_its_buttons_in_place(window, qtbot):
    bar = window.findChild(QToolBar, "main")
    qtbot.wait(20)

    def places():
        return [bar.widgetForAction(a).geometry().x() for a in bar.actions()
                if bar.widgetForAction(a) is not None]

    start = places()
    window.editing.push(window.session.doc.set_value("card", CARD, ("name",),
                                     "A very long name to make the undo text long"))
    qtbot.wait(20)
    assert window.menus.undo_action.text().replace("&", "").startswith("Undo card")  # the menu says what
    assert places() == start
    assert window.menus.undo_button.isEnabled() and not window.menus.redo_button.isEnabled()


def test_the_help_menu_shows_the_format_guide_and_the_shortcuts(window, qtbot):
    menus = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions()}
    helps = {a.text().replace("&", ""): a for a in menus["Help"].actions()}
    helps["Pack format guide"].trigger()
    guide = window.menus.help_dialogs["format"]
    assert guide.isVisible() and "extends" in guide.browser.toPlainText()
    helps["Keyboard shortcuts"].trigger()
    keys = window.menus.help_dialogs["keys"].browser.toPlainText()
    for text in ("Undo", "Save", "Playtest", "Ctrl+Z in a field", "Mouse wheel"):
        assert text in keys
    helps["Keyboard shortcuts"].trigger()  # a second time in the same window
    assert window.menus.help_dialogs["keys"].isVisible()


def test_redo_after_undoing_what_was_typed_into_an_empty_field_brings_it_back(window, qtbot):
    from PySide6.QtWidgets import QLineEdit

    window.editing.new_entry()
    qtbot.wait(20)
    text = field(window, QLineEdit, "text")
    text.setFocus()
    qtbot.keyClicks(text, "Hello")
    qtbot.keyClick(text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "text" not in window.session.doc.find("card", "new_card")[2]
    assert window.stack.canRedo()
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.doc.find("card", "new_card")[2]["text"] == "Hello"
    # leaving an untouched empty field writes nothing
    window.stack.undo()
    field(window, QLineEdit, "text").setFocus()
    window.showing.flush()
    assert "text" not in window.session.doc.find("card", "new_card")[2] and window.stack.canRedo()


def test_edits_kept_for_another_pack_are_offered_when_the_editor_starts_on_this_one(
        qtbot, pack, tmp_path, monkeypatch):
    import shutil

    first = EditorWindow()
    qtbot.addWidget(first)
    first.files.open_pack(pack, offer_recovery=False)
    first.editing.push(first.session.doc.set_value("card", CARD, ("name",), "Kept Tower"))
    first.files.autosave()
    first.files.autosave_timer.stop()
    first.files.disk_timer.stop()
    other = tmp_path / "other"
    shutil.copytree(pack, other)
    asked = []

    def answer(parent, title, text, *rest):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    win = EditorWindow()
    qtbot.addWidget(win)
    win.files.open_pack(other)
    assert str(pack) in asked[0] and "Open that pack" in asked[0]
    assert win.session.doc.folder == pack  # opened, and its own question recovered the edits
    assert win.session.doc.find("card", CARD)[2]["name"] == "Kept Tower" and win.session.doc.modified
    win.files.open_pack(other)  # asked once per window
    assert len(asked) == 2
