"""The only source of legality: ``new_game``, ``legal_actions(state)`` and
``apply(state, action)`` (R2-R9).

``apply`` mutates the state in place and returns the events worth logging; it refuses anything
that ``legal_actions`` does not list with ``IllegalActionError``. Use ``state.copy()`` first to
keep the previous state (undo, search).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smqt.engine import events as ev
from smqt.engine import incremental
from smqt.engine.actions import (
    FRONT,
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
    Swap,
    Take,
)
from smqt.engine.cityshape import person_paths as person_paths
from smqt.engine.cityshape import tables
from smqt.engine.content import TakeFrom
from smqt.engine.effects import AddPeople, GainSandDollars, Move, MoveHere, ReturnPeople
from smqt.engine.events import Event
from smqt.engine.features import UPPER_HALF_ID, tile_feature_id
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.geometry import ROW_NAMES, TILE_LOWER, TILE_UPPER, Space, space_str
from smqt.engine.legal import (
    PHASE_TYPES,
    achievable,
    action_def,
    can_acquire,
    can_swap,
    has_final_move,
    has_move,
    is_legal,
    slot_card,
)
from smqt.engine.legal import final_distance as final_distance
from smqt.engine.legal import legal_actions as legal_actions
from smqt.engine.legal import placements as placements
from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    OVER,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    AllowanceState,
    GameState,
    PlayerState,
)
from smqt.language.translate import N_, _


class IllegalActionError(ValueError):
    """An action that ``legal_actions`` does not offer in this state."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(_("illegal action {action}: {reason}").format(
            action=repr(str(action)), reason=reason))
        self.action = action
        self.reason = reason


# ============================================================================ setup (R2)


# ============================================================================ helpers


def footprint_spaces(state: GameState, player: PlayerState, path: tuple[Space, ...]
                     ) -> tuple[list[Space], list[Space]]:
    """Where a VIP walking ``path`` leaves footprints (R7.2), and the spaces that would take
    one but find the supply empty (R1.3)."""
    rule = state.catalog.starting_tiles[player.tile].footprint  # type: ignore[index]
    feats = tables(state.catalog).feats
    left = state.supply["footprint"]
    landing: list[Space] = []
    short: list[Space] = []
    for space in path:
        if space in player.footprints or space in landing or space in short:
            continue
        if footprint_matches(rule, space, feats[player.city[space]]):
            if left <= 0:
                short.append(space)
                continue
            left -= 1
            landing.append(space)
    return landing, short


def _visit(state: GameState, player: PlayerState, path: tuple[Space, ...], events: list[Event]) -> None:
    """A VIP entered these spaces: leave footprints where the tile's criterion holds (R7.2)."""
    landing, short = footprint_spaces(state, player, path)
    for space in short:
        events.append(Event(ev.NO_FOOTPRINT,
                            f"no footprint left in the supply for "  # not translated: event text
                            f"{space_str(space)}",
                            state.current, space))
    for space in landing:
        state.supply["footprint"] -= 1
        player.footprints.add(space)
        events.append(Event(ev.FOOTPRINT, f"footprint on {space_str(space)}",  # not translated: event text
                            state.current, space))


def _add_people(state: GameState, player: PlayerState, kind: str, count: int, space: Space,
                events: list[Event]) -> None:
    """Add people from the supply, taking what is left when it runs short (R1.3)."""
    available = state.supply[kind]
    given = min(count, available)
    if given < count:
        events.append(Event(ev.SHORT_SUPPLY,
                            f"the supply has only {available} {kind}(s) left: "  # not translated: event text
                            f"{given} of {count} added",  # not translated: event text
                            state.current, space, given, count, kind))
    state.supply[kind] -= given
    for _index in range(given):
        player.people[state.next_person] = (kind, space)
        state.next_person += 1


# ============================================================================ legal actions
# (``smqt.engine.legal``: the list, whether an action is in it, whether any movement is left)


# ============================================================================ apply


def apply(state: GameState, action: Action, *, hold: bool = False) -> list[Event]:
    """Carry out ``action`` on ``state`` (in place) and return the events worth logging.

    Raises ``IllegalActionError`` (and leaves the state unchanged) for anything not in
    ``legal_actions(state)``.

    A turn ends by itself once its player has nothing left to do (no movement left, nobody
    left to move in the final movement). With ``hold`` it waits instead: the state stays with
    that player, whose only legal action is ``end`` (or ``done``), so that a person can look
    at the result and still take it back. Applying that action then is exactly what would
    have happened at once (``awaiting_end``); a record leaves it out.
    """
    if state.phase == OVER:
        raise IllegalActionError(action, _("the game is over"))
    # only the part of the legal actions that could hold this one is listed: the same answer
    # as ``action in legal_actions(state)``
    if not is_legal(state, action):
        raise IllegalActionError(action, _why_illegal(state, action))
    return apply_legal(state, action, hold=hold)


def apply_legal(state: GameState, action: Action, *, hold: bool = False) -> list[Event]:
    """``apply`` for an action taken from ``legal_actions`` of this very state (AI search,
    playouts): the same effects, without enumerating the legal actions again to check it."""
    events: list[Event] = []
    _HANDLERS[type(action)](state, action, events)
    if not hold:  # end the turn (or final movement) that has nothing left to do
        phase = state.phase
        if phase == MOVE:
            if not has_move(state, state.players[state.current]):
                _end_turn(state, events)
        elif phase == FINAL and not has_final_move(state, state.players[state.current]):
            _skip_idle_final_players(state, events)
    if incremental.active():
        incremental.check(state)
    return events


def awaiting_end(state: GameState) -> bool:
    """Whether the current player has nothing left to do but end the turn (``end``) or the
    final movement (``done``): a state that only ``apply(..., hold=True)`` leaves."""
    player = state.players[state.current]
    if state.phase == MOVE:
        return not has_move(state, player)
    if state.phase == FINAL:
        return not has_final_move(state, player)
    return False


def applied(state: GameState, action: Action) -> GameState:
    """A copy of ``state`` with ``action`` applied; ``state`` itself is untouched."""
    result = state.copy()
    apply(result, action)
    return result


_PHASE_ACTIONS = {
    CHOOSE_TILE: N_("now the player must choose a starting tile (tile ID)"),
    PLACE_TRUCK: N_("now the player must place the food truck (truck COLUMN)"),
    ACQUIRE: N_("now the player must take a front-row card (take front:N SPACE) or buy a sand "
                "dollar action"),
    PLACE: N_("now the player must take and place the cards of the sand dollar action (take SLOT "
              "SPACE)"),
    REWARD: N_("now the player must choose the reward (reward dollar_move|two_dollars|double_move)"),
    SWAP: N_("now the player must swap two cards of one row or decline (swap A B | noswap)"),
    MOVE: N_("now the player must use a movement allowance or end the turn (move / return / end)"),
    FINAL: N_("now the player must make final moves (final pN SPACE...) or finish (done)"),
}
"""What the player must do in each phase, for a refusal (the command words are the text form)."""

def _why_illegal(state: GameState, action: Action) -> str:
    if not isinstance(action, PHASE_TYPES.get(state.phase, ())):
        return _(_PHASE_ACTIONS[state.phase])
    player = state.players[state.current]
    if isinstance(action, Take):
        card = slot_card(state, action.slot)
        if card is None:
            return _("that display slot is empty")
        if state.phase == ACQUIRE and action.slot[0] != FRONT:
            return _("a regular selection takes a front-row card (R3.1)")
        if action.space not in placements(state, player, card):
            return _("{card} cannot be placed on {space} (R4)").format(
                card=card, space=space_str(action.space))
        return _("that card is not allowed by the sand dollar action (R8)")
    if isinstance(action, Buy):
        if action.action not in state.sand_dollar_actions:
            return _("{action} is not in play this game").format(action=action.action)
        cost = action_def(state, action.action).cost
        if player.sand_dollars < cost:
            return _("it costs {cost} sand dollars and the player has {have} (R3.2)").format(
                cost=cost, have=player.sand_dollars)
        return _("no card it allows can be taken and placed (R3.7)")
    if isinstance(action, (MovePerson, ReturnPerson)):
        if not 0 <= action.allowance < len(state.allowances):
            return _("there is no such allowance this turn")
        if action.person not in player.people:
            return _("p{person} is not in the current player's city").format(person=action.person)
        allowance = state.allowances[action.allowance]
        if action.person in allowance.used:
            return _("a person may not move twice under one allowance (R5.3)")
        return _("that person or path is not allowed by this allowance (R5, R6)")
    if isinstance(action, FinalMove):
        if action.person in state.final_moved:
            return _("each person moves once in the final movement (R9.2)")
        return _("that path is not allowed in the final movement (R9.2)")
    return _("not allowed now")


def _apply_choose_tile(state: GameState, action: ChooseTile, events: list[Event]) -> None:
    player = state.players[state.current]
    tile = state.catalog.starting_tiles[action.tile]
    state.tile_pool.remove(action.tile)
    player.tile = tile.id
    player.city[TILE_UPPER] = UPPER_HALF_ID
    player.city[TILE_LOWER] = tile_feature_id(tile.id)
    # R2.6 placement bonus on the lower half; R7.4 footprint when the lower half matches.
    for bonus in tile.placement:
        if isinstance(bonus, GainSandDollars):
            player.sand_dollars += bonus.count
        elif isinstance(bonus, AddPeople):
            _add_people(state, player, bonus.people.value, bonus.count, TILE_LOWER, events)
    feats = tables(state.catalog).feats
    if footprint_matches(tile.footprint, TILE_LOWER, feats[tile_feature_id(tile.id)]):
        if state.supply["footprint"] > 0:
            state.supply["footprint"] -= 1
            player.footprints.add(TILE_LOWER)
        else:
            events.append(Event(ev.NO_FOOTPRINT,
                                "no footprint left in the supply for the "  # not translated: event text
                                "starting tile",
                                state.current, TILE_LOWER))
    events.append(Event(ev.TILE_CHOSEN,
                        f"player {state.current + 1} chooses {tile.name}",  # not translated: event text
                        state.current, what=tile.id))
    if state.current == state.start_player:
        state.phase = PLACE_TRUCK
        state.current = state.last_player
    else:
        state.current = (state.current - 1) % state.num_players


def _apply_place_truck(state: GameState, action: PlaceTruck, events: list[Event]) -> None:
    columns = state.rules.display_columns
    state.truck = action.column
    state.foodie = (action.column + state.rules.foodie_offset) % columns
    events.append(Event(ev.TRUCK_PLACED,
                        f"food truck under column {state.truck}, "  # not translated: event text
                        f"foodie under column {state.foodie}",
                        state.current, count=state.truck, wanted=state.foodie))
    _begin_turn(state, state.start_player, events)


def _apply_take(state: GameState, action: Take, events: list[Event]) -> None:
    current = state.current
    player = state.players[current]
    slot = action.slot
    column = slot[1]
    row = state.front if slot[0] == FRONT else state.back
    card = row[column] if 0 <= column < len(row) else None
    assert card is not None
    row[column] = None
    space = action.space
    player.city[space] = card
    state.placed.append(card)
    events.append(Event(ev.CARD_PLACED,
                        f"player {current + 1} places {card} on "  # not translated: event text
                        f"{ROW_NAMES[space[0]]}:{space[1]}", current, space, what=card))
    if state.phase == ACQUIRE:
        _regular_rewards(state, column, events)
        return
    assert state.bought is not None
    definition = action_def(state, state.bought)
    if definition.take.source is TakeFrom.COLUMN:
        state.take_column = column
    state.to_place -= 1
    if state.to_place and not achievable(state, player, definition, state.to_place):
        events.append(Event(ev.NO_MORE_CARDS,
                            "no other card the action allows can be "  # not translated: event text
                            "taken and placed",
                            current, what=definition.id))
        state.to_place = 0
    if state.to_place == 0:
        _after_cards_placed(state, events)


_FOODIE_MOVE = AllowanceState("move", "any", 1, 1, "foodie")
_REWARD_MOVE = AllowanceState("move", "any", 1, 1, "reward")
_REWARD_DOUBLE_MOVE = AllowanceState("move", "any", 2, 1, "reward", solo_distance=2)
"""R3.4, R3.5: the allowances of the foodie and of the rewards (values, shared)."""


def _regular_rewards(state: GameState, column: int, events: list[Event]) -> None:
    """R3.3-R3.6: food truck and foodie rewards of a regular selection."""
    columns = state.rules.display_columns
    player = state.players[state.current]
    truck, foodie = state.truck == column, state.foodie == column
    if truck and foodie:
        state.phase = REWARD
        return
    if truck:
        player.sand_dollars += state.rules.food_truck_reward
        state.truck = (state.truck + 1) % columns
        events.append(Event(ev.TRUCK_REWARD,
                            f"food truck: +{state.rules.food_truck_reward} "  # not translated: event text
                            "sand dollar(s)",
                            state.current, count=state.rules.food_truck_reward))
    if foodie:
        state.allowances.append(_FOODIE_MOVE)
        state.foodie = (state.foodie + 1) % columns
        events.append(Event(ev.FOODIE_REWARD, "foodie: move 1 person 1 space",  # not translated: event text
                            state.current))
    _after_cards_placed(state, events)


def _apply_reward(state: GameState, action: Reward, events: list[Event]) -> None:
    """R3.5: both tokens in the chosen column; only the food truck moves, two columns."""
    player = state.players[state.current]
    if action.choice == "dollar_move":
        player.sand_dollars += 1
        state.allowances.append(_REWARD_MOVE)
    elif action.choice == "two_dollars":
        player.sand_dollars += 2
    else:
        state.allowances.append(_REWARD_DOUBLE_MOVE)
    state.truck = (state.truck + 2) % state.rules.display_columns
    events.append(Event(ev.BOTH_REWARD,
                        f"foodie and food truck: "  # not translated: event text
                        f"{action.choice.replace('_', ' ')}",
                        state.current, what=action.choice))
    _after_cards_placed(state, events)


def _apply_buy(state: GameState, action: Buy, events: list[Event]) -> None:
    """R3.2, R8.2: pay first; the cards are then taken with ``take`` actions."""
    player = state.players[state.current]
    definition = action_def(state, action.action)
    player.sand_dollars -= definition.cost
    state.bought = action.action
    state.to_place = definition.take.count
    state.take_column = None
    state.phase = PLACE
    events.append(Event(ev.PAID,
                        f"player {state.current + 1} pays {definition.cost} "  # not translated: event text
                        f"for {definition.name}",
                        state.current, count=definition.cost, what=definition.id))


def _after_cards_placed(state: GameState, events: list[Event]) -> None:
    """R8.6 swap first (if the action allows one), then the placement actions (R5)."""
    player = state.players[state.current]
    if state.bought and action_def(state, state.bought).swap:
        if can_swap(state, player):
            state.phase = SWAP
            return
    _placement_actions(state, events)


def _apply_swap(state: GameState, action: Swap, events: list[Event]) -> None:
    """R8.6: people and footprints move with their cards (R7.3)."""
    player = state.players[state.current]
    a, b = action.a, action.b
    city = player.city
    city[a], city[b] = city[b], city[a]
    for pid, (kind, where) in player.people.items():
        if where == a:
            player.people[pid] = (kind, b)
        elif where == b:
            player.people[pid] = (kind, a)
    fa, fb = a in player.footprints, b in player.footprints
    player.footprints.discard(a)
    player.footprints.discard(b)
    if fa:
        player.footprints.add(b)
    if fb:
        player.footprints.add(a)
    events.append(Event(ev.SWAPPED,
                        f"player {state.current + 1} swaps {space_str(a)} "  # not translated: event text
                        f"and {space_str(b)}",
                        state.current, a))
    _placement_actions(state, events)


def _apply_noswap(state: GameState, action: NoSwap, events: list[Event]) -> None:
    _placement_actions(state, events)


def _card_plan(state: GameState, card: str) -> tuple[int, tuple[tuple[Any, ...], ...]]:
    """What placing ``card`` does (R5.1), from its placement effects: the sand dollars gained,
    then in order ``(0, kind, count)`` to add people, ``(1, allowance)`` for a move or return
    allowance (a value, shared) and ``(2, who, count)`` for a ``move_here`` onto its space."""
    t = tables(state.catalog)
    key = ("card", card)
    found = t.plans.get(key)
    if found is None:
        placement = t.feats[card].placement
        dollars = 0
        for effect in placement:
            if isinstance(effect, GainSandDollars):
                dollars += effect.count
        steps: list[tuple[Any, ...]] = []
        for effect in placement:
            if isinstance(effect, AddPeople):
                steps.append((0, effect.people.value, effect.count))
            elif isinstance(effect, Move):
                steps.append((1, AllowanceState("move", effect.people.value, effect.count,
                                                effect.distance, card)))
            elif isinstance(effect, MoveHere):
                steps.append((2, effect.people.value, effect.count))
            elif isinstance(effect, ReturnPeople):
                steps.append((1, AllowanceState("return", effect.people.value, effect.count, 0,
                                                card)))
        found = t.plans[key] = (dollars, tuple(steps))
    return found  # type: ignore[no-any-return]


def _bought_plan(state: GameState, bought: str) -> list[AllowanceState]:
    """The allowances a bought sand dollar action gives (R5.2), values shared."""
    t = tables(state.catalog)
    key = ("bought", bought)
    found = t.plans.get(key)
    if found is None:
        found = []
        for effect in action_def(state, bought).allowances:
            if isinstance(effect, Move):
                found.append(AllowanceState(
                    "move", effect.people.value, effect.count, effect.distance, bought))
            elif isinstance(effect, ReturnPeople):
                found.append(AllowanceState(
                    "return", effect.people.value, effect.count, 0, bought))
        t.plans[key] = found
    return found  # type: ignore[no-any-return]


def _placement_actions(state: GameState, events: list[Event]) -> None:
    """R5.1 gains in placement order, then R5.2 the turn's allowances."""
    player = state.players[state.current]
    city = player.city
    card_allowances: list[AllowanceState] = []
    for card in state.placed:
        space = _space_of(city, card)
        dollars, steps = _card_plan(state, card)
        if dollars:
            player.sand_dollars += dollars
        for step in steps:
            what = step[0]
            if what == 1:
                card_allowances.append(step[1])
            elif what == 0:
                _add_people(state, player, step[1], step[2], space, events)
            else:
                card_allowances.append(AllowanceState(
                    "move_here", step[1], step[2], 0, card, target=space))
    if state.bought:
        state.allowances = card_allowances + state.allowances + _bought_plan(state, state.bought)
    elif card_allowances:
        state.allowances = card_allowances + state.allowances
    else:
        state.allowances = list(state.allowances)
    state.phase = MOVE


def _space_of(city: dict[Space, str], card: str) -> Space:
    """The (last) space holding ``card``: usually the last one filled."""
    for space, fid in reversed(city.items()):
        if fid == card:
            return space
    raise KeyError(card)


def _apply_move(state: GameState, action: MovePerson, events: list[Event]) -> None:
    player = state.players[state.current]
    allowance = state.allowances[action.allowance]
    kind, origin = player.people[action.person]
    player.people[action.person] = (kind, action.path[-1])
    if kind == "vip":
        _visit(state, player, action.path, events)
    # only a move allowance is exhausted by a long move (the solo distance, R3.5 c)
    exhausted = allowance.kind == "move" and (
        len(action.path) if kind == "vip" else walk_distance(player.city, origin, action.path[-1])
    ) > allowance.distance
    state.allowances[action.allowance] = AllowanceState(
        allowance.kind, allowance.who, allowance.count, allowance.distance, allowance.source,
        allowance.solo_distance, allowance.target, (*allowance.used, action.person), exhausted)


def walk_distance(city: dict[Space, str], start: Space, end: Space) -> int:
    """Fewest steps from ``start`` to ``end`` over filled spaces (``move_here`` jumps: 0)."""
    if end == start:
        return 0
    r, c = start
    if end in city and (end == (r, c - 1) or end == (r, c + 1) or end == (1 - r, c)):
        return 1
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        if end in seen:
            return steps
        steps += 1
        nxt = []
        for r, c in frontier:
            for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
                if n in city and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 0


def _apply_return(state: GameState, action: ReturnPerson, events: list[Event]) -> None:
    player = state.players[state.current]
    allowance = state.allowances[action.allowance]
    kind, where = player.people.pop(action.person)
    state.supply[kind] += 1
    events.append(Event(ev.RETURNED,
                        f"p{action.person} ({kind}) returns to the supply from "  # not translated: event text
                        f"{space_str(where)}", state.current, where, what=kind))
    state.allowances[action.allowance] = AllowanceState(
        allowance.kind, allowance.who, allowance.count, allowance.distance, allowance.source,
        allowance.solo_distance, allowance.target, (*allowance.used, action.person))


def _apply_end(state: GameState, action: EndTurn, events: list[Event]) -> None:
    _end_turn(state, events)


def refresh_display(state: GameState) -> None:
    """R3.8: slide back-row cards forward, then deal front row first, left to right."""
    front, back, deck = state.front, state.back, state.deck
    for column in range(len(front)):
        if front[column] is None and back[column] is not None:
            front[column] = back[column]
            back[column] = None
    for row in (front, back):
        if None in row:
            for column in range(len(row)):
                if row[column] is None and deck:
                    row[column] = deck.pop()


def _end_turn(state: GameState, events: list[Event]) -> None:
    refresh_display(state)
    player = state.players[state.current]
    if not state.triggered and player.card_count() >= state.rules.cards_to_end:
        state.triggered = True
        events.append(Event(ev.FINAL_ROUND,
                            f"player {state.current + 1} has "  # not translated: event text
                            f"{player.card_count()} cards: final round",
                            state.current, count=player.card_count()))
    state.bought = None
    state.to_place = 0
    state.take_column = None
    state.placed = []
    state.allowances = []
    if state.triggered and state.current == state.last_player:
        _start_final(state, events)
        return
    _begin_turn(state, (state.current + 1) % state.num_players, events)


def _begin_turn(state: GameState, index: int, events: list[Event]) -> None:
    """Start ``index``'s turn, passing players who cannot acquire (R3.9)."""
    state.turn += 1
    for _seat in range(state.num_players):
        state.current = index
        if can_acquire(state, index):
            state.phase = ACQUIRE
            return
        events.append(Event(ev.TURN_PASSES,
                            f"player {index + 1} cannot take any card: "  # not translated: event text
                            "turn passes",
                            index))
        if state.triggered and index == state.last_player:
            _start_final(state, events)
            return
        index = (index + 1) % state.num_players
    events.append(Event(ev.NOBODY_CAN_TAKE,
                        "no player can take a card: the game ends"))  # not translated: event text
    _start_final(state, events)


def _start_final(state: GameState, events: list[Event]) -> None:
    """R9.2: each player in turn order makes their final movement."""
    state.phase = FINAL
    state.final_players_done = 0
    state.final_moved = set()
    state.current = state.start_player
    events.append(Event(ev.FINAL_MOVEMENT, "final movement"))  # not translated: event text
    _skip_idle_final_players(state, events)


def _skip_idle_final_players(state: GameState, events: list[Event]) -> None:
    while state.phase == FINAL and not has_final_move(state, state.players[state.current]):
        _finish_final_player(state, events)


def _finish_final_player(state: GameState, events: list[Event]) -> None:
    state.final_players_done += 1
    state.final_moved = set()
    if state.final_players_done >= state.num_players:
        state.phase = OVER
        events.append(Event(ev.GAME_OVER, "game over"))  # not translated: event text
        return
    state.current = (state.current + 1) % state.num_players


def _apply_final_move(state: GameState, action: FinalMove, events: list[Event]) -> None:
    player = state.players[state.current]
    kind, _ = player.people[action.person]
    player.people[action.person] = (kind, action.path[-1])
    if kind == "vip":
        _visit(state, player, action.path, events)  # R7.5
    state.final_moved.add(action.person)


def _apply_final_done(state: GameState, action: FinalDone, events: list[Event]) -> None:
    _finish_final_player(state, events)
    _skip_idle_final_players(state, events)


_HANDLERS: dict[type, Callable[[GameState, Any, list[Event]], None]] = {
    ChooseTile: _apply_choose_tile,
    PlaceTruck: _apply_place_truck,
    Take: _apply_take,
    Buy: _apply_buy,
    Reward: _apply_reward,
    Swap: _apply_swap,
    NoSwap: _apply_noswap,
    MovePerson: _apply_move,
    ReturnPerson: _apply_return,
    EndTurn: _apply_end,
    FinalMove: _apply_final_move,
    FinalDone: _apply_final_done,
}
