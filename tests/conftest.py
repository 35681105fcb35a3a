"""Test set-up shared by every test: Qt runs headless, motion is instant, the language is
English, and Qt warnings fail tests."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Motion runs, but every animation ends at once: tests click where items stand
os.environ.setdefault("SMQT_MOTION", "0")
# The tests read English unless they choose German, whatever the machine's language
os.environ["LANGUAGE"] = "en"
