"""Damaged pack files and paths are each one reported problem with the file, and never cost
the other problems (issue 12 #7 and #8): deep nesting, huge numbers, non-UTF-8 bytes, files
that are symlinks to devices, fifos, folders, dangling symlinks or loops, and ``extends``
with a NUL, a very long name, a loop or a chain too deep. Nothing raises but PackError."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from smqt.cli.validate import run_validate
from smqt.files.guarded import MAX_FILE_BYTES, MAX_NESTING
from smqt.pack.load import check_pack, load_pack
from smqt.pack.problems import ContentError, PackError
from tests.content.packfixtures import FIXTURE_FILES, manifest, write_pack

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files")

BAD_CARD = '[[card]]\nid = "other"\nname = "Other"\nrow = "sky"\n'
"A plain mistake in another file: it must still be reported next to the damaged file."


def pack(tmp_path: Path, **files: str | bytes) -> Path:
    return write_pack(tmp_path / "p", {**FIXTURE_FILES, "other.toml": BAD_CARD, **files})


def report(folder: Path) -> list[ContentError]:
    """Every problem, checking that the loader, validate and load_pack agree and never raise
    anything but PackError, and that no report is an internal error."""
    errors = check_pack(folder)[1]
    out = io.StringIO()
    assert run_validate(str(folder), out) == 1
    assert out.getvalue().splitlines()[-1].endswith(f"{len(errors)} errors")
    with pytest.raises(PackError):
        load_pack(folder)
    for error in errors:
        assert "internal error" not in error.problem, str(error)
        assert len(str(error)) < 600, str(error)[:300]
    return errors


def damaged(errors: list[ContentError], name: str) -> ContentError:
    """The one problem of file ``name``; the plain mistake in other.toml is reported too."""
    assert ("other", "row") in [(e.entry, e.key) for e in errors], errors
    mine = [e for e in errors if Path(e.file).name == name]
    assert len(mine) == 1, errors
    return mine[0]


def test_arrays_nested_thousands_deep(tmp_path: Path) -> None:
    """RecursionError in tomllib was an "internal error" that dropped every other problem."""
    error = damaged(report(pack(tmp_path, **{"deep.toml": "x = " + "[" * 5000 + "]" * 5000})),
                    "deep.toml")
    assert "nested too deeply" in error.problem


def test_tables_nested_deeper_than_a_pack_needs(tmp_path: Path) -> None:
    depth = MAX_NESTING + 5
    text = "x = " + "{ a = " * depth + "1" + " }" * depth
    error = damaged(report(pack(tmp_path, **{"deep.toml": text})), "deep.toml")
    assert f"at most {MAX_NESTING}" in error.problem


DEEP_CARD = ('# a card nested too deep\n\n[[card]]\nid = "first"\nname = "First"\n\n'
             '[[card]]\nid = "tower"\nname = """Tower\nof brackets"""\nflavour = {}\n'
             'row = "beach"\n')


def test_nesting_thousands_deep_names_the_entry_key_and_line(tmp_path: Path) -> None:
    """Issue 25: "nested too deeply" said only the file; now the line, the card and the key
    where the nesting goes past the limit (a multi-line string before it counts its lines)."""
    text = DEEP_CARD.format("[" * 5000 + "]" * 5000)
    error = damaged(report(pack(tmp_path, **{"deep.toml": text})), "deep.toml")
    assert (error.line, error.section, error.entry, error.key) == (11, "card", "tower", "flavour")
    assert str(error).startswith(f"{error.file}, line 11: card 'tower', key flavour: ")


def test_nesting_past_the_limit_names_the_entry_key_and_line(tmp_path: Path) -> None:
    """Deep enough to parse, deeper than a pack needs: the same place is named."""
    depth = MAX_NESTING
    text = DEEP_CARD.format("{ a = " * depth + "1" + " }" * depth)
    error = damaged(report(pack(tmp_path, **{"deep.toml": text})), "deep.toml")
    assert (error.line, error.entry, error.key) == (11, "tower", "flavour")
    assert f"at most {MAX_NESTING}" in error.problem


def test_an_integer_of_thousands_of_digits(tmp_path: Path) -> None:
    """ValueError "Exceeds the limit (4300 digits)" was an internal error."""
    text = BAD_CARD.replace("other", "big") + "\n[rules]\ncards_to_end = " + "9" * 5000 + "\n"
    error = damaged(report(pack(tmp_path, **{"big.toml": text})), "big.toml")
    assert (error.line, error.problem) == (7, "a number has more than 4300 digits")


def test_random_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    error = damaged(report(pack(tmp_path, **{"noise.toml": b"a = 1\n\xff\xfe\x00garbage"})),
                    "noise.toml")
    assert error.line == 2 and "not UTF-8" in error.problem


def test_a_file_larger_than_any_pack_file_is_not_read(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    with open(folder / "huge.toml", "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk space used
    assert "is too large" in damaged(report(folder), "huge.toml").problem


@posix_only
def test_a_symlink_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    os.symlink("/dev/zero", folder / "zero.toml")
    assert "not a regular file" in damaged(report(folder), "zero.toml").problem


@posix_only
def test_a_fifo_is_reported_not_waited_for(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    os.mkfifo(folder / "fifo.toml")
    assert "not a regular file" in damaged(report(folder), "fifo.toml").problem


def test_a_folder_named_like_a_pack_file(tmp_path: Path) -> None:
    """It was skipped silently."""
    folder = pack(tmp_path)
    (folder / "cards_old.toml").mkdir()
    assert "is a folder, not a file" in damaged(report(folder), "cards_old.toml").problem


@posix_only
def test_a_dangling_symlink_is_reported(tmp_path: Path) -> None:
    """It was skipped silently."""
    folder = pack(tmp_path)
    os.symlink("gone.txt", folder / "linked.toml")
    error = damaged(report(folder), "linked.toml")
    assert error.problem == "is a symbolic link to 'gone.txt', which does not exist"


@posix_only
def test_a_symlink_loop_is_reported(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    os.symlink("b.toml", folder / "a.toml")
    os.symlink("a.toml", folder / "b.toml")
    errors = report(folder)
    for name in ("a.toml", "b.toml"):
        assert "loop" in damaged(errors, name).problem


@posix_only
def test_a_manifest_that_is_a_symlink_to_dev_zero(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / "pack.toml").unlink()
    os.symlink("/dev/zero", folder / "pack.toml")
    catalog, _ = check_pack(folder)
    assert catalog is None
    error = damaged(report(folder), "pack.toml")
    assert error.entry == "pack" and "not a regular file" in error.problem


# --------------------------------------------------------------------------- extends


def child(tmp_path: Path, extends: str) -> Path:
    write_pack(tmp_path / "base", FIXTURE_FILES)
    return write_pack(tmp_path / "variants" / "v",
                      {"pack.toml": manifest(extends=extends), "other.toml": BAD_CARD})


def extends_error(folder: Path) -> ContentError:
    errors = report(folder)
    assert ("other", "row") in [(e.entry, e.key) for e in errors], errors
    mine = [e for e in errors if (e.entry, e.key) == ("pack", "extends")]
    assert len(mine) == 1, errors
    assert Path(mine[0].file).name == "pack.toml"
    return mine[0]


def test_extends_with_a_nul(tmp_path: Path) -> None:
    error = extends_error(child(tmp_path, "../../ba\\u0000se"))
    assert "printable characters" in error.problem and "\x00" not in str(error)


def test_extends_with_a_name_too_long_for_the_file_system(tmp_path: Path) -> None:
    error = extends_error(child(tmp_path, "../" + "b" * 300))
    assert "too long" in error.problem and len(error.problem) < 400


def test_extends_longer_than_any_path(tmp_path: Path) -> None:
    error = extends_error(child(tmp_path, "b/" * 5000))
    assert "at most 1000" in error.problem and len(error.problem) < 400


@posix_only
def test_extends_into_a_symlink_loop(tmp_path: Path) -> None:
    """250 editor tracebacks of the fuzz run came from this."""
    folder = child(tmp_path, "../loop")
    os.symlink("loop2", tmp_path / "variants" / "loop")
    os.symlink("loop", tmp_path / "variants" / "loop2")
    error = extends_error(folder)
    assert "leads round in a loop" in error.problem


@posix_only
def test_extends_into_a_dangling_symlink(tmp_path: Path) -> None:
    folder = child(tmp_path, "../gone")
    os.symlink("nowhere", tmp_path / "variants" / "gone")
    assert "which does not exist" in extends_error(folder).problem


def test_extends_a_file(tmp_path: Path) -> None:
    folder = child(tmp_path, "../../base/cards.toml")
    assert "is not a folder" in extends_error(folder).problem


def test_extends_chain_deeper_than_any_variant_needs(tmp_path: Path) -> None:
    write_pack(tmp_path / "p0", FIXTURE_FILES)
    for n in range(1, 21):
        write_pack(tmp_path / f"p{n}", {"pack.toml": manifest(f"p{n}", extends=f"../p{n - 1}")})
    catalog, errors = check_pack(tmp_path / "p20")
    assert catalog is None
    assert [(e.entry, e.key) for e in errors] == [("pack", "extends")]
    assert "more than 16 deep" in errors[0].problem


# --------------------------------------------------------------------------- the folder


@pytest.mark.parametrize(("name", "problem"), [
    ("nowhere", "no such pack folder"),
    ("a\x00b", "has a NUL character in its name"),
    ("c" * 300, "has a name too long for the file system"),
])
def test_a_pack_path_that_cannot_be_a_folder(tmp_path: Path, name: str, problem: str) -> None:
    catalog, errors = check_pack(tmp_path / name)
    assert catalog is None
    assert [e.problem for e in errors] == [problem]
    out = io.StringIO()
    assert run_validate(str(tmp_path / name), out) == 1
