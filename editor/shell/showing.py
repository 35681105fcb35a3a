"""What the editor's window shows of the document: the entry list with its marks, the form of
the selected entry with its banner and help line, the preview, the validation panel and the
statistics, and jumping to an entry or a problem."""

from __future__ import annotations

import copy
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget

from editor.forms.fields import discard, discarded, help_of
from editor.forms.form import Form, parse_key
from editor.forms.inputs import NumberBox
from editor.model.document import CHANGED, INHERITED, NEW, REMOVED
from editor.model.words import kind_word, place_words
from editor.shell import entryrows
from editor.shell.entrylist import SETTINGS, EntryList, EntryRow
from editor.shell.notices import Notices
from editor.shell.page import FormPage
from editor.shell.preview import PreviewPanel
from editor.shell.problems import ValidationPanel
from editor.shell.session import PackSession
from editor.shell.statsview import StatsView
from smqt.engine.content import Rules, SandDollarAction
from smqt.language.translate import N_, _
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


class Showing(QObject):
    """What the window shows of the pack: a part of the editor's window, given the session it
    follows, the entry list, the page with the form, the preview, the validation panel, the
    statistics, and where to speak to the author. It holds the form of the entry shown; an
    edit in it is said by ``form_edited``."""

    form_edited = Signal(object, object, object)
    "(kind, list key) of the entry the form shows, the field's path, its new value."
    key_renamed = Signal(object, object, str)
    "(kind, list key), the path of a key its table does not have, the key it is renamed to."
    key_deleted = Signal(object, object)
    "(kind, list key), the path of a key its table does not have: delete it."
    balance_asked = Signal(object, object, int, int, int)
    "(kind, list key), the path of a whole number, its value, least and most: find its value."

    def __init__(self, session: PackSession, entries: EntryList, page: FormPage,
                 preview: PreviewPanel, problems: ValidationPanel, stats: StatsView,
                 notices: Notices) -> None:
        # no Qt parent: its forms' last edits may come while the window is destroyed
        super().__init__()
        self._session = session
        self._entries = entries
        self._page = page
        self._preview = preview
        self._problems = problems
        self._stats = stats
        self._notices = notices
        self.form: Form | None = None
        "The form of the entry shown (None: nothing shown)."
        self._form_key: tuple[str, Any, str] | None = None
        "(kind, place or key, status) of what the form shows: another one gets a new form."
        self._form_target: tuple[str, str] = ("", "")
        "(kind, list key) the form's edits go to (an id being typed keeps its form)."
        self._listing = False
        "The list is being filled: its own pick of a first row is not the author's."
        entries.selected.connect(self._picked)
        entries.kind_changed.connect(lambda _kind: self._kind_switched())
        problems.chosen.connect(self.jump_to)
        session.opened.connect(self._opened)
        session.reread.connect(self._reread)
        session.changed.connect(self.refresh)

    def _opened(self) -> None:
        self._form_key = None
        self._entries.set_kind("card")
        self.refresh()

    def _reread(self) -> None:
        self._form_key = None  # the same entry's table may be another now
        self.refresh()

    def refresh(self) -> None:
        doc = self._session.doc
        if doc is None:
            return
        self._rows()
        self._show_current()
        self._problems.show_problems(doc.problems, str(doc.folder), doc.warnings)
        self._stats.show_catalog(doc.catalog, len(doc.problems))
        focus = QApplication.focusWidget()
        if focus is None or discarded(focus):  # its field went with the edit (a key renamed)
            self._page.help.setText(_(HELP_HINT))

    def _rows(self) -> None:
        doc = self._session.doc
        if doc is None:
            return
        kind = self._entries.kind
        rows = entryrows.rows_of(doc, kind)
        self._listing = True  # the list's own pick of a first row is not the author's
        try:
            self._entries.set_rows(rows)
            current = self._session.current
            if current is not None and current[0] == kind:
                self._entries.select(current[1])
        finally:
            self._listing = False

    def flush(self) -> None:
        """Commit what is typed in the form but not committed yet."""
        if self.form is not None:
            self.form.flush()

    def current_row(self) -> EntryRow | None:
        """The row of the entry shown (None: nothing shown)."""
        current = self._session.current
        if current is None:
            return None
        return next((r for r in self._entries.rows if (r.kind, r.key) == current), None)

    def _picked(self, kind: str, key: str) -> None:
        if self._listing:
            return
        if self._session.current != (kind, key):
            self._session.current = (kind, key)
            self._show_current()

    def _kind_switched(self) -> None:
        self._rows()
        self._page.help.setText(_(HELP_HINT))
        self._show_current()

    def _show_current(self) -> None:
        row = self.current_row()
        if row is None:
            picked = self._entries.current_id()
            row = next((r for r in self._entries.rows if r.key == picked), None)
            if row is not None:
                self._session.current = (row.kind, row.key)
        if row is None:
            self._set_form(None, None, {}, True)
            self._page.title.setText(_("Nothing selected"))
            self._page.banner.hide()
            self._preview.show_entry(None, None, self._sand_dollar_action)
            return
        table, cls, editable = self._table_for(row)
        self._page.title.setText(f"{row.name}" if row.kind == SETTINGS else
                                 _("{kind}: {name}  ({id})").format(kind=kind_word(row.kind),
                                                                    name=row.name, id=row.id))
        self._banner_for(row)
        place = entryrows.place(self._session.doc, row.kind, row.key) if row.kind in KINDS else None
        # an entry keeps its form while its id is edited: the focus stays in the form
        self._form_target = (row.kind, row.key)
        self._set_form((row.kind, place or row.key, row.status), cls, table, editable)
        self._preview.show_entry(row.kind if row.kind in KINDS else None, table,
                                self._sand_dollar_action)

    def _table_for(self, row: EntryRow) -> tuple[dict[str, Any], type | None, bool]:
        doc = self._session.doc
        assert doc is not None
        if row.kind == SETTINGS:
            if row.id == "pack":
                return doc.files.get(MANIFEST, {}), PackManifest, True
            own = doc.table_value(doc.table_file("rules"), ("rules",)) or {}
            if doc.parent is not None:
                inherited = converter.unstructure(doc.parent.rules)
                return _merged(inherited, own if isinstance(own, dict) else {}), Rules, True
            return (own if isinstance(own, dict) else {}), Rules, True
        return row.table, KINDS[row.kind], row.status not in (INHERITED, REMOVED)

    def _banner_for(self, row: EntryRow) -> None:
        doc = self._session.doc
        texts = {
            INHERITED: (_("Inherited from the extended pack; this pack does not change it."),
                        _("Change in this pack")),
            REMOVED: (_("The extended pack's entry, left out by this pack's [remove]."),
                      _("Put back")),
            CHANGED: (_("This pack replaces the extended pack's entry of the same id."),
                      _("Use the extended pack's version")),
            NEW: (_("New in this pack."), ""),
        }
        if row.kind == SETTINGS and row.id == "rules" and doc and doc.parent:
            own = doc.table_value(doc.table_file("rules"), ("rules",))
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
        self._page.show_banner(text, button)

    def _set_form(self, key: tuple[str, Any, str] | None, cls: type | None,
                  table: dict[str, Any], editable: bool) -> None:
        if key != self._form_key or self.form is None or cls is not self.form.cls:
            if self.form is not None:
                self._tell_refused(self.form)
                self.form.blockSignals(True)
                discard(self.form)
                self.form = None
            self._form_key = key
            self._page.help.setText(_(HELP_HINT))  # the old form's field is gone
            if cls is None:
                return
            self.form = Form(cls, choices=self._choices,
                             optional_lists=not (key and key[0] == SETTINGS))
            self.form.edited.connect(
                lambda path, value: self.form_edited.emit(self._form_target, path, value))
            self.form.key_renamed.connect(
                lambda path, key: self.key_renamed.emit(self._form_target, path, key))
            self.form.key_deleted.connect(
                lambda path: self.key_deleted.emit(self._form_target, path))
            self.form.balance_asked.connect(
                lambda path, value, low, high: self.balance_asked.emit(
                    self._form_target, path, value, low, high))
            self._page.place(self.form)
        self.form.setEnabled(editable)
        self.form.show_table(table)

    def _tell_refused(self, form: Form) -> None:
        """A number refused in a form that is going away: say so, it is not taken."""
        refused = [(box.objectName().removeprefix("field:"), box.text(), box.problem)
                   for box in form.findChildren(NumberBox) if box.problem]
        if refused:
            where, text, problem = refused[0]
            path = tuple(int(p) if p.isdigit() else p for p in where.split("."))
            self._notices.status(_("{field}: {text} was not taken ({problem}).").format(
                field=place_words(path), text=text, problem=problem), 10000)

    def _sand_dollar_action(self, ident: str) -> SandDollarAction | None:
        return entryrows.sand_dollar_action(self._session.doc, ident)

    def _choices(self, owner: type, name: str) -> list[str]:
        if name == "sides":
            return entryrows.all_ids(self._session.doc, "sand_dollar_action")
        return []

    def select(self, kind: str, ident: str) -> bool:
        """Show the entry whose list key (its id, unless it shares it) is ``ident``."""
        self._entries.set_kind(kind)
        self._rows()
        if self._entries.select(ident):
            self._session.current = (kind, ident)
            self._show_current()
            return True
        return False

    def jump_to(self, problem: ContentError) -> None:
        """Show the entry and field a loader problem is about."""
        doc = self._session.doc
        if doc is None:
            return
        section = problem.section or problem.entry
        if section in KINDS:
            ident = entryrows.problem_key(doc, problem) or problem.entry or \
                entryrows.id_at(doc, problem)
            if not self.select(section, ident):
                return
        elif section in ("pack", "rules"):
            self.select(SETTINGS, section)
        else:
            return
        if self.form is not None and problem.key:
            widget = self.form.focus_path(parse_key(problem.key))
            if widget is not None:
                self._scroll_to(widget)

    def _scroll_to(self, widget: QWidget) -> None:
        """Scroll the form to ``widget``: a form just built has no places yet until its
        layout is done, so that is done first, and again once the window has drawn it."""
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        scroll = self._page.scroll
        scroll.ensureWidgetVisible(widget)
        QTimer.singleShot(0, lambda: shiboken6.isValid(widget) and shiboken6.isValid(scroll)
                          and scroll.ensureWidgetVisible(widget))

    def show_help_of(self, widget: QWidget) -> None:
        """``widget`` of the window has the focus: the help line says what its field means."""
        text = help_of(widget)
        if text:
            self._page.help.setText(text)
        elif self._page.isAncestorOf(widget):  # the form itself (its field went with an edit)
            self._page.help.setText(_(HELP_HINT))
