"""What the entry list shows of a pack and where each entry lives in its files: the rows of
a kind (marked new, changed, inherited or left out, with their problems), the list key of an
entry, the file and index of a key, the ids in use. Functions of the document alone, so that
every part of the window asks them the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.model.document import CHANGED, INHERITED, NEW, REMOVED, PackDocument
from editor.model.words import shown_name
from editor.shell.entrylist import SETTINGS, EntryRow, entry_key, split_key
from smqt.engine.catalog import catalog_entries
from smqt.engine.content import SandDollarAction
from smqt.language.translate import _
from smqt.pack.convert import converter
from smqt.pack.manifest import MANIFEST
from smqt.pack.problems import ContentError


def pack_title(doc: PackDocument) -> str:
    """The pack's name and version, as its manifest says them."""
    manifest = doc.files.get(MANIFEST, {})
    return f"{manifest.get('name', '')} {manifest.get('version', '')}".strip()


def skipped_note(doc: PackDocument | None) -> str:
    """What an export of a pack with problems leaves out ("" for a valid pack)."""
    if doc is None or doc.valid:
        return ""
    return " " + _("Entries with problems were left out.")


def own_keys(doc: PackDocument, kind: str) -> dict[str, tuple[str, int, dict[str, Any]]]:
    """List key -> (file, index, table) of this pack's entries of ``kind``, in file order."""
    seen: dict[str, int] = {}
    keys = {}
    for file, index, table in doc.entries(kind):
        ident = str(table.get("id"))
        keys[entry_key(ident, seen.get(ident, 0))] = (file, index, table)
        seen[ident] = seen.get(ident, 0) + 1
    return keys


def place(doc: PackDocument, kind: str, key: str) -> tuple[str, int] | None:
    """(file, index) of this pack's entry shown in the row ``key``, or None."""
    found = own_keys(doc, kind).get(key)
    return None if found is None else (found[0], found[1])


def key_at(doc: PackDocument, kind: str, file: str, index: int) -> str | None:
    """The list key of the ``index``-th entry of ``kind`` in ``file``."""
    return next((key for key, (f, i, _table) in own_keys(doc, kind).items()
                 if (f, i) == (file, index)), None)


def all_ids(doc: PackDocument | None, kind: str) -> list[str]:
    """The ids of ``kind`` in use: this pack's, then the extended pack's it does not change."""
    if doc is None:
        return []
    ids = [str(e.get("id")) for _file, _index, e in doc.entries(kind)]
    return ids + [i for i in doc.inherited(kind) if i not in ids]


def sand_dollar_action(doc: PackDocument | None, ident: str) -> SandDollarAction | None:
    """The sand dollar action ``ident`` as the pack has it now (its own, else the extended
    pack's); None when there is none or it does not load."""
    if doc is None:
        return None
    for _file, _index, table in doc.entries("sand_dollar_action"):
        if table.get("id") == ident:
            try:
                return converter.structure(table, SandDollarAction)
            except Exception:  # a broken action simply has no face yet
                return None
    if doc.parent is not None:
        return doc.parent.sand_dollar_actions.get(ident)
    return None


def problem_key(doc: PackDocument, problem: ContentError) -> str:
    """The list key of this pack's entry a problem is about ("" when it is not one)."""
    if problem.index is None or not problem.section:
        return ""
    return key_at(doc, problem.section, Path(problem.file).name, problem.index) or ""


def id_at(doc: PackDocument, problem: ContentError) -> str:
    """The id written in the entry a problem points at ("" when it has none)."""
    if problem.index is None:
        return ""
    name = Path(problem.file).name
    try:
        return str(doc.files[name][problem.section][problem.index].get("id"))
    except (KeyError, IndexError, TypeError, AttributeError):
        return ""


def problem_counts(doc: PackDocument, kind: str) -> dict[str, int]:
    """List key -> how many problems the loader has with that entry of ``kind``."""
    counts: dict[str, int] = {}
    for problem in doc.problems:
        if problem.section == kind:
            key = problem_key(doc, problem) or problem.entry
            counts[key] = counts.get(key, 0) + 1
    return counts


def rows_of(doc: PackDocument, kind: str) -> list[EntryRow]:
    """The rows of ``kind`` the list shows (for ``settings``: the pack and the rules)."""
    if kind != SETTINGS:
        return entry_rows(doc, kind)
    counts = {"pack": 0, "rules": 0}
    for problem in doc.problems:
        if problem.section in ("pack", "rules") or problem.entry in ("pack", "rules"):
            counts[problem.entry or problem.section] = \
                counts.get(problem.entry or problem.section, 0) + 1
    return [EntryRow(SETTINGS, "pack", _("Pack: name, version, extends"), "", {},
                     counts.get("pack", 0)),
            EntryRow(SETTINGS, "rules", _("Rules parameters"), "", {}, counts.get("rules", 0))]


def entry_rows(doc: PackDocument, kind: str) -> list[EntryRow]:
    """This pack's entries and, in a variant, the extended pack's, in deck order: an entry
    that replaces one keeps its place, new entries follow. Entries sharing an id (a mistake
    the loader reports) each get a row of their own."""
    counts = problem_counts(doc, kind)
    own = own_keys(doc, kind)

    def mine(key: str, table: dict[str, Any], status: str) -> EntryRow:
        ident = str(table.get("id"))
        return EntryRow(kind, ident, shown_name(table, ident), status, table,
                        counts.get(key, 0), key)

    if doc.parent is None:
        return [mine(key, table, "") for key, (_file, _index, table) in own.items()]
    parent = catalog_entries(doc.parent, kind)
    removed = set(doc.removed(kind))
    rows = []
    for ident, entry in parent.items():
        if ident in own:
            rows.append(mine(ident, own[ident][2], CHANGED))
        else:
            table = converter.unstructure(entry)
            name = shown_name(table, ident)
            if ident in removed:
                rows.append(EntryRow(kind, ident, _("{name} (left out)").format(name=name),
                                     REMOVED, table))
            else:
                rows.append(EntryRow(kind, ident, name, INHERITED, table))
    rows += [mine(key, table, CHANGED if split_key(key)[0] in parent else NEW)
             for key, (_file, _index, table) in own.items() if key not in parent]
    return rows
