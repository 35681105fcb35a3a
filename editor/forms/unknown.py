"""A key a table does not have (a typo such as ``pionts = 1``), shown in the form where it
stands in the file, its value as written, with Rename (to the key meant, the nearest one
offered first) and Delete; the loader refuses the pack while it is there."""

from __future__ import annotations

import difflib
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QMenu, QToolButton, QWidget

from editor.forms.fields import FormParts, Path_, mark, toml_text
from editor.model.words import field_label, keyed
from smqt.language.translate import _

_RED = "color: #b3261e;"  # not translated: a style sheet


def nearest_key(key: str, names: list[str]) -> str | None:
    """The key of ``names`` that ``key`` most likely misspells (``pionts``: ``points``), or
    None when none is near."""
    found = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_keys(table: dict[str, Any], names: list[str]) -> list[tuple[str, str | None]]:
    """The keys of ``table`` that are not among ``names``, in file order, each with the known
    key it follows in the file (None: it stands before every known key)."""
    found: list[tuple[str, str | None]] = []
    before: str | None = None
    for key in table:
        if key in names:
            before = key
        else:
            found.append((str(key), before))
    return found


class UnknownKey:
    """One unknown key's row: a label naming it, its value as written (read-only, marked),
    Rename and Delete. ``names`` are the keys the table may have."""

    def __init__(self, form: FormParts, path: Path_, names: list[str], owner: type) -> None:
        self.form, self.path, self.names, self.owner = form, path, names, owner
        self.key = str(path[-1])
        self.suggested = nearest_key(self.key, names)
        self.doc = _("{key} is not a key of this table, and the pack does not load while it "
                     "is there. Rename it to the key you meant, or delete it.").format(
                         key=self.key)
        self.label = QLabel(_("unknown: {key}").format(key=self.key))
        self.label.setObjectName("unknownlabel:" + ".".join(str(p) for p in path))
        self.label.setStyleSheet(_RED)
        self.label.setToolTip(self.doc)
        self.widget = QWidget()
        line = QHBoxLayout(self.widget)
        line.setContentsMargins(0, 0, 0, 0)
        self.value = QLineEdit()
        self.value.setReadOnly(True)
        line.addWidget(self.value, 1)
        self.rename = QToolButton()
        self.rename.setObjectName("rename:" + ".".join(str(p) for p in path))
        self.menu = QMenu(self.rename)
        self.rename.setMenu(self.menu)
        if self.suggested is not None:  # a click renames to the nearest key, the arrow offers all
            self.rename.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
            self.rename.clicked.connect(lambda: self._rename(self.suggested))
        else:
            self.rename.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        line.addWidget(self.rename)
        self.delete = QToolButton()
        self.delete.setObjectName("delete:" + ".".join(str(p) for p in path))
        self.delete.setText(_("Delete"))
        self.delete.setToolTip(_("Delete the key {key} and its value.").format(key=self.key))
        self.delete.clicked.connect(lambda: self.form.delete_key(self.path))
        line.addWidget(self.delete)
        form.register(path, self.value, self.doc)

    def set_value(self, raw: Any, table: dict[str, Any]) -> None:
        """Show the key's value; the menu offers every key of the table, saying which of them
        are there already (renaming onto one replaces its value)."""
        self.value.setText(toml_text(raw, 60))
        mark(self.value, _("unknown key {key}").format(key=self.key), self.doc)
        words = self._words(self.suggested) if self.suggested else ""
        self.rename.setText(_("Rename to {field}").format(field=words) if words else
                            _("Rename"))
        self.rename.setToolTip(
            _("Rename {key} to {field}, keeping its value; the arrow offers every key of "
              "this table.").format(key=self.key, field=words) if words else
            _("Rename {key} to one of the keys of this table, keeping its value.").format(
                key=self.key))
        self.menu.clear()
        ordered = ([self.suggested] if self.suggested else []) + \
            [name for name in self.names if name != self.suggested]
        for index, name in enumerate(ordered):
            if index == 1 and self.suggested:
                self.menu.addSeparator()
            text = self._words(name)
            if name in table:
                text = _("{field} (replaces {value})").format(
                    field=text, value=toml_text(table[name], 24))
            action = self.menu.addAction(text)
            action.setData(name)
            action.triggered.connect(lambda _checked=False, n=name: self._rename(n))

    def _words(self, name: str) -> str:
        return keyed(field_label(name, self.owner), name)

    def _rename(self, name: str | None) -> None:
        if name:
            self.form.rename_key(self.path, name)
