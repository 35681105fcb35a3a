"""``smqt validate PACK``: load a content pack and report every problem, or summarise it."""

from __future__ import annotations

from typing import TextIO

from smqt.engine.catalog import Catalog, catalog_counts, check_pack


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


def run_stats(pack_path: str, *, markdown: bool, out: TextIO, err: TextIO) -> int:
    """``smqt stats``: the deck composition tables of a pack (exit 1 if it does not load)."""
    from smqt.engine.deckstats import composition_markdown, deck_stats

    catalog, errors = check_pack(pack_path)
    if errors or catalog is None:
        for error in errors:
            err.write(f"{error}\n")
        err.write("the pack has errors: fix them first (smqt validate)\n")
        return 1
    text = composition_markdown(deck_stats(catalog))
    if not markdown:
        text = text.replace("**", "")
    out.write(text)
    return 0
