"""Writing content packs: entries and rules as TOML text, a whole pack folder at once
(``save_pack``), a catalog as a standalone pack (``save_catalog``)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import tomli_w

from smqt.engine.catalog import CATALOG_FIELDS, Catalog, catalog_entries
from smqt.engine.content import Rules
from smqt.files.atomic import write_files
from smqt.language.translate import _
from smqt.pack.convert import converter
from smqt.pack.folder import KINDS, entries_files
from smqt.pack.manifest import MANIFEST, SCHEMA, PackManifest

_SAVED_FILES = {kind: f"{name}.toml" for kind, name in CATALOG_FIELDS.items()}


_RULES_FILE = "rules.toml"


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
        raise ValueError(_("unknown kinds {kinds} (expected some of {allowed})").format(
            kinds=unknown, allowed=", ".join(KINDS)))
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
    (``smqt.files.atomic.write_files``).

    Raises FileExistsError when the folder holds other ``.toml`` files, which would be
    loaded with the pack, and ValueError for a file name that is not a plain ``*.toml``.
    """
    for file_name in files:
        if (
            file_name == MANIFEST
            or Path(file_name).name != file_name
            or not (file_name.endswith(".toml") and not file_name.startswith("."))
        ):
            raise ValueError(_("{name} is not a name for an entries file").format(
                name=repr(file_name)))
    target = Path(folder)
    if target.is_dir():
        others = [p.name for p in entries_files(target) if p.name not in files]
        if others:
            raise FileExistsError(_("{folder} holds other pack files: {files}").format(
                folder=target, files=", ".join(others)))
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
