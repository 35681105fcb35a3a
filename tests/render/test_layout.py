"""Faces read at table size: on a 1920 x 1080 screen the table draws a display card 140 px
wide, and every word and number of the rules must then be at least 11 px (docs/design.md).
The layout says where every text, icon and badge goes and at what size; painting draws exactly
those boxes, so these tests measure the layout (and, through a hook, what is painted)."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

from smqt.engine import effects as fx
from smqt.engine.catalog import in_language
from smqt.engine.content import FeatureCard, ObjectiveTile, StartingTile
from smqt.language.translate import use
from smqt.render import cardface, layout, symbols, tilefaces
from smqt.render.cardface import RING_MARK_X, card_layout, paint_card, ring_centres
from smqt.render.layout import FACE_H, FACE_W, MIN_SCREEN_PX, TABLE_CARD_PX, FaceLayout
from tests.support import base, lab

pytestmark = pytest.mark.gui

TABLE_SCALE = TABLE_CARD_PX / FACE_W
"""Screen px per face unit on the table at 1920 x 1080."""


def _faces(catalog) -> list[tuple[str, FaceLayout]]:
    """Every face of a pack as the table draws it (no flavour at table size) and as the
    editor and print draw it (with flavour where it fits)."""
    out = []
    for flavour in (False, True):
        out += [(f"card {c.id}", card_layout(c, flavour)) for c in catalog.cards.values()]
        out += [(f"tile {t.id} lower half", card_layout(t, flavour))
                for t in catalog.starting_tiles.values()]
    out += [(f"tile {t.id} upper half", tilefaces.tile_top_layout(t))
            for t in catalog.starting_tiles.values()]
    out += [(f"sand dollar action {a.id}", tilefaces.sand_dollar_layout(a))
            for a in catalog.sand_dollar_actions.values()]
    out += [(f"objective {o.id}", tilefaces.objective_layout(o))
            for o in catalog.objective_tiles.values()]
    return out


def _overlap(a: QRectF, b: QRectF) -> float:
    both = a.intersected(b)
    return max(0.0, both.width()) * max(0.0, both.height())


def _problems(found: FaceLayout) -> list[str]:
    """Overlapping boxes, boxes out of bounds, boxes cut by a panel's edge, text wider than
    its box."""
    problems = []
    face = QRectF(0, 0, FACE_W, FACE_H)
    for box in found.boxes:
        if not found.bounds.contains(box.rect) or not face.contains(box.rect):
            problems.append(f"{box.role} {box.value!r} leaves the face at {box.rect}")
        if box.role in ("text", "name"):
            metrics = QFontMetricsF(layout.font(box.size, box.bold, box.italic))
            if metrics.horizontalAdvance(box.value) > box.rect.width() + 0.5:
                problems.append(f"{box.value!r} is wider than its box")
    for a, b in combinations(found.boxes, 2):
        if _overlap(a.rect, b.rect) > 1.0:
            problems.append(f"{a.role} {a.value!r} overlaps {b.role} {b.value!r}")
    for panel in found.panels:
        if not found.bounds.contains(panel.rect):
            problems.append(f"the {panel.role} panel leaves the face")
        for box in found.boxes:
            if _overlap(panel.rect, box.rect) > 1.0 and not panel.rect.contains(box.rect):
                problems.append(f"{box.role} {box.value!r} is cut by the {panel.role} panel")
    return problems


@pytest.fixture(params=["en", "de"])
def language(request):
    """Every face in English and in German (longer words, the base pack's German names)."""
    use(request.param)
    yield request.param
    use("en")


def _worded(pack, language: str):
    return in_language(pack(), language)


@pytest.mark.parametrize("pack", [base, lab], ids=["base", "lab"])
def test_every_face_reads_at_table_size(qapp, pack, language):
    """Names, rules and points at least 11 px on screen when a card is 140 px wide."""
    small = []
    for what, found in _faces(_worded(pack, language)):
        for box in found.texts:
            if box.role != "flavour" and box.size * TABLE_SCALE < MIN_SCREEN_PX:
                small.append(f"{what}: {box.role} {box.value!r} at {box.size * TABLE_SCALE:.1f} px")
        assert found.readable, what
    assert not small, "\n".join(small)


@pytest.mark.parametrize("pack", [base, lab], ids=["base", "lab"])
def test_no_face_overlaps_or_leaves_its_card(qapp, pack, language):
    problems = [f"{what}: {p}" for what, found in _faces(_worded(pack, language))
                for p in _problems(found)]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("pack", [base, lab], ids=["base", "lab"])
def test_rings_sit_at_the_bottom_clear_of_the_tables_ring_marks(qapp, pack):
    """The table marks a ring full at the right end of its line (R10.10)."""
    for card in [*pack().cards.values(), *pack().starting_tiles.values()]:
        found = card_layout(card, False)
        assert len(found.rings) == len(card.rings) == len(ring_centres(card))
        others = [b.rect.bottom() for b in found.boxes
                  if not any(r.contains(b.rect) for r in found.rings)]
        for ring in found.rings:
            assert ring.right() <= RING_MARK_X, card.id
            assert all(bottom <= ring.top() + 0.01 for bottom in others), card.id
        if found.rings:
            assert found.rings[-1].bottom() >= found.bounds.bottom() - 4, card.id


def test_painting_draws_the_layout_at_table_size(qapp, monkeypatch):
    """What ``paint_card`` actually draws at 140 px: every text at least 11 px on screen (the
    hook sees each box painted and the painter's scale at that moment), flavour dropped."""
    painted: list[tuple[layout.Box, float]] = []
    original = layout.paint_boxes

    def record(painter: QPainter, boxes) -> None:
        boxes = list(boxes)
        painted.extend((box, layout.px_per_unit(painter)) for box in boxes)
        original(painter, boxes)

    monkeypatch.setattr(layout, "paint_boxes", record)
    catalog = base()
    for ratio in (1.0, 2.0):
        for card in catalog.cards.values():
            painted.clear()
            image = QImage(round(140 * ratio), round(196 * ratio), QImage.Format.Format_ARGB32)
            image.setDevicePixelRatio(ratio)
            painter = QPainter(image)
            paint_card(painter, QRectF(0, 0, 140, 196), card)
            painter.end()
            texts = [(box, scale) for box, scale in painted if box.is_text]
            assert any(box.role == "name" for box, _ in texts), card.id
            assert not any(box.role == "flavour" for box, _ in texts), card.id
            for box, scale in texts:
                assert box.size * scale >= MIN_SCREEN_PX, (card.id, box.value, box.size * scale)


def test_flavour_shows_when_large(qapp):
    """Flavour text is drawn in the enlarged view and in print, not on the table."""
    card = base().cards["bonfire_pits"]
    assert card.text
    assert any(b.role == "flavour" for b in card_layout(card, True).boxes)
    assert not any(b.role == "flavour" for b in card_layout(card, False).boxes)


def _fullest(catalog) -> FeatureCard | StartingTile:
    entries = [*catalog.cards.values(), *catalog.starting_tiles.values()]
    return max(entries, key=lambda c: (len(c.placement) + len(c.scoring) + 1.2 * len(c.rings)
                                       + bool(c.tags) + len(c.name) / 40))


def test_the_fullest_base_card_keeps_the_rules_size(qapp):
    """The base pack's fullest card is drawn at the full rules size, not shrunk."""
    card = _fullest(base())
    assert card_layout(card).size == layout.RULES_TEXT, card.id


def test_a_crowded_card_shrinks_evenly_to_the_minimum(qapp):
    """Twice the rules of the base pack's fullest card (six lines and a ring): smaller, one
    size for every rule, still readable."""
    card = FeatureCard(
        id="crowded", name="Seaside Pier", row=fx.Row.STREET,
        tags=(fx.Tag.BUSINESS, fx.Tag.TOURIST, fx.Tag.LOCAL),
        placement=(fx.AddPeople(fx.Person.TOURIST, 1), fx.GainSandDollars(2),
                   fx.Move(fx.Who.ANY, 2, 2)),
        scoring=(fx.Adjacent(fx.Tag.WAVE, 2), fx.PerTagInCity(fx.Tag.LOCAL, 2, 1),
                 fx.AdjacentCount(fx.Tag.NATURE, 2, 3)),
        rings=(fx.Ring((fx.Who.LOCAL, fx.Who.TOURIST), 4),))
    found = card_layout(card)
    assert layout.MIN_TEXT <= found.size < layout.RULES_TEXT
    rules = {box.size for box in found.texts if box.role in ("text", "badge")}
    assert rules == {found.size}
    assert found.readable
    assert not _problems(found)


def test_a_card_beyond_any_pack_still_never_overlaps(qapp):
    """The most the content allows: smaller than readable (the layout says so), but never
    overlapping or cut off."""
    people = (fx.Who.LOCAL, fx.Who.TOURIST, fx.Who.VIP, fx.Who.ANY, fx.Who.ANY, fx.Who.LOCAL)
    card = FeatureCard(
        id="everything", name="The Grand Old Municipal Pier Amusement Park And Aquarium",
        row=fx.Row.BEACH, tags=(fx.Tag.WAVE, fx.Tag.SPORTS, fx.Tag.NATURE, fx.Tag.TOURIST),
        placement=(fx.GainSandDollars(9), fx.AddPeople(fx.Person.VIP, 9),
                   fx.Move(fx.Who.ANY, 9, 6), fx.MoveHere(fx.Who.TOURIST, 9),
                   fx.ReturnPeople(fx.Who.LOCAL, 9), fx.Move(fx.Who.VIP, 1, 1)),
        scoring=(fx.AdjacentTiers(fx.Tag.WAVE, ((1, 2), (3, 5), (6, 9), (12, 99))),
                 fx.AdjacentAll((fx.Tag.LOCAL, fx.Tag.TOURIST, fx.Tag.BUSINESS, fx.Tag.SPORTS,
                                 fx.Tag.NATURE, fx.Tag.WAVE), 99),
                 fx.Chain(fx.Tag.NATURE, 20, 99, per_tag=True),
                 fx.PerTagInCity(fx.Tag.SPORTS, 12, 99), fx.AdjacentGives(fx.Symbol.PEOPLE, -99),
                 fx.SandDollarsHeld(12, 99)),
        rings=(fx.Ring(people, 99), fx.AnyNumberRing(99), fx.Ring((fx.Who.VIP,), 0)),
        constraints=(fx.LeftmostBeach(),), text="Everything at once. " * 20)
    found = card_layout(card)
    assert not found.readable
    assert not _problems(found)


def test_long_names_wrap_at_readable_sizes(qapp):
    card = FeatureCard(id="long", name="Driftwood Sculpture Garden and Boardwalk",
                       row=fx.Row.BEACH)
    names = [b for b in card_layout(card).boxes if b.role == "name"]
    assert 2 <= len(names) <= 3 and all(b.size >= layout.MIN_TEXT for b in names)
    assert " ".join(b.value for b in names) == card.name


def test_every_objective_kind_and_footprint_rule_has_symbols(qapp):
    tile = ObjectiveTile(id="mixed", name="Mixed", wave=fx.LargestChain((fx.Tag.WAVE,), 2),
                         misc=fx.PairedRun(1), penalty=fx.CardsWithUnplaced(-1))
    assert tilefaces.objective_layout(tile).readable
    for kind in fx.OBJECTIVE_KINDS:
        assert kind in tilefaces.OBJECTIVE_ITEMS, kind.__name__
    for kind in fx.SCORING_KINDS:
        assert kind in cardface.SCORING_ATOMS, kind.__name__
    for kind in fx.PLACEMENT_KINDS:
        assert kind in cardface.PLACEMENT_ATOMS, kind.__name__


# --------------------------------------------------------------------------- symbols


def _mask(path_of, kind: str) -> set[tuple[int, int]]:
    size = 48
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("black"))
    painter.drawPath(path_of(kind, QRectF(0, 0, size, size)))
    painter.end()
    return {(x, y) for y in range(size) for x in range(size)
            if QColor(image.pixel(x, y)).value() < 128}


def test_no_tag_has_the_shape_of_a_person(qapp):
    """Tags are one rounded square (told apart by letter and colour); people are a circle, a
    triangle, a star and a figure, none of them close to the square (issue 13: the sports tag
    and the tourist figure, the local tag and the local person)."""
    tags = {tag: _mask(symbols.tag_path, tag) for tag in symbols.TAG_COLOURS}
    people = {kind: _mask(symbols.person_path, kind) for kind in ("local", "tourist", "vip", "any")}
    square = tags["local"]
    assert all(mask == square for mask in tags.values())
    for kind, mask in people.items():
        overlap = len(mask & square) / len(mask | square)
        assert overlap < 0.8, f"{kind} looks like a tag ({overlap:.2f})"
    for a, b in combinations(people.values(), 2):
        assert len(a & b) / len(a | b) < 0.8


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = symbols._luminance(a), symbols._luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_tag_letters_contrast_with_their_badge():
    """Every tag's letter stands out from its colour (WCAG 3:1 for graphics)."""
    for tag, colour in symbols.TAG_COLOURS.items():
        assert _contrast(symbols.letter_colour(colour), colour) >= 3.0, tag


def test_badges_never_cover_words(qapp):
    """A points badge is a box of its own: nothing else is drawn under it."""
    for _, found in _faces(base()):
        for badge in (b for b in found.boxes if b.role == "badge"):
            centre = badge.rect.center()
            assert found.bounds.contains(QPointF(centre))
            others = [b for b in found.boxes if b is not badge]
            assert all(_overlap(badge.rect, b.rect) <= 1.0 for b in others)
