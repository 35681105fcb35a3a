"""One simulated game, played to the end by bots, and everything a report reads from it: scores
by category, finishing ranks, the cards offered, taken and passed over, the score of every seat
after each round, and how many choices each decision had.

Pure function of (catalog, label, spec): the same inputs give the same result in any process.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from smqt.ai.protocol import make_bot
from smqt.engine.actions import FRONT, Buy, Take
from smqt.engine.catalog import Catalog
from smqt.engine.game import Game
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.scoring import ScoreSheet, score_game
from smqt.engine.state import ACQUIRE
from smqt.engine.tally import totals
from smqt.records.record import record_text


@attrs.frozen
class GameSpec:
    """Which game to play: the same spec under two packs is the same game (seed, seats, bots)."""

    index: int
    """The game's number within its player count (the same on every side of a comparison)."""
    players: int
    seed: int
    bots: tuple[str, ...]
    """The bot of each seat; seat 0 starts (R2.4 fixed so that seats mean turn order)."""


@attrs.frozen
class SeatResult:
    seat: int
    bot: str
    score: int
    won: bool
    rank: int
    """1 for the winner(s); otherwise 1 + the seats ahead by score, sand dollars, chain."""
    sand_dollars: int
    categories: dict[str, int]
    cards: tuple[str, ...]
    buys: dict[str, int]


@attrs.frozen
class GameResult:
    label: str
    """Which side of a comparison the game belongs to (``base``, a change, a sweep value)."""
    spec: GameSpec
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    decided_by: str
    objective: str
    """The objective tile's id."""
    turns: int
    offered: dict[str, int]
    """Card -> turns it stood in the front row at the start of a seat's turn."""
    picked: dict[str, int]
    """Card -> times it was taken on such a turn."""
    choices: tuple[tuple[str, int, bool], ...]
    """(card, seat, taken) for every card in the front row at the start of a seat's turn."""
    round_scores: tuple[tuple[int, ...], ...]
    """Every seat's total as if the game ended there, after each full round."""
    decisions: int
    """Bot decisions with more than one legal choice."""
    legal_choices: int
    """Legal choices summed over those decisions."""
    record: str
    """The game record's text: any game of a report can be replayed."""

    def win_share(self, seat: int) -> float:
        """A shared win counts as a fraction (1 / number of winners)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    @property
    def lead_changes(self) -> int:
        """How often the sole leader after a round differs from the last sole leader."""
        changes, leader = 0, None
        for scores in self.round_scores:
            best = max(scores)
            if scores.count(best) != 1:
                continue
            now = scores.index(best)
            if leader is not None and now != leader:
                changes += 1
            leader = now
        return changes


def finishing_ranks(sheets: tuple[ScoreSheet, ...], winners: tuple[int, ...]) -> list[int]:
    """R10.15's order as ranks: winners 1, others 1 + the seats ahead of them."""
    keys = [(s.total, s.sand_dollars, s.longest_chain) for s in sheets]
    return [1 if i in winners else 1 + sum(other > key for other in keys)
            for i, key in enumerate(keys)]


def play_game(catalog: Catalog, label: str, spec: GameSpec) -> GameResult:
    """Play one game to the end and collect what the report needs."""
    game = Game.new(catalog, spec.players, spec.seed, start_player=0)
    state = game.state
    bots = [make_bot(name) for name in spec.bots]
    rngs = [random.Random(spec.seed * 7919 + seat) for seat in range(spec.players)]
    offered: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    buys: list[Counter[str]] = [Counter() for _ in range(spec.players)]
    choices: list[tuple[str, int, bool]] = []
    rounds: list[tuple[int, ...]] = []
    shown: set[str] = set()
    turn_of = -1
    decisions = legal_count = 0
    while not state.is_over:
        seat = state.current
        if state.phase == ACQUIRE and state.turn != turn_of:
            if state.turn and state.turn % spec.players == 0:
                rounds.append(totals(state))
            turn_of = state.turn
            shown = {c for c in state.front if c}
            offered.update(shown)
            start = len(choices)
            choices.extend((card, seat, False) for card in sorted(shown))
        legal = legal_actions(state)
        if len(legal) > 1:
            decisions += 1
            legal_count += len(legal)
        action = bots[seat].choose(state, legal, rngs[seat])
        if isinstance(action, Take) and action.slot[0] == FRONT:
            card = state.front[action.slot[1]]
            if card in shown:
                picked[card] += 1
                choices[start:] = [(c, s, t or c == card) for c, s, t in choices[start:]]
        elif isinstance(action, Buy):
            buys[seat][action.action] += 1
        apply_legal(state, action)
        game.actions.append(action)
    result = score_game(state)
    rounds.append(result.totals)
    ranks = finishing_ranks(result.sheets, result.winners)
    seats = tuple(
        SeatResult(
            seat=i,
            bot=spec.bots[i],
            score=sheet.total,
            won=i in result.winners,
            rank=ranks[i],
            sand_dollars=sheet.sand_dollars,
            categories=sheet.by_category(),
            cards=tuple(sorted(fid for s, fid in state.players[i].city.items() if s[1] != 0)),
            buys=dict(buys[i]),
        )
        for i, sheet in enumerate(result.sheets)
    )
    return GameResult(label, spec, seats, result.winners, result.decided_by, state.objective,
                      state.turn, dict(offered), dict(picked), tuple(choices), tuple(rounds),
                      decisions, legal_count, record_text(game.record))
