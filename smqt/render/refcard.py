"""The reference card: a turn in four steps, the two column rewards and how the game ends,
in the faces' icons and our own short words (from RULES.md R3 and R9, with the pack's rules
parameters filled in). Drawn like a card face: 300 x 420 units, print look only.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter

from smqt.engine.content import Rules
from smqt.language.translate import N_, _, current, ngettext
from smqt.render import layout as lay
from smqt.render.cardface import CARD_H, CARD_W, OCEAN, OCEAN_DEEP
from smqt.render.layout import BREAK, Atom, Block, Column, FaceLayout, person, sand_dollar, words
from smqt.render.tilefaces import SAND_DOLLAR_PAPER

MARGIN = 16.0
BAND = 56.0
"The ocean band holding the title."
TITLE = N_("Your turn")
"The title in the ocean band (``_()`` where drawn)."
_PIECES = re.compile(r"(\*\*|\{\w+\}|\n)")  # not translated: a pattern
"""What a line's text is cut at: ``**`` (bold on or off), an icon ``{name}``, a line break."""


def _steps(n: int) -> str:
    return ngettext("{n} step", "{n} steps", n).format(n=n)


def _line(text: str, **icons: Atom) -> list[Atom]:
    """A translated line as atoms: ``**words**`` bold, ``{name}`` the icon ``icons[name]``,
    a line break where the text has one, every other piece words."""
    atoms: list[Atom] = []
    bold = False
    for piece in _PIECES.split(text):
        if piece == "**":
            bold = not bold
        elif piece == "\n":
            atoms.append(BREAK)
        elif piece.startswith("{") and piece[1:-1] in icons:
            atoms.append(icons[piece[1:-1]])
        elif piece.strip():
            atoms.append(words(piece.strip(), bold=bold))
    return atoms


def steps(rules: Rules) -> list[list[Atom]]:
    """The four steps of a turn, a list of atoms each."""
    # Translators: the reference card's turn in four steps: **...** is bold, {sand_dollar} and
    # {people} are icons; keep them
    return [
        _line(_("**Take** a front-row card, **or** buy a sand dollar action (once a turn)")),
        _line(_("**Place** it in its row, beside your city")),
        _line(_("**Gain** its {sand_dollar} and {people}, then **move** with the moves you "
                "earned"), sand_dollar=lay.sand_dollar(), people=person("any")),
        _line(_("**Refill:** back row forward, then deal")),
    ]


def notes(rules: Rules) -> list[list[Atom]]:
    """The rewards of the food truck, the foodie and both together (R3.3-R3.5), and the end
    of the game."""
    final = rules.final_move
    # Translators: the reference card's notes: **...** is bold, {sand_dollar}, {people},
    # {local}, {tourist} and {vip} are icons; keep them
    truck = _("**Food truck's column:** +{n} {sand_dollar}")
    end = _("**End:** once a city has {n} cards, finish the round.")
    last = _("Last move: each person once, up to\n{local} {local_steps}, {tourist} "
             "{tourist_steps}, {vip} {vip_steps}")
    icons = {"local": "{local}", "tourist": "{tourist}", "vip": "{vip}"}  # not translated: icons
    return [
        _line(truck.format(n=rules.food_truck_reward, sand_dollar="{sand_dollar}"),
              sand_dollar=sand_dollar()),
        _line(_("**Foodie's column:** move 1 {people} 1 step"), people=person("any")),
        # R3.5: both tokens under the card taken
        _line(_("**Both:** 1 {sand_dollar} + 1 move, **or** 2 {sand_dollar}, **or** 2 moves"),
              sand_dollar=sand_dollar()),
        [*_line(end.format(n=rules.cards_to_end)), BREAK,
         *_line(last.format(local_steps=_steps(final.local), tourist_steps=_steps(final.tourist),
                            vip_steps=_steps(final.vip), **icons),
                local=person("local"), tourist=person("tourist"), vip=person("vip"))],
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


def reference_layout(rules: Rules) -> FaceLayout:
    """The largest text (down to 12 units) whose lines end above the card's foot (in the
    language in force)."""
    return _reference_layout(rules, current())


@lru_cache(maxsize=16)
def _reference_layout(rules: Rules, language: str) -> FaceLayout:
    bounds = QRectF(MARGIN - 2, 6, CARD_W - 2 * MARGIN + 4, CARD_H - 20)
    for size in range(22, 11, -1):
        column = _build(rules, size)
        if column is not None and column.y <= CARD_H - 22:
            return FaceLayout(tuple(column.boxes), tuple(column.panels), bounds, size)
    raise ValueError(_("the reference card's text does not fit"))


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
    name = lay.name_block(_(TITLE), CARD_W - 2 * MARGIN, colour=QColor("white").name(),
                          centre=True)
    boxes, _panels = name.placed(MARGIN, (BAND - name.height) / 2)
    lay.paint_boxes(painter, boxes)
    lay.paint_layout(painter, reference_layout(rules))
    painter.restore()
