"""Every menu of the table gives each entry its own mnemonic (Alt+letter) in both languages
(issue 42: two Turn entries shared T in German), and every entry has one."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QMenu

from smqt.desktop.mnemonics import taken_by, with_mnemonics
from smqt.ui.shell.window import TableWindow

pytestmark = pytest.mark.gui


def mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def clashes(menu: QMenu, where: str) -> list[str]:
    """The entries of ``menu`` (and of its submenus) that share a mnemonic or lack one."""
    found: list[str] = []
    seen: dict[str, str] = {}
    for act in menu.actions():
        if act.isSeparator() or not act.text() or not act.isEnabled():
            continue  # a disabled line ("No unfinished game") is read, never chosen
        key = mnemonic(act.text())
        if key is None:
            found.append(f"{where} ▸ {act.text()!r} has no mnemonic")
        elif key in seen:
            found.append(f"{where}: {seen[key]!r} and {act.text()!r} share &{key}")
        else:
            seen[key] = act.text()
        if act.menu() is not None:
            found += clashes(act.menu(), f"{where} ▸ {act.text()}")
    return found


def menus_of(window: TableWindow) -> list[str]:
    bar = window.menuBar()
    found: list[str] = []
    tops: dict[str, str] = {}
    for act in bar.actions():
        key = mnemonic(act.text())
        if key in tops:
            found.append(f"menu bar: {tops[key]!r} and {act.text()!r} share &{key}")
        tops[key or ""] = act.text()
        act.menu().aboutToShow.emit()  # the lists made as they open (Resume, Seats)
        found += clashes(act.menu(), act.text())
    return found


def table(qtbot, tmp_path, monkeypatch) -> TableWindow:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SMQT_HOME", str(tmp_path))
    window = TableWindow(remember_layout=False)
    qtbot.addWidget(window)
    return window


def test_every_entry_of_the_tables_menus_has_its_own_mnemonic(qtbot, tmp_path, monkeypatch):
    assert menus_of(table(qtbot, tmp_path, monkeypatch)) == []


def test_every_entry_has_its_own_mnemonic_in_german(qtbot, tmp_path, monkeypatch, german):
    assert menus_of(table(qtbot, tmp_path, monkeypatch)) == []


def test_entries_made_from_data_get_free_mnemonics():
    taken = taken_by(["&Normal", "Lar&ge"])
    assert taken == {"n", "g"}
    marked = with_mnemonics(["Normal", "Large", "Larger", "Rock & roll"], taken)
    assert marked == ["N&ormal", "&Large", "L&arger", "&Rock && roll"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_entry_of_the_editors_menus_has_its_own_mnemonic(qtbot, tmp_path, monkeypatch,
                                                                 language, request):
    import shutil

    from tests.editor.opened import open_editor
    from tests.support import BASE
    if language == "de":
        request.getfixturevalue("german")
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    editor = open_editor(qtbot, monkeypatch, folder)
    assert menus_of(editor) == []
