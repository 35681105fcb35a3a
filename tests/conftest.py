"""Test set-up shared by every test: Qt runs headless, motion is instant, the language is
English, and Qt warnings fail tests."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Motion runs, but every animation ends at once: tests click where items stand
os.environ.setdefault("SMQT_MOTION", "0")
# The tests read English unless they choose German, whatever the machine's language
os.environ["LANGUAGE"] = "en"


@pytest.fixture
def german(qapp):  # type: ignore[no-untyped-def]
    """The product in German for one test (its catalog and Qt's own), English again after."""
    from smqt.desktop.language import qt_language
    from smqt.language.translate import use

    use("de")
    qt_language("de")
    yield
    use("en")
    qt_language("en")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """The slow tests run first (in their usual order, then the rest in theirs): with the
    tests spread over several processes (-n), a long test picked up last would leave one
    process working alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
