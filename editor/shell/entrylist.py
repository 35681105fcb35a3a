"""The entry browser: a kind, a search field and filters (row, tag, effect kind, has a ring),
and the matching entries marked inherited, changed or new (in a variant) and with a warning
sign when the loader has a problem with them."""

from __future__ import annotations

from typing import Any

import attrs
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.forms import kindinfo
from editor.model.document import CHANGED, INHERITED, NEW
from editor.model.words import value_word
from editor.shell.filters import ANY, EntryFilter
from smqt.engine.effects import PLACEMENT_KINDS, SCORING_KINDS, Move, ReturnPeople, Tag
from smqt.language.translate import N_, _, ngettext

KIND_TITLES = {
    "card": N_("Feature cards"),
    "starting_tile": N_("Starting tiles"),
    "sand_dollar_action": N_("Sand dollar actions"),
    "sand_dollar_tile": N_("Sand dollar tiles"),
    "objective_tile": N_("Objective tiles"),
    "settings": N_("Pack and rules"),
}
"Each kind's title in the list's drop-down (translated where it is shown)."
SETTINGS = "settings"
MARKS = {NEW: ("+", "#1e6b34", N_("new in this pack")),
         CHANGED: ("●", "#a35c00", N_("changes an entry of the extended pack")),
         INHERITED: ("", "#777777", N_("inherited from the extended pack, unchanged"))}
"A status's sign, colour and meaning (translated where it is shown)."


@attrs.frozen
class EntryRow:
    kind: str
    id: str
    name: str
    status: str
    "new, changed, inherited; empty in a pack that extends nothing."
    table: Any = attrs.field(eq=False)
    problems: int = 0
    key: str = attrs.field(default=attrs.Factory(lambda row: row.id, takes_self=True))
    """Tells rows apart in the list: the id, or for the second and later entries sharing an
    id (a hand-edit mistake the loader reports) the id and the occurrence (``entry_key``)."""


def entry_key(ident: str, occurrence: int) -> str:
    """The list key of the ``occurrence``-th (0-based) entry of a kind with id ``ident``."""
    return ident if occurrence == 0 else f"{ident}{DUPLICATE_MARK}{occurrence}"


def split_key(key: str) -> tuple[str, int]:
    """(id, occurrence) of a list key."""
    ident, _mark, number = key.partition(DUPLICATE_MARK)
    return ident, int(number) if number.isdigit() else 0


ALLOWANCE_KINDS = (Move, ReturnPeople)
"The allowances a sand dollar action may give (FORMAT.md: ``move`` or ``return`` tables)."

DUPLICATE_MARK = "\x1f"
"Between an id and its occurrence in a key (a character no id can hold)."


def _effect_choices() -> list[tuple[str, str, str]]:
    """(what the filter shows, its value, its tooltip) of each effect kind: the kind in words
    in German ("Platzierung: Sanddollar erhalten"), as written in English."""
    found = [(_("placement: {kind}").format(kind=kindinfo.choice_text(c)),
              f"placement:{c.kind}", kindinfo.tip(c)) for c in PLACEMENT_KINDS]
    found += [(_("then (sand dollar action): {kind}").format(kind=kindinfo.choice_text(c)),
               f"allowances:{c.kind}", kindinfo.tip(c)) for c in ALLOWANCE_KINDS]
    found += [(_("scoring: {kind}").format(kind=kindinfo.choice_text(c)), f"scoring:{c.kind}",
               kindinfo.tip(c)) for c in SCORING_KINDS]
    return found


class EntryList(QWidget):
    selected = Signal(str, str)
    "(kind, id) the author picked; ``settings`` kind has ids ``pack`` and ``rules``."
    kind_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.kind_box = QComboBox()
        for kind, title in KIND_TITLES.items():
            self.kind_box.addItem(_(title), kind)
        layout.addWidget(self.kind_box)
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search id or name…"))
        self.search.setClearButtonEnabled(True)
        layout.addWidget(self.search)
        grid = QGridLayout()
        self.row_box = QComboBox()
        for text, value in ((_("any row"), ANY), (_("beach"), "beach"), (_("street"), "street")):
            self.row_box.addItem(text, value)
        self.tag_box = QComboBox()
        self.tag_box.addItem(_("any tag"), ANY)
        for tag in Tag:
            self.tag_box.addItem(value_word(tag.value), tag.value)
        self.effect_box = QComboBox()
        # its kinds are long in words: the box keeps the list narrow, its list shows them whole
        self.effect_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.effect_box.setMinimumContentsLength(14)
        self.effect_box.addItem(_("any effect"), ANY)
        for text, value, tip in _effect_choices():
            self.effect_box.addItem(text, value)
            self.effect_box.setItemData(self.effect_box.count() - 1, tip,
                                        Qt.ItemDataRole.ToolTipRole)
        view = self.effect_box.view()
        view.setMinimumWidth(view.sizeHintForColumn(0) + view.verticalScrollBar().sizeHint().width())
        self.ring_box = QCheckBox(_("has a ring"))
        grid.addWidget(self.row_box, 0, 0)
        grid.addWidget(self.tag_box, 0, 1)
        grid.addWidget(self.effect_box, 1, 0)
        grid.addWidget(self.ring_box, 1, 1)
        layout.addLayout(grid)
        self.count = QLabel()
        self.count.setStyleSheet("color: #555;")
        layout.addWidget(self.count)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        self.rows: list[EntryRow] = []
        self.kind_box.currentIndexChanged.connect(self._kind_changed)
        for box in (self.row_box, self.tag_box, self.effect_box):
            box.currentIndexChanged.connect(self._refilter)
        self.search.textChanged.connect(self._refilter)
        self.ring_box.toggled.connect(self._refilter)
        self.list.currentItemChanged.connect(self._current_changed)
        self._quiet = False

    # ---------------------------------------------------------------- state

    @property
    def kind(self) -> str:
        return str(self.kind_box.currentData())

    def filter(self) -> EntryFilter:
        """The filters that apply to the kind shown (the others are disabled)."""

        def used(box: QComboBox) -> str:
            return str(box.currentData()) if box.isEnabled() else ANY

        return EntryFilter(self.search.text(), used(self.row_box), used(self.tag_box),
                           used(self.effect_box),
                           self.ring_box.isChecked() and self.ring_box.isEnabled())

    def current_id(self) -> str | None:
        """The key (``EntryRow.key``) of the selected row."""
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def set_kind(self, kind: str) -> None:
        index = self.kind_box.findData(kind)
        if index >= 0 and index != self.kind_box.currentIndex():
            self.kind_box.setCurrentIndex(index)

    def set_rows(self, rows: list[EntryRow]) -> None:
        """Show ``rows`` (the entries of the current kind), keeping the selection."""
        self.rows = rows
        self._refilter()

    def select(self, ident: str) -> bool:
        """Select the row whose key is ``ident``; clears filters that hide it."""
        if not any(r.key == ident for r in self.rows):
            return False
        if not any(self._item_id(i) == ident for i in range(self.list.count())):
            self.clear_filters()
        for i in range(self.list.count()):
            if self._item_id(i) == ident:
                self.list.setCurrentRow(i)
                return True
        return False

    def clear_filters(self) -> None:
        self._quiet = True  # one redraw at the end, not one per filter
        self.search.clear()
        for box in (self.row_box, self.tag_box, self.effect_box):
            box.setCurrentIndex(0)
        self.ring_box.setChecked(False)
        self._quiet = False
        self._refilter()

    # ---------------------------------------------------------------- drawing

    def _item_id(self, index: int) -> str:
        return str(self.list.item(index).data(Qt.ItemDataRole.UserRole))

    def _refilter(self) -> None:
        if self._quiet:
            return
        for box, kinds in ((self.row_box, ("card",)),
                           (self.tag_box, ("card", "starting_tile")),
                           (self.effect_box, ("card", "starting_tile", "sand_dollar_action")),
                           (self.ring_box, ("card", "starting_tile")),
                           (self.search, tuple(KIND_TITLES)[:-1])):
            box.setEnabled(self.kind in kinds)
        keep = self.current_id()
        wanted = self.filter()
        shown = [r for r in self.rows if self.kind == SETTINGS or
                 wanted.matches(r.table if isinstance(r.table, dict) else {})]
        blocked = self.list.blockSignals(True)
        self.list.clear()
        for row in shown:
            self.list.addItem(self._item(row))
        self.list.blockSignals(blocked)
        self.count.setText(_("{shown} of {total} shown").format(shown=len(shown),
                                                                 total=len(self.rows)))
        ids = [r.key for r in shown]
        if keep in ids:
            blocked = self.list.blockSignals(True)
            self.list.setCurrentRow(ids.index(keep))
            self.list.blockSignals(blocked)
        elif shown:
            self.list.setCurrentRow(0)

    def _item(self, row: EntryRow) -> QListWidgetItem:
        mark, colour, meaning = MARKS.get(row.status, ("", "", ""))
        warn = "⚠ " if row.problems else ""
        label = row.name if row.kind == SETTINGS or row.name == row.id else \
            f"{row.name}  ({row.id})"
        occurrence = split_key(row.key)[1]
        if occurrence:
            label = _("{entry}  — copy {number} of this id").format(entry=label,
                                                                    number=occurrence + 1)
        item = QListWidgetItem(f"{warn}{mark + ' ' if mark else ''}{label}")
        item.setData(Qt.ItemDataRole.UserRole, row.key)
        tips = [_(meaning)] if meaning else []
        if occurrence:
            tips.append(_("another entry above has the id {id}; give this one its own "
                          "id").format(id=repr(row.id)))
        if row.problems:
            tips.append(ngettext("{count} problem", "{count} problems",
                                 row.problems).format(count=row.problems))
            item.setForeground(QBrush(QColor("#8a1c12")))
        elif colour:
            item.setForeground(QBrush(QColor(colour)))
        if row.status == INHERITED:
            font = QFont(item.font())
            font.setItalic(True)
            item.setFont(font)
        item.setToolTip("; ".join(tips))
        return item

    def _kind_changed(self) -> None:
        # a search or filter set for one kind would hide the next kind's entries unseen
        self._quiet = True
        self.search.clear()
        for box in (self.row_box, self.tag_box, self.effect_box):
            box.setCurrentIndex(0)
        self.ring_box.setChecked(False)
        self._quiet = False
        self.kind_changed.emit(self.kind)

    def _current_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        if current is not None:
            self.selected.emit(self.kind, str(current.data(Qt.ItemDataRole.UserRole)))
