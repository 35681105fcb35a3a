"""The flow of a turn that the kinds of action share (R3-R9): people added and footprints
left, the gains and allowances of the cards placed (R5.1, R5.2, each kind of placement effect
as ``effectkinds`` says), the swap first when the action allows one (R8.6), the display
refreshed and the turn passed on (R3.8, R3.9), the final round and the final movement's order
(R9.1, R9.2). Each action kind's own part is in its module (``actionkinds`` names them)."""

from __future__ import annotations

from typing import Any

from smqt.engine import events as ev
from smqt.engine.cityshape import tables
from smqt.engine.effectkinds import ADD_PEOPLE, ALLOWANCE, EFFECT_KINDS
from smqt.engine.events import Event
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.geometry import Space, space_str
from smqt.engine.legal import action_def, can_acquire, can_swap, has_final_move
from smqt.engine.state import ACQUIRE, FINAL, MOVE, OVER, SWAP, AllowanceState, GameState, PlayerState


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


def visit(state: GameState, player: PlayerState, path: tuple[Space, ...], events: list[Event]) -> None:
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


def add_people(state: GameState, player: PlayerState, kind: str, count: int, space: Space,
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


def after_cards_placed(state: GameState, events: list[Event]) -> None:
    """R8.6 swap first (if the action allows one), then the placement actions (R5)."""
    player = state.players[state.current]
    if state.bought and action_def(state, state.bought).swap:
        if can_swap(state, player):
            state.phase = SWAP
            return
    placement_actions(state, events)


def _card_plan(state: GameState, card: str) -> tuple[int, tuple[tuple[Any, ...], ...]]:
    """What placing ``card`` does (R5.1), from its placement effects: the sand dollars gained,
    then in order ``(ADD_PEOPLE, kind, count)`` to add people, ``(ALLOWANCE, allowance)`` for
    a move or return allowance (a value, shared) and ``(MOVE_HERE, who, count)`` for a
    ``move_here`` onto its space."""
    t = tables(state.catalog)
    key = ("card", card)
    found = t.plans.get(key)
    if found is None:
        dollars = 0
        steps: list[tuple[Any, ...]] = []
        for effect in t.feats[card].placement:
            gained, step = EFFECT_KINDS[type(effect)].gain(effect)
            dollars += gained
            if step is None:
                continue
            if step[0] == ALLOWANCE:
                step = (ALLOWANCE, _allowance(step, card))
            steps.append(step)
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
            _gained, step = EFFECT_KINDS[type(effect)].gain(effect)
            if step is not None and step[0] == ALLOWANCE:
                found.append(_allowance(step, bought))
        t.plans[key] = found
    return found  # type: ignore[no-any-return]


def _allowance(step: tuple[Any, ...], source: str) -> AllowanceState:
    """The allowance of an ``(ALLOWANCE, kind, who, count, distance)`` step from ``source``."""
    _step, kind, who, count, distance = step
    return AllowanceState(kind, who, count, distance, source)


def tile_bonus(state: GameState, player: PlayerState, tile_placement: tuple[Any, ...], space: Space,
               events: list[Event]) -> None:
    """R2.6: the starting tile's placement bonus on its lower half (sand dollars and people)."""
    for effect in tile_placement:
        gained, step = EFFECT_KINDS[type(effect)].gain(effect)
        player.sand_dollars += gained
        if step is not None and step[0] == ADD_PEOPLE:
            add_people(state, player, step[1], step[2], space, events)


def placement_actions(state: GameState, events: list[Event]) -> None:
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
            if what == ALLOWANCE:
                card_allowances.append(step[1])
            elif what == ADD_PEOPLE:
                add_people(state, player, step[1], step[2], space, events)
            else:  # MOVE_HERE
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


def end_turn(state: GameState, events: list[Event]) -> None:
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
    begin_turn(state, (state.current + 1) % state.num_players, events)


def begin_turn(state: GameState, index: int, events: list[Event]) -> None:
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
    skip_idle_final_players(state, events)


def skip_idle_final_players(state: GameState, events: list[Event]) -> None:
    while state.phase == FINAL and not has_final_move(state, state.players[state.current]):
        finish_final_player(state, events)


def finish_final_player(state: GameState, events: list[Event]) -> None:
    state.final_players_done += 1
    state.final_moved = set()
    if state.final_players_done >= state.num_players:
        state.phase = OVER
        events.append(Event(ev.GAME_OVER, "game over"))  # not translated: event text
        return
    state.current = (state.current + 1) % state.num_players
