"""A pack that validates sets up a game for 2, 3 and 4 players (R2, issue 12 #4): what
``new_game`` needs is checked by ``check_pack`` / ``smqt validate`` and reported with the
file, the entry and the key to fix."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from smqt.cli.validate import run_validate
from smqt.engine.setup import PLAYER_COUNTS, new_game
from smqt.pack.load import check_pack, load_pack
from tests.content.packfixtures import FIXTURE_FILES, manifest, write_pack
from tests.support import BASE


def base_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(BASE, tmp_path / "base"))


def problems(folder: Path) -> list[tuple[str, str, str, str, str]]:
    """(file name, section, entry, key, problem) of every problem."""
    return [(Path(e.file).name, e.section, e.entry, e.key, e.problem)
            for e in check_pack(folder)[1]]


def test_fixture_and_base_packs_set_up_for_every_player_count(tmp_path: Path) -> None:
    fixture = load_pack(write_pack(tmp_path / "fixture", FIXTURE_FILES))
    for catalog in (fixture, load_pack(BASE)):
        for players in PLAYER_COUNTS:
            assert new_game(catalog, players, seed=players).num_players == players


def test_fewer_starting_tiles_than_seats_is_an_error(tmp_path: Path) -> None:
    """R2.5 one starting tile per player: 3 tiles validated, then a 4-player game failed."""
    folder = base_copy(tmp_path)
    text = (folder / "starting_tiles.toml").read_text(encoding="utf-8")
    head, *tiles = text.split("[[starting_tile]]")
    (folder / "starting_tiles.toml").write_text(
        "[[starting_tile]]".join([head, *tiles[:3]]), encoding="utf-8"
    )
    out = io.StringIO()
    assert run_validate(str(folder), out) == 1
    assert problems(folder) == [(
        "starting_tiles.toml", "starting_tile", "", "",
        "the pack has 3 starting tiles; a game of 4 players needs one each (R2.5): add 1 more",
    )]
    assert out.getvalue().splitlines()[-1] == "1 error"
    assert out.getvalue().startswith(f"{folder / 'starting_tiles.toml'}: starting_tile: ")


def test_an_emptied_starting_tiles_file_is_an_error(tmp_path: Path) -> None:
    folder = base_copy(tmp_path)
    (folder / "starting_tiles.toml").write_text("", encoding="utf-8")
    assert problems(folder) == [(
        "pack.toml", "starting_tile", "", "",
        "the pack has 0 starting tiles; a game of 4 players needs one each (R2.5): add 4 more",
    )]


def test_no_objective_tile_is_an_error(tmp_path: Path) -> None:
    """R2.3 every game draws an objective tile."""
    folder = base_copy(tmp_path)
    (folder / "objectives.toml").unlink()
    [(file, section, entry, key, problem)] = problems(folder)
    assert (file, section, entry, key) == ("pack.toml", "objective_tile", "", "")
    assert "no objective tile" in problem and "R2.3" in problem


def test_a_variant_that_removes_starting_tiles_is_blamed_not_its_parent(tmp_path: Path) -> None:
    base_copy(tmp_path)
    variant = write_pack(tmp_path / "variant", {
        "pack.toml": manifest(extends="../base"),
        "changes.toml": '[remove]\nstarting_tile = ["outdoors", "surfer", "beachcomber"]\n',
    })
    assert problems(variant) == [(
        "pack.toml", "starting_tile", "", "",
        "the pack has 3 starting tiles; a game of 4 players needs one each (R2.5): add 1 more",
    )]
    assert Path(check_pack(variant)[1][0].file).parent == variant


def test_more_sand_dollar_tiles_drawn_than_there_are_is_an_error(tmp_path: Path) -> None:
    """R2.2: the blame goes to the rules parameter where it is set."""
    folder = base_copy(tmp_path)
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(
        "sand_dollar_tiles_in_play = 2", "sand_dollar_tiles_in_play = 5"), encoding="utf-8")
    assert problems(folder) == [(
        "rules.toml", "", "rules", "sand_dollar_tiles_in_play",
        "5 sand dollar tiles are drawn at setup (R2.2), but the pack has 4: add tiles or draw "
        "fewer (rules.sand_dollar_tiles_in_play)",
    )]


def test_a_display_that_cannot_be_dealt_is_an_error(tmp_path: Path) -> None:
    """R2.1 the display is dealt two rows deep: 4 columns need 8 feature cards."""
    folder = write_pack(tmp_path / "fixture", {
        **FIXTURE_FILES, "rules.toml": "[rules]\ndisplay_columns = 2\n",
    })
    assert problems(folder) == [(
        "rules.toml", "", "rules", "display_columns",
        "the display of 2 columns is dealt two rows deep (R2.1): it needs 4 feature cards, "
        "the pack has 3",
    )]


def test_the_empty_pack_that_once_validated_lists_every_missing_part(tmp_path: Path) -> None:
    """The summary test of an earlier version validated a pack of 0 cards and 0 tiles."""
    folder = write_pack(tmp_path / "empty", {"pack.toml": manifest("empty")})
    out = io.StringIO()
    assert run_validate(str(folder), out) == 1
    assert [(section, key) for _, section, _, key, _ in problems(folder)] == [
        ("starting_tile", ""), ("objective_tile", ""), ("sand_dollar_tile", ""), ("card", ""),
    ]


def test_a_broken_starting_tile_is_not_also_counted_missing(tmp_path: Path) -> None:
    """An entry left out for its own error still counts: fixing it fixes the count."""
    folder = base_copy(tmp_path)
    tiles = folder / "starting_tiles.toml"
    tiles.write_text(tiles.read_text(encoding="utf-8").replace(
        'name = "The Surfer"', 'name = ""', 1), encoding="utf-8")
    assert [(entry, key) for _, _, entry, key, _ in problems(folder)] == [("surfer", "name")]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_smallest_pack_that_validates_sets_up(tmp_path: Path, players: int) -> None:
    folder = write_pack(tmp_path / "fixture", FIXTURE_FILES)
    state = new_game(load_pack(folder), players, seed=7)
    assert len(state.tile_pool) == players and state.objective
    assert None not in state.front + state.back
