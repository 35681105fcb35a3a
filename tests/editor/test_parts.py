"""Each part of the editor's window made alone, given only what the window gives it (issue 41:
a window is a shell that owns its parts and passes each what it needs): the session, the
entry rows, and each part driven with small real objects or fakes of the others."""

from __future__ import annotations

import ast
import importlib

import attrs
import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from editor.model.document import PackDocument
from editor.shell import entryrows
from editor.shell.diskbar import DiskBar
from editor.shell.editing import Editing
from editor.shell.entrylist import EntryList
from editor.shell.marks import WindowMarks
from editor.shell.menus import Commands, EditorMenus
from editor.shell.notices import Notices
from editor.shell.packfiles import PackFiles
from editor.shell.page import FormPage
from editor.shell.preview import PreviewPanel
from editor.shell.problems import ValidationPanel
from editor.shell.session import PackSession
from editor.shell.showing import Showing
from editor.shell.statsview import StatsView
from editor.shell.tryout import TryOut
from tests.support import ROOT

pytestmark = pytest.mark.gui
CARD = "lifeguard_tower_seven"


class FakeNotices:
    """What a part tells the author, kept to be read."""

    def __init__(self) -> None:
        self.window = QWidget()
        self.told: list[tuple[str, str, bool]] = []
        self.shown: list[str] = []

    def alive(self) -> bool:
        return True

    def tell(self, title: str, text: str, *, critical: bool = False) -> None:
        self.told.append((title, text, critical))

    def status(self, text: str, timeout: int) -> None:
        self.shown.append(text)


def test_the_session_opens_a_pack_with_a_fresh_history(qtbot, pack):
    stack = QUndoStack()
    session = PackSession(stack)
    first = PackDocument(pack)
    session.open(first)
    session.current = ("card", CARD)
    stack.push(QUndoCommand("an edit"))
    assert not stack.isClean()
    with qtbot.waitSignal(session.opened):
        session.open(PackDocument(pack))
    assert session.doc is not first and session.doc is not None
    assert stack.count() == 0 and stack.isClean() and session.current is None


def test_the_rows_and_places_of_entries(pack):
    doc = PackDocument(pack)
    (file, _index, first), (_file, index, _second) = list(doc.entries("card"))[:2]
    doc.apply(doc.set_at(file, "card", index, ("id",), first["id"]))  # a hand-edit mistake
    twins = [r for r in entryrows.rows_of(doc, "card") if r.id == first["id"]]
    assert [r.key for r in twins] == [first["id"], f"{first['id']}\x1f1"]
    assert entryrows.place(doc, "card", twins[1].key) == (file, index)
    assert entryrows.key_at(doc, "card", file, index) == twins[1].key
    assert entryrows.problem_counts(doc, "card") == {twins[1].key: 1}
    assert [r.id for r in entryrows.rows_of(doc, "settings")] == ["pack", "rules"]
    assert "two_front" in entryrows.all_ids(doc, "sand_dollar_action")
    assert entryrows.sand_dollar_action(doc, "two_front").id == "two_front"
    assert entryrows.skipped_note(doc) and not entryrows.skipped_note(None)


def test_the_menus_call_the_parts_commands_and_name_the_next_undo(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    stack = QUndoStack(window)
    dock = QDockWidget("Undo history", window)
    called: list[str] = []
    names = [field.name for field in attrs.fields(Commands)]
    menus = EditorMenus(window, stack, {"history": dock}, Commands(
        **{name: (lambda name=name: called.append(name)) for name in names}))
    actions = {a.text().replace("&", ""): a for top in window.menuBar().actions()
               for a in top.menu().actions()}
    for text in ("Save", "Playtest with a shuffled display", "Simulate against base…"):
        actions[text].trigger()
    assert called == ["save", "playtest_shuffled", "simulate"]
    assert dock.toggleViewAction() in actions.values()
    assert menus.undo_action.text().replace("&", "") == "Undo" and not menus.undo_button.isEnabled()
    stack.push(QUndoCommand("card x: row = beach"))
    assert menus.undo_action.text().replace("&", "") == "Undo card x: row = beach"
    assert menus.undo_button.isEnabled() and not menus.redo_button.isEnabled()
    stack.undo()
    assert menus.redo_action.statusTip() == "Redo: card x: row = beach"
    menus.show_help("keys")
    assert "File › Save" in menus.help_dialogs["keys"].browser.toPlainText()


def test_the_tryout_saves_first_and_deals_the_card_shown(qtbot, pack, monkeypatch):
    session = PackSession(QUndoStack())
    session.open(PackDocument(pack))
    doc = session.doc
    row = next(r for r in entryrows.rows_of(doc, "card") if r.id == CARD)
    notices, flushed, launched = FakeNotices(), [], []
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a: asked.append(a[1]) or QMessageBox.StandardButton.Save)
    tryout = TryOut(session, notices, flush=lambda: flushed.append(True),
                    save=lambda: doc.save() is not None, current_row=lambda: row,
                    launch=lambda argv: launched.append(argv) or True)
    doc.apply(doc.set_value("card", CARD, ("name",), "Tower Eight"))
    tryout.playtest()
    assert flushed and asked == ["Playtest"] and not doc.modified  # saved first
    assert launched[-1][-4:] == ["--pack", str(pack), "--opening", CARD]
    assert notices.shown[-1] == (f"Playtest started with {CARD} in the opening display; you "
                                 "start.")
    tryout.launch = lambda argv: False
    tryout.playtest(with_card=False)
    assert notices.told[-1] == ("Playtest", "The table could not be started.", True)


def test_the_pack_files_open_keep_aside_save_and_take_the_disks_version(qtbot, pack):
    session = PackSession(QUndoStack())
    notices, flushed = FakeNotices(), []
    bar = DiskBar(notices.window)  # inside a window: not a window of its own
    files = PackFiles(session, bar, notices, flush=lambda: flushed.append(True))
    files.disk_timer.stop()  # the checks are made by hand below
    with qtbot.waitSignal(session.opened):
        assert files.open_pack(pack)
    doc = session.doc
    doc.apply(doc.set_value("card", CARD, ("name",), "Tower Eight"))
    files.autosave()
    assert files.snapshot_path().exists()
    with qtbot.waitSignal(session.saved_state_changed):
        assert files.save()
    assert flushed and not files.snapshot_path().exists() and not doc.modified
    assert notices.shown[-1] == "Saved beach.toml."
    beach = pack / "beach.toml"
    beach.write_text(beach.read_text().replace("Tower Eight", "Tower Nine"))
    files.check_disk()
    assert list(bar.rows) == ["beach.toml"] and not bar.isHidden()
    with qtbot.waitSignal(session.reread):
        qtbot.mouseClick(bar.rows["beach.toml"][1], Qt.MouseButton.LeftButton)
    assert doc.find("card", CARD)[2]["name"] == "Tower Nine" and bar.isHidden()
    assert not notices.told


class FakeEntries:
    """The entry list as editing uses it: the kind shown, and the kinds it is asked to show."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.kinds: list[str] = []

    def set_kind(self, kind: str) -> None:
        self.kinds.append(kind)


def test_editing_makes_each_change_an_undoable_command(qtbot, pack):
    stack = QUndoStack()
    session = PackSession(stack)
    session.open(PackDocument(pack))
    doc = session.doc
    entries, flushed, notices = FakeEntries("card"), [], FakeNotices()
    editing = Editing(session, notices, entries, flush=lambda: flushed.append(True),
                      current_row=lambda: None, select=lambda kind, ident: True)
    # a field replaced while the edit redraws commits nothing of its own
    session.changed.connect(lambda: editing.form_edited(("card", CARD), ("row",), "beach"))
    session.current = ("card", CARD)
    with qtbot.waitSignal(session.changed):
        editing.form_edited(("card", CARD), ("row",), "street")
    assert doc.find("card", CARD)[2]["row"] == "street" and stack.count() == 1
    assert stack.undoText() == f"card {CARD}: row = street" and entries.kinds == ["card"]
    editing.undo()
    assert flushed and doc.find("card", CARD)[2]["row"] == "beach"
    editing.redo()
    editing.new_entry()
    assert session.current == ("card", "new_card") and doc.locate("card", "new_card")
    assert stack.count() == 2 and stack.undoText() == "add card new_card"
    assert not notices.told


@pytest.fixture
def holder(qtbot):
    """A widget never shown, alive until the test's last events are handled (qtbot keeps a
    weak reference only): the parts draw into its children, not into a window."""
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_showing_draws_the_entry_shown_and_says_which_entry_an_edit_is_for(qtbot, pack,
                                                                          holder):
    session = PackSession(QUndoStack())
    entries, page = EntryList(holder), FormPage("Point here", holder)
    preview, problems, stats = PreviewPanel(holder), ValidationPanel(holder), StatsView(holder)
    showing = Showing(session, entries, page, preview, problems, stats, FakeNotices())
    session.open(PackDocument(pack))
    assert entries.kind == "card" and session.current == ("card", entries.rows[0].key)
    assert showing.form is not None and "No problems" in problems.summary.text()
    assert showing.select("card", CARD) and showing.current_row().id == CARD
    assert page.title.text() == "card: Lifeguard Tower Seven  (lifeguard_tower_seven)"
    assert preview.images and page.banner.isHidden()
    line = showing.form.findChild(QLineEdit, "field:name")
    showing.show_help_of(line)
    assert page.help.text() != "Point here"
    line.setText("Tower Eight")
    with qtbot.waitSignal(showing.form_edited) as edited:
        qtbot.keyClick(line, Qt.Key.Key_Return)
    assert edited.args == [("card", CARD), ("name",), "Tower Eight"]
    doc = session.doc
    doc.apply(doc.set_value("card", CARD, ("row",), "sky"))
    session.changed.emit()
    assert "1 problem" in problems.summary.text() and "Cannot draw" in preview.problem.text()


def test_the_marks_say_unsaved_and_invalid_in_the_title_and_the_status(qtbot, pack, holder):
    stack = QUndoStack()
    session = PackSession(stack)
    state, save = QLabel(holder), QAction("Save", holder)
    WindowMarks(holder, state, save, session)
    assert holder.windowTitle() == "Santa Monica content editor"
    assert state.text() == "No pack open"
    session.open(PackDocument(pack))
    title = entryrows.pack_title(session.doc)
    assert holder.windowTitle() == f"base[*] — {title} — Santa Monica content editor"
    assert state.text() == "Saved · valid" and not save.isEnabled()
    doc = session.doc
    doc.apply(doc.set_value("card", CARD, ("row",), "sky"))
    session.changed.emit()
    assert holder.isWindowModified() and save.isEnabled()
    assert "INVALID" in holder.windowTitle()
    assert state.text() == "Unsaved changes · invalid: 1 problem"


def test_notices_speak_over_the_window_while_it_lives(monkeypatch):
    window = QMainWindow()  # deleted below, not by qtbot
    notices = Notices(window, window.statusBar())
    told = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: told.append(
        (parent, title, text)))
    notices.tell("Playtest", "The table could not be started.", critical=True)
    notices.status("Saved beach.toml.", 5000)
    assert told == [(window, "Playtest", "The table could not be started.")]
    assert window.statusBar().currentMessage() == "Saved beach.toml."
    assert notices.alive()
    shiboken6.delete(window)
    assert not notices.alive()


def test_the_window_is_a_shell_and_no_part_reads_what_another_set():
    """Issue 41: a class of the editor's shell reads on ``self`` only what it sets or
    defines itself, or what its Qt base has; the window has no mixins."""
    from editor.shell.window import EditorWindow

    assert EditorWindow.__bases__ == (QMainWindow,)
    foreign = {}
    for path in sorted((ROOT / "editor" / "shell").glob("*.py")):
        module = importlib.import_module(f"editor.shell.{path.stem}")
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                cls = getattr(module, node.name)
                assert len([b for b in cls.__bases__ if not b.__module__.startswith(
                    ("PySide6", "shiboken6"))]) <= 1, f"{node.name} mixes bases"
                strange = sorted(name for name in _self_reads(node) - _own_names(node)
                                 if not any(hasattr(base, name) for base in cls.__mro__[1:]))
                if strange:
                    foreign[node.name] = strange
    assert foreign == {}


def _own_names(node: ast.ClassDef) -> set[str]:
    """The methods, class attributes and ``self.x =`` targets of a class."""
    names = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef):
            names.add(item.name)
        elif isinstance(item, ast.Assign):
            names.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names.add(item.target.id)
    return names | {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
                    and isinstance(n.value, ast.Name) and n.value.id == "self"
                    and isinstance(n.ctx, ast.Store)}


def _self_reads(node: ast.ClassDef) -> set[str]:
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "self"
            and isinstance(n.ctx, ast.Load)}
