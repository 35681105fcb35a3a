"""Every change to a pack is a ``QUndoCommand`` on the window's one ``QUndoStack``: it wraps
a reversible document edit. Consecutive changes of one field (the steps of a spin box, the
arrow keys through a drop-down, a union's kind) merge into one command; list edits do not."""

from __future__ import annotations

from collections.abc import Callable

import attrs
from PySide6.QtGui import QUndoCommand

from editor.model.document import DocumentError, Edit, SetTable, SetValue
from editor.model.words import kind_word, place_words, value_word
from smqt.language.translate import _

_MERGEABLE = 1


def describe_edit(edit: Edit, entry: str) -> str:
    """A line for the undo history: what changed where, in words ("Merkmalskarte
    drum_circle: Reihe = Strand"; in English as the file writes it, "card drum_circle: row =
    beach")."""
    if isinstance(edit, SetValue | SetTable):
        where = place_words(edit.path)
        if edit.new is None:
            return _("{entry}: clear {place}").format(entry=entry, place=where)
        value = value_word(edit.new) if not isinstance(edit.new, dict | list) else "…"
        return _("{entry}: {place} = {value}").format(entry=entry, place=where, value=value)
    if edit.entry is None:
        return _("delete {kind} {id}").format(kind=kind_word(edit.kind),
                                              id=(edit.removed or {}).get("id"))
    return _("add {kind} {id}").format(kind=kind_word(edit.kind), id=edit.entry.get("id"))


class EditCommand(QUndoCommand):
    """``apply(edit)`` carries an edit out on the document (and refreshes the window);
    ``alone``: a step of its own, never merged with the change before it or after it (a
    value the balance search found)."""

    def __init__(self, edit: Edit, apply: Callable[[Edit], None], text: str, *,
                 alone: bool = False) -> None:
        super().__init__(text)
        self.edit = edit
        self.apply = apply
        self.alone = alone
        self.failure = ""
        "Why the edit could not be carried out (the command is then dropped from the stack)."

    def redo(self) -> None:
        self._run(self.edit)

    def undo(self) -> None:
        self._run(self.edit.inverse())

    def _run(self, edit: Edit) -> None:
        try:
            self.apply(edit)
        except DocumentError as exc:  # the document is unchanged; the stack drops the command
            self.failure = str(exc)
            self.setObsolete(True)

    def id(self) -> int:
        mergeable = not self.alone and isinstance(self.edit, SetValue | SetTable) and \
            not isinstance(self.edit.new, list | bool) and self.edit.new is not None
        return _MERGEABLE if mergeable else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.id() != _MERGEABLE:
            return False
        mine, theirs = self.edit, other.edit
        if type(mine) is not type(theirs) or _target(mine) != _target(theirs):
            return False
        self.edit = attrs.evolve(mine, new=theirs.new)  # type: ignore[arg-type]
        self.setText(other.text())
        return True


def _target(edit: Edit) -> tuple:
    if isinstance(edit, SetValue):
        return (edit.file, edit.kind, edit.index, edit.path)
    if isinstance(edit, SetTable):
        return (edit.file, edit.path)
    return (id(edit),)
