"""A process of its own that thinks for AI seats, so that a window never waits on a bot.

A thread is not enough for that: Python runs one thread at a time, and a bot's look-ahead
makes so many objects that the cyclic collector, which stops every thread of its process, ran
for 65-100 ms at a time inside the window. In another process the bot shares nothing with the
window but the questions and the answers.

``Thinker.ask`` sends a copy of the state, the bot level and the decision's seed; the answer
(an action, or a ``Failure`` in words) comes back through a ``concurrent.futures.Future``. The
process is started once (spawned, which every system and a frozen app supports) and shared by
every game of the program; a process that died is started again on the next question. A pack's
catalog travels once per process: later questions name it by a token, so the process keeps its
remembered cities and plans between decisions as a thread would.
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
import traceback
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import attrs

from smqt.engine.actions import Action
from smqt.engine.catalog import Catalog
from smqt.engine.content import Rules
from smqt.engine.rules import legal_actions
from smqt.engine.state import GameState
from smqt.language.translate import _, current, use

CATALOGS_KEPT = 4
"""Catalogs the thinking process keeps (a table plays one pack at a time)."""


@attrs.frozen
class Failure:
    """A bot could not decide: one line for people, the traceback for the problems log."""

    head: str
    details: str

    @classmethod
    def of(cls, exc: BaseException) -> Failure:
        text = f"{type(exc).__name__}: {exc}"
        head = text if len(text) <= 200 else text[:200] + "…"
        return cls(head, "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


def decide(state: GameState, bot: str, seed: int) -> Action:
    """The bot's choice for ``state``, checked against the legal actions."""
    from smqt.ai.protocol import make_bot

    legal = legal_actions(state)
    action = make_bot(bot).choose(state, legal, random.Random(seed))
    if action not in legal:
        raise ValueError(_("the bot chose {action}, which is not allowed now").format(
            action=repr(str(action)[:80])))
    return action


# ------------------------------------------------------------------ inside the process

_catalogs: dict[str, Catalog] = {}


def _start(language: str) -> None:
    from smqt.ai.collector import tune

    tune()
    use(language)
    threading.Thread(target=_end_with_the_program, daemon=True).start()


def _ready() -> None:
    """The first task: the process is started and the engine imported for it."""
    import smqt.ai.protocol  # noqa: F401 (what every decision needs first)


def _end_with_the_program() -> None:
    """End this process when the program that started it ends, however it ends (a crash or
    a kill leaves no one to stop it, and it would live on holding the program's streams)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)


Task = Callable[[GameState, str, int], object]
"""What the process is asked to work out: ``decide`` (a bot's choice), or another function of
(state, bot level, seed) defined at the top of a module (so that it travels by name), such as
the coach's hint."""


def _think(token: str, catalog: Catalog | None, rules: Rules, state: GameState, bot: str,
           seed: int, language: str, task: Task = decide) -> object:
    if catalog is not None:
        if len(_catalogs) >= CATALOGS_KEPT:
            _catalogs.clear()
        _catalogs[token] = catalog
    known = _catalogs.get(token)
    if known is None:
        return _UNKNOWN
    use(language)
    state.catalog, state.rules = known, rules
    try:
        return task(state, bot, seed)
    except Exception as exc:  # a bot's bug is an answer, not a dead process
        return Failure.of(exc)


_UNKNOWN = Failure("catalog unknown", "")  # not translated: never shown, the catalog is resent


# ------------------------------------------------------------------ in the program


class Thinker:
    """The thinking process, as the program sees it."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._sent: weakref.WeakKeyDictionary[Catalog, str] = weakref.WeakKeyDictionary()
        self._tokens = itertools.count(1)
        self._started: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start the process now (it takes a second to import the engine) rather than at the
        first question (a pool starts its process only with its first task: this is one)."""
        pool = self._executor()
        with self._lock:
            if self._started is pool:
                return
            self._started = pool
        try:
            pool.submit(_ready)
        except (BrokenProcessPool, RuntimeError):
            self._forget(pool)  # the first question starts it again

    def ask(self, state: GameState, bot: str, seed: int) -> Future[Action | Failure]:
        """The bot's answer for ``state`` (copied as it is now), later."""
        answer: Future[Action | Failure] = Future()
        self._send(state.copy(), bot, seed, answer, tries=2)
        return answer

    def ask_task(self, state: GameState, task: Task, bot: str, seed: int) -> Future[object]:
        """What ``task(state, bot, seed)`` returns (or a ``Failure``), later."""
        answer: Future[object] = Future()
        self._send(state.copy(), bot, seed, answer, tries=2, task=task)  # type: ignore[arg-type]
        return answer

    def stop(self) -> None:
        """End the process (a question being thought about is abandoned)."""
        with self._lock:
            pool, self._pool = self._pool, None
            self._sent = weakref.WeakKeyDictionary()
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()  # a capped hard decision would otherwise finish first
            pool.shutdown(wait=True, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start, initargs=(current(),))
                self._sent = weakref.WeakKeyDictionary()
            return self._pool

    def _send(self, state: GameState, bot: str, seed: int,
              answer: Future[Action | Failure], tries: int, task: Task = decide) -> None:
        pool = self._executor()
        catalog = state.catalog
        with self._lock:
            token = self._sent.get(catalog)
            fresh = token is None
            if token is None:
                token = self._sent[catalog] = f"c{next(self._tokens)}"
        light = state.copy()
        light.catalog, light.rules = None, None  # type: ignore[assignment]  # sent apart
        try:
            future = pool.submit(_think, token, catalog if fresh else None, state.rules, light,
                                 bot, seed, current(), task)
        except (BrokenProcessPool, RuntimeError):  # died (or stopped) since: start again
            self._forget(pool)
            if tries > 1:
                self._send(state, bot, seed, answer, tries - 1, task)
            else:
                answer.set_result(Failure(_("the AI's process could not be started"), ""))
            return

        def settle(done: Future[Action | Failure]) -> None:
            try:
                result = done.result()
            except BrokenProcessPool as exc:  # the process died while thinking
                self._forget(pool)
                if tries > 1:
                    self._send(state, bot, seed, answer, tries - 1, task)
                else:
                    answer.set_result(Failure.of(exc))
                return
            except BaseException as exc:  # an answer that could not travel back
                answer.set_result(Failure.of(exc))
                return
            if isinstance(result, Failure) and result == _UNKNOWN:  # a new process: resend
                with self._lock:
                    self._sent.pop(catalog, None)
                if tries > 1:
                    self._send(state, bot, seed, answer, tries - 1, task)
                else:
                    answer.set_result(result)
                return
            answer.set_result(result)

        future.add_done_callback(settle)

    def _forget(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None
                self._sent = weakref.WeakKeyDictionary()
        pool.shutdown(wait=False, cancel_futures=True)


_shared: Thinker | None = None


def shared() -> Thinker:
    """The program's one thinking process (started on first use)."""
    global _shared
    if _shared is None:
        _shared = Thinker()
    return _shared


def stop_shared() -> None:
    """End the program's thinking process, if it was started."""
    if _shared is not None:
        _shared.stop()
