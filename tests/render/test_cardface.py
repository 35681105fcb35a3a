"""Card faces are drawn from data for every card and tile of the base pack."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from smqt.render.cardface import card_image
from tests.support import base

pytestmark = pytest.mark.gui


def _ink(image) -> int:
    """Pixels that are neither transparent nor the card's plain background."""
    count = 0
    for y in range(0, image.height(), 7):
        for x in range(0, image.width(), 7):
            colour = QColor(image.pixel(x, y))
            if colour.alpha() and colour.name() not in ("#f4e4bc", "#ece6dc"):
                count += 1
    return count


def test_every_base_card_and_tile_draws(qapp):
    catalog = base()
    for entry in [*catalog.cards.values(), *catalog.starting_tiles.values()]:
        image = card_image(entry, 150)
        assert image.width() == 150 and image.height() == 210
        assert _ink(image) > 40, entry.id


def test_faces_are_vector_and_crisp_at_any_scale(qapp):
    """The same card at twice the device pixel ratio has twice the pixels."""
    card = base().cards["bonfire_pits"]
    small, sharp = card_image(card, 200), card_image(card, 200, device_ratio=2.0)
    assert (sharp.width(), sharp.height()) == (2 * small.width(), 2 * small.height())


def test_beach_and_street_bands_differ(qapp):
    catalog = base()
    beach = card_image(catalog.cards["outer_reef"], 300)
    street = card_image(catalog.cards["palm_walk"], 300)
    assert QColor(beach.pixel(150, 40)).blue() > 120, "the ocean band is on top of beach cards"
    assert QColor(street.pixel(150, 400)).red() > QColor(street.pixel(150, 400)).blue(), \
        "the boardwalk is below street cards"
