"""Changing the document from the editor's window: every change an undoable edit on the
session's stack (undo, redo, new, duplicate, delete, a form's edit, an extended pack's entry
changed, used again or put back)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

import attrs
from PySide6.QtWidgets import QMessageBox

from editor.model.commands import EditCommand, describe_edit
from editor.model.document import (
    CHANGED,
    INHERITED,
    REMOVED,
    DocumentError,
    Edit,
    InsertEntry,
    SetTable,
    SetValue,
)
from editor.model.places import get
from editor.model.templates import (
    copy_of,
    follows_name,
    free_id,
    id_from_name,
    new_entry,
    outdated_languages,
)
from editor.model.words import entry_words, kind_word
from editor.shell import entryrows
from editor.shell.entrylist import SETTINGS, EntryList, EntryRow, split_key
from editor.shell.notices import Notices
from editor.shell.session import PackSession
from smqt.engine.catalog import catalog_entries
from smqt.engine.content import ID_PATTERN, WORDED_LANGUAGES
from smqt.language.translate import _
from smqt.pack.folder import KINDS
from smqt.pack.manifest import MANIFEST


class Editing:
    """Every change to the pack, each an undoable command on the session's one stack: a part
    of the editor's window, given the session, where to speak to the author, the entry list
    (the kind shown, and the kind an edit makes it show), and the window's ways to commit the
    form (``flush``), find the entry shown (``current_row``) and show an entry (``select``)."""

    def __init__(self, session: PackSession, notices: Notices, entries: EntryList, *,
                 flush: Callable[[], None], current_row: Callable[[], EntryRow | None],
                 select: Callable[[str, str], bool]) -> None:
        self._session = session
        self._stack = session.stack
        self._notices = notices
        self._entries = entries
        self._flush = flush
        self._current_row = current_row
        self._select = select
        self._applying = False
        "An edit is being carried out: the fields it replaces must not commit anything."

    def undo(self) -> None:
        """Ctrl+Z from anywhere, a field being typed in too: what the field holds is committed
        first, then the last change is undone."""
        self._flush()
        self._stack.undo()

    def redo(self) -> None:
        self._flush()
        self._stack.redo()

    def push(self, edit: Edit, text: str | None = None, *, alone: bool = False) -> None:
        """Carry out ``edit`` as an undoable command (``alone``: never merged with another)."""
        command = EditCommand(edit, self._apply, text or describe_edit(edit, self._name()),
                              alone=alone)
        self._stack.push(command)
        if command.failure:
            self._notices.tell(_("This change does not fit"), command.failure)

    def _name(self) -> str:
        current = self._session.current
        return entry_words(current[0], split_key(current[1])[0]) if current else _("pack")

    def _apply(self, edit: Edit) -> None:
        doc = self._session.doc
        assert doc is not None
        self._applying = True  # fields replaced meanwhile must not commit anything
        try:
            doc.apply(edit)
            self._follow(edit)
            self._session.changed.emit()
        finally:
            self._applying = False

    def _follow(self, edit: Edit) -> None:
        """Show the entry an edit (or its undo) touched."""
        doc = self._session.doc
        assert doc is not None
        if isinstance(edit, SetValue):
            key = entryrows.key_at(doc, edit.kind, edit.file, edit.index)
            self._session.current = None if key is None else (edit.kind, key)
        elif isinstance(edit, InsertEntry):
            remaining = list(doc.files.get(edit.file, {}).get(edit.kind, []))
            index = edit.index if edit.entry is not None else min(edit.index, len(remaining) - 1)
            key = entryrows.key_at(doc, edit.kind, edit.file, index) if remaining else None
            self._session.current = None if key is None else (edit.kind, key)
        elif isinstance(edit, SetTable):
            if edit.file == MANIFEST:
                self._session.current = (SETTINGS, "pack")
            elif edit.path[0] == "rules":
                self._session.current = (SETTINGS, "rules")
        if self._session.current is not None:
            self._entries.set_kind(self._session.current[0])

    def _edit_at(self, target: tuple[str, str], path: tuple, value: Any
                 ) -> SetValue | SetTable | None:
        """The edit that sets ``path`` of the table the form shows for ``target`` (kind, list
        key) to ``value`` (None: drop the key); None when there is no such table (said)."""
        doc = self._session.doc
        assert doc is not None
        kind, key = target
        try:
            if kind == SETTINGS:
                if split_key(key)[0] == "pack":
                    return doc.set_table(MANIFEST, path, value)
                return doc.set_table(doc.table_file("rules"), ("rules", *path), value)
            place = entryrows.place(doc, kind, key)
            if place is None:
                return None
            return doc.set_at(place[0], kind, place[1], path, value)
        except DocumentError as exc:
            self._notices.tell(_("This change does not fit"), str(exc))
            return None

    def _value_at(self, target: tuple[str, str], path: tuple) -> Any:
        """What ``path`` of the table the form shows for ``target`` holds (None: nothing)."""
        doc = self._session.doc
        assert doc is not None
        kind, key = target
        if kind == SETTINGS:
            if split_key(key)[0] == "pack":
                return doc.table_value(MANIFEST, path)
            return doc.table_value(doc.table_file("rules"), ("rules", *path))
        place = entryrows.place(doc, kind, key)
        return None if place is None else get(doc.files[place[0]][kind][place[1]], path)

    def use_value(self, target: tuple[str, str], path: tuple, value: Any) -> None:
        """A value found for a field (the balance search's), set as one step of the history
        of its own: Undo puts back what the field held just before, whatever was typed in it
        while the search ran."""
        self.form_edited(target, path, value, alone=True)

    def form_edited(self, target: tuple[str, str], path: tuple, value: Any, *,
                    alone: bool = False) -> None:
        """A field of the form showing ``target`` (kind, id) changed (``alone``: a step that
        never merges with the field's steps before and after)."""
        doc = self._session.doc
        if doc is None or self._applying or not self._notices.alive():
            return  # (a field losing its focus while the window is destroyed ends up here)
        kind, key = target
        ident = split_key(key)[0]
        edit = self._edit_at(target, path, value)
        if edit is None:
            return
        if repr(edit.old) == repr(edit.new):  # repr: True and 1 differ, 2.0 and 2 too
            return
        if self._translated_again(target, path, value):
            self._stack.beginMacro(_("{change}; translated again").format(
                change=describe_edit(edit, entry_words(kind, ident))))
            try:
                self.push(edit, describe_edit(edit, entry_words(kind, ident)))
                marked = self._edit_at(target, (path[0], "outdated"), None)
                if marked is not None:
                    self.push(marked)
            finally:
                self._stack.endMacro()
            return
        follow = self._id_for_name(kind, key, edit, value) if path == ("name",) else None
        if follow is None:
            self.push(edit, describe_edit(edit, entry_words(kind, ident)), alone=alone)
            return
        self._stack.beginMacro(_("{kind} {id}: name = {name}, id = {new_id}").format(
            kind=kind_word(kind), id=ident, name=value, new_id=follow))
        try:
            self.push(edit, describe_edit(edit, entry_words(kind, ident)))
            place = entryrows.place(doc, kind, self._session.current[1]) if self._session.current else None
            if place is not None:
                self.push(doc.set_at(place[0], kind, place[1], ("id",), follow))
        finally:
            self._stack.endMacro()
        self._notices.status(_("The id follows the name: {id} (until you type an id of your "
                               "own).").format(id=follow), 6000)

    def _translated_again(self, target: tuple[str, str], path: tuple, value: Any) -> bool:
        """The author writes an entry's name or text in a language whose words are marked
        outdated (a copy's): they are translated again, and the mark goes with the edit."""
        return len(path) == 2 and path[0] in WORDED_LANGUAGES and path[1] in ("name", "text") \
            and isinstance(value, str) and bool(value) \
            and self._value_at(target, (path[0], "outdated")) is True

    def rename_key(self, target: tuple[str, str], path: tuple, new_key: str) -> None:
        """A key the table does not have (a typo) takes the name ``new_key``, its value and its
        place kept (a value under ``new_key`` is replaced): one step in the history."""
        doc = self._session.doc
        if doc is None or self._applying or not self._notices.alive() or not path:
            return
        value = self._value_at(target, path)
        holder = self._value_at(target, path[:-1])
        if value is None or new_key == path[-1]:
            return
        add = self._edit_at(target, (*path[:-1], new_key), value)
        if add is None:
            return
        if add.old is None and isinstance(holder, dict) and path[-1] in holder:
            add = attrs.evolve(add, position=list(holder).index(path[-1]))  # where it stood
        entry = entry_words(target[0], split_key(target[1])[0])
        self._stack.beginMacro(_("{entry}: rename {key} to {new_key}").format(
            entry=entry, key=path[-1], new_key=new_key))
        try:
            self.push(add)
            drop = self._edit_at(target, path, None)
            if drop is not None:
                self.push(drop)
        finally:
            self._stack.endMacro()

    def delete_key(self, target: tuple[str, str], path: tuple) -> None:
        """Delete a key the table does not have (a typo), with its value."""
        doc = self._session.doc
        if doc is None or self._applying or not self._notices.alive() or not path:
            return
        drop = self._edit_at(target, path, None)
        if drop is not None and drop.old is not None:
            entry = entry_words(target[0], split_key(target[1])[0])
            self.push(drop, _("{entry}: delete the unknown key {key}").format(
                entry=entry, key=path[-1]))

    def _id_for_name(self, kind: str, key: str, edit: Edit, name: Any) -> str | None:
        """The id a renamed entry takes: an entry not saved yet whose id the editor made up
        (or derived from its old name) follows its name; None when the id stays."""
        doc = self._session.doc
        assert doc is not None
        ident, occurrence = split_key(key)
        if kind not in KINDS or occurrence or not isinstance(name, str) or \
                not isinstance(edit, SetValue):
            return None
        old_name = edit.old if isinstance(edit.old, str) else ""
        saved = any(isinstance(data.get(kind), list) and any(
            isinstance(e, dict) and e.get("id") == ident for e in data[kind])
            for data in doc.saved.values())
        inherited = doc.parent is not None and \
            ident in catalog_entries(doc.parent, kind)
        if saved or inherited or not follows_name(ident, old_name, kind):
            return None
        wanted = id_from_name(name)
        if not wanted or not re.fullmatch(ID_PATTERN, wanted):
            return None
        new = free_id(wanted, [i for i in entryrows.all_ids(doc, kind) if i != ident])
        return None if new == ident else new

    def new_entry(self) -> None:
        self._flush()
        doc = self._session.doc
        if doc is None:
            return
        kind = self._entries.kind
        if kind == SETTINGS:
            return
        actions = entryrows.all_ids(doc, "sand_dollar_action")
        ident = free_id(f"new_{kind}", entryrows.all_ids(doc, kind))
        self.push(doc.new_entry(kind, new_entry(kind, ident, actions)),
                  _("add {kind} {id}").format(kind=kind_word(kind), id=ident))

    def duplicate(self) -> None:
        self._flush()
        doc = self._session.doc
        row = self._current_row()
        if doc is None or row is None or row.kind == SETTINGS:
            return
        ident = free_id(f"{row.id}_copy", entryrows.all_ids(doc, row.kind))
        twin = copy_of(row.table, ident)
        place = entryrows.place(doc, row.kind, row.key)
        self.push(doc.new_entry(row.kind, twin, place[0] if place else None),
                  _("duplicate {kind} {id} as {new_id}").format(kind=kind_word(row.kind), id=row.id,
                                                                 new_id=ident))
        if outdated_languages(twin):
            self._notices.status(_("The copy's German name and text are marked outdated: "
                                   "translate them again (until then it shows its own name in "
                                   "German too)."), 10000)

    def delete(self) -> None:
        self._flush()
        doc = self._session.doc
        row = self._current_row()
        if doc is None or row is None or row.kind == SETTINGS:
            return
        references = doc.references(row.kind, row.id)
        what = entry_words(row.kind, repr(row.id))
        # in a variant, an entry of the extended pack (changed here or not) is left out
        # through [remove]; an own copy is dropped with it
        leave_out = row.status == INHERITED or (row.status == CHANGED and row.key == row.id)
        if row.status == INHERITED:
            text = _("Leave {entry} of the extended pack out of this pack?").format(entry=what)
        elif leave_out:
            text = _("Leave {entry} of the extended pack out of this pack? Your changes to it "
                     "are dropped too. (To drop only your changes, use \"Use the extended "
                     "pack's version\" above the form.)").format(entry=what)
        else:
            text = _("Delete {entry}?").format(entry=what)
        if references:
            text += "\n\n" + _("These refer to it and will not load without it:") + "\n  " + \
                "\n  ".join(references)
        answer = QMessageBox.question(self._notices.window, _("Delete"), text)
        if answer != QMessageBox.StandardButton.Yes:
            return
        place = entryrows.place(doc, row.kind, row.key) if row.status != INHERITED else None
        if not leave_out:
            if place is not None:
                self.push(doc.delete_at(row.kind, *place),
                          _("delete {kind} {id}").format(kind=kind_word(row.kind), id=row.id))
            return
        self._stack.beginMacro(_("leave out {kind} {id}").format(kind=kind_word(row.kind), id=row.id))
        try:
            if place is not None:
                self.push(doc.delete_at(row.kind, *place))
            file = doc.table_file("remove")
            listed = list(doc.table_value(file, ("remove", row.kind)) or [])
            self.push(doc.set_table(file, ("remove", row.kind), [*listed, row.id]))
        finally:
            self._stack.endMacro()
        self._select(row.kind, row.id)  # the row stays, marked left out

    def banner_clicked(self) -> None:
        """The button over the form: change the extended pack's entry in this pack, use its
        version (or its rules) again, or put back an entry this pack leaves out."""
        doc = self._session.doc
        row = self._current_row()
        if doc is None or row is None:
            return
        if (row.kind, row.id) == (SETTINGS, "rules"):
            file = doc.table_file("rules")
            self.push(doc.set_table(file, ("rules",), None),
                      _("use the extended pack's rules"))
            return
        if row.status == INHERITED:
            self.push(doc.new_entry(row.kind, copy.deepcopy(row.table)),
                      _("change {kind} {id} in this pack").format(kind=kind_word(row.kind), id=row.id))
        elif row.status == CHANGED and row.key == row.id:
            place = entryrows.place(doc, row.kind, row.key)
            if place is not None:
                self.push(doc.delete_at(row.kind, *place),
                          _("use the extended pack's {kind} {id}").format(kind=kind_word(row.kind),
                                                                          id=row.id))
                self._select(row.kind, row.id)
        elif row.status == REMOVED:
            for file, data in doc.files.items():
                listed = data.get("remove", {}).get(row.kind, []) if \
                    isinstance(data.get("remove"), dict) else []
                if row.id in listed:
                    rest = [i for i in listed if i != row.id]
                    self.push(doc.set_table(file, ("remove", row.kind), rest or None),
                              _("put back {kind} {id}").format(kind=kind_word(row.kind), id=row.id))
                    self._session.current = (row.kind, row.id)
                    self._session.changed.emit()
                    return
