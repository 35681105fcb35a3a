"""``smqt score POSITION``: score a position file (and the score sheet ``smqt replay`` prints)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from smqt.engine.actions import FinalDone
from smqt.engine.catalog import Catalog
from smqt.engine.finalmove import best_final_movement
from smqt.engine.rules import apply
from smqt.engine.scorewords import breakdown, source_name
from smqt.engine.scoring import GameScore, score_game
from smqt.engine.state import FINAL
from smqt.language.translate import N_, _, ngettext
from smqt.pack.problems import PackError
from smqt.records.position import PositionError, load_position

WINNER_LINES = {
    "score": N_("winner: {winners} (decided by score)"),
    "sand dollars": N_("winner: {winners} (decided by sand dollars)"),  # not translated: the key
    "longest chain": N_("winner: {winners} (decided by longest chain)"),  # not translated: the key
    "shared": N_("winner: {winners} (decided by shared)"),
}
"The score sheet's last line by what decided the game (``GameScore.decided_by``)."


def final_movement(state, out_moves: list[tuple[int, str]]) -> None:
    """Make every player's optimal final movement in turn order (R9.2, R9.3)."""
    if state.phase != FINAL:
        state.phase = FINAL
        state.current = state.start_player
        state.final_moved = set()
        state.final_players_done = 0
    while state.phase == FINAL:
        player = state.current
        plan = best_final_movement(state, player)
        for move in plan.moves:
            out_moves.append((player, str(move)))
            apply(state, move)
            if state.phase != FINAL or state.current != player:
                break
        if state.phase == FINAL and state.current == player:
            apply(state, FinalDone())


def score_json(score: GameScore, names: tuple[str, ...], moves: list[tuple[int, str]]) -> dict:
    return {
        "players": [
            {
                "name": names[s.player],
                "total": s.total,
                "sand_dollars": s.sand_dollars,
                "longest_chain": s.longest_chain,
                "unplaced": s.unplaced,
                "lines": [line.as_dict() for line in s.lines],
                "final_moves": [m for p, m in moves if p == s.player],
            }
            for s in score.sheets
        ],
        "winners": [names[w] for w in score.winners],
        "decided_by": score.decided_by,
    }


def print_score(catalog: Catalog, score: GameScore, names: tuple[str, ...],
                moves: list[tuple[int, str]], out: TextIO) -> None:
    """Each player's sheet as the scorepad groups it, every line named by its card or
    objective (``--json`` keeps the ids for tools)."""
    for sheet in score.sheets:
        # Translators: English says "points" for every count
        out.write(ngettext("{name}: {total} points", "{name}: {total} points", sheet.total).format(
            name=names[sheet.player], total=sheet.total) + "\n")
        for player, move in moves:
            if player == sheet.player:
                out.write("  " + _("final move  {move}").format(move=move) + "\n")
        for group in breakdown(sheet):
            if not group.lines:
                continue
            out.write(f"  {group.total:>+4}  {_(group.title)}\n")
            for line in group.lines:
                out.write(f"    {line.points:>+4}  {source_name(catalog, line)}: {line.why}\n")
    winners = ", ".join(names[w] for w in score.winners)
    decided = WINNER_LINES.get(score.decided_by)
    line = _(decided).format(winners=winners) if decided else _(
        "winner: {winners} (decided by {decided_by})").format(winners=winners,
                                                              decided_by=score.decided_by)
    out.write(line + "\n")


def run_score(path: str, *, final_move: bool, as_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        position = load_position(path)
    except PositionError as exc:
        for problem in exc.problems:
            err.write(f"{problem}\n")
        return 1
    except PackError as exc:
        for error in exc.errors:
            err.write(f"{error}\n")
        return 1
    state = position.state
    moves: list[tuple[int, str]] = []
    if final_move:
        final_movement(state, moves)
    score = score_game(state)
    if as_json:
        json.dump(score_json(score, position.names, moves), out, indent=2)
        out.write("\n")
    else:
        print_score(state.catalog, score, position.names, moves, out)
    return 0


def add(sub: argparse._SubParsersAction) -> None:
    score = sub.add_parser("score", help=_("score a position file"))
    score.add_argument("position", help=_("a position file (TOML)"))
    score.add_argument("--final-move", action="store_true",
                       help=_("first make every player's optimal final movement (R9.3)"))
    score.add_argument("--json", action="store_true", help=_("print JSON instead of a table"))


def run(args: argparse.Namespace) -> int:
    return run_score(args.position, final_move=args.final_move, as_json=args.json,
                     out=sys.stdout, err=sys.stderr)
