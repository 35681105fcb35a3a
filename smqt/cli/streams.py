"""Standard streams for programs started without a console (a windowed frozen app on Windows,
``pythonw``): ``sys.stdout`` and ``sys.stderr`` are None there, and what the commands print
would fail. They are pointed at the null device instead."""

from __future__ import annotations

import os
import sys


def ensure_streams() -> None:
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
