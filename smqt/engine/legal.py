"""The legal actions of a state (R3-R9), and the quicker answers the rules need besides the
list: the parts of it one kind of action looks in, and whether a player has anything left to
move.

``legal_actions`` here is the one list ``smqt.engine.rules`` offers and checks against, phase
by phase (``PHASE_TYPES``: the kinds each phase lists). The parts (``sand_dollar_takes``,
``buys``, ``allowance_moves``, ``final_moves``, of one slot, allowance or person when asked)
are what each action kind's own legality looks in (``actionkinds.is_legal``); the shortcuts
are exactly "is any movement in the list", answered without building the rest of it.
Placements and walks come from the city's shape (``cityshape``), worked out once per distinct
city; the actions listed are shared values.
"""

from __future__ import annotations

from smqt.engine.actions import (
    BACK,
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
    Slot,
    Swap,
    Take,
)
from smqt.engine.cityshape import (
    ANYONE,
    MAX_MEMO,
    CityShape,
    CityTables,
    can_step,
    city_shape,
    tables,
)
from smqt.engine.content import SandDollarAction, TakeFrom
from smqt.engine.geometry import Space
from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    GameState,
    PlayerState,
)

END = EndTurn()
DONE = FinalDone()
NO_SWAP = NoSwap()
REWARDS = (Reward("dollar_move"), Reward("two_dollars"), Reward("double_move"))
"""R3.5, in the order they are offered."""

PHASE_TYPES: dict[str, tuple[type, ...]] = {
    CHOOSE_TILE: (ChooseTile,),
    PLACE_TRUCK: (PlaceTruck,),
    ACQUIRE: (Take, Buy),
    PLACE: (Take,),
    REWARD: (Reward,),
    SWAP: (Swap, NoSwap),
    MOVE: (MovePerson, ReturnPerson, EndTurn),
    FINAL: (FinalMove, FinalDone),
}
"""The only action types each phase lists."""

_FROM_FRONT = (TakeFrom.FRONT, TakeFrom.DISPLAY, TakeFrom.COLUMN)
_FROM_BACK = (TakeFrom.BACK, TakeFrom.DISPLAY, TakeFrom.COLUMN)

def _interned(state: GameState, key: tuple, make: type, *fields: object) -> Action:
    """The action ``make(*fields)`` kept for reuse under ``key`` (takes of sand dollar actions,
    buys, ``move_here`` jumps, returns: those not built by a city's shape)."""
    known = tables(state.catalog).interned
    found = known.get(key)
    if found is None:
        if len(known) >= MAX_MEMO:
            known.clear()
        found = known[key] = make(*fields)
    return found


# ============================================================================ display and cards


def slot_card(state: GameState, slot: Slot) -> str | None:
    row = state.front if slot[0] == FRONT else state.back
    return row[slot[1]] if 0 <= slot[1] < len(row) else None


def action_def(state: GameState, action_id: str) -> SandDollarAction:
    return state.catalog.sand_dollar_actions[action_id]


def take_candidates(state: GameState, action: SandDollarAction) -> list[Slot]:
    """Display slots whose card the action may take, ignoring placement (R8)."""
    return [slot for slot, _ in _candidates(state, tables(state.catalog), action)]


def _candidates(state: GameState, t: CityTables, action: SandDollarAction) -> list[tuple[Slot, str]]:
    """``take_candidates`` with each slot's card."""
    rule = action.take
    source = rule.source
    found: list[tuple[Slot, str]] = []
    if source in _FROM_FRONT:
        found = [((FRONT, c), cid) for c, cid in enumerate(state.front) if cid is not None]
    if source in _FROM_BACK:
        found += [((BACK, c), cid) for c, cid in enumerate(state.back) if cid is not None]
    if rule.tags_any:
        tagged = t.tagged(rule.tags_any)
        found = [(s, c) for s, c in found if tagged[c]]
    if source is TakeFrom.COLUMN:
        column = state.take_column
        if column is not None:
            found = [(s, c) for s, c in found if s[1] == column]
        else:
            fronts = {s[1] for s, _ in found if s[0] == FRONT}
            backs = {s[1] for s, _ in found if s[0] == BACK}
            found = [(s, c) for s, c in found if s[1] in fronts and s[1] in backs]
    return found


def placements(state: GameState, player: PlayerState, card_id: str) -> list[Space]:
    """Every space where ``card_id`` may be placed in ``player``'s city now (R4.1-R4.4)."""
    shape = city_shape(state.catalog, player.city)
    return list(shape.placements(shape.tables.placing[card_id]))


# ============================================================================ sand dollar actions


def _completable(state: GameState, shape: CityShape, action: SandDollarAction, remaining: int) -> bool:
    """Whether ``remaining`` more cards can be taken by ``action`` and placed (R3.7, R4.3)."""
    if remaining == 0:
        return True
    t = shape.tables
    placing = t.placing
    if remaining == 1 and not (action.take.source is TakeFrom.COLUMN and state.take_column is None):
        return _any_placeable(state, shape, action)
    candidates = _candidates(state, t, action)
    if action.take.source is TakeFrom.COLUMN and state.take_column is None:
        for column in sorted({s[1] for s, _ in candidates}):
            pair = [state.front[column], state.back[column]]
            if shape.fits(tuple(placing[c] for c in pair if c)):
                return True
        return False
    for i, (_, card) in enumerate(candidates):
        for space in shape.placements(placing[card]):
            after = shape.after(space, card)
            if any(after.nonempty(placing[c]) for j, (_, c) in enumerate(candidates) if j != i):
                return True
    return False


def _any_placeable(state: GameState, shape: CityShape, action: SandDollarAction) -> bool:
    """``_completable(..., 1)`` but for a ``column`` take's first card: any card the action
    may take can be placed."""
    rule = action.take
    source = rule.source
    if source is TakeFrom.COLUMN:
        return any(shape.nonempty(shape.tables.placing[c])
                   for _, c in _candidates(state, shape.tables, action))
    placing = shape.tables.placing
    tagged = shape.tables.tagged(rule.tags_any) if rule.tags_any else None
    nonempty = shape.nonempty
    if source in _FROM_FRONT:
        for cid in state.front:
            if cid is not None and (tagged is None or tagged[cid]) and nonempty(placing[cid]):
                return True
    if source in _FROM_BACK:
        for cid in state.back:
            if cid is not None and (tagged is None or tagged[cid]) and nonempty(placing[cid]):
                return True
    return False


def _achievable(state: GameState, shape: CityShape, action: SandDollarAction, remaining: int) -> int:
    if action.take.source is TakeFrom.COLUMN:
        return remaining if _completable(state, shape, action, remaining) else 0
    for count in range(remaining, 0, -1):
        if _completable(state, shape, action, count):
            return count
    return 0


def achievable(state: GameState, player: PlayerState, action: SandDollarAction,
               remaining: int) -> int:
    """How many more cards ``action`` can take and place, up to ``remaining`` (R3.7, R8).

    **Decision**: an action that takes several cards takes as many as it can, up to its
    count (``two_front`` with one usable front card takes that one); only a ``column`` take
    (``front_and_behind``) needs both of its cards (R8.3)."""
    return _achievable(state, city_shape(state.catalog, player.city), action, remaining)


def _achieves(state: GameState, shape: CityShape, action: SandDollarAction) -> bool:
    """``achievable(...) > 0`` of the action's whole count, sooner: taking two of a row's
    cards needs one of them placeable (a ``column`` take needs both, R8.3)."""
    rule = action.take
    count = rule.count
    source = rule.source
    if source is TakeFrom.COLUMN:
        return bool(count) and _completable(state, shape, action, count)
    if count < 1:
        return False
    placing = shape.tables.placing
    masks = shape.masks
    tagged = shape.tables.tagged(rule.tags_any) if rule.tags_any else None
    for row in ((state.front if source in _FROM_FRONT else ()),
                (state.back if source in _FROM_BACK else ())):
        for cid in row:
            if cid is not None and (tagged is None or tagged[cid]):
                mask = masks[placing[cid]]
                if mask is None:
                    raise ValueError("min() arg is an empty sequence")  # not translated: internal
                if mask:
                    return True
    return False


def can_acquire(state: GameState, index: int) -> bool:
    """Whether player ``index`` can acquire any card now (R3.7, R3.9)."""
    player = state.players[index]
    shape = city_shape(state.catalog, player.city)
    placing = shape.tables.placing
    masks = shape.masks
    for cid in state.front:
        if cid is not None:
            mask = masks[placing[cid]]
            if mask is None:
                raise ValueError("min() arg is an empty sequence")  # not translated: internal
            if mask:
                return True
    return bool(buys(state, player, shape))


def buys(state: GameState, player: PlayerState, shape: CityShape) -> list[Action]:
    """R3.2, R3.7: the actions the player can pay for that can take a card."""
    found: list[Action] = []
    dollars = player.sand_dollars
    defs = state.catalog.sand_dollar_actions
    for action_id in state.sand_dollar_actions:
        action = defs[action_id]
        if dollars >= action.cost and _achieves(state, shape, action):
            buy = shape.tables.interned.get(("buy", action_id))
            found.append(_interned(state, ("buy", action_id), Buy, action_id) if buy is None else buy)
    return found


# ============================================================================ legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the current player may take now, in a stable order."""
    phase = state.phase
    player = state.players[state.current]
    if phase == ACQUIRE:
        shape = city_shape(state.catalog, player.city)
        return (*shape.acquire_takes(state.front), *buys(state, player, shape))
    if phase == MOVE:
        found = allowance_moves(state, player)
        found.append(END)
        return tuple(found)
    if phase == FINAL:
        shape = city_shape(state.catalog, player.city)
        return (*shape.final_walkers(player.people, state.final_moved, final_distances(state),
                                     ANYONE), DONE)
    if phase == PLACE:
        return tuple(sand_dollar_takes(state, player))
    if phase == CHOOSE_TILE:
        return tuple(ChooseTile(tile) for tile in state.tile_pool)
    if phase == PLACE_TRUCK:
        return tuple(PlaceTruck(column) for column in range(state.rules.display_columns))
    if phase == REWARD:
        return REWARDS
    if phase == SWAP:
        return (*swaps(state, player), NO_SWAP)
    return ()


def sand_dollar_takes(state: GameState, player: PlayerState, only: Take | None = None
                      ) -> list[Action]:
    """Takes that keep as many of the action's cards placeable as can be (R4.3, R8); with
    ``only``, just the takes equal to it."""
    shape = city_shape(state.catalog, player.city)
    t = shape.tables
    placing = t.placing
    placements = shape.placements
    action = action_def(state, state.bought)  # type: ignore[arg-type]
    target = _achievable(state, shape, action, state.to_place)
    column_take = action.take.source is TakeFrom.COLUMN
    # one card more to place after this one, and it can be: ``_achievable(..., 1) == 1`` is
    # whether any card the action may still take can be placed (``_any_placeable``)
    last_two = target == 2 and state.to_place == 2
    found: list[Action] = []
    for slot, card in _candidates(state, t, action):
        row = state.front if slot[0] == FRONT else state.back
        for space in placements(placing[card]):
            if only is not None and not (slot == only.slot and space == only.space):
                continue
            if target > 1:
                after = shape.after(space, card)
                row[slot[1]] = None
                saved_column = state.take_column
                if column_take:
                    state.take_column = slot[1]
                if last_two:
                    ok = _any_placeable(state, after, action)
                else:
                    ok = _achievable(state, after, action, state.to_place - 1) == target - 1
                state.take_column = saved_column
                row[slot[1]] = card
                if not ok:
                    continue
            found.append(_interned(state, ("take", slot, space), Take, slot, space))
    return found


def _swappable(state: GameState, player: PlayerState) -> list[Space]:
    feats = tables(state.catalog).feats
    return sorted(
        space for space, fid in player.city.items()
        if feats[fid].is_card and not feats[fid].leftmost_beach
    )


def swaps(state: GameState, player: PlayerState) -> list[Swap]:
    """R8.6: two feature cards of one row (not one that must stay leftmost)."""
    spaces = _swappable(state, player)
    return [Swap(a, b) for i, a in enumerate(spaces) for b in spaces[i + 1:] if a[0] == b[0]]


def can_swap(state: GameState, player: PlayerState) -> bool:
    spaces = _swappable(state, player)
    return any(a[0] == b[0] for i, a in enumerate(spaces) for b in spaces[i + 1:])


def allowance_moves(state: GameState, player: PlayerState, only: object = ANYONE,
                    person: object = ANYONE) -> list[Action]:
    """R5.2-R5.5: each allowance's moves, jumps and returns (of allowance ``only`` and of
    ``person`` alone unless they are ``ANYONE``)."""
    found: list[Action] = []
    shape: CityShape | None = None
    people = player.people
    for index, allowance in enumerate(state.allowances):
        if (only is not ANYONE and not index == only) or (
                0 if allowance.exhausted else allowance.count - len(allowance.used)) <= 0:
            continue  # nothing remaining
        used = allowance.used
        who = allowance.who
        if allowance.kind == "move":
            distance = allowance.distance
            if not used and allowance.solo_distance > distance:
                distance = allowance.solo_distance
            if shape is None:
                shape = city_shape(state.catalog, player.city)
            found += shape.walkers(index, people, who, used, distance, person)
        elif allowance.kind == "move_here":
            target = allowance.target
            assert target is not None
            for pid, (kind, where) in people.items():
                if (who == "any" or who == kind) and pid not in used and where != target and (
                        person is ANYONE or pid == person):
                    found.append(_interned(state, ("here", index, pid, target), MovePerson,
                                           index, pid, (target,)))
        else:
            for pid, (kind, _where) in people.items():
                if (who == "any" or who == kind) and pid not in used and (
                        person is ANYONE or pid == person):
                    found.append(_interned(state, ("return", index, pid), ReturnPerson, index, pid))
    return found


def has_move(state: GameState, player: PlayerState) -> bool:
    """Whether any move, jump or return is legal now (``allowance_moves`` is not empty)."""
    city = player.city
    for allowance in state.allowances:
        if (0 if allowance.exhausted else allowance.count - len(allowance.used)) <= 0:
            continue  # nothing remaining
        used = allowance.used
        who = allowance.who
        if allowance.kind == "move":
            distance = allowance.distance
            if not used and allowance.solo_distance > distance:
                distance = allowance.solo_distance
            if distance < 1:
                continue
            for pid, (kind, where) in player.people.items():
                if (who == "any" or who == kind) and pid not in used and can_step(city, where):
                    return True
        elif allowance.kind == "move_here":
            target = allowance.target
            assert target is not None
            for pid, (kind, where) in player.people.items():
                if (who == "any" or who == kind) and pid not in used and where != target:
                    return True
        else:
            for pid, (kind, _where) in player.people.items():
                if (who == "any" or who == kind) and pid not in used:
                    return True
    return False


def final_distances(state: GameState) -> dict[str, int]:
    final = state.rules.final_move
    return {"local": final.local, "tourist": final.tourist, "vip": final.vip}


def final_distance(state: GameState, kind: str) -> int:
    return final_distances(state)[kind]


def final_moves(state: GameState, player: PlayerState, person: object = ANYONE) -> list[Action]:
    """R9.2: each person not yet moved (``person`` alone unless ``ANYONE``), along any path of
    their kind's final distance."""
    distances = final_distances(state)
    shape = city_shape(state.catalog, player.city)
    found: list[Action] = []
    found += shape.final_walkers(player.people, state.final_moved, distances, person)
    return found


def has_final_move(state: GameState, player: PlayerState) -> bool:
    """Whether anyone of ``player`` may still make a final move (``final_moves`` not empty)."""
    distances = final_distances(state)
    moved = state.final_moved
    city = player.city
    for pid, (kind, where) in player.people.items():
        if pid not in moved and distances[kind] >= 1 and can_step(city, where):
            return True
    return False
