"""What the editor calls the keys and values of a pack's files, in the language in force.

A file says ``row = "beach"``; a person reads "Reihe: Strand" in German. The key and the value
stay as the file has them (they are the file format); only what is shown changes. In English,
the language the files are written in, a key is shown as written (``at_least`` as "at least")
and a value as written (``beach``), so that what the designer reads is what the file holds.
Wherever a field's help is shown (its tooltip, the help line under the form), a key shown in
other words is named too: "Reihe (row): ...".

Each word is marked with a context (``pgettext("field", "row")``, ``pgettext("value",
"beach")``): the same English word names other things elsewhere in the product."""

from __future__ import annotations

from typing import Any

from smqt.engine.catalog import WORDED_LANGUAGES
from smqt.language.translate import SOURCE, _, current, pgettext


def _field_words() -> dict[str, str]:
    """Key -> its label (made on each call: the language may change while the editor runs)."""
    return {
        "allowances": pgettext("field", "allowances"),
        "at_least": pgettext("field", "at least"),
        "cards_to_end": pgettext("field", "cards to end"),
        "constraints": pgettext("field", "constraints"),
        "cost": pgettext("field", "cost"),
        "count": pgettext("field", "count"),
        # Translators: the table of an entry's German name and text (de.name, de.text)
        "de": pgettext("field", "de"),
        "description": pgettext("field", "description"),
        "display_columns": pgettext("field", "display columns"),
        "distance": pgettext("field", "distance"),
        "extends": pgettext("field", "extends"),
        "final_move": pgettext("field", "final move"),
        "food_truck_reward": pgettext("field", "food truck reward"),
        "foodie_offset": pgettext("field", "foodie offset"),
        # Translators: a starting tile's VIP criterion (how its footprints score)
        "footprint": pgettext("field", "footprint"),
        "id": pgettext("field", "id"),
        "kind": pgettext("field", "kind"),
        "limited": pgettext("field", "limited"),
        # Translators: locals in the supply, or the spaces a local moves in the final movement
        "local": pgettext("field", "local"),
        # Translators: an objective tile's miscellaneous bonus
        "misc": pgettext("field", "misc"),
        # Translators: the penalty for the most unplaced people
        "most": pgettext("field", "most"),
        "name": pgettext("field", "name"),
        # Translators: an entry's German words are to be translated again (de.outdated)
        "outdated": pgettext("field", "outdated"),
        # Translators: an objective tile's unplaced-people penalty
        "penalty": pgettext("field", "penalty"),
        "people": pgettext("field", "people"),
        "per": pgettext("field", "per"),
        "per_full_ring": pgettext("field", "per full ring"),
        # Translators: a chain scores per copy of its tag (true) or once (false)
        "per_tag": pgettext("field", "per tag"),
        "per_unplaced": pgettext("field", "per unplaced"),
        "placement": pgettext("field", "placement"),
        "points": pgettext("field", "points"),
        "points_per_space": pgettext("field", "points per space"),
        "points_per_tag": pgettext("field", "points per tag"),
        "rings": pgettext("field", "rings"),
        "row": pgettext("field", "row"),
        "sand_dollar_tiles_in_play": pgettext("field", "sand dollar tiles in play"),
        "schema": pgettext("field", "schema"),
        "scoring": pgettext("field", "scoring"),
        # Translators: the penalty for the second most unplaced people
        "second": pgettext("field", "second"),
        "sides": pgettext("field", "sides"),
        # Translators: where a sand dollar action takes its card from
        "source": pgettext("field", "source"),
        "supply": pgettext("field", "supply"),
        "swap": pgettext("field", "swap"),
        # Translators: what a neighbour's printed placement symbols give (adjacent_gives)
        "symbol": pgettext("field", "symbol"),
        # Translators: a chain table's points for chains of 1, 2, 3... copies
        "table": pgettext("field", "table"),
        "tag": pgettext("field", "tag"),
        "tags": pgettext("field", "tags"),
        # Translators: a sand dollar action takes a card with any of these tags
        "tags_any": pgettext("field", "tags any"),
        "take": pgettext("field", "take"),
        "text": pgettext("field", "text"),
        "tiers": pgettext("field", "tiers"),
        "tourist": pgettext("field", "tourist"),
        "version": pgettext("field", "version"),
        "vip": pgettext("field", "vip"),
        # Translators: an objective tile's wave bonus
        "wave": pgettext("field", "wave"),
    }


def _owned_words() -> dict[tuple[str, str], str]:
    """(class name, key) -> the label where a key means something else in that class."""
    return {
        # Translators: the places of an activity ring (local, tourist, vip or any)
        ("Ring", "people"): pgettext("field", "places"),  # not translated: a class name
        # Translators: footprint tokens in the supply
        ("Supply", "footprint"): pgettext("field", "footprints"),  # not translated: a class name
    }


def _value_words() -> dict[str, str]:
    """A value as a file writes it -> its words (tags, people, rows, symbols, sources)."""
    return {
        "beach": pgettext("value", "beach"),
        "street": pgettext("value", "street"),
        # Translators: any row, or any kind of person
        "any": pgettext("value", "any"),
        # Translators: a tag, a kind of person or a printed symbol
        "local": pgettext("value", "local"),
        "tourist": pgettext("value", "tourist"),
        "vip": pgettext("value", "vip"),
        "business": pgettext("value", "business"),
        "sports": pgettext("value", "sports"),
        "nature": pgettext("value", "nature"),
        "wave": pgettext("value", "wave"),
        # Translators: a printed symbol that gives sand dollars (adjacent_gives)
        "sand_dollar": pgettext("value", "sand_dollar"),
        # Translators: a printed symbol that adds people of any kind (adjacent_gives)
        "people": pgettext("value", "people"),
        # Translators: where a sand dollar action takes a card: the front row
        "front": pgettext("value", "front"),
        # Translators: where a sand dollar action takes a card: the back row
        "back": pgettext("value", "back"),
        # Translators: where a sand dollar action takes a card: either row of the display
        "display": pgettext("value", "display"),
        # Translators: where a sand dollar action takes cards: a front card and the one behind
        "column": pgettext("value", "column"),
    }


def _kind_words() -> dict[str, str]:
    """An entry kind (a file's table name) -> its name, and with a capital (a heading)."""
    return {
        "card": pgettext("entry kind", "card"),
        "starting_tile": pgettext("entry kind", "starting tile"),
        "sand_dollar_action": pgettext("entry kind", "sand dollar action"),
        "sand_dollar_tile": pgettext("entry kind", "sand dollar tile"),
        "objective_tile": pgettext("entry kind", "objective tile"),
    }


def field_label(name: str, owner: type | str | None = None) -> str:
    """The label of the key ``name`` (of the class ``owner``, where it matters)."""
    owner_name = owner if isinstance(owner, str) else getattr(owner, "__name__", "")
    known = _owned_words().get((owner_name, name)) or _field_words().get(name)
    return known if known is not None else name.replace("_", " ")


def value_word(value: Any) -> str:
    """A value as shown: its words where it has some, else as written."""
    if isinstance(value, str):
        return _value_words().get(value, value)
    return str(value)


def kind_word(kind: str) -> str:
    """An entry kind (``card``, ``starting_tile``...) in words: "card", "Merkmalskarte"."""
    return _kind_words().get(kind, kind.replace("_", " "))


def entry_words(kind: str, ident: str) -> str:
    """An entry named by its kind and id: "card drum_circle", "Merkmalskarte drum_circle"."""
    return _("{kind} {id}").format(kind=kind_word(kind), id=ident)


def place_words(path: tuple[str | int, ...] | list[str | int]) -> str:
    """Where in an entry a change is: ``scoring.0.points`` as "scoring 1 points" (English,
    as written but for the number, counted from 1) or "Wertung 1 Punkte"."""
    if current() == SOURCE:
        return ".".join(str(p) for p in path)
    return " › ".join(str(p + 1) if isinstance(p, int) else field_label(p) for p in path)


def keyed(shown: str, key: str) -> str:
    """``shown`` with the file's key beside it when it is not the key itself: "Reihe (row)"."""
    if shown in (key, key.replace("_", " ")):
        return shown
    return _("{words} ({key})").format(words=shown, key=key)


def quoted(words: str) -> str:
    """A label quoted in a sentence: 'count' in English, „Anzahl“ in German."""
    # Translators: a field's label quoted in a sentence (German quotes: „{words}“)
    return _("'{words}'").format(words=words)


def with_key(help_text: str, shown: str, key: str) -> str:
    """A field's help with the key named first when the label is not the key: "Reihe (row):
    ..." (a designer finds it in the file and in the format guide)."""
    named = keyed(shown, key)
    if named == shown:
        return help_text
    return _("{field}: {help}").format(field=named, help=help_text) if help_text else named


def values_help(values: list[str]) -> str:
    """The values of a drop-down as the file writes them, where they are shown otherwise:
    "In the file: beach (Strand), street (Promenade)" ("" when every value is as written)."""
    pairs = [(v, value_word(v)) for v in values]
    if all(word == value for value, word in pairs):
        return ""
    return _("In the file: {values}").format(
        values=", ".join(f"{value} ({word})" for value, word in pairs))


def shown_name(table: dict[str, Any], default: str = "") -> str:
    """An entry's name as a player in the language in force reads it: its ``de.name`` in
    German when it gives one that is not marked outdated (as ``entry_in_language`` words a
    loaded entry), else ``name``."""
    name = table.get("name", default)
    language = current()
    if language in WORDED_LANGUAGES:
        wording = table.get(language)
        if isinstance(wording, dict) and isinstance(wording.get("name"), str) and \
                wording["name"] and wording.get("outdated") is not True:
            return wording["name"]
    return name if isinstance(name, str) else str(name)


def names_of(table: dict[str, Any]) -> list[str]:
    """Every name an entry gives (its own and each language's), for a search."""
    found = [str(table.get("name", ""))]
    for language in WORDED_LANGUAGES:
        wording = table.get(language)
        if isinstance(wording, dict) and isinstance(wording.get("name"), str):
            found.append(wording["name"])
    return found
