"""Plain English for every content entry: the text a player reads when hovering a card or
a tile, shared by the play table and the editor.

Nothing here draws or imports Qt; it reads only the engine's content schema. Each effect
class has its own describer, looked up by exact class in a table (``PLACEMENT_WORDS``,
``SCORING_WORDS`` ...). An entry of a class without words raises TypeError, so a new effect
kind cannot reach the screen without text (a test walks the engine's kind tuples).

Sentences are our own wording of RULES.md; numbers are always written as digits, with the
noun singular or plural to match.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise
from typing import Any

from smqt.engine import effects as fx
from smqt.engine.content import (
    FeatureCard,
    FootprintRule,
    ObjectiveTile,
    SandDollarAction,
    StartingTile,
    TakeFrom,
    TakeRule,
)

__all__ = [
    "BULLET",
    "CONSTRAINT_WORDS",
    "OBJECTIVE_WORDS",
    "PLACEMENT_WORDS",
    "RING_WORDS",
    "SCORING_WORDS",
    "TAG_WORDS",
    "card_text",
    "describe_constraint",
    "describe_footprint_rule",
    "describe_objective",
    "describe_placement",
    "describe_ring",
    "describe_scoring",
    "describe_take",
    "objective_text",
    "sand_dollar_text",
    "tile_text",
]

TAG_WORDS: Mapping[fx.Tag, str] = {
    fx.Tag.LOCAL: "local spot",
    fx.Tag.TOURIST: "tourist spot",
    fx.Tag.BUSINESS: "business",
    fx.Tag.SPORTS: "sports",
    fx.Tag.NATURE: "nature",
    fx.Tag.WAVE: "wave",
}
"""How a location tag reads in a sentence (R0.4)."""

BULLET = "• "
"""Starts each item line under a heading such as ``When placed:``."""

# Singular and plural of each kind of person; ``any`` has two styles, see ``_people``.
_PERSON_WORDS: Mapping[str, tuple[str, str]] = {
    "local": ("local", "locals"),
    "tourist": ("tourist", "tourists"),
    "vip": ("VIP", "VIPs"),
}

# What a neighbouring space prints for ``adjacent_gives`` (R0.6, R10.6).
_SYMBOL_WORDS: Mapping[fx.Symbol, str] = {
    fx.Symbol.SAND_DOLLAR: "gives sand dollars",
    fx.Symbol.LOCAL: "adds locals",
    fx.Symbol.TOURIST: "adds tourists",
    fx.Symbol.VIP: "adds VIPs",
    fx.Symbol.PEOPLE: "adds people",
}

_ROW_WORDS: Mapping[fx.Row, str] = {fx.Row.BEACH: "Beach card", fx.Row.STREET: "Street card"}


# --------------------------------------------------------------------------- small helpers


def _count(n: int, singular: str, plural: str | None = None) -> str:
    """``1 space``, ``2 spaces``."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _points(n: int) -> str:
    return _count(n, "point")


def _article(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _join(words: Sequence[str], last: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last`` is the final conjunction)."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _tag(tag: fx.Tag) -> str:
    return TAG_WORDS[tag]


def _tags_or(tags: Iterable[fx.Tag]) -> str:
    return _join([_tag(t) for t in tags], "or")


def _people(who: fx.Who | fx.Person | str, n: int, any_style: str = "brackets") -> str:
    """``2 tourists``, ``1 person (any type)`` or, with ``any_style="of"``,
    ``3 people of any type``."""
    key = str(who)
    if key == fx.Who.ANY:
        noun = _count(n, "person", "people")
        return f"{noun} of any type" if any_style == "of" else f"{noun} (any type)"
    singular, plural = _PERSON_WORDS[key]
    return _count(n, singular, plural)


def _dispatch(table: Mapping[type, Callable[..., str]], entry: object, what: str) -> Callable[..., str]:
    try:
        return table[type(entry)]
    except KeyError:
        name = type(entry).__name__
        raise TypeError(f"no words for {what} {name}: add them to smqt/render/words.py") from None


# --------------------------------------------------------------------------- placement (R5)


def _gain_sand_dollars(action: fx.GainSandDollars, here: str) -> str:
    return f"Gain {_count(action.count, 'sand dollar')}."


def _add_people(action: fx.AddPeople, here: str) -> str:
    return f"Add {_people(action.people, action.count)} to {here}."


def _move(action: fx.Move, here: str) -> str:
    who = _people(action.people, action.count)
    if action.distance == 1:
        how_far = "1 space"
    else:
        how_far = f"up to {action.distance} spaces"
    each = " each" if action.count > 1 else ""
    return f"Move up to {who} {how_far}{each}."


def _move_here(action: fx.MoveHere, here: str) -> str:
    who = _people(action.people, action.count, any_style="of")
    return f"Move up to {who} straight onto {here}, from anywhere."


def _return_people(action: fx.ReturnPeople, here: str) -> str:
    return f"Return up to {_people(action.people, action.count)} to the supply."


PLACEMENT_WORDS: Mapping[type, Callable[[Any, str], str]] = {
    fx.GainSandDollars: _gain_sand_dollars,
    fx.AddPeople: _add_people,
    fx.Move: _move,
    fx.MoveHere: _move_here,
    fx.ReturnPeople: _return_people,
}


def describe_placement(action: fx.PlacementAction, here: str = "this card") -> str:
    """One sentence for a placement action (R5). ``here`` names where added people go or
    where ``move_here`` people jump to (a starting tile says ``the lower half``)."""
    return _dispatch(PLACEMENT_WORDS, action, "placement action")(action, here)


# --------------------------------------------------------------------------- scoring (R10)


def _adjacent(entry: fx.Adjacent) -> str:
    return f"{_points(entry.points)} if a neighbouring space has {_article(_tag(entry.tag))} tag."


def _adjacent_count(entry: fx.AdjacentCount) -> str:
    return (
        f"{_points(entry.points)} if the neighbours carry {entry.at_least} or more "
        f"{_tag(entry.tag)} tags in all."
    )


def _adjacent_tiers(entry: fx.AdjacentTiers) -> str:
    tiers = list(entry.tiers)
    top_copies, top_points = tiers[-1]
    parts = [
        f"{_points(top_points)} if the neighbours carry {top_copies} or more "
        f"{_tag(entry.tag)} tags in all"
    ]
    for (copies, points), (next_copies, _) in reversed(list(pairwise(tiers))):
        if next_copies == copies + 1:
            parts.append(f"{_points(points)} for exactly {copies}")
        else:
            parts.append(f"{_points(points)} for {copies} to {next_copies - 1}")
    return ", ".join(parts) + "."


def _adjacent_all(entry: fx.AdjacentAll) -> str:
    listed = _join([_article(_tag(t)) for t in entry.tags], "and")
    both = "both " if len(entry.tags) == 2 else ""
    return f"{_points(entry.points)} if the neighbours carry {both}{listed} tag."


def _adjacent_ring(entry: fx.AdjacentRing) -> str:
    return f"{_points(entry.points)} if a neighbouring space has an activity ring, full or not."


def _not_adjacent_ring(entry: fx.NotAdjacentRing) -> str:
    return f"{_points(entry.points)} if no neighbouring space has an activity ring."


def _adjacent_gives(entry: fx.AdjacentGives) -> str:
    gives = _SYMBOL_WORDS[entry.symbol]
    if entry.points < 0:
        return (
            f"Penalty: lose {_points(-entry.points)} if any neighbouring space {gives} "
            f"when placed (once, however many do)."
        )
    return f"{_points(entry.points)} if a neighbouring space {gives} when placed."


def _per_tag_in_city(entry: fx.PerTagInCity) -> str:
    if entry.per == 1:
        step = f"every {_tag(entry.tag)} tag"
    else:
        step = f"every {entry.per} {_tag(entry.tag)} tags"
    return f"{_points(entry.points)} for {step} in your city."


def _chain(entry: fx.Chain) -> str:
    tag = _tag(entry.tag)
    if not entry.per_tag:
        return (
            f"{_points(entry.points)} if this card is in a connected chain of "
            f"{entry.at_least} or more {tag} tags."
        )
    condition = f", if it has {entry.at_least} or more" if entry.at_least > 1 else ""
    return f"{_points(entry.points)} per tag in this card's connected chain of {tag} tags{condition}."


def _sand_dollars_held(entry: fx.SandDollarsHeld) -> str:
    step = "every sand dollar" if entry.per == 1 else f"every {entry.per} sand dollars"
    return f"{_points(entry.points)} for {step} you still hold at the end."


SCORING_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.Adjacent: _adjacent,
    fx.AdjacentCount: _adjacent_count,
    fx.AdjacentTiers: _adjacent_tiers,
    fx.AdjacentAll: _adjacent_all,
    fx.AdjacentRing: _adjacent_ring,
    fx.NotAdjacentRing: _not_adjacent_ring,
    fx.AdjacentGives: _adjacent_gives,
    fx.PerTagInCity: _per_tag_in_city,
    fx.Chain: _chain,
    fx.SandDollarsHeld: _sand_dollars_held,
}


def describe_scoring(entry: fx.ScoringEntry) -> str:
    """One sentence for a scoring entry (R10.1 to R10.9)."""
    return _dispatch(SCORING_WORDS, entry, "scoring entry")(entry)


# --------------------------------------------------------------------------- rings (R10.10)

_RING_ORDER = (fx.Who.LOCAL, fx.Who.TOURIST, fx.Who.VIP, fx.Who.ANY)


def _ring(ring: fx.Ring) -> str:
    places = [
        _people(who, n, any_style="of")
        for who in _RING_ORDER
        if (n := sum(1 for w in ring.people if w == who))
    ]
    return f"Ring: {' + '.join(places)}, {_points(ring.points)} when exactly full."


def _any_number_ring(ring: fx.AnyNumberRing) -> str:
    return f"Ring for any number of people: {_points(ring.points)} with at least one inside."


RING_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.Ring: _ring,
    fx.AnyNumberRing: _any_number_ring,
}


def describe_ring(ring: fx.RingEntry) -> str:
    """One sentence for an activity ring (R10.10)."""
    return _dispatch(RING_WORDS, ring, "ring")(ring)


# --------------------------------------------------------------------------- constraints (R4)


def _leftmost_beach(constraint: fx.LeftmostBeach) -> str:
    return (
        "End of the beach: goes only where no beach card or starting tile stands to its left; "
        "after that no beach card may go to its left, and it is never swapped."
    )


CONSTRAINT_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.LeftmostBeach: _leftmost_beach,
}


def describe_constraint(constraint: fx.Constraint) -> str:
    """One sentence for a placement constraint (R4.4)."""
    return _dispatch(CONSTRAINT_WORDS, constraint, "constraint")(constraint)


# --------------------------------------------------------------------------- footprints (R7)

_FOOTPRINT_WHERE: Mapping[fx.RowFilter, str] = {
    fx.RowFilter.ANY: "a space",
    fx.RowFilter.BEACH: "a beach space",
    fx.RowFilter.STREET: "a street space",
}


def describe_footprint_rule(rule: FootprintRule) -> str:
    """Where a VIP leaves footprints and what each scores (R7.2, R10.13, R11.3)."""
    where = _FOOTPRINT_WHERE[rule.row]
    if rule.tags:
        where += f" with {_article(_tags_or(rule.tags))} tag"
    per_tag = ""
    if rule.tags and rule.points_per_tag:
        listed = _join([_tag(t) for t in rule.tags], "and")
        per_tag = f"{rule.points_per_tag} per {listed} tag on it"
    if rule.points_per_space and per_tag:
        score = f"{rule.points_per_space} plus {per_tag}"
    elif rule.points_per_space:
        score = _points(rule.points_per_space)
    else:
        score = per_tag or "nothing"
    return f"A VIP leaves a footprint on {where}; each footprint scores {score}."


def _lower_half_matches(tile: StartingTile) -> bool:
    """Whether the tile's lower half (a street space) meets its own criterion (R2.6, R7.4)."""
    rule = tile.footprint
    if rule.row is fx.RowFilter.BEACH:
        return False
    return not rule.tags or any(tag in tile.tags for tag in rule.tags)


# --------------------------------------------------------------------------- sand dollar actions (R8)

_TAKE_FROM: Mapping[TakeFrom, str] = {
    TakeFrom.FRONT: "from the front row",
    TakeFrom.BACK: "from the back row",
    TakeFrom.DISPLAY: "from either row",
}


def describe_take(take: TakeRule) -> str:
    """Which display cards a sand dollar action takes (R8)."""
    with_tags = f" with {_article(_tags_or(take.tags_any))} tag" if take.tags_any else ""
    if take.source is TakeFrom.COLUMN:
        each = f", each{with_tags}" if with_tags else ""
        return f"Take a front-row card and the back-row card behind it{each}."
    cards = _count(take.count, "card")
    return f"Take {cards}{with_tags} {_TAKE_FROM[take.source]}."


# --------------------------------------------------------------------------- objectives (R11.4)


def _chain_noun(tags: Sequence[fx.Tag]) -> str:
    """One chain of these tags: ``wave chain``, ``chain of a non-wave tag``..."""
    if len(tags) == 1:
        return f"{_tag(tags[0])} chain"
    if set(tags) == set(fx.NON_WAVE_TAGS):
        return "chain of a non-wave tag"
    return f"chain of {_article(_tags_or(tags))} tag"


def _lose(points: int) -> str:
    """``lose 2 points`` for -2; a positive value reads as a gain."""
    return f"lose {_points(-points)}" if points <= 0 else f"gain {_points(points)}"


def _largest_chain(obj: fx.LargestChain) -> str:
    return f"{_points(obj.points_per_tag)} per tag in your largest {_chain_noun(obj.tags)}."


def _count_chains(obj: fx.CountChains) -> str:
    noun = _chain_noun(obj.tags)
    if obj.at_least == 1:
        return f"{_points(obj.points)} for every separate {noun}."
    return f"{_points(obj.points)} for every {noun} with {obj.at_least} or more tags."


def _chain_table(obj: fx.ChainTable) -> str:
    noun = _chain_noun(obj.tags)
    if len(obj.table) == 1:
        return f"Each {noun} scores {_points(obj.table[0])}."
    steps = [f"{_count(size, 'tag')} {_points(p)}" for size, p in enumerate(obj.table[:-1], start=1)]
    steps.append(f"{len(obj.table)} or more tags {_points(obj.table[-1])}")
    return f"Each {noun} scores by its size: {', '.join(steps)}."


def _paired_run(obj: fx.PairedRun) -> str:
    return (
        f"{_points(obj.points)} per column in your longest unbroken run of columns whose "
        f"beach and street spaces are both filled."
    )


def _most_unplaced(obj: fx.MostUnplaced) -> str:
    return (
        f"Most people outside rings: {_lose(obj.most)}; second most: {_lose(obj.second)} "
        f"(only when one player alone has the most). A player with nobody outside rings loses nothing."
    )


def _cards_with_unplaced(obj: fx.CardsWithUnplaced) -> str:
    return (f"{_lose(obj.points).capitalize()} for every card where someone stands outside a ring "
            "(the starting tile is one card).")


def _rings_and_unplaced(obj: fx.RingsAndUnplaced) -> str:
    if obj.per_full_ring < 0:
        rings = f"Lose {_points(-obj.per_full_ring)} per full ring"
    else:
        rings = f"{_points(obj.per_full_ring)} per full ring"
    if obj.per_unplaced == 1:
        step = "every person outside a ring"
    else:
        step = f"every {obj.per_unplaced} people outside rings (round down)"
    return f"{rings}; {_lose(obj.points)} for {step}."


OBJECTIVE_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.LargestChain: _largest_chain,
    fx.CountChains: _count_chains,
    fx.ChainTable: _chain_table,
    fx.PairedRun: _paired_run,
    fx.MostUnplaced: _most_unplaced,
    fx.CardsWithUnplaced: _cards_with_unplaced,
    fx.RingsAndUnplaced: _rings_and_unplaced,
}


def describe_objective(obj: fx.Objective) -> str:
    """One or two sentences for a scoring objective (R11.4)."""
    return _dispatch(OBJECTIVE_WORDS, obj, "objective")(obj)


# --------------------------------------------------------------------------- whole entries


def _tag_list(tags: Sequence[fx.Tag]) -> str:
    return ", ".join(_tag(t) for t in tags) if tags else "no tags"


def _section(heading: str, lines: Sequence[str]) -> list[str]:
    return [heading, *(BULLET + line for line in lines)] if lines else []


def _flavour(text: str) -> list[str]:
    return [f"“{text.strip()}”"] if text.strip() else []


def card_text(card: FeatureCard) -> list[str]:
    """Every line of a feature card's enlarged view: name, row and tags, placement actions,
    scoring, rings, constraints, flavour text."""
    return [
        card.name,
        f"{_ROW_WORDS[card.row]} · {_tag_list(card.tags)}",
        *_section("When placed:", [describe_placement(a) for a in card.placement]),
        *_section("Scores:", [describe_scoring(s) for s in card.scoring]),
        *(describe_ring(r) for r in card.rings),
        *(describe_constraint(c) for c in card.constraints),
        *_flavour(card.text),
    ]


def tile_text(tile: StartingTile) -> list[str]:
    """Every line of a starting tile's enlarged view; its tags, bonus and rings belong to the
    lower half (R0.4, R2.6)."""
    start_footprint = ["The lower half starts with a footprint."] if _lower_half_matches(tile) else []
    return [
        tile.name,
        f"Starting tile · lower half: {_tag_list(tile.tags)}",
        *_section("At the start:", [describe_placement(a, "the lower half") for a in tile.placement]),
        *_section("Scores:", [describe_scoring(s) for s in tile.scoring]),
        *(describe_ring(r) for r in tile.rings),
        describe_footprint_rule(tile.footprint),
        *start_footprint,
    ]


def sand_dollar_text(action: SandDollarAction) -> list[str]:
    """Every line of a sand dollar action: cost, what it takes, the swap, its allowances."""
    cost = f"costs {_count(action.cost, 'sand dollar')}" if action.cost else "free"
    swap = (
        ["You may swap two feature cards of the same row (never the starting tile or an "
         "end-of-the-beach card)."]
        if action.swap
        else []
    )
    return [
        action.name,
        f"Sand dollar action · {cost}",
        describe_take(action.take),
        *swap,
        *_section("Then:", [describe_placement(a) for a in action.allowances]),
        *_flavour(action.text),
    ]


def objective_text(tile: ObjectiveTile) -> list[str]:
    """Every line of a scoring objective tile: its wave bonus, other bonus and penalty."""
    return [
        tile.name,
        "Scoring objective tile",
        f"Wave bonus: {describe_objective(tile.wave)}",
        f"Other bonus: {describe_objective(tile.misc)}",
        f"Penalty: {describe_objective(tile.penalty)}",
    ]
