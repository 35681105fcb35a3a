"""The content editor's document: one pack folder as the TOML tables it is written in, edited
only through reversible ``Edit`` values (the Qt editor wraps each in a ``QUndoCommand``), checked
by the engine's own loader, and saved all-or-nothing (every changed file staged, then committed
by a journal), in a stable key order so that a diff of a saved pack shows only what changed.
Qt-free.

Opening a pack first completes a save that a kill interrupted (or drops one that never
committed) and removes temporary files a killed program left behind.
"""

from __future__ import annotations

import copy
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from editor.model.places import Path_, PlaceError, get, plan, put
from editor.model.templates import copy_of
from editor.model.words import kind_word
from smqt.engine.catalog import Catalog, catalog_entries
from smqt.files.atomic import finish_interrupted_write, remove_stale_temporaries, write_files
from smqt.files.guarded import PackFileError, cut, parse_toml, read_bytes
from smqt.language.translate import _
from smqt.pack.extends import parent_folder
from smqt.pack.folder import KINDS, entries_files
from smqt.pack.load import check_pack, review_pack
from smqt.pack.manifest import MANIFEST
from smqt.pack.problems import ContentError
from smqt.pack.save import unstructure_entry

INHERITED, CHANGED, NEW = "inherited", "changed", "new"  # not translated: status codes
REMOVED = "removed"  # not translated: a status code
"An entry of the extended pack that this pack leaves out (its ``remove`` lists)."

STALE_CHECK_COPIES = ".smqt-check-"
"""Earlier versions checked edits in a copy of the pack next to it, named so; a killed editor
left them behind. The loader now reads the edited files from memory."""


class DocumentError(ValueError):
    """An edit that does not fit the document, or a pack that cannot be opened: the message
    says why; ``problems`` lists what the loader finds in a pack that cannot be opened."""

    def __init__(self, message: str, problems: list[ContentError] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


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
    position: int | None = None
    "The key's place among its siblings (so that undo puts it back there)."

    def inverse(self) -> SetValue:
        return SetValue(self.file, self.kind, self.index, self.path, self.new, self.old,
                        self.position)


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
    position: int | None = None

    def inverse(self) -> SetTable:
        return SetTable(self.file, self.path, self.new, self.old, self.position)


Edit = SetValue | InsertEntry | SetTable

class PackDocument:
    """A pack folder being edited."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.files: dict[str, dict[str, Any]] = {}
        self.saved: dict[str, dict[str, Any]] = {}
        self.problems: list[ContentError] = []
        self.warnings: list[ContentError] = []
        "What the pack as edited may still get wrong though it loads (two entries of one name)."
        self.parent: Catalog | None = None
        self.catalog: Catalog | None = None
        "What the engine loads from the pack as edited (None when nothing loads)."
        self.reload()

    # ---------------------------------------------------------------- reading

    def reload(self) -> None:
        """Read every TOML file of the folder again (discarding unsaved edits). When a file
        cannot be read, nothing here changes and DocumentError names the problem (with the
        loader's whole list in ``problems``)."""
        shown = cut(str(self.folder), 200)
        if not os.path.isdir(self.folder):
            raise DocumentError(_("{folder} is not a pack folder").format(folder=shown))
        recovered = _tidy(self.folder)
        if not os.path.lexists(self.folder / MANIFEST):
            raise DocumentError(_("{folder} is not a content pack (it has no {manifest})").format(
                folder=shown, manifest=MANIFEST))
        files: dict[str, dict[str, Any]] = {}
        headers: dict[str, str] = {}
        stamps = self._disk_stamps()
        try:
            paths = [self.folder / MANIFEST, *entries_files(self.folder)]
        except PackFileError as exc:
            raise DocumentError(f"{shown}: {exc.problem}") from None
        for path in paths:
            try:
                data = read_bytes(path)
                files[path.name] = parse_toml(data)
            except PackFileError as exc:
                problems = check_pack(self.folder)[1]
                if any(p.file == str(path) and p.problem == exc.problem for p in problems):
                    # the loader's list says what is wrong and where: said once, there
                    message = _("{file} does not read as TOML. The editor opens a pack whose "
                                "files all read as TOML; fix this one in a text editor "
                                "first.").format(file=cut(str(path), 300))
                else:
                    where = f"{path}, {exc.where()}" if exc.where() else path
                    message = _("{where}: {problem}. The editor opens a pack whose files all "
                                "read as TOML; fix this one in a text editor first.").format(
                        where=cut(str(where), 300), problem=exc.problem)
                raise DocumentError(message, problems) from None
            headers[path.name] = _header(data.decode("utf-8"))
        self.files, self.headers = files, headers
        self.saved = copy.deepcopy(self.files)
        self._stamps = stamps
        self.recovered = recovered
        "What opening tidied up: a save completed or dropped, temporary files removed."
        self._extends: object = object()  # the parent pack is read again by validate()
        self.validate()

    def _disk_stamps(self) -> dict[str, int]:
        try:
            paths = [self.folder / MANIFEST, *entries_files(self.folder)]
        except PackFileError:
            return {}
        stamps = {}
        for path in paths:
            try:
                stamps[path.name] = os.stat(path).st_mtime_ns
            except (OSError, ValueError):
                continue
        return stamps

    def changed_on_disk(self) -> bool:
        """Another program wrote the pack since it was read or saved here."""
        return self._disk_stamps() != self._stamps

    @property
    def modified(self) -> bool:
        return self.files != self.saved

    def entries(self, kind: str) -> Iterator[tuple[str, int, dict[str, Any]]]:
        """(file, index, entry) for every entry of ``kind`` in this folder, in file order."""
        for file, data in self.files.items():
            listed = data.get(kind)
            if isinstance(listed, list):  # a lone [card] table is reported by the loader
                for index, entry in enumerate(listed):
                    if isinstance(entry, dict):
                        yield file, index, entry

    def find(self, kind: str, ident: str) -> tuple[str, int, dict[str, Any]]:
        for file, index, entry in self.entries(kind):
            if str(entry.get("id")) == ident:
                return file, index, entry
        raise DocumentError(_("no {kind} with id {id} in {folder}").format(
            kind=kind_word(kind), id=repr(ident), folder=self.folder))

    def status(self, kind: str, ident: str) -> str:
        """``new`` (only here), ``changed`` (replaces the extended pack's entry) or
        ``inherited`` (from the extended pack, untouched here)."""
        here = any(str(entry.get("id")) == ident for _file, _index, entry in self.entries(kind))
        in_parent = self.parent is not None and ident in catalog_entries(self.parent, kind)
        if here:
            return CHANGED if in_parent else NEW
        return INHERITED

    def inherited(self, kind: str) -> dict[str, dict[str, Any]]:
        """The extended pack's entries of ``kind`` that this pack neither replaces nor
        removes, as TOML tables (id -> table), in deck order."""
        if self.parent is None:
            return {}
        here = {entry.get("id") for _file, _index, entry in self.entries(kind)}
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
            if isinstance(listed, list):
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
        return get(self.files.get(file, {}), path)

    def set_table(self, file: str, path: Path_, value: Any) -> SetTable:
        """The edit that sets ``path`` in ``file`` to ``value`` (None: drop it)."""
        try:
            write = plan(self.files.get(file, {}), path, value)
        except PlaceError as exc:
            raise DocumentError(f"{file}: {exc}") from None
        return SetTable(file, write.path, write.old, write.new, write.position)

    def references(self, kind: str, ident: str) -> list[str]:
        """What in this pack refers to an entry (sand dollar tiles name their actions)."""
        found = []
        if kind == "sand_dollar_action":
            for file, _index, tile in self.entries("sand_dollar_tile"):
                sides = tile.get("sides")
                if isinstance(sides, list) and ident in sides:
                    found.append(_("{file}: sand dollar tile {id}").format(
                        file=file, id=repr(tile.get("id"))))
            for tile_id, tile in self.inherited("sand_dollar_tile").items():
                if ident in tile.get("sides", []):
                    found.append(_("the extended pack's sand dollar tile {id}").format(
                        id=repr(tile_id)))
        return found

    # ---------------------------------------------------------------- editing

    def apply(self, edit: Edit) -> None:
        """Carry out ``edit`` (its inverse undoes it exactly)."""
        try:
            self._apply(edit)
        except (PlaceError, KeyError, IndexError, TypeError) as exc:
            raise DocumentError(_("{file}: this change does not fit ({problem})").format(
                file=edit.file, problem=exc)) from None
        if not self.files.get(edit.file) and edit.file not in self.saved:
            self.files.pop(edit.file, None)  # a file made by an edit that is undone again
        self.validate()

    def _apply(self, edit: Edit) -> None:
        if isinstance(edit, SetValue):
            put(self.files[edit.file][edit.kind][edit.index], edit.path, edit.new, edit.position)
        elif isinstance(edit, SetTable):
            put(self.files.setdefault(edit.file, {}), edit.path, edit.new, edit.position)
        else:
            entries = self.files.setdefault(edit.file, {}).setdefault(edit.kind, [])
            if edit.removed is not None:
                del entries[edit.index]
            if edit.entry is not None:
                entries.insert(edit.index, copy.deepcopy(edit.entry))
            if not entries:
                del self.files[edit.file][edit.kind]

    def set_value(self, kind: str, ident: str, path: Path_, value: Any) -> SetValue:
        """The edit that sets ``path`` of an entry to ``value`` (None: drop the key)."""
        file, index, _entry = self.find(kind, ident)
        return self.set_at(file, kind, index, path, value)

    def set_at(self, file: str, kind: str, index: int, path: Path_, value: Any) -> SetValue:
        """The edit that sets ``path`` of the ``index``-th ``kind`` entry of ``file`` (a
        missing or malformed table on the way is written whole)."""
        try:
            entry = self.files[file][kind][index]
            write = plan(entry, path, value)
        except (KeyError, IndexError, TypeError, PlaceError) as exc:
            raise DocumentError(_("{file}: {kind} #{number} has no place {place} "
                                  "({problem})").format(file=file, kind=kind_word(kind),
                                                        number=index + 1, place=repr(path),
                                                        problem=exc)) from None
        return SetValue(file, kind, index, write.path, write.old, write.new, write.position)

    def locate(self, kind: str, ident: str) -> tuple[str, int] | None:
        """(file, index) of this pack's entry ``ident``, or None."""
        for file, index, entry in self.entries(kind):
            if str(entry.get("id")) == ident:
                return file, index
        return None

    def disk_changes(self) -> dict[str, str]:
        """File name -> ``changed``, ``deleted`` or ``added``: what another program did to the
        pack's files since they were read or saved here."""
        now = self._disk_stamps()
        found = {name: "changed" for name, stamp in now.items()
                 if name in self._stamps and self._stamps[name] != stamp}
        found.update({name: "added" for name in now if name not in self._stamps})
        found.update({name: "deleted" for name in self._stamps if name not in now})
        return dict(sorted(found.items()))

    def unsaved_files(self) -> list[str]:
        """Names of the files whose edits are not saved."""
        return [name for name, data in self.files.items() if self.saved.get(name) != data]

    def reload_file(self, name: str) -> None:
        """Take one file as it is on disk now (dropping unsaved edits to it; a file deleted on
        disk leaves the pack). Raises DocumentError, changing nothing, when it does not read."""
        path = self.folder / name
        if name == MANIFEST or name.startswith(".") or os.sep in name or "/" in name:
            raise DocumentError(_("{file} is not one of the pack's entry files").format(file=name))
        if os.path.lexists(path):
            try:
                data = read_bytes(path)
                table = parse_toml(data)
            except PackFileError as exc:
                where = f"{path}, {exc.where()}" if exc.where() else path
                raise DocumentError(f"{cut(str(where), 300)}: {exc.problem}") from None
            self.files[name] = table
            self.saved[name] = copy.deepcopy(table)
            self.headers[name] = _header(data.decode("utf-8"))
        else:
            self.files.pop(name, None)
            self.saved.pop(name, None)
        self._stamp(name)
        self.validate()

    def keep_file(self, name: str) -> None:
        """Keep the version of one file held here although another program changed it on disk:
        it counts as unsaved, so the next save writes it back."""
        self.saved.pop(name, None)
        self._stamp(name)

    def _stamp(self, name: str) -> None:
        """Take one file's state on disk as seen (absent included)."""
        stamps = self._disk_stamps()
        if name in stamps:
            self._stamps[name] = stamps[name]
        else:
            self._stamps.pop(name, None)

    def restore(self, texts: dict[str, str]) -> list[str]:
        """Put recovered file texts (an autosave) in place of the files read from disk, as
        unsaved edits; returns what could not be restored, in words."""
        skipped = []
        for name, text in texts.items():
            if name.startswith(".") or "/" in name or os.sep in name or \
                    not name.endswith(".toml"):
                skipped.append(_("{file}: not a file of a pack").format(file=name))
                continue
            try:
                table = parse_toml(text.encode("utf-8"))
            except PackFileError as exc:
                where = f" ({exc.where()})" if exc.where() else ""
                skipped.append(f"{name}{where}: {exc.problem}")
                continue
            self.files[name] = table
            self.headers.setdefault(name, _header(text))
        self.validate()
        return skipped

    def accept_disk_state(self) -> None:
        """Keep the version here although another program changed the files: the files it
        changed count as unsaved, so the next save writes them back."""
        now = self._disk_stamps()
        for name, stamp in now.items():
            if self._stamps.get(name) != stamp:
                self.saved.pop(name, None)
        self._stamps = now

    def replace_list(self, kind: str, ident: str, key: str, items: list[Any]) -> SetValue:
        """The edit that replaces a whole list (adding, removing or reordering items)."""
        file, index, _entry = self.find(kind, ident)
        return self.set_at(file, kind, index, (key,), copy.deepcopy(items) if items else None)

    def new_entry(self, kind: str, entry: dict[str, Any], file: str | None = None) -> InsertEntry:
        if kind not in KINDS:
            raise DocumentError(_("unknown kind {kind}").format(kind=repr(kind)))
        ident = str(entry.get("id"))
        if self.locate(kind, ident) is not None:
            raise DocumentError(_("a {kind} with id {id} exists already").format(
                kind=kind_word(kind), id=repr(ident)))
        target = file or next((f for f, data in self.files.items()
                               if isinstance(data.get(kind), list)), f"{kind}s.toml")
        listed = self.files.get(target, {}).get(kind, [])
        if not isinstance(listed, list):
            raise DocumentError(_("{file}: {kind} is not a list of [[{kind}]] tables; fix the "
                                  "file first").format(file=target, kind=kind))
        return InsertEntry(target, kind, len(listed), entry)

    def duplicate(self, kind: str, ident: str, new_id: str) -> InsertEntry:
        """The edit that adds a copy of this pack's entry ``ident`` (its words in other
        languages marked to be translated again) after the entries of its file."""
        file, _index, entry = self.find(kind, ident)
        return self.new_entry(kind, copy_of(entry, new_id), file)

    def delete(self, kind: str, ident: str) -> InsertEntry:
        file, index, _entry = self.find(kind, ident)
        return self.delete_at(kind, file, index)

    def delete_at(self, kind: str, file: str, index: int) -> InsertEntry:
        """The edit that removes the ``index``-th ``kind`` entry of ``file``."""
        try:
            entry = self.files[file][kind][index]
        except (KeyError, IndexError, TypeError):
            raise DocumentError(_("{file}: there is no {kind} #{number}").format(
                file=file, kind=kind_word(kind), number=index + 1)) from None
        return InsertEntry(file, kind, index, None, copy.deepcopy(entry))

    # ---------------------------------------------------------------- checking and saving

    def validate(self) -> list[ContentError]:
        """The engine loader's verdict on the pack as edited: the loader reads the files as
        they would be saved from here, and the packs it extends from disk."""
        extends = self.files.get(MANIFEST, {}).get("extends")
        if extends != self._extends:
            self._extends = copy.deepcopy(extends)
            parent = parent_folder(self.folder, extends) \
                if isinstance(extends, str) and extends.strip() and "\0" not in extends \
                else None
            self.parent = check_pack(parent)[0] if parent is not None else None
        texts = {name: self.text(name).encode("utf-8") for name in self.files}
        review = review_pack(self.folder, texts)
        self.catalog, self.problems, self.warnings = review.catalog, review.errors, review.warnings
        return self.problems

    @property
    def valid(self) -> bool:
        return not self.problems

    def save(self, *, every_file: bool = False) -> list[str]:
        """Write the files that changed, all or none of them (``smqt.files.atomic.write_files``);
        returns their names. A pack with problems is saved too (work in progress) and stays
        marked invalid. ``every_file`` rewrites unchanged files too, in the canonical layout.
        Raises OSError when the files cannot be written."""
        written = [name for name, data in self.files.items()
                   if every_file or self.saved.get(name) != data
                   or not os.path.lexists(self.folder / name)]
        if written:
            write_files(self.folder, {name: self.text(name).encode("utf-8") for name in written})
        self.saved = copy.deepcopy(self.files)
        self._stamps = self._disk_stamps()
        return written


    def text(self, name: str) -> str:
        """A file as it is saved: its leading comment block, then tomli-w's TOML."""
        return self.headers.get(name, "") + _dump(self.files[name])


def _tidy(folder: Path) -> list[str]:
    """Finish what a killed editor left in ``folder``: an interrupted save is completed (or
    dropped when it never committed), temporary files and check copies are removed. Returns
    what was done, in words."""
    done = []
    try:
        outcome = finish_interrupted_write(folder)
    except OSError as exc:
        raise DocumentError(f"{cut(str(folder), 200)}: {exc}") from None
    if outcome == "completed":
        done.append(_("a save that was interrupted has been completed"))
    elif outcome == "dropped":
        done.append(_("a save that was interrupted before it began was dropped"))
    done += [_("removed the temporary file {file}").format(file=name)
             for name in remove_stale_temporaries(folder)]
    try:
        with os.scandir(folder.parent) as listing:
            copies = [e.path for e in listing
                      if e.name.startswith(STALE_CHECK_COPIES) and e.is_dir(follow_symlinks=False)]
    except OSError:
        copies = []
    for path in copies:
        try:
            if time.time() - os.stat(path).st_mtime > 60:
                shutil.rmtree(path)
                done.append(_("removed the check copy {folder}").format(
                    folder=os.path.basename(path)))
        except OSError:
            continue
    return done


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
