"""The German catalogs use the glossary's words (issue 42): one German term per game word
(smqt/locale/de/glossary.toml), and none of the words a term must not be. A planted variant is
found."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GERMAN = ROOT / "smqt" / "locale" / "de"
GLOSSARY = GERMAN / "glossary.toml"


def entries(path: Path) -> list[tuple[str, str]]:
    """(English, German) of every entry of a .po file, plural forms joined."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        ids = re.findall(r'^msgid(?:_plural)? ((?:".*"\n?)+)', block, re.M)
        strs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block, re.M)
        if ids:
            found.append(("\n".join(_joined(i) for i in ids),
                          "\n".join(_joined(s) for s in strs)))
    return found


def _joined(quoted: str) -> str:
    return "".join(re.findall(r'"(.*)"', quoted))


def terms() -> list[dict]:
    return tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]


def variants(english: str, german: str) -> list[str]:
    """The glossary's forbidden words that ``german`` uses for ``english``."""
    found = []
    for term in terms():
        if term.get("unless_en") and re.search(term["unless_en"], english, re.I):
            continue
        text = re.sub(term["unless_de"], "", german) if term.get("unless_de") else german
        found += [f"{word!r} (the glossary says {term['de']!r} for {term['en']!r})"
                  for word in term.get("not", ()) if re.search(rf"\b{re.escape(word)}\b", text)]
    return found


@pytest.mark.parametrize("catalog", sorted(GERMAN.glob("*.po")), ids=lambda p: p.name)
def test_the_german_catalogs_use_the_glossarys_words(catalog):
    wrong = [f"{english[:70]!r} => {german[:90]!r}: {', '.join(found)}"
             for english, german in entries(catalog) if german
             if (found := variants(english, german))]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("page", sorted((ROOT / "smqt" / "help").glob("*.de.md")),
                         ids=lambda p: p.name)
def test_the_german_help_uses_the_glossarys_words(page):
    """A page has no English beside each line: the terms that need it to judge (a "Zug" is
    the turn or a move) are left to the catalogs' test."""
    text = page.read_text(encoding="utf-8")
    wrong = [f"{word!r} (the glossary says {term['de']!r})" for term in terms()
             if not term.get("unless_en")
             for word in term.get("not", ()) if re.search(rf"\b{re.escape(word)}\b", text)]
    assert not wrong, wrong


def test_each_term_is_used_and_a_planted_variant_is_found():
    german = " ".join(g for path in GERMAN.glob("*.po") for _e, g in entries(path))
    for term in terms():
        first = re.split(r"[,;]", term["de"])[0].strip()
        assert first in german, f"{term['de']!r} is in the glossary but in no catalog"
    assert variants("Most unplaced people", "Die meisten Leute außerhalb der Ringe")
    assert variants("You have moves to use now", "Du hast jetzt Züge")
    assert not variants("{who} to play.", "{who} ist am Zug.")
    assert not variants("End turn", "Zug beenden")
