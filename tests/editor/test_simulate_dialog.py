"""The editor's Simulate against base (issue 43, finding 7): a fixed number of games or until
the answer is clear at a chosen precision; the reports in a visible folder of the user's
documents unless another is chosen (remembered); the bar labelled and saying "Starting…" before
the first game, and each round until clear; the report shown as a link that opens it; Cancel
stops the games, off the window's thread."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QDialogButtonBox

from tests.editor.opened import open_editor

pytestmark = pytest.mark.gui


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder of the test's own: the user's documents are its ``Documents``."""
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / ".config"))
    return folder


@pytest.fixture
def variant(pack, tmp_path):
    """A variant of the base copy with shorter games (quick to simulate)."""
    folder = tmp_path / "variants" / "quick"
    folder.mkdir(parents=True)
    extends = os.path.relpath(pack, folder)
    (folder / "pack.toml").write_text(
        f'name = "quick"\nversion = "0.1.0"\nschema = 1\nextends = "{extends}"\n',
        encoding="utf-8")
    (folder / "rules.toml").write_text("[rules]\ncards_to_end = 6\n", encoding="utf-8")
    return folder


def simulate(qtbot, monkeypatch, variant):
    """The editor on ``variant``, its Simulate dialog open; links are kept, not opened."""
    win = open_editor(qtbot, monkeypatch, variant)
    opened: list[str] = []
    win.tryout.open_url = lambda url: opened.append(url.toLocalFile()) or True
    win.tryout.simulate()
    dialog = win.tryout.sim_dialog
    dialog.jobs.setValue(1)
    dialog.bots.setEditText("random")
    return win, dialog, opened


def test_before_a_run_the_bar_is_labelled_and_the_reports_go_to_the_documents(
        qtbot, monkeypatch, variant, home):
    _win, dialog, _opened = simulate(qtbot, monkeypatch, variant)
    assert dialog.folder.text() == str(home / "Documents" / "Santa Monica simulations")
    assert not (home / "Documents").exists()  # made when a run starts, not before
    assert dialog.bar_label.text() == "Progress" and dialog.bar_label.buddy() is dialog.bar
    assert dialog.bar.text() == "Not started: choose Run"
    # a fixed number of games unless asked; the precision only counts until clear
    assert dialog.fixed.isChecked()
    assert not dialog.precision.isEnabled() and not dialog.max_games.isEnabled()
    dialog.until_clear.setChecked(True)
    assert dialog.precision.isEnabled() and dialog.precision.value() == 3.0
    assert dialog.max_games.isEnabled() and dialog.max_games.value() == 5000
    dialog.games.setValue(6000)
    assert dialog.max_games.value() >= 6000  # never fewer than the first round


def test_a_run_says_starting_then_links_the_report_and_remembers_the_folder(
        qtbot, monkeypatch, variant, tmp_path, home):
    win, dialog, opened = simulate(qtbot, monkeypatch, variant)
    # no browser on this machine: the report is linked in the dialog, and the status bar says so
    win.tryout.open_url = lambda url: opened.append(url.toLocalFile()) is not None
    chosen = tmp_path / "my reports"
    dialog.folder.setText(str(chosen))
    dialog.games.setValue(2)
    shown = []
    dialog.bar.valueChanged.connect(lambda _value: shown.append(dialog.bar.text()))
    with qtbot.waitSignal(dialog.finished_report, timeout=120000):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        assert dialog.bar.text() == "Starting…"  # before the first game, not an empty box
        assert not dialog.run_button.isEnabled() and not dialog.folder.isEnabled()
    assert shown[-1] == "4 / 4 games" and "4 / 4 games" in shown
    report = dialog.report
    assert report is not None and report.parent.parent == chosen and report.exists()
    assert report.parent.name.startswith("quick-")
    assert opened == [str(report)]  # opened at once, or tried to
    assert "no browser could be started" in win.statusBar().currentMessage()
    # the report as a link (and its folder); a click on it opens it in the browser
    text = dialog.status.text()
    link = QUrl.fromLocalFile(str(report)).toString()
    assert f'href="{link}"' in text and ">report.html</a>" in text
    assert dialog.status.textInteractionFlags() & Qt.TextInteractionFlag.LinksAccessibleByMouse
    opened.clear()
    dialog.status.linkActivated.emit(link)
    assert opened == [str(report)]
    # the dialog stays with its link; Run again, or Close
    assert dialog.isVisible() and dialog.run_button.isEnabled()
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Close"
    # the folder is remembered for the next simulation
    dialog.close()
    win.tryout.simulate()
    assert win.tryout.sim_dialog.folder.text() == str(chosen)
    assert not (home / "Documents").exists()


def test_until_clear_plays_rounds_and_the_bar_says_which(qtbot, monkeypatch, variant, tmp_path,
                                                        home):
    _win, dialog, _opened = simulate(qtbot, monkeypatch, variant)
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.games.setValue(2)
    dialog.until_clear.setChecked(True)
    dialog.precision.setValue(0.1)  # never clear in so few games: it stops at the most games
    dialog.max_games.setValue(4)
    shown = []
    dialog.bar.valueChanged.connect(lambda _value: shown.append(dialog.bar.text()))
    with qtbot.waitSignal(dialog.finished_report, timeout=120000):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert "Round 1: 4 / 4 games" in shown and "Round 2: 4 / 4 games" in shown
    # the end tells the whole run, not its last round, and how it stopped (found in a
    # designer's walk: "Done: 360 / 360 games" after 560, and not a word of clear or not)
    assert dialog.bar.text() == "Done: 8 games"
    assert "The cap was reached before every headline interval (*) reached its precision" \
        in dialog.status.text() and ">report.html</a>" in dialog.status.text()
    assert dialog.games_label.text() == "games in the first round"
    meta = json.loads((dialog.report.parent / "report.json").read_text(encoding="utf-8"))["meta"]
    assert meta["until_clear"] is True and meta["rounds"] == 2 and meta["games"] == 4
    assert meta["precision"]["pp"] == pytest.approx(0.001)


def test_cancel_stops_the_games_and_writes_nothing(qtbot, monkeypatch, variant, tmp_path, home):
    _win, dialog, opened = simulate(qtbot, monkeypatch, variant)
    dialog.folder.setText(str(tmp_path / "reports"))
    dialog.games.setValue(400)  # 8 batches of 100 games: the first ends long after Cancel
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.running
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "Stopping after the games being played…"
    qtbot.waitUntil(lambda: not dialog.running, timeout=60000)
    assert not dialog.isVisible() and opened == []
    assert not list((tmp_path / "reports").glob("*/report.html"))


def test_a_folder_that_cannot_be_made_is_said_before_any_game(qtbot, monkeypatch, variant,
                                                              tmp_path, home):
    _win, dialog, _opened = simulate(qtbot, monkeypatch, variant)
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    dialog.folder.setText(str(blocker / "reports"))
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert not dialog.running and dialog.run_button.isEnabled()
    assert "cannot go to" in dialog.status.text() and "choose another folder" in \
        dialog.status.text()


def test_in_german_the_dialog_speaks_of_partien_and_precision(qtbot, monkeypatch, variant,
                                                             home, german):
    _win, dialog, _opened = simulate(qtbot, monkeypatch, variant)
    assert dialog.bar_label.text() == "Fortschritt"
    assert dialog.bar.text() == "Nicht gestartet: wähle Starten"
    assert dialog.until_clear.text() == "bis die Antwort klar ist"
    assert dialog.precision.suffix() == " Prozentpunkte"
    assert dialog.choose.text() == "Wählen…"
