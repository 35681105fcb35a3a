"""The loaded content of a pack (what never changes in a game): ``Catalog``; loading it
(``load_pack``, ``check_pack``) and saving it back as TOML (``save_catalog``).

Reading and checking the pack folder lives in ``packload.py``, the converter that structures
TOML into the content classes in ``convert.py``. The pack format is written down for card
authors in ``content/FORMAT.md``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from smqt.engine.content import (
    FeatureCard,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)
from smqt.engine.convert import converter
from smqt.engine.effects import Row
from smqt.engine.packload import (
    KINDS,
    MANIFEST,
    SCHEMA,
    ContentError,
    PackError,
    PackManifest,
    entries_files,
    read_pack,
)
from smqt.engine.packsetup import setup_problems
from smqt.fileio import write_files

__all__ = [
    "KINDS",
    "MANIFEST",
    "SCHEMA",
    "Catalog",
    "ContentError",
    "PackError",
    "PackIdentity",
    "PackManifest",
    "catalog_counts",
    "catalog_entries",
    "check_pack",
    "converter",
    "dump_entries",
    "entries_to_toml",
    "load_pack",
    "manifest_to_toml",
    "rules_to_toml",
    "save_catalog",
    "save_pack",
    "unstructure_entry",
]

_CATALOG_FIELDS = {
    "card": "cards",
    "starting_tile": "starting_tiles",
    "sand_dollar_action": "sand_dollar_actions",
    "sand_dollar_tile": "sand_dollar_tiles",
    "objective_tile": "objective_tiles",
}
_SAVED_FILES = {kind: f"{name}.toml" for kind, name in _CATALOG_FIELDS.items()}
_RULES_FILE = "rules.toml"


@attrs.frozen
class PackIdentity:
    """Which content a game was played with (R12.2)."""

    name: str
    version: str
    content_hash: str


@attrs.define(eq=False)
class Catalog:
    """Every entry of a loaded pack, keyed by id, in file order."""

    identity: PackIdentity
    cards: dict[str, FeatureCard]
    starting_tiles: dict[str, StartingTile]
    sand_dollar_actions: dict[str, SandDollarAction]
    sand_dollar_tiles: dict[str, SandDollarTile]
    objective_tiles: dict[str, ObjectiveTile]
    rules: Rules = Rules()  # noqa: RUF009 (frozen, so one shared default is safe)

    def with_rules(self, rules: Rules) -> Catalog:
        """The same content under other rules parameters (a replay's stored rules, R12.2)."""
        return attrs.evolve(self, rules=rules)


def catalog_entries(catalog: Catalog, kind: str) -> dict[str, Any]:
    """The entries of one kind (``"card"``, ``"starting_tile"``...), keyed by id."""
    return getattr(catalog, _CATALOG_FIELDS[kind])


def catalog_counts(catalog: Catalog) -> dict[str, int]:
    """How many entries of each kind, for summaries; ``rules_overridden`` counts the rules
    parameters that differ from their defaults."""
    rows = [card.row for card in catalog.cards.values()]
    return {
        "feature_cards": len(rows),
        "beach_cards": rows.count(Row.BEACH),
        "street_cards": rows.count(Row.STREET),
        "starting_tiles": len(catalog.starting_tiles),
        "sand_dollar_actions": len(catalog.sand_dollar_actions),
        "sand_dollar_tiles": len(catalog.sand_dollar_tiles),
        "objective_tiles": len(catalog.objective_tiles),
        "rules_overridden": _count_leaves(converter.unstructure(catalog.rules)),
    }


def _count_leaves(table: Mapping[str, Any]) -> int:
    return sum(_count_leaves(v) if isinstance(v, Mapping) else 1 for v in table.values())


# --------------------------------------------------------------------------- loading


def load_pack(path: str | os.PathLike[str]) -> Catalog:
    """Load the pack folder at ``path`` with its ancestors; raise ``PackError`` listing every
    problem if there is any."""
    catalog, errors = check_pack(path)
    if errors or catalog is None:
        raise PackError(errors)
    return catalog


def check_pack(
    path: str | os.PathLike[str], files: Mapping[str, bytes] | None = None
) -> tuple[Catalog | None, list[ContentError]]:
    """Load the pack folder at ``path`` and return what loaded with every problem found.

    Entries with problems are left out; the catalog is None only when the pack cannot be
    put together at all (no readable manifest in it or in a pack it extends). Besides what
    ``read_pack`` finds, the problems say why a game could not be set up (``packsetup``).
    ``files``: the pack's own files as they would be on disk, read instead of its folder's
    (see ``read_pack``).
    """
    contents, errors = read_pack(path, files)
    if contents is None:
        return None, errors
    errors += setup_problems(contents)
    manifest = contents.manifest
    identity = PackIdentity(manifest.name, manifest.version, contents.content_hash)
    entries = {_CATALOG_FIELDS[kind]: contents.entries[kind] for kind in KINDS}
    return Catalog(identity=identity, rules=contents.rules, **entries), errors


# --------------------------------------------------------------------------- saving


def unstructure_entry(entry: object) -> dict[str, Any]:
    """An entry as TOML-ready data: fields in class order, ``kind`` first in union tables,
    fields equal to their default left out."""
    return converter.unstructure(entry)


def entries_to_toml(section: str, entries: Iterable[object]) -> str:
    """TOML text holding ``entries`` as ``[[section]]`` tables, in the given order."""
    return tomli_w.dumps({section: [unstructure_entry(entry) for entry in entries]})


def rules_to_toml(rules: Rules) -> str:
    """A ``[rules]`` table holding the parameters that differ from their defaults."""
    return tomli_w.dumps({"rules": converter.unstructure(rules)})


def dump_entries(sections: Mapping[str, Iterable[object]], rules: Rules | None = None) -> str:
    """One entries file: ``sections`` maps kind names (``card``...) to entries; ``rules``,
    when given, adds a ``[rules]`` table of its non-default parameters."""
    unknown = [kind for kind in sections if kind not in KINDS]
    if unknown:
        raise ValueError(f"unknown kinds {unknown} (expected some of {', '.join(KINDS)})")
    data: dict[str, Any] = {
        kind: [unstructure_entry(entry) for entry in entries] for kind, entries in sections.items()
    }
    if rules is not None:
        data["rules"] = converter.unstructure(rules)
    return tomli_w.dumps(data)


def manifest_to_toml(manifest: PackManifest) -> str:
    """``pack.toml`` text."""
    return tomli_w.dumps(converter.unstructure(manifest))


def save_pack(
    folder: str | os.PathLike[str], manifest: PackManifest, files: Mapping[str, str]
) -> None:
    """Write a pack: ``pack.toml`` from ``manifest`` and each entries file of ``files``
    (file name -> TOML text, e.g. from ``dump_entries``), all or none of them
    (``fileio.write_files``).

    Raises FileExistsError when the folder holds other ``.toml`` files, which would be
    loaded with the pack, and ValueError for a file name that is not a plain ``*.toml``.
    """
    for file_name in files:
        if (
            file_name == MANIFEST
            or Path(file_name).name != file_name
            or not (file_name.endswith(".toml") and not file_name.startswith("."))
        ):
            raise ValueError(f"{file_name!r} is not a name for an entries file")
    target = Path(folder)
    if target.is_dir():
        others = [p.name for p in entries_files(target) if p.name not in files]
        if others:
            raise FileExistsError(f"{target} holds other pack files: {', '.join(others)}")
    texts = {MANIFEST: manifest_to_toml(manifest), **files}
    write_files(target, {name: text.encode("utf-8") for name, text in texts.items()})


def save_catalog(
    catalog: Catalog,
    folder: str | os.PathLike[str],
    name: str,
    version: str,
    description: str = "",
) -> None:
    """Write ``catalog`` as a standalone pack (extending nothing): ``pack.toml``, one file
    per kind and ``rules.toml``; see ``save_pack``."""
    manifest = PackManifest(name, version, SCHEMA, description=description)
    files = {
        file_name: entries_to_toml(kind, catalog_entries(catalog, kind).values())
        for kind, file_name in _SAVED_FILES.items()
    }
    files[_RULES_FILE] = rules_to_toml(catalog.rules)
    save_pack(folder, manifest, files)
