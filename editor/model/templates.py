"""What the editor puts into a pack when the author asks for something new: a fresh entry of
each kind, a copy of an entry, a default item for a list (a scoring entry, a ring, a tag), a
value for a union whose kind changed, and ids that are not taken yet. Qt-free; values are
TOML tables."""

from __future__ import annotations

import copy
import enum
import re
import types
import typing
import unicodedata
from collections.abc import Iterable
from typing import Any

import attrs

from smqt.engine import effects as fx
from smqt.engine.content import WORDED_LANGUAGES
from smqt.pack.convert import tag_of
from smqt.pack.fieldinfo import field_range, resolved_fields

_SPECIAL: dict[tuple[type, str], Any] = {
    (fx.AdjacentAll, "tags"): ["wave", "nature"],
    (fx.AdjacentTiers, "tiers"): [[1, 2], [2, 4]],
    (fx.ChainTable, "table"): [1, 3, 6],
    (fx.LargestChain, "tags"): ["wave"],
    (fx.CountChains, "tags"): ["wave"],
    (fx.ChainTable, "tags"): ["wave"],
    (fx.Ring, "people"): ["any"],
}
"Required fields whose plain default would not load (at least two tags, one tier...)."


def union_members(tp: Any) -> tuple[type, ...]:
    """The classes of a tagged union type (empty for any other type)."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        members = tuple(a for a in typing.get_args(tp) if a is not type(None))
        if members and all(attrs.has(a) and tag_of(a) for a in members):
            return members
    return ()


def default_value(tp: Any, attribute: attrs.Attribute | None = None) -> Any:
    """A value of type ``tp`` that loads: the first member of an enum, the smallest allowed
    number (at least 1 where 0 would score nothing), one item for a required list."""
    members = union_members(tp)
    if members:
        return default_table(members[0])
    origin = typing.get_origin(tp)
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if origin in (typing.Union, types.UnionType):
        return None if type(None) in typing.get_args(tp) else default_value(args[0])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return [default_value(args[0])]
        return [default_value(a) for a in args]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp)).value
    if tp is bool:
        return False
    if tp is int:
        bounds = field_range(attribute) if attribute is not None else None
        if bounds and bounds.maximum is not None and bounds.maximum <= 0:
            return min(-1, bounds.maximum) if bounds.minimum is None else bounds.maximum
        low = bounds.minimum if bounds and bounds.minimum is not None else 1
        return max(low, 1)
    if tp is str:
        return ""
    if attrs.has(tp):
        return default_table(tp)
    raise TypeError(f"no default for {tp!r}")  # not translated: a programming error


def default_table(cls: type) -> dict[str, Any]:
    """A table of ``cls`` holding its required fields (and ``kind`` for a union member)."""
    table: dict[str, Any] = {}
    kind = tag_of(cls)
    if kind:
        table["kind"] = kind
    for attribute in resolved_fields(cls):
        if attribute.default is not attrs.NOTHING:
            continue
        special = _SPECIAL.get((cls, attribute.name))
        table[attribute.name] = list(special) if special is not None else \
            default_value(attribute.type, attribute)
    return table


def free_id(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or ``wanted_2``, ``wanted_3``... whichever is not taken."""
    taken = set(taken)
    base = re.sub(r"_\d+$", "", wanted) if wanted in taken else wanted
    if base not in taken:
        return base
    number = 2
    while f"{base}_{number}" in taken:
        number += 1
    return f"{base}_{number}"


def id_from_name(name: str) -> str:
    """The id a name suggests: lower case letters and digits joined by ``_`` ("Ocean Avenue
    Taco Stand" -> ``ocean_avenue_taco_stand``); accents are dropped, "" when nothing is left."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")


def follows_name(ident: str, name: str, kind: str) -> bool:
    """Whether ``ident`` is still the id the editor made up (``new_card``, ``x_copy``) or the
    one ``name`` suggests, possibly numbered: such an id follows the name; an id typed by
    hand does not."""
    bare = re.sub(r"_\d+$", "", ident)
    made = {f"new_{kind}", id_from_name(name)}
    return bool(ident) and (ident in made or bare in made or bare.endswith("_copy"))


def copy_of(table: dict[str, Any], ident: str) -> dict[str, Any]:
    """A copy of an entry's table with the id ``ident``, its name saying it is a copy, and its
    words in other languages (``de.name``, ``de.text``) marked to be translated again
    (``de.outdated = true``): a copy must not pass for the original in German."""
    twin = copy.deepcopy(table)
    twin["id"] = ident
    if isinstance(twin.get("name"), str):
        twin["name"] = twin["name"] + " (copy)"  # not translated: pack content
    for language in WORDED_LANGUAGES:
        wording = twin.get(language)
        if isinstance(wording, dict) and any(
                isinstance(wording.get(key), str) and wording[key] for key in ("name", "text")):
            wording["outdated"] = True
    return twin


def outdated_languages(table: dict[str, Any]) -> list[str]:
    """The languages whose words ``table`` marks to be translated again (``de.outdated``)."""
    return [language for language in WORDED_LANGUAGES
            if isinstance(table.get(language), dict) and table[language].get("outdated") is True]


def new_entry(kind: str, ident: str, action_ids: list[str] | None = None) -> dict[str, Any]:
    """A fresh entry of ``kind`` that loads (a sand dollar tile needs two action ids)."""
    # the names are pack content, written to the pack's files as the author's first draft
    if kind == "card":
        return {"id": ident, "name": "New card",  # not translated: pack content
                "row": "beach", "tags": ["nature"]}
    if kind == "starting_tile":
        return {"id": ident, "name": "New starting tile",  # not translated: pack content
                "tags": ["nature"],
                "footprint": {"tags": ["nature"], "points_per_tag": 1}}
    if kind == "sand_dollar_action":
        return {"id": ident, "name": "New action", "cost": 2,  # not translated: pack content
                "take": {"source": "front", "count": 1}}
    if kind == "sand_dollar_tile":
        sides = (action_ids or [])[:2]
        return {"id": ident, "sides": sides + [""] * (2 - len(sides))}
    if kind == "objective_tile":
        return {"id": ident, "name": "New objective",  # not translated: pack content
                "wave": default_table(fx.LargestChain),
                "misc": default_table(fx.PairedRun),
                "penalty": default_table(fx.MostUnplaced)}
    raise ValueError(f"unknown kind {kind!r}")  # not translated: a programming error
