"""Record fuzz test (issue 25 #2): seeded mutations of game records and saved games
(``recordmutations.py``) opened the three ways a person opens one: ``smqt replay``, the table's
Open (``TableWindow.load``) and ``smqt play --load``. Each either works or says, naming the
file, why not: no traceback, and no run over 10 seconds.

CI runs 300 mutations (every one through ``smqt replay`` and the table's Open, every tenth
through ``smqt play --load`` as well). A larger run (numbers in the issue's closing note):

    SMQT_RECORD_FUZZ=5000 .venv/bin/python -m pytest tests/ui/test_record_fuzz.py -s

``SMQT_RECORD_FUZZ_SEED`` picks another seed; a failure names its mutation number, which reruns
alone with ``SMQT_RECORD_FUZZ_ONLY=<number>``.
"""

from __future__ import annotations

import faulthandler
import io
import os
import random
import shutil
import time
import traceback
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from smqt.cli.replay import run_replay
from smqt.engine.game import Game
from smqt.pack.shipped import default_pack
from smqt.records.record import record_text
from smqt.records.savedgame import save_game
from smqt.ui.shell.start import PlayOptions, run_play
from smqt.ui.shell.window import TableWindow
from tests.support import base
from tests.ui import recordmutations

pytestmark = [pytest.mark.gui, pytest.mark.slow]

LIMIT_S = 10.0
"""The longest any one opening may take."""
WATCHDOG_S = 120
"""A hang ends the run with every thread's stack (far past the limit checked)."""
PLAY_EVERY = 10
"""Every this many mutations also go through ``smqt play --load`` (a window of its own)."""


def good_records(folder: Path) -> list[tuple[str, str]]:
    """(name, text) of the records the mutations start from: plain records and saved games,
    finished and under way, 2 to 4 players, a playtest with an opening."""
    made = []
    chooser = random.Random(25)
    pack = str(default_pack().resolve())
    for players, steps, seats, opening in (
            (2, None, None, ()), (3, 40, (("Ann", "human"), ("Bo", "easy"), ("Cy", "random")), ()),
            (4, None, (("A", "random"),) * 4, ()), (2, 12, (("Ann", "human"), ("AI", "easy")),
                                                    ("kite_meadow",))):
        game = Game.new(base(), players, chooser.randrange(2**63), opening=opening,
                        names=tuple(f"P{i + 1}" for i in range(players)))
        count = 0
        while not game.state.is_over and (steps is None or count < steps):
            game.play(chooser.choice(game.legal_actions()))
            count += 1
        path = folder / f"good-{players}.smqt"
        if seats is None:
            path.write_text(record_text(game.record), encoding="utf-8")
        else:
            save_game(path, game.record, list(seats), Path(pack), over=game.state.is_over,
                      playtest=bool(opening))
        made.append((path.name, path.read_text(encoding="utf-8")))
    return made


def timed(name: str, times: Counter[str], slow: list[str], what: str, call, *args):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    result = call(*args)
    spent = time.perf_counter() - started
    times[name] = max(times[name], spent)  # type: ignore[assignment]
    if spent > LIMIT_S:
        slow.append(f"{what}: {name} took {spent:.1f} s")
    return result


def check_replay(path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = run_replay(str(path), None, out=out, err=err)
    assert code in (0, 1)
    if code:
        said = err.getvalue()
        assert said.strip() and "Traceback" not in said
        assert said.startswith(str(path)) or str(path) in said, said[:300]
        return "replay refused"
    return "replayed"


def check_open(window: TableWindow, path: Path) -> str:
    reported: list[str] = []
    window.problem_reported.connect(lambda title, text: reported.append(f"{title}: {text}"))
    try:
        opened = window.load(path)
    finally:
        window.problem_reported.disconnect()
    QApplication.processEvents()
    if opened:
        assert window.controller is not None
        return "opened"
    assert reported, "a refusal says why"
    assert any(str(path) in text or path.name in text for text in reported), reported[0][:300]
    return "open refused"


def check_play_load(path: Path) -> str:
    """``smqt play --load FILE --quit``: opens (then closed at once) or says why not."""
    def close_soon() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, TableWindow) and widget.isVisible():
                widget.close()

    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(close_soon)
    timer.start(0)
    err = io.StringIO()
    code = run_play(PlayOptions(load=str(path), quit=True, pace=0), err=err)
    timer.stop()
    assert code in (0, 1), err.getvalue()
    assert "Traceback" not in err.getvalue(), err.getvalue()[-2000:]
    if code:
        assert err.getvalue().strip()
    return "play refused" if code else "play opened"


def test_damaged_records_are_refused_in_words_never_raised_nor_slow(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    count = int(os.environ.get("SMQT_RECORD_FUZZ", "300"))
    seed = os.environ.get("SMQT_RECORD_FUZZ_SEED", "25")
    only = os.environ.get("SMQT_RECORD_FUZZ_ONLY")
    numbers = [int(only)] if only else range(count)
    goods = good_records(tmp_path)
    window = TableWindow(remember_layout=False, unattended=True)
    qtbot.addWidget(window)
    window.menus.set_pace(0)
    stats: Counter[str] = Counter()
    times: Counter[str] = Counter()
    failures: list[str] = []
    slow: list[str] = []
    started = time.perf_counter()
    try:
        for number in numbers:
            faulthandler.dump_traceback_later(WATCHDOG_S, exit=True)
            rng = random.Random(f"{seed}:{number}")
            work = tmp_path / f"m{number}"
            work.mkdir()
            name, text = rng.choice(goods)
            path = work / name
            what = "(the mutation itself failed)"
            try:
                what = recordmutations.mutate(rng, text, path)
                stats[timed("smqt replay", times, slow, what, check_replay, path)] += 1
                stats[timed("the table's Open", times, slow, what, check_open, window, path)] += 1
                if number % PLAY_EVERY == 0:
                    stats[timed("smqt play --load", times, slow, what, check_play_load, path)] += 1
            except Exception:
                failures.append(f"mutation {number} ({what}):\n{traceback.format_exc()}")
            finally:
                shutil.rmtree(work, ignore_errors=True)
                if work.exists() or work.is_symlink():
                    work.unlink()
    finally:
        faulthandler.cancel_dump_traceback_later()
    spent = time.perf_counter() - started
    slowest = ", ".join(f"{name} {value:.2f} s" for name, value in sorted(times.items()))
    print(f"\nrecord fuzz (seed {seed}): {len(numbers)} mutations in {spent:.0f} s; "
          f"{dict(sorted(stats.items()))}; slowest: {slowest}; {len(failures)} failures, "
          f"{len(slow)} over {LIMIT_S:.0f} s")
    assert not failures, f"{len(failures)} failures; the first:\n\n" + "\n\n".join(failures[:3])
    assert not slow, slow[:10]
