"""Setting up a game (R2): ``new_game`` deals the display, draws the sand dollar actions, the
objective, the start player and the starting tiles from the seed (or takes them as fixed), and
puts a playtest's chosen cards into the opening display."""

from __future__ import annotations

import difflib

from smqt.engine import rng
from smqt.engine.catalog import Catalog
from smqt.engine.cityshape import person_paths as person_paths
from smqt.engine.legal import final_distance as final_distance
from smqt.engine.legal import legal_actions as legal_actions
from smqt.engine.legal import placements as placements
from smqt.engine.state import (
    CHOOSE_TILE,
    GameState,
    PlayerState,
)
from smqt.language.translate import _

UNLIMITED = 10**9
"""Supply size when a house rule lifts the physical limit (R1.3)."""


PLAYER_COUNTS = (2, 3, 4)
"""Santa Monica is for 2 to 4 players (R2); a pack must set up games for each count."""


class SetupError(ValueError):
    """A new game cannot be set up as asked (bad player count, unknown fixed choice...)."""


def new_game(
    catalog: Catalog,
    num_players: int,
    seed: int,
    *,
    objective: str | None = None,
    sand_dollar_actions: tuple[str, ...] | None = None,
    start_player: int | None = None,
    opening: tuple[str, ...] = (),
) -> GameState:
    """Set up a game (R2.1-R2.5); the state then waits for starting tile choices.

    ``objective``, ``sand_dollar_actions`` (one side of distinct tiles) and ``start_player`` fix
    what would otherwise be drawn at random (R2.2-R2.4).

    ``opening`` (a playtest setup) puts the named feature cards into the opening display, slot
    by slot in dealing order: front row left to right, then back row left to right. An empty
    name leaves its slot to the deal. The deck is shuffled from the seed as always, the named
    cards are taken out of it, and the other slots are dealt from the rest in shuffled order;
    nothing else drawn from the seed changes (R2.1, R2.8).
    """
    rules = catalog.rules
    if num_players not in PLAYER_COUNTS:
        raise SetupError(_("Santa Monica is for 2 to 4 players, not {count}").format(
            count=num_players))
    if len(catalog.starting_tiles) < num_players:
        raise SetupError(_("the pack has {tiles} starting tiles, {players} players need one "
                           "each").format(tiles=len(catalog.starting_tiles), players=num_players))
    if not catalog.objective_tiles:
        raise SetupError(_("the pack has no objective tile"))
    opening = tuple(opening)
    check_opening(catalog, opening)
    state_rng = keys = rng.seed_state(seed)
    # R2.1 shuffle and deal: front row left to right, then back row. Every card, tile and
    # objective has a key drawn from the seed (rng.keyed_order): a pack with one card more or
    # less deals the others in the same relative order, and draws the same tiles, objective
    # and start player, so a designer's comparison of the two plays paired games.
    deck = rng.keyed_order(keys, "card", catalog.cards)
    deck.reverse()  # the top card is the last element: deal in shuffled order
    columns = rules.display_columns
    if opening:
        chosen = [card for card in opening if card]
        for card in chosen:
            deck.remove(card)
        slots = [(opening[i] if i < len(opening) and opening[i] else None)
                 for i in range(2 * columns)]
        dealt = [slot if slot else (deck.pop() if deck else None) for slot in slots]
        front: list[str | None] = dealt[:columns]
        back: list[str | None] = dealt[columns:]
    else:
        front = [deck.pop() if deck else None for _slot in range(columns)]
        back = [deck.pop() if deck else None for _slot in range(columns)]
    # R2.2-R2.4 are always drawn, then replaced by any fixed choice, so fixing one of them
    # never changes the deck, the other draws or the starting tiles of a seed.
    tiles = rng.keyed_order(keys, "sand_dollar_tile", catalog.sand_dollar_tiles)
    drawn_actions = [
        catalog.sand_dollar_tiles[tile].sides[rng.key(keys, "sand_dollar_side", tile) & 1]
        for tile in tiles[: rules.sand_dollar_tiles_in_play]]
    drawn_objective = rng.keyed_order(keys, "objective_tile", catalog.objective_tiles)[0]
    state_rng, drawn_start = rng.below(state_rng, num_players)
    if sand_dollar_actions is None:
        sand_dollar_actions = tuple(drawn_actions)
    else:
        sand_dollar_actions = tuple(sand_dollar_actions)
        _check_fixed_actions(catalog, sand_dollar_actions)
    if objective is None:
        objective = drawn_objective
    elif objective not in catalog.objective_tiles:
        raise SetupError(_("unknown objective tile {objective} (the pack has {tiles})").format(
            objective=repr(objective), tiles=", ".join(catalog.objective_tiles)))
    if start_player is None:
        start_player = drawn_start
    elif not 0 <= start_player < num_players:
        raise SetupError(_("start player must be 0..{last}, not {value}").format(
            last=num_players - 1, value=start_player))
    # R2.5 draw as many starting tiles as players.
    pool = rng.keyed_order(keys, "starting_tile", catalog.starting_tiles)
    supply = rules.supply
    limit = (lambda n: n) if supply.limited else (lambda n: UNLIMITED)
    state = GameState(
        catalog=catalog,
        rules=rules,
        num_players=num_players,
        seed=seed,
        rng=state_rng,
        deck=deck,
        front=front,
        back=back,
        sand_dollar_actions=sand_dollar_actions,
        objective=objective,
        start_player=start_player,
        players=[PlayerState() for _seat in range(num_players)],
        tile_pool=sorted(pool[:num_players]),
        supply={
            "local": limit(supply.local),
            "tourist": limit(supply.tourist),
            "vip": limit(supply.vip),
            "footprint": limit(supply.footprint),
        },
    )
    state.phase = CHOOSE_TILE
    state.current = state.last_player
    return state


OPENING_GAP = "_"
"""How a slot left to the deal is written in an opening list (``parse_opening``); no card id
is ``_`` or ``-`` (an id starts with a letter or digit), and ``-`` is read as a gap too."""


def parse_opening(text: str) -> tuple[str, ...]:
    """An opening display as a person types it: card ids separated by commas, ``_`` (or ``-``
    or nothing) for a slot dealt as usual: ``"kite_meadow,_,shorebreak"``. Trailing gaps are
    dropped."""
    words = [word.strip() for word in text.split(",")]
    cards = ["" if word in ("", OPENING_GAP, "-") else word for word in words]
    while cards and not cards[-1]:
        cards.pop()
    return tuple(cards)


def opening_text(opening: tuple[str, ...]) -> str:
    """The inverse of ``parse_opening``."""
    return ",".join(card or OPENING_GAP for card in opening)


def check_opening(catalog: Catalog, opening: tuple[str, ...]) -> None:
    """Refuse an opening display that cannot be dealt (``new_game``): unknown cards, a card
    named twice (a pack holds one copy of each card), more cards than display slots."""
    slots = 2 * catalog.rules.display_columns
    if len(opening) > slots:
        raise SetupError(_("the opening display has {slots} slots (2 rows of {columns}), not "
                           "{count}").format(slots=slots, columns=catalog.rules.display_columns,
                                              count=len(opening)))
    seen: set[str] = set()
    for card in opening:
        if not isinstance(card, str):
            raise SetupError(_("an opening card must be a card id, not {value}").format(
                value=repr(card)))
        if not card:
            continue
        if card not in catalog.cards:
            close = difflib.get_close_matches(card, list(catalog.cards), n=3, cutoff=0.7)
            if close:
                raise SetupError(_("the pack has no feature card {card} (did you mean {close}?)")
                                 .format(card=repr(card), close=_(" or ").join(close)))
            raise SetupError(_("the pack has no feature card {card}").format(card=repr(card)))
        if card in seen:
            raise SetupError(_("card {card} is named twice for the opening display (the pack "
                               "has one copy of each card)").format(card=repr(card)))
        seen.add(card)


def _check_fixed_actions(catalog: Catalog, chosen: tuple[str, ...]) -> None:
    tiles_used: set[str] = set()
    for action_id in chosen:
        owners = [t.id for t in catalog.sand_dollar_tiles.values() if action_id in t.sides]
        if action_id not in catalog.sand_dollar_actions or not owners:
            raise SetupError(_("unknown sand dollar action {action}").format(
                action=repr(action_id)))
        if owners[0] in tiles_used:
            raise SetupError(_("sand dollar tile {tile} can show only one side").format(
                tile=repr(owners[0])))
        tiles_used.add(owners[0])
