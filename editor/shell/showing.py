"""What the editor's window shows of the document: the entry list with its marks, the form of
the selected entry with its banner, and jumping to an entry or a problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtWidgets import QWidget

from editor.forms.fields import discard, help_of
from editor.forms.form import Form, parse_key
from editor.forms.inputs import NumberBox
from editor.model.document import CHANGED, INHERITED, NEW, REMOVED
from editor.model.words import kind_word, place_words, shown_name
from editor.shell.entrylist import SETTINGS, EntryRow, entry_key, split_key
from smqt.engine.catalog import catalog_entries
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

    def _pack_title(self) -> str:
        assert self.doc is not None
        manifest = self.doc.files.get(MANIFEST, {})
        return f"{manifest.get('name', '')} {manifest.get('version', '')}".strip()

    def _skipped_note(self) -> str:
        if self.doc is None or self.doc.valid:
            return ""
        return " " + _("Entries with problems were left out.")

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
        self.setWindowTitle(title.format(folder=self.doc.folder.name, pack=self._pack_title()))
        parts = [_("Unsaved changes") if modified else _("Saved")]
        parts.append(_("valid") if valid else ngettext(
            "invalid: {count} problem", "invalid: {count} problems", count).format(count=count))
        self.state.setText(" · ".join(parts))
        self.state.setStyleSheet("color: #8a1c12; font-weight: bold;" if not valid else
                                 ("font-weight: bold;" if modified else ""))
        self.save_action.setEnabled(modified)

    def _problem_counts(self, kind: str) -> dict[str, int]:
        assert self.doc is not None
        counts: dict[str, int] = {}
        for problem in self.doc.problems:
            if problem.section == kind:
                key = self._problem_key(problem) or problem.entry
                counts[key] = counts.get(key, 0) + 1
        return counts

    def _problem_key(self, problem: ContentError) -> str:
        """The list key of this pack's entry a problem is about ("" when it is not one)."""
        if problem.index is None or not problem.section:
            return ""
        return self._key_at(problem.section, Path(problem.file).name, problem.index) or ""

    def _id_at(self, problem: ContentError) -> str:
        assert self.doc is not None
        if problem.index is None:
            return ""
        name = Path(problem.file).name
        try:
            return str(self.doc.files[name][problem.section][problem.index].get("id"))
        except (KeyError, IndexError, TypeError, AttributeError):
            return ""

    def _rows(self) -> None:
        if self.doc is None:
            return
        kind = self.entries.kind
        rows: list[EntryRow] = []
        if kind == SETTINGS:
            counts = {"pack": 0, "rules": 0}
            for problem in self.doc.problems:
                if problem.section in ("pack", "rules") or problem.entry in ("pack", "rules"):
                    counts[problem.entry or problem.section] = \
                        counts.get(problem.entry or problem.section, 0) + 1
            rows = [EntryRow(SETTINGS, "pack", _("Pack: name, version, extends"), "", {},
                             counts.get("pack", 0)),
                    EntryRow(SETTINGS, "rules", _("Rules parameters"), "", {},
                             counts.get("rules", 0))]
        else:
            rows = self._entry_rows(kind)
        self._listing = True  # the list's own pick of a first row is not the author's
        try:
            self.entries.set_rows(rows)
            if self.current is not None and self.current[0] == kind:
                self.entries.select(self.current[1])
        finally:
            self._listing = False

    def _entry_rows(self, kind: str) -> list[EntryRow]:
        """This pack's entries and, in a variant, the extended pack's, in deck order: an entry
        that replaces one keeps its place, new entries follow. Entries sharing an id (a mistake
        the loader reports) each get a row of their own."""
        assert self.doc is not None
        counts = self._problem_counts(kind)
        own = self._own_keys(kind)

        def mine(key: str, table: dict[str, Any], status: str) -> EntryRow:
            ident = str(table.get("id"))
            return EntryRow(kind, ident, shown_name(table, ident), status, table,
                            counts.get(key, 0), key)

        if self.doc.parent is None:
            return [mine(key, table, "") for key, (_file, _index, table) in own.items()]
        parent = catalog_entries(self.doc.parent, kind)
        removed = set(self.doc.removed(kind))
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

    def _own_keys(self, kind: str) -> dict[str, tuple[str, int, dict[str, Any]]]:
        """List key -> (file, index, table) of this pack's entries of ``kind``, in file order."""
        assert self.doc is not None
        seen: dict[str, int] = {}
        keys = {}
        for file, index, table in self.doc.entries(kind):
            ident = str(table.get("id"))
            keys[entry_key(ident, seen.get(ident, 0))] = (file, index, table)
            seen[ident] = seen.get(ident, 0) + 1
        return keys

    def _place(self, kind: str, key: str) -> tuple[str, int] | None:
        """(file, index) of this pack's entry shown in the row ``key``, or None."""
        found = self._own_keys(kind).get(key)
        return None if found is None else (found[0], found[1])

    def _key_at(self, kind: str, file: str, index: int) -> str | None:
        """The list key of the ``index``-th entry of ``kind`` in ``file``."""
        return next((key for key, (f, i, _table) in self._own_keys(kind).items()
                     if (f, i) == (file, index)), None)

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
        place = self._place(row.kind, row.key) if row.kind in KINDS else None
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
                lambda path, value: self._form_edited(self._form_target, path, value))
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
            self.statusBar().showMessage(_("{field}: {text} was not taken ({problem}).").format(
                field=place_words(path), text=text, problem=problem), 10000)

    def _choices(self, owner: type, name: str) -> list[str]:
        if name == "sides":
            return self._all_ids("sand_dollar_action")
        return []

    def _all_ids(self, kind: str) -> list[str]:
        if self.doc is None:
            return []
        ids = [str(e.get("id")) for _file, _index, e in self.doc.entries(kind)]
        return ids + [i for i in self.doc.inherited(kind) if i not in ids]

    def _sand_dollar_action(self, ident: str) -> SandDollarAction | None:
        if self.doc is None:
            return None
        for _file, _index, table in self.doc.entries("sand_dollar_action"):
            if table.get("id") == ident:
                try:
                    return converter.structure(table, SandDollarAction)
                except Exception:  # a broken action simply has no face yet
                    return None
        if self.doc.parent is not None:
            return self.doc.parent.sand_dollar_actions.get(ident)
        return None

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
            ident = self._problem_key(problem) or problem.entry or self._id_at(problem)
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
