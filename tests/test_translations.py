"""The product speaks English and German (issue 27): every text a person reads is marked for
translation, every marked text has its German translation, and the shipped catalogs are
compiled from the current ``.po`` files. ``docs/translating.md`` says how to add a text."""

from __future__ import annotations

import ast
import itertools
import re
import string
from pathlib import Path

import pytest

from smqt.language import catalogs
from smqt.language.catalogs import ROOMS, compiled, mo_path, po_path, po_text, read, updated
from smqt.language.translate import _, ngettext, parse_language, system_language, use

ROOT = Path(__file__).resolve().parents[1]
MARKER = "# not translated:"
"A line a person never reads (a file format, a developer's message) says so with a reason."
CALLS = {"_", "ngettext", "N_", "pgettext", "npgettext"}
PROSE = re.compile(r"[A-Za-z]{2,}[,.!?']?\s+[A-Za-z(]{2,}|^[A-Z][a-z]{2,}[.:…]?$")


def test_every_room_has_its_catalog_in_step_with_the_code():
    stale = [room for room in ROOMS
             if not po_path("de", room).exists()
             or po_text(updated("de", room)) != po_path("de", room).read_bytes()]
    assert not stale, (f"run python -m smqt.language.catalogs update: the catalogs of "
                       f"{', '.join(stale)} are not in step with the code")


def test_a_text_moved_to_another_room_keeps_its_translation(monkeypatch):
    """Issue 41: the simulator's modules moved into rooms of their own and the pack's; a room
    whose catalog did not have a text takes its translation from the other rooms' catalogs."""
    from babel.messages.catalog import Catalog

    room = "smqt.sim.plan"
    own = updated("de", room)
    moved = next(m for m in own if m.id and m.string and not isinstance(m.id, tuple))
    monkeypatch.setattr(catalogs, "read", lambda path, language: Catalog(locale=language))
    assert updated("de", room).get(moved.id, moved.context).string in ("", None)
    elsewhere = Catalog(locale="de")
    elsewhere.add(moved.id, moved.string, context=moved.context)
    assert updated("de", room, [elsewhere]).get(moved.id, moved.context).string == moved.string


def test_a_text_that_became_plural_keeps_its_old_words_as_a_hint(monkeypatch):
    """Found while translating (issue 43): ``update`` stopped with "AssertionError: Expected
    sequence" when a translated text became ngettext's singular. It keeps the old words in each
    form, marked fuzzy (to be translated again), and the other way round."""
    from babel.messages.catalog import Catalog

    room = "smqt.sim.plan"
    own = updated("de", room)
    plural = next(m for m in own if isinstance(m.id, tuple) and m.string and all(m.string))
    single = next(m for m in own if m.id and isinstance(m.id, str) and m.string)
    old = Catalog(locale="de")
    old.add(plural.id[0], "alte Worte", context=plural.context)
    old.add(single.id, ("eins", "viele"), context=single.context)
    monkeypatch.setattr(catalogs, "read", lambda path, language: old)
    now = updated("de", room)
    became = now.get(plural.id, plural.context)
    assert became.string == ("alte Worte", "alte Worte") and became.fuzzy
    back = now.get(single.id, single.context)
    assert back.string == "eins" and back.fuzzy
    catalogs.po_text(now)  # it writes


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("room", ROOMS)
def test_every_marked_text_has_its_german_translation(room):
    problems = []
    for message in read(po_path("de", room), "de"):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        wanted = set().union(*(_fields(text) for text in ids))
        for text in strings:
            if _fields(text) != wanted:
                problems.append(f"placeholders {sorted(_fields(text))} for {sorted(wanted)}: "
                                f"{ids[0]!r} -> {text!r}")
    assert not problems, f"{po_path('de', room)}:\n" + "\n".join(problems)


def test_the_shipped_catalog_is_compiled_from_the_po_files():
    assert mo_path("de").read_bytes() == compiled("de"), \
        "run python -m smqt.language.catalogs compile"


def _unmarked(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    tree = ast.parse(text)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for first in body[:1]:  # docstrings
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    skip.add(id(first.value))
            for before, after in itertools.pairwise(body):  # attribute docstrings
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and \
                        isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    skip.add(id(after.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in CALLS:
            for inner in ast.walk(node):
                skip.add(id(inner))
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Name) and
                                                target.id == "__all__" for target in node.targets):
            for inner in ast.walk(node):  # a module's public names
                skip.add(id(inner))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            words = "".join(part.value for part in node.values
                            if isinstance(part, ast.Constant) and isinstance(part.value, str))
            for part in node.values:
                skip.add(id(part))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = node.value
        else:
            continue
        if not PROSE.search(words.strip()):
            continue
        span = lines[node.lineno - 1:node.end_lineno]
        if any(MARKER in line for line in span):
            continue
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words.strip()[:70]!r}")
    return found


@pytest.mark.parametrize("room", ROOMS)
def test_every_text_a_person_reads_is_marked(room):
    folder = catalogs.room_folder(room)
    found = [line for path in sorted(folder.glob("*.py")) for line in _unmarked(path)]
    assert not found, ("texts not marked for translation (wrap them in _() or ngettext(), or "
                       f"say '{MARKER} <why>' on the line):\n" + "\n".join(found))


def _shadowing(path: Path) -> list[str]:
    """Functions that call ``_()`` and also bind ``_`` (a loop variable, an unpacking): the
    binding makes ``_`` local to the whole function, and the call fails."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        calls = binds = False
        inside = {id(name) for comp in ast.walk(node) if isinstance(comp, ast.comprehension)
                  for name in ast.walk(comp.target)}  # a comprehension's own scope
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and \
                    inner.func.id == "_":
                calls = True
            if isinstance(inner, ast.Name) and inner.id == "_" and \
                    isinstance(inner.ctx, ast.Store) and id(inner) not in inside:
                binds = True
            if isinstance(inner, ast.arg) and inner.arg == "_":
                binds = True
        if calls and binds:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {getattr(node, 'name', 'lambda')}")
    return found


def test_no_function_hides_the_translation_function():
    found = [line for room in ("smqt", "editor") for path in sorted((ROOT / room).rglob("*.py"))
             for line in _shadowing(path)]
    assert not found, "rename the throw-away variable '_' (it hides _()):\n" + "\n".join(found)


def test_german_texts_are_read_from_the_shipped_catalog():
    try:
        assert use("de") == "de"
        assert _("a text no catalog has") == "a text no catalog has"
        assert ngettext("{n} thing", "{n} things", 2).format(n=2) == "2 things"
    finally:
        use("en")


def test_the_language_follows_the_environment_and_is_refused_with_the_choices(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "fr:de")
    assert system_language() == "de"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "C")
    assert system_language() == "en"
    assert parse_language("DE_at") == "de"
    with pytest.raises(ValueError, match="en, de"):
        parse_language("fr")


def test_the_german_rules_page_follows_the_english_one():
    """``rules.de.md`` says what ``rules.md`` says: the same sections and tables, citing the
    same clauses in the same order (a change to one shows up as a difference here)."""
    english = (ROOT / "smqt" / "help" / "rules.md").read_text(encoding="utf-8")
    german = (ROOT / "smqt" / "help" / "rules.de.md").read_text(encoding="utf-8")
    for pattern in (r"^#+ ", r"^\|", r"^- "):
        assert len(re.findall(pattern, german, re.M)) == len(re.findall(pattern, english, re.M))
    assert re.findall(r"R\d+\.\d+", german) == re.findall(r"R\d+\.\d+", english)


def test_a_text_in_two_rooms_has_one_translation():
    """The rooms' catalogs are compiled into one: the same English text must not mean two
    German ones (give one of them a context with ``pgettext`` if it must)."""
    seen: dict[tuple, tuple[str, object]] = {}
    clashes = []
    for room in ROOMS:
        for message in read(po_path("de", room), "de"):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.id or not all(strings):
                continue
            key = (message.context, message.id)
            if key in seen and seen[key][1] != message.string:
                clashes.append(f"{message.id!r}: {seen[key][0]} {seen[key][1]!r}, "
                               f"{room} {message.string!r}")
            seen.setdefault(key, (room, message.string))
    assert not clashes, "\n".join(clashes)


def test_numbers_and_dates_take_the_languages_form():
    from datetime import datetime

    from smqt.language.formats import date_time, fixed, number, percent, with_percent

    assert fixed(-13.3, "+.2f") == "-13.30" and with_percent("48.3") == "48.3%"
    try:
        use("de")
        assert fixed(-13.3, "+.2f") == "-13,30" and with_percent(fixed(48.25, ".1f")) == "48,2\xa0%"
        assert number(1234.5, 1) == "1.234,5"
        assert number(10**40).startswith("10.000.000")  # any size (a games-needed estimate)
        assert percent(0.423) == "42\xa0%"
        assert date_time(datetime(2026, 11, 25, 18, 40)) == "25.11.2026 18:40"
        use("en")
        assert number(1234.5, 1) == "1,234.5"
        assert percent(0.423) == "42%"
    finally:
        use("en")



def test_the_base_pack_speaks_german_and_an_entry_without_falls_back():
    """Every entry of the base pack has its German name (and text where it has one); the
    catalog a player reads is in the language in force, the pack's own words elsewhere."""
    import itertools

    from smqt.engine.catalog import in_language
    from smqt.pack.load import load_pack, load_worded
    from smqt.pack.shipped import default_pack

    catalog = load_pack(default_pack())
    entries = list(itertools.chain(catalog.cards.values(), catalog.starting_tiles.values(),
                                   catalog.sand_dollar_actions.values(),
                                   catalog.objective_tiles.values()))
    missing = [f"{entry.id}: de.name" for entry in entries if not entry.de.name]
    missing += [f"{entry.id}: de.text" for entry in entries
                if getattr(entry, "text", "") and not entry.de.text]
    assert not missing, "German words missing in the base pack:\n" + "\n".join(missing)
    german = in_language(catalog, "de")
    card = next(iter(catalog.cards.values()))
    assert german.cards[card.id].name == card.de.name and card.name != card.de.name
    assert in_language(catalog, "en") is catalog
    try:
        use("de")
        assert load_worded(default_pack()).cards[card.id].name == card.de.name
    finally:
        use("en")
    assert load_worded(default_pack()).cards[card.id].name == card.name
    import attrs

    bare = attrs.evolve(card, de=type(card.de)())  # no German words: the English show
    assert in_language(attrs.evolve(catalog, cards={card.id: bare}), "de").cards[card.id].name \
        == card.name


def test_the_command_line_and_its_parser_speak_german(capsys):
    """``--help`` and the parser's own words (``usage:``, a missing argument) in German."""
    from smqt.cli.main import main

    try:
        with pytest.raises(SystemExit):
            main(["--lang", "de", "validate"])
        err = capsys.readouterr().err
        assert "Aufruf: smqt validate" in err and "diese Argumente fehlen: pack" in err, err
        with pytest.raises(SystemExit):
            main(["--lang", "de", "--help"])
        out = capsys.readouterr().out
        assert "Optionen:" in out and "die Sprache" in out, out
    finally:
        use("en")
    with pytest.raises(SystemExit):
        main(["validate"])
    assert "usage: smqt validate" in capsys.readouterr().err
    from smqt.cli.main import parse

    bare = parse(["--lang", "de"])  # no command: the table, in the language asked for
    assert (bare.command, bare.lang) == ("play", "de")


def test_the_desktop_entries_speak_german():
    """The installers' desktop entries and the saved-game type say each of their words in
    German too (``Comment[de]``...), as a German desktop shows them."""
    for name in ("smqt.desktop", "smqt-editor.desktop"):
        lines = (ROOT / "packaging" / name).read_text(encoding="utf-8").splitlines()
        keys = {line.split("=", 1)[0] for line in lines if "=" in line}
        for key in ("GenericName", "Comment", "Keywords", "Name"):
            if key in keys and not (key == "Name" and name == "smqt.desktop"):  # a name
                assert f"{key}[de]" in keys, f"{name}: {key}[de]"
    mime = (ROOT / "packaging" / "smqt-mime.xml").read_text(encoding="utf-8")
    assert '<comment xml:lang="de">' in mime


def test_the_catalog_is_found_in_a_frozen_apps_package_folder(monkeypatch):
    """A frozen app on Python 3.11 may see ``smqt.locale`` as a namespace package, whose
    ``files()`` is a ``MultiplexedPath`` (one name per ``joinpath``): German loads there too."""
    from importlib import resources
    from importlib.readers import MultiplexedPath

    folder = Path(str(resources.files("smqt.locale")))
    monkeypatch.setattr("smqt.language.translate.resources.files",
                        lambda name: MultiplexedPath(folder))
    try:
        use("de")
        assert _("New game") == "Neues Spiel"
    finally:
        use("en")


def test_the_base_pack_is_called_the_base_game_in_each_language(tmp_path):
    """Titles, the About box and the Resume list call the shipped pack as the new-game dialog
    does ("Das Grundspiel 1.1.0"), not by its file name ("base")."""
    from smqt.pack.shipped import default_pack, is_base_pack, pack_title

    assert pack_title("base", "1.1.0") == "The base game 1.1.0"
    assert pack_title("house-rules", "2.0") == "house-rules 2.0"
    assert is_base_pack("base", default_pack()) and not is_base_pack("base", tmp_path)
    try:
        use("de")
        assert pack_title("base", "1.1.0", default_pack()) == "Das Grundspiel 1.1.0"
        assert pack_title("base") == "Das Grundspiel"
    finally:
        use("en")
