"""Turning clicks into legal actions at the play table.

Qt-free on purpose. The scene reports what was clicked (a display slot, a city space, a person,
a tile, a column, a sand dollar action); ``TurnInteraction`` holds the gesture in progress (a
``gestures`` object: the card picked and not yet placed, the first card of a swap, the person
and the steps a VIP has walked) and answers with one of the engine's ``legal_actions`` once the
choice is complete. What the table offers of each action kind is one entry of ``OFFERS``. It never
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
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.ui.game.gestures import Gesture, Moment, PlaceCard, SwapCards, WalkPerson

PersonMove = MovePerson | FinalMove
Offer = Callable[..., None]
"""Marks what the table offers for one legal action: (highlights, action, interaction)."""


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


def _offer_tile(h: Highlights, action: ChooseTile, _it: TurnInteraction) -> None:
    h.tiles.add(action.tile)


def _offer_column(h: Highlights, action: PlaceTruck, _it: TurnInteraction) -> None:
    h.columns.add(action.column)


def _offer_buy(h: Highlights, action: Buy, _it: TurnInteraction) -> None:
    h.sand_dollar_actions.add(action.action)


def _offer_take(h: Highlights, action: Take, it: TurnInteraction) -> None:
    h.slots.add(action.slot)
    if action.slot == it.slot:
        h.spaces.add(action.space)


def _offer_reward(h: Highlights, action: Reward, _it: TurnInteraction) -> None:
    h.rewards += (action.choice,)


def _offer_swap(h: Highlights, action: Swap, it: TurnInteraction) -> None:
    if it.first_card is None:
        h.cards.update((action.a, action.b))
    elif it.first_card in (action.a, action.b):
        h.cards.add(action.b if action.a == it.first_card else action.a)


def _offer_no_swap(h: Highlights, _action: NoSwap, _it: TurnInteraction) -> None:
    h.can_noswap = True


def _offer_end(h: Highlights, _action: EndTurn, _it: TurnInteraction) -> None:
    h.can_end = True


def _offer_final_done(h: Highlights, _action: FinalDone, _it: TurnInteraction) -> None:
    h.can_finish_final = True


def _offer_person(h: Highlights, action: MovePerson | FinalMove | ReturnPerson,
                  it: TurnInteraction) -> None:
    if it.moment().allowed(action):
        h.people.add(action.person)


OFFERS: dict[type, Offer] = {
    ChooseTile: _offer_tile, PlaceTruck: _offer_column, Buy: _offer_buy, Take: _offer_take,
    Reward: _offer_reward, Swap: _offer_swap, NoSwap: _offer_no_swap, EndTurn: _offer_end,
    FinalDone: _offer_final_done, MovePerson: _offer_person, FinalMove: _offer_person,
    ReturnPerson: _offer_person,
}
"""What the table offers for a legal action of each kind (a highlight, a button)."""


class TurnInteraction:
    """The seat to play's gesture in progress, over the legal actions of one moment."""

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
        """Cancel the gesture in progress."""
        self.reason: str | None = None
        """Why the last click did nothing, in plain words (None: it was not refused)."""
        self.gesture: Gesture | None = None

    def moment(self) -> Moment:
        """What a gesture is given: the game now, its legal actions, the allowance chosen."""
        return Moment(self.state, self.legal, self.allowance)

    def choose_allowance(self, index: int | None) -> None:
        self.allowance = index
        if isinstance(self.gesture, WalkPerson):
            self.gesture = None

    @property
    def slot(self) -> Slot | None:
        """The display card picked (placing it is the gesture in progress)."""
        return self.gesture.slot if isinstance(self.gesture, PlaceCard) else None

    @property
    def first_card(self) -> Space | None:
        """The first card of a swap in progress."""
        return self.gesture.first if isinstance(self.gesture, SwapCards) else None

    @property
    def person(self) -> int | None:
        """The person whose walk is in progress."""
        return self.gesture.person if isinstance(self.gesture, WalkPerson) else None

    @property
    def path(self) -> tuple[Space, ...]:
        """The steps of the walk in progress."""
        return self.gesture.path if isinstance(self.gesture, WalkPerson) else ()

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
            self.gesture = None
            return None
        picked = PlaceCard.start(self.moment(), slot)
        if picked is not None:
            self.gesture = picked
        else:
            self.reason = self._why(explain.why_not_pick, slot)
        return None

    def click_space(self, space: Space) -> Action | None:
        """A city space was clicked (an empty target, a card, or the people on it)."""
        self.reason = None
        gesture = self.gesture
        if isinstance(gesture, PlaceCard):
            take = gesture.finish(space)
            self.reason = gesture.reason
            return take
        if any(isinstance(a, Swap) for a in self.legal):
            return self._click_swap(space)
        if isinstance(gesture, WalkPerson):
            return self._step(gesture, space)
        if self.state is not None and any(isinstance(a, Take) for a in self.legal):
            self.reason = _("Pick a card in the display first, then the space where it goes.")
        elif self.state is not None and any(isinstance(a, PersonMove) for a in self.legal):
            self.reason = _("Click one of your highlighted people first, then where they go.")
        return None

    def click_person(self, pid: int) -> Action | None:
        self.reason = None
        walk = self.gesture if isinstance(self.gesture, WalkPerson) else None
        if walk is not None and walk.person == pid:
            if walk.path:
                return self.stop_here()
            self.gesture = None
            return None
        if walk is not None and walk.path:
            # clicking another person while walking: step onto their space if that is a step
            space = self._person_space(pid)
            if space is not None and space in walk.next_steps():
                return self._step(walk, space)
        chosen = WalkPerson.start(self.moment(), pid)
        if chosen is not None:
            self.gesture = chosen
        else:
            self.reason = self._why(explain.why_not_person, pid, self.allowance)
        return None

    def drop_person(self, pid: int, space: Space) -> Action | None:
        """A person was dragged onto ``space``: the best legal move ending there."""
        self.reason = None
        drag = WalkPerson(self.moment(), pid)
        ends = [m for m in self.moment().moves_of(pid) if m.path[-1] == space]
        if not ends and space == self._person_space(pid):
            return None  # put back where they stood: no move, and nothing to explain
        if not ends:
            self.reason = (self._why(explain.why_not_person, pid, self.allowance)
                           or self._why(explain.why_not_step, pid, space, self.allowance))
            return None
        self.gesture = drag
        return drag.complete(drag.best_drop(ends).path)

    def stop_here(self) -> Action | None:
        """End a VIP's walk on the space reached (when that is a complete move)."""
        self.reason = None
        if not isinstance(self.gesture, WalkPerson):
            return None
        return self.gesture.finish()

    def moves_ending(self, pid: int | None = None) -> dict[Space, PersonMove]:
        """Where a person may end a move now -> the move that would end there: for the person
        chosen (``pid`` None), the steps that would end the walk; for a person being dragged,
        every end space with the move a drop there makes (``drop_person``)."""
        if pid is None:
            return self.gesture.ends() if isinstance(self.gesture, WalkPerson) else {}
        return WalkPerson(self.moment(), pid).drops()

    def back_step(self) -> None:
        """Take back the last step of a walk (or drop the selection)."""
        if not isinstance(self.gesture, WalkPerson) or not self.gesture.back():
            self.gesture = None

    def return_person(self) -> Action | None:
        self.reason = None
        if not isinstance(self.gesture, WalkPerson):
            return None
        return self.gesture.give_back()

    # ------------------------------------------------------------------ what to show

    def highlights(self) -> Highlights:
        h = Highlights()
        for action in self.legal:
            OFFERS[type(action)](h, action, self)
        h.selected_slot = self.slot
        h.selected_card = self.first_card
        walk = self.gesture if isinstance(self.gesture, WalkPerson) else None
        h.selected_person = walk.person if walk is not None else None
        if walk is not None:
            h.path = walk.path
            h.footprints = walk.footprints_on(walk.path)
            steps = walk.next_steps()
            h.spaces.update(steps)
            for step in steps:
                if walk.footprints_on((*walk.path, step)) - h.footprints:
                    h.footprint_targets.add(step)
            h.can_stop = bool(walk.path) and walk.complete(walk.path) is not None
            h.can_return = not walk.path and walk.give_back() is not None
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

    def _step(self, walk: WalkPerson, space: Space) -> Action | None:
        move = walk.update(space)
        self.reason = walk.reason
        return move

    def _click_swap(self, space: Space) -> Action | None:
        gesture = self.gesture if isinstance(self.gesture, SwapCards) else None
        if gesture is not None and gesture.first == space:
            self.gesture = None
            return None
        if gesture is None:
            started = SwapCards.start(self.moment(), space)
            if started is not None:
                self.gesture = started
            else:
                self.reason = self._why(explain.why_not, Swap(space, space))
            return None
        swap = gesture.finish(space)
        self.reason = gesture.reason
        return swap

    def _person_space(self, pid: int) -> Space | None:
        if self.state is None:
            return None
        entry = self.state.players[self.state.current].people.get(pid)
        return entry[1] if entry else None
