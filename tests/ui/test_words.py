"""The plain-English text of content entries (smqt/ui/panels/words.py): every base entry has
words, plurals agree, penalties read as penalties, and every effect kind has a describer."""

from __future__ import annotations

from typing import get_args

import pytest

from smqt.engine import effects as fx
from smqt.engine.content import (
    FeatureCard,
    FootprintRule,
    SandDollarAction,
    StartingTile,
    TakeFrom,
    TakeRule,
)
from smqt.ui.panels import words
from tests.support import base, lab, qt_modules_loaded_by

W = fx.Who
T = fx.Tag


# --------------------------------------------------------------------------- whole packs


@pytest.mark.parametrize("pack", [base, lab], ids=["base", "lab"])
def test_every_entry_has_text(pack):
    """Every card, tile, sand dollar action and objective tile gives non-empty lines."""
    catalog = pack()
    texts = [
        *(words.card_text(card) for card in catalog.cards.values()),
        *(words.tile_text(tile) for tile in catalog.starting_tiles.values()),
        *(words.sand_dollar_text(action) for action in catalog.sand_dollar_actions.values()),
        *(words.objective_text(tile) for tile in catalog.objective_tiles.values()),
    ]
    assert len(texts) >= 78 + 6 + 8 + 3
    for lines in texts:
        assert len(lines) >= 2
        assert all(isinstance(line, str) and line.strip() for line in lines), lines


def test_base_card_lines_in_order():
    """Name, row and tags, placement, scoring, rings, constraint, flavour last in quotes."""
    card = base().cards["breakwater_point"]
    assert words.card_text(card) == [
        "Breakwater Point",
        "Beach card · wave, wave, nature",
        "When placed:",
        "• Move up to 2 people (any type) 1 space each.",
        "Scores:",
        "• 4 points if this card is in a connected chain of 4 or more wave tags.",
        words.describe_constraint(fx.LeftmostBeach()),
        "“The rocks where the sand runs out. Nothing gets built past here.”",
    ]


def test_base_card_with_ring_and_penalty():
    """R10.6: a negative adjacent_gives reads as a penalty; the any_number ring (R10.10)."""
    assert words.card_text(base().cards["bonfire_pits"]) == [
        "Bonfire Pits",
        "Beach card · local spot, local spot",
        "When placed:",
        "• Add 2 locals to this card.",
        "Scores:",
        "• Penalty: lose 2 points if any neighbouring space adds people when placed "
        "(once, however many do).",
        "Ring for any number of people: 3 points with at least one inside.",
        "“Room around the fire for everyone, as long as nobody invites the whole city.”",
    ]


def test_card_without_effects_or_tags():
    card = FeatureCard(id="empty_lot", name="Empty Lot", row=fx.Row.STREET)
    assert words.card_text(card) == ["Empty Lot", "Street card · no tags"]


def test_base_tile_text():
    """R11.3, R7.4: the regular's lower half matches its own criterion, the shopper's not."""
    catalog = base()
    assert words.tile_text(catalog.starting_tiles["regular"]) == [
        "The Regular",
        "Starting tile · lower half: business",
        "At the start:",
        "• Add 1 VIP to the lower half.",
        "• Gain 1 sand dollar.",
        "A VIP leaves a footprint on a street space with a business or local spot tag; "
        "each footprint scores 1 per business and local spot tag on it.",
        "The lower half starts with a footprint.",
    ]
    shopper = words.tile_text(catalog.starting_tiles["shopper"])
    assert "• Add 2 tourists to the lower half." in shopper
    assert "The lower half starts with a footprint." not in shopper


def test_base_sand_dollar_text():
    """R8: cost, what is taken, the optional swap, then the allowance."""
    assert words.sand_dollar_text(base().sand_dollar_actions["swap_and_return"])[:6] == [
        "Swap and Send Home",
        "Sand dollar action · costs 2 sand dollars",
        "Take 1 card from the front row.",
        "You may swap two feature cards of the same row (never the starting tile or an "
        "end-of-the-beach card).",
        "Then:",
        "• Return up to 2 people (any type) to the supply.",
    ]
    free = SandDollarAction(id="gift", name="Gift", cost=0, take=TakeRule(TakeFrom.FRONT))
    assert words.sand_dollar_text(free) == [
        "Gift", "Sand dollar action · free", "Take 1 card from the front row.",
    ]


def test_base_objective_text():
    """R11.4: the orange tile's three objectives."""
    assert words.objective_text(base().objective_tiles["orange"]) == [
        "Orange",
        "Scoring objective tile",
        "Wave bonus: Each wave chain scores by its size: 1 tag 1 point, 2 tags 3 points, "
        "3 tags 6 points, 4 or more tags 10 points.",
        "Other bonus: 1 point per column in your longest unbroken run of columns whose beach "
        "and street spaces are both filled.",
        "Penalty: 1 point per full ring; lose 1 point for every 2 people outside rings "
        "(round down).",
    ]


# --------------------------------------------------------------------------- placement (R5)


@pytest.mark.parametrize(("action", "text"), [
    (fx.GainSandDollars(1), "Gain 1 sand dollar."),
    (fx.GainSandDollars(2), "Gain 2 sand dollars."),
    (fx.AddPeople(fx.Person.TOURIST, 1), "Add 1 tourist to this card."),
    (fx.AddPeople(fx.Person.VIP, 2), "Add 2 VIPs to this card."),
    (fx.Move(W.TOURIST, 2, 2), "Move up to 2 tourists up to 2 spaces each."),
    (fx.Move(W.ANY, 1, 1), "Move up to 1 person (any type) 1 space."),
    (fx.Move(W.LOCAL, 3, 1), "Move up to 3 locals 1 space each."),
    (fx.Move(W.VIP, 1, 2), "Move up to 1 VIP up to 2 spaces."),
    (fx.MoveHere(W.ANY, 3), "Move up to 3 people of any type straight onto this card, from anywhere."),
    (fx.MoveHere(W.LOCAL, 1), "Move up to 1 local straight onto this card, from anywhere."),
    (fx.ReturnPeople(W.ANY, 2), "Return up to 2 people (any type) to the supply."),
    (fx.ReturnPeople(W.TOURIST, 1), "Return up to 1 tourist to the supply."),
])
def test_describe_placement(action, text):
    """R5.1, R5.3, R5.4, R5.5."""
    assert words.describe_placement(action) == text


def test_describe_placement_names_where_people_go():
    assert words.describe_placement(fx.AddPeople(fx.Person.LOCAL, 1), "the lower half") == (
        "Add 1 local to the lower half."
    )


# --------------------------------------------------------------------------- scoring (R10)


@pytest.mark.parametrize(("entry", "text"), [
    (fx.Adjacent(T.NATURE, 2), "2 points if a neighbouring space has a nature tag."),
    (fx.Adjacent(T.LOCAL, 1), "1 point if a neighbouring space has a local spot tag."),
    (fx.AdjacentCount(T.SPORTS, 2, 3), "3 points if the neighbours carry 2 or more sports tags in all."),
    (fx.AdjacentTiers(T.WAVE, ((1, 3), (2, 5))),
     "5 points if the neighbours carry 2 or more wave tags in all, 3 points for exactly 1."),
    (fx.AdjacentTiers(T.TOURIST, ((1, 1), (3, 4), (4, 6))),
     "6 points if the neighbours carry 4 or more tourist spot tags in all, 4 points for exactly 3, "
     "1 point for 1 to 2."),
    (fx.AdjacentAll((T.WAVE, T.SPORTS), 3), "3 points if the neighbours carry both a wave and a sports tag."),
    (fx.AdjacentAll((T.BUSINESS, T.NATURE, T.TOURIST), 4),
     "4 points if the neighbours carry a business, a nature and a tourist spot tag."),
    (fx.AdjacentRing(2), "2 points if a neighbouring space has an activity ring, full or not."),
    (fx.NotAdjacentRing(1), "1 point if no neighbouring space has an activity ring."),
    (fx.AdjacentGives(fx.Symbol.SAND_DOLLAR, 2),
     "2 points if a neighbouring space gives sand dollars when placed."),
    (fx.AdjacentGives(fx.Symbol.VIP, 1), "1 point if a neighbouring space adds VIPs when placed."),
    (fx.AdjacentGives(fx.Symbol.PEOPLE, -1),
     "Penalty: lose 1 point if any neighbouring space adds people when placed (once, however many do)."),
    (fx.PerTagInCity(T.TOURIST, 3, 1), "1 point for every 3 tourist spot tags in your city."),
    (fx.PerTagInCity(T.WAVE, 1, 2), "2 points for every wave tag in your city."),
    (fx.Chain(T.WAVE, 4, 4), "4 points if this card is in a connected chain of 4 or more wave tags."),
    (fx.Chain(T.NATURE, 3, 1, per_tag=True),
     "1 point per tag in this card's connected chain of nature tags, if it has 3 or more."),
    (fx.Chain(T.BUSINESS, 1, 2, per_tag=True),
     "2 points per tag in this card's connected chain of business tags."),
    (fx.SandDollarsHeld(3, 1), "1 point for every 3 sand dollars you still hold at the end."),
    (fx.SandDollarsHeld(1, 2), "2 points for every sand dollar you still hold at the end."),
])
def test_describe_scoring(entry, text):
    """R10.1 to R10.9."""
    assert words.describe_scoring(entry) == text


# --------------------------------------------------------------------------- rings, constraints


@pytest.mark.parametrize(("ring", "text"), [
    (fx.Ring((W.LOCAL, W.TOURIST), 4), "Ring: 1 local + 1 tourist, 4 points when exactly full."),
    (fx.Ring((W.ANY, W.TOURIST, W.ANY), 4),
     "Ring: 1 tourist + 2 people of any type, 4 points when exactly full."),
    (fx.Ring((W.VIP,), 1), "Ring: 1 VIP, 1 point when exactly full."),
    (fx.Ring((W.ANY,), 2), "Ring: 1 person of any type, 2 points when exactly full."),
    (fx.AnyNumberRing(3), "Ring for any number of people: 3 points with at least one inside."),
])
def test_describe_ring(ring, text):
    """R10.10."""
    assert words.describe_ring(ring) == text


def test_describe_constraint():
    """R4.4: the end of the beach says where it goes and that it is never swapped."""
    text = words.describe_constraint(fx.LeftmostBeach())
    assert text.startswith("End of the beach:")
    assert "left" in text and "swapped" in text


# --------------------------------------------------------------------------- footprints, takes


@pytest.mark.parametrize(("rule", "text"), [
    (FootprintRule(fx.RowFilter.STREET, (T.BUSINESS, T.LOCAL)),
     "A VIP leaves a footprint on a street space with a business or local spot tag; "
     "each footprint scores 1 per business and local spot tag on it."),
    (FootprintRule(fx.RowFilter.BEACH, (), points_per_tag=0, points_per_space=1),
     "A VIP leaves a footprint on a beach space; each footprint scores 1 point."),
    (FootprintRule(fx.RowFilter.ANY, (T.WAVE,), points_per_tag=2, points_per_space=1),
     "A VIP leaves a footprint on a space with a wave tag; each footprint scores 1 plus 2 per "
     "wave tag on it."),
])
def test_describe_footprint_rule(rule, text):
    """R7.2, R10.13, R11.3."""
    assert words.describe_footprint_rule(rule) == text


@pytest.mark.parametrize(("take", "text"), [
    (TakeRule(TakeFrom.FRONT, 2), "Take 2 cards from the front row."),
    (TakeRule(TakeFrom.BACK), "Take 1 card from the back row."),
    (TakeRule(TakeFrom.DISPLAY, 1, (T.LOCAL, T.TOURIST)),
     "Take 1 card with a local spot or tourist spot tag from either row."),
    (TakeRule(TakeFrom.COLUMN, 2), "Take a front-row card and the back-row card behind it."),
])
def test_describe_take(take, text):
    """R8."""
    assert words.describe_take(take) == text


# --------------------------------------------------------------------------- objectives (R11.4)


@pytest.mark.parametrize(("obj", "text"), [
    (fx.LargestChain((T.WAVE,), 2), "2 points per tag in your largest wave chain."),
    (fx.LargestChain(fx.NON_WAVE_TAGS, 2), "2 points per tag in your largest chain of a non-wave tag."),
    (fx.CountChains((T.WAVE,), 1, 3), "3 points for every separate wave chain."),
    (fx.CountChains(fx.NON_WAVE_TAGS, 3, 3),
     "3 points for every chain of a non-wave tag with 3 or more tags."),
    (fx.CountChains((T.NATURE, T.SPORTS), 2, 1),
     "1 point for every chain of a nature or sports tag with 2 or more tags."),
    (fx.ChainTable((T.WAVE,), (1, 3, 6, 10)),
     "Each wave chain scores by its size: 1 tag 1 point, 2 tags 3 points, 3 tags 6 points, "
     "4 or more tags 10 points."),
    (fx.ChainTable((T.WAVE,), (2,)), "Each wave chain scores 2 points."),
    (fx.PairedRun(1),
     "1 point per column in your longest unbroken run of columns whose beach and street spaces "
     "are both filled."),
    (fx.MostUnplaced(-4, -2),
     "Most people outside rings: lose 4 points; second most: lose 2 points (only when one player "
     "alone has the most). A player with nobody outside rings loses nothing."),
    (fx.CardsWithUnplaced(-1),
     "Lose 1 point for every card where someone stands outside a ring (the starting tile is one card)."),
    (fx.RingsAndUnplaced(1, 2, -1),
     "1 point per full ring; lose 1 point for every 2 people outside rings (round down)."),
    (fx.RingsAndUnplaced(-1, 1, -2),
     "Lose 1 point per full ring; lose 2 points for every person outside a ring."),
])
def test_describe_objective(obj, text):
    """R11.4, R11.5, R11.6, R11.7."""
    assert words.describe_objective(obj) == text


# --------------------------------------------------------------------------- completeness


def _kinds(union: object) -> tuple[type, ...]:
    return get_args(union) or (union,)


@pytest.mark.parametrize(("kinds", "table"), [
    (fx.PLACEMENT_KINDS, words.PLACEMENT_WORDS),
    (fx.SCORING_KINDS, words.SCORING_WORDS),
    (fx.OBJECTIVE_KINDS, words.OBJECTIVE_WORDS),
    (_kinds(fx.RingEntry), words.RING_WORDS),
    (_kinds(fx.Constraint), words.CONSTRAINT_WORDS),
], ids=["placement", "scoring", "objective", "ring", "constraint"])
def test_every_effect_kind_has_words(kinds, table):
    """A new effect kind added to the engine without words here fails this test."""
    assert kinds
    missing = [cls.__name__ for cls in kinds if cls not in table]
    assert not missing, f"no words for {missing}"
    assert set(table) == set(kinds), "words for a class the engine no longer lists"


@pytest.mark.parametrize("describe", [
    words.describe_placement,
    words.describe_scoring,
    words.describe_ring,
    words.describe_constraint,
    words.describe_objective,
])
def test_unknown_kind_is_a_type_error(describe):
    class Unheard:
        kind = "unheard"

    with pytest.raises(TypeError, match="Unheard"):
        describe(Unheard())


def test_tag_words_cover_every_tag():
    """R0.4: one wording per location tag."""
    assert set(words.TAG_WORDS) == set(fx.Tag)
    assert words.TAG_WORDS[T.LOCAL] == "local spot"
    assert words.TAG_WORDS[T.TOURIST] == "tourist spot"


def test_starting_tile_without_bonus():
    tile = StartingTile(id="bare", name="Bare", footprint=FootprintRule(fx.RowFilter.BEACH))
    assert words.tile_text(tile) == [
        "Bare",
        "Starting tile · lower half: no tags",
        "A VIP leaves a footprint on a beach space; each footprint scores nothing.",
    ]


def test_words_import_no_qt():
    """The words are shared with Qt-free tools: importing them loads no PySide6."""
    assert qt_modules_loaded_by("import smqt.ui.panels.words") == []
