"""The games two reports share, and how one side at one player count of them is compared.

A side plays games numbered from 0, game i on the seed ``first + i`` with its seats rotated
by i (``plan.sides.specs``; the noise side on seeds of its own). Two runs of a side whose
seeds overlap played the same deals: they are not independent. With the same pack (content
hash), the same bots in the same seats and the same smqt, those games are the very same games,
and comparing them tells nothing. So a side is compared

- as two independent runs when no seed is shared (from the reports' summaries);
- paired game by game on the seeds both played, when some are shared and the games differ
  (another pack, other bots, another smqt): each game's values are read from the reports'
  games.csv, and the games only one run played are left out;
- not at all when the shared games are the same games, or when games.csv, which pairing needs,
  is missing or does not hold the games its report.json says (a sentence says which).
"""

from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import attrs

from smqt.language.translate import _, ngettext
from smqt.sim.plan.sides import first_seed, next_seed, specs
from smqt.sim.report.model import Report
from smqt.sim.run.playgame import GameSpec

INDEPENDENT = "independent"  # not translated: how a side is compared (a compare.json value)
PAIRED = "paired"  # not translated: how a side is compared
IDENTICAL = "identical"  # not translated: how a side is compared
UNPAIRED = "unpaired"  # not translated: how a side is compared (seeds shared, no games.csv)


@attrs.frozen
class RunGames:
    """The games one report's side played at one player count."""

    pack: str
    """The pack's name and version."""
    content_hash: str
    """The pack's content hash."""
    specs: tuple[GameSpec, ...]
    """Each game's number, seed and bots by seat."""
    smqt: str | None
    """The smqt that played them (None when the report does not say)."""


@attrs.frozen
class Pairing:
    """How one side at one player count of two reports is compared."""

    side: str
    """The side's key, the same in both reports."""
    players: int
    """The player count."""
    how: str
    """``independent``, ``paired``, ``identical`` or ``unpaired``."""
    a: RunGames
    """Report A's games."""
    b: RunGames
    """Report B's games."""
    pairs: tuple[tuple[int, int], ...]
    """(A's game, B's game) played on the same seed, in A's order."""
    problem: str = ""
    """For ``unpaired``: why the games cannot be paired, in a sentence."""


def run_games(report: Report, label: str, players: int) -> RunGames:
    side = report.sides[label]
    games = side.players[str(players)].games
    made = report.meta.provenance
    return RunGames(f"{side.pack.name} {side.pack.version}", side.pack.content_hash,
                    tuple(specs([players], report.meta.bots, 0, games,
                                first_seed(report.meta.seed, side.kind))),
                    made.smqt if made is not None else None)


def pairing(a: Report, b: Report, label: str, players: int) -> Pairing:
    """How the side ``label`` at ``players`` of ``a`` and ``b`` is compared (``unpaired`` is
    for the caller, which reads the games)."""
    mine, theirs = run_games(a, label, players), run_games(b, label, players)
    by_seed = {spec.seed: spec for spec in theirs.specs}
    pairs = tuple((spec.index, by_seed[spec.seed].index) for spec in mine.specs
                  if spec.seed in by_seed)
    if not pairs:
        return Pairing(label, players, INDEPENDENT, mine, theirs, ())
    same_smqt = mine.smqt is None or theirs.smqt is None or mine.smqt == theirs.smqt
    same_seats = all(mine.specs[i].bots == theirs.specs[j].bots for i, j in pairs)
    if mine.content_hash == theirs.content_hash and same_seats and same_smqt:
        return Pairing(label, players, IDENTICAL, mine, theirs, pairs)
    return Pairing(label, players, PAIRED, mine, theirs, pairs)


def shared_seeds(found: Pairing) -> tuple[int, int, int]:
    """How many seeds both runs played, the lowest and the highest."""
    seeds = [found.a.specs[i].seed for i, _j in found.pairs]
    return len(seeds), min(seeds), max(seeds)


def free_seed(found: Pairing) -> int:
    """A first seed from which a run shares no game with either run."""
    return next_seed(max(spec.seed for run in (found.a, found.b) for spec in run.specs))


def refusal(found: Pairing) -> str:
    """Why a side that shares seeds is not compared, in a sentence (empty for one that is)."""
    if found.how not in (IDENTICAL, UNPAIRED):
        return ""
    count, first, last = shared_seeds(found)
    if found.how == IDENTICAL:
        if count == 1:
            text = _("{side}, {players} players: not compared. Both reports played the same "
                     "game (seed {first}, the same pack, bots in the same seats, the same "
                     "smqt), and the same games tell nothing about a difference; play one of "
                     "them on other seeds (--seed {free} or higher).")
        else:
            text = ngettext(
                "{side}, {players} players: not compared. Both reports played the same "
                "{count} games (seeds {first} to {last}, the same pack, bots in the same "
                "seats, the same smqt), and the same games tell nothing about a difference; "
                "play one of them on other seeds (--seed {free} or higher).",
                "{side}, {players} players: not compared. Both reports played the same "
                "{count} games (seeds {first} to {last}, the same pack, bots in the same "
                "seats, the same smqt), and the same games tell nothing about a difference; "
                "play one of them on other seeds (--seed {free} or higher).", count)
        return text.format(side=found.side, players=found.players, count=count, first=first,
                           last=last, free=free_seed(found))
    if count == 1:
        text = _("{side}, {players} players: not compared. Both reports played seed {first}, "
                 "so the runs are not independent, and pairing their games needs both "
                 "games.csv: {problem}.")
    else:
        text = ngettext(
            "{side}, {players} players: not compared. Both reports played the {count} seeds "
            "{first} to {last}, so the runs are not independent, and pairing their games needs "
            "both games.csv: {problem}.",
            "{side}, {players} players: not compared. Both reports played the {count} seeds "
            "{first} to {last}, so the runs are not independent, and pairing their games needs "
            "both games.csv: {problem}.", count)
    return text.format(side=found.side, players=found.players, count=count, first=first,
                       last=last, problem=found.problem)


# --------------------------------------------------------------------------- games.csv

GameValues = dict[str, float]
"""A game's values by the comparison's measure keys: ``turns``, ``seat.1.win``..."""


class GamesUnreadable(ValueError):
    """A games.csv that cannot give a side's games; the message says why."""


def read_games(path: Path, label: str, players: int) -> dict[int, tuple[int, GameValues]]:
    """Each game of the side ``label`` at ``players`` in the games.csv at ``path``: its number
    -> (its seed, its values). Raises GamesUnreadable."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            seats: dict[int, list[dict[str, str]]] = defaultdict(list)
            for row in csv.DictReader(handle):
                if row.get("side") == label and row.get("players") == str(players):
                    seats[int(row["game"])].append(row)
    except FileNotFoundError:
        raise GamesUnreadable(_("{file} is missing").format(file=path)) from None
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise GamesUnreadable(_("{file} cannot be read: {problem}").format(
            file=path, problem=getattr(exc, "strerror", None) or exc)) from None
    except (KeyError, TypeError, ValueError):
        raise GamesUnreadable(_("{file} is not a games.csv of smqt sim").format(
            file=path)) from None
    try:
        return {game: (int(rows[0]["seed"]), _values(rows)) for game, rows in seats.items()}
    except (KeyError, TypeError, ValueError, IndexError):
        raise GamesUnreadable(_("{file} is not a games.csv of smqt sim").format(
            file=path)) from None


def _values(rows: list[dict[str, str]]) -> GameValues:
    """One game's values from its seats' rows (as ``compare``'s measures name them)."""
    ordered = sorted(rows, key=lambda row: int(row["seat"]))
    scores = sorted((int(row["score"]) for row in ordered), reverse=True)
    decided = ordered[0]["decided_by"]
    values = {"turns": float(ordered[0]["turns"]),
              "margin": float(scores[0] - scores[1]),
              "ties": float(decided == "shared"),  # not translated: a games.csv value
              "tie_breaks": float(decided != "score")}  # not translated: a games.csv value
    by_bot: dict[str, list[float]] = defaultdict(list)
    for row in ordered:
        seat = int(row["seat"]) + 1
        share = float(row["win_share"])
        values[f"seat.{seat}.win"] = share
        values[f"seat.{seat}.score"] = float(row["score"])
        by_bot[row["bot"]].append(share)
    for bot, shares in by_bot.items():
        values[f"bot.{bot}.win"] = sum(shares) / len(shares)
    return values


def paired_values(pairing_: Pairing, a_csv: Path, b_csv: Path
                  ) -> list[tuple[GameValues, GameValues]]:
    """Each pair's values (A's game, B's game), read from the reports' games.csv; raises
    GamesUnreadable, also when a file's games are not those its report says."""
    found = []
    for path, run, index in ((a_csv, pairing_.a, 0), (b_csv, pairing_.b, 1)):
        games = read_games(path, pairing_.side, pairing_.players)
        wanted = [pair[index] for pair in pairing_.pairs]
        if any(games.get(game, (None,))[0] != run.specs[game].seed for game in wanted):
            raise GamesUnreadable(_("{file} does not hold the games its report.json says "
                                    "(side {side}, {players} players)").format(
                file=path, side=pairing_.side, players=pairing_.players))
        found.append([games[game][1] for game in wanted])
    return list(zip(found[0], found[1], strict=True))
