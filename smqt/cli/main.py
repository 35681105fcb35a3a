"""The ``smqt`` command: the play table (also with no subcommand), and tools to validate
packs, score positions, replay records, simulate and benchmark.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Sequence

from smqt.cli.streams import ensure_streams


def _seed(text: str) -> int:
    from smqt.engine.rng import parse_seed

    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _opening(text: str) -> tuple[str, ...]:
    from smqt.engine.setup import parse_opening

    return parse_opening(text)


def _parser() -> argparse.ArgumentParser:
    from smqt import __version__
    from smqt.engine.rng import SEED_LIMIT, SEED_RANGE

    parser = argparse.ArgumentParser(
        prog="smqt", description="Santa Monica, the desktop edition.")
    parser.add_argument("--version", action="version", version=f"smqt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the play table (the default command)")
    play.add_argument("--players", default=None,
                      help="seats in order, e.g. human,ai:hard or Ann=human,Bo=ai:easy "
                           "(levels: random, easy, medium, hard)")
    play.add_argument("--seed", type=_seed, default=None,
                      help=f"the game's seed, a whole number from {SEED_RANGE} (default: random)")
    play.add_argument("--pack", default=None, help="content pack folder (default: content/base)")
    play.add_argument("--load", default=None, help="open a saved game or game record")
    play.add_argument("--autoplay", action="store_true", help="the AI takes every seat")
    play.add_argument("--screenshot", default=None, metavar="PNG",
                      help="save a picture of the window when the game ends")
    play.add_argument("--quit", action="store_true", help="exit when the game ends")
    play.add_argument("--pace", type=int, default=None, metavar="MS",
                      help="pause before each AI decision, in milliseconds")
    play.add_argument("--playtest", action="store_true",
                      help="a playtest of --pack (the editor's Playtest): an open table plays it")
    play.add_argument("--opening", type=_opening, default=(), metavar="CARD,CARD,...",
                      help="feature cards (by id) put into the opening display of a new game: "
                           "front row left to right, then back row; _ leaves a slot to the deal "
                           "(_,_,_,_,kite_meadow puts kite_meadow first in the back row)")

    validate = sub.add_parser("validate", help="check a content pack and list its problems")
    validate.add_argument("pack", help="the pack folder (holding pack.toml)")

    stats = sub.add_parser("stats", help="deck composition of a content pack")
    stats.add_argument("pack", help="the pack folder")
    stats.add_argument("--markdown", action="store_true", help="print Markdown tables")

    score = sub.add_parser("score", help="score a position file")
    score.add_argument("position", help="a position file (TOML)")
    score.add_argument("--final-move", action="store_true",
                       help="first make every player's optimal final movement (R9.3)")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")

    replay = sub.add_parser("replay", help="replay a game record and print its log")
    replay.add_argument("record", help="a game record file")
    replay.add_argument("--pack", default=None, help="the pack folder (default: content/base)")

    sim = sub.add_parser(
        "sim", help="simulate many games with AI players: balance, and what a house rule changes")
    sim.add_argument("--pack", default=None, help="the pack folder (default: the base pack)")
    sim.add_argument("--variant", default=None,
                     help="a variant pack played on the same games, compared with --pack")
    sim.add_argument("--per-change", action="store_true",
                     help="also play base plus each single change of the variant")
    sim.add_argument("--sweep", default=None, metavar="TARGET=VALUES",
                     help="play one value at a time, e.g. rules.cards_to_end=10:14 or "
                          "card.ID.FIELD=0:3")
    sim.add_argument("--until-clear", action="store_true",
                     help="add games until every headline interval reaches its precision")
    sim.add_argument("--precision", type=float, default=None, metavar="PP",
                     help="win-rate precision in percentage points (default 3; implies "
                          "--until-clear; the other measures' precisions scale with it)")
    sim.add_argument("--max-games", type=int, default=5000,
                     help="the most games per side and player count with --until-clear")
    sim.add_argument("--noise", action="store_true",
                     help="also play base on other seeds: the noise band of base against itself")
    sim.add_argument("--ladder", action="store_true",
                     help="a skill ladder: random, easy, medium, hard head to head")
    sim.add_argument("--ladder-games", type=int, default=40, help="games per ladder pair")
    sim.add_argument("--players", default="2", help="player count(s): 2, 3, 4 or e.g. 2,3,4")
    sim.add_argument("--bots", default="medium", help="bots by seat, e.g. medium,easy")
    sim.add_argument("--games", type=int, default=200,
                     help="games per side and player count (the first round with --until-clear)")
    sim.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT",
                     help="run the games on a Dask cluster (pip install 'smqt[cluster]')")
    sim.add_argument("--seed", type=_seed, default=1,
                     help=f"seed of the first game, a whole number from {SEED_RANGE} (game i "
                          f"plays seed + i, from 0 again past {SEED_LIMIT})")
    sim.add_argument("--out", required=True,
                     help="folder for report.html, report.json, games.csv, games/ and packs/")

    schema = sub.add_parser("schema", help="write JSON Schemas of the pack files")
    schema.add_argument("--out", required=True, help="folder for pack.schema.json and entries.schema.json")

    bench = sub.add_parser("bench", help="measure engine speed")
    bench.add_argument("--json", action="store_true", help="print JSON")
    bench.add_argument("--pack", default=None, help="the pack folder (default: content/base)")
    bench.add_argument("--quick", action="store_true", help="fewer samples (for tests)")
    return parser


COMMANDS = ("play", "validate", "stats", "score", "replay", "sim", "schema", "bench")


def _is_saved_game(word: str) -> bool:
    from pathlib import Path

    return not word.startswith("-") and word not in COMMANDS and \
        Path(word).suffix.lower() in (".smqt", ".toml")


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen app starts its simulation workers by running itself again: this turns such a
    # start into a worker rather than another table (a no-op everywhere else).
    multiprocessing.freeze_support()
    ensure_streams()
    parser = _parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and _is_saved_game(given[0]):  # ``smqt game.smqt``: how a desktop opens a file
        given = ["play", "--load", *given]
    args = parser.parse_args(given)
    if args.command is None:
        args = parser.parse_args(["play"])
    if args.command == "play":
        from smqt.desktop.platformhelp import qt_loads

        if not qt_loads(sys.stderr):
            return 1
        from smqt.ui.shell.start import PlayOptions, run_play

        return run_play(PlayOptions(args.players, args.seed, args.pack, args.load, args.autoplay,
                                    args.screenshot, args.quit, args.pace, args.playtest,
                                    args.opening))
    if args.command == "validate":
        from smqt.cli.validate import run_validate

        return run_validate(args.pack, sys.stdout)
    if args.command == "stats":
        from smqt.cli.stats import run_stats

        return run_stats(args.pack, markdown=args.markdown, out=sys.stdout, err=sys.stderr)
    if args.command == "score":
        from smqt.cli.score import run_score

        return run_score(args.position, final_move=args.final_move, as_json=args.json,
                         out=sys.stdout, err=sys.stderr)
    if args.command == "replay":
        from smqt.cli.replay import run_replay

        return run_replay(args.record, args.pack, out=sys.stdout, err=sys.stderr)
    if args.command == "sim":
        from smqt.pack.shipped import default_pack
        from smqt.sim.command import SimOptions, run_sim

        options = SimOptions(
            pack=args.pack or str(default_pack()), out_dir=args.out, variant=args.variant,
            players=args.players, bots=args.bots, games=args.games, jobs=args.jobs,
            seed=args.seed, per_change=args.per_change, until_clear=args.until_clear,
            precision=args.precision, max_games=args.max_games, sweep=args.sweep,
            noise=args.noise, ladder=args.ladder, ladder_games=args.ladder_games,
            cluster=args.cluster)
        return run_sim(options, out=sys.stdout, err=sys.stderr)
    if args.command == "schema":
        from smqt.pack.schema import write_schemas

        for path in write_schemas(args.out):
            print(f"wrote {path}")
        return 0
    if args.command == "bench":
        from smqt.cli.bench import run_bench

        return run_bench(args.pack, as_json=args.json, quick=args.quick, out=sys.stdout)
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
