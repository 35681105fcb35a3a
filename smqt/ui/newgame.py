"""The new-game dialog: 2-4 seats (a person or an AI level, with names), the seed, the objective
tile and sand dollar actions (random or chosen), and the content pack (base or another folder).
A pack with errors is refused with the loader's list of problems."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
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

from smqt.engine.catalog import Catalog, load_pack
from smqt.engine.packload import PackError
from smqt.engine.rules import SetupError, new_game
from smqt.paths import default_pack
from smqt.ui.app import SEED_LIMIT, parse_seed
from smqt.ui.savefile import seat_name

SEAT_CHOICES = (("Person", "human"), ("AI · easy", "easy"), ("AI · medium", "medium"),
                ("AI · hard", "hard"), ("AI · random", "random"))
DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di")


@attrs.frozen
class GameOptions:
    seats: tuple[tuple[str, str], ...]
    seed: int
    pack: Path
    objective: str | None = None
    sand_dollar_actions: tuple[str, ...] | None = None


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
                raise SetupError("not enough sand dollar tiles for the random choices")
            c = spare.pop(0)
        result.append(c)
    return tuple(result)


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, pack: Path | None = None,
                 seats: tuple[tuple[str, str], ...] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.options: GameOptions | None = None
        self.pack_folder = Path(pack) if pack else default_pack()
        self.catalog: Catalog | None = None
        layout = QVBoxLayout(self)

        seats_box = QGroupBox("Seats (in seat order; the start player is drawn)")
        grid = QGridLayout(seats_box)
        self.count = QSpinBox()
        self.count.setRange(2, 4)
        self.count.setValue(len(seats) if seats else 2)
        grid.addWidget(QLabel("Players"), 0, 0)
        grid.addWidget(self.count, 0, 1)
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        for i in range(4):
            name = QLineEdit(seats[i][0] if seats and i < len(seats) else DEFAULT_NAMES[i])
            kind = QComboBox()
            for label, key in SEAT_CHOICES:
                kind.addItem(label, key)
            wanted = seats[i][1] if seats and i < len(seats) else ("human" if i == 0 else "medium")
            kind.setCurrentIndex(max(0, kind.findData(wanted)))
            grid.addWidget(QLabel(f"Seat {i + 1}"), i + 1, 0)
            grid.addWidget(name, i + 1, 1)
            grid.addWidget(kind, i + 1, 2)
            self.names.append(name)
            self.kinds.append(kind)
        self.count.valueChanged.connect(self._seat_count)
        layout.addWidget(seats_box)

        setup = QGroupBox("Setup")
        form = QFormLayout(setup)
        seed_row = QHBoxLayout()
        self.seed = QLineEdit(str(random.SystemRandom().randrange(1, 1_000_000)))
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,19}"), self))
        self.seed.setToolTip(f"Any whole number from 0 to {SEED_LIMIT}: the same seed and the "
                             f"same choices give the same game.")
        self.seed.textChanged.connect(self._check_seed)
        again = QPushButton("New seed")
        again.clicked.connect(lambda: self.seed.setText(str(random.SystemRandom().randrange(1, 1_000_000))))
        seed_row.addWidget(self.seed)
        seed_row.addWidget(again)
        form.addRow("Seed", seed_row)
        pack_row = QHBoxLayout()
        self.pack_label = QLabel()
        self.pack_label.setWordWrap(True)
        browse = QPushButton("Other pack…")
        browse.clicked.connect(self._browse)
        base = QPushButton("Base")
        base.clicked.connect(lambda: self._use_pack(default_pack()))
        pack_row.addWidget(self.pack_label, 1)
        pack_row.addWidget(base)
        pack_row.addWidget(browse)
        form.addRow("Content pack", pack_row)
        self.objective = QComboBox()
        form.addRow("Objective tile", self.objective)
        self.actions_row = QHBoxLayout()
        self.action_boxes: list[QComboBox] = []
        form.addRow("Sand dollar actions", self.actions_row)
        layout.addWidget(setup)

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start game")
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

    def _seat_count(self, n: int) -> None:
        for i in range(4):
            self.names[i].setEnabled(i < n)
            self.kinds[i].setEnabled(i < n)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Content pack folder", str(self.pack_folder))
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
            self.catalog = load_pack(folder)
        except PackError as exc:
            self.catalog = None
            listed = "\n".join(f"• {e}" for e in exc.errors[:12])
            more = f"\n… and {len(exc.errors) - 12} more" if len(exc.errors) > 12 else ""
            self.problems.setText(f"This pack cannot be played until these are fixed:\n{listed}{more}")
            self.ok.setEnabled(False)
            return
        self.problems.setText("")
        self.ok.setEnabled(True)
        manifest = self.catalog.identity
        shipped = folder.resolve() == default_pack().resolve()
        # the pack by its name (the folder in the tooltip): the shipped one has no path to show
        self.pack_label.setText(f"{'The base game' if shipped else manifest.name} {manifest.version}"
                                + ("" if shipped else f" ({folder.name})"))
        self.objective.addItem("Random", None)
        for tile in self.catalog.objective_tiles.values():
            self.objective.addItem(tile.name, tile.id)
        for _ in range(self.catalog.rules.sand_dollar_tiles_in_play):
            box = QComboBox()
            box.addItem("Random", None)
            for action in self.catalog.sand_dollar_actions.values():
                box.addItem(f"{action.name} ({action.cost})", action.id)
            self.actions_row.addWidget(box)
            self.action_boxes.append(box)

    def seed_value(self) -> int | None:
        try:
            return parse_seed(self.seed.text())
        except ValueError:
            return None

    def _check_seed(self) -> None:
        ok = self.seed_value() is not None
        self.seed.setStyleSheet("" if ok else "QLineEdit { background: #fde7e4; }")
        self.ok.setEnabled(ok and self.catalog is not None)
        if not ok:
            self.problems.setText(f"The seed must be a whole number from 0 to {SEED_LIMIT}.")
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
                     sand_dollar_actions=actions)
        except SetupError as exc:
            self.problems.setText(f"This setup cannot be played: {exc}")
            return
        self.options = GameOptions(seats, seed, self.pack_folder,
                                   self.objective.currentData(), actions)
        self.accept()
