"""What the editor says about each kind of a tagged union (scoring entries, placement actions,
rings, constraints, objectives) where a kind is chosen: a readable title, one plain sentence
and a small picture, for the "+ Add" menus and the kind drop-downs.

The sentence is the first paragraph of the class docstring (the rules' own words); a title is
written here for people, the TOML name (``adjacent_gives``) staying visible beside it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap

from editor.model.words import field_label, keyed, quoted
from smqt.language.translate import N_, SOURCE, _, current
from smqt.pack.convert import tag_of
from smqt.pack.fieldinfo import class_summary, resolved_fields
from smqt.render import symbols

TITLES: dict[str, str] = {
    # placement actions (R5)
    "GainSandDollars": N_("Gain sand dollars"),
    "AddPeople": N_("Add people"),
    "Move": N_("Move people"),  # not translated: the key is a class name
    "MoveHere": N_("People jump here"),
    "ReturnPeople": N_("Return people"),
    # scoring entries (R10)
    "Adjacent": N_("Next to a tag"),  # not translated: the key is a class name
    "AdjacentCount": N_("Next to several copies of a tag"),
    "AdjacentTiers": N_("Tiers of adjacent copies"),
    "AdjacentAll": N_("Next to all of several tags"),
    "AdjacentRing": N_("Next to a ring"),
    "NotAdjacentRing": N_("Next to no ring"),
    "AdjacentGives": N_("Next to a printed symbol"),
    "PerTagInCity": N_("Per copies of a tag in the city"),
    "Chain": N_("Chain through this card"),  # not translated: the key is a class name
    "SandDollarsHeld": N_("Sand dollars held at the end"),
    # rings (R10.10)
    "Ring": N_("Ring for listed people"),  # not translated: the key is a class name
    "AnyNumberRing": N_("Ring for any number of people"),
    # constraints (R4)
    "LeftmostBeach": N_("Leftmost beach card"),
    # objectives (R11.4)
    "LargestChain": N_("Largest chain"),
    "CountChains": N_("Count chains"),
    "ChainTable": N_("Chain table"),
    "PairedRun": N_("Run of paired columns"),
    "MostUnplaced": N_("Most unplaced people"),
    "CardsWithUnplaced": N_("Cards with unplaced people"),
    "RingsAndUnplaced": N_("Full rings and unplaced people"),
}

DESCRIPTIONS: dict[str, str] = {}
"Sentences for classes whose docstring is missing or says too little (class name -> text)."


def kind_name(cls: type) -> str:
    return tag_of(cls) or cls.__name__


def title(cls: type) -> str:
    known = TITLES.get(cls.__name__)
    return _(known) if known else kind_name(cls).replace("_", " ").capitalize()


def description(cls: type) -> str:
    """One plain sentence: the docstring's first paragraph, ````value```` markup as quotes; a
    key of the kind's own that the form labels in other words is named by its label ("Bis zu
    „Anzahl“ Personen ..." in German, "Up to 'count' people ..." in English)."""
    text = DESCRIPTIONS.get(cls.__name__)
    if text is None:
        summary = class_summary(cls)
        text = _(summary) if summary else ""
    keys = {a.name for a in resolved_fields(cls)} if attrs.has(cls) else set()

    def shown(found: re.Match[str]) -> str:
        key = found.group(1)
        label = field_label(key, cls)
        if key in keys and label != key.replace("_", " "):
            return quoted(label)
        return f"'{key}'"

    return re.sub(r"``([^`]+)``", shown, text)


def menu_text(cls: type) -> str:
    """``Next to a printed symbol  (adjacent_gives)``: where a kind is chosen to be added, its
    title and the key the file will hold."""
    return f"{title(cls)}  ({kind_name(cls)})"


def choice_text(cls: type) -> str:
    """A kind as a drop-down or a filter shows it: in English, the language the files are
    written in, the key itself (``adjacent_gives``); in any other, the title ("Neben einem
    Platzierungssymbol"), the key staying in the item's tooltip (``tip``)."""
    return kind_name(cls) if current() == SOURCE else title(cls)


def tip(cls: type) -> str:
    """A kind's tooltip: title and sentence, with the key where the kind is shown in words:
    "Kette durch diese Karte (chain): ...". """
    named = title(cls) if choice_text(cls) == kind_name(cls) else \
        keyed(title(cls), kind_name(cls))
    return f"{named}: {description(cls)}"  # not translated: a title and a sentence, both translated


# ---------------------------------------------------------------------------- pictures

_SIZE = 22


def _badge(text: str, negative: bool = False) -> Callable[[QPainter, QRectF], None]:
    return lambda p, r: symbols.draw_badge(p, r, text, r.height() * 0.5, negative)


def _tag_next_to(p: QPainter, r: QRectF, tag: str = "nature") -> None:
    symbols.draw_tag(p, tag, QRectF(r.left() + r.width() * 0.3, r.top() + r.height() * 0.3,
                                    r.width() * 0.7, r.height() * 0.7))
    _arrow(p, r, small=True)


def _arrow(p: QPainter, r: QRectF, small: bool = False, down: bool = False,
           back: bool = False) -> None:
    p.save()
    p.setPen(QPen(symbols.INK, max(1.5, r.width() * 0.1), Qt.PenStyle.SolidLine,
                  Qt.PenCapStyle.RoundCap))
    if small:
        a, b = QPointF(r.left() + 1, r.top() + 1), QPointF(r.left() + r.width() * 0.35,
                                                          r.top() + r.height() * 0.35)
    elif down:
        a, b = QPointF(r.center().x(), r.top() + 2), QPointF(r.center().x(), r.bottom() - 2)
    else:
        a, b = QPointF(r.left() + 2, r.center().y()), QPointF(r.right() - 2, r.center().y())
        if back:
            a, b = b, a
    p.drawLine(a, b)
    direction = b - a
    length = max(1.0, (direction.x() ** 2 + direction.y() ** 2) ** 0.5)
    ux, uy = direction.x() / length, direction.y() / length
    head = r.width() * (0.18 if small else 0.3)
    for sx in (1, -1):
        p.drawLine(b, QPointF(b.x() - head * (ux - sx * uy * 0.8), b.y() - head * (uy + sx * ux * 0.8)))
    p.restore()


def _person(kind: str) -> Callable[[QPainter, QRectF], None]:
    return lambda p, r: symbols.draw_person(p, kind, r.adjusted(2, 2, -2, -2))


def _with_arrow(inner: Callable[[QPainter, QRectF], None], **how: bool) -> Callable[[QPainter, QRectF], None]:
    def draw(p: QPainter, r: QRectF) -> None:
        inner(p, QRectF(r.left(), r.top(), r.width() * 0.6, r.height() * 0.6))
        _arrow(p, QRectF(r.left() + r.width() * 0.35, r.top() + r.height() * 0.35,
                         r.width() * 0.65, r.height() * 0.65), **how)
    return draw


def _chain(p: QPainter, r: QRectF) -> None:
    for i in range(3):
        symbols.draw_tag(p, "nature", QRectF(r.left() + i * r.width() * 0.3, r.top() + r.height() * 0.3,
                                             r.width() * 0.4, r.height() * 0.4))


def _ring(p: QPainter, r: QRectF) -> None:
    symbols.draw_ring(p, r.adjusted(1, 3, -1, -3))


PICTURES: dict[str, Callable[[QPainter, QRectF], None]] = {
    "GainSandDollars": lambda p, r: symbols.draw_sand_dollar(p, r.adjusted(1, 1, -1, -1)),
    "AddPeople": _person("any"),
    "Move": _with_arrow(_person("any")),  # not translated: the key is a class name
    "MoveHere": _with_arrow(_person("any"), down=True),
    "ReturnPeople": _with_arrow(_person("any"), back=True),
    "Adjacent": _tag_next_to,  # not translated: the key is a class name
    "AdjacentCount": lambda p, r: (_tag_next_to(p, r), _badge("2")(p, QRectF(
        r.left(), r.bottom() - r.height() * 0.45, r.width() * 0.45, r.height() * 0.45))),
    "AdjacentTiers": _badge("≥"),
    "AdjacentAll": lambda p, r: (symbols.draw_tag(p, "nature", QRectF(r.left(), r.top(), r.width() * 0.6,
                                                                     r.height() * 0.6)),
                                 symbols.draw_tag(p, "wave", QRectF(
                                     r.left() + r.width() * 0.4, r.top() + r.height() * 0.4,
                                     r.width() * 0.6, r.height() * 0.6))),
    "AdjacentRing": lambda p, r: symbols.draw_ring(p, r.adjusted(1, 3, -1, -3)),
    "NotAdjacentRing": lambda p, r: symbols.draw_ring(p, r.adjusted(1, 3, -1, -3), crossed=True),
    "AdjacentGives": lambda p, r: symbols.draw_sand_dollar(p, r.adjusted(3, 3, -3, -3)),
    "PerTagInCity": _badge("×"),
    "Chain": _chain,  # not translated: the key is a class name
    "SandDollarsHeld": lambda p, r: (symbols.draw_sand_dollar(p, r.adjusted(0, 0, -6, -6)),
                                     _badge("×")(p, QRectF(r.right() - 11, r.bottom() - 11, 11, 11))),
    "Ring": _ring,  # not translated: the key is a class name
    "AnyNumberRing": lambda p, r: (symbols.draw_ring(p, r.adjusted(1, 3, -1, -3)),
                                   _person("any")(p, r.adjusted(4, 4, -4, -4))),
    "LeftmostBeach": lambda p, r: _arrow(p, r, back=True),
    "LargestChain": _badge("C"),
    "CountChains": _badge("#"),
    "ChainTable": _badge("T"),
    "PairedRun": _badge("‖"),
    "MostUnplaced": _badge("−", negative=True),
    "CardsWithUnplaced": _badge("−", negative=True),
    "RingsAndUnplaced": _badge("±"),
}


@cache
def icon(cls: type) -> QIcon:
    """A small picture of the kind (a letter badge where there is no better symbol)."""
    draw = PICTURES.get(cls.__name__) or _badge(kind_name(cls)[:1].upper())
    pixmap = QPixmap(_SIZE, _SIZE)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    try:
        draw(painter, QRectF(0, 0, _SIZE, _SIZE))
    finally:
        painter.end()
    return QIcon(pixmap)
