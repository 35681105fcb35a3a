"""The AI's own process (``smqt.ai.thinker``): the same answers as thinking here, a bot's failure
as an answer in words, and a process that died started again."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from smqt.ai import thinker
from smqt.ai.thinker import Failure, Thinker, decide
from smqt.engine.game import Game
from smqt.engine.rules import apply_legal, legal_actions
from smqt.engine.scoring import score_game
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack

pytestmark = pytest.mark.slow

WAIT = 120


@pytest.fixture(scope="module")
def process():
    made = Thinker()
    yield made
    made.stop()


def states(seed: int, count: int):
    """Positions of a game played by its first legal actions, every few actions."""
    game = Game.new(load_pack(default_pack()), 2, seed)
    state = game.state
    found = []
    step = 0
    while not state.is_over and len(found) < count:
        if step % 7 == 0:
            found.append(state.copy())
        apply_legal(state, legal_actions(state)[step % len(legal_actions(state))])
        step += 1
    return found


def test_the_process_answers_as_thinking_here_would(process):
    for state in states(3, 6):
        score_game(state)  # as the table does: the state keeps its cities then
        for bot in ("easy", "medium"):
            here = decide(state.copy(), bot, 11)
            there = process.ask(state, bot, 11).result(timeout=WAIT)
            assert there == here


def test_a_bot_that_fails_is_an_answer_in_words(process):
    state = states(4, 1)[0]
    answer = process.ask(state, "genius", 1).result(timeout=WAIT)
    assert isinstance(answer, Failure)
    assert "unknown bot 'genius'" in answer.head
    assert "Traceback" in answer.details
    assert not isinstance(process.ask(state, "medium", 1).result(timeout=WAIT), Failure)


def test_a_process_that_died_is_started_again(process):
    state = states(5, 1)[0]
    process.ask(state, "easy", 1).result(timeout=WAIT)
    pid = next(iter(process._pool._processes))  # the one process thinking
    os.kill(pid, signal.SIGKILL)
    answer = process.ask(state, "easy", 1).result(timeout=WAIT)
    assert answer == decide(state.copy(), "easy", 1)
    assert next(iter(process._pool._processes)) != pid


def test_two_packs_each_with_its_own_cards(process):
    """A second catalog (a playtest of another pack) travels once too and is not mistaken
    for the first."""
    other = load_pack(Path(__file__).parents[2] / "content" / "variants" / "short-game")
    first, second = states(6, 1)[0], Game.new(other, 2, 6).state
    for state in (first, second, first, second):
        assert process.ask(state, "medium", 2).result(timeout=WAIT) == decide(
            state.copy(), "medium", 2)


def test_start_starts_the_process_before_the_first_question():
    made = Thinker()
    try:
        made.start()
        made.start()  # once is enough
        assert len(made._pool._processes) == 1
    finally:
        made.stop()


def test_the_program_shares_one_process():
    assert thinker.shared() is thinker.shared()


KILLED_WHILE_THINKING = """
import os, signal, sys
from smqt.ai.thinker import Thinker
from smqt.engine.game import Game
from smqt.pack.load import load_pack
from smqt.pack.shipped import default_pack

if __name__ == "__main__":
    thinker = Thinker()
    state = Game.new(load_pack(default_pack()), 2, 1).state
    thinker.ask(state, "easy", 1).result(timeout=120)
    print(next(iter(thinker._pool._processes)), flush=True)
    thinker.ask(state, "hard", 1)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="a kill as POSIX systems make it")
def test_the_process_ends_when_the_program_is_killed(tmp_path):
    """Nobody is left to stop it: it ends by itself (else it would hold the program's output
    streams open and live on)."""
    import subprocess
    import sys
    import time

    script = tmp_path / "killed.py"
    script.write_text(KILLED_WHILE_THINKING)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == -signal.SIGKILL
    pid = int(result.stdout.split()[0])
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    pytest.fail("the thinking process outlived the program")
