"""Reading a content pack folder: the manifest, the entries files, ``extends`` / ``remove``
and partial rules merged onto the parent pack, cross-entry checks and the content hash.
Every problem becomes a ``ContentError``; nothing stops at the first one.

The format is written down for card authors in ``content/FORMAT.md``; ``catalog.py`` turns
the result into a ``Catalog``.
"""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs
from attrs import field

from smqt.engine.content import (
    FeatureCard,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)
from smqt.engine.convert import converter, describe, structure_problems

__all__ = [
    "KINDS",
    "MANIFEST",
    "SCHEMA",
    "ContentError",
    "PackContents",
    "PackError",
    "PackManifest",
    "entries_files",
    "read_pack",
]

SCHEMA = 1
"The only pack schema version this program reads."
MANIFEST = "pack.toml"

KINDS: dict[str, type] = {
    "card": FeatureCard,
    "starting_tile": StartingTile,
    "sand_dollar_action": SandDollarAction,
    "sand_dollar_tile": SandDollarTile,
    "objective_tile": ObjectiveTile,
}
"Entry kinds: the TOML section name (``[[card]]``) and the class it holds."
_SECTIONS = (*KINDS, "rules", "remove")


# --------------------------------------------------------------------------- errors


@attrs.frozen
class ContentError:
    """One problem in a content pack, saying where it is and what to fix."""

    file: str
    "The file, as a readable path."
    entry: str
    "The entry id; ``pack`` for the manifest, ``rules``, ``remove``; empty when unknown."
    key: str
    "Dotted path inside the entry, such as ``scoring[1].tag``; empty for the whole entry."
    problem: str
    "What is wrong and what is allowed."
    line: int | None = None
    "The line, when known (TOML syntax and encoding errors)."
    section: str = ""
    "The TOML section of the entry (``card``, ``starting_tile``...), when it is one."
    index: int | None = None
    "The entry's position in its section of the file (0-based), when it is one."

    def __str__(self) -> str:
        head = self.file if self.line is None else f"{self.file}, line {self.line}"
        where = [part for part in (self._where(), f"key {self.key}" if self.key else "") if part]
        if where:
            return f"{head}: {', '.join(where)}: {self.problem}"
        return f"{head}: {self.problem}"

    def _where(self) -> str:
        if not self.section or self.section == self.entry:
            return self.entry
        if self.entry:
            return f"{self.section} {self.entry!r}"
        if self.index is not None:
            return f"{self.section} #{self.index + 1}"
        return self.section


class PackError(Exception):
    """A content pack has problems; ``errors`` lists every one of them."""

    def __init__(self, errors: Iterable[ContentError]) -> None:
        self.errors = list(errors)
        count = len(self.errors)
        lines = "\n".join(str(error) for error in self.errors)
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in content pack:\n{lines}")


# --------------------------------------------------------------------------- manifest


def _not_blank(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if not value.strip():
        raise ValueError("must not be empty")


def _known_schema(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if value != SCHEMA:
        raise ValueError(f"must be {SCHEMA}, the only schema this program reads, got {value}")


@attrs.frozen
class PackManifest:
    """``pack.toml``: what a pack is called and which pack it extends."""

    name: str = field(validator=_not_blank)
    "The pack's name, stored in game records (R12.2)."
    version: str = field(validator=_not_blank)
    "The pack's version, stored in game records."
    schema: int = field(validator=_known_schema)
    "The format version of the pack; 1."
    extends: str | None = None
    "The parent pack's folder, relative to this pack's folder, e.g. ``../../base``."
    description: str = ""
    "A sentence for people choosing a pack."


# --------------------------------------------------------------------------- reading


@attrs.frozen
class PackContents:
    """A pack merged onto the packs it extends: what a ``Catalog`` is made of."""

    manifest: PackManifest
    "The leaf pack's manifest."
    entries: dict[str, dict[str, Any]]
    "kind (``card``...) -> id -> entry, in order."
    rules: Rules
    content_hash: str
    "16 hex digits of SHA-256 over every TOML file of the pack and its ancestors (R12.2)."


def read_pack(path: str | os.PathLike[str]) -> tuple[PackContents | None, list[ContentError]]:
    """Read the pack folder at ``path`` with its ancestors: what loaded, and every problem.

    Entries with problems are left out; the contents are None only when the pack cannot be
    put together at all (no readable manifest in it or in a pack it extends).
    """
    folder = Path(os.path.normpath(path))
    reader = _PackReader()
    try:
        loaded = reader.load(folder, ((os.path.realpath(folder), str(folder)),))
        if loaded is None:
            return None, reader.errors
        reader.check_references(loaded)
    except Exception as exc:  # a bug here must still not cost the author their report
        reader.errors.append(ContentError(str(folder), "", "", f"internal error: {exc!r}"))
        return None, reader.errors
    digest = hashlib.sha256()
    for part in loaded.hashed:
        digest.update(part)
    contents = PackContents(loaded.manifest, loaded.entries, loaded.rules, digest.hexdigest()[:16])
    return contents, reader.errors


@attrs.define
class _Loaded:
    """One pack merged onto its ancestors."""

    manifest: PackManifest
    entries: dict[str, dict[str, Any]]
    "kind -> id -> entry, in order."
    origin: dict[tuple[str, str], str]
    "(kind, id) -> the file that defined the entry."
    broken: set[tuple[str, str]]
    "(kind, id) of entries left out for their errors, so nothing else reports them missing."
    rules: Rules
    hashed: list[bytes]
    "What the content hash covers, root pack first."


@attrs.define
class _Draft:
    """What one pack's entries files say, before merging onto the parent."""

    new: list[tuple[str, str, Any, str]] = attrs.Factory(list)
    "(kind, id, entry, file) of every well-formed entry."
    defined: dict[tuple[str, str], str] = attrs.Factory(dict)
    broken: set[tuple[str, str]] = attrs.Factory(set)
    removes: list[tuple[str, str, str, str]] = attrs.Factory(list)
    "(kind, id, file, key)."
    rules: dict[tuple[str, ...], tuple[Any, str]] = attrs.Factory(dict)
    "Rules key path -> (value, file)."


_TOML_LINE = re.compile(r"at line (\d+)")


class _PackReader:
    """Reads pack folders recursively, collecting every problem instead of stopping."""

    def __init__(self) -> None:
        self.errors: list[ContentError] = []

    def error(self, file: Path | str, entry: str, key: str, problem: str, **kw: Any) -> None:
        self.errors.append(ContentError(str(file), entry, key, problem, **kw))

    def load(self, folder: Path, chain: tuple[tuple[str, str], ...]) -> _Loaded | None:
        if not folder.is_dir():
            problem = "is not a folder" if folder.exists() else "no such pack folder"
            self.error(folder, "", "", problem)
            return None
        hashed: list[bytes] = []
        manifest = self._read_manifest(folder, hashed)
        parent: _Loaded | None = None
        parent_failed = False
        if manifest is not None and manifest.extends is not None:
            parent, parent_failed = self._load_parent(folder, manifest.extends, chain)
        draft = _Draft()
        for path in entries_files(folder):
            data = self._read_toml(path, "", hashed)
            if data is not None:
                self._read_entries_file(str(path), data, draft)
        if manifest is None or parent_failed:
            return None
        loaded = self._merge(manifest, parent, draft)
        loaded.hashed.append(b"pack\0" + b"".join(hashed))
        return loaded

    def _load_parent(
        self, folder: Path, extends: str, chain: tuple[tuple[str, str], ...]
    ) -> tuple[_Loaded | None, bool]:
        manifest_file = folder / MANIFEST
        parent_folder = Path(os.path.normpath(folder / extends))
        real = os.path.realpath(parent_folder)
        if any(real == seen for seen, _ in chain):
            cycle = " -> ".join([shown for _, shown in chain] + [str(parent_folder)])
            self.error(
                manifest_file, "pack", "extends", f"packs extend each other in a cycle: {cycle}"
            )
            return None, True
        if not parent_folder.is_dir():
            self.error(
                manifest_file,
                "pack",
                "extends",
                f"the parent pack folder {extends!r} does not exist (looked for {parent_folder})",
            )
            return None, True
        parent = self.load(parent_folder, (*chain, (real, str(parent_folder))))
        return parent, parent is None

    def _read_toml(self, path: Path, entry: str, hashed: list[bytes]) -> dict[str, Any] | None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            self.error(path, entry, "", f"cannot be read: {exc.strerror or exc}")
            return None
        name = path.name.encode("utf-8")
        hashed.append(name + b"\0" + len(data).to_bytes(8, "big") + data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            problem = f"is not UTF-8 text (byte 0x{data[exc.start]:02x}); save it as UTF-8"
            self.error(path, entry, "", problem, line=line)
            return None
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            message = str(exc)
            match = _TOML_LINE.search(message)
            line = int(match[1]) if match else text.count("\n") + 1
            self.error(path, entry, "", f"invalid TOML: {message}", line=line)
            return None

    def _read_manifest(self, folder: Path, hashed: list[bytes]) -> PackManifest | None:
        path = folder / MANIFEST
        if not path.is_file():
            self.error(
                path,
                "pack",
                "",
                "missing: every pack folder needs a pack.toml with name, version and schema = 1",
            )
            return None
        data = self._read_toml(path, "pack", hashed)
        if data is None:
            return None
        try:
            return converter.structure(data, PackManifest)
        except Exception as exc:
            for key, problem in structure_problems(exc):
                self.error(path, "pack", key, problem)
            return None

    def _read_entries_file(self, file: str, data: dict[str, Any], draft: _Draft) -> None:
        for section, value in data.items():
            if section in KINDS:
                self._read_entries(file, section, value, draft)
            elif section == "rules":
                self._read_rules(file, value, draft)
            elif section == "remove":
                self._read_remove(file, value, draft)
            else:
                self.error(
                    file,
                    "",
                    section,
                    f"unknown section {section!r} (expected one of {', '.join(_SECTIONS)})",
                )

    def _read_entries(self, file: str, kind: str, value: object, draft: _Draft) -> None:
        if not isinstance(value, list):
            self.error(
                file,
                "",
                kind,
                f"must be an array of tables written [[{kind}]], got {describe(value)}",
            )
            return
        for index, raw in enumerate(value):
            where = {"section": kind, "index": index}
            if not isinstance(raw, dict):
                self.error(
                    file, "", "", f"must be a table ([[{kind}]]), got {describe(raw)}", **where
                )
                continue
            raw_id = raw.get("id")
            ident = raw_id if isinstance(raw_id, str) else ""
            if ident and (kind, ident) in draft.defined:
                self.error(
                    file,
                    ident,
                    "id",
                    f"duplicate id: {kind} {ident!r} is already "
                    f"defined in {draft.defined[kind, ident]}",
                    **where,
                )
                continue
            if ident:
                draft.defined[kind, ident] = file
            try:
                entry: Any = converter.structure(raw, KINDS[kind])
            except Exception as exc:
                for key, problem in structure_problems(exc):
                    self.error(file, ident, key, problem, **where)
                draft.broken.add((kind, ident))
                continue
            draft.new.append((kind, entry.id, entry, file))

    def _read_rules(self, file: str, value: object, draft: _Draft) -> None:
        try:
            partial = converter.structure(value, Rules)
        except Exception as exc:
            for key, problem in structure_problems(exc):
                if not key:
                    problem = f"[rules] must be a table of parameters: {problem}"
                self.error(file, "rules", key, problem)
            return
        assert isinstance(value, dict)
        for path in _leaf_paths(value):
            if path in draft.rules:
                self.error(
                    file,
                    "rules",
                    ".".join(path),
                    "this rules parameter is also set "
                    f"in {draft.rules[path][1]}; set it in one file only",
                )
            else:
                draft.rules[path] = (_get_path(partial, path), file)

    def _read_remove(self, file: str, value: object, draft: _Draft) -> None:
        if not isinstance(value, dict):
            self.error(
                file,
                "remove",
                "",
                f'must be a table such as [remove] with card = ["id", ...], got {describe(value)}',
            )
            return
        removed = {(kind, ident) for kind, ident, _, _ in draft.removes}
        for kind, ids in value.items():
            if kind not in KINDS:
                self.error(
                    file,
                    "remove",
                    kind,
                    f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})",
                )
            elif not isinstance(ids, list):
                self.error(file, "remove", kind, f"expected an array of ids, got {describe(ids)}")
            else:
                for index, ident in enumerate(ids):
                    key = f"{kind}[{index}]"
                    if not isinstance(ident, str):
                        self.error(file, "remove", key, f"expected an id, got {describe(ident)}")
                    elif (kind, ident) in removed:
                        self.error(file, "remove", key, f"{kind} {ident!r} is removed twice")
                    else:
                        removed.add((kind, ident))
                        draft.removes.append((kind, ident, file, key))

    def _merge(self, manifest: PackManifest, parent: _Loaded | None, draft: _Draft) -> _Loaded:
        if parent is None:
            loaded = _Loaded(manifest, {kind: {} for kind in KINDS}, {}, set(), Rules(), [])
        else:
            loaded = _Loaded(
                manifest,
                {kind: dict(parent.entries[kind]) for kind in KINDS},
                dict(parent.origin),
                set(parent.broken),
                parent.rules,
                list(parent.hashed),
            )
        loaded.broken |= draft.broken
        for kind, ident, file, key in draft.removes:
            if parent is None:
                self.error(
                    file,
                    "remove",
                    key,
                    "this pack extends no other pack, so there is nothing to remove",
                )
            elif ident in loaded.entries[kind]:
                del loaded.entries[kind][ident]
                del loaded.origin[kind, ident]
            elif (kind, ident) not in parent.broken:
                self.error(
                    file, "remove", key, f"the parent pack has no {kind} {ident!r} to remove"
                )
        for kind, ident, entry, file in draft.new:
            loaded.entries[kind][ident] = entry
            loaded.origin[kind, ident] = file
        for path, (value, file) in draft.rules.items():
            try:
                loaded.rules = _evolve_path(loaded.rules, path, value)
            except (ValueError, TypeError) as exc:
                self.error(file, "rules", ".".join(path), str(exc))
        return loaded

    def check_references(self, loaded: _Loaded) -> None:
        """Cross-entry checks on the merged pack: every tile side names an action."""
        actions = loaded.entries["sand_dollar_action"]
        tiles = loaded.entries["sand_dollar_tile"]
        for tile_id, tile in list(tiles.items()):
            for side, action_id in enumerate(tile.sides):
                if action_id in actions or ("sand_dollar_action", action_id) in loaded.broken:
                    continue
                self.error(
                    loaded.origin["sand_dollar_tile", tile_id],
                    tile_id,
                    f"sides[{side}]",
                    f"no sand dollar action {action_id!r} in this pack or the packs it extends",
                    section="sand_dollar_tile",
                )
                tiles.pop(tile_id, None)


def entries_files(folder: Path) -> list[Path]:
    """Every ``*.toml`` directly in the folder but the manifest, by name; hidden files (an
    editor's lock or backup files) are not part of the pack."""
    return sorted(
        (
            p
            for p in folder.glob("*.toml")
            if p.name != MANIFEST and not p.name.startswith(".") and p.is_file()
        ),
        key=lambda p: p.name,
    )


def _leaf_paths(table: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Key paths of the values a (validated) partial rules table sets."""
    paths: list[tuple[str, ...]] = []
    for key, value in table.items():
        if isinstance(value, Mapping):
            paths += _leaf_paths(value, (*prefix, key))
        else:
            paths.append((*prefix, key))
    return paths


def _get_path(obj: Any, path: tuple[str, ...]) -> Any:
    for name in path:
        obj = getattr(obj, name)
    return obj


def _evolve_path(obj: Any, path: tuple[str, ...], value: Any) -> Any:
    head, *rest = path
    new = _evolve_path(getattr(obj, head), tuple(rest), value) if rest else value
    return attrs.evolve(obj, **{head: new})
