"""The table's gestures that span several clicks, one object each, given the moment of the game
explicitly (its state, its legal actions, the allowance chosen): a card picked in the display
and then its space (``PlaceCard``), the first card of a swap and then the second
(``SwapCards``), a person chosen and then the steps of their walk (``WalkPerson``). Each is
started by its first click, updated by the next ones, finished when it makes a legal action
and cancelled by dropping it; a refused click leaves the engine's reason in ``reason``.
Qt-free, like the rest of the turn's interaction."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from smqt.engine import explain
from smqt.engine.actions import (
    Action,
    FinalMove,
    MovePerson,
    ReturnPerson,
    Slot,
    Swap,
    Take,
)
from smqt.engine.geometry import Space
from smqt.engine.rules import footprint_spaces
from smqt.engine.state import GameState

PersonMove = MovePerson | FinalMove


@attrs.frozen
class Moment:
    """What a gesture is given: the game as it stands and what may be played in it."""

    state: GameState | None
    legal: tuple[Action, ...]
    allowance: int | None = None
    """The allowance the person chose in the list (None: the table picks a fitting one)."""

    def allowed(self, action: Action) -> bool:
        if isinstance(action, MovePerson | ReturnPerson) and self.allowance is not None:
            return action.allowance == self.allowance
        return True

    def moves_of(self, pid: int) -> Iterable[PersonMove]:
        for action in self.legal:
            if isinstance(action, MovePerson | FinalMove) and action.person == pid and \
                    self.allowed(action):
                yield action

    def return_of(self, pid: int) -> ReturnPerson | None:
        for action in self.legal:
            if isinstance(action, ReturnPerson) and action.person == pid and self.allowed(action):
                return action
        return None


@attrs.define
class PlaceCard:
    """A display card picked; the space it goes to finishes the gesture."""

    moment: Moment
    slot: Slot
    reason: str | None = None

    @classmethod
    def start(cls, moment: Moment, slot: Slot) -> PlaceCard | None:
        """The gesture, or None when no space takes that card now."""
        if any(isinstance(a, Take) and a.slot == slot for a in moment.legal):
            return cls(moment, slot)
        return None

    def spaces(self) -> set[Space]:
        return {a.space for a in self.moment.legal if isinstance(a, Take) and a.slot == self.slot}

    def finish(self, space: Space) -> Take | None:
        take = Take(self.slot, space)
        if take in self.moment.legal:
            return take
        if self.moment.state is not None:
            self.reason = explain.why_not_space(self.moment.state, self.slot, space)
        return None


@attrs.define
class SwapCards:
    """The first card of a swap chosen; the second finishes it."""

    moment: Moment
    first: Space
    reason: str | None = None

    @classmethod
    def start(cls, moment: Moment, first: Space) -> SwapCards | None:
        if any(isinstance(a, Swap) and first in (a.a, a.b) for a in moment.legal):
            return cls(moment, first)
        return None

    def partners(self) -> set[Space]:
        return {a.b if a.a == self.first else a.a for a in self.moment.legal
                if isinstance(a, Swap) and self.first in (a.a, a.b)}

    def finish(self, second: Space) -> Swap | None:
        pair = sorted((self.first, second))
        swap = Swap(pair[0], pair[1])
        if swap in self.moment.legal:
            return swap
        if self.moment.state is not None:
            self.reason = explain.why_not(self.moment.state, swap)
        return None


@attrs.define
class WalkPerson:
    """A person chosen; each click on a next space is a step; the walk finishes when it can go
    no further, or by Stop here (a VIP), or by a drop."""

    moment: Moment
    person: int
    path: tuple[Space, ...] = ()
    reason: str | None = None

    @classmethod
    def start(cls, moment: Moment, pid: int) -> WalkPerson | None:
        if any(True for _ in moment.moves_of(pid)) or moment.return_of(pid) is not None:
            return cls(moment, pid)
        return None

    def next_steps(self) -> set[Space]:
        n = len(self.path)
        return {m.path[n] for m in self.moment.moves_of(self.person)
                if len(m.path) > n and m.path[:n] == self.path}

    def update(self, space: Space) -> PersonMove | None:
        """A step onto ``space``: the move when the walk can go no further."""
        self.reason = None
        if space not in self.next_steps():
            state = self.moment.state
            self.reason = explain.why_not_step(state, self.person, space, self.moment.allowance,
                                               self.path) if state is not None else None
            return None
        path = (*self.path, space)
        longer = any(len(m.path) > len(path) and m.path[:len(path)] == path
                     for m in self.moment.moves_of(self.person))
        if not longer:
            return self.complete(path)
        self.path = path
        return None

    def finish(self) -> PersonMove | None:
        """Stop here: the walk so far as a move, when it is a complete one."""
        return self.complete(self.path) if self.path else None

    def back(self) -> bool:
        """Take back the last step; False when there was none (the gesture ends)."""
        if not self.path:
            return False
        self.path = self.path[:-1]
        return True

    def give_back(self) -> ReturnPerson | None:
        """Return the person to the supply instead of a walk (before any step)."""
        return self.moment.return_of(self.person)

    def complete(self, path: tuple[Space, ...]) -> PersonMove | None:
        fits = [m for m in self.moment.moves_of(self.person) if m.path == path]
        if not fits:
            return None
        # Several allowances may carry this walk: spend the most restricted one first.
        return min(fits, key=self._allowance_cost)

    def _allowance_cost(self, move: PersonMove) -> tuple[int, int, int]:
        state = self.moment.state
        if isinstance(move, FinalMove) or state is None:
            return (0, 0, 0)
        allowance = state.allowances[move.allowance]
        return (max(allowance.distance, allowance.solo_distance), allowance.who == "any",
                move.allowance)

    def ends(self) -> dict[Space, PersonMove]:
        """The steps that would end the walk now -> the move each makes."""
        made: dict[Space, PersonMove] = {}
        for step in self.next_steps():
            move = self.complete((*self.path, step))
            if move is not None:
                made[step] = move
        return made

    def drops(self) -> dict[Space, PersonMove]:
        """Every space the person may end a move on -> the move a drop there makes."""
        by_end: dict[Space, list[PersonMove]] = {}
        for move in self.moment.moves_of(self.person):
            by_end.setdefault(move.path[-1], []).append(move)
        return {end: self.best_drop(moves) for end, moves in by_end.items()}

    def best_drop(self, moves: list[PersonMove]) -> PersonMove:
        """Of the moves ending on one space, the one a drop makes: the most footprints, then
        the shortest walk."""
        return max(moves, key=lambda m: (len(self.footprints_on(m.path)), -len(m.path)))

    def footprints_on(self, path: tuple[Space, ...]) -> set[Space]:
        """Spaces of ``path`` where the walking VIP would leave a footprint (the engine's
        own rule, R7.2)."""
        state = self.moment.state
        if state is None:
            return set()
        player = state.players[state.current]
        if player.people.get(self.person, ("", None))[0] != "vip" or player.tile is None:
            return set()
        return set(footprint_spaces(state, player, path)[0])


Gesture = PlaceCard | SwapCards | WalkPerson
