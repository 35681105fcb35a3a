"""How good a position is for one player: the score as it stands plus the potential of what
is still open (chains and adjacencies with room to grow, rings not yet full, VIPs next to
footprint-worthy spaces, sand dollars), weighed less as the game nears its end.

Only what the player can see is used: cities, people, sand dollars, the display; never the
deck order.
"""

from __future__ import annotations

import attrs

from smqt.engine import effects as fx
from smqt.engine.features import TAG_INDEX, features
from smqt.engine.footprints import matches
from smqt.engine.state import MOVE, GameState
from smqt.engine.tally import Tally, player_tally


@attrs.frozen
class Weights:
    """How much each kind of potential is worth, per point it could bring."""

    adjacency: float = 0.45
    chain: float = 0.55
    ring: float = 0.35
    ring_started: float = 0.6
    footprint: float = 0.6
    sand_dollar: float = 0.55
    allowance: float = 0.25
    potential: bool = True


MEDIUM = Weights()
EXPERT = Weights(adjacency=0.706, chain=0.913, ring=0.358, ring_started=0.459, footprint=0.409,
                 sand_dollar=0.556, allowance=0.175)
"""Tuned by self-play from ``MEDIUM``: ``python -m smqt.cli.tuning --rounds 10 --games 400
--seed 1`` (``smqt.cli.tuning``) gives these."""
SCORE_ONLY = Weights(potential=False, sand_dollar=0.0, allowance=0.0)

_ADJACENCY = (fx.Adjacent, fx.AdjacentCount, fx.AdjacentTiers, fx.AdjacentAll, fx.AdjacentRing,
              fx.AdjacentGives)


def game_left(state: GameState) -> float:
    """Roughly how much of the game is left (1 at the start, near 0 at the end)."""
    most = max(p.card_count() for p in state.players)
    left = (state.rules.cards_to_end - most) / state.rules.cards_to_end
    return min(1.0, max(0.05, left))


def _best_points(entry: object) -> int:
    if isinstance(entry, fx.AdjacentTiers):
        return max(points for _, points in entry.tiers)
    if isinstance(entry, fx.Chain) and entry.per_tag:
        return entry.points * entry.at_least
    return max(0, getattr(entry, "points", 0))


def _cards_potential(tally: Tally, city: dict, weights: Weights) -> float:
    """What the card entries not yet at their best could still bring (adjacencies with room
    next to them, chains on their way)."""
    potential = 0.0
    for space, feature, index, points in tally.cards:
        entry = feature.scoring[index]
        best = _best_points(entry)
        if points >= best:
            continue
        r, c = space
        room = ((r, c - 1) not in city) + ((r, c + 1) not in city) + ((1 - r, c) not in city)
        if isinstance(entry, _ADJACENCY) and room:
            potential += weights.adjacency * (best - points) * min(1.0, 0.5 * room)
        elif isinstance(entry, fx.Chain) and feature.tag_count[TAG_INDEX[entry.tag]]:
            size = tally.city.chain_size(space, TAG_INDEX[entry.tag])
            reward = entry.points * entry.at_least if entry.per_tag else entry.points
            potential += weights.chain * reward * min(1.0, size / entry.at_least)
    return potential


def evaluate(state: GameState, player: int, weights: Weights = MEDIUM) -> float:
    """Score plus weighted potential of ``player``'s position."""
    tally = player_tally(state, player)  # the other cities are not looked at
    value = float(tally.total)
    me = state.players[player]
    value += weights.sand_dollar * me.sand_dollars
    if state.phase == MOVE and state.current == player:
        value += weights.allowance * sum(a.remaining for a in state.allowances)
    if not weights.potential:
        return value
    left = game_left(state)
    feats = features(state.catalog)
    city = me.city
    potential = tally.memo.get(weights)
    if potential is None:  # the cards' part depends on the cards alone: once per city
        potential = tally.memo[weights] = _cards_potential(tally, city, weights)
    full = {(space, i) for space, outcome in tally.rings for i in outcome.full_rings}
    occupied = {space for _, space in me.people.values()}
    for space, fid in city.items():
        for i, ring in enumerate(feats[fid].rings):
            if (space, i) not in full:
                weight = weights.ring_started if space in occupied else weights.ring
                potential += weight * ring.points
    if me.tile is not None:
        rule = state.catalog.starting_tiles[me.tile].footprint
        for kind, (r, c) in me.people.values():
            if kind != "vip":
                continue
            for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
                if n in city and n not in me.footprints and matches(rule, n, feats[city[n]]):
                    potential += weights.footprint
                    break
    return value + potential * left
