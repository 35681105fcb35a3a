"""Turning clicks into legal actions: the gesture object of the play table.

Qt-free on purpose. The scene reports what was clicked (a display slot, a city space, a person,
a tile, a column, a sand dollar action); ``TurnInteraction`` keeps the half-made choice (the card
picked and not yet placed, the first card of a swap, the person and the steps a VIP has walked)
and answers with one of the engine's ``legal_actions`` once the choice is complete. It never
judges legality itself: every highlight is read from the legal actions of the moment, and a
refused click leaves ``reason``, the engine's own words for why (``smqt.engine.explain``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from smqt.engine import explain
from smqt.engine.actions import (
    Action,
    Buy,
    ChooseTile,
    EndTurn,
    FinalDone,
    FinalMove,
    MovePerson,
    NoSwap,
    PlaceTruck,
    ReturnPerson,
    Reward,
    Slot,
    Swap,
    Take,
)
from smqt.engine.geometry import Space
from smqt.engine.rules import footprint_spaces
from smqt.engine.state import GameState
from smqt.language.translate import _

PersonMove = MovePerson | FinalMove


@attrs.define
class Highlights:
    """What the table should offer right now."""

    tiles: set[str] = attrs.Factory(set)
    columns: set[int] = attrs.Factory(set)
    slots: set[Slot] = attrs.Factory(set)
    sand_dollar_actions: set[str] = attrs.Factory(set)
    spaces: set[Space] = attrs.Factory(set)
    """Spaces to click next: where the picked card may go, or a person's next step."""
    cards: set[Space] = attrs.Factory(set)
    """City cards that may be clicked (swaps)."""
    people: set[int] = attrs.Factory(set)
    selected_slot: Slot | None = None
    selected_card: Space | None = None
    selected_person: int | None = None
    path: tuple[Space, ...] = ()
    footprints: set[Space] = attrs.Factory(set)
    """Where footprints will land along the path walked so far."""
    footprint_targets: set[Space] = attrs.Factory(set)
    """Next steps that would leave a footprint."""
    can_stop: bool = False
    """The steps walked so far already make a complete move (a VIP may stop here)."""
    can_return: bool = False
    rewards: tuple[str, ...] = ()
    can_end: bool = False
    can_noswap: bool = False
    can_finish_final: bool = False


class TurnInteraction:
    """The half-made choice of the seat to play, over the legal actions of one moment."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.legal: tuple[Action, ...] = ()
        self.allowance: int | None = None
        """The allowance the person chose in the list (None: the table picks a fitting one)."""
        self.clear()

    # ------------------------------------------------------------------ set-up

    def reset(self, state: GameState | None, legal: Iterable[Action]) -> None:
        """A new moment: forget the half-made choice (the allowance choice survives if it
        still offers something)."""
        self.state = state
        self.legal = tuple(legal)
        self.clear()
        if self.allowance is not None and not any(
            isinstance(a, MovePerson | ReturnPerson) and a.allowance == self.allowance
            for a in self.legal
        ):
            self.allowance = None

    def clear(self) -> None:
        self.reason: str | None = None
        """Why the last click did nothing, in plain words (None: it was not refused)."""
        self.slot: Slot | None = None
        self.first_card: Space | None = None
        self.person: int | None = None
        self.path: tuple[Space, ...] = ()

    def choose_allowance(self, index: int | None) -> None:
        self.allowance = index
        self.person = None
        self.path = ()

    # ------------------------------------------------------------------ intents

    def click_tile(self, tile: str) -> Action | None:
        return self._if_legal(ChooseTile(tile))

    def click_column(self, column: int) -> Action | None:
        return self._if_legal(PlaceTruck(column))

    def click_sand_dollar_action(self, action_id: str) -> Action | None:
        return self._if_legal(Buy(action_id))

    def choose_reward(self, choice: str) -> Action | None:
        return self._if_legal(Reward(choice))

    def no_swap(self) -> Action | None:
        return self._if_legal(NoSwap())

    def end_turn(self) -> Action | None:
        return self._if_legal(EndTurn())

    def finish_final(self) -> Action | None:
        return self._if_legal(FinalDone())

    def click_slot(self, slot: Slot) -> Action | None:
        """Pick a display card (click it again to put it back)."""
        self.reason = None
        if self.slot == slot:
            self.slot = None
        elif any(isinstance(a, Take) and a.slot == slot for a in self.legal):
            self.slot = slot
            self.first_card, self.person, self.path = None, None, ()
        else:
            self.reason = self._why(explain.why_not_pick, slot)
        return None

    def click_space(self, space: Space) -> Action | None:
        """A city space was clicked (an empty target, a card, or the people on it)."""
        self.reason = None
        if self.slot is not None:
            take = self._if_legal(Take(self.slot, space))
            if take is None:
                self.reason = self._why(explain.why_not_space, self.slot, space)
            return take
        if any(isinstance(a, Swap) for a in self.legal):
            return self._click_swap(space)
        if self.person is not None:
            return self._step(space)
        if self.state is not None and any(isinstance(a, Take) for a in self.legal):
            self.reason = _("Pick a card in the display first, then the space where it goes.")
        elif self.state is not None and any(isinstance(a, PersonMove) for a in self.legal):
            self.reason = _("Click one of your highlighted people first, then where they go.")
        return None

    def click_person(self, pid: int) -> Action | None:
        self.reason = None
        if self.person == pid:
            if self.path:
                return self.stop_here()
            self.person = None
            return None
        if self.person is not None and self.path:
            # clicking another person while walking: step onto their space if that is a step
            space = self._person_space(pid)
            if space is not None and space in self._next_steps():
                return self._step(space)
        if any(True for _ in self._moves_of(pid)) or self._return_of(pid) is not None:
            self.person = pid
            self.path = ()
        else:
            self.reason = self._why(explain.why_not_person, pid, self.allowance)
        return None

    def drop_person(self, pid: int, space: Space) -> Action | None:
        """A person was dragged onto ``space``: the best legal move ending there."""
        self.reason = None
        ends = [m for m in self._moves_of(pid) if m.path[-1] == space]
        if not ends and space == self._person_space(pid):
            return None  # put back where they stood: no move, and nothing to explain
        if not ends:
            self.reason = (self._why(explain.why_not_person, pid, self.allowance)
                           or self._why(explain.why_not_step, pid, space, self.allowance))
            return None
        self.person, self.path = pid, ()
        return self._complete(self._best_drop(ends).path)

    def stop_here(self) -> Action | None:
        """End a VIP's walk on the space reached (when that is a complete move)."""
        self.reason = None
        if self.person is None or not self.path:
            return None
        return self._complete(self.path)

    def moves_ending(self, pid: int | None = None) -> dict[Space, PersonMove]:
        """Where a person may end a move now -> the move that would end there: for the person
        chosen (``pid`` None), the steps that would end the walk; for a person being dragged,
        every end space with the move a drop there makes (``drop_person``)."""
        if pid is None:
            if self.person is None:
                return {}
            ends: dict[Space, PersonMove] = {}
            for step in self._next_steps():
                move = self._complete((*self.path, step))
                if move is not None:
                    ends[step] = move
            return ends
        saved = self.person
        self.person = pid
        try:
            by_end: dict[Space, list[PersonMove]] = {}
            for move in self._moves_of(pid):
                by_end.setdefault(move.path[-1], []).append(move)
            return {end: self._best_drop(moves) for end, moves in by_end.items()}
        finally:
            self.person = saved

    def _best_drop(self, moves: list[PersonMove]) -> PersonMove:
        """Of the moves ending on one space, the one a drop makes: the most footprints, then
        the shortest walk."""
        return max(moves, key=lambda m: (len(self._footprints_on(m.path)), -len(m.path)))

    def back_step(self) -> None:
        """Take back the last step of a walk (or drop the selection)."""
        if self.path:
            self.path = self.path[:-1]
        else:
            self.person = None

    def return_person(self) -> Action | None:
        self.reason = None
        if self.person is None:
            return None
        return self._return_of(self.person)

    # ------------------------------------------------------------------ what to show

    def highlights(self) -> Highlights:
        h = Highlights()
        for action in self.legal:
            if isinstance(action, ChooseTile):
                h.tiles.add(action.tile)
            elif isinstance(action, PlaceTruck):
                h.columns.add(action.column)
            elif isinstance(action, Buy):
                h.sand_dollar_actions.add(action.action)
            elif isinstance(action, Take):
                h.slots.add(action.slot)
                if action.slot == self.slot:
                    h.spaces.add(action.space)
            elif isinstance(action, Reward):
                h.rewards += (action.choice,)
            elif isinstance(action, Swap):
                if self.first_card is None:
                    h.cards.update((action.a, action.b))
                elif self.first_card in (action.a, action.b):
                    h.cards.add(action.b if action.a == self.first_card else action.a)
            elif isinstance(action, NoSwap):
                h.can_noswap = True
            elif isinstance(action, EndTurn):
                h.can_end = True
            elif isinstance(action, FinalDone):
                h.can_finish_final = True
            elif isinstance(action, MovePerson | FinalMove | ReturnPerson):
                if self._allowed(action):
                    h.people.add(action.person)
        h.selected_slot = self.slot
        h.selected_card = self.first_card
        h.selected_person = self.person
        if self.person is not None:
            h.path = self.path
            h.footprints = self._footprints_on(self.path)
            steps = self._next_steps()
            h.spaces.update(steps)
            for step in steps:
                if self._footprints_on((*self.path, step)) - h.footprints:
                    h.footprint_targets.add(step)
            h.can_stop = bool(self.path) and self._complete(self.path) is not None
            h.can_return = not self.path and self._return_of(self.person) is not None
        return h

    # ------------------------------------------------------------------ inside

    def _if_legal(self, action: Action) -> Action | None:
        if action in self.legal:
            self.reason = None
            return action
        self.reason = self._why(explain.why_not, action)
        return None

    def _why(self, query: Callable[..., str | None], *args: object) -> str | None:
        """The engine's reason for a refusal (None: not refused, or no game)."""
        if self.state is None:
            return None
        return query(self.state, *args)

    def _allowed(self, action: Action) -> bool:
        if isinstance(action, MovePerson | ReturnPerson) and self.allowance is not None:
            return action.allowance == self.allowance
        return True

    def _moves_of(self, pid: int) -> Iterable[PersonMove]:
        for action in self.legal:
            if isinstance(action, MovePerson | FinalMove) and action.person == pid and \
                    self._allowed(action):
                yield action

    def _return_of(self, pid: int) -> ReturnPerson | None:
        for action in self.legal:
            if isinstance(action, ReturnPerson) and action.person == pid and self._allowed(action):
                return action
        return None

    def _next_steps(self) -> set[Space]:
        assert self.person is not None
        n = len(self.path)
        return {m.path[n] for m in self._moves_of(self.person)
                if len(m.path) > n and m.path[:n] == self.path}

    def _complete(self, path: tuple[Space, ...]) -> PersonMove | None:
        assert self.person is not None
        fits = [m for m in self._moves_of(self.person) if m.path == path]
        if not fits:
            return None
        # Several allowances may carry this walk: spend the most restricted one first.
        return min(fits, key=self._allowance_cost)

    def _allowance_cost(self, move: PersonMove) -> tuple[int, int, int]:
        if isinstance(move, FinalMove) or self.state is None:
            return (0, 0, 0)
        allowance = self.state.allowances[move.allowance]
        return (max(allowance.distance, allowance.solo_distance), allowance.who == "any",
                move.allowance)

    def _step(self, space: Space) -> Action | None:
        assert self.person is not None
        if space not in self._next_steps():
            self.reason = self._why(explain.why_not_step, self.person, space, self.allowance,
                                    self.path)
            return None
        path = (*self.path, space)
        longer = any(len(m.path) > len(path) and m.path[:len(path)] == path
                     for m in self._moves_of(self.person))
        if not longer:
            return self._complete(path)
        self.path = path
        return None

    def _click_swap(self, space: Space) -> Action | None:
        if self.first_card == space:
            self.first_card = None
            return None
        if self.first_card is None:
            if any(isinstance(a, Swap) and space in (a.a, a.b) for a in self.legal):
                self.first_card = space
            else:
                self.reason = self._why(explain.why_not, Swap(space, space))
            return None
        first = self.first_card
        pair = sorted((first, space))
        return self._if_legal(Swap(pair[0], pair[1]))

    def _person_space(self, pid: int) -> Space | None:
        if self.state is None:
            return None
        entry = self.state.players[self.state.current].people.get(pid)
        return entry[1] if entry else None

    def _footprints_on(self, path: tuple[Space, ...]) -> set[Space]:
        """Spaces of ``path`` where the walking VIP would leave a footprint (the engine's
        own rule, R7.2)."""
        state = self.state
        pid = self.person
        if state is None or pid is None:
            return set()
        player = state.players[state.current]
        if player.people.get(pid, ("", None))[0] != "vip" or player.tile is None:
            return set()
        return set(footprint_spaces(state, player, path)[0])
