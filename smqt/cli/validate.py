"""``smqt validate PACK``: load a content pack and report every problem, or summarise it, and
warn of what it may still get wrong."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from smqt.engine.catalog import Catalog
from smqt.language.translate import _, ngettext
from smqt.pack.load import catalog_counts, review_pack


def run_validate(pack_path: str, out: TextIO) -> int:
    """Print one line per problem and a count, returning 1; or a one-line summary, returning 0.
    Either way a line per warning follows (the pack plays; the author decides)."""
    review = review_pack(pack_path)
    catalog, errors = review.catalog, review.errors
    warnings = [_("warning: {problem}").format(problem=warning) for warning in review.warnings]
    if errors or catalog is None:
        for line in [*map(str, errors), *warnings]:
            print(line, file=out)
        print(ngettext("{count} error", "{count} errors", len(errors)).format(count=len(errors)),
              file=out)
        return 1
    for line in [summary(catalog), *warnings]:
        print(line, file=out)
    return 0


def summary(catalog: Catalog) -> str:
    """``base 1.0.0: 78 feature cards (40 beach, 38 street), 6 starting tiles, ...``."""
    n = catalog_counts(catalog)
    identity = catalog.identity
    cards = ngettext("{count} feature card", "{count} feature cards",
                     n["feature_cards"]).format(count=n["feature_cards"])
    starting = ngettext("{count} starting tile", "{count} starting tiles",
                        n["starting_tiles"]).format(count=n["starting_tiles"])
    actions = ngettext("{count} sand dollar action", "{count} sand dollar actions",
                       n["sand_dollar_actions"]).format(count=n["sand_dollar_actions"])
    tiles = ngettext("{count} tile", "{count} tiles",
                     n["sand_dollar_tiles"]).format(count=n["sand_dollar_tiles"])
    objectives = ngettext("{count} objective tile", "{count} objective tiles",
                          n["objective_tiles"]).format(count=n["objective_tiles"])
    return _("{name} {version}: {feature_cards} ({beach} beach, {street} street), "
             "{starting_tiles}, {actions} on {tiles}, {objective_tiles}, "
             "rules: {overridden} overridden").format(
        name=identity.name, version=identity.version, feature_cards=cards,
        beach=n["beach_cards"], street=n["street_cards"], starting_tiles=starting,
        actions=actions, tiles=tiles, objective_tiles=objectives,
        overridden=n["rules_overridden"])


def add(sub: argparse._SubParsersAction) -> None:
    from smqt.cli.arguments import pack_help
    from smqt.pack.shipped import pack_folder

    validate = sub.add_parser("validate", help=_("check a content pack and list its problems"))
    validate.add_argument("pack", type=pack_folder,
                          help=pack_help(_("the pack: a folder (holding pack.toml), or a shipped "
                                            "pack's name ({names})")))


def run(args: argparse.Namespace) -> int:
    return run_validate(args.pack, sys.stdout)
