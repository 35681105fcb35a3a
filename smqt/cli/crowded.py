"""Crowded cities in the final movement, made reproducibly from a seed: the hardest positions
for the final movement's solver, for ``smqt bench`` and the tests."""

from __future__ import annotations

import random

from smqt.engine import rules
from smqt.engine.catalog import Catalog
from smqt.engine.features import UPPER_HALF_ID, features, tile_feature_id
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.geometry import TILE_LOWER, TILE_UPPER
from smqt.engine.setup import new_game
from smqt.engine.state import FINAL, PERSON_KINDS, GameState


def crowded_city_states(catalog: Catalog, count: int, seed: int) -> list[GameState]:
    """``count`` reproducible states in the final movement whose current player has a crowded
    city: 15 feature cards, 20-26 people with 2-4 VIPs, some footprints (for ``smqt bench``).
    Every fifth state has a short footprint supply."""
    chooser = random.Random(seed)
    objectives = sorted(catalog.objective_tiles)
    states = []
    for number in range(count):
        num_players = chooser.randint(2, 4)
        state = new_game(catalog, num_players, chooser.randrange(2**31),
                               objective=objectives[number % len(objectives)])
        deck = sorted(catalog.cards)
        chooser.shuffle(deck)
        tiles = sorted(catalog.starting_tiles)
        chooser.shuffle(tiles)
        current = chooser.randrange(num_players)
        used_footprints = 0
        for i, player in enumerate(state.players):
            crowded = i == current
            _build_city(state, i, tiles[i], deck, 15 if crowded else chooser.randint(8, 15),
                        chooser)
            people = chooser.randint(20, 26) if crowded else chooser.randint(3, 12)
            vips = chooser.randint(2, 4) if crowded else chooser.randint(1, 2)
            spaces = sorted(player.city)
            for n in range(people):
                kind = "vip" if n < vips else chooser.choice(("local", "tourist"))
                player.people[state.next_person] = (kind, chooser.choice(spaces))
                state.next_person += 1
            rule = catalog.starting_tiles[tiles[i]].footprint
            feats = features(catalog)
            for space in spaces:
                if footprint_matches(rule, space, feats[player.city[space]]) and \
                        chooser.random() < 0.35:
                    player.footprints.add(space)
                    used_footprints += 1
        for kind in PERSON_KINDS:
            placed = sum(1 for p in state.players for k, _ in p.people.values() if k == kind)
            state.supply[kind] = max(0, state.supply[kind] - placed)
        state.supply["footprint"] = max(0, state.supply["footprint"] - used_footprints)
        if number % 5 == 4:
            state.supply["footprint"] = chooser.randint(0, 2)
        state.tile_pool = []
        state.deck = deck
        state.front = [None] * len(state.front)
        state.back = [None] * len(state.back)
        state.triggered = True
        state.phase = FINAL
        state.current = current
        state.final_moved = set()
        state.final_players_done = 0
        states.append(state)
    return states


def _build_city(state: GameState, index: int, tile: str, deck: list[str], cards: int,
                chooser: random.Random) -> None:
    """Grow a connected city of ``cards`` feature cards from the deck (R4)."""
    player = state.players[index]
    player.tile = tile
    player.city = {TILE_UPPER: UPPER_HALF_ID, TILE_LOWER: tile_feature_id(tile)}
    placed = 0
    skipped: list[str] = []
    while placed < cards and deck:
        card = deck.pop()
        spaces = rules.placements(state, player, card)
        if not spaces:
            skipped.append(card)
            continue
        player.city[chooser.choice(spaces)] = card
        placed += 1
    deck.extend(skipped)
