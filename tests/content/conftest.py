"""Fixtures: ``make_pack`` writes a pack folder under tmp_path; ``fixture_pack`` is the
standalone pack of ``packfixtures.FIXTURE_FILES``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from tests.content.packfixtures import FIXTURE_FILES, write_pack

MakePack = Callable[..., Path]


@pytest.fixture
def make_pack(tmp_path: Path) -> MakePack:
    """``make_pack("variants/x", {"pack.toml": ..., ...})`` -> the folder, under tmp_path."""

    def make(relative: str, files: Mapping[str, str | bytes]) -> Path:
        return write_pack(tmp_path / relative, files)

    return make


@pytest.fixture
def fixture_pack(make_pack: MakePack) -> Path:
    return make_pack("base", FIXTURE_FILES)
