"""The opening's kinds of action (R2.5-R2.7): ``ChooseTile`` (a starting tile, in reverse
turn order) and ``PlaceTruck`` (the food truck under a display column, the foodie further on).
Each kind's application and its refusal in the player's words; ``actionkinds`` holds the
table. Both are legal exactly when ``legal_actions`` lists them."""

from __future__ import annotations

from smqt.engine import events as ev
from smqt.engine.actions import ChooseTile, PlaceTruck
from smqt.engine.cityshape import tables
from smqt.engine.events import Event
from smqt.engine.features import UPPER_HALF_ID, tile_feature_id
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.geometry import TILE_LOWER, TILE_UPPER
from smqt.engine.refusals import moment
from smqt.engine.state import PLACE_TRUCK, GameState
from smqt.engine.turns import begin_turn, tile_bonus
from smqt.language.translate import _, ngettext

# ============================================================================ ChooseTile (R2.5, R2.6)


def apply_choose_tile(state: GameState, action: ChooseTile, events: list[Event]) -> None:
    player = state.players[state.current]
    tile = state.catalog.starting_tiles[action.tile]
    state.tile_pool.remove(action.tile)
    player.tile = tile.id
    player.city[TILE_UPPER] = UPPER_HALF_ID
    player.city[TILE_LOWER] = tile_feature_id(tile.id)
    # R2.6 placement bonus on the lower half; R7.4 footprint when the lower half matches.
    tile_bonus(state, player, tile.placement, TILE_LOWER, events)
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


def why_not_tile(state: GameState, choice: ChooseTile) -> str | None:
    if any(p.tile == choice.tile for p in state.players):
        return moment(state, "tile") or _("Another player has already chosen that starting tile.")
    return moment(state, "tile") or _("That starting tile was not drawn for this game.")


# ============================================================================ PlaceTruck (R2.7)


def apply_place_truck(state: GameState, action: PlaceTruck, events: list[Event]) -> None:
    columns = state.rules.display_columns
    state.truck = action.column
    state.foodie = (action.column + state.rules.foodie_offset) % columns
    events.append(Event(ev.TRUCK_PLACED,
                        f"food truck under column {state.truck}, "  # not translated: event text
                        f"foodie under column {state.foodie}",
                        state.current, count=state.truck, wanted=state.foodie))
    begin_turn(state, state.start_player, events)


def why_not_truck(state: GameState, truck: PlaceTruck) -> str | None:
    columns = state.rules.display_columns
    return moment(state, "truck") or ngettext("The display has only {n} column.",
                                               "The display has only {n} columns.",
                                               columns).format(n=columns)
