"""Files the user owns are written atomically: a failed save keeps the previous file."""

from __future__ import annotations

import os

import pytest

from smqt import fileio


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
