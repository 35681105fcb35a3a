"""What the editor's window shows of the document: the entry list with its marks, the form of
the selected entry with its banner, and jumping to an entry or a problem."""

from __future__ import annotations

import copy
from typing import Any

import shiboken6
from PySide6.QtWidgets import QWidget

from editor.forms.fields import discard, help_of
from editor.forms.form import Form, parse_key
from editor.forms.inputs import NumberBox
from editor.model.document import CHANGED, INHERITED, NEW, REMOVED
from editor.model.words import kind_word, place_words
from editor.shell import entryrows
from editor.shell.entrylist import SETTINGS, EntryRow
from smqt.engine.content import Rules, SandDollarAction
from smqt.language.translate import N_, _, ngettext
from smqt.pack.convert import converter
from smqt.pack.folder import KINDS
from smqt.pack.manifest import MANIFEST, PackManifest
from smqt.pack.problems import ContentError

HELP_HINT = N_("Point at or click into a field to read what it means.")
"Shown under the form while no field has the focus (translated where it is shown)."


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _leaves(table: dict[str, Any], prefix: str = "") -> list[str]:
    names = []
    for key, value in table.items():
        if isinstance(value, dict):
            names += _leaves(value, f"{prefix}{key}.")
        else:
            names.append(f"{prefix}{key}")
    return names


class Showing:
    """The entry list and the form of ``EditorWindow``."""

    def refresh(self) -> None:
        if self.doc is None:
            self._marks()
            return
        self._rows()
        self._show_current()
        self.problems.show_problems(self.doc.problems, str(self.doc.folder))
        self.stats.show_catalog(self.doc.catalog, len(self.doc.problems))
        self._marks()

    def _clean_changed(self, _clean: bool) -> None:
        if shiboken6.isValid(self):
            self._marks()

    def _marks(self) -> None:
        if self.doc is None:
            self.setWindowTitle(_("Santa Monica content editor"))
            self.state.setText(_("No pack open"))
            return
        modified = self.doc.modified
        self.setWindowModified(modified)
        valid = self.doc.valid
        count = len(self.doc.problems)
        title = _("{folder}[*] — {pack} — Santa Monica content editor") if valid else \
            _("{folder}[*] — {pack} — INVALID — Santa Monica content editor")
        self.setWindowTitle(title.format(folder=self.doc.folder.name,
                                         pack=entryrows.pack_title(self.doc)))
        parts = [_("Unsaved changes") if modified else _("Saved")]
        parts.append(_("valid") if valid else ngettext(
            "invalid: {count} problem", "invalid: {count} problems", count).format(count=count))
        self.state.setText(" · ".join(parts))
        self.state.setStyleSheet("color: #8a1c12; font-weight: bold;" if not valid else
                                 ("font-weight: bold;" if modified else ""))
        self.menus.save_action.setEnabled(modified)

    def _rows(self) -> None:
        if self.doc is None:
            return
        kind = self.entries.kind
        rows = entryrows.rows_of(self.doc, kind)
        self._listing = True  # the list's own pick of a first row is not the author's
        try:
            self.entries.set_rows(rows)
            if self.current is not None and self.current[0] == kind:
                self.entries.select(self.current[1])
        finally:
            self._listing = False

    def flush(self) -> None:
        """Commit what is typed in the form but not committed yet."""
        if self.form is not None:
            self.form.flush()

    def _current_row(self) -> EntryRow | None:
        if self.current is None:
            return None
        return next((r for r in self.entries.rows if (r.kind, r.key) == self.current), None)

    def _picked(self, kind: str, key: str) -> None:
        if self._listing:
            return
        if self.current != (kind, key):
            self.current = (kind, key)
            self._show_current()

    def _kind_switched(self) -> None:
        self._rows()
        self.help.setText(_(HELP_HINT))
        self._show_current()

    def _show_current(self) -> None:
        row = self._current_row()
        if row is None:
            picked = self.entries.current_id()
            row = next((r for r in self.entries.rows if r.key == picked), None)
            if row is not None:
                self.current = (row.kind, row.key)
        if row is None:
            self._set_form(None, None, {}, True)
            self.title.setText(_("Nothing selected"))
            self.banner.hide()
            self.preview.show_entry(None, None, self._sand_dollar_action)
            return
        table, cls, editable = self._table_for(row)
        self.title.setText(f"{row.name}" if row.kind == SETTINGS else
                           _("{kind}: {name}  ({id})").format(kind=kind_word(row.kind),
                                                              name=row.name, id=row.id))
        self._banner_for(row)
        place = entryrows.place(self.doc, row.kind, row.key) if row.kind in KINDS else None
        # an entry keeps its form while its id is edited: the focus stays in the form
        self._form_target = (row.kind, row.key)
        self._set_form((row.kind, place or row.key, row.status), cls, table, editable)
        self.preview.show_entry(row.kind if row.kind in KINDS else None, table,
                                self._sand_dollar_action)

    def _table_for(self, row: EntryRow) -> tuple[dict[str, Any], type | None, bool]:
        assert self.doc is not None
        if row.kind == SETTINGS:
            if row.id == "pack":
                return self.doc.files.get(MANIFEST, {}), PackManifest, True
            own = self.doc.table_value(self.doc.table_file("rules"), ("rules",)) or {}
            if self.doc.parent is not None:
                inherited = converter.unstructure(self.doc.parent.rules)
                return _merged(inherited, own if isinstance(own, dict) else {}), Rules, True
            return (own if isinstance(own, dict) else {}), Rules, True
        return row.table, KINDS[row.kind], row.status not in (INHERITED, REMOVED)

    def _banner_for(self, row: EntryRow) -> None:
        texts = {
            INHERITED: (_("Inherited from the extended pack; this pack does not change it."),
                        _("Change in this pack")),
            REMOVED: (_("The extended pack's entry, left out by this pack's [remove]."),
                      _("Put back")),
            CHANGED: (_("This pack replaces the extended pack's entry of the same id."),
                      _("Use the extended pack's version")),
            NEW: (_("New in this pack."), ""),
        }
        if row.kind == SETTINGS and row.id == "rules" and self.doc and self.doc.parent:
            own = self.doc.table_value(self.doc.table_file("rules"), ("rules",))
            names = _leaves(own) if isinstance(own, dict) else []
            text = (_("This pack sets {keys}; the other values come from the extended "
                      "pack.").format(keys=", ".join(names)) if names else
                    _("Every value comes from the extended pack; a change here is stored in "
                      "this pack."))
            button = _("Use the extended pack's rules") if names else ""
        else:
            text, button = texts.get(row.status, ("", ""))
            if row.key != row.id:
                button = ""  # a second entry of the id: nothing of the extended pack to use
        self.banner_text.setText(text)
        self.banner_button.setText(button)
        self.banner_button.setVisible(bool(button))
        self.banner.setVisible(bool(text))

    def _set_form(self, key: tuple[str, Any, str] | None, cls: type | None,
                  table: dict[str, Any], editable: bool) -> None:
        if key != self._form_key or self.form is None or cls is not self.form.cls:
            if self.form is not None:
                self._tell_refused(self.form)
                self.form.blockSignals(True)
                discard(self.form)
                self.form = None
            self._form_key = key
            self.help.setText(_(HELP_HINT))  # the old form's field is gone
            if cls is None:
                return
            self.form = Form(cls, choices=self._choices,
                             optional_lists=not (key and key[0] == SETTINGS))
            self.form.edited.connect(
                lambda path, value: self.editing.form_edited(self._form_target, path, value))
            self.form_layout.insertWidget(self.form_layout.count() - 1, self.form)  # above the stretch
        self.form.setEnabled(editable)
        self.form.show_table(table)

    def _tell_refused(self, form: Form) -> None:
        """A number refused in a form that is going away: say so, it is not taken."""
        refused = [(box.objectName().removeprefix("field:"), box.text(), box.problem)
                   for box in form.findChildren(NumberBox) if box.problem]
        if refused:
            where, text, problem = refused[0]
            path = tuple(int(p) if p.isdigit() else p for p in where.split("."))
            self.notices.status(_("{field}: {text} was not taken ({problem}).").format(
                field=place_words(path), text=text, problem=problem), 10000)

    def _sand_dollar_action(self, ident: str) -> SandDollarAction | None:
        return entryrows.sand_dollar_action(self.doc, ident)

    def _choices(self, owner: type, name: str) -> list[str]:
        if name == "sides":
            return entryrows.all_ids(self.doc, "sand_dollar_action")
        return []

    def select(self, kind: str, ident: str) -> bool:
        """Show the entry whose list key (its id, unless it shares it) is ``ident``."""
        self.entries.set_kind(kind)
        self._rows()
        if self.entries.select(ident):
            self.current = (kind, ident)
            self._show_current()
            return True
        return False

    def jump_to(self, problem: ContentError) -> None:
        """Show the entry and field a loader problem is about."""
        if self.doc is None:
            return
        section = problem.section or problem.entry
        if section in KINDS:
            ident = entryrows.problem_key(self.doc, problem) or problem.entry or \
                entryrows.id_at(self.doc, problem)
            if not self.select(section, ident):
                return
        elif section in ("pack", "rules"):
            self.select(SETTINGS, section)
        else:
            return
        if self.form is not None and problem.key:
            widget = self.form.focus_path(parse_key(problem.key))
            if widget is not None:
                self.scroll.ensureWidgetVisible(widget)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and self.isAncestorOf(new):
            text = help_of(new)
            if text:
                self.help.setText(text)
