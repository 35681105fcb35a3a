"""Files the user owns are written atomically: a failed save keeps the previous file; several
files of one folder are written all or none, whenever the writer is killed."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from smqt.files import atomic as fileio


def test_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "pack.toml"
    fileio.atomic_write_text(target, "old = 1\n")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        fileio.atomic_write_text(target, "new = 2\n")
    assert target.read_text() == "old = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["pack.toml"], "no temporary file is left"


def test_new_files_follow_the_umask_and_existing_files_keep_their_mode(tmp_path):
    target = tmp_path / "report.json"
    fileio.atomic_write_text(target, "{}")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    os.chmod(target, 0o640)
    fileio.atomic_write_text(target, "{}\n")
    assert target.stat().st_mode & 0o777 == 0o640


# --------------------------------------------------------------------------- directory sync


@pytest.mark.skipif(os.name != "posix", reason="POSIX folders can be synced")
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    """Issue 12 #8: no directory fsync after os.replace, so a power cut could undo a save."""
    events = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b)))

    def fsync(fd):
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    fileio.atomic_write_text(tmp_path / "a.toml", "a = 1\n")
    assert events == ["fsync file", "replace", "fsync folder"]


# --------------------------------------------------------------------------- several files


def generations(folder):
    """The generation written in each of a.toml and b.toml (None: no such file)."""
    found = []
    for name in ("a.toml", "b.toml"):
        path = folder / name
        found.append(path.read_text().split("\n", 1)[0] if path.exists() else None)
    return found


def files_of(generation: int) -> dict[str, bytes]:
    line = f"gen = {generation}\n".encode()
    return {"a.toml": line * 300, "b.toml": line * 500}


def test_several_files_are_written_together(tmp_path):
    fileio.write_files(tmp_path, files_of(1))
    assert generations(tmp_path) == ["gen = 1", "gen = 1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml", "b.toml"]


def test_a_failure_before_the_commit_keeps_every_old_file(tmp_path, monkeypatch):
    fileio.write_files(tmp_path, files_of(1))
    calls = []

    def failing(path, data, mode):
        calls.append(path.name)
        if len(calls) == 2:
            raise OSError("disk full (simulated)")
        path.write_bytes(data)

    monkeypatch.setattr(fileio, "_write_synced", failing)
    with pytest.raises(OSError, match="disk full"):
        fileio.write_files(tmp_path, files_of(2))
    assert generations(tmp_path) == ["gen = 1", "gen = 1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml", "b.toml"]


def test_a_failure_after_the_commit_is_completed_at_the_next_opening(tmp_path, monkeypatch):
    """Issue 12 #8: 17 of 120 kills left one file new and one old."""
    fileio.write_files(tmp_path, files_of(1))
    real_replace = os.replace
    moved = []

    def dies_after_one(source, target):
        if str(source).endswith(".toml") and fileio.SAVE_STAGING in str(source):
            if moved:
                raise OSError("killed (simulated)")
            moved.append(target)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", dies_after_one)
    with pytest.raises(OSError, match="completed when the folder is next opened"):
        fileio.write_files(tmp_path, files_of(2))
    monkeypatch.setattr(os, "replace", real_replace)
    assert generations(tmp_path) == ["gen = 2", "gen = 1"]  # mixed, until the next opening
    assert fileio.finish_interrupted_write(tmp_path) == "completed"
    assert generations(tmp_path) == ["gen = 2", "gen = 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml", "b.toml"]
    assert fileio.finish_interrupted_write(tmp_path) is None


def test_a_staging_folder_without_a_journal_is_dropped(tmp_path):
    fileio.write_files(tmp_path, files_of(1))
    (tmp_path / fileio.SAVE_STAGING).mkdir()
    (tmp_path / fileio.SAVE_STAGING / "a.toml").write_text("gen = 2\n")
    assert fileio.finish_interrupted_write(tmp_path) == "dropped"
    assert generations(tmp_path) == ["gen = 1", "gen = 1"]


@pytest.mark.parametrize("journal", ['{"files": ["../outside.toml"]}', "not json", "{}"])
def test_a_damaged_journal_is_refused_not_followed(tmp_path, journal):
    (tmp_path / fileio.SAVE_JOURNAL).write_text(journal)
    with pytest.raises(OSError, match="journal of an interrupted save is damaged"):
        fileio.finish_interrupted_write(tmp_path)


def test_names_that_are_not_plain_file_names_are_refused(tmp_path):
    for name in ("../x.toml", "a/b.toml", "", ".."):
        with pytest.raises(ValueError, match="not a plain file name"):
            fileio.write_files(tmp_path, {name: b""})


def test_stale_temporary_files_are_removed(tmp_path):
    old = tmp_path / ".cards.toml.ab12cd_3.tmp"
    young = tmp_path / ".rules.toml.zz99yy00.tmp"
    other = tmp_path / ".notes.tmp"
    for path in (old, young, other):
        path.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert fileio.remove_stale_temporaries(tmp_path) == [old.name]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([young.name, other.name])


CHILD = """
import itertools, sys
from smqt.files.atomic import write_files
print("ready", flush=True)
for n in itertools.count(1):
    line = f"gen = {n}\\n".encode()
    write_files(sys.argv[1], {"a.toml": line * 300, "b.toml": line * 500})
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_kills_at_random_moments_leave_the_old_files_or_the_new_ones(tmp_path):
    """Issue 12 #8: the process is killed while it saves two files again and again; after
    each kill the next opening (finish_interrupted_write) leaves both of one generation.
    ``SMQT_KILLS`` sets how many kills (default 25)."""
    rng = random.Random(12)
    kills = int(os.environ.get("SMQT_KILLS", "25"))
    root = Path(__file__).resolve().parents[1]
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)],
                                 stdout=subprocess.PIPE, cwd=root)
        assert child.stdout is not None and child.stdout.readline() == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        fileio.finish_interrupted_write(tmp_path)
        a, b = generations(tmp_path)
        assert a == b, (a, b)
        for path in tmp_path.iterdir():
            old = time.time() - 3600
            os.utime(path, (old, old))
        fileio.remove_stale_temporaries(tmp_path)
        assert sorted(p.name for p in tmp_path.iterdir()) in (["a.toml", "b.toml"], [])
