"""Position files: a game state described by hand in TOML, for tests, bug reports and
examples (cities, people, footprints, sand dollars; the display and deck are dealt from the
remaining cards).

::

    pack = "../base"            # the content pack folder, relative to this file
    objective = "blue"
    phase = "over"              # over: score as it stands; final: before the final movement
    [[player]]
    name = "Ann"
    tile = "spots"
    sand_dollars = 2
    cards = { "beach:-1" = "some_card", "street:1" = "other_card" }
    people = { "street:0" = ["vip", "local"], "beach:-1" = ["tourist"] }
    footprints = ["street:0"]
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs
import tomli_w

from smqt.engine.catalog import Catalog
from smqt.engine.features import UPPER_HALF_ID, features, tile_feature_id
from smqt.engine.footprints import matches as footprint_matches
from smqt.engine.geometry import BEACH, TILE_LOWER, TILE_UPPER, Space, parse_space, space_str
from smqt.engine.rules import refresh_display
from smqt.engine.setup import SetupError, new_game
from smqt.engine.state import FINAL, OVER, PERSON_KINDS, GameState
from smqt.files.atomic import atomic_write_text
from smqt.files.text import TextFileError, read_text
from smqt.language.translate import N_, _

PHASES = {"over": OVER, "final": FINAL}
_TOP_KEYS = {"pack", "objective", "phase", "seed", "start_player", "player",
             "sand_dollar_actions"}
_PLAYER_KEYS = {"name", "tile", "sand_dollars", "cards", "people", "footprints"}
_TOO_MANY = {"local": N_("more locals than the supply holds (R1.2)"),
             "tourist": N_("more tourists than the supply holds (R1.2)"),
             "vip": N_("more vips than the supply holds (R1.2)"),
             "footprint": N_("more footprints than the supply holds (R1.2)")}
"What a position that places more of a supply item than there are says (translated when shown)."


@attrs.frozen
class PositionProblem:
    file: str
    key: str
    problem: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.problem}"


class PositionError(ValueError):
    """A position file with problems; ``problems`` lists each with its key."""

    def __init__(self, problems: list[PositionProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@attrs.frozen
class Position:
    state: GameState
    names: tuple[str, ...]
    pack_path: Path | None


def read_position_data(path: str | Path) -> dict:
    def refuse(problem: str) -> PositionError:
        return PositionError([PositionProblem(str(path), "file", problem)])

    try:
        text = read_text(path)
    except TextFileError as exc:
        raise refuse(str(exc)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise refuse(_("TOML syntax error: {error}").format(error=exc)) from None
    except (RecursionError, ValueError, MemoryError) as exc:  # deep nesting, huge numbers
        raise refuse(_("not a readable position ({error})").format(error=str(exc)[:80])) from None


def pack_folder(path: str | Path, data: dict) -> Path | None:
    pack = data.get("pack")
    if not isinstance(pack, str) or "\0" in pack or len(pack) > 4096:
        return None
    try:
        return (Path(path).parent / pack).resolve()
    except (OSError, RuntimeError):  # a loop of links
        return None


def load_position(path: str | Path, catalog: Catalog | None = None) -> Position:
    """Read a position file; the pack is loaded from its ``pack`` key unless given."""
    data = read_position_data(path)
    folder = pack_folder(path, data)
    if catalog is None:
        from smqt.pack.load import load_pack

        if folder is None:
            raise PositionError([PositionProblem(str(path), "pack", _("names no pack folder"))])
        catalog = load_pack(folder)
    state, names = position_from_data(data, catalog, str(path))
    return Position(state, names, folder)


def position_from_data(data: dict, catalog: Catalog, file: str = "position"
                       ) -> tuple[GameState, tuple[str, ...]]:
    """Build a game state from position data, or raise PositionError listing every problem."""
    problems: list[PositionProblem] = []

    def bad(key: str, problem: str) -> None:
        problems.append(PositionProblem(file, key, problem))

    for key in sorted(set(data) - _TOP_KEYS):
        bad(key, _("unknown key (expected {keys})").format(keys=", ".join(sorted(_TOP_KEYS))))
    players = data.get("player", [])
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise PositionError([PositionProblem(file, "player",
                                             _("needs 2 to 4 [[player]] tables"))])
    phase = data.get("phase", "over")
    if not isinstance(phase, str) or phase not in PHASES:
        bad("phase", _("must be one of {allowed}, not {value}").format(
            allowed=", ".join(PHASES), value=repr(phase)))
        phase = "over"
    for key in ("seed", "start_player"):
        if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)):
            bad(key, _("must be a whole number, not {value}").format(value=repr(data[key])))
    objective = data.get("objective")
    if objective is not None and not isinstance(objective, str):
        bad("objective", _("must be an objective tile id, not {value}").format(
            value=repr(objective)))
    actions = data.get("sand_dollar_actions")
    if actions is not None and (not isinstance(actions, list)
                                or not all(isinstance(a, str) for a in actions)):
        bad("sand_dollar_actions", _("must be a list of action ids, not {value}").format(
            value=repr(actions)))
    if problems:
        raise PositionError(problems)
    try:
        state = new_game(catalog, len(players), data.get("seed", 0), objective=objective,
                         sand_dollar_actions=tuple(actions) if actions is not None else None,
                         start_player=data.get("start_player", 0))
    except SetupError as exc:
        raise PositionError([PositionProblem(file, "setup", str(exc))]) from None
    feats = features(catalog)
    used_cards: dict[str, str] = {}
    used_tiles: set[str] = set()
    names = []
    for p, (table, player) in enumerate(zip(players, state.players, strict=True)):
        at = f"player[{p}]"
        if not isinstance(table, dict):
            bad(at, _("must be a table"))
            continue
        for key in sorted(set(table) - _PLAYER_KEYS):
            bad(f"{at}.{key}", _("unknown key (expected {keys})").format(
                keys=", ".join(sorted(_PLAYER_KEYS))))
        names.append(str(table.get("name", _("Player {number}").format(number=p + 1))))
        tile = table.get("tile")
        if not isinstance(tile, str) or tile not in catalog.starting_tiles:
            bad(f"{at}.tile", _("unknown starting tile {tile} (expected one of {allowed})").format(
                tile=repr(tile), allowed=", ".join(catalog.starting_tiles)))
            continue
        if tile in used_tiles:
            bad(f"{at}.tile", _("starting tile {tile} is used by another player").format(
                tile=repr(tile)))
        used_tiles.add(tile)
        player.tile = tile
        player.city = {TILE_UPPER: UPPER_HALF_ID, TILE_LOWER: tile_feature_id(tile)}
        dollars = table.get("sand_dollars", 0)
        if not isinstance(dollars, int) or isinstance(dollars, bool) or dollars < 0:
            bad(f"{at}.sand_dollars", _("must be a whole number of at least 0, not {value}").format(
                value=repr(dollars)))
        else:
            player.sand_dollars = dollars
        for space_text, card in _table(table.get("cards", {}), f"{at}.cards", bad).items():
            key = f"{at}.cards.{space_text}"
            space = _space(space_text, key, bad)
            if space is None:
                continue
            if not isinstance(card, str) or card not in catalog.cards:
                bad(key, _("unknown card {card}").format(card=repr(card)))
                continue
            if space[1] == 0:
                bad(key, _("column 0 holds the starting tile"))
                continue
            if feats[card].row != space[0]:
                bad(key, (_("{card} is a beach card (R4.1)") if feats[card].row == BEACH
                          else _("{card} is a street card (R4.1)")).format(card=card))
                continue
            if card in used_cards:
                bad(key, _("card {card} is already placed at {place}").format(
                    card=repr(card), place=used_cards[card]))
                continue
            used_cards[card] = f"{at}.cards.{space_text}"
            player.city[space] = card
        _check_city(player.city, feats, f"{at}.cards", bad)
        for space_text, kinds in _table(table.get("people", {}), f"{at}.people", bad).items():
            key = f"{at}.people.{space_text}"
            space = _space(space_text, key, bad)
            if space is None:
                continue
            if space not in player.city:
                bad(key, _("people must stand on a filled space"))
                continue
            for kind in kinds if isinstance(kinds, list) else [kinds]:
                if kind not in PERSON_KINDS:
                    bad(key, _("unknown person {kind} (expected local, tourist or vip)").format(
                        kind=repr(kind)))
                    continue
                player.people[state.next_person] = (kind, space)
                state.next_person += 1
                state.supply[kind] -= 1
        seen: set[Space] = set()
        footprints = table.get("footprints", [])
        if not isinstance(footprints, list):
            bad(f"{at}.footprints", _('must be a list like ["street:0"]'))
            footprints = []
        for i, space_text in enumerate(footprints):
            key = f"{at}.footprints[{i}]"
            space = _space(space_text, key, bad)
            if space is None:
                continue
            if space not in player.city:
                bad(key, _("a footprint must lie on a filled space"))
            elif not footprint_matches(catalog.starting_tiles[tile].footprint, space,
                                       feats[player.city[space]]):
                bad(key, _("a VIP of {tile} never leaves a footprint on {space} (R7.2)").format(
                    tile=tile, space=space_str(space)))
            elif space in seen:
                bad(key, _("a space holds at most one footprint (R7.2)"))
            else:
                seen.add(space)
                state.supply["footprint"] -= 1
        player.footprints = seen
    for kind, left in state.supply.items():
        if left < 0:
            bad("player", _(_TOO_MANY[kind]) if kind in _TOO_MANY else
                _("more {kind}s than the supply holds (R1.2)").format(kind=kind))
    if problems:
        raise PositionError(problems)
    # Deal the display and deck from the cards nobody has placed.
    state.tile_pool = []
    state.deck = [c for c in state.deck if c not in used_cards]
    state.front = [c if c not in used_cards else None for c in state.front]
    state.back = [c if c not in used_cards else None for c in state.back]
    refresh_display(state)
    state.truck, state.foodie = 0, state.rules.foodie_offset % state.rules.display_columns
    state.phase = PHASES[phase]
    state.current = state.start_player
    return state, tuple(names)


def _space(text: object, key: str, bad: Callable[[str, str], None]) -> Space | None:
    try:
        return parse_space(str(text))
    except ValueError as exc:
        bad(key, str(exc))
        return None


def _table(value: object, key: str, bad: Callable[[str, str], None]) -> dict:
    if isinstance(value, dict):
        return value
    bad(key, _('must be a table like {{ "street:1" = ... }}').format())
    return {}


def _check_city(city: dict[Space, str], feats: dict, key: str, bad) -> None:
    """Every card connected to the tile (R4.2) and nothing left of a leftmost beach (R4.4)."""
    reached = {TILE_LOWER}
    stack = [TILE_LOWER]
    while stack:
        r, c = stack.pop()
        for n in ((r, c - 1), (r, c + 1), (1 - r, c)):
            if n in city and n not in reached:
                reached.add(n)
                stack.append(n)
    for space in sorted(set(city) - reached):
        bad(f"{key}.{space_str(space)}", _("is not connected to the rest of the city (R4.2)"))
    fences = [s for s, fid in city.items() if feats[fid].leftmost_beach]
    for fence in fences:
        for space in city:
            if space[0] == BEACH and space[1] < fence[1]:
                bad(f"{key}.{space_str(space)}", _("stands left of the leftmost beach card "
                                                   "{card} (R4.4)").format(card=city[fence]))


def position_to_text(state: GameState, pack: str, names: tuple[str, ...] = ()) -> str:
    """The position file of a state (its cities, people, footprints and sand dollars)."""
    players = []
    for i, player in enumerate(state.players):
        people: dict[str, list[str]] = {}
        for _person, (kind, space) in sorted(player.people.items()):
            people.setdefault(space_str(space), []).append(kind)
        players.append({
            "name": names[i] if i < len(names) else f"Player {i + 1}",  # not translated: file
            "tile": player.tile or "",
            "sand_dollars": player.sand_dollars,
            "cards": {space_str(s): fid for s, fid in sorted(player.city.items()) if s[1] != 0},
            "people": people,
            "footprints": [space_str(s) for s in sorted(player.footprints)],
        })
    data = {
        "pack": pack,
        "objective": state.objective,
        "phase": "final" if state.phase == FINAL else "over",
        "sand_dollar_actions": list(state.sand_dollar_actions),
        "start_player": state.start_player,
        "player": players,
    }
    return "# Santa Monica (smqt) position\n" + tomli_w.dumps(data)  # not translated: file


def save_position(path: str | Path, state: GameState, pack: str, names: tuple[str, ...] = ()) -> None:
    atomic_write_text(path, position_to_text(state, pack, names))
