"""The editor's document on damaged packs and interrupted saves (issue 12 #7, #8): it opens
with the loader's problems listed, or refuses with a DocumentError naming the problem, never
anything else; a save across several files is all-or-nothing, and opening a pack completes a
save a kill interrupted and removes what a killed editor left behind."""

from __future__ import annotations

import os
import shutil
import sys
import time

import pytest

from editor.model.document import STALE_CHECK_COPIES, DocumentError, PackDocument
from smqt.files import atomic as fileio
from smqt.pack.load import check_pack, load_pack
from tests.support import BASE

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files")


@pytest.fixture
def pack(tmp_path):
    return shutil.copytree(BASE, tmp_path / "base")


def open_or_refuse(folder) -> PackDocument | DocumentError:
    try:
        return PackDocument(folder)
    except DocumentError as exc:
        return exc


def two_file_edit(doc: PackDocument) -> None:
    """Rename the first beach card and the first street card: two files change."""
    for file in ("beach.toml", "street.toml"):
        ident = doc.files[file]["card"][0]["id"]
        doc.apply(doc.set_value("card", ident, ("name",), f"Saved {file}"))


# --------------------------------------------------------------------------- damaged packs


def test_extends_into_a_symlink_loop_opens_with_the_problem_listed(tmp_path, pack):
    """250 editor tracebacks of the fuzz run came from Path.resolve() on such a loop."""
    if sys.platform == "win32":
        pytest.skip("POSIX symlinks")
    os.symlink("loop_b", tmp_path / "loop_a")
    os.symlink("loop_a", tmp_path / "loop_b")
    manifest = pack / "pack.toml"
    manifest.write_text(manifest.read_text() + 'extends = "../loop_a"\n')
    doc = PackDocument(pack)
    assert doc.parent is None and not doc.valid
    assert [(p.entry, p.key) for p in doc.problems] == [("pack", "extends")]
    assert "loop" in doc.problems[0].problem


@pytest.mark.parametrize("extends", ["../ba\\u0000se", "../" + "x" * 300, "b/" * 600, "."])
def test_extends_that_cannot_be_a_folder_opens_with_the_problem_listed(pack, extends):
    manifest = pack / "pack.toml"
    manifest.write_text(manifest.read_text() + f'extends = "{extends}"\n')
    doc = PackDocument(pack)
    assert [(p.entry, p.key) for p in doc.problems] == [("pack", "extends")]


@pytest.mark.parametrize(("damage", "problem"), [
    (b"x = " + b"[" * 3000 + b"]" * 3000, "nested too deeply"),
    (b"n = " + b"7" * 5000, "more than 4300 digits"),
    (b"name = \"caf\xe9\"", "not UTF-8"),
    (b"[[card]\n", "invalid TOML"),
])
def test_a_file_that_is_not_toml_is_refused_with_every_problem(pack, damage, problem):
    (pack / "beach.toml").write_bytes(damage)
    refusal = open_or_refuse(pack)
    assert isinstance(refusal, DocumentError)
    assert "beach.toml" in str(refusal) and "fix this one in a text editor" in str(refusal)
    assert refusal.problems == check_pack(pack)[1] and refusal.problems
    told = [str(refusal), *map(str, refusal.problems)]  # what the editor shows, in order
    assert sum(text.count(problem) for text in told) == 1  # issue 43: once, not twice


@posix_only
@pytest.mark.parametrize("kind", ["dev_zero", "fifo", "folder", "dangling", "loop"])
def test_a_file_that_is_not_a_regular_file_is_refused(pack, kind):
    target = pack / "odd.toml"
    if kind == "dev_zero":
        os.symlink("/dev/zero", target)
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "dangling":
        os.symlink("nowhere", target)
    else:
        os.symlink("odd.toml", target)
    refusal = open_or_refuse(pack)
    assert isinstance(refusal, DocumentError) and "odd.toml" in str(refusal)
    assert [p.file for p in refusal.problems] == [str(target)]


def test_a_folder_without_a_manifest_or_a_file_is_refused(tmp_path, pack):
    (pack / "pack.toml").unlink()
    assert "no pack.toml" in str(open_or_refuse(pack))
    (tmp_path / "file").write_text("")
    assert "not a pack folder" in str(open_or_refuse(tmp_path / "file"))
    assert "not a pack folder" in str(open_or_refuse(tmp_path / "a\0b"))


def test_a_remove_table_of_the_wrong_shape_lists_nothing_removed(pack):
    (pack / "remove.toml").write_text('[remove]\ncard = 3\n')
    doc = PackDocument(pack)
    assert doc.removed("card") == [] and not doc.valid


# --------------------------------------------------------------------------- saves


def test_checking_edits_leaves_no_copy_of_the_pack_behind(tmp_path, pack):
    doc = PackDocument(pack)
    two_file_edit(doc)
    assert doc.valid
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base"]


def test_a_save_of_two_files_interrupted_after_its_commit_is_completed_on_opening(
        pack, monkeypatch):
    """Issue 12 #8: 17 of 120 kills left one file new and one old."""
    doc = PackDocument(pack)
    two_file_edit(doc)
    real_replace = os.replace
    moved = []

    def killed_after_one(source, target):
        if fileio.SAVE_STAGING in str(source):
            if moved:
                raise OSError("killed (simulated)")
            moved.append(target)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", killed_after_one)
    with pytest.raises(OSError):
        doc.save()
    monkeypatch.setattr(os, "replace", real_replace)
    assert [p.entry for p in check_pack(pack)[1]] == [""]  # the loader refuses the mix
    assert "interrupted" in check_pack(pack)[1][0].problem
    reopened = PackDocument(pack)
    assert reopened.recovered == ["a save that was interrupted has been completed"]
    assert reopened.files == doc.files and reopened.valid
    names = {card.name for card in load_pack(pack).cards.values()}
    assert {"Saved beach.toml", "Saved street.toml"} <= names


def test_a_save_that_fails_before_its_commit_keeps_the_old_pack(pack, monkeypatch):
    before = {p.name: p.read_bytes() for p in pack.iterdir()}
    doc = PackDocument(pack)
    two_file_edit(doc)
    staged = []

    def fails_second(path, data, mode):
        staged.append(path.name)
        if len(staged) == 2:
            raise OSError("disk full (simulated)")
        path.write_bytes(data)

    monkeypatch.setattr(fileio, "_write_synced", fails_second)
    with pytest.raises(OSError, match="disk full"):
        doc.save()
    assert {p.name: p.read_bytes() for p in pack.iterdir()} == before
    assert doc.modified


def test_opening_removes_what_a_killed_editor_left_behind(tmp_path, pack):
    """Issue 12 #8: .NAME.*.tmp files and .smqt-check-* pack copies were left after a kill."""
    old = time.time() - 3600
    leftovers = [pack / ".beach.toml.k2j4h6g8.tmp", tmp_path / f"{STALE_CHECK_COPIES}x1y2z3"]
    leftovers[0].write_text("half a file")
    shutil.copytree(BASE, leftovers[1])
    staging = pack / fileio.SAVE_STAGING
    staging.mkdir()
    (staging / "beach.toml").write_text("never committed")
    for path in (*leftovers, staging):
        os.utime(path, (old, old))
    before = (pack / "beach.toml").read_bytes()
    doc = PackDocument(pack)
    assert not any(os.path.lexists(p) for p in (*leftovers, staging))
    assert (pack / "beach.toml").read_bytes() == before
    assert doc.recovered == [
        "a save that was interrupted before it began was dropped",
        "removed the temporary file .beach.toml.k2j4h6g8.tmp",
        f"removed the check copy {STALE_CHECK_COPIES}x1y2z3",
    ]


def test_a_damaged_journal_refuses_to_open(pack):
    (pack / fileio.SAVE_JOURNAL).write_text("{")
    refusal = open_or_refuse(pack)
    assert isinstance(refusal, DocumentError) and "journal" in str(refusal)
