"""Actions are values: frozen, hashable, with a text form that ``parse_action`` reads back
(like a chess move in UCI). Logs, saves, replays and tests all speak this one language.

Text forms::

    tile spots                  choose a starting tile (R2.5)
    truck 2                     put the food truck under display column 2 (R2.7)
    take front:1 beach:-2       take a display card and place it on a space (R3.1, R4, R8)
    buy two_front               pay for a sand dollar action (R3.2)
    reward double_move          choose the foodie + food truck reward (R3.5)
    swap street:1 street:3      swap two feature cards of one row (R8.6)
    noswap                      decline the swap
    move 0 p7 street:1 street:2 move person 7 under allowance 0 along a path (R5, R6)
    return 1 p7                 return person 7 to the supply under allowance 1 (R5.5)
    end                         end the turn
    final p7 beach:3            final movement of person 7 (R9.2)
    done                        end this player's final movement
"""

from __future__ import annotations

from typing import Union

import attrs

from smqt.engine.geometry import Space, parse_space, space_str
from smqt.language.translate import _, ngettext

FRONT = 0
BACK = 1
SLOT_ROWS = ("front", "back")
REWARD_CHOICES = ("dollar_move", "two_dollars", "double_move")
"""R3.5 (a) 1 sand dollar and move 1 person 1 space; (b) 2 sand dollars; (c) move up to 2
people 1 space each, or 1 person up to 2 spaces."""

Slot = tuple[int, int]
"""A display slot: ``(FRONT or BACK, column)``."""


def slot_str(slot: Slot) -> str:
    return f"{SLOT_ROWS[slot[0]]}:{slot[1]}"


def parse_slot(text: str) -> Slot:
    row, sep, col = text.partition(":")
    if not sep or row not in SLOT_ROWS:
        raise ValueError(_("not a display slot: {text} (expected front:N or back:N)").format(
            text=repr(text)))
    try:
        return (SLOT_ROWS.index(row), int(col))
    except ValueError:
        raise ValueError(_("not a display slot: {text}").format(text=repr(text))) from None


def _person(text: str) -> int:
    if not text.startswith("p") or not text[1:].isdigit():
        raise ValueError(_("not a person: {text} (expected p followed by a number)").format(
            text=repr(text)))
    return int(text[1:])


@attrs.frozen
class ChooseTile:
    tile: str

    def __str__(self) -> str:
        return f"tile {self.tile}"


@attrs.frozen
class PlaceTruck:
    column: int

    def __str__(self) -> str:
        return f"truck {self.column}"


@attrs.frozen
class Take:
    slot: Slot
    space: Space

    def __str__(self) -> str:
        return f"take {slot_str(self.slot)} {space_str(self.space)}"


@attrs.frozen
class Buy:
    action: str

    def __str__(self) -> str:
        return f"buy {self.action}"


@attrs.frozen
class Reward:
    choice: str

    def __str__(self) -> str:
        return f"reward {self.choice}"


@attrs.frozen
class Swap:
    a: Space
    b: Space

    def __str__(self) -> str:
        return f"swap {space_str(self.a)} {space_str(self.b)}"


@attrs.frozen
class NoSwap:
    def __str__(self) -> str:
        return "noswap"


@attrs.frozen
class MovePerson:
    allowance: int
    person: int
    path: tuple[Space, ...]
    """Every space entered, in order; for people other than VIPs only the destination."""

    def __str__(self) -> str:
        steps = " ".join(space_str(s) for s in self.path)
        return f"move {self.allowance} p{self.person} {steps}"


@attrs.frozen
class ReturnPerson:
    allowance: int
    person: int

    def __str__(self) -> str:
        return f"return {self.allowance} p{self.person}"


@attrs.frozen
class EndTurn:
    def __str__(self) -> str:
        return "end"


@attrs.frozen
class FinalMove:
    person: int
    path: tuple[Space, ...]

    def __str__(self) -> str:
        return f"final p{self.person} " + " ".join(space_str(s) for s in self.path)


@attrs.frozen
class FinalDone:
    def __str__(self) -> str:
        return "done"


Action = Union[
    ChooseTile, PlaceTruck, Take, Buy, Reward, Swap, NoSwap, MovePerson, ReturnPerson,
    EndTurn, FinalMove, FinalDone,
]


def parse_action(text: str) -> Action:
    """Read the text form of an action; raises ValueError naming what is wrong."""
    words = text.split()
    if not words:
        raise ValueError(_("empty action"))
    verb, args = words[0], words[1:]

    def need(n: int, at_least: bool = False) -> None:
        if (len(args) < n) if at_least else (len(args) != n):
            if at_least:
                message = ngettext("{verb} takes at least {n} argument(s): {text}",
                                   "{verb} takes at least {n} argument(s): {text}", n)
            else:
                message = ngettext("{verb} takes {n} argument(s): {text}",
                                   "{verb} takes {n} argument(s): {text}", n)
            raise ValueError(message.format(verb=repr(verb), n=n, text=repr(text)))

    if verb == "tile":
        need(1)
        return ChooseTile(args[0])
    if verb == "truck":
        need(1)
        return PlaceTruck(int(args[0]))
    if verb == "take":
        need(2)
        return Take(parse_slot(args[0]), parse_space(args[1]))
    if verb == "buy":
        need(1)
        return Buy(args[0])
    if verb == "reward":
        need(1)
        if args[0] not in REWARD_CHOICES:
            raise ValueError(_("unknown reward {reward} (expected one of {choices})").format(
                reward=repr(args[0]), choices=", ".join(REWARD_CHOICES)))
        return Reward(args[0])
    if verb == "swap":
        need(2)
        return Swap(parse_space(args[0]), parse_space(args[1]))
    if verb == "noswap":
        need(0)
        return NoSwap()
    if verb == "move":
        need(3, at_least=True)
        return MovePerson(int(args[0]), _person(args[1]), tuple(parse_space(a) for a in args[2:]))
    if verb == "return":
        need(2)
        return ReturnPerson(int(args[0]), _person(args[1]))
    if verb == "end":
        need(0)
        return EndTurn()
    if verb == "final":
        need(2, at_least=True)
        return FinalMove(_person(args[0]), tuple(parse_space(a) for a in args[1:]))
    if verb == "done":
        need(0)
        return FinalDone()
    raise ValueError(_("unknown action {verb} in {text}").format(verb=repr(verb), text=repr(text)))
