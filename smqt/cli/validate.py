"""``smqt validate PACK``: load a content pack and report every problem, or summarise it."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from smqt.engine.catalog import Catalog
from smqt.pack.load import catalog_counts, check_pack


def run_validate(pack_path: str, out: TextIO) -> int:
    """Print one line per problem and a count, returning 1; or a one-line summary, returning 0."""
    catalog, errors = check_pack(pack_path)
    if errors or catalog is None:
        for error in errors:
            print(error, file=out)
        print(_plural(len(errors), "error"), file=out)
        return 1
    print(summary(catalog), file=out)
    return 0


def summary(catalog: Catalog) -> str:
    """``base 1.0.0: 78 feature cards (40 beach, 38 street), 6 starting tiles, ...``."""
    n = catalog_counts(catalog)
    identity = catalog.identity
    return (
        f"{identity.name} {identity.version}: "
        f"{_plural(n['feature_cards'], 'feature card')} "
        f"({n['beach_cards']} beach, {n['street_cards']} street), "
        f"{_plural(n['starting_tiles'], 'starting tile')}, "
        f"{_plural(n['sand_dollar_actions'], 'sand dollar action')} "
        f"on {_plural(n['sand_dollar_tiles'], 'tile')}, "
        f"{_plural(n['objective_tiles'], 'objective tile')}, "
        f"rules: {n['rules_overridden']} overridden"
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def add(sub: argparse._SubParsersAction) -> None:
    validate = sub.add_parser("validate", help="check a content pack and list its problems")
    validate.add_argument("pack", help="the pack folder (holding pack.toml)")


def run(args: argparse.Namespace) -> int:
    return run_validate(args.pack, sys.stdout)
