"""What each kind of placement effect (R5.1) means to the rules, one entry per kind keyed by
its class (``effects.PLACEMENT_KINDS``; a test checks that every kind has its entry): the
printed symbols a card with it gives to ``adjacent_gives`` (R0.6, R10.6), and what placing
its card, starting tile or bought sand dollar action gives.

What a placement gives is sand dollars and at most one step, a plain tuple that the turn
(``smqt.engine.turns``) carries out and keeps per card (a playout places thousands):

- ``(ADD_PEOPLE, person kind, count)``: people from the supply onto the card (R5.1, R1.3);
- ``(ALLOWANCE, "move" or "return", who, count, distance)``: a move or return allowance of
  the turn (R5.2-R5.5), its source added where it is made;
- ``(MOVE_HERE, who, count)``: people may jump onto the card (R5.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from smqt.engine.effects import AddPeople, GainSandDollars, Move, MoveHere, PlacementAction, ReturnPeople

ADD_PEOPLE = 0
ALLOWANCE = 1
MOVE_HERE = 2

Gain = tuple[int, tuple[Any, ...] | None]
"""Sand dollars gained, and the step (or None)."""


@attrs.frozen
class EffectKind:
    gives: Callable[[Any], tuple[str, ...]]
    """The printed symbols (``sand_dollar``, ``local``... ``people``) that ``adjacent_gives``
    counts beside a card with this effect (R0.6, R10.6)."""
    gain: Callable[[Any], Gain]
    """What placing it gives: sand dollars and a step (see the module's docstring)."""


def _gives_nothing(effect: Any) -> tuple[str, ...]:
    return ()


def _gain_sand_dollars(effect: GainSandDollars) -> Gain:
    return effect.count, None


def _add_people(effect: AddPeople) -> Gain:
    return 0, (ADD_PEOPLE, effect.people.value, effect.count)


def _move(effect: Move) -> Gain:
    return 0, (ALLOWANCE, "move", effect.people.value, effect.count, effect.distance)


def _move_here(effect: MoveHere) -> Gain:
    return 0, (MOVE_HERE, effect.people.value, effect.count)


def _return_people(effect: ReturnPeople) -> Gain:
    return 0, (ALLOWANCE, "return", effect.people.value, effect.count, 0)


EFFECT_KINDS: dict[type, EffectKind] = {
    GainSandDollars: EffectKind(lambda effect: ("sand_dollar",), _gain_sand_dollars),
    AddPeople: EffectKind(lambda effect: (effect.people.value, "people"), _add_people),
    Move: EffectKind(_gives_nothing, _move),
    MoveHere: EffectKind(_gives_nothing, _move_here),
    ReturnPeople: EffectKind(_gives_nothing, _return_people),
}


def placement_gives(placement: tuple[PlacementAction, ...]) -> frozenset[str]:
    """The printed symbols a card 'gives' for ``adjacent_gives`` (R0.6, R10.6)."""
    symbols: set[str] = set()
    for effect in placement:
        symbols.update(EFFECT_KINDS[type(effect)].gives(effect))
    return frozenset(symbols)
