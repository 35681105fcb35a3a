"""``smqt play`` (also ``smqt`` alone, and ``smqt GAME.smqt``): open the play table."""

from __future__ import annotations

import argparse
import sys

from smqt.cli.arguments import opening, seed
from smqt.language.translate import _


def add(sub: argparse._SubParsersAction) -> None:
    from smqt.engine.rng import SEED_LIMIT

    play = sub.add_parser("play", help=_("open the play table (the default command)"))
    play.add_argument("--players", default=None,
                      help=_("seats in order, e.g. human,ai:hard or Ann=human,Bo=ai:easy "
                             "(levels: random, easy, medium, hard, expert)"))
    play.add_argument("--seed", type=seed, default=None,
                      help=_("the game's seed, a whole number from 0 to {limit} (default: random)").format(
                          limit=SEED_LIMIT))
    play.add_argument("--pack", default=None, help=_("content pack folder (default: content/base)"))
    play.add_argument("--load", default=None, help=_("open a saved game or game record"))
    play.add_argument("--autoplay", action="store_true", help=_("the AI takes every seat"))
    play.add_argument("--screenshot", default=None, metavar="PNG",
                      help=_("save a picture of the window when the game ends"))
    play.add_argument("--quit", action="store_true", help=_("exit when the game ends"))
    play.add_argument("--pace", type=int, default=None, metavar="MS",
                      help=_("pause before each AI decision, in milliseconds"))
    play.add_argument("--playtest", action="store_true",
                      help=_("a playtest of --pack (the editor's Playtest): an open table plays it"))
    play.add_argument("--opening", type=opening, default=(), metavar="CARD,CARD,...",
                      help=_("feature cards (by id) put into the opening display of a new game: "
                             "front row left to right, then back row; _ leaves a slot to the deal "
                             "(_,_,_,_,kite_meadow puts kite_meadow first in the back row)"))


def run(args: argparse.Namespace) -> int:
    from smqt.desktop.platformhelp import qt_loads

    if not qt_loads(sys.stderr):
        return 1
    from smqt.ui.shell.start import PlayOptions, run_play

    return run_play(PlayOptions(args.players, args.seed, args.pack, args.load, args.autoplay,
                                args.screenshot, args.quit, args.pace, args.playtest,
                                args.opening, getattr(args, "lang", None)))
