"""What a variant changes relative to the pack it is compared with, one change at a time: the
catalogs ``smqt sim --per-change`` plays (sweeps of one number are in ``sweep.py``).

- ``pack_changes(base, variant)``: every entry added, changed (field by field, as dotted paths
  such as ``scoring[1].points``) or removed, and every rules parameter changed.
- ``with_changes(base, variant, changes)``: the base pack plus some of those changes. With all
  of them it is the variant's catalog exactly: same entries, same order within each kind (the
  order deals the deck), same rules.
- ``parse_sweep(text, base)`` and ``sweepcatalog_with(base, sweep, value)``: ``TARGET=VALUES`` such
  as ``rules.cards_to_end=10:14`` or ``card.sunset_lookout.scoring[1].points=1,2,3``.
- ``catalog_files(catalog, ...)``: a catalog as the files of a standalone pack.

Entries are compared as plain data (what TOML holds), every field written out, defaults too,
so that a change from a default reads ``distance 1 -> 2`` rather than ``distance None -> 2``.
Modified data goes back through the content converter, so every field validator runs, and
every generated catalog is loaded from its files once, so the loader's cross-entry and setup
checks run too: a catalog these functions return is one that ``load_pack`` would give.

Generated catalogs carry a ``PackIdentity`` named after what they hold (``base + card Sunset
Lookout changed``), the base pack's version, and the content hash of the files
``catalog_files(catalog, identity.name, identity.version)`` gives (no description): writing
them out under another name, version or description gives another hash, found by loading
the files.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from smqt.engine.catalog import Catalog, catalog_entries
from smqt.engine.content import Rules
from smqt.language.translate import N_, _
from smqt.pack.convert import converter, tag_of
from smqt.pack.folder import KINDS
from smqt.pack.load import check_files
from smqt.pack.manifest import MANIFEST, SCHEMA, PackManifest
from smqt.pack.save import entries_to_toml, manifest_to_toml, rules_to_toml

__all__ = [
    "ENTRY_KINDS",
    "Change",  # not translated: a name exported
    "ChangeError",
    "FieldChange",
    "catalog_files",
    "pack_changes",
    "with_changes",
]

ENTRY_KINDS: tuple[str, ...] = tuple(KINDS)
"The entry kinds in the order changes are listed: card, starting_tile... objective_tile."
RULES = "rules"
"The ``kind`` of a change to a rules parameter."

_FIELDS = {
    "card": "cards",
    "starting_tile": "starting_tiles",
    "sand_dollar_action": "sand_dollar_actions",
    "sand_dollar_tile": "sand_dollar_tiles",
    "objective_tile": "objective_tiles",
}
"Entry kind -> the ``Catalog`` field holding it."
_FILES = {kind: f"{field}.toml" for kind, field in _FIELDS.items()}
"What ``save_catalog`` writes, one file per kind."
_RULES_FILE = "rules.toml"
_NAME_MAX = 60
"A pack name's limit (``PackManifest``)."
_DESCRIPTION_MAX = 500
"A pack description's limit (``PackManifest``)."
MOVED = N_("moved to the end of the {kind} order")
"Said of a changed entry that moves (translated only where a person reads the description)."
KIND_WORDS = {"card": N_("card"), "starting_tile": N_("starting tile"),
              "sand_dollar_action": N_("sand dollar action"),
              "sand_dollar_tile": N_("sand dollar tile"), "objective_tile": N_("objective tile")}
"An entry kind as a change's label names it."
WHAT_WORDS = {"added": N_("added"), "changed": N_("changed"), "removed": N_("removed")}
"What a change did to its entry, in words."
# Translators: a change of a variant: "{kind} {name} {what}", e.g. "card Surf Shack added"
LABEL = N_("{kind} {name} {what}")
RULES_WORD = N_("rules")
"A change's label for a rules parameter begins with it."


# --------------------------------------------------------------------------- changes


@attrs.frozen
class FieldChange:
    """One value of an entry (or one rules parameter) that differs."""

    path: str
    "Dotted path inside the entry, such as ``scoring[1].points``; ``""`` for the whole value."
    before: object
    "Plain (TOML-like) value in the base pack; None when absent."
    after: object
    "Plain value in the variant; None when absent."

    def describe(self) -> str:
        """``scoring[1].points 2 -> 3``."""
        values = f"{plain_text(self.before)} -> {plain_text(self.after)}"
        return f"{self.path} {values}" if self.path else values


@attrs.frozen
class Change:
    """One thing a variant does to its base: an entry added, changed or removed, or one rules
    parameter changed."""

    kind: str
    "An entry kind (``card``, ``starting_tile``... ``objective_tile``) or ``rules``."
    id: str
    "The entry id, or the rules parameter's path (``cards_to_end``, ``supply.tourist``)."
    what: str
    "``added``, ``changed`` or ``removed``."
    fields: tuple[FieldChange, ...] = ()
    "For ``changed``: every value that differs (for rules, one with the path ``""``)."
    name: str = ""
    "The entry's display name when it has one (the variant's, for a changed entry)."
    moved: bool = False
    """A changed entry the variant removed and defined again: it moves to the end of its
    kind's order (FORMAT.md, "Variants"), which changes the deck order."""

    def label(self, translate: Callable[[str], str] = str) -> str:
        """Short: ``card Surf Shack added``, ``rules cards_to_end 12 -> 11``. ``translate``
        (``_``) puts its words into the language in force, for a person (``Karte Surf Shack
        hinzugefügt``); the default keeps them English, for the files of a generated pack."""
        if self.kind == RULES:
            rules = translate(RULES_WORD)
            return f"{rules} {self.id} {self.fields[0].describe()}" if self.fields else \
                f"{rules} {self.id} {translate(WHAT_WORDS[self.what])}"
        return translate(LABEL).format(kind=translate(KIND_WORDS[self.kind]),
                                       name=self.name or self.id,
                                       what=translate(WHAT_WORDS[self.what]))

    def describe(self, translate: Callable[[str], str] = str) -> str:
        """One line with every field change: ``card Pier changed: scoring[0].points 2 -> 3``,
        its words put into the language in force by ``translate`` as in ``label``."""
        if self.kind == RULES:
            return self.label(translate)
        parts = [field.describe() for field in self.fields]
        if self.moved:
            parts.append(translate(MOVED).format(kind=translate(KIND_WORDS[self.kind])))
        return f"{self.label(translate)}: {'; '.join(parts)}" if parts else self.label(translate)

    def slug(self) -> str:
        """File-name-safe and unique per change: ``card-pier-changed``, ``rules-supply-tourist``.

        Ids hold only ``[a-z0-9_-]`` and rules keys no ``-``, so nothing collides."""
        if self.kind == RULES:
            return f"rules-{self.id.replace('.', '-')}"
        return f"{self.kind.replace('_', '-')}-{self.id}-{self.what}"

    @property
    def key(self) -> tuple[str, str, str]:
        """(kind, id, what): which change this is, whatever its details."""
        return (self.kind, self.id, self.what)


class ChangeError(ValueError):
    """Some changes of a variant do not make a pack on their own (a sand dollar tile added
    without the action printed on it, say); the message says which and why."""


def pack_changes(base: Catalog, variant: Catalog) -> list[Change]:
    """What ``variant`` changes relative to ``base``: rules parameters first (in the order of
    the ``Rules`` fields), then each kind in ``ENTRY_KINDS`` order; within a kind the entries
    added (in the variant's order), changed (in the base's order), then removed (in the
    base's order)."""
    changes = _rules_changes(base.rules, variant.rules)
    for kind in ENTRY_KINDS:
        changes += _kind_changes(kind, catalog_entries(base, kind), catalog_entries(variant, kind))
    return changes


def _rules_changes(before: Rules, after: Rules) -> list[Change]:
    return [
        Change(RULES, field.path, "changed", (FieldChange("", field.before, field.after),))
        for field in _diff(plain(before), plain(after), "")
    ]


def _kind_changes(kind: str, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    moved = _moved_ids(list(before), list(after))
    added = [
        Change(kind, entry_id, "added", name=_name(entry))
        for entry_id, entry in after.items() if entry_id not in before
    ]
    changed = []
    for entry_id, entry in before.items():
        if entry_id not in after:
            continue
        fields = tuple(_diff(plain(entry), plain(after[entry_id]), ""))
        if fields or entry_id in moved:
            changed.append(Change(kind, entry_id, "changed", fields, _name(after[entry_id]),
                                  moved=entry_id in moved))
    removed = [
        Change(kind, entry_id, "removed", name=_name(entry))
        for entry_id, entry in before.items() if entry_id not in after
    ]
    return added + changed + removed


def _moved_ids(before: list[str], after: list[str]) -> set[str]:
    """Ids of ``before`` that ``after`` holds out of ``before``'s order.

    A variant's order is the parent's entries in the parent's order (less those removed),
    then the new ones; an entry removed and defined again is new (FORMAT.md). So ``after`` is
    a prefix of ``before``'s ids in order, then a tail: the tail's old ids moved.
    """
    position = {entry_id: index for index, entry_id in enumerate(before)}
    last = -1
    for count, entry_id in enumerate(after):
        index = position.get(entry_id)
        if index is None or index < last:
            return {i for i in after[count:] if i in position}
        last = index
    return set()


def _name(entry: object) -> str:
    name = getattr(entry, "name", "")
    return name if isinstance(name, str) else ""


def with_changes(base: Catalog, variant: Catalog, changes: Sequence[Change]) -> Catalog:
    """``base`` plus ``changes`` (some of ``pack_changes(base, variant)``): each entry added
    or changed as the variant has it, each removed one left out, each rules parameter set as
    the variant sets it. Kept entries keep the base's order; added (and moved) entries come
    after them in the variant's order, as the pack loader places them, so all the changes
    give the variant's catalog exactly.

    Raises ValueError for a change the variant does not make, and ChangeError when the
    changes chosen do not make a pack that sets up a game (a tile whose action is missing,
    too few cards for the display).
    """
    available = {change.key: change for change in pack_changes(base, variant)}
    chosen: dict[tuple[str, str, str], Change] = {}
    for change in changes:
        if change.key not in available:
            raise ValueError(
                f"{change.label()!r} is not a change the variant "
                f"{variant.identity.name!r} makes to {base.identity.name!r}")  # not translated: for devs
        chosen[change.key] = available[change.key]
    rules = base.rules
    picked_rules = [change.id for change in chosen.values() if change.kind == RULES]
    if picked_rules:
        data = plain(base.rules)
        variant_rules = plain(variant.rules)
        for path in picked_rules:
            set_path(data, parse_path(path), get_path(variant_rules, parse_path(path)))
        rules = converter.structure(data, Rules)
    entries = {
        kind: _entries_with(kind, catalog_entries(base, kind), catalog_entries(variant, kind),
                            {key: c for key, c in chosen.items() if key[0] == kind})
        for kind in ENTRY_KINDS
    }
    ordered = [available[key] for key in available if key in chosen]
    name = pack_name(base.identity.name, [c.label() for c in ordered])
    return checked_catalog(catalog_with(base, entries, rules), name, base.identity.version,
                    lambda problems: ChangeError(
                        _("{pack}: the changes {changes} do not make a pack on their own: "
                          "{problems}").format(
                            pack=name, problems=problems,
                            changes=", ".join(repr(c.label(_)) for c in ordered) or _("(none)"))))


def _entries_with(kind: str, before: Mapping[str, Any], after: Mapping[str, Any],
                  chosen: Mapping[tuple[str, str, str], Change]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    tail: set[str] = set()
    for entry_id, entry in before.items():
        if (kind, entry_id, "removed") in chosen:
            continue
        change = chosen.get((kind, entry_id, "changed"))
        if change is None:
            result[entry_id] = entry
        elif change.moved:
            tail.add(entry_id)
        else:
            result[entry_id] = after[entry_id]
    tail |= {entry_id for (_, entry_id, what) in chosen if what == "added"}
    for entry_id, entry in after.items():
        if entry_id in tail:
            result[entry_id] = entry
    return result


# --------------------------------------------------------------------------- sweeps


def catalog_files(catalog: Catalog, name: str, version: str, description: str = "") -> dict[str, str]:
    """``catalog`` as the files of a standalone pack (extending nothing), file name -> TOML
    text: ``pack.toml``, one entries file per kind and ``rules.toml``, as ``save_catalog``
    writes them. Loading them gives the same entries, in order, and rules.

    ``name`` and ``description`` are cut to the manifest's limits (60 and 500 characters,
    ending in ``...``), so that a long generated label still makes a pack; ValueError when
    the manifest refuses them otherwise (a blank name or version, a line break in a name)."""
    manifest = PackManifest(_cut(name, _NAME_MAX), version, SCHEMA,
                            description=_cut(description, _DESCRIPTION_MAX))
    files = {MANIFEST: manifest_to_toml(manifest)}
    for kind, file_name in _FILES.items():
        files[file_name] = entries_to_toml(kind, catalog_entries(catalog, kind).values())
    files[_RULES_FILE] = rules_to_toml(catalog.rules)
    return files


def checked_catalog(catalog: Catalog, name: str, version: str,
             error: Callable[[str], ValueError]) -> Catalog:
    """``catalog`` as loading its files gives it (identity included), or ``error(problems)``
    raised when the loader finds problems."""
    loaded, problems = check_files(catalog_files(catalog, name, version))
    if loaded is None or problems:
        texts = [f"{p.entry + ', ' if p.entry else ''}{p.key + ': ' if p.key else ''}{p.problem}"
                 for p in problems] or [_("the pack could not be read")]
        raise error("; ".join(texts))
    return loaded


def catalog_with(base: Catalog, entries: Mapping[str, dict[str, Any]], rules: Rules) -> Catalog:
    fields: dict[str, Any] = {_FIELDS[kind]: dict(items) for kind, items in entries.items()}
    return attrs.evolve(base, rules=rules, **fields)


def pack_name(base_name: str, labels: Sequence[str]) -> str:
    """``base + card Pier changed``, or ``base + 3 changes`` when that is too long."""
    name = f"{base_name} + {', '.join(labels)}" if labels else base_name
    if len(name) <= _NAME_MAX:
        return name
    return _cut(f"{base_name} + {len(labels)} changes" if len(labels) > 1 else name, _NAME_MAX)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- plain data


def plain(value: object) -> Any:
    """``value`` as TOML-like data with every field written out, defaults included: attrs
    instances as dicts (``kind`` first in tagged tables), tuples as lists, enums as their
    values."""
    cls: Any = type(value)
    if attrs.has(cls):
        out: dict[str, Any] = {}
        tag = tag_of(cls)
        if tag is not None:
            out["kind"] = tag
        for a in attrs.fields(cls):
            out[a.name] = plain(getattr(value, a.name))
        return out
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def plain_text(value: object) -> str:
    """A plain value as a person reads it, TOML-like: ``3``, ``"tourist"``, ``[1, 2]``,
    ``{ kind = "adjacent", tag = "wave", points = 2 }``, ``(none)``."""
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string, line breaks escaped
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(plain_text(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {plain_text(v)}" for k, v in value.items()) + " }"
    return str(value)


def _diff(before: Any, after: Any, path: str) -> Iterator[FieldChange]:
    """Every leaf that differs: tables of one kind key by key, lists of one length item by
    item, lists of tables also item by item (an item missing on one side is None there);
    anything else whole."""
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict) \
            and before.get("kind") == after.get("kind"):
        for key in [*before, *(k for k in after if k not in before)]:
            yield from _diff(before.get(key), after.get(key), _join(path, key))
        return
    if isinstance(before, list) and isinstance(after, list) and (
        len(before) == len(after)
        or all(isinstance(item, dict) for item in [*before, *after])
    ):
        for index in range(max(len(before), len(after))):
            yield from _diff(before[index] if index < len(before) else None,
                             after[index] if index < len(after) else None, f"{path}[{index}]")
        return
    yield FieldChange(path, before, after)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def get_path(data: Any, steps: Sequence[str | int]) -> Any:
    for step in steps:
        data = data[step]
    return data


def set_path(data: Any, steps: Sequence[str | int], value: object) -> None:
    get_path(data, steps[:-1])[steps[-1]] = value


_STEP = re.compile(r"\.?([a-z_][a-z0-9_]*)|\[(\d+)\]")




def parse_path(text: str) -> list[str | int]:
    """``scoring[0].points`` -> ["scoring", 0, "points"]; ValueError when it is no path."""
    steps: list[str | int] = []
    at = 0
    while at < len(text):
        match = _STEP.match(text, at)
        if match is None or (at == 0 and text.startswith(".")) or \
                (at > 0 and match[1] and not text.startswith(".", at)):
            raise ValueError(text)
        steps.append(match[1] if match[1] else int(match[2]))
        at = match.end()
    if not steps:
        raise ValueError(text)
    return steps
