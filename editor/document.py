"""The content editor's document: one pack folder as the TOML tables it is written in, edited
only through reversible ``Edit`` values (the Qt editor wraps each in a ``QUndoCommand``), checked
by the engine's own loader, and saved atomically, file by file, in a stable key order so that
a diff of a saved pack shows only what changed. Qt-free.
"""

from __future__ import annotations

import copy
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from smqt.engine.catalog import Catalog, catalog_entries, check_pack, unstructure_entry
from smqt.engine.packload import KINDS, MANIFEST, ContentError, entries_files
from smqt.fileio import atomic_write_text

Path_ = tuple[str | int, ...]
"""A place inside an entry: ``("scoring", 0, "points")``."""

INHERITED, CHANGED, NEW = "inherited", "changed", "new"


class DocumentError(ValueError):
    """An edit that does not fit the document (the message says why)."""


@attrs.frozen
class EntryRef:
    kind: str
    """``card``, ``starting_tile``, ``sand_dollar_action``, ``sand_dollar_tile``, ``objective_tile``."""
    id: str


# ============================================================================ edits


@attrs.frozen
class SetValue:
    """Set one value inside an entry (``new`` is None: remove an optional key)."""

    file: str
    kind: str
    index: int
    path: Path_
    old: Any
    new: Any

    def inverse(self) -> SetValue:
        return SetValue(self.file, self.kind, self.index, self.path, self.new, self.old)


@attrs.frozen
class InsertEntry:
    """Put a whole entry into a file's list of ``kind`` at ``index`` (``entry`` None: remove)."""

    file: str
    kind: str
    index: int
    entry: dict[str, Any] | None
    removed: dict[str, Any] | None = None

    def inverse(self) -> InsertEntry:
        return InsertEntry(self.file, self.kind, self.index, self.removed, self.entry)


@attrs.frozen
class SetTable:
    """Set one value in a file outside the entry lists: ``pack.toml`` keys, the ``[rules]``
    overrides, ``[remove]`` lists (``new`` None: drop the key, and tables left empty)."""

    file: str
    path: Path_
    old: Any
    new: Any

    def inverse(self) -> SetTable:
        return SetTable(self.file, self.path, self.new, self.old)


Edit = SetValue | InsertEntry | SetTable

def _walk(container: Any, path: Path_) -> Any:
    for step in path:
        container = container[step]
    return container


class PackDocument:
    """A pack folder being edited."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.files: dict[str, dict[str, Any]] = {}
        self.saved: dict[str, dict[str, Any]] = {}
        self.problems: list[ContentError] = []
        self.parent: Catalog | None = None
        self.catalog: Catalog | None = None
        "What the engine loads from the pack as edited (None when nothing loads)."
        self.reload()

    # ---------------------------------------------------------------- reading

    def reload(self) -> None:
        """Read every TOML file of the folder again (discarding unsaved edits)."""
        if not (self.folder / MANIFEST).is_file():
            raise DocumentError(f"{self.folder} is not a content pack (it has no {MANIFEST})")
        self.files = {}
        self.headers: dict[str, str] = {}
        for path in [self.folder / MANIFEST, *entries_files(self.folder)]:
            try:
                text = path.read_text(encoding="utf-8")
                self.files[path.name] = tomllib.loads(text)
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise DocumentError(f"{path}: cannot be read as TOML ({exc})") from None
            self.headers[path.name] = _header(text)
        self.saved = copy.deepcopy(self.files)
        self._stamps = self._disk_stamps()
        self.parent = None
        extends = self.files[MANIFEST].get("extends")
        if isinstance(extends, str):
            parent, _ = check_pack((self.folder / extends).resolve())
            self.parent = parent
        self.validate()

    def _disk_stamps(self) -> dict[str, int]:
        return {p.name: p.stat().st_mtime_ns for p in
                [self.folder / MANIFEST, *entries_files(self.folder)] if p.exists()}

    def changed_on_disk(self) -> bool:
        """Another program wrote the pack since it was read or saved here."""
        return self._disk_stamps() != self._stamps

    @property
    def modified(self) -> bool:
        return self.files != self.saved

    def entries(self, kind: str) -> Iterator[tuple[str, int, dict[str, Any]]]:
        """(file, index, entry) for every entry of ``kind`` in this folder, in file order."""
        for file, data in self.files.items():
            for index, entry in enumerate(data.get(kind, [])):
                yield file, index, entry

    def find(self, kind: str, ident: str) -> tuple[str, int, dict[str, Any]]:
        for file, index, entry in self.entries(kind):
            if entry.get("id") == ident:
                return file, index, entry
        raise DocumentError(f"no {kind} with id {ident!r} in {self.folder}")

    def status(self, kind: str, ident: str) -> str:
        """``new`` (only here), ``changed`` (replaces the extended pack's entry) or
        ``inherited`` (from the extended pack, untouched here)."""
        here = any(entry.get("id") == ident for _, _, entry in self.entries(kind))
        in_parent = self.parent is not None and ident in catalog_entries(self.parent, kind)
        if here:
            return CHANGED if in_parent else NEW
        return INHERITED

    def inherited(self, kind: str) -> dict[str, dict[str, Any]]:
        """The extended pack's entries of ``kind`` that this pack neither replaces nor
        removes, as TOML tables (id -> table), in deck order."""
        if self.parent is None:
            return {}
        here = {entry.get("id") for _, _, entry in self.entries(kind)}
        removed = set(self.removed(kind))
        return {ident: unstructure_entry(entry)
                for ident, entry in catalog_entries(self.parent, kind).items()
                if ident not in here and ident not in removed}

    def removed(self, kind: str) -> list[str]:
        """Ids of the extended pack's entries that this pack's ``[remove]`` leaves out."""
        found: list[str] = []
        for data in self.files.values():
            listed = data.get("remove", {}).get(kind, []) if isinstance(data.get("remove"), dict) \
                else []
            found.extend(i for i in listed if isinstance(i, str))
        return found

    def table_file(self, key: str) -> str:
        """The file holding the top-level table ``key`` (``rules``, ``remove``), or the file
        a new one goes to."""
        for name, data in self.files.items():
            if name != MANIFEST and key in data:
                return name
        return "rules.toml" if key == "rules" else next(
            (n for n in self.files if n != MANIFEST), f"{key}.toml")

    def table_value(self, file: str, path: Path_) -> Any:
        """The value at ``path`` of a file, or None where there is none."""
        try:
            return _walk(self.files.get(file, {}), path)
        except (KeyError, IndexError, TypeError):
            return None

    def set_table(self, file: str, path: Path_, value: Any) -> SetTable:
        """The edit that sets ``path`` in ``file`` to ``value`` (None: drop it)."""
        return SetTable(file, tuple(path), copy.deepcopy(self.table_value(file, path)),
                        copy.deepcopy(value))

    def references(self, kind: str, ident: str) -> list[str]:
        """What in this pack refers to an entry (sand dollar tiles name their actions)."""
        found = []
        if kind == "sand_dollar_action":
            for file, _, tile in self.entries("sand_dollar_tile"):
                if ident in tile.get("sides", []):
                    found.append(f"{file}: sand dollar tile {tile.get('id')!r}")
        return found

    # ---------------------------------------------------------------- editing

    def apply(self, edit: Edit) -> None:
        """Carry out ``edit`` (its inverse undoes it exactly)."""
        if isinstance(edit, SetValue):
            entry = self.files[edit.file][edit.kind][edit.index]
            *head, last = edit.path
            container = _walk(entry, tuple(head))
            if edit.new is None:
                if isinstance(container, dict):
                    container.pop(last, None)
                else:
                    raise DocumentError("list items are removed with a list edit")
            else:
                if isinstance(container, list) and last == len(container):
                    container.append(copy.deepcopy(edit.new))
                else:
                    container[last] = copy.deepcopy(edit.new)
        elif isinstance(edit, SetTable):
            _set_in(self.files.setdefault(edit.file, {}), edit.path, edit.new)
        else:
            entries = self.files.setdefault(edit.file, {}).setdefault(edit.kind, [])
            if edit.removed is not None:
                del entries[edit.index]
            if edit.entry is not None:
                entries.insert(edit.index, copy.deepcopy(edit.entry))
            if not entries:
                del self.files[edit.file][edit.kind]
        if not self.files.get(edit.file) and edit.file not in self.saved:
            self.files.pop(edit.file, None)  # a file made by an edit that is undone again
        self.validate()

    def set_value(self, kind: str, ident: str, path: Path_, value: Any) -> SetValue:
        """The edit that sets ``path`` of an entry to ``value`` (None: drop the key)."""
        file, index, entry = self.find(kind, ident)
        try:
            *head, last = path
            container = _walk(entry, tuple(head))
            old = container.get(last) if isinstance(container, dict) else container[last]
        except (KeyError, IndexError, TypeError):
            raise DocumentError(f"{kind} {ident!r} has no place {path!r}") from None
        return SetValue(file, kind, index, tuple(path), copy.deepcopy(old), copy.deepcopy(value))

    def set_at(self, file: str, kind: str, index: int, path: Path_, value: Any) -> SetValue:
        """The edit that sets ``path`` of the ``index``-th ``kind`` entry of ``file``."""
        try:
            entry = self.files[file][kind][index]
            *head, last = path
            container = _walk(entry, tuple(head))
            old = container.get(last) if isinstance(container, dict) else \
                (container[last] if last < len(container) else None)
        except (KeyError, IndexError, TypeError):
            raise DocumentError(f"{file}: {kind} #{index + 1} has no place {path!r}") from None
        return SetValue(file, kind, index, tuple(path), copy.deepcopy(old), copy.deepcopy(value))

    def locate(self, kind: str, ident: str) -> tuple[str, int] | None:
        """(file, index) of this pack's entry ``ident``, or None."""
        for file, index, entry in self.entries(kind):
            if entry.get("id") == ident:
                return file, index
        return None

    def accept_disk_state(self) -> None:
        """Keep the edits here although another program changed the files (the next save
        writes over its changes)."""
        self._stamps = self._disk_stamps()

    def replace_list(self, kind: str, ident: str, key: str, items: list[Any]) -> SetValue:
        """The edit that replaces a whole list (adding, removing or reordering items)."""
        file, index, entry = self.find(kind, ident)
        old = entry.get(key)
        return SetValue(file, kind, index, (key,), copy.deepcopy(old),
                        copy.deepcopy(items) if items else None)

    def new_entry(self, kind: str, entry: dict[str, Any], file: str | None = None) -> InsertEntry:
        if kind not in KINDS:
            raise DocumentError(f"unknown kind {kind!r}")
        ident = entry.get("id")
        if any(e.get("id") == ident for _, _, e in self.entries(kind)):
            raise DocumentError(f"a {kind} with id {ident!r} exists already")
        target = file or next((f for f, data in self.files.items() if kind in data),
                              f"{kind}s.toml")
        return InsertEntry(target, kind, len(self.files.get(target, {}).get(kind, [])), entry)

    def duplicate(self, kind: str, ident: str, new_id: str) -> InsertEntry:
        file, _, entry = self.find(kind, ident)
        twin = copy.deepcopy(entry)
        twin["id"] = new_id
        return self.new_entry(kind, twin, file)

    def delete(self, kind: str, ident: str) -> InsertEntry:
        file, index, entry = self.find(kind, ident)
        return InsertEntry(file, kind, index, None, copy.deepcopy(entry))

    # ---------------------------------------------------------------- checking and saving

    def validate(self) -> list[ContentError]:
        """The engine loader's verdict on the pack as edited (written to a scratch folder so
        that relative ``extends`` paths resolve as they will on disk)."""
        with tempfile.TemporaryDirectory(dir=self.folder.parent, prefix=".smqt-check-") as scratch:
            for name, data in self.files.items():
                (Path(scratch) / name).write_text(_dump(data), encoding="utf-8")
            catalog, problems = check_pack(scratch)
        self.catalog = catalog
        self.problems = [attrs.evolve(p, file=p.file.replace(scratch, str(self.folder)))
                         if isinstance(p.file, str) else p for p in problems]
        return self.problems

    @property
    def valid(self) -> bool:
        return not self.problems

    def save(self, *, every_file: bool = False) -> list[str]:
        """Write the files that changed (atomically, one by one); returns their names. A pack
        with problems is saved too (work in progress) and stays marked invalid.
        ``every_file`` rewrites unchanged files too, in the canonical layout."""
        written = []
        for name, data in self.files.items():
            if every_file or self.saved.get(name) != data or not (self.folder / name).exists():
                atomic_write_text(self.folder / name, self.text(name))
                written.append(name)
        self.saved = copy.deepcopy(self.files)
        self._stamps = self._disk_stamps()
        return written


    def text(self, name: str) -> str:
        """A file as it is saved: its leading comment block, then tomli-w's TOML."""
        return self.headers.get(name, "") + _dump(self.files[name])


def _dump(data: dict[str, Any]) -> str:
    """TOML in the order the tables were read or made (tomli-w keeps dict order)."""
    return tomli_w.dumps(data)


def _header(text: str) -> str:
    """The comment lines a file starts with (kept on save: tomli-w writes no comments), with
    one blank line after them."""
    lines = []
    for line in text.splitlines():
        if line.startswith("#") or (lines and not line.strip()):
            lines.append(line)
        else:
            break
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n\n" if lines else ""


def _set_in(table: dict[str, Any], path: Path_, value: Any) -> None:
    """Set (or with None, remove) ``path`` in nested tables, making or pruning tables."""
    *head, last = path
    chain = [table]
    for step in head:
        if value is None and step not in chain[-1]:
            return
        chain.append(chain[-1].setdefault(step, {}))
    if value is None:
        chain[-1].pop(last, None)
        for parent, step in zip(reversed(chain[:-1]), reversed(head), strict=True):
            if parent[step]:
                break
            del parent[step]
    else:
        chain[-1][last] = copy.deepcopy(value)
