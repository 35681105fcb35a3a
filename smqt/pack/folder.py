"""Reading a content pack folder: the manifest, the entries files, ``extends`` / ``remove``
and partial rules merged onto the parent pack, cross-entry checks and the content hash.
Every problem becomes a ``ContentError``; nothing stops at the first one.

The format is written down for card authors in ``content/FORMAT.md``; ``smqt.pack.load``
turns the result into a ``Catalog``.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path, PurePath, PurePosixPath
from typing import Any

import attrs

from smqt.engine.content import (
    FeatureCard,
    ObjectiveTile,
    Rules,
    SandDollarAction,
    SandDollarTile,
    StartingTile,
)
from smqt.engine.effects import shown
from smqt.files.atomic import SAVE_JOURNAL
from smqt.files.guarded import (
    PackFileError,
    cut,
    folder_problem,
    list_toml_files,
    parse_toml,
    read_bytes,
)
from smqt.files.tomllines import table_lines
from smqt.language.translate import _
from smqt.pack.convert import converter, describe, structure_problems
from smqt.pack.extends import beside, names_a_pack, parent_folder, says_name, shipped_pack_names
from smqt.pack.manifest import MANIFEST, PackManifest
from smqt.pack.problems import ContentError

KINDS: dict[str, type] = {
    "card": FeatureCard,
    "starting_tile": StartingTile,
    "sand_dollar_action": SandDollarAction,
    "sand_dollar_tile": SandDollarTile,
    "objective_tile": ObjectiveTile,
}
"Entry kinds: the TOML section name (``[[card]]``) and the class it holds."
_SECTIONS = (*KINDS, "rules", "remove")
MAX_EXTENDS = 16
"How many packs deep ``extends`` may go (a pack, its parent, the parent's parent...)."


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
    folder: str = ""
    "The leaf pack's folder, as given."
    origin: dict[tuple[str, str], str] = attrs.Factory(dict)
    "(kind, id) -> the file that defined the entry."
    broken: frozenset[tuple[str, str]] = frozenset()
    "(kind, id) of entries left out for their errors (the id is empty when unknown)."
    broken_count: dict[str, int] = attrs.Factory(dict)
    "kind -> how many entries of the kind were left out for their errors."
    rules_origin: dict[tuple[str, ...], str] = attrs.Factory(dict)
    "Rules key path -> the file that set it last."


def read_pack(
    path: str | os.PathLike[str], files: Mapping[str, bytes] | None = None,
    tree: Mapping[str, bytes] | None = None,
) -> tuple[PackContents | None, list[ContentError]]:
    """Read the pack folder at ``path`` with its ancestors: what loaded, and every problem.

    Entries with problems are left out; the contents are None only when the pack cannot be
    put together at all (no readable manifest in it or in a pack it extends). ``files``, when
    given, are the pack's own files as they would be on disk (name -> bytes), read instead of
    the folder's: the content editor checks edits it has not saved; the packs it extends are
    read from disk. ``tree``, when given, is every file of the pack and of the packs it
    extends (relative POSIX path -> bytes), and ``path`` the pack's folder among them: nothing
    is read from disk (a simulation worker loads the pack it was sent this way). Nothing
    raises: every problem, even a bug here, is in the list.
    """
    reader = _PackReader(files, tree)
    try:
        folder = Path(os.path.normpath(path))
        loaded = reader.load(folder, ())
        if loaded is None:
            return None, reader.errors
        reader.check_references(loaded)
    except Exception as exc:  # a bug here must still not cost the author the other problems
        reader.error(
            str(path), "", "", _("internal error ({type}: {error}); "
                                 "please report it with the pack").format(
                                     type=type(exc).__name__, error=cut(str(exc)))
        )
        return None, reader.errors
    digest = hashlib.sha256()
    for part in loaded.hashed:
        digest.update(part)
    contents = PackContents(
        loaded.manifest, loaded.entries, loaded.rules, digest.hexdigest()[:16],
        folder=str(folder), origin=loaded.origin, broken=frozenset(loaded.broken),
        broken_count=loaded.broken_count, rules_origin=loaded.rules_origin,
    )
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
    broken_count: dict[str, int] = attrs.Factory(dict)
    "kind -> entries left out for their errors (an entry without an id counts too)."
    rules_origin: dict[tuple[str, ...], str] = attrs.Factory(dict)


@attrs.define
class _Draft:
    """What one pack's entries files say, before merging onto the parent."""

    new: list[tuple[str, str, Any, str]] = attrs.Factory(list)
    "(kind, id, entry, file) of every well-formed entry."
    defined: dict[tuple[str, str], tuple[str, int]] = attrs.Factory(dict)
    "(kind, id) -> the file and the position in its section of the entry that defined it."
    broken: set[tuple[str, str]] = attrs.Factory(set)
    broken_count: dict[str, int] = attrs.Factory(dict)
    removes: list[tuple[str, str, str, str]] = attrs.Factory(list)
    "(kind, id, file, key)."
    rules: dict[tuple[str, ...], tuple[Any, str]] = attrs.Factory(dict)
    "Rules key path -> (value, file)."


class _PackReader:
    """Reads pack folders recursively, collecting every problem instead of stopping."""

    def __init__(self, files: Mapping[str, bytes] | None = None,
                 tree: Mapping[str, bytes] | None = None) -> None:
        self.errors: list[ContentError] = []
        self.texts: dict[str, bytes] = {}
        "Each file read, by its name as reported: where an entry stands is looked up in it."
        self.files = files
        "The leaf pack's files, when they are not read from its folder."
        self.folders: dict[str, dict[str, bytes]] | None = None
        "Every folder's files (by ``_folder_key``), when no folder is read from disk."
        if tree is not None:
            self.folders = {}
            for name, data in tree.items():
                path = PurePosixPath(name)
                self.folders.setdefault(_folder_key(path.parent), {})[path.name] = data

    def entry_line(self, file: str, kind: str, index: int) -> int | None:
        """The line of the ``index``-th ``[[kind]]`` table of a file read here, when its
        headers say it (``smqt.files.tomllines``)."""
        data = self.texts.get(file)
        if data is None:
            return None
        try:
            text = data.decode("utf-8")
            tables = parse_toml(data).get(kind)
        except (UnicodeDecodeError, PackFileError):
            return None
        lines = table_lines(text, kind, len(tables)) if isinstance(tables, list) else None
        return lines[index] if lines is not None and index < len(lines) else None

    def error(self, file: Path | str, entry: str, key: str, problem: str, **kw: Any) -> None:
        """Report a problem; an entry id, a key or a problem too long to read is cut short."""
        self.errors.append(ContentError(str(file), cut(entry), cut(key), cut(problem, 1000), **kw))

    def load(self, folder: Path, chain: tuple[tuple[str, str], ...]) -> _Loaded | None:
        """Read ``folder`` merged onto the packs it extends; ``chain``: (real path, path as
        shown) of the packs that extend it, the leaf first."""
        if self.folders is not None:
            given = self.folders.get(_folder_key(folder))
            if given is None:
                self.error(folder, "", "", _("no such pack folder"))
                return None
            chain = (*chain, (_folder_key(folder), str(folder)))
        else:
            problem = folder_problem(folder)
            if problem is not None:
                self.error(folder, "", "", problem)
                return None
            given = self.files if not chain else None
            chain = (*chain, (os.path.realpath(folder), str(folder)))
        if given is None and os.path.lexists(folder / SAVE_JOURNAL):
            self.error(
                folder / SAVE_JOURNAL, "", "",
                _("a save by the content editor was interrupted here: open the pack in "
                  "smqt-editor to complete it"),
            )
        hashed: list[bytes] = []
        manifest = self._read_manifest(folder, hashed, given)
        parent: _Loaded | None = None
        parent_failed = False
        if manifest is not None and manifest.extends is not None:
            parent, parent_failed = self._load_parent(folder, manifest.extends, chain)
        draft = _Draft()
        try:
            if given is None:
                files = entries_files(folder)
            else:
                files = [folder / name for name in sorted(given)
                         if _is_entries_file(name)]
        except PackFileError as exc:
            self.error(folder, "", "", exc.problem)
            files = []
        for path in files:
            data = self._read_toml(path, "", hashed, given)
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
        found = self._parent_folder(folder, extends)
        if found is None:
            self.error(
                manifest_file, "pack", "extends",
                _("there is no pack named {name}: neither a folder of that name beside this "
                  "pack ({path}) nor a shipped pack ({names}); give a folder path such as "
                  "{example} for a pack elsewhere").format(
                      name=shown(extends), path=cut(beside(folder, extends), 200),
                      names=", ".join(shipped_pack_names()), example="'../my-base'"))
            return None, True
        parent_folder = found
        if self.folders is not None:
            problem = None if _folder_key(parent_folder) in self.folders \
                else _("no such pack folder")
        else:
            problem = folder_problem(parent_folder)
        if problem is not None:
            if problem == _("no such pack folder"):
                problem = _("does not exist")
            self.error(
                manifest_file,
                "pack",
                "extends",
                # Translators: {problem} is a file problem such as "does not exist"
                _("the parent pack folder {folder} {problem} (looked for {path})").format(
                    folder=shown(extends), problem=problem,
                    path=cut(str(parent_folder), 200)),
            )
            return None, True
        real = _folder_key(parent_folder) if self.folders is not None \
            else os.path.realpath(parent_folder)
        if any(real == seen for seen, _shown in chain):
            cycle = " -> ".join([cut(path, 200) for _real, path in chain] + [str(parent_folder)])
            self.error(
                manifest_file, "pack", "extends",
                _("packs extend each other in a cycle: {cycle}").format(cycle=cycle)
            )
            return None, True
        if len(chain) >= MAX_EXTENDS:
            self.error(
                manifest_file,
                "pack",
                "extends",
                _("packs extend each other more than {most} deep; "
                  "extend the pack your variant is made from").format(most=MAX_EXTENDS),
            )
            return None, True
        parent = self.load(parent_folder, chain)
        return parent, parent is None

    def _parent_folder(self, folder: Path, extends: str) -> Path | None:
        """The folder of the pack ``extends`` leads to from ``folder`` (``smqt.pack.extends``),
        None for a name that names no pack; among files given as a tree, a pack's name is
        looked for beside ``folder`` only."""
        if self.folders is None:
            return parent_folder(folder, extends)
        if not names_a_pack(extends):
            return Path(os.path.normpath(folder / extends))
        near = beside(folder, extends)
        given = self.folders.get(_folder_key(Path(near)))
        return Path(near) if given is not None and says_name(given.get(MANIFEST), extends) \
            else None

    def _read_toml(
        self, path: Path, entry: str, hashed: list[bytes], given: Mapping[str, bytes] | None
    ) -> dict[str, Any] | None:
        """The tables of one pack file (of ``given`` files rather than the disk, when they
        are), or None when it cannot be read (the problem is reported); what could be read
        goes into the content hash."""
        try:
            data = given[path.name] if given is not None else read_bytes(path)
        except PackFileError as exc:
            self.error(path, entry, "", exc.problem, line=exc.line)
            return None
        name = os.fsencode(path.name)
        hashed.append(name + b"\0" + len(data).to_bytes(8, "big") + data)
        self.texts[str(path)] = data
        try:
            return parse_toml(data)
        except PackFileError as exc:
            self.error(path, exc.entry or entry, exc.key, exc.problem, line=exc.line,
                       section=exc.section, index=exc.index)
            return None

    def _read_manifest(
        self, folder: Path, hashed: list[bytes], given: Mapping[str, bytes] | None
    ) -> PackManifest | None:
        path = folder / MANIFEST
        missing = MANIFEST not in given if given is not None else not os.path.lexists(path)
        if missing:
            self.error(
                path,
                "pack",
                "",
                _("missing: every pack folder needs a pack.toml with name, version and "
                  "schema = 1"),
            )
            return None
        data = self._read_toml(path, "pack", hashed, given)
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
                    _("unknown section {section} (expected one of {allowed})").format(
                        section=shown(section), allowed=", ".join(_SECTIONS)),
                )

    def _read_entries(self, file: str, kind: str, value: object, draft: _Draft) -> None:
        if not isinstance(value, list):
            self.error(
                file,
                "",
                kind,
                _("must be an array of tables written [[{kind}]], got {value}").format(
                    kind=kind, value=describe(value)),
            )
            return
        for index, raw in enumerate(value):
            where = {"section": kind, "index": index}
            if not isinstance(raw, dict):
                self.error(
                    file, "", "", _("must be a table ([[{kind}]]), got {value}").format(
                        kind=kind, value=describe(raw)), **where
                )
                continue
            raw_id = raw.get("id")
            ident = raw_id if isinstance(raw_id, str) else ""
            if ident and (kind, ident) in draft.defined:
                first_file, first_index = draft.defined[kind, ident]
                first_line = self.entry_line(first_file, kind, first_index)
                self.error(
                    file,
                    ident,
                    "id",
                    _("duplicate id: {kind} {id} is already defined in {file}").format(
                        kind=kind, id=shown(ident), file=first_file) if first_line is None
                    else _("duplicate id: {kind} {id} is already defined in {file}, line "
                           "{line}").format(kind=kind, id=shown(ident), file=first_file,
                                            line=first_line),
                    line=self.entry_line(file, kind, index),
                    **where,
                )
                continue
            if ident:
                draft.defined[kind, ident] = (file, index)
            try:
                entry: Any = converter.structure(raw, KINDS[kind])
            except Exception as exc:
                for key, problem in structure_problems(exc):
                    self.error(file, ident, key, problem, **where)
                draft.broken.add((kind, ident))
                draft.broken_count[kind] = draft.broken_count.get(kind, 0) + 1
                continue
            draft.new.append((kind, entry.id, entry, file))

    def _read_rules(self, file: str, value: object, draft: _Draft) -> None:
        try:
            partial = converter.structure(value, Rules)
        except Exception as exc:
            for key, problem in structure_problems(exc):
                if not key:
                    problem = _("[rules] must be a table of parameters: {problem}").format(
                        problem=problem)
                self.error(file, "rules", key, problem)
            return
        assert isinstance(value, dict)
        for path in _leaf_paths(value):
            if path in draft.rules:
                self.error(
                    file,
                    "rules",
                    ".".join(path),
                    _("this rules parameter is also set in {file}; set it in one file "
                      "only").format(file=draft.rules[path][1]),
                )
            else:
                draft.rules[path] = (_get_path(partial, path), file)

    def _read_remove(self, file: str, value: object, draft: _Draft) -> None:
        if not isinstance(value, dict):
            self.error(
                file,
                "remove",
                "",
                _('must be a table such as [remove] with card = ["id", ...], got {value}')
                .format(value=describe(value)),
            )
            return
        removed = {(kind, ident) for kind, ident, _file, _key in draft.removes}
        for kind, ids in value.items():
            if kind not in KINDS:
                self.error(
                    file,
                    "remove",
                    kind,
                    _("unknown kind {kind} (expected one of {allowed})").format(
                        kind=shown(kind), allowed=", ".join(KINDS)),
                )
            elif not isinstance(ids, list):
                self.error(file, "remove", kind, _("expected an array of ids, got {value}").format(
                    value=describe(ids)))
            else:
                for index, ident in enumerate(ids):
                    key = f"{kind}[{index}]"
                    if not isinstance(ident, str):
                        self.error(file, "remove", key, _("expected an id, got {value}").format(
                            value=describe(ident)))
                    elif (kind, ident) in removed:
                        self.error(file, "remove", key, _("{kind} {id} is removed twice").format(
                            kind=kind, id=shown(ident)))
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
                dict(parent.broken_count),
                dict(parent.rules_origin),
            )
        loaded.broken |= draft.broken
        for kind, count in draft.broken_count.items():
            loaded.broken_count[kind] = loaded.broken_count.get(kind, 0) + count
        for kind, ident, file, key in draft.removes:
            if parent is None:
                self.error(
                    file,
                    "remove",
                    key,
                    _("this pack extends no other pack, so there is nothing to remove"),
                )
            elif ident in loaded.entries[kind]:
                del loaded.entries[kind][ident]
                del loaded.origin[kind, ident]
            elif (kind, ident) not in parent.broken:
                self.error(
                    file, "remove", key, _("the parent pack has no {kind} {id} to remove").format(
                        kind=kind, id=shown(ident))
                )
        for kind, ident, entry, file in draft.new:
            loaded.entries[kind][ident] = entry
            loaded.origin[kind, ident] = file
        for path, (value, file) in draft.rules.items():
            try:
                loaded.rules = _evolve_path(loaded.rules, path, value)
            except (ValueError, TypeError) as exc:
                self.error(file, "rules", ".".join(path), str(exc))
            else:
                loaded.rules_origin[path] = file
        return loaded

    def check_references(self, loaded: _Loaded) -> None:
        """Cross-entry checks on the merged pack: every tile side names an action, and no
        action is printed on two tiles (the new-game dialog picks a tile by its action)."""
        actions = loaded.entries["sand_dollar_action"]
        tiles = loaded.entries["sand_dollar_tile"]
        printed_on: dict[str, str] = {}
        for tile_id, tile in list(tiles.items()):
            for side, action_id in enumerate(tile.sides):
                if action_id in printed_on:
                    self.error(
                        loaded.origin["sand_dollar_tile", tile_id],
                        tile_id,
                        f"sides[{side}]",
                        _("the sand dollar action {action} is already a side of tile {tile}; an "
                          "action is printed on one tile only").format(
                              action=shown(action_id), tile=shown(printed_on[action_id])),
                        section="sand_dollar_tile",
                    )
                printed_on.setdefault(action_id, tile_id)
                if action_id in actions or ("sand_dollar_action", action_id) in loaded.broken:
                    continue
                self.error(
                    loaded.origin["sand_dollar_tile", tile_id],
                    tile_id,
                    f"sides[{side}]",
                    _("no sand dollar action {action} in this pack or the packs it "
                      "extends").format(action=shown(action_id)),
                    section="sand_dollar_tile",
                )
                if tiles.pop(tile_id, None) is not None:
                    loaded.broken_count["sand_dollar_tile"] = \
                        loaded.broken_count.get("sand_dollar_tile", 0) + 1


def _folder_key(folder: PurePath) -> str:
    """A folder of a pack given as files, as ``read_pack`` looks it up (normalised, in
    the platform's separators: the same for a file's folder and a folder joined with
    ``extends``)."""
    return os.path.normpath(str(folder))


def entries_files(folder: Path) -> list[Path]:
    """Every ``*.toml`` directly in the folder but the manifest, by name; hidden files (an
    editor's lock or backup files) are not part of the pack. A folder, a fifo or a dangling
    symlink so named is listed too, so that reading it reports it. Raises PackFileError
    when the folder cannot be listed."""
    return [p for p in list_toml_files(folder) if p.name != MANIFEST]


def _is_entries_file(name: str) -> bool:
    return name.endswith(".toml") and not name.startswith(".") and name != MANIFEST


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
