"""Every kind of mistake in a pack is reported as a ContentError naming the file, the entry,
the key and the problem, and none raises a traceback (R12.1)."""

from __future__ import annotations

import re
import shutil
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from smqt.pack.folder import read_pack
from smqt.pack.load import check_pack
from smqt.pack.problems import ContentError
from tests.content.packfixtures import FIXTURE_FILES, errors_of, manifest, single_error, write_pack
from tests.support import BASE

TAGS = "local, tourist, business, sports, nature, wave"


def card(body: str, ident: str = "c", row: str = "street") -> str:
    return f'[[card]]\nid = "{ident}"\nname = "Card"\nrow = "{row}"\n{body}\n'


def pack_with(make_pack, files: dict[str, str | bytes], name: str = "p") -> Path:
    return make_pack(name, {"pack.toml": manifest(name), **files})


def where(error: ContentError) -> tuple[str, str, str]:
    return Path(error.file).name, error.entry, error.key


# --------------------------------------------------------------------------- the message


def test_error_text_names_file_entry_key_and_problem(make_pack) -> None:
    folder = pack_with(
        make_pack,
        {
            "cards.toml": card(
                'scoring = [{ kind = "adjacent", tag = "local", points = 2 }, '
                '{ kind = "adjacent", tag = "natrue", points = 1 }]',
                ident="boardwalk_tacos",
            )
        },
    )
    error = single_error(folder)
    assert str(error) == (
        f"{folder / 'cards.toml'}: card 'boardwalk_tacos', key scoring[1].tag: "
        f"unknown tag 'natrue' (expected one of {TAGS})"
    )
    assert error == ContentError(
        str(folder / "cards.toml"),
        "boardwalk_tacos",
        "scoring[1].tag",
        f"unknown tag 'natrue' (expected one of {TAGS})",
        section="card",
        index=0,
    )


def test_error_text_forms() -> None:
    assert str(ContentError("p/x.toml", "", "", "invalid TOML: oops", line=3)) == (
        "p/x.toml, line 3: invalid TOML: oops"
    )
    assert str(ContentError("p/pack.toml", "pack", "version", "must not be empty")) == (
        "p/pack.toml: pack, key version: must not be empty"
    )
    assert str(ContentError("p/r.toml", "rules", "supply.local", "bad", section="rules")) == (
        "p/r.toml: rules, key supply.local: bad"
    )
    assert str(ContentError("p/c.toml", "", "id", "missing", section="card", index=2)) == (
        "p/c.toml: card #3, key id: missing"
    )
    assert str(ContentError("p/c.toml", "", "cardz", "unknown section")) == (
        "p/c.toml: key cardz: unknown section"
    )


# --------------------------------------------------------------------------- files


def test_missing_folder(tmp_path: Path) -> None:
    catalog, errors = check_pack(tmp_path / "nowhere")
    assert catalog is None
    assert [(e.file, e.problem) for e in errors] == [
        (str(tmp_path / "nowhere"), "no such pack folder")
    ]


def test_a_file_is_not_a_pack_folder(tmp_path: Path) -> None:
    (tmp_path / "file.toml").write_text("")
    assert errors_of(tmp_path / "file.toml")[0].problem == "is not a folder"


def test_missing_manifest_still_reports_entry_errors(make_pack) -> None:
    folder = make_pack("nomanifest", {"cards.toml": card('tags = ["natrue"]')})
    catalog, errors = check_pack(folder)
    assert catalog is None
    assert [where(e) for e in errors] == [
        ("pack.toml", "pack", ""),
        ("cards.toml", "c", "tags[0]"),
    ]
    assert "needs a pack.toml" in errors[0].problem


def test_toml_syntax_error_reports_the_line_and_other_files_still_load(make_pack) -> None:
    folder = pack_with(
        make_pack,
        {
            "a_good.toml": card("", ident="good"),
            "b_broken.toml": card("", ident="fine") + '\n[[card]]\nid = "x"\nname = \n',
        },
    )
    contents, errors = read_pack(folder)
    assert len(errors) == 1
    error = errors[0]
    assert (Path(error.file).name, error.entry, error.key, error.line) == (
        "b_broken.toml",
        "",
        "",
        9,
    )
    assert error.problem.startswith("invalid TOML: ")
    assert str(error).startswith(f"{folder / 'b_broken.toml'}, line 9: invalid TOML")
    assert contents is not None and list(contents.entries["card"]) == ["good"]


def test_toml_error_at_end_of_document_still_has_a_line(make_pack) -> None:
    folder = pack_with(make_pack, {"cards.toml": "a = 1\n\n[card"})
    assert single_error(folder).line == 3


def test_non_utf8_file(make_pack) -> None:
    text = card('text = "caf\xe9"').encode("latin-1")
    folder = pack_with(make_pack, {"cards.toml": text})
    error = single_error(folder)
    assert (Path(error.file).name, error.line) == ("cards.toml", 5)
    assert "not UTF-8" in error.problem and "0xe9" in error.problem


def test_unreadable_manifest_syntax(make_pack) -> None:
    folder = make_pack("m", {"pack.toml": 'name = "m"\nversion = \n'})
    catalog, errors = check_pack(folder)
    assert catalog is None
    assert [(e.entry, e.line) for e in errors] == [("pack", 2)]


# --------------------------------------------------------------------------- manifest


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('version = "1"\nschema = 1\n', "name", "required key 'name' is missing"),
        ('name = "x"\nversion = "1"\nschema = 2\n', "schema", "must be 1"),
        ('name = "x"\nversion = 1\nschema = 1\n', "version", "expected text"),
        ('name = " "\nversion = "1"\nschema = 1\n', "name", "must not be empty"),
        ('name = "x"\nversion = "1"\nschema = 1\nauthor = "me"\n', "author", "unknown key"),
        ('name = "x"\nversion = "1"\nschema = true\n', "schema", "expected a whole number"),
    ],
)
def test_manifest_problems(make_pack, text: str, key: str, problem: str) -> None:
    catalog, errors = check_pack(make_pack("m", {"pack.toml": text}))
    assert catalog is None
    assert len(errors) == 1
    assert (Path(errors[0].file).name, errors[0].entry, errors[0].key) == ("pack.toml", "pack", key)
    assert problem in errors[0].problem


def test_manifest_extends_a_missing_folder(make_pack) -> None:
    error = single_error(make_pack("m", {"pack.toml": manifest(extends="../gone")}))
    assert (error.entry, error.key) == ("pack", "extends")
    assert "'../gone' does not exist" in error.problem


# --------------------------------------------------------------------------- entry values


@pytest.mark.parametrize(
    ("body", "key", "problem"),
    [
        # wrong types
        (
            'placement = [{ kind = "sand_dollars", count = "2" }]',
            "placement[0].count",
            "expected a whole number, got '2' (text)",
        ),
        (
            'scoring = [{ kind = "adjacent", tag = "local", points = true }]',
            "scoring[0].points",
            "expected a whole number, got true",
        ),
        (
            'placement = [{ kind = "sand_dollars", count = 1.5 }]',
            "placement[0].count",
            "expected a whole number, got 1.5 (a decimal number)",
        ),
        ("text = 3", "text", "expected text in quotes, got 3 (a whole number)"),
        ('tags = "local"', "tags", "expected an array [...], got 'local' (text)"),
        ('tags = ["local", 3]', "tags[1]", "expected a tag (one of"),
        (
            'scoring = [{ kind = "chain", tag = "local", at_least = 2, points = 1, '
            'per_tag = "yes" }]',
            "scoring[0].per_tag",
            "expected true or false, got 'yes' (text)",
        ),
        ("scoring = [3]", "scoring[0]", "expected a table such as { kind = ... }"),
        ('scoring = { kind = "adjacent_ring", points = 1 }', "scoring", "expected an array"),
        # unknown enum values
        ('tags = ["natrue"]', "tags[0]", f"unknown tag 'natrue' (expected one of {TAGS})"),
        (
            'rings = [{ kind = "ring", people = ["tourist", "alien"], points = 2 }]',
            "rings[0].people[1]",
            "unknown people type 'alien' (expected one of local, tourist, vip, any)",
        ),
        (
            'placement = [{ kind = "add_people", people = "any", count = 1 }]',
            "placement[0].people",
            "unknown person type 'any' (expected one of local, tourist, vip)",
        ),
        # negative and out-of-range numbers
        (
            'placement = [{ kind = "move", people = "any", count = -1 }]',
            "placement[0].count",
            "must be a whole number of at least 1, got -1",
        ),
        (
            'scoring = [{ kind = "adjacent", tag = "local", points = -2 }]',
            "scoring[0].points",
            "must not be negative, got -2",
        ),
        (
            'placement = [{ kind = "move", people = "any", count = 1, distance = 7 }]',
            "placement[0].distance",
            "must be at most 6, got 7",
        ),
        ('tags = ["local", "local", "local", "local", "local"]', "tags", "at most 4 values"),
        # unknown keys, at every depth
        ('colour = "red"', "colour", "unknown key 'colour' (allowed keys: id, name, row,"),
        (
            'scoring = [{ kind = "adjacent", tag = "local", points = 1, bonus = 2 }]',
            "scoring[0].bonus",
            "unknown key 'bonus' (allowed keys: tag, points, kind)",
        ),
        (
            'constraints = [{ kind = "leftmost_beach", strict = true }]',
            "constraints[0].strict",
            "unknown key 'strict'",
        ),
        # unknown or missing kind
        (
            'scoring = [{ kind = "adjacent", tag = "local", points = 1 }, '
            '{ kind = "adjacent_to_sea", points = 1 }]',
            "scoring[1].kind",
            "unknown kind 'adjacent_to_sea' (expected one of adjacent, adjacent_count,",
        ),
        ("rings = [{ points = 2 }]", "rings[0].kind", "required key 'kind' is missing"),
        (
            'constraints = [{ kind = "rightmost" }]',
            "constraints[0].kind",
            "must be 'leftmost_beach'",
        ),
        # missing required keys inside a union member
        ('scoring = [{ kind = "adjacent", points = 1 }]', "scoring[0].tag", "'tag' is missing"),
        # validators
        (
            'scoring = [{ kind = "adjacent_tiers", tag = "wave", tiers = [[2, 3], [1, 5]] }]',
            "scoring[0].tiers",
            "rising order",
        ),
        (
            'scoring = [{ kind = "adjacent_tiers", tag = "wave", tiers = [[1, 3, 4]] }]',
            "scoring[0].tiers[0]",
            "expected an array of exactly 2 values, got 3",
        ),
        (
            'scoring = [{ kind = "adjacent_all", tags = ["wave"], points = 1 }]',
            "scoring[0].tags",
            "needs at least two different tags",
        ),
        ('rings = [{ kind = "ring", people = [], points = 1 }]', "rings[0].people", "1 to 6"),
        # __attrs_post_init__, "key: message"
        ('constraints = [{ kind = "leftmost_beach" }]', "constraints", "only allowed on beach"),
    ],
)
def test_bad_card_values(make_pack, body: str, key: str, problem: str) -> None:
    """R12.1 wrong types, unknown keys and out-of-range values name the key and the problem."""
    error = single_error(pack_with(make_pack, {"cards.toml": card(body)}))
    assert where(error) == ("cards.toml", "c", key)
    assert problem in error.problem, error.problem


def test_nested_validator_error_gets_the_full_path(make_pack) -> None:
    """A ValueError raised while building a Chain inside scoring[2] names scoring[2].at_least."""
    body = (
        'scoring = [{ kind = "adjacent", tag = "local", points = 1 }, '
        '{ kind = "adjacent_ring", points = 1 }, '
        '{ kind = "chain", tag = "local", at_least = 0, points = 1 }]'
    )
    error = single_error(pack_with(make_pack, {"cards.toml": card(body)}))
    assert (error.key, error.problem) == (
        "scoring[2].at_least",
        "must be a whole number of at least 1, got 0",
    )


def test_every_bad_field_of_one_entry_is_reported(make_pack) -> None:
    body = (
        'tags = ["natrue"]\n'
        'scoring = [{ kind = "chain", tag = "local", at_least = 0, points = -1 }]\n'
        'rings = [{ kind = "ring", people = ["tourist"], points = "four" }]'
    )
    folder = pack_with(make_pack, {"cards.toml": card(body)})
    assert [e.key for e in errors_of(folder)] == [
        "tags[0]",
        "scoring[0].at_least",
        "scoring[0].points",
        "rings[0].points",
    ]


def test_missing_required_key_and_missing_id(make_pack) -> None:
    folder = pack_with(
        make_pack,
        {"cards.toml": '[[card]]\nid = "a"\nrow = "beach"\n\n[[card]]\nname = "No Id"\n'},
    )
    errors = errors_of(folder)
    assert [(e.entry, e.key, e.index) for e in errors] == [
        ("a", "name", 0),
        ("", "id", 1),
        ("", "row", 1),
    ]
    assert errors[0].problem == "required key 'name' is missing"
    assert str(errors[1]).endswith("card #2, key id: required key 'id' is missing")


def test_bad_id_is_reported_on_the_id(make_pack) -> None:
    error = single_error(pack_with(make_pack, {"cards.toml": card("", ident="Bad Id")}))
    assert (error.entry, error.key) == ("Bad Id", "id") and "lower-case" in error.problem


@pytest.mark.parametrize(
    ("entries", "entry", "key", "problem"),
    [
        (
            '[[starting_tile]]\nid = "t"\nname = "T"\nfootprint = { tags = ["local"] }\n'
            'placement = [{ kind = "move", people = "any", count = 1 }]\n',
            "t",
            "placement[0]",
            "a starting tile gives only sand dollars and people, not move",
        ),
        (
            '[[starting_tile]]\nid = "t"\nname = "T"\nfootprint = { row = "any" }\n',
            "t",
            "footprint.tags",
            "give tags or a row",
        ),
        (
            '[[starting_tile]]\nid = "t"\nname = "T"\n'
            'footprint = { tags = ["local"], points_per_tag = 0 }\n',
            "t",
            "footprint.points_per_tag",
            "a footprint must score something",
        ),
        (
            '[[starting_tile]]\nid = "t"\nname = "T"\nfootprint = { tags = ["local"], size = 1 }\n',
            "t",
            "footprint.size",
            "unknown key 'size'",
        ),
        (
            '[[sand_dollar_action]]\nid = "a"\nname = "A"\ncost = 2\n'
            'take = { source = "column" }\n',
            "a",
            "take.count",
            "a column take always takes 2 cards",
        ),
        (
            '[[sand_dollar_action]]\nid = "a"\nname = "A"\ncost = 2\n'
            'take = { source = "front", count = -1 }\n',
            "a",
            "take.count",
            "at least 1, got -1",
        ),
        (
            '[[sand_dollar_action]]\nid = "a"\nname = "A"\ncost = 2\n'
            'take = { source = "sideways" }\n',
            "a",
            "take.source",
            "unknown take source 'sideways' (expected one of front, back, display, column)",
        ),
        (
            '[[sand_dollar_action]]\nid = "a"\nname = "A"\ncost = 2\ntake = { source = "front" }\n'
            'allowances = [{ kind = "move_here", people = "any", count = 1 }]\n',
            "a",
            "allowances[0]",
            "allows move or return, not move_here",
        ),
        (
            '[[sand_dollar_action]]\nid = "a"\nname = "A"\ncost = 2\ntake = { source = "front" }\n'
            'allowances = [{ kind = "sand_dollars", count = 1 }]\n',
            "a",
            "allowances[0].kind",
            "unknown kind 'sand_dollars' (expected one of move, move_here, return)",
        ),
        (
            '[[sand_dollar_tile]]\nid = "t"\nsides = ["a", "b", "c"]\n',
            "t",
            "sides",
            "expected an array of exactly 2 values, got 3",
        ),
        ('[[sand_dollar_tile]]\nid = "t"\nsides = ["a", "a"]\n', "t", "sides", "two different"),
        (
            '[[objective_tile]]\nid = "o"\nname = "O"\nwave = { kind = "paired_run", points = 1 }\n'
            'misc = { kind = "paired_run", points = 1 }\n'
            'penalty = { kind = "rings_and_unplaced", per_unplaced = 0 }\n',
            "o",
            "penalty.per_unplaced",
            "at least 1, got 0",
        ),
        (
            '[[objective_tile]]\nid = "o"\nname = "O"\nwave = { kind = "paired_run", points = 1 }\n'
            'misc = { kind = "paired_run", points = 1 }\n',
            "o",
            "penalty",
            "required key 'penalty' is missing",
        ),
    ],
)
def test_bad_tiles_and_actions(make_pack, entries: str, entry: str, key: str, problem: str) -> None:
    error = single_error(pack_with(make_pack, {"x.toml": entries}))
    assert where(error) == ("x.toml", entry, key)
    assert problem in error.problem, error.problem


# --------------------------------------------------------------------------- bounds (issue 12)


@pytest.mark.parametrize(
    ("body", "key", "problem"),
    [
        (
            'scoring = [{ kind = "adjacent", tag = "local", points = 20000000000000000000 }]',
            "scoring[0].points",
            "must be at most 99, got 20000000000000000000",
        ),
        (
            'scoring = [{ kind = "adjacent_gives", symbol = "vip", points = -100 }]',
            "scoring[0].points",
            "must be at least -99, got -100",
        ),
        (
            'scoring = [{ kind = "adjacent_tiers", tag = "wave", tiers = [[1, 3], [13, 5]] }]',
            "scoring[0].tiers",
            "copies must be at most 12",
        ),
        (
            'scoring = [{ kind = "adjacent_tiers", tag = "wave", tiers = [[1, 100]] }]',
            "scoring[0].tiers",
            "points must be 0 to 99, got 100",
        ),
        ('rings = [{ kind = "any_number", points = 100 }]', "rings[0].points", "at most 99"),
        ('text = "' + "x" * 501 + '"', "text", "at most 500 characters, got 501"),
        (
            "scoring = [" + ", ".join(['{ kind = "adjacent_ring", points = 1 }'] * 7) + "]",
            "scoring",
            "at most 6 values, got 7",
        ),
        (
            'constraints = [{ kind = "leftmost_beach" }, { kind = "leftmost_beach" }]',
            "constraints",
            "must list at most 1 value, got 2",
        ),
    ],
)
def test_bounds_the_engine_relies_on(make_pack, body: str, key: str, problem: str) -> None:
    """Issue 12 #2: every number the engine relies on has a range (points scaled 1e19-fold
    once validated and then broke the final-movement solver)."""
    error = single_error(pack_with(make_pack, {"cards.toml": card(body, row="beach")}))
    assert where(error) == ("cards.toml", "c", key)
    assert problem in error.problem, error.problem


def test_the_base_pack_with_points_scaled_1e19_fold_does_not_validate(tmp_path: Path) -> None:
    """Issue 12 #2: it validated, and the bot's final movement then failed for ever."""
    folder = Path(shutil.copytree(BASE, tmp_path / "base"))
    scaled = 0
    for path in folder.glob("*.toml"):
        text, count = re.subn(r"\bpoints = ([1-9]\d*)\b",
                              lambda m: f"points = {int(m[1]) * 10**19}",
                              path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
        scaled += count
    errors = check_pack(folder)[1]
    assert scaled > 50 and len(errors) == scaled
    assert all(e.key.endswith("points") and "must be at most 99" in e.problem for e in errors)


@pytest.mark.parametrize(
    ("name", "problem"),
    [("Two\\nLines", "one line of printable text"), ("N" * 61, "at most 60 characters, got 61")],
)
def test_names_are_one_short_line(make_pack, name: str, problem: str) -> None:
    text = f'[[card]]\nid = "c"\nname = "{name}"\nrow = "beach"\n'
    error = single_error(pack_with(make_pack, {"cards.toml": text}))
    assert where(error) == ("cards.toml", "c", "name")
    assert problem in error.problem, error.problem


def test_objective_points_have_a_range(make_pack) -> None:
    text = (
        '[[objective_tile]]\nid = "o"\nname = "O"\n'
        'wave = { kind = "chain_table", tags = ["wave"], table = [1, 3, 1000] }\n'
        'misc = { kind = "largest_chain", tags = ["local"], points_per_tag = 100 }\n'
        'penalty = { kind = "most_unplaced", most = -100, second = -2 }\n'
    )
    errors = errors_of(pack_with(make_pack, {"o.toml": text}))
    assert [(e.key, e.problem) for e in errors] == [
        ("wave.table", "points must be -99 to 99, got 1000"),
        ("misc.points_per_tag", "must be at most 99, got 100"),
        ("penalty.most", "must be at least -99, got -100"),
    ]


@pytest.mark.parametrize("ident", ["c\n", "c\r\n", "a b", "", "x" * 41, "Caps"])
def test_an_id_must_match_whole(make_pack, ident: str) -> None:
    """Issue 12 #5: an id ending in a newline passed (``re.match`` with ``$``); its action
    text split in two and records of such games could not be replayed."""
    text = f"[[card]]\nid = {tomli_w.dumps({'i': ident})[4:].strip()}\nname = \"C\"\nrow = \"beach\"\n"
    error = single_error(pack_with(make_pack, {"cards.toml": text}))
    assert error.key == "id" and "lower-case letters" in error.problem


def test_a_huge_bad_value_is_shortened_in_the_message(make_pack) -> None:
    """Issue 12 #8: a 50 MB bad value was echoed whole; messages cut values to ~80 chars."""
    ident = "Z" * 1_000_000
    error = single_error(pack_with(make_pack, {"cards.toml": card("", ident=ident)}))
    assert error.key == "id" and len(str(error)) < 400 and "\u2026" in error.problem


def test_huge_keys_and_values_are_shortened_everywhere(make_pack) -> None:
    huge = "q" * 1_500_000
    body = f'tags = ["{huge}"]\n{huge} = 1\ntext = {"9" * 4000}'
    errors = errors_of(pack_with(make_pack, {"cards.toml": card(body)}))
    assert len(errors) == 3
    assert all(len(str(e)) < 600 for e in errors), [str(e)[:200] for e in errors]


# --------------------------------------------------------------------------- sections


@pytest.mark.parametrize(
    ("text", "entry", "key", "index", "problem"),
    [
        ("cardz = 1\n", "", "cardz", None, "unknown section 'cardz' (expected one of card,"),
        ("card = 3\n", "", "card", None, "must be an array of tables written [[card]]"),
        ('card = ["x"]\n', "", "", 0, "must be a table ([[card]]), got 'x' (text)"),
        ("[card]\nid = 'x'\n", "", "card", None, "must be an array of tables"),
        ("rules = 3\n", "rules", "", None, "[rules] must be a table of parameters"),
        ("remove = 3\n", "remove", "", None, "must be a table such as [remove]"),
    ],
)
def test_bad_sections(make_pack, text: str, entry, key, index, problem: str) -> None:
    error = single_error(pack_with(make_pack, {"x.toml": text}))
    assert (error.entry, error.key, error.index) == (entry, key, index)
    assert problem in error.problem, error.problem


def test_duplicate_id_within_a_pack_is_reported_on_the_second(make_pack) -> None:
    folder = pack_with(
        make_pack,
        {
            "a.toml": card("", ident="twice"),
            "b.toml": card('text = "again"', ident="twice") + card("", ident="other"),
        },
    )
    contents, errors = read_pack(folder)
    assert [where(e) for e in errors] == [("b.toml", "twice", "id")]
    assert errors[0].problem == (
        f"duplicate id: card 'twice' is already defined in {folder / 'a.toml'}, line 1"
    )
    assert errors[0].line == 1  # the line of the second copy, in b.toml
    assert contents is not None and list(contents.entries["card"]) == ["twice", "other"]
    assert contents.entries["card"]["twice"].text == ""


def test_a_duplicate_id_gives_the_lines_of_both_copies(make_pack) -> None:
    """Issue 43: the author finds both copies in a file without counting tables."""
    tricky = ('[[card]]\nid = "first"\nname = "Card"\nrow = "street"\n'
              'text = """\n[[card]] is not a header inside a string\n"""\n'
              '# [[card]] nor in a comment\n\n')
    text = tricky + card("", ident="twice") + card("", ident="other") + card("", ident="twice")
    folder = pack_with(make_pack, {"a.toml": text})
    [error] = read_pack(folder)[1]
    lines = text.split("\n")
    first, second = [number for number, line in enumerate(lines, 1) if line == 'id = "twice"']
    assert (error.line, error.entry) == (second - 1, "twice")  # the [[card]] above each id
    assert error.problem.endswith(f"{folder / 'a.toml'}, line {first - 1}")
    assert str(error).startswith(f"{folder / 'a.toml'}, line {second - 1}: card 'twice'")


def test_a_duplicate_id_written_inline_says_no_line_rather_than_a_wrong_one(make_pack) -> None:
    inline = 'card = [{ id = "twice", name = "Card", row = "street" }]\n'
    folder = pack_with(make_pack, {"a.toml": inline, "b.toml": card("", ident="twice")})
    [error] = read_pack(folder)[1]
    assert error.problem == (
        f"duplicate id: card 'twice' is already defined in {folder / 'a.toml'}")
    assert error.line == 1 and Path(error.file).name == "b.toml"


def test_same_id_in_different_kinds_is_fine(make_pack) -> None:
    files = dict(FIXTURE_FILES)
    files["cards.toml"] += card("", ident="blue")
    assert errors_of(make_pack("base", files)) == []


FRESH_ACTION = (
    '[[sand_dollar_action]]\nid = "fresh"\nname = "Fresh"\ncost = 1\ntake = { source = "back" }\n\n'
)


def test_dangling_sand_dollar_tile_side(make_pack) -> None:
    files = dict(FIXTURE_FILES)
    files["more.toml"] = FRESH_ACTION + '[[sand_dollar_tile]]\nid = "tile_3"\nsides = ["nope", "fresh"]\n'
    catalog, errors = check_pack(make_pack("base", files))
    assert [where(e) for e in errors] == [("more.toml", "tile_3", "sides[0]")]
    assert errors[0].section == "sand_dollar_tile"
    assert "no sand dollar action 'nope'" in errors[0].problem
    assert catalog is not None and "tile_3" not in catalog.sand_dollar_tiles


def test_an_action_on_two_tiles_is_an_error(make_pack) -> None:
    files = dict(FIXTURE_FILES)
    files["tiles.toml"] = FRESH_ACTION + (
        '[[sand_dollar_tile]]\nid = "tile_3"\nsides = ["fresh", "two_front"]\n'
    )
    errors = errors_of(make_pack("base", files))
    assert [where(e) for e in errors] == [("tiles.toml", "tile_3", "sides[1]")]
    assert errors[0].problem == (
        "the sand dollar action 'two_front' is already a side of tile 'tile_1'; an action is "
        "printed on one tile only"
    )


def test_removing_an_action_a_tile_uses_leaves_a_dangling_side(
    fixture_pack: Path, make_pack
) -> None:
    child = make_pack(
        "variants/v",
        {
            "pack.toml": manifest(extends="../../base"),
            "remove.toml": '[remove]\nsand_dollar_action = ["spot_anywhere"]\n',
        },
    )
    error = single_error(child)
    assert (Path(error.file).parent, error.entry, error.key) == (fixture_pack, "tile_2", "sides[1]")


def test_a_broken_action_does_not_also_make_its_tile_dangle(make_pack) -> None:
    files = dict(FIXTURE_FILES)
    files["sand_dollars.toml"] = files["sand_dollars.toml"].replace("cost = 4", "cost = -4", 1)
    errors = errors_of(make_pack("base", files))
    assert [(e.entry, e.key) for e in errors] == [("two_front", "cost")]


def test_one_bad_entry_hides_nothing(make_pack) -> None:
    """Bad entries are all reported, good ones still load, cross-checks still run."""
    files = dict(FIXTURE_FILES)
    files["extra.toml"] = (
        card('tags = ["natrue"]', ident="bad_1")
        + card("", ident="fine")
        + card("points = 3", ident="bad_2")
        + FRESH_ACTION
        + '[[sand_dollar_tile]]\nid = "t9"\nsides = ["fresh", "gone"]\n'
    )
    catalog, errors = check_pack(make_pack("base", files))
    assert [(e.entry, e.key) for e in errors] == [
        ("bad_1", "tags[0]"),
        ("bad_2", "points"),
        ("t9", "sides[1]"),
    ]
    assert catalog is not None
    assert list(catalog.cards)[-1] == "fine" and "bad_1" not in catalog.cards


# --------------------------------------------------------------------------- rules (R12.1)


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ("[rules]\ncards_to_end = 99\n", "cards_to_end", "must be at most 60, got 99"),
        ("[rules]\ndisplay_columns = 0\n", "display_columns", "at least 1, got 0"),
        ("[rules]\ncards_to_end = '14'\n", "cards_to_end", "expected a whole number"),
        ("[rules]\ncards_to_end = true\n", "cards_to_end", "expected a whole number, got true"),
        ("[rules]\nplayers = 5\n", "players", "unknown key 'players' (allowed keys: display_"),
        ("[rules.supply]\nlocal = -1\n", "supply.local", "must not be negative, got -1"),
        ("[rules.supply]\ncoins = 3\n", "supply.coins", "unknown key 'coins'"),
        ("[rules.supply]\nlimited = 'no'\n", "supply.limited", "expected true or false"),
        ("[rules]\nsupply = 3\n", "supply", "expected a table, got 3 (a whole number)"),
        ("[rules.final_move]\nvip = 7\n", "final_move.vip", "must be at most 6, got 7"),
    ],
)
def test_r12_1_bad_rules_values(make_pack, text: str, key: str, problem: str) -> None:
    """R12.1 the loader rejects unknown rules keys and values of the wrong type or out of
    range, naming the file, the key and the problem."""
    error = single_error(pack_with(make_pack, {"rules.toml": text}))
    assert where(error) == ("rules.toml", "rules", key)
    assert problem in error.problem, error.problem
    assert str(error).startswith(f"{error.file}: rules, key {key}: ")


def test_r12_1_every_bad_rules_value_is_reported(make_pack) -> None:
    """R12.1 one bad parameter does not hide another."""
    text = "[rules]\ncards_to_end = 99\nfoo = 1\n\n[rules.supply]\nlocal = -1\nvip = 'x'\n"
    errors = errors_of(pack_with(make_pack, {"rules.toml": text}))
    assert sorted(e.key for e in errors) == ["cards_to_end", "foo", "supply.local", "supply.vip"]


def test_r12_1_same_rules_key_in_two_files(make_pack) -> None:
    """R12.1 a rules parameter is set in one file only; other keys of the table may be split."""
    folder = pack_with(
        make_pack,
        {
            "a.toml": "[rules]\ncards_to_end = 12\n\n[rules.supply]\nlocal = 5\n",
            "b.toml": "[rules]\nfoodie_offset = 1\n\n[rules.supply]\nlocal = 6\ntourist = 7\n",
        },
    )
    contents, errors = read_pack(folder)
    assert [where(e) for e in errors] == [("b.toml", "rules", "supply.local")]
    assert f"also set in {folder / 'a.toml'}" in errors[0].problem
    assert contents is not None
    assert (contents.rules.cards_to_end, contents.rules.foodie_offset) == (12, 1)
    assert (contents.rules.supply.local, contents.rules.supply.tourist) == (5, 7)


# --------------------------------------------------------------------------- remove


def test_remove_of_an_id_the_parent_does_not_have(fixture_pack: Path, make_pack) -> None:
    child = make_pack(
        "variants/v",
        {
            "pack.toml": manifest(extends="../../base"),
            "remove.toml": '[remove]\ncard = ["pier_arcade", "no_such_card"]\n',
        },
    )
    catalog, errors = check_pack(child)
    assert [where(e) for e in errors] == [("remove.toml", "remove", "card[1]")]
    assert errors[0].problem == "the parent pack has no card 'no_such_card' to remove"
    assert catalog is not None and "pier_arcade" not in catalog.cards


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('[remove]\ncards = ["x"]\n', "cards", "unknown kind 'cards' (expected one of card,"),
        ('[remove]\ncard = "pier_arcade"\n', "card", "expected an array of ids"),
        ("[remove]\ncard = [3]\n", "card[0]", "expected an id, got 3"),
        ('[remove]\ncard = ["pier_arcade", "pier_arcade"]\n', "card[1]", "removed twice"),
    ],
)
def test_bad_remove_tables(
    fixture_pack: Path, make_pack, text: str, key: str, problem: str
) -> None:
    child = make_pack("variants/v", {"pack.toml": manifest(extends="../../base"), "r.toml": text})
    error = single_error(child)
    assert where(error) == ("r.toml", "remove", key)
    assert problem in error.problem


def test_remove_without_a_parent(make_pack) -> None:
    error = single_error(pack_with(make_pack, {"r.toml": '[remove]\ncard = ["x"]\n'}))
    assert where(error) == ("r.toml", "remove", "card[0]")
    assert "extends no other pack" in error.problem


def test_removing_a_broken_parent_entry_is_not_a_second_error(make_pack) -> None:
    files = dict(FIXTURE_FILES)
    files["cards.toml"] += card("points = 1", ident="broken")
    make_pack("base", files)
    child = make_pack(
        "variants/v",
        {"pack.toml": manifest(extends="../../base"), "r.toml": '[remove]\ncard = ["broken"]\n'},
    )
    assert [(e.entry, e.key) for e in errors_of(child)] == [("broken", "points")]


# --------------------------------------------------------------------------- robustness

_SCALARS = st.one_of(
    st.integers(-3, 70),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6),
    st.sampled_from(["local", "wave", "any", "move", "ring", "chain", "front", "two_front"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["kind", "tag", "count", "points", "people", "x"]), inner)
    ),
    max_leaves=6,
)


def _slots(value: object) -> list[tuple[dict | list, object]]:
    """Every (container, key or index) inside parsed TOML data."""
    slots: list[tuple[dict | list, object]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value)  # type: ignore[union-attr]
    for key, child in items:
        slots.append((value, key))  # type: ignore[arg-type]
        if isinstance(child, (dict, list)):
            slots += _slots(child)
    return slots


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_mutation_of_a_good_pack_is_reported_never_raised(data) -> None:
    """Whatever value sits anywhere in an entries file, loading reports ContentErrors with a
    file and a problem, and never raises or fails internally."""
    name = data.draw(st.sampled_from([n for n in FIXTURE_FILES if n != "pack.toml"]))
    parsed = tomllib.loads(FIXTURE_FILES[name])
    container, key = data.draw(st.sampled_from(_slots(parsed)))
    action = data.draw(st.sampled_from(["replace", "delete", "add"]))
    if action == "delete":
        del container[key]  # type: ignore[arg-type]
    elif action == "add" and isinstance(container, dict):
        container[data.draw(st.sampled_from(["kind", "colour", "count", "id"]))] = data.draw(
            _VALUES
        )
    else:
        container[key] = data.draw(_VALUES)  # type: ignore[index]
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_pack(Path(tmp) / "p", {**FIXTURE_FILES, name: tomli_w.dumps(parsed)})
        catalog, errors = check_pack(folder)
    for error in errors:
        assert "internal error" not in error.problem, str(error)
        assert error.problem and error.file.endswith(".toml"), str(error)
    assert catalog is not None  # the manifest is untouched, so the pack always assembles
