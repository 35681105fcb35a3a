"""Why a click is refused, in plain words, for the play table (R2-R9).

This module explains refusals; it never decides legality. Every public function first asks the
engine's ``legal_actions(state)`` whether the thing is offered now and returns None when it is.
Only when it is not does it look for the reason, and to do so it reads the rules' own
helpers (``placements``, ``take_candidates``, ``slot_card``, ``action_def``, ``walk_distance``,
``final_distance``) instead of keeping a second copy of the rules. The sentences address the
player as "you", name cards and sand dollar actions by their printed names and never show ids,
coordinates or rule ids; when nothing more precise fits, a plain general sentence is returned
(never None for something refused).

One function per intent: ``why_not`` (any action value), ``why_not_pick`` (a display card),
``why_not_space`` (a city space for the picked card), ``why_not_person`` (one of your people),
``why_not_step`` (a space for the selected person) and ``why_idle`` (a move of the turn that
nothing can use).
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
from smqt.engine.features import feature_name, features
from smqt.engine.geometry import BEACH, Space, neighbours
from smqt.engine.legal import action_def, slot_card, take_candidates
from smqt.engine.rules import final_distance, legal_actions, placements, walk_distance
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
from smqt.language.translate import N_, _, ngettext

KIND_NAMES = {kind: words[0] for kind, words in PERSON_WORDS.items()}
KIND_PLURALS = {kind: words[1] for kind, words in PERSON_WORDS.items()}
FALLBACK = N_("That is not possible right now.")
"""The general refusal (translate with ``_`` where it is shown; ``why_not`` does)."""
_THIS = {"local": N_("this local"), "tourist": N_("this tourist"), "vip": N_("this VIP"),
         "any": N_("this person")}
"""One person of a kind, as the subject of a sentence."""
_PLURALS = {"local": N_("locals"), "tourist": N_("tourists"), "vip": N_("VIPs"),
            "any": N_("people")}
_NO_FINAL = {"local": N_("Locals do not move in the final movement."),
             "tourist": N_("Tourists do not move in the final movement."),
             "vip": N_("VIPs do not move in the final movement."),
             "any": N_("People do not move in the final movement.")}
_NONE_IN_CITY = {"local": N_("you have no local in your city"),
                 "tourist": N_("you have no tourist in your city"),
                 "vip": N_("you have no VIP in your city"),
                 "any": N_("you have nobody in your city")}
_NOBODY_MOVES = {"local": N_("no local of yours can move"),
                 "tourist": N_("no tourist of yours can move"),
                 "vip": N_("no VIP of yours can move"),
                 "any": N_("none of your people can move")}
_TAG_WORDS = {"local": N_("local"), "tourist": N_("tourist"), "business": N_("business"),
              "sports": N_("sports"), "nature": N_("nature"), "wave": N_("wave")}
"""A location tag's name (R0.4), as in "a card with a local or tourist tag"."""

PersonAction = MovePerson | ReturnPerson | FinalMove

# ============================================================================ public API


def why_not(state: GameState, action: Action) -> str | None:
    """Why ``action`` is refused now, or None when ``legal_actions`` offers it."""
    if action in legal_actions(state):
        return None
    explain = _REASONS.get(type(action))
    return (explain(state, action) if explain else None) or _(FALLBACK)


def why_not_pick(state: GameState, slot: Slot) -> str | None:
    """Why the display card at ``slot`` (``(FRONT or BACK, column)``) cannot be picked, or None
    when some legal ``Take`` uses that slot."""
    if any(isinstance(a, Take) and a.slot == slot for a in legal_actions(state)):
        return None
    return _pick_reason(state, slot) or _("You cannot take that card now.")


def why_not_space(state: GameState, slot: Slot, space: Space) -> str | None:
    """Why the card picked at ``slot`` cannot be built on ``space``, or None when that
    ``Take`` is legal. Explains the pick itself first when no space would do."""
    legal = legal_actions(state)
    if Take(slot, space) in legal:
        return None
    if not any(isinstance(a, Take) and a.slot == slot for a in legal):
        return _pick_reason(state, slot) or _("You cannot take that card now.")
    return _space_reason(state, slot, space)


def why_not_person(state: GameState, pid: int, allowance: int | None = None) -> str | None:
    """Why person ``pid`` cannot be moved (or returned) now, under allowance index
    ``allowance`` when given, or None when a legal move, return or final move uses them."""
    if _moves_of(state, pid, allowance):
        return None
    return _person_reason(state, pid, allowance) or _("That person cannot move now.")


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
        return _person_reason(state, pid, allowance) or _("That person cannot move now.")
    return _step_reason(state, pid, space, path, moves) or _("That person cannot move there.")


def why_idle(state: GameState, index: int) -> str | None:
    """Why the allowance at ``index``, with moves left, is used by nothing legal now, as a
    clause for "not usable now: ..." ("you have no tourist in your city"); None when a legal
    move or return uses it, when nothing is left of it, or when it does not exist."""
    if state.phase != MOVE or not 0 <= index < len(state.allowances):
        return None
    allowance = state.allowances[index]
    if allowance.remaining <= 0 or any(
            isinstance(a, MovePerson | ReturnPerson) and a.allowance == index
            for a in legal_actions(state)):
        return None
    player = state.players[state.current]
    fitting = [pid for pid, (kind, _where) in player.people.items() if _fits(allowance, kind)]
    if allowance.kind == "return":
        return _("nobody it may send back is in your city") if not fitting else \
            _("nobody it may send back can go now")
    if not fitting:
        return _(_NONE_IN_CITY[allowance.who])
    fresh = [pid for pid in fitting if pid not in allowance.used]
    if not fresh:
        return _("everyone it may move has moved with it already")
    target = allowance.target
    if allowance.kind == "move_here" and target is not None and \
            all(player.people[pid][1] == target for pid in fresh):
        return _("everyone it may bring is on {card} already").format(
            card=_card_name(state, player.city[target]))
    return _(_NOBODY_MOVES[allowance.who])


# ============================================================================ words


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(words: list[str], last: str = "and") -> str:
    if len(words) == 1:
        return words[0]
    items, final = ", ".join(words[:-1]), words[-1]
    if last == "or":
        return _("{items} or {last}").format(items=items, last=final)
    return _("{items} and {last}").format(items=items, last=final)


def _card_name(state: GameState, card: str) -> str:
    return feature_name(features(state.catalog)[card])


def _label(state: GameState, allowance: AllowanceState) -> str:
    """What the player calls an allowance: the Foodie move, a card or an action name."""
    source = allowance.source
    if source == "foodie":
        return _("the Foodie move")
    if source == "reward":
        return _("the food truck and foodie move")
    if source in state.catalog.sand_dollar_actions:
        return state.catalog.sand_dollar_actions[source].name
    if source in state.catalog.cards:
        return state.catalog.cards[source].name
    return _("this move")


def _takes(action: SandDollarAction) -> str:
    """``"Spot Anywhere takes a card with a local or tourist tag"`` (no full stop)."""
    rule = action.take
    tags = _join([_(_TAG_WORDS[t.value]) for t in rule.tags_any], "or") if rule.tags_any else ""
    one = rule.count == 1
    if rule.source is TakeFrom.COLUMN:
        text = (_("{name} takes a card from the front row and the card behind it with a {tags} "
                  "tag") if tags else
                _("{name} takes a card from the front row and the card behind it"))
    elif rule.source is TakeFrom.FRONT:
        if tags:
            text = (_("{name} takes a card from the front row with a {tags} tag") if one else
                    _("{name} takes {n} cards from the front row with a {tags} tag"))
        else:
            text = (_("{name} takes a card from the front row") if one else
                    _("{name} takes {n} cards from the front row"))
    elif rule.source is TakeFrom.BACK:
        if tags:
            text = (_("{name} takes a card from the back row with a {tags} tag") if one else
                    _("{name} takes {n} cards from the back row with a {tags} tag"))
        else:
            text = (_("{name} takes a card from the back row") if one else
                    _("{name} takes {n} cards from the back row"))
    elif tags:
        text = (_("{name} takes a card with a {tags} tag") if one else
                _("{name} takes {n} cards with a {tags} tag"))
    else:
        text = _("{name} takes a card") if one else _("{name} takes {n} cards")
    return text.format(name=action.name, n=rule.count, tags=tags)


# ============================================================================ the moment (phases)

_ADMITS = {CHOOSE_TILE: {"tile"}, PLACE_TRUCK: {"truck"}, ACQUIRE: {"take", "buy"},
           PLACE: {"take"}, REWARD: {"reward"}, SWAP: {"swap", "noswap"},
           MOVE: {"person", "allowance", "end"}, FINAL: {"person", "final", "done"}}
_BLOCKING = {OVER: N_("The game is over."),
             CHOOSE_TILE: N_("First choose your starting tile."),
             PLACE_TRUCK: N_("First place the food truck under a column of the display."),
             REWARD: N_("First choose your food truck and foodie reward."),
             SWAP: N_("First swap two cards of one row, or choose No swap.")}
_IN_TURN = {
    "tile": N_("Starting tiles are chosen only at the start of the game."),
    "truck": N_("The food truck is placed only at the start of the game."),
    "person": N_("People move after your cards are built."),
    "allowance": N_("People move after your cards are built."),
    "final": N_("The final movement comes at the end of the game."),
    "done": N_("The final movement comes at the end of the game."),
    "swap": N_("You may swap cards only right after building the card of a sand dollar action "
               "that allows a swap."),
    "noswap": N_("There is no swap to decline now."),
    "reward": N_("You choose a reward only when you take the card in the column of both the "
                 "food truck and the foodie."),
}


def _moment(state: GameState, kind: str) -> str | None:
    """Why nothing of ``kind`` can happen in this phase, or None when the phase allows it."""
    phase = state.phase
    if kind in _ADMITS.get(phase, set()):
        return None
    if phase in _BLOCKING:
        return _(_BLOCKING[phase])
    if phase == FINAL:
        if kind == "end":
            return _("In the final movement, choose Done when you have finished.")
        return _("The game has ended: only the final movement is left.")
    if kind == "buy" and state.bought:
        return _("Only one sand dollar action per turn.")
    if kind in ("take", "buy"):
        return _("You have already taken your card this turn.")
    if kind == "end":
        if phase == ACQUIRE:
            return _("First take a card, or buy a sand dollar action.")
        return _cards_left(state)
    return _(_IN_TURN[kind])


def _cards_left(state: GameState) -> str:
    action = action_def(state, state.bought)  # type: ignore[arg-type]
    if action.take.count == 1:
        text = _("First take and build the card of {name}.")
    elif state.to_place >= action.take.count:
        text = _("First take and build the cards of {name}.")
    else:
        text = _("First take and build the other card of {name}.")
    return text.format(name=action.name)


# ============================================================================ display cards


def _pick_reason(state: GameState, slot: Slot) -> str | None:
    moment = _moment(state, "take")
    if moment:
        return moment
    card = slot_card(state, slot)
    if card is None:
        return _("That display slot is empty.")
    if state.phase == ACQUIRE and slot[0] != FRONT:
        return _back_row_reason(state, slot)
    if state.phase == PLACE:
        action = action_def(state, state.bought)  # type: ignore[arg-type]
        if slot not in take_candidates(state, action):
            return _not_taken_by(state, action, slot)
    if not placements(state, state.players[state.current], card):
        return _no_space(state, card)
    return _nowhere(state, _card_name(state, card), now=True)


def _back_row_reason(state: GameState, slot: Slot) -> str:
    """R3.1: a regular selection takes from the front row; name an action that reaches."""
    in_play = [action_def(state, a) for a in state.sand_dollar_actions]
    reaching = [a for a in in_play if a.take.source is not TakeFrom.FRONT]
    fitting = [a for a in reaching if slot in take_candidates(state, a)] or reaching
    if fitting:
        return _("You take your card from the front row; a back-row card needs a sand dollar "
                 "action such as {name}.").format(name=fitting[0].name)
    return _("You take your card from the front row; no sand dollar action in play this game "
             "takes from the back row.")


def _not_taken_by(state: GameState, action: SandDollarAction, slot: Slot) -> str:
    """R8: the bought action does not take the card at ``slot``."""
    if action.take.source is TakeFrom.COLUMN:
        if state.take_column is not None:
            return _("{name} takes the other card of the same column.").format(name=action.name)
        if slot_card(state, (1 - slot[0], slot[1])) is None:
            return _("{takes}; this column does not have both.").format(takes=_takes(action))
    return _("{takes}.").format(takes=_takes(action))


def _fence(state: GameState) -> tuple[int, str] | None:
    """The rightmost ``leftmost_beach`` card of the city (R4.4): its column and name."""
    feats = features(state.catalog)
    city = state.players[state.current].city
    fences = [(c, feats[f].name) for (r, c), f in city.items() if r == BEACH and feats[f].leftmost_beach]
    return max(fences) if fences else None


def _no_space(state: GameState, card: str) -> str:
    """R3.7: the card has no legal placement; name the beach end when that is the cause."""
    feature = features(state.catalog)[card]
    fence = _fence(state) if feature.row == BEACH else None
    if feature.leftmost_beach and fence:
        return _("There is no space in your city where {name} can be built: it must be the "
                 "leftmost card of your beach, and nothing can be built left of {fence}.").format(
            name=feature.name, fence=fence[1])
    if fence:
        return _("There is no space in your city where {name} can be built: nothing can be built "
                 "left of {fence}.").format(name=feature.name, fence=fence[1])
    return _("There is no space in your city where {name} can be built.").format(
        name=feature.name)


def _nowhere(state: GameState, name: str, now: bool) -> str:
    """Building ``name`` now (or there) would leave the bought action's second card no space."""
    if state.bought:
        action = action_def(state, state.bought).name
        if now:
            text = _("If you build {card} now, the second card of {action} would have nowhere "
                     "to go.")
        else:
            text = _("If you build {card} there, the second card of {action} would have "
                     "nowhere to go.")
        return text.format(card=name, action=action)
    if now:
        return _("If you build {card} now, the second card would have nowhere to go.").format(
            card=name)
    return _("If you build {card} there, the second card would have nowhere to go.").format(
        card=name)


def _space_reason(state: GameState, slot: Slot, space: Space) -> str:
    """R4.1-R4.4: why the picked card cannot go on ``space``."""
    card = slot_card(state, slot)
    assert card is not None
    feature = features(state.catalog)[card]
    name = feature.name
    city = state.players[state.current].city
    if space in city:
        return _("That space is already built.")
    if space[0] != feature.row:
        if feature.row == BEACH:
            return _("{name} is a beach card: it goes in your beach row.").format(name=name)
        return _("{name} is a street card: it goes in your street row.").format(name=name)
    if not any(n in city for n in neighbours(space)):
        return _("A new card must be built next to a built space of your city (not diagonally).")
    if feature.leftmost_beach and any(c <= space[1] for r, c in city if r == BEACH):
        return _("{name} must be the leftmost card of your beach.").format(name=name)
    fence = _fence(state) if feature.row == BEACH else None
    if fence and space[1] <= fence[0]:
        return _("Nothing can be built left of {name}.").format(name=fence[1])
    if space in placements(state, state.players[state.current], card):
        return _nowhere(state, name, now=False)
    return _("{name} cannot be built there.").format(name=name)


# ============================================================================ sand dollar actions


def _buy_reason(state: GameState, buy: Buy) -> str | None:
    moment = _moment(state, "buy")
    if moment:
        return moment
    action = state.catalog.sand_dollar_actions.get(buy.action)
    if action is None or buy.action not in state.sand_dollar_actions:
        if action is None:
            return _("That sand dollar action is not in play this game.")
        return _("{name} is not in play this game.").format(name=action.name)
    have = state.players[state.current].sand_dollars
    if have < action.cost:
        if have <= 0:
            text = _("You have no sand dollars; {name} costs {cost}.")
        else:
            text = ngettext("You have {n} sand dollar; {name} costs {cost}.",
                            "You have {n} sand dollars; {name} costs {cost}.", have)
        return text.format(n=have, name=action.name, cost=action.cost)
    candidates = take_candidates(state, action)
    if not candidates:
        if action.take.source is TakeFrom.COLUMN:
            return _("{takes}, and no column of the display has both.").format(takes=_takes(action))
        return _("{takes}, and the display has none.").format(takes=_takes(action))
    cards = sorted({c for c in (slot_card(state, s) for s in candidates) if c})
    if action.take.source is TakeFrom.COLUMN:
        return _("{name} must build both cards of one column, and no such pair fits in your "
                 "city.").format(name=action.name)
    if len(cards) == 1:
        return _no_space(state, cards[0])
    return _("None of the cards {name} can take can be built in your city.").format(
        name=action.name)


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
            return _("That person is in another player's city.")
        return _("That person is not in your city.")
    kind, where = player.people[pid]
    who = _(_THIS[kind])
    if state.phase == FINAL:
        if pid in state.final_moved:
            return _("Each person moves once in the final movement; {who} has already "
                     "moved.").format(who=who)
        if final_distance(state, kind) == 0:
            return _(_NO_FINAL[kind])
        return None
    if allowance is not None:
        if not 0 <= allowance < len(state.allowances):
            return _("There is no such move this turn.")
        chosen = state.allowances[allowance]
        if chosen.remaining <= 0:
            return _("You have used up {move}.").format(move=_label(state, chosen))
        if not _fits(chosen, kind):
            return _("{move} is for {people} only.").format(
                move=_cap(_label(state, chosen)), people=_(_PLURALS[chosen.who]))
        candidates = [chosen]
    else:
        live = [a for a in state.allowances if a.remaining > 0]
        if not live:
            return _("You have no moves left this turn.")
        candidates = [a for a in live if _fits(a, kind)]
        if not candidates:
            kinds = [_(_PLURALS[k]) for k in ("local", "tourist", "vip")
                     if any(a.who == k for a in live)]
            return _("Your moves left this turn are for {people}.").format(people=_join(kinds))
    fresh = [a for a in candidates if pid not in a.used]
    if not fresh:
        return _("{who} has already moved with {moves}.").format(
            who=_cap(who), moves=_join([_label(state, a) for a in candidates]))
    if all(a.kind == "move_here" and a.target == where for a in fresh):
        return _("{who} is already on {card}.").format(
            who=_cap(who), card=_card_name(state, player.city[where]))
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
        return _("People walk only over built spaces.")
    if path and not any(m.path[:len(path)] == path for m in _walks(moves)):
        return _("That walk cannot go on: step back and choose another way.")
    here = path[-1] if path else where
    if space == here:
        return _("{who} is already on that space.").format(who=_cap(_(_THIS[kind])))
    if state.phase == FINAL:
        reach = final_distance(state, kind)
        if kind == "local":
            scope = ngettext("in the final movement a local may move {n} step",
                             "in the final movement a local may move {n} steps", reach)
        elif kind == "tourist":
            scope = ngettext("in the final movement a tourist may move {n} step",
                             "in the final movement a tourist may move {n} steps", reach)
        else:
            scope = ngettext("in the final movement a VIP may move {n} step",
                             "in the final movement a VIP may move {n} steps", reach)
        return _too_far(city, kind, here, space, path, reach, scope.format(n=reach))
    used = sorted({m.allowance for m in moves if isinstance(m, (MovePerson, ReturnPerson))})
    offered = [state.allowances[i] for i in used]
    moving = [a for a in offered if a.kind == "move"]
    if not moving:
        label = _cap(_label(state, offered[0]))
        if offered[0].kind == "move_here":
            return _("{move} can only bring people onto itself.").format(move=label)
        return _("{move} returns people to the supply; it does not move them.").format(move=label)
    best = max(moving, key=_reach)
    return _too_far(city, kind, here, space, path, _reach(best),
                    _scope(best) if len(moving) == 1 else
                    _("your moves reach {n} at most").format(n=_reach(best)))


def _scope(allowance: AllowanceState) -> str:
    """How far one allowance reaches, with the R3.5 (c) one-person-alone distance."""
    if allowance.solo_distance <= allowance.distance:
        return _("this move reaches {n}").format(n=allowance.distance)
    if not allowance.used:
        return _("this move reaches {n}, or {solo} for one person alone").format(
            n=allowance.distance, solo=allowance.solo_distance)
    return _("this move reaches {n} now that someone has used it (one person alone may go "
             "{solo})").format(n=allowance.distance, solo=allowance.solo_distance)


def _too_far(city: dict[Space, str], kind: str, here: Space, space: Space,
             path: tuple[Space, ...], reach: int, scope: str) -> str | None:
    distance = walk_distance(city, here, space)
    if distance == 0:
        return _("That space cannot be reached over built spaces.")
    left = reach - len(path)
    if path and left <= 0:
        return ngettext("This VIP has already walked {n} step, as far as it may go.",
                        "This VIP has already walked {n} steps, as far as it may go.",
                        len(path)).format(n=len(path))
    if distance > left:
        if path:
            more = ngettext("{n} more step", "{n} more steps", left).format(n=left)
            return ngettext("That space is {n} step away; this VIP can walk {more}.",
                            "That space is {n} steps away; this VIP can walk {more}.",
                            distance).format(n=distance, more=more)
        return ngettext("That space is {n} step away; {scope}.",
                        "That space is {n} steps away; {scope}.", distance).format(
            n=distance, scope=scope)
    if kind == "vip" and distance > 1:
        return _("A VIP walks one step at a time: choose a space next to it.")
    return None


# ============================================================================ other actions


def _take_reason(state: GameState, take: Take) -> str | None:
    return why_not_space(state, take.slot, take.space)


def _move_reason(state: GameState, move: MovePerson | ReturnPerson) -> str | None:
    moment = _moment(state, "allowance")
    if moment:
        return moment
    if not 0 <= move.allowance < len(state.allowances):
        return _("There is no such move this turn.")
    allowance = state.allowances[move.allowance]
    label = _cap(_label(state, allowance))
    if isinstance(move, ReturnPerson) and allowance.kind != "return":
        return _("{move} moves people; it does not return them to the supply.").format(move=label)
    if isinstance(move, MovePerson) and allowance.kind == "return":
        return _("{move} returns people to the supply; it does not move them.").format(move=label)
    reason = _person_reason(state, move.person, move.allowance)
    if reason or isinstance(move, ReturnPerson):
        return reason
    return _path_reason(state, move.person, move.path, move.allowance)


def _final_reason(state: GameState, move: FinalMove) -> str | None:
    return _moment(state, "final") or _person_reason(state, move.person, None) or \
        _path_reason(state, move.person, move.path, None)


def _path_reason(state: GameState, pid: int, path: tuple[Space, ...], allowance: int | None) -> str | None:
    if not path:
        return _("Choose where the person goes.")
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
        return _("Choose the left card of the swap first.")
    city = state.players[state.current].city
    if swap.a not in city or swap.b not in city:
        return _("Swap two cards that are built in your city.")
    feats = features(state.catalog)
    for space in (swap.a, swap.b):
        feature = feats[city[space]]
        if not feature.is_card:
            return _("The starting tile cannot be swapped.")
        if feature.leftmost_beach:
            return _("{name} is the leftmost beach card: it cannot be swapped.").format(
                name=feature.name)
    if swap.a == swap.b:
        if not any(isinstance(a, Swap) and swap.a in (a.a, a.b) for a in legal_actions(state)):
            if swap.a[0] == BEACH:
                text = _("No other card of your beach can be swapped with {name}.")
            else:
                text = _("No other card of your street can be swapped with {name}.")
            return text.format(name=feature_name(feats[city[swap.a]]))
        return _("Choose two different cards to swap.")
    if swap.a[0] != swap.b[0]:
        return _("Swap two cards of the same row.")
    return None


def _tile_reason(state: GameState, choice: ChooseTile) -> str | None:
    if any(p.tile == choice.tile for p in state.players):
        return _moment(state, "tile") or _("Another player has already chosen that starting tile.")
    return _moment(state, "tile") or _("That starting tile was not drawn for this game.")


def _truck_reason(state: GameState, truck: PlaceTruck) -> str | None:
    columns = state.rules.display_columns
    return _moment(state, "truck") or ngettext("The display has only {n} column.",
                                               "The display has only {n} columns.",
                                               columns).format(n=columns)


_REASONS: dict[type, Callable[[GameState, Any], str | None]] = {
    ChooseTile: _tile_reason,
    PlaceTruck: _truck_reason,
    Take: _take_reason,
    Buy: _buy_reason,
    Reward: lambda s, a: _moment(s, "reward") or _("That is not one of the rewards."),
    Swap: _swap_reason,
    NoSwap: lambda s, a: _moment(s, "noswap"),
    MovePerson: _move_reason,
    ReturnPerson: _move_reason,
    EndTurn: lambda s, a: _moment(s, "end"),
    FinalMove: _final_reason,
    FinalDone: lambda s, a: _moment(s, "done"),
}
