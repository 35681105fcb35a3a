"""Loading a content pack into the engine's ``Catalog``: ``load_pack`` (every problem raised at
once), ``check_pack`` (what loaded and every problem), ``load_files`` (a pack given as files, not
folders), and counts for summaries."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import attrs

from smqt.engine.catalog import CATALOG_FIELDS, Catalog, PackIdentity, in_language
from smqt.engine.effects import Row
from smqt.language.translate import current
from smqt.pack.convert import converter
from smqt.pack.folder import KINDS, PackContents, read_pack
from smqt.pack.packwarnings import pack_warnings
from smqt.pack.playable import setup_problems
from smqt.pack.problems import ContentError, PackError


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


def load_pack(path: str | os.PathLike[str]) -> Catalog:
    """Load the pack folder at ``path`` with its ancestors; raise ``PackError`` listing every
    problem if there is any."""
    catalog, errors = check_pack(path)
    if errors or catalog is None:
        raise PackError(errors)
    return catalog


def load_worded(path: str | os.PathLike[str]) -> Catalog:
    """``load_pack`` with each entry's name and text in the language in force where the pack
    gives them (``de.name``...): the catalog a player reads. Never save it (``save_catalog``
    writes the pack's own words from ``load_pack``)."""
    return in_language(load_pack(path), current())


def check_pack(
    path: str | os.PathLike[str], files: Mapping[str, bytes] | None = None
) -> tuple[Catalog | None, list[ContentError]]:
    """Load the pack folder at ``path`` and return what loaded with every problem found.

    Entries with problems are left out; the catalog is None only when the pack cannot be
    put together at all (no readable manifest in it or in a pack it extends). Besides what
    ``read_pack`` finds, the problems say why a game could not be set up (``smqt.pack.playable``).
    ``files``: the pack's own files as they would be on disk, read instead of its folder's
    (see ``read_pack``).
    """
    return _catalog(*read_pack(path, files))


@attrs.frozen
class PackReview:
    """A pack's check with its warnings (``smqt validate``, the content editor)."""

    catalog: Catalog | None
    "What loaded (None when the pack cannot be put together at all)."
    errors: list[ContentError]
    "Every problem: a pack with any does not play."
    warnings: list[ContentError]
    "What the pack may still get wrong though it plays (``smqt.pack.packwarnings``)."


def review_pack(
    path: str | os.PathLike[str], files: Mapping[str, bytes] | None = None
) -> PackReview:
    """``check_pack`` with the warnings about what loaded."""
    contents, errors = read_pack(path, files)
    catalog, errors = _catalog(contents, errors)
    warnings = pack_warnings(contents) if contents is not None else []
    return PackReview(catalog, errors, warnings)


def load_files(files: Mapping[str, bytes | str], leaf: str = ".") -> Catalog:
    """Load a pack given as files: every file of the pack and of the packs it extends
    (relative POSIX path -> bytes or text), the pack's own folder ``leaf`` among them;
    nothing is read from disk. Raise ``PackError`` listing every problem if there is any.
    The content hash is the one the same files give in folders."""
    catalog, errors = check_files(files, leaf)
    if errors or catalog is None:
        raise PackError(errors)
    return catalog


def check_files(files: Mapping[str, bytes | str], leaf: str = "."
                ) -> tuple[Catalog | None, list[ContentError]]:
    """``check_pack`` of a pack given as files (``load_files``)."""
    tree = {name: data.encode("utf-8") if isinstance(data, str) else data
            for name, data in files.items()}
    return _catalog(*read_pack(leaf, tree=tree))


def _catalog(contents: PackContents | None, errors: list[ContentError]
             ) -> tuple[Catalog | None, list[ContentError]]:
    if contents is None:
        return None, errors
    errors += setup_problems(contents)
    manifest = contents.manifest
    identity = PackIdentity(manifest.name, manifest.version, contents.content_hash)
    entries = {CATALOG_FIELDS[kind]: contents.entries[kind] for kind in KINDS}
    return Catalog(identity=identity, rules=contents.rules, **entries), errors
