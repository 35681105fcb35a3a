"""``smqt validate``: the planted-mistakes pack reports every mistake with its file, entry and
key; a good pack prints a one-line summary."""

from __future__ import annotations

import io
from pathlib import Path

from smqt.cli.validate import run_validate
from smqt.pack.load import catalog_counts, load_pack
from tests.content.packfixtures import FIXTURE_FILES, manifest, write_pack

PACKS = Path(__file__).resolve().parent / "packs"

# (file, "entry" as printed, key, what the problem says): one line per planted mistake
PLANTED = [
    ("cards.toml", "card 'tag_typo'", "tags[1]", "unknown tag 'natrue' (expected one of local,"),
    ("cards.toml", "card 'negative_move'", "placement[0].count", "at least 1, got -2"),
    ("cards.toml", "card 'wrong_type'", "scoring[0].points", "expected a whole number"),
    ("cards.toml", "card 'unknown_key'", "rings[0].colour", "unknown key 'colour'"),
    ("cards.toml", "card 'unknown_kind'", "scoring[1].kind", "unknown kind 'adjacent_to_sea'"),
    ("cards.toml", "card 'chain_zero'", "scoring[2].at_least", "at least 1, got 0"),
    ("cards.toml", "card 'nameless'", "name", "required key 'name' is missing"),
    ("more_cards.toml, line 1", "card 'good_card'", "id",
     "duplicate id: card 'good_card' is already defined in "),
    ("sand_dollars.toml", "sand_dollar_tile 'tile_dangling'", "sides[1]", "'three_front'"),
    ("rules.toml", "rules", "cards_to_end", "must be at most 60, got 99"),
    ("remove.toml", "remove", "card[1]", "the parent pack has no card 'no_such_card'"),
    ("starting_tiles.toml", "starting_tile 'mover'", "placement[0]", "not move"),
]


def test_r12_1_planted_mistakes_are_all_reported() -> None:
    """R12.1 every planted mistake is one line naming the file, the entry, the key and the
    problem; the syntax error names its line; nothing else is reported; exit code 1."""
    folder = PACKS / "planted"
    out = io.StringIO()
    assert run_validate(str(folder), out) == 1
    lines = out.getvalue().splitlines()
    expected = len(PLANTED) + 1
    assert lines[-1] == f"{expected} errors"
    reported = lines[:-1]
    assert len(reported) == expected, "\n".join(reported)
    for file, entry, key, problem in PLANTED:
        prefix = f"{folder / file}: {entry}, key {key}: "
        matches = [line for line in reported if line.startswith(prefix)]
        assert len(matches) == 1, f"{prefix!r} not reported once in:\n" + "\n".join(reported)
        assert problem in matches[0]
    syntax = [line for line in reported if line.startswith(f"{folder / 'syntax.toml'}, line 5: ")]
    assert len(syntax) == 1 and "invalid TOML" in syntax[0]


def test_planted_pack_parent_is_itself_correct() -> None:
    out = io.StringIO()
    assert run_validate(str(PACKS / "planted_parent"), out) == 0


def test_good_pack_prints_a_summary(tmp_path: Path) -> None:
    folder = write_pack(tmp_path / "fixture", FIXTURE_FILES)
    out = io.StringIO()
    assert run_validate(str(folder), out) == 0
    assert out.getvalue() == (
        "fixture 0.1: 3 feature cards (1 beach, 2 street), 4 starting tiles, "
        "4 sand dollar actions on 2 tiles, 3 objective tiles, rules: 3 overridden\n"
    )


def test_summary_counts_and_singular_forms(tmp_path: Path) -> None:
    folder = write_pack(
        tmp_path / "tiny",
        {
            **FIXTURE_FILES,
            "pack.toml": manifest("tiny"),
            "sand_dollars.toml": FIXTURE_FILES["sand_dollars.toml"].split("[[sand_dollar_tile]]")[0]
            + '[[sand_dollar_tile]]\nid = "t"\nsides = ["two_front", "spot_anywhere"]\n',
            "rules.toml": "[rules]\ndisplay_columns = 1\nsand_dollar_tiles_in_play = 1\n",
        },
    )
    out = io.StringIO()
    assert run_validate(str(folder), out) == 0, out.getvalue()
    assert "4 sand dollar actions on 1 tile," in out.getvalue()
    assert catalog_counts(load_pack(folder)) == {
        "feature_cards": 3,
        "beach_cards": 1,
        "street_cards": 2,
        "starting_tiles": 4,
        "sand_dollar_actions": 4,
        "sand_dollar_tiles": 1,
        "objective_tiles": 3,
        "rules_overridden": 2,
    }


def test_missing_pack_is_one_error(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_validate(str(tmp_path / "nowhere"), out) == 1
    assert out.getvalue() == f"{tmp_path / 'nowhere'}: no such pack folder\n1 error\n"


def test_a_pack_given_as_files_loads_as_its_folders_do(tmp_path):
    """Issue 41: ``load_files`` reads a pack and the packs it extends from their files,
    nothing from disk, to the identity the same files have in folders; its problems name the
    files as they are given."""
    import pytest

    from smqt.pack.load import check_files, load_files, load_pack
    from smqt.pack.problems import PackError

    base = write_pack(tmp_path / "packs" / "base", FIXTURE_FILES)
    variant = write_pack(tmp_path / "packs" / "variants" / "v", {
        "pack.toml": manifest("v", extends="../../base"),
        "rules.toml": "[rules]\ncards_to_end = 12\n"})
    files = {f"base/{p.name}": p.read_bytes() for p in base.iterdir()}
    files |= {f"variants/v/{p.name}": p.read_text() for p in variant.iterdir()}
    given = load_files(files, "variants/v")
    assert given.identity == load_pack(variant).identity
    assert given.rules == load_pack(variant).rules and given.cards == load_pack(variant).cards
    missing = {name: data for name, data in files.items() if not name.startswith("base/")}
    with pytest.raises(PackError, match="does not exist"):
        load_files(missing, "variants/v")
    broken = {**files, "variants/v/rules.toml": "[rules\n"}
    _catalog, problems = check_files(broken, "variants/v")
    assert [p.file for p in problems] == [str(Path("variants/v/rules.toml"))]
