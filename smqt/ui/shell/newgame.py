"""The new-game dialog: 2-4 seats (a person or an AI level, with names), the seed, the objective
tile and sand dollar actions (random or chosen), the content pack (base or another folder), and
for a playtest the cards of the opening display. A pack with errors is refused with the loader's
list of problems."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRegularExpression, Qt
from PySide6.QtGui import (
    QRegularExpressionValidator,
    QShowEvent,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from smqt.ai.protocol import LEVEL_SENTENCES, level_sentence
from smqt.engine.catalog import Catalog
from smqt.engine.rng import SEED_LIMIT, parse_seed
from smqt.engine.setup import SetupError, check_opening, new_game, parse_opening
from smqt.language.translate import N_, _, ngettext
from smqt.pack.load import load_worded
from smqt.pack.problems import PackError
from smqt.pack.shipped import default_pack, pack_title
from smqt.records.savedgame import seat_name

SEAT_CHOICES = ((N_("Person"), "human"), (N_("AI · easy"), "easy"), (N_("AI · medium"), "medium"),
                (N_("AI · hard"), "hard"), (N_("AI · expert"), "expert"),
                (N_("AI · random"), "random"))
DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di")  # not translated: names
ROW_WORDS = {"beach": N_("beach"), "street": N_("street")}
"""A card's row as the card list names it."""


@attrs.frozen
class GameOptions:
    seats: tuple[tuple[str, str], ...]
    seed: int
    pack: Path
    objective: str | None = None
    sand_dollar_actions: tuple[str, ...] | None = None
    opening: tuple[str, ...] = ()
    """Cards put into the opening display (``new_game``): a playtest setup."""
    start_player: int | None = None
    "The seat that starts (None: drawn from the seed, R2.4)."


def fill_sand_dollar_actions(catalog: Catalog, players: int, seed: int,
                             chosen: list[str | None]) -> tuple[str, ...] | None:
    """Chosen actions with the random ones drawn as the seed would, avoiding the chosen tiles."""
    if all(c is None for c in chosen):
        return None
    drawn = list(new_game(catalog, players, seed).sand_dollar_actions)
    owner = {side: tile.id for tile in catalog.sand_dollar_tiles.values() for side in tile.sides}
    used = {owner.get(c) for c in chosen if c is not None}
    spare = [a for a in drawn if owner.get(a) not in used]
    spare += [tile.sides[0] for tile in catalog.sand_dollar_tiles.values()
              if tile.id not in used and tile.sides[0] not in spare
              and not any(owner.get(s) == tile.id for s in spare)]
    result = []
    for c in chosen:
        if c is None:
            if not spare:
                raise SetupError(_("not enough sand dollar tiles for the random choices"))
            c = spare.pop(0)
        result.append(c)
    return tuple(result)


CARD_ID_ROLE = Qt.ItemDataRole.UserRole + 1
OPENING_HINT = N_("To playtest a card, type its id: it is dealt first in the front row. "
                  "Leave empty for a normal deal.")


class CardListCompleter(QCompleter):
    """Completes the card id being typed after the last comma of a list of ids; the list
    shows each card's id with its name."""

    def splitPath(self, path: str) -> list[str]:
        return [path.rsplit(",", 1)[-1].strip()]

    def pathFromIndex(self, index: QModelIndex | QPersistentModelIndex) -> str:
        widget = self.widget()
        text = widget.text() if isinstance(widget, QLineEdit) else ""
        head = text.rsplit(",", 1)[0] + "," if "," in text else ""
        return head + str(index.data(CARD_ID_ROLE))


def placement_words(catalog: Catalog, opening: tuple[str, ...]) -> str:
    """Where the opening cards go, in plain words: "Front row: pier (1st), ..."."""
    columns = catalog.rules.display_columns
    rows: dict[str, list[str]] = {"front": [], "back": []}
    for i, card in enumerate(opening):
        if card:
            row = "front" if i < columns else "back"
            place = i % columns + 1
            name = catalog.cards[card].name
            if place == 1:
                where = _("{card} (1st from the left)").format(card=name)
            elif place == 2:
                where = _("{card} (2nd from the left)").format(card=name)
            elif place == 3:
                where = _("{card} (3rd from the left)").format(card=name)
            else:
                where = _("{card} ({place}th from the left)").format(card=name, place=place)
            rows[row].append(where)
    labels = {"front": _("Front row: {cards}"), "back": _("Back row: {cards}")}
    return "; ".join(labels[row].format(cards=", ".join(cards))
                     for row, cards in rows.items() if cards)


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, pack: Path | None = None,
                 seats: tuple[tuple[str, str], ...] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game"))
        self.options: GameOptions | None = None
        self.pack_folder = Path(pack) if pack else default_pack()
        self.catalog: Catalog | None = None
        layout = QVBoxLayout(self)

        seats_box = QGroupBox(_("Seats (in seat order; the start player is drawn)"))
        grid = QGridLayout(seats_box)
        self.count = QSpinBox()
        self.count.setRange(2, 4)
        self.count.setValue(len(seats) if seats else 2)
        grid.addWidget(QLabel(_("Players")), 0, 0)
        grid.addWidget(self.count, 0, 1)
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        for i in range(4):
            name = QLineEdit(seats[i][0] if seats and i < len(seats) else DEFAULT_NAMES[i])
            kind = QComboBox()
            for label, key in SEAT_CHOICES:
                kind.addItem(_(label), key)
                if key in LEVEL_SENTENCES:
                    kind.setItemData(kind.count() - 1, level_sentence(key),
                                     Qt.ItemDataRole.ToolTipRole)
            wanted = seats[i][1] if seats and i < len(seats) else ("human" if i == 0 else "medium")
            kind.setCurrentIndex(max(0, kind.findData(wanted)))
            grid.addWidget(QLabel(_("Seat {number}").format(number=i + 1)), i + 1, 0)
            grid.addWidget(name, i + 1, 1)
            grid.addWidget(kind, i + 1, 2)
            self.names.append(name)
            self.kinds.append(kind)
            kind.currentIndexChanged.connect(self._say_levels)
        self.levels_note = QLabel()
        """What each AI level at the table does, in a sentence, and how long it thinks."""
        self.levels_note.setWordWrap(True)
        self.levels_note.setStyleSheet("color: #444;")  # not translated: a style sheet
        grid.addWidget(self.levels_note, 5, 0, 1, 3)
        self.count.valueChanged.connect(self._seat_count)
        layout.addWidget(seats_box)

        setup = QGroupBox(_("Setup"))
        form = QFormLayout(setup)
        seed_row = QHBoxLayout()
        self.seed = QLineEdit(str(random.SystemRandom().randrange(1, 1_000_000)))
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,19}"), self))
        self.seed.setToolTip(_("Any whole number from {low} to {high}: the same seed and the "
                               "same choices give the same game.").format(low=0, high=SEED_LIMIT))
        self.seed.textChanged.connect(self._check_seed)
        again = QPushButton(_("New seed"))
        again.clicked.connect(lambda: self.seed.setText(str(random.SystemRandom().randrange(1, 1_000_000))))
        seed_row.addWidget(self.seed)
        seed_row.addWidget(again)
        form.addRow(_("Seed"), seed_row)
        pack_row = QHBoxLayout()
        self.pack_label = QLabel()
        self.pack_label.setWordWrap(True)
        browse = QPushButton(_("Other pack…"))
        browse.clicked.connect(self._browse)
        base = QPushButton(_("Base"))
        base.clicked.connect(lambda: self._use_pack(default_pack()))
        pack_row.addWidget(self.pack_label, 1)
        pack_row.addWidget(base)
        pack_row.addWidget(browse)
        form.addRow(_("Content pack"), pack_row)
        self.objective = QComboBox()
        form.addRow(_("Objective tile"), self.objective)
        self.actions_row = QHBoxLayout()
        self.action_boxes: list[QComboBox] = []
        form.addRow(_("Sand dollar actions"), self.actions_row)
        opening_column = QVBoxLayout()
        self.opening = QLineEdit()
        self.opening.setPlaceholderText(_("Dealt from the shuffled deck (type card ids to choose)"))
        self.opening.setClearButtonEnabled(True)
        self.opening.setToolTip(_(
            "For playtesting a card: the feature cards (by id, separated by commas) to put into "
            "the opening display, front row left to right, then back row. A _ leaves a slot to "
            "the deal, so _,_,_,_,kite_meadow puts it first in the back row. The other slots and the "
            "rest of the deck are dealt from the seed as usual."))
        self.opening_model = QStandardItemModel(self)
        completer = CardListCompleter(self.opening_model, self)
        completer.setCompletionRole(CARD_ID_ROLE)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.opening.setCompleter(completer)
        self.opening.textChanged.connect(self._check_opening)
        self.opening_note = QLabel()
        self.opening_note.setWordWrap(True)
        self.opening_note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # room for a reason of three lines: the dialog keeps its size once shown
        self.opening_note.setMinimumHeight(3 * self.opening_note.fontMetrics().lineSpacing())
        opening_column.addWidget(self.opening)
        opening_column.addWidget(self.opening_note)
        opening_label = QLabel(_("Opening display"))
        opening_label.setToolTip(self.opening.toolTip())
        form.addRow(opening_label, opening_column)
        layout.addWidget(setup)

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b3261e;")  # not translated: style sheet
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Start game"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout.addWidget(buttons)
        self._seat_count(self.count.value())
        self._use_pack(self.pack_folder)
        # settle the size before the window exists; later changes (another pack's actions)
        # must not constrain it (the offscreen platform warns on every such change)
        self.adjustSize()
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """As tall as the wrapped notes need at the width shown (``adjustSize`` measured them
        a line short at the largest text size, and the opening's note spilled out of its box),
        within the screen."""
        layout = self.layout()
        if not layout.hasHeightForWidth():
            return
        need = layout.totalHeightForWidth(self.width())
        screen = self.screen().availableGeometry().height() if self.screen() else need
        if self.height() < need:
            self.resize(self.width(), min(need, screen))

    def _seat_count(self, n: int) -> None:
        for i in range(4):
            self.names[i].setEnabled(i < n)
            self.kinds[i].setEnabled(i < n)
        self._say_levels()

    def _say_levels(self) -> None:
        levels = []
        for kind in self.kinds[:self.count.value()]:
            level = kind.currentData()
            if level in LEVEL_SENTENCES and level not in levels:
                levels.append(level)
        order = list(LEVEL_SENTENCES)
        self.levels_note.setText("\n".join(
            "• " + level_sentence(level) for level in sorted(levels, key=order.index)))
        self.levels_note.setVisible(bool(levels))

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, _("Content pack folder"), str(self.pack_folder))
        if folder:
            self._use_pack(Path(folder))

    def _use_pack(self, folder: Path) -> None:
        self.pack_folder = folder
        self.pack_label.setText(str(folder))
        self.pack_label.setToolTip(str(folder))
        self.objective.clear()
        for box in self.action_boxes:
            box.deleteLater()
        self.action_boxes = []
        try:
            self.catalog = load_worded(folder)
        except PackError as exc:
            self.catalog = None
            self.opening_model.clear()
            self._check_opening()
            listed = "\n".join(f"• {e}" for e in exc.errors[:12])
            hidden = len(exc.errors) - 12
            more = "\n" + ngettext("… and {count} more", "… and {count} more", hidden).format(
                count=hidden) if hidden > 0 else ""
            self.problems.setText(_("This pack cannot be played until these are fixed:\n"
                                    "{problems}").format(problems=listed + more))
            self.ok.setEnabled(False)
            return
        self.problems.setText("")
        self.ok.setEnabled(True)
        self.opening_model.clear()
        for card in sorted(self.catalog.cards.values(), key=lambda c: c.id):
            row = _(ROW_WORDS[card.row.value]) if card.row.value in ROW_WORDS else card.row.value
            item = QStandardItem(f"{card.id} — {card.name} ({row})")
            item.setData(card.id, CARD_ID_ROLE)
            item.setToolTip(card.name)
            self.opening_model.appendRow(item)
        manifest = self.catalog.identity
        shipped = folder.resolve() == default_pack().resolve()
        # the pack by its name (the folder in the tooltip): the shipped one has no path to show
        self.pack_label.setText(
            pack_title(manifest.name, manifest.version, folder) if shipped
            else f"{manifest.name} {manifest.version} ({folder.name})")
        self.objective.addItem(_("Random"), None)
        for tile in self.catalog.objective_tiles.values():
            self.objective.addItem(tile.name, tile.id)
        for _index in range(self.catalog.rules.sand_dollar_tiles_in_play):
            box = QComboBox()
            box.addItem(_("Random"), None)
            for action in self.catalog.sand_dollar_actions.values():
                box.addItem(f"{action.name} ({action.cost})", action.id)
            self.actions_row.addWidget(box)
            self.action_boxes.append(box)
        self._check_opening()

    def seed_value(self) -> int | None:
        try:
            return parse_seed(self.seed.text())
        except ValueError:
            return None

    def opening_value(self) -> tuple[str, ...]:
        return parse_opening(self.opening.text())

    def opening_problem(self) -> str | None:
        """Why the opening display cannot be dealt (the engine's reason), or None."""
        if self.catalog is None:
            return None
        try:
            check_opening(self.catalog, self.opening_value())
        except SetupError as exc:
            return str(exc)
        return None

    def _check_opening(self) -> None:
        problem = self.opening_problem()
        self.opening.setStyleSheet("" if problem is None else "QLineEdit { background: #fde7e4; }")
        if problem is not None:
            self.opening_note.setStyleSheet("color: #b3261e;")
            self.opening_note.setText(problem[0].upper() + problem[1:] + ".")
        else:
            self.opening_note.setStyleSheet("color: #5f6368;")
            placed = placement_words(self.catalog, self.opening_value()) if self.catalog else ""
            self.opening_note.setText(placed or _(OPENING_HINT))
        self.ok.setEnabled(self.catalog is not None and self.seed_value() is not None
                           and problem is None)

    def _check_seed(self) -> None:
        ok = self.seed_value() is not None
        self.seed.setStyleSheet("" if ok else "QLineEdit { background: #fde7e4; }")
        self.ok.setEnabled(ok and self.catalog is not None and self.opening_problem() is None)
        if not ok:
            self.problems.setText(_("The seed must be a whole number from {low} to {high}.").format(
                low=0, high=SEED_LIMIT))
        elif self.catalog is not None:
            self.problems.setText("")

    def _accept(self) -> None:
        seed = self.seed_value()
        if self.catalog is None or seed is None:
            return
        n = self.count.value()
        seats = tuple((seat_name(self.names[i].text(), i) if self.names[i].text().strip()
                       else DEFAULT_NAMES[i], self.kinds[i].currentData()) for i in range(n))
        try:
            actions = fill_sand_dollar_actions(self.catalog, n, seed,
                                               [b.currentData() for b in self.action_boxes])
            new_game(self.catalog, n, seed, objective=self.objective.currentData(),
                     sand_dollar_actions=actions, opening=self.opening_value())
        except SetupError as exc:
            self.problems.setText(_("This setup cannot be played: {problem}").format(problem=exc))
            return
        self.options = GameOptions(seats, seed, self.pack_folder,
                                   self.objective.currentData(), actions, self.opening_value())
        self.accept()
