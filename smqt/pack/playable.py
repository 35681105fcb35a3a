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
from smqt.language.translate import _, ngettext
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
        files = [file for (k, _ident), file in contents.origin.items()
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
            ngettext("the pack has {count} starting tile; a game of {players} players needs "
                     "one each (R2.5): add {missing} more",
                     "the pack has {count} starting tiles; a game of {players} players needs "
                     "one each (R2.5): add {missing} more",
                     tiles).format(count=tiles, players=most, missing=most - tiles),
            section="starting_tile",
        ))
    if count("objective_tile") == 0:
        problems.append(ContentError(
            where("objective_tile"), "", "",
            _("the pack has no objective tile; every game draws one (R2.3): add an "
              "[[objective_tile]]"),
            section="objective_tile",
        ))
    drawn = rules.sand_dollar_tiles_in_play
    sand_tiles = count("sand_dollar_tile")
    if sand_tiles < drawn:
        file, entry = rules_where("sand_dollar_tiles_in_play")
        problems.append(ContentError(
            file or where("sand_dollar_tile"), entry,
            "sand_dollar_tiles_in_play" if entry else "",
            ngettext("{count} sand dollar tile is drawn at setup (R2.2), but the pack has "
                     "{tiles}: add tiles or draw fewer (rules.sand_dollar_tiles_in_play)",
                     "{count} sand dollar tiles are drawn at setup (R2.2), but the pack has "
                     "{tiles}: add tiles or draw fewer (rules.sand_dollar_tiles_in_play)",
                     drawn).format(count=drawn, tiles=sand_tiles),
            section="" if entry else "sand_dollar_tile",
        ))
    columns = rules.display_columns
    cards = count("card")
    if cards < 2 * columns:
        file, entry = rules_where("display_columns")
        problems.append(ContentError(
            file or where("card"), entry, "display_columns" if entry else "",
            _("the display of {columns} columns is dealt two rows deep (R2.1): it needs "
              "{needed} feature cards, the pack has {cards}").format(
                  columns=columns, needed=2 * columns, cards=cards),
            section="" if entry else "card",
        ))
    return problems

