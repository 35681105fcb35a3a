"""An AI that thinks on a thread of the test's own process, where a bot the test makes can be
handed to it (the thinking process of ``smqt.ai.thinker`` would not see it)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from smqt.ai.thinker import Failure, decide
from smqt.engine.actions import Action
from smqt.engine.state import GameState


class NearbyThinker:
    """``Thinker``'s questions answered on a thread (the window may pause while it thinks)."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="smqt-bot")

    def start(self) -> None:
        """Nothing to start."""

    def ask(self, state: GameState, bot: str, seed: int) -> Future[Action | Failure]:
        copy = state.copy()

        def think() -> Action | Failure:
            try:
                return decide(copy, bot, seed)
            except Exception as exc:
                return Failure.of(exc)

        return self._pool.submit(think)

    def ask_task(self, state: GameState, task: Callable[[GameState, str, int], object], bot: str,
                 seed: int) -> Future[object]:
        copy = state.copy()

        def work() -> object:
            try:
                return task(copy, bot, seed)
            except Exception as exc:
                return Failure.of(exc)

        return self._pool.submit(work)

    def stop(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
