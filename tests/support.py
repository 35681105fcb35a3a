"""Builders for scenario tests: load the packs once, describe cities like position files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from smqt.engine.actions import FRONT
from smqt.engine.catalog import Catalog
from smqt.engine.scoring import ScoreLine, ScoreSheet, score_game
from smqt.engine.state import ACQUIRE, GameState
from smqt.pack.load import load_pack
from smqt.records.position import position_from_data

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
BASE = ROOT / "content" / "base"
LAB = TESTS / "packs" / "lab"


@cache
def base() -> Catalog:
    """The base content pack."""
    return load_pack(BASE)


@cache
def lab() -> Catalog:
    """The base pack plus ``lab_*`` cards with one effect each (tests/packs/lab)."""
    return load_pack(LAB)


def player(tile: str = "outdoors", cards: dict[str, str] | None = None,
           people: dict[str, list[str]] | None = None, footprints: tuple[str, ...] = (),
           sand_dollars: int = 0, name: str | None = None) -> dict:
    """A ``[[player]]`` table of a position file."""
    table: dict = {"tile": tile, "cards": cards or {}, "people": people or {},
                   "footprints": list(footprints), "sand_dollars": sand_dollars}
    if name:
        table["name"] = name
    return table


def position(catalog: Catalog, *players: dict, objective: str = "blue", phase: str = "over",
             **extra: object) -> GameState:
    """A game state from position data (two players unless more are given)."""
    tables = list(players)
    tiles = {"outdoors", "surfer", "beachcomber", "shopper", "spots", "regular"}
    while len(tables) < 2:
        used = {t["tile"] for t in tables}
        tables.append(player(tile=sorted(tiles - used)[0]))
    data = {"objective": objective, "phase": phase, "player": tables, **extra}
    state, _ = position_from_data(data, catalog)
    return state


def in_turn(state: GameState, *, front: list[str | None] | None = None,
            back: list[str | None] | None = None, truck: int | None = None,
            foodie: int | None = None, current: int = 0,
            sand_dollar_actions: tuple[str, ...] | None = None) -> GameState:
    """Put a position in the acquire phase of ``current``'s turn with a chosen display."""
    if front is not None:
        state.front = list(front)
    if back is not None:
        state.back = list(back)
    shown = {c for c in state.front + state.back if c}
    state.deck = [c for c in state.deck if c not in shown]
    if truck is not None:
        state.truck = truck
    if foodie is not None:
        state.foodie = foodie
    if sand_dollar_actions is not None:
        state.sand_dollar_actions = sand_dollar_actions
    state.phase = ACQUIRE
    state.current = current
    return state


def sheet(state: GameState, index: int = 0) -> ScoreSheet:
    return score_game(state).sheets[index]


def lines(result: ScoreSheet, source: str | None = None, category: str | None = None
          ) -> list[ScoreLine]:
    return [line for line in result.lines
            if (source is None or line.source == source)
            and (category is None or line.category == category)]


def points(result: ScoreSheet, source: str, entry: str | None = None) -> int:
    return sum(line.points for line in lines(result, source)
               if entry is None or line.entry == entry)


def front_slot(column: int) -> tuple[int, int]:
    return (FRONT, column)


def act(state: GameState, text: str) -> list[str]:
    """Apply an action given in its text form; returns the events."""
    from smqt.engine.actions import parse_action
    from smqt.engine.rules import apply

    return apply(state, parse_action(text))


def legal_texts(state: GameState) -> list[str]:
    from smqt.engine.rules import legal_actions

    return [str(a) for a in legal_actions(state)]


def people_at(state: GameState, space: str, index: int = 0) -> list[str]:
    from smqt.engine.geometry import parse_space

    where = parse_space(space)
    return sorted(kind for kind, s in state.players[index].people.values() if s == where)


def qt_modules_loaded_by(imports: str) -> list[str]:
    """Run ``imports`` (Python statements) in a fresh interpreter and list the Qt modules it
    loaded: the engine and other Qt-free code must load none."""
    import subprocess
    import sys

    code = (f"{imports}\nimport sys\n"
            "print(','.join(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return [m for m in result.stdout.strip().split(",") if m]


def random_game_states(catalog: Catalog, seeds: range, every: int):
    """(objective, state) every ``every`` actions and at the end of random games, one seed
    each: 2-4 players in turn, the objective tiles in turn (for comparing two ways of scoring)."""
    import random

    from smqt.engine.rules import apply, legal_actions
    from smqt.engine.setup import new_game

    for seed in seeds:
        players = 2 + seed % 3
        objective = sorted(catalog.objective_tiles)[seed % len(catalog.objective_tiles)]
        state = new_game(catalog, players, seed, objective=objective)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            apply(state, rng.choice(legal_actions(state)))
            step += 1
            if step % every == 0 or state.is_over:
                yield objective, state
