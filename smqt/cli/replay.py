"""``smqt replay RECORD``: replay a game record or saved game and print its log and score."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from smqt.cli.score import print_score
from smqt.engine.actions import parse_action
from smqt.engine.catalog import Catalog
from smqt.engine.game import Game, GameRecord, RecordError, replay
from smqt.engine.scoring import score_game
from smqt.language.translate import _
from smqt.pack.load import load_worded
from smqt.pack.problems import PackError
from smqt.pack.shipped import default_pack


def open_record(path: str, pack: str | None, err: TextIO) -> tuple[GameRecord, Game] | None:
    """The record of a record or saved game file and its game replayed to the end, or None
    after saying on ``err`` why it cannot be."""
    from smqt.records.savedgame import load_game, usable_folder

    try:
        saved = load_game(path)
        record = saved.record
        # a saved game (a playtest, a simulated game) names its pack; --pack overrides it
        folder = pack or usable_folder(saved.pack) or default_pack()
        try:
            catalog = load_worded(folder)
        except PackError as exc:
            err.write(_("{path} is played with the pack {folder}, which cannot be loaded: "
                        "{problem}").format(path=path, folder=folder, problem=exc) + "\n")
            return None
        return record, replay(record, catalog)
    except RecordError as exc:
        err.write(f"{exc}\n")
        return None


def run_replay(path: str, pack: str | None, *, out: TextIO, err: TextIO) -> int:
    opened = open_record(path, pack, err)
    if opened is None:
        return 1
    record, game = opened
    names = record.names or tuple(_("Player {number}").format(number=i + 1)
                                  for i in range(record.setup.players))
    print_log(record, game.catalog, names, out)
    if game.state.is_over:
        print_score(game.catalog, score_game(game.state), names, [], out)
    else:
        out.write(_("(game in progress: phase {phase}, player {player})").format(
            phase=game.state.phase, player=game.state.current + 1) + "\n")
    return 0


def print_log(record: GameRecord, catalog: Catalog, names: tuple[str, ...], out: TextIO) -> None:
    """The game's log as the table shows it: each action in words with what it caused, and
    each player's score change with its lines when a turn ends; numbered by action."""
    from smqt.ui.game.logtext import GameLog

    game = replay(record, catalog, upto=0)
    log = GameLog(game.state, names)
    for number, text in enumerate(record.actions, start=1):
        action = parse_action(text)
        before = game.state.copy()
        events = game.play(action)
        for k, line in enumerate(log.lines(before, action, game.state, events)):
            out.write(f"{number:>4}  {line}\n" if k == 0 else f"      {line}\n")


def add(sub: argparse._SubParsersAction) -> None:
    replay = sub.add_parser("replay", help=_("replay a game record and print its log"))
    replay.add_argument("record", help=_("a game record file"))
    replay.add_argument("--pack", default=None, help=_("the pack folder (default: content/base)"))


def run(args: argparse.Namespace) -> int:
    return run_replay(args.record, args.pack, out=sys.stdout, err=sys.stderr)
