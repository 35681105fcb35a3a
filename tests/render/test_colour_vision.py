"""Issue 30: every colour that tells two things apart on the table still does for the three
common colour-vision deficiencies (deuteranopia, protanopia, tritanopia, simulated at full
severity with colorspacious), and what the colours say is said by a shape or a letter too."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainterPath

from smqt.render import symbols
from smqt.ui.panels.side import PLAYER_COLOURS
from smqt.ui.table import items

DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")
"""colorspacious's names; at severity 100 they are deuteranopia, protanopia and tritanopia."""

LEAST = 10.0
"""The smallest colour difference allowed between two colours of one palette (CAM02-UCS
delta E; about 2 is just noticeable, 10 reads as a different colour at a glance)."""


def palettes() -> dict[str, list[QColor]]:
    return {
        "seats": [QColor(c) for c in PLAYER_COLOURS],
        "location tags": list(symbols.TAG_COLOURS.values()),
        "people": [symbols.PERSON_COLOURS[kind] for kind in ("local", "tourist", "vip")],
        "marks on the table (may be chosen, chosen, the last move, the coach's choice)":
            [items.SELECTABLE, items.SELECTED, items.RECENT, items.HINT],
        "points won and lost": [symbols.GAIN, symbols.PENALTY],
    }


def seen(colour: QColor, deficiency: str | None) -> np.ndarray:
    rgb = np.array([colour.redF(), colour.greenF(), colour.blueF()])
    if deficiency is None:
        return rgb
    space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    return np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)


def closest(colours: list[QColor], deficiency: str | None) -> tuple[float, str, str]:
    shown = [seen(c, deficiency) for c in colours]
    return min((float(deltaE(shown[i], shown[j], input_space="sRGB1")), colours[i].name(),
                colours[j].name())
               for i, j in itertools.combinations(range(len(colours)), 2))


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize("palette", list(palettes()))
def test_every_palette_stays_apart_under_simulated_colour_blindness(palette, deficiency):
    distance, a, b = closest(palettes()[palette], deficiency)
    assert distance >= LEAST, (f"{palette}: {a} and {b} are {distance:.1f} apart as seen with "
                               f"{deficiency or 'normal vision'} (at least {LEAST} needed)")


def test_the_check_would_catch_a_red_green_pair():
    """The simulation is at work: a red and a green far apart for normal vision fall together
    for deuteranopia."""
    pair = [QColor("#d62728"), QColor("#8c8c00")]
    assert closest(pair, None)[0] >= LEAST
    assert closest(pair, "deuteranomaly")[0] < LEAST


def test_tags_and_people_are_told_apart_by_a_letter_or_a_shape_too():
    """Colour is never alone: each tag has a letter of its own, and each kind of person a
    figure of its own (the sets of letters and figures have no repeats)."""
    letters = symbols.tag_letters()
    assert len(set(letters.values())) == len(symbols.TAG_COLOURS)
    assert set(letters) == set(symbols.TAG_COLOURS)
    box = QRectF(0, 0, 100, 100)
    figures = {kind: outline(symbols.person_path(kind, box))
               for kind in ("local", "tourist", "vip", "any")}
    assert len(set(figures.values())) == len(figures)
    assert all(outline(symbols.tag_path(tag, box)) not in figures.values()
               for tag in symbols.TAG_COLOURS)


def outline(path: QPainterPath) -> tuple:
    return tuple((round(e.x), round(e.y)) for e in
                 (path.elementAt(i) for i in range(path.elementCount())))
