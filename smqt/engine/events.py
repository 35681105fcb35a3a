"""What the rules did besides the action itself: events that ``apply`` returns for a log.

Each event has a ``kind`` and the facts a sentence needs (whose, where, how many), and a
technical ``text`` (``str(event)``) for tools and tests. Interfaces word them for people from
the facts, never by reading the text.
"""

from __future__ import annotations

import attrs

from smqt.engine.geometry import Space

FOOTPRINT = "footprint"
"""A VIP left a footprint on ``space`` (R7.2)."""
NO_FOOTPRINT = "no_footprint"
"""``space`` would take a footprint but the supply is empty (R1.3); ``space`` None: the tile."""
SHORT_SUPPLY = "short_supply"
"""Only ``count`` of ``wanted`` people of kind ``what`` were left to add (R1.3)."""
TILE_CHOSEN = "tile_chosen"
TRUCK_PLACED = "truck_placed"
"""``count``: the truck's column, ``wanted``: the foodie's (0-based)."""
CARD_PLACED = "card_placed"
NO_MORE_CARDS = "no_more_cards"
"""A sand dollar action could take no further card (R8)."""
TRUCK_REWARD = "truck_reward"
"""``count`` sand dollars from the food truck (R3.3)."""
FOODIE_REWARD = "foodie_reward"
BOTH_REWARD = "both_reward"
PAID = "paid"
SWAPPED = "swapped"
RETURNED = "returned"
FINAL_ROUND = "final_round"
"""``player`` ended a turn with ``count`` cards: the round is finished, then the game (R9.1)."""
TURN_PASSES = "turn_passes"
"""``player`` can take no card (R3.9)."""
NOBODY_CAN_TAKE = "nobody_can_take"
FINAL_MOVEMENT = "final_movement"
GAME_OVER = "game_over"


@attrs.frozen
class Event:
    kind: str
    text: str
    player: int | None = None
    space: Space | None = None
    count: int = 0
    wanted: int = 0
    what: str = ""
    """A card, tile or action id, or a kind of person."""

    def __str__(self) -> str:
        return self.text
