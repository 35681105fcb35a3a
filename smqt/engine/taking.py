"""Taking a card from the display (R3.1-R3.6, R4, R8): ``Take`` builds a display card on a
space of the city, by a regular selection from the front row or as a bought sand dollar
action allows, with the food truck's and the foodie's rewards of a regular selection; and
``Reward``, the choice when both are under the card taken (R3.5). Each kind's legality,
application, the rules' refusal and the refusal in the player's words; ``actionkinds``
holds the table. A ``Reward`` is legal exactly when ``legal_actions`` lists it."""

from __future__ import annotations

from smqt.engine import events as ev
from smqt.engine.actions import FRONT, Reward, Slot, Take
from smqt.engine.cityshape import city_shape
from smqt.engine.content import SandDollarAction, TakeFrom
from smqt.engine.events import Event
from smqt.engine.features import features
from smqt.engine.geometry import BEACH, ROW_NAMES, Space, neighbours, space_str
from smqt.engine.legal import (
    achievable,
    action_def,
    legal_actions,
    placements,
    sand_dollar_takes,
    slot_card,
    take_candidates,
)
from smqt.engine.refusals import card_name, join_words, moment
from smqt.engine.state import ACQUIRE, PLACE, REWARD, AllowanceState, GameState, PlayerState
from smqt.engine.turns import after_cards_placed
from smqt.language.translate import N_, _

# ============================================================================ Take (R3.1-R3.6, R4, R8)


def take_is_legal(state: GameState, player: PlayerState, action: Take) -> bool:
    """``action in legal_actions(state)`` for a take, in a phase that lists takes: only the
    takes of its own slot can equal it."""
    if state.phase == ACQUIRE:  # only the takes of that front slot can equal it
        shape = city_shape(state.catalog, player.city)
        slot = action.slot
        front = state.front
        if (type(slot) is tuple and len(slot) == 2 and slot[0] == FRONT
                and type(slot[1]) is int and 0 <= slot[1] < len(front)):
            cid = front[slot[1]]
            return cid is not None and action in shape.front_takes(
                slot[1], shape.tables.placing[cid])
        return any(action in shape.front_takes(column, shape.tables.placing[cid])
                   for column, cid in enumerate(state.front)
                   if cid is not None and (FRONT, column) == action.slot)
    return action in sand_dollar_takes(state, player, action)


def apply_take(state: GameState, action: Take, events: list[Event]) -> None:
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
        after_cards_placed(state, events)


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
    after_cards_placed(state, events)


def take_rule_reason(state: GameState, action: Take) -> str:
    """Why the rules refuse a take in a phase that lists takes (``IllegalActionError``)."""
    player = state.players[state.current]
    card = slot_card(state, action.slot)
    if card is None:
        return _("that display slot is empty")
    if state.phase == ACQUIRE and action.slot[0] != FRONT:
        return _("a regular selection takes a front-row card (R3.1)")
    if action.space not in placements(state, player, card):
        return _("{card} cannot be placed on {space} (R4)").format(
            card=card, space=space_str(action.space))
    return _("that card is not allowed by the sand dollar action (R8)")


# ============================================================================ Take, in the player's words


def why_not_take(state: GameState, take: Take) -> str | None:
    return why_not_space(state, take.slot, take.space)


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


def _pick_reason(state: GameState, slot: Slot) -> str | None:
    waiting = moment(state, "take")
    if waiting:
        return waiting
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
        return no_space(state, card)
    return _nowhere(state, card_name(state, card), now=True)


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
            return _("{takes}; this column does not have both.").format(takes=takes_words(action))
    return _("{takes}.").format(takes=takes_words(action))


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


def _fence(state: GameState) -> tuple[int, str] | None:
    """The rightmost ``leftmost_beach`` card of the city (R4.4): its column and name."""
    feats = features(state.catalog)
    city = state.players[state.current].city
    fences = [(c, feats[f].name) for (r, c), f in city.items() if r == BEACH and feats[f].leftmost_beach]
    return max(fences) if fences else None


def no_space(state: GameState, card: str) -> str:
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


_TAG_WORDS = {"local": N_("local"), "tourist": N_("tourist"), "business": N_("business"),
              "sports": N_("sports"), "nature": N_("nature"), "wave": N_("wave")}
"""A location tag's name (R0.4), as in "a card with a local or tourist tag"."""


def takes_words(action: SandDollarAction) -> str:
    """``"Spot Anywhere takes a card with a local or tourist tag"`` (no full stop)."""
    rule = action.take
    tags = join_words([_(_TAG_WORDS[t.value]) for t in rule.tags_any], "or") if rule.tags_any else ""
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


# ============================================================================ Reward (R3.5)


def apply_reward(state: GameState, action: Reward, events: list[Event]) -> None:
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
    after_cards_placed(state, events)


def why_not_reward(state: GameState, reward: Reward) -> str | None:
    return moment(state, "reward") or _("That is not one of the rewards.")
