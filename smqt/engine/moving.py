"""Moving people (R5, R6, R7.2) and the final movement (R9.2): ``MovePerson`` and
``ReturnPerson`` under an allowance of the turn, ``EndTurn``, ``FinalMove`` and ``FinalDone``.
Each kind's legality, application, the rules' refusal and the refusal in the player's words,
with the people's own refusals the table asks for one by one (``why_not_person``,
``why_not_step``, ``why_idle``); ``actionkinds`` holds the table."""

from __future__ import annotations

from smqt.engine import events as ev
from smqt.engine.actions import EndTurn, FinalDone, FinalMove, MovePerson, ReturnPerson
from smqt.engine.events import Event
from smqt.engine.geometry import Space, space_str
from smqt.engine.legal import allowance_moves, final_distance, final_moves, legal_actions
from smqt.engine.refusals import allowance_label, cap, card_name, join_words, moment
from smqt.engine.state import FINAL, MOVE, AllowanceState, GameState, PlayerState
from smqt.engine.turns import (
    end_turn,
    finish_final_player,
    skip_idle_final_players,
    visit,
    walk_distance,
)
from smqt.language.translate import N_, _, ngettext

PersonAction = MovePerson | ReturnPerson | FinalMove

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


# ============================================================================ legality


def move_is_legal(state: GameState, player: PlayerState, action: MovePerson | ReturnPerson) -> bool:
    """``action in legal_actions(state)`` for a move or return: only those of its allowance
    and person can equal it."""
    return action in allowance_moves(state, player, action.allowance, action.person)


def final_is_legal(state: GameState, player: PlayerState, action: FinalMove) -> bool:
    """``action in legal_actions(state)`` for a final move: only its person's can equal it."""
    return action in final_moves(state, player, action.person)


def end_is_legal(state: GameState, player: PlayerState, action: EndTurn | FinalDone) -> bool:
    """``end`` (``done``) is listed in every state of the phase that lists it."""
    return True


# ============================================================================ application


def apply_move(state: GameState, action: MovePerson, events: list[Event]) -> None:
    player = state.players[state.current]
    allowance = state.allowances[action.allowance]
    kind, origin = player.people[action.person]
    player.people[action.person] = (kind, action.path[-1])
    if kind == "vip":
        visit(state, player, action.path, events)
    # only a move allowance is exhausted by a long move (the solo distance, R3.5 c)
    exhausted = allowance.kind == "move" and (
        len(action.path) if kind == "vip" else walk_distance(player.city, origin, action.path[-1])
    ) > allowance.distance
    state.allowances[action.allowance] = AllowanceState(
        allowance.kind, allowance.who, allowance.count, allowance.distance, allowance.source,
        allowance.solo_distance, allowance.target, (*allowance.used, action.person), exhausted)


def apply_return(state: GameState, action: ReturnPerson, events: list[Event]) -> None:
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


def apply_end(state: GameState, action: EndTurn, events: list[Event]) -> None:
    end_turn(state, events)


def apply_final_move(state: GameState, action: FinalMove, events: list[Event]) -> None:
    player = state.players[state.current]
    kind, _ = player.people[action.person]
    player.people[action.person] = (kind, action.path[-1])
    if kind == "vip":
        visit(state, player, action.path, events)  # R7.5
    state.final_moved.add(action.person)


def apply_final_done(state: GameState, action: FinalDone, events: list[Event]) -> None:
    finish_final_player(state, events)
    skip_idle_final_players(state, events)


# ============================================================================ the rules' refusals


def move_rule_reason(state: GameState, action: MovePerson | ReturnPerson) -> str:
    """Why the rules refuse a move or return in the phase of moves (``IllegalActionError``)."""
    player = state.players[state.current]
    if not 0 <= action.allowance < len(state.allowances):
        return _("there is no such allowance this turn")
    if action.person not in player.people:
        return _("p{person} is not in the current player's city").format(person=action.person)
    allowance = state.allowances[action.allowance]
    if action.person in allowance.used:
        return _("a person may not move twice under one allowance (R5.3)")
    return _("that person or path is not allowed by this allowance (R5, R6)")


def final_rule_reason(state: GameState, action: FinalMove) -> str:
    """Why the rules refuse a final move in the final movement (``IllegalActionError``)."""
    if action.person in state.final_moved:
        return _("each person moves once in the final movement (R9.2)")
    return _("that path is not allowed in the final movement (R9.2)")


# ============================================================================ in the player's words


def why_not_move(state: GameState, move: MovePerson) -> str | None:
    refused = _allowance_refusal(state, move)
    if refused:
        return refused
    allowance = state.allowances[move.allowance]
    if allowance.kind == "return":
        return _("{move} returns people to the supply; it does not move them.").format(
            move=cap(allowance_label(state, allowance)))
    return _person_reason(state, move.person, move.allowance) or \
        _path_reason(state, move.person, move.path, move.allowance)


def why_not_return(state: GameState, move: ReturnPerson) -> str | None:
    refused = _allowance_refusal(state, move)
    if refused:
        return refused
    allowance = state.allowances[move.allowance]
    if allowance.kind != "return":
        return _("{move} moves people; it does not return them to the supply.").format(
            move=cap(allowance_label(state, allowance)))
    return _person_reason(state, move.person, move.allowance)


def _allowance_refusal(state: GameState, move: MovePerson | ReturnPerson) -> str | None:
    """Not the moment for the turn's moves, or no such allowance: a move's and a return's
    reasons begin alike."""
    waiting = moment(state, "allowance")
    if waiting:
        return waiting
    if not 0 <= move.allowance < len(state.allowances):
        return _("There is no such move this turn.")
    return None


def why_not_final(state: GameState, move: FinalMove) -> str | None:
    return moment(state, "final") or _person_reason(state, move.person, None) or \
        _path_reason(state, move.person, move.path, None)


def _path_reason(state: GameState, pid: int, path: tuple[Space, ...], allowance: int | None) -> str | None:
    if not path:
        return _("Choose where the person goes.")
    for i, space in enumerate(path):
        reason = why_not_step(state, pid, space, allowance, path[:i])
        if reason:
            return reason
    return None


def why_not_end(state: GameState, action: EndTurn) -> str | None:
    return moment(state, "end")


def why_not_done(state: GameState, action: FinalDone) -> str | None:
    return moment(state, "done")


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
            card=card_name(state, player.city[target]))
    return _(_NOBODY_MOVES[allowance.who])


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
    waiting = moment(state, "person")
    if waiting:
        return waiting
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
            return _("You have used up {move}.").format(move=allowance_label(state, chosen))
        if not _fits(chosen, kind):
            return _("{move} is for {people} only.").format(
                move=cap(allowance_label(state, chosen)), people=_(_PLURALS[chosen.who]))
        candidates = [chosen]
    else:
        live = [a for a in state.allowances if a.remaining > 0]
        if not live:
            return _("You have no moves left this turn.")
        candidates = [a for a in live if _fits(a, kind)]
        if not candidates:
            kinds = [_(_PLURALS[k]) for k in ("local", "tourist", "vip")
                     if any(a.who == k for a in live)]
            return _("Your moves left this turn are for {people}.").format(people=join_words(kinds))
    fresh = [a for a in candidates if pid not in a.used]
    if not fresh:
        return _("{who} has already moved with {moves}.").format(
            who=cap(who), moves=join_words([allowance_label(state, a) for a in candidates]))
    if all(a.kind == "move_here" and a.target == where for a in fresh):
        return _("{who} is already on {card}.").format(
            who=cap(who), card=card_name(state, player.city[where]))
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
        return _("{who} is already on that space.").format(who=cap(_(_THIS[kind])))
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
        label = cap(allowance_label(state, offered[0]))
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
