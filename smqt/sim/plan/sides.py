"""The sides of a simulation: the base pack, the variant (whole, or one change at a time), the
values of a sweep, base against itself with other seeds (the noise band) and the skill ladder's
head-to-head games; and the games each side plays.

Every side of a comparison plays the same games (seeds, seats and bots), so differences are
paired game by game; the noise side plays other seeds on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from smqt.ai.protocol import level_words
from smqt.engine.catalog import Catalog
from smqt.engine.rng import game_seed
from smqt.language.translate import _
from smqt.pack.changes import Change, ChangeError, catalog_files, with_changes
from smqt.pack.packsource import PackSource, load_source
from smqt.sim.plan.sweep import Sweep, sweep_catalog, sweep_target_value
from smqt.sim.run.playgame import GameSpec

NOISE_SEED = 1_000_003
"""Added to the seeds of the noise side: other games than base's, the same everything else."""
LADDER = (("random", "easy"), ("easy", "medium"), ("medium", "hard"), ("hard", "expert"))
"""The pairs of the skill ladder, weaker first."""
LADDER_PLAYERS = (2, 4)
"""Each pair is played head to head, and as the stronger bot against three of the weaker."""


@attrs.frozen
class Side:
    label: str
    """Short and file-name-safe: ``base``, ``variant``, a change's slug, ``sweep-11``..."""
    title: str
    """What a person reads: "base + card Pier changed", "rules.cards_to_end = 11"."""
    kind: str
    """``base``, ``variant``, ``change``, ``sweep``, ``noise`` or ``ladder``."""
    source: PackSource
    changes: tuple[Change, ...] = ()
    value: float | None = None
    """The sweep value."""
    lineup: tuple[str, ...] = ()
    """A ladder side's bots by seat (the run's line-up otherwise)."""
    players: int = 0
    """A ladder side's player count (0: the counts asked for)."""
    pair: tuple[str, str] = ("", "")
    """A ladder side's two levels, weaker first."""


def first_seed(seed: int, kind: str) -> int:
    """The seed of the first game of a side of ``kind`` in a run from ``seed``: the run's own,
    the noise side's its own (other games than base's)."""
    return game_seed(seed, NOISE_SEED) if kind == "noise" else seed


def next_seed(seed: int) -> int:
    """The seed after ``seed`` (0 again past the last one)."""
    return game_seed(seed, 1)


def specs(players: Sequence[int], lineup: Sequence[str], start: int, stop: int, seed: int
          ) -> list[GameSpec]:
    """Seat-rotated games ``start`` to ``stop - 1`` of each player count: in game i, seat k
    plays the bot at ((k + i) mod n) of the line-up; game i's seed is ``seed + i`` (``game_seed``:
    past the last seed, from 0 again)."""
    out = []
    for n in players:
        base_lineup = [lineup[j % len(lineup)] for j in range(n)]
        for i in range(start, stop):
            out.append(GameSpec(i, n, game_seed(seed, i), tuple(base_lineup[(k + i) % n] for k in range(n))))
    return out


def generated(catalog: Catalog, name: str, version: str, description: str) -> PackSource:
    return PackSource.from_files(catalog_files(catalog, name, version, description))


def change_sides(base: PackSource, variant: PackSource, changes: Sequence[Change],
                 per_change: bool, skipped: list[str]) -> list[Side]:
    """The variant as a whole, and with ``per_change`` base plus each single change; a change
    that cannot stand alone (a tile added without the action it needs) is said in
    ``skipped`` and played only with the others."""
    sides = []
    if per_change and len(changes) > 1:
        base_catalog, variant_catalog = load_source(base), load_source(variant)
        for change in changes:
            try:
                catalog = with_changes(base_catalog, variant_catalog, [change])
            except ChangeError as exc:
                skipped.append(_("{change}: cannot be played alone ({reason})").format(
                    change=change.label(_), reason=exc))
                continue
            # the generated pack's name and description are in its files (and content hash)
            source = generated(catalog, f"{base.name} + {change.label()}", base.version,
                               f"{base.name} {base.version} with one change of "  # not translated: pack.toml
                               f"{variant.name}: {change.describe()}")
            sides.append(Side(change.slug(), _("base + {change}").format(change=change.label(_)),
                              "change", source, (change,)))
    sides.append(Side("variant", _("{pack} {version} (all changes)").format(
        pack=variant.name, version=variant.version), "variant", variant, tuple(changes)))
    return sides


def sweep_sides(base: PackSource, sweep: Sweep) -> list[Side]:
    """A side per value; the pack's own value is played with the pack itself (the same games
    as base, so its point sits on zero)."""
    catalog = load_source(base)
    current = sweep_target_value(catalog, sweep.target)
    sides = []
    for value in sweep.values:
        shown = f"{value:g}"
        source = base if value == current else generated(
            sweep_catalog(catalog, sweep, value), f"{base.name} {sweep.target}={shown}",
            base.version,
            f"{base.name} {base.version} with {sweep.target} = {shown}")  # not translated: pack.toml
        label = "sweep-" + shown.replace(".", "_").replace("-", "m")
        sides.append(Side(label, f"{sweep.target} = {shown}", "sweep", source, value=value))
    return sides


def ladder_sides(packs: Sequence[tuple[str, PackSource]]) -> list[Side]:
    """Per pack, pair and player count: two players head to head (seats alternating), or the
    stronger bot against three of the weaker (each seat in turn the stronger one's)."""
    # Translators: keep "{pack}:" first (the report takes the pack from before the colon)
    head = _("{pack}: {strong} against {weak}")
    # Translators: keep "{pack}:" first (the report takes the pack from before the colon)
    three = _("{pack}: {strong} against three {weak}")
    sides = []
    for name, source in packs:
        for n in LADDER_PLAYERS:
            for weak, strong in LADDER:
                title = (head if n == 2 else three).format(
                    pack=name, strong=level_words(strong), weak=level_words(weak))
                lineup = (weak, strong) if n == 2 else (strong,) + (weak,) * (n - 1)
                sides.append(Side(f"ladder-{name}-{weak}-{strong}-{n}p", title, "ladder", source,
                                  lineup=lineup, players=n, pair=(weak, strong)))
    return sides
