"""The reference card: a turn in four steps, the two column rewards and how the game ends,
in the faces' icons and our own short words (from RULES.md R3 and R9, with the pack's rules
parameters filled in). Drawn like a card face: 300 x 420 units, print look only.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter

from smqt.engine.content import Rules
from smqt.render import layout as lay
from smqt.render.cardface import CARD_H, CARD_W, OCEAN, OCEAN_DEEP
from smqt.render.layout import BREAK, Atom, Block, Column, FaceLayout, person, sand_dollar, words
from smqt.render.tilefaces import SAND_DOLLAR_PAPER

MARGIN = 16.0
BAND = 56.0
"The ocean band holding the title."
TITLE = "Your turn"


def _steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def steps(rules: Rules) -> list[list[Atom]]:
    """The four steps of a turn, a list of atoms each."""
    return [
        [words("Take", bold=True), words("a card from the front row,"), words("or", bold=True),
         words("pay for a sand dollar action (once a turn)")],
        [words("Place", bold=True), words("it in its row (beach or street), beside a space of "
                                          "your city")],
        [words("Gain", bold=True), words("the"), lay.sand_dollar(), words("and"), person("any"),
         words("it shows, then"), words("move", bold=True), words("with every move you earned")],
        [words("Refill", bold=True), words("the display: back row forward, then deal")],
    ]


def notes(rules: Rules) -> list[list[Atom]]:
    """The rewards of the food truck and the foodie, and the end of the game."""
    final = rules.final_move
    return [
        [words("Food truck's column:", bold=True), words(f"+{rules.food_truck_reward}"),
         sand_dollar()],
        [words("Foodie's column:", bold=True), words("move 1"), person("any"), words("1 step")],
        [words("End:", bold=True), words(f"once a city has {rules.cards_to_end} cards, finish "
                                         "the round."), BREAK,
         words("Last move: each person once, up to"), BREAK,
         person("local"), words(_steps(final.local) + ","), person("tourist"),
         words(_steps(final.tourist) + ","), person("vip"), words(_steps(final.vip))],
    ]


def _build(rules: Rules, size: int) -> Column | None:
    width = CARD_W - 2 * MARGIN
    column = Column(MARGIN, BAND + 12, width)
    for n, atoms in enumerate(steps(rules), start=1):
        line = lay.item(words(f"{n}", bold=True), atoms, size, width, True)
        if line is None:
            return None
        column.add(line, 0.35 * size)
    divider = Block(panels=[lay.Panel("divider", QRectF(0, 0, width, 0.5 * size))],
                    width=width, height=0.5 * size, first=0.5 * size)
    column.add(divider, 0.2 * size)
    for atoms in notes(rules):
        line = lay.flow(atoms, size, width, True)
        if line is None:
            return None
        column.add(line, 0.3 * size)
    return column


@lru_cache(maxsize=16)
def reference_layout(rules: Rules) -> FaceLayout:
    """The largest text (down to 12 units) whose lines end above the card's foot."""
    bounds = QRectF(MARGIN - 2, 6, CARD_W - 2 * MARGIN + 4, CARD_H - 20)
    for size in range(22, 11, -1):
        column = _build(rules, size)
        if column is not None and column.y <= CARD_H - 22:
            return FaceLayout(tuple(column.boxes), tuple(column.panels), bounds, size)
    raise ValueError("the reference card's text does not fit")


def paint_reference(painter: QPainter, target: QRectF, rules: Rules, bleed: float = 0.0
                    ) -> None:
    """The reference card in ``target``; ``bleed`` in face units."""
    lay.begin(painter, target)
    b = bleed
    painter.fillRect(QRectF(-b, -b, CARD_W + 2 * b, CARD_H + 2 * b), SAND_DOLLAR_PAPER)
    gradient = QLinearGradient(0, 0, 0, BAND)
    gradient.setColorAt(0, OCEAN_DEEP)
    gradient.setColorAt(1, OCEAN)
    painter.fillRect(QRectF(-b, -b, CARD_W + 2 * b, BAND + b), QBrush(gradient))
    name = lay.name_block(TITLE, CARD_W - 2 * MARGIN, colour=QColor("white").name(),
                          centre=True)
    boxes, _ = name.placed(MARGIN, (BAND - name.height) / 2)
    lay.paint_boxes(painter, boxes)
    lay.paint_layout(painter, reference_layout(rules))
    painter.restore()
