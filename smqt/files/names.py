"""A name for a new file or folder that takes the place of nothing: ``NAME``, else ``NAME-2``,
``NAME-3``… (a saved game started within the same second, a run's report folder, a file set
aside)."""

from __future__ import annotations

import os
from pathlib import Path


def unused(folder: Path, name: str, suffix: str = "") -> Path:
    """``folder/NAMESUFFIX``, or the first ``folder/NAME-NSUFFIX`` (N from 2) that nothing
    holds, not even a broken link."""
    path = folder / f"{name}{suffix}"
    number = 2
    while os.path.lexists(path):
        path = folder / f"{name}-{number}{suffix}"
        number += 1
    return path
