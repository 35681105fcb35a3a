"""Where the shipped content lives."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


def default_pack() -> Path:
    """The base content pack folder."""
    return CONTENT / "base"
