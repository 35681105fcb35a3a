"""Seeded games whose records and final score sheets must never change by accident (issue 15:
the engine and the bots made faster with every game the same). ``GAMES`` is the fixed set:
random, easy, medium and hard bots (and mixed tables), 2-4 players. Each game's digest is a
SHA-256 of its record and its score sheets; ``game_digests.json`` beside this file keeps the
digests made before the optimisations. Regenerate it only for a deliberate change of play, and
say which games changed and why (the regenerations so far, both issue 28: a final movement
planned once when it begins and solved without presolve, 24 games changed among equally good
final movements only; the deck dealt by a key per card id, every game changed):

    python -m tests.engine.gamedigest --write
    python -m tests.engine.gamedigest            (compares, naming every game that changed)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import attrs

from smqt.ai.protocol import make_bot
from smqt.engine.catalog import Catalog
from smqt.engine.game import Game
from smqt.engine.scoring import score_game
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack
from smqt.records.record import record_text

STORED = Path(__file__).with_name("game_digests.json")
SCORES = Path(__file__).with_name("game_scores.json")
"""Each game's final totals and unplaced people (``scores``): a regeneration whose digests change
while these stay is a change among equally good choices only."""


def _table(kind: str, players: int, seeds: range) -> list[tuple[str, tuple[str, ...], int]]:
    return [(f"{kind}-{players}p-{seed}", (kind,) * players, seed) for seed in seeds]


GAMES: list[tuple[str, tuple[str, ...], int]] = [
    *_table("random", 2, range(1, 72)), *_table("random", 3, range(1, 41)),
    *_table("random", 4, range(1, 41)),
    *_table("easy", 2, range(1, 11)), *_table("easy", 3, range(1, 7)),
    *_table("easy", 4, range(1, 5)),
    *_table("medium", 2, range(1, 11)), *_table("medium", 3, range(1, 6)),
    *_table("medium", 4, range(1, 4)),
    *[(f"mixed-{n}p-{seed}", ("medium", "easy", "random", "medium")[:n], seed)
      for n in (2, 3, 4) for seed in range(101, 104)],
    ("hard-2p-1", ("hard", "hard"), 1),
    ("hard-medium-3p-1", ("hard", "medium", "easy"), 1),
]
"""(name, bot per seat, seed): over 200 games."""


def play(catalog: Catalog, bots: tuple[str, ...], seed: int) -> Game:
    game = Game.new(catalog, len(bots), seed)
    players = [make_bot(level) for level in bots]
    rng = random.Random(seed * 7919 + len(bots))
    while not game.state.is_over:
        seat = game.state.current
        game.play(players[seat].choose(game.state, game.legal_actions(), rng))
    return game


def digest(game: Game) -> str:
    score = score_game(game.state)
    sheets = [{"total": sheet.total, "sand_dollars": sheet.sand_dollars,
               "unplaced": sheet.unplaced, "lines": [line.as_dict() for line in sheet.lines]}
              for sheet in score.sheets]
    text = record_text(game.record) + json.dumps(
        {"sheets": sheets, "winners": score.winners, "decided_by": score.decided_by},
        sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def scores(game: Game) -> str:
    """Each player's final total and unplaced people: ``"71/0 65/2"``. A change of play that
    keeps every game's scores (a tie-break among equally good final movements, say) changes
    digests but not these."""
    return " ".join(f"{sheet.total}/{sheet.unplaced}" for sheet in score_game(game.state).sheets)


def _one(game: tuple[str, tuple[str, ...], int]) -> tuple[str, tuple[str, str]]:
    name, bots, seed = game
    played = play(_catalog(), bots, seed)
    return name, (digest(played), scores(played))


_CATALOGS: list[Catalog] = []
PLAYED_HASH = "552ba08624dca933"
"""The base pack's content hash when the digests were stored. Records name it; the digest is
of the play (actions and score sheets), so a change to the pack's words alone (its German
names, issue 27) keeps every digest: the records are written with this hash."""


def _catalog() -> Catalog:
    if not _CATALOGS:
        catalog = load_pack(default_pack())
        identity = attrs.evolve(catalog.identity, content_hash=PLAYED_HASH)
        _CATALOGS.append(attrs.evolve(catalog, identity=identity))
    return _CATALOGS[0]


def played(games: list[tuple[str, tuple[str, ...], int]] | None = None,
           jobs: int = 1) -> dict[str, tuple[str, str]]:
    """name -> (digest, scores) of every game (``jobs`` processes; the slow games first)."""
    todo = sorted(games or GAMES, key=lambda g: ("hard" not in g[1], "medium" not in g[1]))
    if jobs <= 1:
        return dict(map(_one, todo))
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        return dict(pool.map(_one, todo, chunksize=4))


def digests(games: list[tuple[str, tuple[str, ...], int]] | None = None,
            jobs: int = 1) -> dict[str, str]:
    """name -> digest of every game."""
    return {name: d for name, (d, _scores) in played(games, jobs).items()}


def changed(now: dict[str, str], stored: dict[str, str]) -> list[str]:
    return sorted(name for name in set(now) | set(stored) if now.get(name) != stored.get(name))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    now = played(jobs=2)
    digest_now = {name: d for name, (d, _s) in now.items()}
    scores_now = {name: s for name, (_d, s) in now.items()}
    if args == ["--write"]:
        STORED.write_text(json.dumps(digest_now, indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
        SCORES.write_text(json.dumps(scores_now, indent=1, sort_keys=True) + "\n",
                          encoding="utf-8")
        print(f"wrote {len(now)} game digests to {STORED} and their scores to {SCORES}")
        return 0
    different = changed(digest_now, json.loads(STORED.read_text(encoding="utf-8")))
    rescored = changed(scores_now, json.loads(SCORES.read_text(encoding="utf-8")))
    print(f"{len(now)} games, {len(different)} changed" +
          (": " + ", ".join(different) if different else "") +
          f"; {len(rescored)} with other scores" + (": " + ", ".join(rescored) if rescored else ""))
    return 1 if different or rescored else 0


if __name__ == "__main__":
    sys.exit(main())
