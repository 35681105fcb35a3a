"""Game state: everything that changes during a game. Plain, cheap to copy, and holding ids
(never copies of card objects). The catalog it refers to is shared, never copied.
"""

from __future__ import annotations

from typing import Any

import attrs

from smqt.engine.catalog import Catalog
from smqt.engine.content import Rules
from smqt.engine.features import UPPER_HALF_ID
from smqt.engine.geometry import Space

# Phases of the game, in the order they occur.
CHOOSE_TILE = "choose_tile"
PLACE_TRUCK = "place_truck"
ACQUIRE = "acquire"
PLACE = "place"
REWARD = "reward"
SWAP = "swap"
MOVE = "move"
FINAL = "final"
OVER = "over"

PERSON_KINDS = ("local", "tourist", "vip")
PERSON_WORDS = {"local": ("local", "locals"), "tourist": ("tourist", "tourists"),
                "vip": ("VIP", "VIPs"), "any": ("person", "people")}
"""How each kind of person (and ``any``) reads in a sentence: singular, plural."""


@attrs.define(slots=True)
class PlayerState:
    """One player's city, people, footprints and sand dollars."""

    tile: str | None = None
    city: dict[Space, str] = attrs.Factory(dict)
    """Filled spaces -> feature id (card id, ``@tile`` lower half, ``^`` upper half)."""
    people: dict[int, tuple[str, Space]] = attrs.Factory(dict)
    """Person id -> (kind, space)."""
    footprints: set[Space] = attrs.Factory(set)
    sand_dollars: int = 0
    made: Any = attrs.field(default=None, eq=False, repr=False)
    """The last ``city.City`` made of this city, kept for the next look (``city.city_of``
    brings it up to date from the cards placed since; copies share it, a City never
    changes)."""

    def copy(self) -> PlayerState:
        return PlayerState(self.tile, dict(self.city), dict(self.people), set(self.footprints),
                           self.sand_dollars, self.made)

    def __getstate__(self) -> tuple:
        """Pickled without the kept City (made again where it is needed)."""
        return self.tile, self.city, self.people, self.footprints, self.sand_dollars

    def __setstate__(self, state: tuple) -> None:
        self.tile, self.city, self.people, self.footprints, self.sand_dollars = state
        self.made = None

    def card_count(self) -> int:
        """Feature cards in the city (the starting tile does not count, R9.1)."""
        count = 0
        for fid in self.city.values():
            if fid != UPPER_HALF_ID and fid[0] != "@":
                count += 1
        return count

    def people_on(self, space: Space) -> list[int]:
        return [pid for pid, (_, where) in self.people.items() if where == space]


@attrs.frozen
class AllowanceState:
    """A movement or return allowance earned this turn (R5.2-R5.5), with what is used."""

    kind: str
    """``move``, ``move_here`` or ``return``."""
    who: str
    """``local``, ``tourist``, ``vip`` or ``any``."""
    count: int
    distance: int
    source: str
    """Where it came from: a card id, ``foodie``, ``reward`` or a sand dollar action id."""
    solo_distance: int = 0
    """If more than ``distance``: one person alone may go this far (R3.5 c)."""
    target: Space | None = None
    """The card people jump to (``move_here``)."""
    used: tuple[int, ...] = ()
    exhausted: bool = False

    @property
    def remaining(self) -> int:
        return 0 if self.exhausted else self.count - len(self.used)


@attrs.define(slots=True)
class GameState:
    """The whole changing state. ``apply`` mutates it; ``copy`` clones it cheaply."""

    catalog: Catalog = attrs.field(eq=False, repr=False)
    rules: Rules = attrs.field(eq=False, repr=False)
    num_players: int
    seed: int
    rng: int
    deck: list[str]
    """Face-down deck; the top card is the last element."""
    front: list[str | None]
    back: list[str | None]
    sand_dollar_actions: tuple[str, ...]
    objective: str
    start_player: int
    players: list[PlayerState]
    tile_pool: list[str]
    supply: dict[str, int]
    """``local``, ``tourist``, ``vip``, ``footprint`` left in the shared supply."""
    phase: str = CHOOSE_TILE
    current: int = 0
    truck: int = -1
    foodie: int = -1
    next_person: int = 1
    turn: int = 0
    triggered: bool = False
    # ---- the turn in progress
    bought: str | None = None
    to_place: int = 0
    take_column: int | None = None
    placed: list[str] = attrs.Factory(list)
    allowances: list[AllowanceState] = attrs.Factory(list)
    final_moved: set[int] = attrs.Factory(set)
    final_players_done: int = 0
    # ---- what the automatic final movement planned (``finalmove``)
    final_plan: dict = attrs.field(factory=dict, eq=False, repr=False)
    """The current player's final movement as planned when it began (R9.3): the position
    after each of its moves (``finalmove._plan_key``) -> the rest of the plan. Replaced, never
    changed in place, so copies may share it; a position it does not know is planned anew."""

    def copy(self) -> GameState:
        return GameState(
            self.catalog, self.rules, self.num_players, self.seed, self.rng, list(self.deck),
            list(self.front), list(self.back), self.sand_dollar_actions, self.objective,
            self.start_player, [p.copy() for p in self.players], list(self.tile_pool),
            dict(self.supply), self.phase, self.current, self.truck, self.foodie,
            self.next_person, self.turn, self.triggered, self.bought, self.to_place,
            self.take_column, list(self.placed), list(self.allowances), set(self.final_moved),
            self.final_players_done, self.final_plan,
        )

    @property
    def last_player(self) -> int:
        """The player just before the start player in turn order (R2.4)."""
        return (self.start_player - 1) % self.num_players

    def turn_order(self) -> list[int]:
        return [(self.start_player + i) % self.num_players for i in range(self.num_players)]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER
