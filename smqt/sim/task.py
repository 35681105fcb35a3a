"""One simulated game as an independent task: (pack, seed, bots per seat) -> result.

A task holds only plain values, so any executor can run it: the local process pool today, a
distributed one later. The worker loads each pack once per process.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import attrs

from smqt.ai.protocol import make_bot
from smqt.engine.actions import FRONT, Buy, Take
from smqt.engine.catalog import Catalog, load_pack
from smqt.engine.record import Game
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.scoring import score_game
from smqt.engine.state import ACQUIRE


@attrs.frozen
class GameTask:
    pack: str
    """The pack folder the game is played with."""
    label: str
    """``base`` or ``variant``: which side of a comparison the game belongs to."""
    index: int
    """The game's number within its player count (same for both sides of a comparison)."""
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
    sand_dollars: int
    categories: dict[str, int]
    cards: tuple[str, ...]
    buys: dict[str, int]


@attrs.frozen
class GameResult:
    task: GameTask
    seats: tuple[SeatResult, ...]
    winners: tuple[int, ...]
    decided_by: str
    objective: str
    turns: int
    offered: dict[str, int]
    """Card -> turns it stood in the front row at the start of a seat's turn."""
    picked: dict[str, int]
    """Card -> times it was taken on such a turn."""
    record: str
    """The game record's text: any game of a report can be replayed."""


@cache
def _catalog(pack: str) -> Catalog:
    return load_pack(pack)


def play_task(task: GameTask) -> GameResult:
    """Play one game to the end and collect what the report needs."""
    catalog = _catalog(task.pack)
    game = Game.new(catalog, task.players, task.seed, start_player=0)
    state = game.state
    bots = [make_bot(name) for name in task.bots]
    rngs = [random.Random(task.seed * 7919 + seat) for seat in range(task.players)]
    offered: Counter[str] = Counter()
    picked: Counter[str] = Counter()
    buys = [Counter() for _ in range(task.players)]
    shown: set[str] = set()
    turn_of = -1
    while not state.is_over:
        seat = state.current
        if state.phase == ACQUIRE and state.turn != turn_of:
            turn_of = state.turn
            shown = {c for c in state.front if c}
            offered.update(shown)
        legal = legal_actions(state)
        action = bots[seat].choose(state, legal, rngs[seat])
        if isinstance(action, Take) and action.slot[0] == FRONT:
            card = state.front[action.slot[1]]
            if card in shown:
                picked[card] += 1
        elif isinstance(action, Buy):
            buys[seat][action.action] += 1
        apply_legal(state, action)
        game.actions.append(action)
    result = score_game(state)
    seats = tuple(
        SeatResult(
            seat=i,
            bot=task.bots[i],
            score=sheet.total,
            won=i in result.winners,
            sand_dollars=sheet.sand_dollars,
            categories=sheet.by_category(),
            cards=tuple(sorted(fid for s, fid in state.players[i].city.items() if s[1] != 0)),
            buys=dict(buys[i]),
        )
        for i, sheet in enumerate(result.sheets)
    )
    return GameResult(task, seats, result.winners, result.decided_by, state.objective,
                      state.turn, dict(offered), dict(picked), game.record.to_text())
