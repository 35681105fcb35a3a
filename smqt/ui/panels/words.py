"""Plain English for every content entry: the text a player reads in the card inspector when
hovering a card or a tile at the table.

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
from smqt.language.translate import N_, _, ngettext, pgettext

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
    fx.Tag.LOCAL: N_("local spot"),
    fx.Tag.TOURIST: N_("tourist spot"),
    fx.Tag.BUSINESS: N_("business"),
    fx.Tag.SPORTS: N_("sports"),
    fx.Tag.NATURE: N_("nature"),
    fx.Tag.WAVE: N_("wave"),
}
"""How a location tag reads in a sentence (R0.4), in English (``_()`` where shown)."""
# Translators: a tag's name as the first part of "... tag" or "... chain" (German: the form
# before "-Symbol" and "-Kette", e.g. "Wellen")
_TAG_STEMS: Mapping[fx.Tag, Callable[[], str]] = {
    fx.Tag.LOCAL: lambda: pgettext("tag before a noun", "local spot"),
    fx.Tag.TOURIST: lambda: pgettext("tag before a noun", "tourist spot"),
    fx.Tag.BUSINESS: lambda: pgettext("tag before a noun", "business"),
    fx.Tag.SPORTS: lambda: pgettext("tag before a noun", "sports"),
    fx.Tag.NATURE: lambda: pgettext("tag before a noun", "nature"),
    fx.Tag.WAVE: lambda: pgettext("tag before a noun", "wave"),
}
"""A tag's name before the noun it names, in the language in force."""

BULLET = "• "
"""Starts each item line under a heading such as ``When placed:``."""

# What a neighbouring space prints for ``adjacent_gives`` (R0.6, R10.6).
_SYMBOL_WORDS: Mapping[fx.Symbol, str] = {
    # Translators: the end of "... if a neighbouring space gives sand dollars when placed"
    fx.Symbol.SAND_DOLLAR: N_("gives sand dollars"),
    fx.Symbol.LOCAL: N_("adds locals"),
    fx.Symbol.TOURIST: N_("adds tourists"),
    fx.Symbol.VIP: N_("adds VIPs"),
    fx.Symbol.PEOPLE: N_("adds people"),
}

_ROW_WORDS: Mapping[fx.Row, str] = {fx.Row.BEACH: N_("Beach card"),
                                    fx.Row.STREET: N_("Street card")}


# --------------------------------------------------------------------------- small helpers


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _sand_dollars(n: int) -> str:
    return ngettext("{n} sand dollar", "{n} sand dollars", n).format(n=n)


def _vowel(word: str) -> bool:
    """Whether English writes ``an`` before ``word``."""
    return word[:1].lower() in "aeiou"


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _or(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _tag(tag: fx.Tag) -> str:
    return _(TAG_WORDS[tag])


def _stem(tag: fx.Tag) -> str:
    """A tag's name before the noun it names (``wave`` in "wave tag"; German "Wellen" in
    "Wellen-Symbol")."""
    return _TAG_STEMS[tag]()


def _stems(tags: Sequence[fx.Tag], join: Callable[[Sequence[str]], str]) -> str:
    """Several tags' names before one noun, joined by ``join`` (``_or``, ``_and``): "sports
    or nature" (tag); German "Sport- oder Natur" (-Symbol)."""
    stems = [_stem(t) for t in tags]
    # Translators: a tag's name that shares the noun of the last one in a list (German adds a
    # hyphen: "Sport-" in "Sport- oder Natur-Symbol"); English leaves it as it is
    shared = [pgettext("tag sharing the noun", "{stem}").format(stem=s) for s in stems[:-1]]
    return join(shared + stems[-1:])


def _tags_or(tags: Iterable[fx.Tag]) -> str:
    return _stems(tuple(tags), _or)


def _a_tag(tags: Sequence[fx.Tag]) -> str:
    """``a nature tag``, ``a business or local spot tag`` (one tag of these)."""
    # the article follows the English word, whatever the language in force
    if _vowel(TAG_WORDS[tags[0]]):
        return _("an {tag} tag").format(tag=_stems(tags, _or))
    return _("a {tag} tag").format(tag=_stems(tags, _or))


def _with_a_tag(tags: Sequence[fx.Tag]) -> str:
    """``with a nature tag``, ``with a business or local spot tag``."""
    if _vowel(TAG_WORDS[tags[0]]):
        return _("with an {tag} tag").format(tag=_stems(tags, _or))
    return _("with a {tag} tag").format(tag=_stems(tags, _or))


def _people(who: fx.Who | fx.Person | str, n: int, any_style: str = "brackets") -> str:
    """``2 tourists``, ``1 person (any type)`` or, with ``any_style="of"``,
    ``3 people of any type``."""
    key = str(who)
    if key == fx.Who.ANY:
        if any_style == "of":
            return ngettext("{n} person of any type", "{n} people of any type", n).format(n=n)
        return ngettext("{n} person (any type)", "{n} people (any type)", n).format(n=n)
    if key == "local":
        return ngettext("{n} local", "{n} locals", n).format(n=n)
    if key == "tourist":
        return ngettext("{n} tourist", "{n} tourists", n).format(n=n)
    if key == "vip":
        return ngettext("{n} VIP", "{n} VIPs", n).format(n=n)
    raise KeyError(key)


def _dispatch(table: Mapping[type, Callable[..., str]], entry: object, what: str) -> Callable[..., str]:
    try:
        return table[type(entry)]
    except KeyError:
        name = type(entry).__name__
        raise TypeError(
            f"no words for {what} {name}: add them to {__name__}") from None  # not translated: dev


# --------------------------------------------------------------------------- placement (R5)


def _gain_sand_dollars(action: fx.GainSandDollars, here: str) -> str:
    return _("Gain {sand_dollars}.").format(sand_dollars=_sand_dollars(action.count))


def _add_people(action: fx.AddPeople, here: str) -> str:
    return _("Add {people} to {here}.").format(people=_people(action.people, action.count),
                                               here=here)


def _move(action: fx.Move, here: str) -> str:
    who = _people(action.people, action.count)
    if action.distance == 1:
        if action.count > 1:
            return _("Move up to {people} 1 space each.").format(people=who)
        return _("Move up to {people} 1 space.").format(people=who)
    if action.count > 1:
        return _("Move up to {people} up to {distance} spaces each.").format(
            people=who, distance=action.distance)
    return _("Move up to {people} up to {distance} spaces.").format(
        people=who, distance=action.distance)


def _move_here(action: fx.MoveHere, here: str) -> str:
    who = _people(action.people, action.count, any_style="of")
    return _("Move up to {people} straight onto {here}, from anywhere.").format(people=who,
                                                                                 here=here)


def _return_people(action: fx.ReturnPeople, here: str) -> str:
    return _("Return up to {people} to the supply.").format(
        people=_people(action.people, action.count))


PLACEMENT_WORDS: Mapping[type, Callable[[Any, str], str]] = {
    fx.GainSandDollars: _gain_sand_dollars,
    fx.AddPeople: _add_people,
    fx.Move: _move,
    fx.MoveHere: _move_here,
    fx.ReturnPeople: _return_people,
}


def describe_placement(action: fx.PlacementAction, here: str | None = None) -> str:
    """One sentence for a placement action (R5). ``here`` names where added people go or
    where ``move_here`` people jump to (``this card`` unless given; a starting tile says
    ``the lower half``)."""
    if here is None:
        # Translators: where a card's added people go: "Add 2 locals to this card."
        here = _("this card")
    return _dispatch(PLACEMENT_WORDS, action, "placement action")(action, here)  # not translated: dev


# --------------------------------------------------------------------------- scoring (R10)


def _adjacent(entry: fx.Adjacent) -> str:
    return _("{points} if a neighbouring space has {a_tag}.").format(
        points=_points(entry.points), a_tag=_a_tag((entry.tag,)))


def _adjacent_count(entry: fx.AdjacentCount) -> str:
    return _("{points} if the neighbours carry {at_least} or more {tag} tags in all.").format(
        points=_points(entry.points), at_least=entry.at_least, tag=_stem(entry.tag))


def _adjacent_tiers(entry: fx.AdjacentTiers) -> str:
    tiers = list(entry.tiers)
    top_copies, top_points = tiers[-1]
    parts = [
        _("{points} if the neighbours carry {at_least} or more {tag} tags in all").format(
            points=_points(top_points), at_least=top_copies, tag=_stem(entry.tag))
    ]
    for (copies, points), (next_copies, _unused) in reversed(list(pairwise(tiers))):
        if next_copies == copies + 1:
            parts.append(_("{points} for exactly {copies}").format(points=_points(points),
                                                                   copies=copies))
        else:
            parts.append(_("{points} for {low} to {high}").format(
                points=_points(points), low=copies, high=next_copies - 1))
    # Translators: the tiers of a scoring entry, one after another: "5 points if ..., 3 points for exactly 1."
    return _("{tiers}.").format(tiers=", ".join(parts))


def _adjacent_all(entry: fx.AdjacentAll) -> str:
    # Translators: one of the tags a card's neighbours must all carry: "a wave" (and "a sports" tag)
    stems = [_stem(t) for t in entry.tags]
    listed = [(_("an {tag}") if _vowel(TAG_WORDS[t]) else _("a {tag}")).format(tag=stem)
              for t, stem in zip(entry.tags, stems, strict=True)]
    listed = [pgettext("tag sharing the noun", "{stem}").format(stem=item)
              for item in listed[:-1]] + listed[-1:]
    if len(listed) == 2:
        return _("{points} if the neighbours carry both {first} and {second} tag.").format(
            points=_points(entry.points), first=listed[0], second=listed[1])
    return _("{points} if the neighbours carry {tags} tag.").format(
        points=_points(entry.points), tags=_and(listed))


def _adjacent_ring(entry: fx.AdjacentRing) -> str:
    return _("{points} if a neighbouring space has an activity ring, full or not.").format(
        points=_points(entry.points))


def _not_adjacent_ring(entry: fx.NotAdjacentRing) -> str:
    return _("{points} if no neighbouring space has an activity ring.").format(
        points=_points(entry.points))


def _adjacent_gives(entry: fx.AdjacentGives) -> str:
    gives = _(_SYMBOL_WORDS[entry.symbol])
    if entry.points < 0:
        return _("Penalty: lose {points} if any neighbouring space {gives} when placed (once, "
                 "however many do).").format(points=_points(-entry.points), gives=gives)
    return _("{points} if a neighbouring space {gives} when placed.").format(
        points=_points(entry.points), gives=gives)


def _per_tag_in_city(entry: fx.PerTagInCity) -> str:
    if entry.per == 1:
        return _("{points} for every {tag} tag in your city.").format(
            points=_points(entry.points), tag=_stem(entry.tag))
    return _("{points} for every {per} {tag} tags in your city.").format(
        points=_points(entry.points), per=entry.per, tag=_stem(entry.tag))


def _chain(entry: fx.Chain) -> str:
    tag = _stem(entry.tag)
    points = _points(entry.points)
    if not entry.per_tag:
        return _("{points} if this card is in a connected chain of {at_least} or more {tag} "
                 "tags.").format(points=points, at_least=entry.at_least, tag=tag)
    if entry.at_least > 1:
        return _("{points} per tag in this card's connected chain of {tag} tags, if it has "
                 "{at_least} or more.").format(points=points, tag=tag, at_least=entry.at_least)
    return _("{points} per tag in this card's connected chain of {tag} tags.").format(
        points=points, tag=tag)


def _sand_dollars_held(entry: fx.SandDollarsHeld) -> str:
    if entry.per == 1:
        return _("{points} for every sand dollar you still hold at the end.").format(
            points=_points(entry.points))
    return _("{points} for every {per} sand dollars you still hold at the end.").format(
        points=_points(entry.points), per=entry.per)


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
    return _dispatch(SCORING_WORDS, entry, "scoring entry")(entry)  # not translated: dev


# --------------------------------------------------------------------------- rings (R10.10)

_RING_ORDER = (fx.Who.LOCAL, fx.Who.TOURIST, fx.Who.VIP, fx.Who.ANY)


def _ring(ring: fx.Ring) -> str:
    places = [
        _people(who, n, any_style="of")
        for who in _RING_ORDER
        if (n := sum(1 for w in ring.people if w == who))
    ]
    # Translators: {people} lists who fills the ring: "1 local + 1 tourist"
    return _("Ring: {people}, {points} when exactly full.").format(
        people=" + ".join(places), points=_points(ring.points))


def _any_number_ring(ring: fx.AnyNumberRing) -> str:
    return _("Ring for any number of people: {points} with at least one inside.").format(
        points=_points(ring.points))


RING_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.Ring: _ring,
    fx.AnyNumberRing: _any_number_ring,
}


def describe_ring(ring: fx.RingEntry) -> str:
    """One sentence for an activity ring (R10.10)."""
    return _dispatch(RING_WORDS, ring, "ring")(ring)  # not translated: dev


# --------------------------------------------------------------------------- constraints (R4)


def _leftmost_beach(constraint: fx.LeftmostBeach) -> str:
    return _(
        "End of the beach: goes only where no beach card or starting tile stands to its left; "
        "after that no beach card may go to its left, and it is never swapped."
    )


CONSTRAINT_WORDS: Mapping[type, Callable[[Any], str]] = {
    fx.LeftmostBeach: _leftmost_beach,
}


def describe_constraint(constraint: fx.Constraint) -> str:
    """One sentence for a placement constraint (R4.4)."""
    return _dispatch(CONSTRAINT_WORDS, constraint, "constraint")(constraint)  # not translated: dev


# --------------------------------------------------------------------------- footprints (R7)

_FOOTPRINT_WHERE: Mapping[fx.RowFilter, str] = {
    # Translators: where a VIP leaves a footprint: "A VIP leaves a footprint on a space ..."
    fx.RowFilter.ANY: N_("a space"),
    fx.RowFilter.BEACH: N_("a beach space"),
    fx.RowFilter.STREET: N_("a street space"),
}


def describe_footprint_rule(rule: FootprintRule) -> str:
    """Where a VIP leaves footprints and what each scores (R7.2, R10.13, R11.3)."""
    where = _(_FOOTPRINT_WHERE[rule.row])
    if rule.tags:
        # Translators: "a street space" "with a business or local spot tag"
        where = _("{space} {with_tag}").format(space=where, with_tag=_with_a_tag(rule.tags))
    per_tag = ""
    if rule.tags and rule.points_per_tag:
        per_tag = _("{n} per {tags} tag on it").format(
            n=rule.points_per_tag, tags=_stems(rule.tags, _and))
    if rule.points_per_space and per_tag:
        score = _("{n} plus {per_tag}").format(n=rule.points_per_space, per_tag=per_tag)
    elif rule.points_per_space:
        score = _points(rule.points_per_space)
    else:
        # Translators: what each footprint scores: "... each footprint scores nothing."
        score = per_tag or _("nothing")
    return _("A VIP leaves a footprint on {where}; each footprint scores {score}.").format(
        where=where, score=score)


def _lower_half_matches(tile: StartingTile) -> bool:
    """Whether the tile's lower half (a street space) meets its own criterion (R2.6, R7.4)."""
    rule = tile.footprint
    if rule.row is fx.RowFilter.BEACH:
        return False
    return not rule.tags or any(tag in tile.tags for tag in rule.tags)


# --------------------------------------------------------------------------- sand dollar actions (R8)

_TAKE_FROM: Mapping[TakeFrom, str] = {
    # Translators: which display cards a sand dollar action takes: "Take 1 card from the front row."
    TakeFrom.FRONT: N_("from the front row"),
    TakeFrom.BACK: N_("from the back row"),
    TakeFrom.DISPLAY: N_("from either row"),
}


def describe_take(take: TakeRule) -> str:
    """Which display cards a sand dollar action takes (R8)."""
    if take.source is TakeFrom.COLUMN:
        if take.tags_any:
            return _("Take a front-row card and the back-row card behind it, each "
                     "{with_tag}.").format(with_tag=_with_a_tag(take.tags_any))
        return _("Take a front-row card and the back-row card behind it.")
    cards = ngettext("{n} card", "{n} cards", take.count).format(n=take.count)
    source = _(_TAKE_FROM[take.source])
    if take.tags_any:
        return _("Take {cards} {with_tag} {source}.").format(
            cards=cards, with_tag=_with_a_tag(take.tags_any), source=source)
    return _("Take {cards} {source}.").format(cards=cards, source=source)


# --------------------------------------------------------------------------- objectives (R11.4)


def _chain_noun(tags: Sequence[fx.Tag]) -> str:
    """One chain of these tags: ``wave chain``, ``chain of a non-wave tag``..."""
    if len(tags) == 1:
        return _("{tag} chain").format(tag=_stem(tags[0]))
    if set(tags) == set(fx.NON_WAVE_TAGS):
        return _("chain of a non-wave tag")
    # Translators: one chain of any one of these tags: "chain of a nature or sports tag"
    if _vowel(TAG_WORDS[tags[0]]):
        return _("chain of an {tag} tag").format(tag=_tags_or(tags))
    return _("chain of a {tag} tag").format(tag=_tags_or(tags))


def _lose(points: int) -> str:
    """``lose 2 points`` for -2; a positive value reads as a gain."""
    if points <= 0:
        return _("lose {points}").format(points=_points(-points))
    return _("gain {points}").format(points=_points(points))


def _largest_chain(obj: fx.LargestChain) -> str:
    return _("{points} per tag in your largest {chain}.").format(
        points=_points(obj.points_per_tag), chain=_chain_noun(obj.tags))


def _count_chains(obj: fx.CountChains) -> str:
    noun = _chain_noun(obj.tags)
    if obj.at_least == 1:
        return _("{points} for every separate {chain}.").format(points=_points(obj.points),
                                                                chain=noun)
    return _("{points} for every {chain} with {at_least} or more tags.").format(
        points=_points(obj.points), chain=noun, at_least=obj.at_least)


def _chain_table(obj: fx.ChainTable) -> str:
    noun = _chain_noun(obj.tags)
    if len(obj.table) == 1:
        return _("Each {chain} scores {points}.").format(chain=noun, points=_points(obj.table[0]))
    # Translators: one step of a chain's scores by size: "2 tags 3 points"
    steps = [_("{tags} {points}").format(tags=ngettext("{n} tag", "{n} tags", size).format(n=size),
                                         points=_points(p))
             for size, p in enumerate(obj.table[:-1], start=1)]
    steps.append(_("{n} or more tags {points}").format(n=len(obj.table),
                                                       points=_points(obj.table[-1])))
    return _("Each {chain} scores by its size: {steps}.").format(chain=noun,
                                                                 steps=", ".join(steps))


def _paired_run(obj: fx.PairedRun) -> str:
    return _("{points} per column in your longest unbroken run of columns whose beach and "
             "street spaces are both filled.").format(points=_points(obj.points))


def _most_unplaced(obj: fx.MostUnplaced) -> str:
    return _("Most people outside rings: {most}; second most: {second} (only when one player "
             "alone has the most). A player with nobody outside rings loses nothing.").format(
        most=_lose(obj.most), second=_lose(obj.second))


def _cards_with_unplaced(obj: fx.CardsWithUnplaced) -> str:
    if obj.points <= 0:
        return _("Lose {points} for every card where someone stands outside a ring (the "
                 "starting tile is one card).").format(points=_points(-obj.points))
    return _("Gain {points} for every card where someone stands outside a ring (the starting "
             "tile is one card).").format(points=_points(obj.points))


def _rings_and_unplaced(obj: fx.RingsAndUnplaced) -> str:
    if obj.per_full_ring < 0:
        rings = _("Lose {points} per full ring").format(points=_points(-obj.per_full_ring))
    else:
        rings = _("{points} per full ring").format(points=_points(obj.per_full_ring))
    if obj.per_unplaced == 1:
        unplaced = _("{lose} for every person outside a ring").format(lose=_lose(obj.points))
    else:
        unplaced = _("{lose} for every {n} people outside rings (round down)").format(
            lose=_lose(obj.points), n=obj.per_unplaced)
    # Translators: the rings' points; the people outside rings: "1 point per full ring; lose ..."
    return _("{rings}; {unplaced}.").format(rings=rings, unplaced=unplaced)


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
    return _dispatch(OBJECTIVE_WORDS, obj, "objective")(obj)  # not translated: dev


# --------------------------------------------------------------------------- whole entries


def _tag_list(tags: Sequence[fx.Tag]) -> str:
    return ", ".join(_tag(t) for t in tags) if tags else _("no tags")


def _section(heading: str, lines: Sequence[str]) -> list[str]:
    return [heading, *(BULLET + line for line in lines)] if lines else []


def _flavour(text: str) -> list[str]:
    # Translators: a card's flavour text in quotation marks
    return [_("“{text}”").format(text=text.strip())] if text.strip() else []


def card_text(card: FeatureCard) -> list[str]:
    """Every line of a feature card's enlarged view: name, row and tags, placement actions,
    scoring, rings, constraints, flavour text."""
    return [
        card.name,
        # Translators: a card's row and its tags: "Beach card · wave, nature"
        _("{row} · {tags}").format(row=_(_ROW_WORDS[card.row]), tags=_tag_list(card.tags)),
        *_section(_("When placed:"), [describe_placement(a) for a in card.placement]),
        *_section(_("Scores:"), [describe_scoring(s) for s in card.scoring]),
        *(describe_ring(r) for r in card.rings),
        *(describe_constraint(c) for c in card.constraints),
        *_flavour(card.text),
    ]


def tile_text(tile: StartingTile) -> list[str]:
    """Every line of a starting tile's enlarged view; its tags, bonus and rings belong to the
    lower half (R0.4, R2.6)."""
    start_footprint = ([_("The lower half starts with a footprint.")]
                       if _lower_half_matches(tile) else [])
    # Translators: where a starting tile's added people go: "Add 1 VIP to the lower half."
    lower_half = _("the lower half")
    return [
        tile.name,
        _("Starting tile · lower half: {tags}").format(tags=_tag_list(tile.tags)),
        *_section(_("At the start:"), [describe_placement(a, lower_half) for a in tile.placement]),
        *_section(_("Scores:"), [describe_scoring(s) for s in tile.scoring]),
        *(describe_ring(r) for r in tile.rings),
        describe_footprint_rule(tile.footprint),
        *start_footprint,
    ]


def sand_dollar_text(action: SandDollarAction) -> list[str]:
    """Every line of a sand dollar action: cost, what it takes, the swap, its allowances."""
    if action.cost:
        cost = _("costs {sand_dollars}").format(sand_dollars=_sand_dollars(action.cost))
    else:
        # Translators: a sand dollar action that costs nothing: "Sand dollar action · free"
        cost = _("free")
    swap = (
        [_("You may swap two feature cards of the same row (never the starting tile or an "
           "end-of-the-beach card).")]
        if action.swap
        else []
    )
    return [
        action.name,
        _("Sand dollar action · {cost}").format(cost=cost),
        describe_take(action.take),
        *swap,
        *_section(_("Then:"), [describe_placement(a) for a in action.allowances]),
        *_flavour(action.text),
    ]


def objective_text(tile: ObjectiveTile) -> list[str]:
    """Every line of a scoring objective tile: its wave bonus, other bonus and penalty."""
    return [
        tile.name,
        _("Scoring objective tile"),
        _("Wave bonus: {objective}").format(objective=describe_objective(tile.wave)),
        _("Other bonus: {objective}").format(objective=describe_objective(tile.misc)),
        _("Penalty: {objective}").format(objective=describe_objective(tile.penalty)),
    ]
