"""Processes that play games collect garbage less often (issue 28): the command line and the
simulator's workers set the thresholds of ``smqt.ai.collector``."""

from __future__ import annotations

import gc

import pytest

from smqt.ai import collector


@pytest.fixture
def default_thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_command_line_tunes_the_collector(default_thresholds, capsys):
    from smqt.cli.main import main

    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.get_threshold() == (collector.YOUNG, *collector.OLDER)


def test_a_simulation_worker_tunes_the_collector(default_thresholds):
    from smqt.pack.packsource import PackSource
    from smqt.pack.shipped import default_pack
    from smqt.sim.run.task import GameBatch, play_batch

    batch = GameBatch(PackSource.from_folder(str(default_pack())), "base", ())
    assert play_batch(batch) == []
    assert gc.get_threshold() == (collector.YOUNG, *collector.OLDER)
