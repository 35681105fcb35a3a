"""Test set-up shared by every test: Qt runs headless, and Qt warnings fail tests."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
