"""The editor in German, as a German card designer reads it: the format guide in German, the
form's keys and values in words (the file's key in the tooltip and the help line), the kind
words, names in German in the heading and the list, a search in both languages, the filters,
the statistics, the undo texts, the print menu and the simulator's bots. What the file holds
never changes with the language."""

from __future__ import annotations

import enum
import re
import tomllib
import typing
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QWidget,
)

from editor.forms.fields import discarded
from editor.model.words import names_of, value_word
from editor.shell.filters import EntryFilter
from smqt.pack.fieldinfo import documented_classes, resolved_fields
from smqt.pack.folder import KINDS
from tests.editor.opened import open_editor
from tests.support import ROOT

pytestmark = pytest.mark.gui

CARD = "drum_circle"
"Sunset Drum Circle, in German Trommelkreis bei Sonnenuntergang: a ring, adjacent_all."
ENGLISH_GUIDE = ROOT / "content" / "FORMAT.md"
GERMAN_GUIDE = ROOT / "content" / "FORMAT.de.md"


def raw_words() -> set[str]:
    """Every key, value and kind a pack's files write (``row``, ``beach``, ``adjacent_all``)."""
    found = set(KINDS)
    for cls in documented_classes():
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str):
            found.add(kind)
        for attribute in resolved_fields(cls):
            found.add(attribute.name)
            stack = [attribute.type]
            while stack:
                tp = stack.pop()
                stack += typing.get_args(tp)
                if isinstance(tp, type) and issubclass(tp, enum.Enum):
                    found |= {str(m.value) for m in tp}
    return found


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
def german_window(qtbot, pack, monkeypatch, german):
    return open_editor(qtbot, monkeypatch, pack, offer_recovery=False)


def visible_texts(widget: QWidget) -> list[str]:
    """What a person reads in the form: labels, buttons, and every choice of a drop-down."""
    found = []
    for child in widget.findChildren(QWidget):
        if not child.isVisible() or discarded(child):
            continue
        if isinstance(child, QLabel | QAbstractButton):
            found.append(child.text())
        elif isinstance(child, QComboBox) and not child.isEditable():
            found += [child.itemText(i) for i in range(child.count())]
    return [text for text in found if text]


def raw_in(lines: list[str]) -> list[str]:
    """The keys, values and kinds of the files among ``lines``, each with its line (the
    card's id aside)."""
    raw = raw_words()
    return [f"{word!r} in {line!r}" for line in lines
            for word in re.findall(r"[a-z_]+", line.replace(f"({CARD})", "")) if word in raw]


def test_the_form_shows_keys_values_and_kinds_in_words(german_window, qtbot):
    """A card's form in German: no key, value or kind as the file writes it, the key in the
    tooltip and the help line; a value chosen in words is written as the file writes it."""
    win = german_window
    assert win.showing.select("card", CARD)
    qtbot.waitUntil(lambda: win.showing.form.findChild(QLabel, "fieldlabel:row").isVisible())
    read = visible_texts(win.showing.form)
    assert "Einheimische" in read and "+ Hinzufügen" in read
    for word in ("row", "tags", "adjacent_count", "adjacent_all", "beach", "local", "card"):
        assert word in raw_words()
    assert not raw_in(read), "\n".join(raw_in(read))
    labels = {label.text().removesuffix(" *") for label in win.showing.form.findChildren(QLabel)
              if label.objectName().startswith("fieldlabel:") and label.isVisible()}
    assert {"Name", "Reihe", "Symbole", "Platzierung", "Wertung", "Ringe",
            "Punkte", "Plätze"} <= labels
    row = win.showing.form.findChild(QLabel, "fieldlabel:row")
    assert row.toolTip().startswith("Reihe (row): ")  # the file's key, for a designer
    combo = win.showing.form.findChild(QComboBox, "field:row")
    assert combo.currentText() == "Strand" and "beach (Strand)" in combo.toolTip()
    combo.setFocus()
    assert win.page.help.text().startswith("Reihe (row): ")
    kind = win.showing.form.findChild(QComboBox, "field:scoring.0.kind")
    assert kind.currentText() == "Neben allen von mehreren Symbolen"
    assert "(adjacent_all)" in kind.toolTip()
    combo.activated.emit(combo.findText("Promenade"))
    assert win.session.doc.find("card", CARD)[2]["row"] == "street"


def test_the_heading_and_the_list_name_the_card_in_german(german_window, qtbot):
    """The heading says the kind in German and the card's German name; the list shows German
    names, and a search finds a card by its German name, its English name or its id."""
    win = german_window
    assert win.showing.select("card", CARD)
    assert win.page.title.text() == "Merkmalskarte: Trommelkreis bei Sonnenuntergang  (drum_circle)"
    entries = win.entries
    texts = [entries.list.item(i).text() for i in range(entries.list.count())]
    assert "Trommelkreis bei Sonnenuntergang  (drum_circle)" in texts
    assert not raw_in([win.page.title.text()])
    for search in ("Trommel", "trommelkreis", "Drum Circle", "drum_circle"):
        entries.search.setText(search)
        shown = [entries.list.item(i).text() for i in range(entries.list.count())]
        assert shown == ["Trommelkreis bei Sonnenuntergang  (drum_circle)"], search
    assert entries.count.text() == "1 von 78 angezeigt"


def test_the_filters_statistics_undo_and_menus_speak_german(german_window):
    win = german_window
    effects = [win.entries.effect_box.itemText(i) for i in range(win.entries.effect_box.count())]
    tags = [win.entries.tag_box.itemText(i) for i in range(win.entries.tag_box.count())]
    assert "Platzierung: Sanddollar erhalten" in effects
    assert "Wertung: Neben mehreren Exemplaren eines Symbols" in effects
    assert tags == ["jedes Symbol", "Einheimische", "Touristen", "Gewerbe", "Sport", "Natur",
                    "Welle"]
    assert not raw_in(effects + tags), "\n".join(raw_in(effects + tags))
    box = win.entries.effect_box
    box.setCurrentIndex(box.findData("placement:sand_dollars"))  # the filter keeps the file's kind
    assert 0 < win.entries.list.count() < 78
    stats = win.stats.toPlainText()
    assert "Einheimische" in stats and "Sanddollar erhalten" in stats
    assert not re.findall(r"\b(?:local|tourist|business|add_people|adjacent_count)\b", stats)
    menus = [a.text().replace("&", "") for top in win.menuBar().actions()
             for a in top.menu().actions()]
    assert "Zum Ausdrucken…" in menus and not any("Print" in text for text in menus)
    box.setCurrentIndex(0)
    win.showing.select("card", CARD)
    win.editing.push(win.session.doc.set_value("card", CARD, ("row",), "street"))
    assert win.stack.undoText() == "Merkmalskarte drum_circle: Reihe = Promenade"
    assert win.menus.undo_action.text().replace("&", "").startswith("Rückgängig: Merkmalskarte drum_circle")
    win.editing.undo()
    assert win.session.doc.find("card", CARD)[2]["row"] == "beach"
    redo = win.menus.redo_action.text().replace("&", "")
    assert redo == "Wiederholen: Merkmalskarte drum_circle: Reihe = Promenade"


def test_the_help_menu_shows_the_format_guide_in_german(german_window):
    win = german_window
    win.menus.show_help("format")
    text = win.menus.help_dialogs["format"].browser.toPlainText()
    assert "Das Format der Inhaltspakete" in text and "Merkmalskarte" in text


def test_the_simulator_takes_bots_in_words(german_window, tmp_path):
    from editor.shell.simulate import SimulateDialog, bot_spec

    dialog = SimulateDialog(None, tmp_path, tmp_path, german_window)
    assert dialog.bots.currentText() == "mittel"
    assert [dialog.bots.itemText(i) for i in range(dialog.bots.count())] == \
        ["zufällig", "leicht", "mittel", "schwer", "Experte"]
    assert bot_spec("mittel, Leicht,hard:2") == "medium,easy,hard:2"
    assert bot_spec("foo") == "foo"  # the simulator says what is wrong with it
    dialog.deleteLater()


# ---------------------------------------------------------------------- the same in English


def test_english_shows_keys_and_values_as_the_file_writes_them(window):
    window.showing.select("card", CARD)
    assert window.showing.form.findChild(QLabel, "fieldlabel:row").text() == "row *"
    assert window.showing.form.findChild(QComboBox, "field:row").currentText() == "beach"
    assert window.showing.form.findChild(QComboBox, "field:scoring.0.kind").currentText() == \
        "adjacent_all"
    assert value_word("adjacent_all") == "adjacent_all"


def test_english_names_the_card_as_before_and_finds_it_by_its_german_name(window):
    window.showing.select("card", CARD)
    assert window.page.title.text() == "card: Sunset Drum Circle  (drum_circle)"
    window.entries.search.setText("Trommel")
    assert window.entries.list.count() == 1


def test_the_statistics_in_english_are_what_smqt_stats_prints():
    from editor.shell.statsview import composition_text
    from smqt.pack.deckstats import composition_markdown, deck_stats
    from tests.support import base

    stats = deck_stats(base())
    assert composition_text(stats) == composition_markdown(stats)


def test_a_search_matches_the_id_and_every_name():
    entry = {"id": "drum_circle", "name": "Sunset Drum Circle",
             "de": {"name": "Trommelkreis bei Sonnenuntergang"}}
    assert names_of(entry) == ["Sunset Drum Circle", "Trommelkreis bei Sonnenuntergang"]
    for text in ("drum_circle", "sunset", "TROMMEL", " kreis "):
        assert EntryFilter(text).matches(entry), text
    assert not EntryFilter("tacos").matches(entry)
    assert EntryFilter("x").matches({"id": "x", "de": "not a table"})
