"""The entry list's search and filters, on TOML tables as written (so that an entry with a
mistake is still found). Qt-free."""

from __future__ import annotations

from typing import Any

import attrs

from editor.model.words import names_of

ANY = ""


@attrs.frozen
class EntryFilter:
    text: str = ""
    "Part of the id or of a name (its own or a language's, ``de.name``), any case."
    row: str = ANY
    "``beach`` or ``street`` (feature cards)."
    tag: str = ANY
    "A location tag the entry carries."
    effect: str = ANY
    """A placement, allowance or scoring kind the entry has (``placement:move``,
    ``scoring:chain``...): ``sand_dollars`` is both a placement and a scoring kind."""
    has_ring: bool = False
    "Only entries with at least one ring."

    def matches(self, entry: dict[str, Any]) -> bool:
        text = self.text.strip().lower()
        if text and not any(text in str(word).lower()
                            for word in (entry.get("id", ""), *names_of(entry))):
            return False
        if self.row and entry.get("row") != self.row:
            return False
        if self.tag and self.tag not in _strings(entry.get("tags")):
            return False
        if self.effect and self.effect not in effect_kinds(entry):
            return False
        return not self.has_ring or bool(_list(entry.get("rings")))


def effect_kinds(entry: dict[str, Any]) -> set[str]:
    """``list:kind`` of the entry's placement actions, allowances and scoring entries."""
    found = set()
    for key in ("placement", "scoring", "allowances"):
        for item in _list(entry.get(key)):
            if isinstance(item, dict) and isinstance(item.get("kind"), str):
                found.add(f"{key}:{item['kind']}")
    return found


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _strings(value: Any) -> list[str]:
    return [v for v in _list(value) if isinstance(v, str)]
