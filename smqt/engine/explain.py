"""Why a click is refused, in plain words, for the play table (R2-R9).

This module explains refusals; it never decides legality. Every public function first asks the
engine's ``legal_actions(state)`` whether the thing is offered now and returns None when it is.
Only when it is not does it look for the reason, and to do so it reads the rules module's own
helpers (``placements``, ``_take_candidates``, ``_slot_card``, ``_action_def``, ``_distance``,
``final_distance``) instead of keeping a second copy of the rules. The sentences address the
player as "you", name cards and sand dollar actions by their printed names and never show ids,
coordinates or rule ids; when nothing more precise fits, a plain general sentence is returned
(never None for something refused).

One function per intent: ``why_not`` (any action value), ``why_not_pick`` (a display card),
``why_not_space`` (a city space for the picked card), ``why_not_person`` (one of your people)
and ``why_not_step`` (a space for the selected person).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    Slot,
    Swap,
    Take,
)
from smqt.engine.content import SandDollarAction, TakeFrom
from smqt.engine.features import features
from smqt.engine.geometry import BEACH, ROW_NAMES, Space, neighbours
from smqt.engine.rules import (
    _action_def,
    _distance,
    _slot_card,
    _take_candidates,
    final_distance,
    legal_actions,
    placements,
)
from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    OVER,
    PERSON_WORDS,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    AllowanceState,
    GameState,
)

KIND_NAMES = {kind: words[0] for kind, words in PERSON_WORDS.items()}
KIND_PLURALS = {kind: words[1] for kind, words in PERSON_WORDS.items()}
FALLBACK = "That is not possible right now."

PersonAction = MovePerson | ReturnPerson | FinalMove

# ============================================================================ public API


def why_not(state: GameState, action: Action) -> str | None:
    """Why ``action`` is refused now, or None when ``legal_actions`` offers it."""
    if action in legal_actions(state):
        return None
    explain = _REASONS.get(type(action))
    return (explain(state, action) if explain else None) or FALLBACK


def why_not_pick(state: GameState, slot: Slot) -> str | None:
    """Why the display card at ``slot`` (``(FRONT or BACK, column)``) cannot be picked, or None
    when some legal ``Take`` uses that slot."""
    if any(isinstance(a, Take) and a.slot == slot for a in legal_actions(state)):
        return None
    return _pick_reason(state, slot) or "You cannot take that card now."


def why_not_space(state: GameState, slot: Slot, space: Space) -> str | None:
    """Why the card picked at ``slot`` cannot be built on ``space``, or None when that
    ``Take`` is legal. Explains the pick itself first when no space would do."""
    legal = legal_actions(state)
    if Take(slot, space) in legal:
        return None
    if not any(isinstance(a, Take) and a.slot == slot for a in legal):
        return _pick_reason(state, slot) or "You cannot take that card now."
    return _space_reason(state, slot, space)


def why_not_person(state: GameState, pid: int, allowance: int | None = None) -> str | None:
    """Why person ``pid`` cannot be moved (or returned) now, under allowance index
    ``allowance`` when given, or None when a legal move, return or final move uses them."""
    if _moves_of(state, pid, allowance):
        return None
    return _person_reason(state, pid, allowance) or "That person cannot move now."


def why_not_step(state: GameState, pid: int, space: Space, allowance: int | None = None,
                 path: tuple[Space, ...] = ()) -> str | None:
    """Why person ``pid``, having walked ``path`` so far, cannot go to ``space`` next, or None
    when a legal move goes on that way. A VIP walks step by step, so its next step must be a
    neighbour; anyone else is offered each destination at once (R6.3)."""
    path = tuple(path)
    moves = _moves_of(state, pid, allowance)
    n = len(path)
    if any(len(m.path) > n and m.path[:n] == path and m.path[n] == space for m in _walks(moves)):
        return None
    if not moves:
        return _person_reason(state, pid, allowance) or "That person cannot move now."
    return _step_reason(state, pid, space, path, moves) or "That person cannot move there."


# ============================================================================ words


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dollars(n: int) -> str:
    return "no sand dollars" if n <= 0 else _count(n, "sand dollar")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _card_name(state: GameState, card: str) -> str:
    return features(state.catalog)[card].name


def _label(state: GameState, allowance: AllowanceState) -> str:
    """What the player calls an allowance: the Foodie move, a card or an action name."""
    source = allowance.source
    if source == "foodie":
        return "the Foodie move"
    if source == "reward":
        return "the food truck and foodie move"
    if source in state.catalog.sand_dollar_actions:
        return state.catalog.sand_dollar_actions[source].name
    if source in state.catalog.cards:
        return state.catalog.cards[source].name
    return "this move"


def _takes(action: SandDollarAction) -> str:
    """``"Spot Anywhere takes a card with a local or tourist tag"`` (no full stop)."""
    rule = action.take
    if rule.source is TakeFrom.COLUMN:
        what = "a card from the front row and the card behind it"
    else:
        what = "a card" if rule.count == 1 else f"{rule.count} cards"
        if rule.source is not TakeFrom.DISPLAY:
            what += f" from the {rule.source.value} row"
    if rule.tags_any:
        what += f" with a {_join([t.value for t in rule.tags_any], 'or')} tag"
    return f"{action.name} takes {what}"


# ============================================================================ the moment (phases)

_ADMITS = {CHOOSE_TILE: {"tile"}, PLACE_TRUCK: {"truck"}, ACQUIRE: {"take", "buy"},
           PLACE: {"take"}, REWARD: {"reward"}, SWAP: {"swap", "noswap"},
           MOVE: {"person", "allowance", "end"}, FINAL: {"person", "final", "done"}}
_BLOCKING = {OVER: "The game is over.",
             CHOOSE_TILE: "First choose your starting tile.",
             PLACE_TRUCK: "First place the food truck under a column of the display.",
             REWARD: "First choose your food truck and foodie reward.",
             SWAP: "First swap two cards of one row, or choose No swap."}
_IN_TURN = {
    "tile": "Starting tiles are chosen only at the start of the game.",
    "truck": "The food truck is placed only at the start of the game.",
    "person": "People move after your cards are built.",
    "allowance": "People move after your cards are built.",
    "final": "The final movement comes at the end of the game.",
    "done": "The final movement comes at the end of the game.",
    "swap": "You may swap cards only right after building the card of a sand dollar action "
            "that allows a swap.",
    "noswap": "There is no swap to decline now.",
    "reward": "You choose a reward only when you take the card in the column of both the "
              "food truck and the foodie.",
}


def _moment(state: GameState, kind: str) -> str | None:
    """Why nothing of ``kind`` can happen in this phase, or None when the phase allows it."""
    phase = state.phase
    if kind in _ADMITS.get(phase, set()):
        return None
    if phase in _BLOCKING:
        return _BLOCKING[phase]
    if phase == FINAL:
        if kind == "end":
            return "In the final movement, choose Done when you have finished."
        return "The game has ended: only the final movement is left."
    if kind == "buy" and state.bought:
        return "Only one sand dollar action per turn."
    if kind in ("take", "buy"):
        return "You have already taken your card this turn."
    if kind == "end":
        if phase == ACQUIRE:
            return "First take a card, or buy a sand dollar action."
        return f"First take and build {_cards_left(state)}."
    return _IN_TURN[kind]


def _cards_left(state: GameState) -> str:
    action = _action_def(state, state.bought)  # type: ignore[arg-type]
    if action.take.count == 1:
        return f"the card of {action.name}"
    which = "cards" if state.to_place >= action.take.count else "other card"
    return f"the {which} of {action.name}"


# ============================================================================ display cards


def _pick_reason(state: GameState, slot: Slot) -> str | None:
    moment = _moment(state, "take")
    if moment:
        return moment
    card = _slot_card(state, slot)
    if card is None:
        return "That display slot is empty."
    if state.phase == ACQUIRE and slot[0] != FRONT:
        return _back_row_reason(state, slot)
    if state.phase == PLACE:
        action = _action_def(state, state.bought)  # type: ignore[arg-type]
        if slot not in _take_candidates(state, action):
            return _not_taken_by(state, action, slot)
    if not placements(state, state.players[state.current], card):
        return _no_space(state, card)
    return f"If you build {_card_name(state, card)} now, {_second_card(state)} would have nowhere to go."


def _back_row_reason(state: GameState, slot: Slot) -> str:
    """R3.1: a regular selection takes from the front row; name an action that reaches."""
    in_play = [_action_def(state, a) for a in state.sand_dollar_actions]
    reaching = [a for a in in_play if a.take.source is not TakeFrom.FRONT]
    fitting = [a for a in reaching if slot in _take_candidates(state, a)] or reaching
    text = "You take your card from the front row"
    if fitting:
        return f"{text}; a back-row card needs a sand dollar action such as {fitting[0].name}."
    return f"{text}; no sand dollar action in play this game takes from the back row."


def _not_taken_by(state: GameState, action: SandDollarAction, slot: Slot) -> str:
    """R8: the bought action does not take the card at ``slot``."""
    if action.take.source is TakeFrom.COLUMN:
        if state.take_column is not None:
            return f"{action.name} takes the other card of the same column."
        if _slot_card(state, (1 - slot[0], slot[1])) is None:
            return f"{_takes(action)}; this column does not have both."
    return f"{_takes(action)}."


def _fence(state: GameState) -> tuple[int, str] | None:
    """The rightmost ``leftmost_beach`` card of the city (R4.4): its column and name."""
    feats = features(state.catalog)
    city = state.players[state.current].city
    fences = [(c, feats[f].name) for (r, c), f in city.items() if r == BEACH and feats[f].leftmost_beach]
    return max(fences) if fences else None


def _no_space(state: GameState, card: str) -> str:
    """R3.7: the card has no legal placement; name the beach end when that is the cause."""
    feature = features(state.catalog)[card]
    text = f"There is no space in your city where {feature.name} can be built"
    fence = _fence(state) if feature.row == BEACH else None
    if feature.leftmost_beach and fence:
        return (f"{text}: it must be the leftmost card of your beach, and nothing can be built "
                f"left of {fence[1]}.")
    if fence:
        return f"{text}: nothing can be built left of {fence[1]}."
    return f"{text}."


def _second_card(state: GameState) -> str:
    if state.bought:
        return f"the second card of {_action_def(state, state.bought).name}"
    return "the second card"


def _space_reason(state: GameState, slot: Slot, space: Space) -> str:
    """R4.1-R4.4: why the picked card cannot go on ``space``."""
    card = _slot_card(state, slot)
    assert card is not None
    feature = features(state.catalog)[card]
    name, row = feature.name, ROW_NAMES[feature.row]
    city = state.players[state.current].city
    if space in city:
        return "That space is already built."
    if space[0] != feature.row:
        return f"{name} is a {row} card: it goes in your {row} row."
    if not any(n in city for n in neighbours(space)):
        return "A new card must be built next to a built space of your city (not diagonally)."
    if feature.leftmost_beach and any(c <= space[1] for r, c in city if r == BEACH):
        return f"{name} must be the leftmost card of your beach."
    fence = _fence(state) if feature.row == BEACH else None
    if fence and space[1] <= fence[0]:
        return f"Nothing can be built left of {fence[1]}."
    if space in placements(state, state.players[state.current], card):
        return f"If you build {name} there, {_second_card(state)} would have nowhere to go."
    return f"{name} cannot be built there."


# ============================================================================ sand dollar actions


def _buy_reason(state: GameState, buy: Buy) -> str | None:
    moment = _moment(state, "buy")
    if moment:
        return moment
    action = state.catalog.sand_dollar_actions.get(buy.action)
    if action is None or buy.action not in state.sand_dollar_actions:
        name = action.name if action else "That sand dollar action"
        return f"{name} is not in play this game."
    have = state.players[state.current].sand_dollars
    if have < action.cost:
        return f"You have {_dollars(have)}; {action.name} costs {action.cost}."
    candidates = _take_candidates(state, action)
    if not candidates:
        if action.take.source is TakeFrom.COLUMN:
            return f"{_takes(action)}, and no column of the display has both."
        return f"{_takes(action)}, and the display has none."
    cards = sorted({c for c in (_slot_card(state, s) for s in candidates) if c})
    if action.take.source is TakeFrom.COLUMN:
        return f"{action.name} must build both cards of one column, and no such pair fits in your city."
    if len(cards) == 1:
        return _no_space(state, cards[0])
    return f"None of the cards {action.name} can take can be built in your city."


# ============================================================================ people


def _moves_of(state: GameState, pid: int, allowance: int | None) -> list[PersonAction]:
    """The legal moves, returns and final moves of ``pid`` (under ``allowance`` if given)."""
    found: list[PersonAction] = []
    for a in legal_actions(state):
        if isinstance(a, FinalMove) and a.person == pid:
            found.append(a)
        elif isinstance(a, (MovePerson, ReturnPerson)) and a.person == pid and \
                (allowance is None or a.allowance == allowance):
            found.append(a)
    return found


def _walks(moves: list[PersonAction]) -> list[MovePerson | FinalMove]:
    return [m for m in moves if not isinstance(m, ReturnPerson)]


def _fits(allowance: AllowanceState, kind: str) -> bool:
    return allowance.who in ("any", kind)


def _person_reason(state: GameState, pid: int, allowance: int | None) -> str | None:
    moment = _moment(state, "person")
    if moment:
        return moment
    player = state.players[state.current]
    if pid not in player.people:
        if any(pid in p.people for p in state.players):
            return "That person is in another player's city."
        return "That person is not in your city."
    kind, where = player.people[pid]
    who = f"this {KIND_NAMES[kind]}"
    if state.phase == FINAL:
        if pid in state.final_moved:
            return f"Each person moves once in the final movement; {who} has already moved."
        if final_distance(state, kind) == 0:
            return f"{_cap(KIND_PLURALS[kind])} do not move in the final movement."
        return None
    if allowance is not None:
        if not 0 <= allowance < len(state.allowances):
            return "There is no such move this turn."
        chosen = state.allowances[allowance]
        if chosen.remaining <= 0:
            return f"You have used up {_label(state, chosen)}."
        if not _fits(chosen, kind):
            return f"{_cap(_label(state, chosen))} is for {KIND_PLURALS[chosen.who]} only."
        candidates = [chosen]
    else:
        live = [a for a in state.allowances if a.remaining > 0]
        if not live:
            return "You have no moves left this turn."
        candidates = [a for a in live if _fits(a, kind)]
        if not candidates:
            kinds = [KIND_PLURALS[k] for k in ("local", "tourist", "vip") if any(a.who == k for a in live)]
            return f"Your moves left this turn are for {_join(kinds)}."
    fresh = [a for a in candidates if pid not in a.used]
    if not fresh:
        return f"{_cap(who)} has already moved with {_join([_label(state, a) for a in candidates])}."
    if all(a.kind == "move_here" and a.target == where for a in fresh):
        return f"{_cap(who)} is already on {_card_name(state, player.city[where])}."
    return None


def _reach(allowance: AllowanceState) -> int:
    if not allowance.used and allowance.solo_distance > allowance.distance:
        return allowance.solo_distance
    return allowance.distance


def _step_reason(state: GameState, pid: int, space: Space, path: tuple[Space, ...],
                 moves: list[PersonAction]) -> str | None:
    """R6.1, R5.4, R9.2: why ``space`` is not a next step of ``pid`` (who has legal moves)."""
    player = state.players[state.current]
    kind, where = player.people[pid]
    city = player.city
    if space not in city:
        return "People walk only over built spaces."
    if path and not any(m.path[:len(path)] == path for m in _walks(moves)):
        return "That walk cannot go on: step back and choose another way."
    here = path[-1] if path else where
    if space == here:
        return f"This {KIND_NAMES[kind]} is already on that space."
    if state.phase == FINAL:
        reach = final_distance(state, kind)
        scope = f"in the final movement a {KIND_NAMES[kind]} may move {_count(reach, 'step')}"
        return _too_far(city, kind, here, space, path, reach, scope)
    used = sorted({m.allowance for m in moves if isinstance(m, (MovePerson, ReturnPerson))})
    offered = [state.allowances[i] for i in used]
    moving = [a for a in offered if a.kind == "move"]
    if not moving:
        label = _cap(_label(state, offered[0]))
        if offered[0].kind == "move_here":
            return f"{label} can only bring people onto itself."
        return f"{label} returns people to the supply; it does not move them."
    best = max(moving, key=_reach)
    return _too_far(city, kind, here, space, path, _reach(best),
                    _scope(best) if len(moving) == 1 else f"your moves reach {_reach(best)} at most")


def _scope(allowance: AllowanceState) -> str:
    """How far one allowance reaches, with the R3.5 (c) one-person-alone distance."""
    text = f"this move reaches {allowance.distance}"
    if allowance.solo_distance <= allowance.distance:
        return text
    if not allowance.used:
        return f"{text}, or {allowance.solo_distance} for one person alone"
    return f"{text} now that someone has used it (one person alone may go {allowance.solo_distance})"


def _too_far(city: dict[Space, str], kind: str, here: Space, space: Space,
             path: tuple[Space, ...], reach: int, scope: str) -> str | None:
    distance = _distance(city, here, space)
    if distance == 0:
        return "That space cannot be reached over built spaces."
    left = reach - len(path)
    if path and left <= 0:
        return f"This VIP has already walked {_count(len(path), 'step')}, as far as it may go."
    if distance > left:
        if path:
            more = _count(left, "more step")
            return f"That space is {_count(distance, 'step')} away; this VIP can walk {more}."
        return f"That space is {_count(distance, 'step')} away; {scope}."
    if kind == "vip" and distance > 1:
        return "A VIP walks one step at a time: choose a space next to it."
    return None


# ============================================================================ other actions


def _take_reason(state: GameState, take: Take) -> str | None:
    return why_not_space(state, take.slot, take.space)


def _move_reason(state: GameState, move: MovePerson | ReturnPerson) -> str | None:
    moment = _moment(state, "allowance")
    if moment:
        return moment
    if not 0 <= move.allowance < len(state.allowances):
        return "There is no such move this turn."
    allowance = state.allowances[move.allowance]
    label = _cap(_label(state, allowance))
    if isinstance(move, ReturnPerson) and allowance.kind != "return":
        return f"{label} moves people; it does not return them to the supply."
    if isinstance(move, MovePerson) and allowance.kind == "return":
        return f"{label} returns people to the supply; it does not move them."
    reason = _person_reason(state, move.person, move.allowance)
    if reason or isinstance(move, ReturnPerson):
        return reason
    return _path_reason(state, move.person, move.path, move.allowance)


def _final_reason(state: GameState, move: FinalMove) -> str | None:
    return _moment(state, "final") or _person_reason(state, move.person, None) or \
        _path_reason(state, move.person, move.path, None)


def _path_reason(state: GameState, pid: int, path: tuple[Space, ...], allowance: int | None) -> str | None:
    if not path:
        return "Choose where the person goes."
    for i, space in enumerate(path):
        reason = why_not_step(state, pid, space, allowance, path[:i])
        if reason:
            return reason
    return None


def _swap_reason(state: GameState, swap: Swap) -> str | None:
    moment = _moment(state, "swap")
    if moment:
        return moment
    if Swap(swap.b, swap.a) in legal_actions(state):
        return "Choose the left card of the swap first."
    city = state.players[state.current].city
    if swap.a not in city or swap.b not in city:
        return "Swap two cards that are built in your city."
    feats = features(state.catalog)
    for space in (swap.a, swap.b):
        feature = feats[city[space]]
        if not feature.is_card:
            return "The starting tile cannot be swapped."
        if feature.leftmost_beach:
            return f"{feature.name} is the leftmost beach card: it cannot be swapped."
    if swap.a == swap.b:
        if not any(isinstance(a, Swap) and swap.a in (a.a, a.b) for a in legal_actions(state)):
            return (f"No other card of your {ROW_NAMES[swap.a[0]]} can be swapped with "
                    f"{feats[city[swap.a]].name}.")
        return "Choose two different cards to swap."
    if swap.a[0] != swap.b[0]:
        return "Swap two cards of the same row."
    return None


def _tile_reason(state: GameState, choice: ChooseTile) -> str | None:
    if any(p.tile == choice.tile for p in state.players):
        return _moment(state, "tile") or "Another player has already chosen that starting tile."
    return _moment(state, "tile") or "That starting tile was not drawn for this game."


def _truck_reason(state: GameState, truck: PlaceTruck) -> str | None:
    columns = state.rules.display_columns
    return _moment(state, "truck") or f"The display has only {_count(columns, 'column')}."


_REASONS: dict[type, Callable[[GameState, Any], str | None]] = {
    ChooseTile: _tile_reason,
    PlaceTruck: _truck_reason,
    Take: _take_reason,
    Buy: _buy_reason,
    Reward: lambda s, a: _moment(s, "reward") or "That is not one of the rewards.",
    Swap: _swap_reason,
    NoSwap: lambda s, a: _moment(s, "noswap"),
    MovePerson: _move_reason,
    ReturnPerson: _move_reason,
    EndTurn: lambda s, a: _moment(s, "end"),
    FinalMove: _final_reason,
    FinalDone: lambda s, a: _moment(s, "done"),
}
