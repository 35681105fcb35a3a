"""The ``smqt`` command: reads the arguments and hands them to one command's module. With no
command it opens the play table; with a saved game's file name it opens that game (how a
desktop opens a file)."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from smqt.ai.collector import tune as tune_collector
from smqt.cli import bench, cluster, play, replay, review, schema, score, sim, stats, validate
from smqt.cli.streams import ensure_streams
from smqt.language.parsertexts import install as install_parser_texts
from smqt.language.parsertexts import language_argument
from smqt.language.translate import LANGUAGES, _, given_language
from smqt.language.translate import use as use_language

# in the order ``smqt --help`` lists them
COMMANDS = {"play": play, "validate": validate, "stats": stats, "score": score,
            "replay": replay, "review": review, "sim": sim, "cluster": cluster, "schema": schema,
            "bench": bench}


def _parser() -> argparse.ArgumentParser:
    from smqt import __version__

    parser = argparse.ArgumentParser(
        prog="smqt", description=_("Santa Monica, the desktop edition."))
    parser.add_argument("--version", action="version", version=f"smqt {__version__}",
                        help=_("show program's version number and exit"))
    language = _("the language to speak: {choices} (default: the system's; the table and the "
                 "editor remember a choice made in View ▸ Language)").format(
        choices=", ".join(LANGUAGES))
    parser.add_argument("--lang", type=language_argument, default=None, help=language)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for module in COMMANDS.values():
        module.add(sub)
    # also after the command (smqt validate --lang de) and its part (smqt cluster worker --lang de)
    for command in _commands(sub):
        command.add_argument("--lang", type=language_argument, default=argparse.SUPPRESS, help=language)
    return parser


def _commands(sub: argparse._SubParsersAction) -> list[argparse.ArgumentParser]:
    """Every command's parser, and the parsers of a command's parts."""
    found = []
    for command in sub.choices.values():
        found.append(command)
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                found.extend(_commands(action))
    return found


def _is_saved_game(word: str) -> bool:
    return not word.startswith("-") and word not in COMMANDS and \
        Path(word).suffix.lower() in (".smqt", ".toml")


def main(argv: Sequence[str] | None = None) -> int:
    # A frozen app starts its simulation workers by running itself again: this turns such a
    # start into a worker rather than another table (a no-op everywhere else).
    multiprocessing.freeze_support()
    ensure_streams()
    tune_collector()
    given = list(sys.argv[1:] if argv is None else argv)
    use_language(given_language(given))
    install_parser_texts()
    args = parse(given)
    args.given = given  # the command line as typed (a report keeps it)
    try:
        return COMMANDS[args.command].run(args)
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """Whoever read the output stopped reading (``smqt sim compare A B | head``): end quietly,
    as a program ended by SIGPIPE does, with nothing more written where no one reads."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush must not fail again
    return 141


def parse(given: list[str]) -> argparse.Namespace:
    """The command line's arguments: a saved game alone opens it at the table, and no command
    at all is ``play`` with the options given (``smqt --lang de`` is the table in German)."""
    parser = _parser()
    if given and _is_saved_game(given[0]):
        given = ["play", "--load", *given]
    args = parser.parse_args(given)
    if args.command is None:
        args = parser.parse_args([*given, "play"])
    return args


if __name__ == "__main__":
    sys.exit(main())
