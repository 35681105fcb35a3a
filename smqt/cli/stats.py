"""``smqt stats PACK``: the deck composition of a content pack."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from smqt.language.translate import _
from smqt.pack.load import check_pack


def run_stats(pack_path: str, *, markdown: bool, out: TextIO, err: TextIO) -> int:
    """``smqt stats``: the deck composition tables of a pack (exit 1 if it does not load)."""
    from smqt.pack.deckstats import composition_markdown, deck_stats

    catalog, errors = check_pack(pack_path)
    if errors or catalog is None:
        for error in errors:
            err.write(f"{error}\n")
        err.write(_("the pack has errors: fix them first (smqt validate)") + "\n")
        return 1
    text = composition_markdown(deck_stats(catalog))
    if not markdown:
        text = text.replace("**", "")
    out.write(text)
    return 0


def add(sub: argparse._SubParsersAction) -> None:
    from smqt.cli.arguments import pack_help
    from smqt.pack.shipped import pack_folder

    stats = sub.add_parser("stats", help=_("deck composition of a content pack"))
    stats.add_argument("pack", type=pack_folder,
                       help=pack_help(_("the pack: a folder, or a shipped pack's name ({names})")))
    stats.add_argument("--markdown", action="store_true", help=_("print Markdown tables"))


def run(args: argparse.Namespace) -> int:
    return run_stats(args.pack, markdown=args.markdown, out=sys.stdout, err=sys.stderr)
