"""The editor in German, as a German card designer reads it: the pack format guide in German,
in step with the English one. What the file holds never changes with the language."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from smqt.desktop.language import qt_language
from smqt.language.translate import use
from tests.support import ROOT

pytestmark = pytest.mark.gui

CARD = "drum_circle"
"Sunset Drum Circle, in German Trommelkreis bei Sonnenuntergang: a ring, adjacent_all."
ENGLISH_GUIDE = ROOT / "content" / "FORMAT.md"
GERMAN_GUIDE = ROOT / "content" / "FORMAT.de.md"


# ---------------------------------------------------------------------- the format guide


def _table_keys(text: str) -> list[str]:
    """The first cell of every table row below a header (the keys and kinds listed)."""
    rows = [line for line in text.splitlines() if line.startswith("|")]
    return [row.split("|")[1].strip() for index, row in enumerate(rows)
            if not row.startswith("|---") and not (index + 1 < len(rows) and
                                                   rows[index + 1].startswith("|---"))]


def _toml_blocks(text: str) -> list[str]:
    """The TOML examples without their comments (the comments are in the guide's language)."""
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    return ["\n".join(re.sub(r"\s*#.*$", "", line) for line in block.splitlines())
            for block in blocks]


def test_the_german_format_guide_follows_the_english_one():
    """``FORMAT.de.md`` says what ``FORMAT.md`` says: the same sections, the same tables with
    the same keys, the same TOML examples and the same rule clauses in the same order."""
    english = ENGLISH_GUIDE.read_text(encoding="utf-8")
    german = GERMAN_GUIDE.read_text(encoding="utf-8")
    for pattern in (r"^#+ ", r"^\|", r"^- ", r"^\d+\. ", r"^```"):
        assert len(re.findall(pattern, german, re.M)) == len(re.findall(pattern, english, re.M)), \
            pattern
    assert _table_keys(german) == _table_keys(english)
    assert _toml_blocks(german) == _toml_blocks(english)
    assert re.findall(r"R\d+(?:\.\d+)?", german) == re.findall(r"R\d+(?:\.\d+)?", english)


def test_the_german_guide_ships_where_the_english_one_does():
    """The wheel carries ``content/*.md`` as ``smqt/content`` (pyproject's package data); the
    Help menu finds the German guide beside the English one, and English where there is
    none."""
    from editor.shell.helpmenu import guide_in

    with (ROOT / "pyproject.toml").open("rb") as stream:
        data = tomllib.load(stream)["tool"]["setuptools"]["package-data"]["smqt.content"]
    assert any(Path("FORMAT.de.md").match(pattern) for pattern in data)
    assert guide_in("de").name == "FORMAT.de.md" and guide_in("en").name == "FORMAT.md"
    assert guide_in("xx").name == "FORMAT.md"


# ---------------------------------------------------------------------- the window in German


@pytest.fixture
def german(qapp):
    use("de")
    qt_language("de")
    yield
    use("en")
    qt_language("en")


@pytest.fixture
def german_window(qtbot, pack, monkeypatch, german):
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Discard)
    from editor.shell.window import EditorWindow

    win = EditorWindow()
    qtbot.addWidget(win)
    win.open_pack(pack, offer_recovery=False)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_the_help_menu_shows_the_format_guide_in_german(german_window):
    win = german_window
    win._show_help("format")
    text = win.help_dialogs["format"].browser.toPlainText()
    assert "Das Format der Inhaltspakete" in text and "Merkmalskarte" in text


# ---------------------------------------------------------------------- the same in English


