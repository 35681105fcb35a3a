"""What a pack needs so that a game can be set up for every player count: the requirements of
``new_game`` (R2), checked on the merged pack and reported like every other problem, so
that a pack that validates always sets up (issue 12: fewer starting tiles than seats, no
objective tile or an emptied file once validated and then failed at the table).

Entries left out for their own errors still count here: fixing them fixes the count, and
they are reported already.
"""

from __future__ import annotations

from pathlib import Path

from smqt.engine.setup import PLAYER_COUNTS
from smqt.pack.folder import PackContents
from smqt.pack.manifest import MANIFEST
from smqt.pack.problems import ContentError


def setup_problems(contents: PackContents) -> list[ContentError]:
    """Every reason ``new_game`` would refuse the pack for some player count."""
    rules = contents.rules
    most = max(PLAYER_COUNTS)
    problems: list[ContentError] = []

    def count(kind: str) -> int:
        return len(contents.entries[kind]) + contents.broken_count.get(kind, 0)

    def where(kind: str) -> str:
        """The pack's own file of its last entry of ``kind``, else its manifest (a variant's
        author fixes the variant, not the pack it extends)."""
        leaf = Path(contents.folder)
        files = [file for (k, _), file in contents.origin.items()
                 if k == kind and Path(file).parent == leaf]
        return files[-1] if files else str(leaf / MANIFEST)

    def rules_where(key: str) -> tuple[str, str]:
        """(file, entry) to blame for a rules parameter: where it is set, else the kind."""
        file = contents.rules_origin.get((key,))
        return (file, "rules") if file else ("", "")

    tiles = count("starting_tile")
    if tiles < most:
        problems.append(ContentError(
            where("starting_tile"), "", "",
            f"the pack has {_n(tiles, 'starting tile')}; a game of {most} players needs one "
            f"each (R2.5): add {most - tiles} more",
            section="starting_tile",
        ))
    if count("objective_tile") == 0:
        problems.append(ContentError(
            where("objective_tile"), "", "",
            "the pack has no objective tile; every game draws one (R2.3): add an "
            "[[objective_tile]]",
            section="objective_tile",
        ))
    drawn = rules.sand_dollar_tiles_in_play
    sand_tiles = count("sand_dollar_tile")
    if sand_tiles < drawn:
        file, entry = rules_where("sand_dollar_tiles_in_play")
        problems.append(ContentError(
            file or where("sand_dollar_tile"), entry,
            "sand_dollar_tiles_in_play" if entry else "",
            f"{_n(drawn, 'sand dollar tile')} {'is' if drawn == 1 else 'are'} drawn at setup "
            f"(R2.2), but the pack has {sand_tiles}: add tiles or draw fewer "
            "(rules.sand_dollar_tiles_in_play)",
            section="" if entry else "sand_dollar_tile",
        ))
    columns = rules.display_columns
    cards = count("card")
    if cards < 2 * columns:
        file, entry = rules_where("display_columns")
        problems.append(ContentError(
            file or where("card"), entry, "display_columns" if entry else "",
            f"the display of {columns} columns is dealt two rows deep (R2.1): it needs "
            f"{2 * columns} feature cards, the pack has {cards}",
            section="" if entry else "card",
        ))
    return problems


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
