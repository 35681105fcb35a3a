"""A Dask cluster served by ``smqt cluster`` in real processes, for the tests: a scheduler on
the loopback and worker commands that join it, each read line by line as a person would."""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Served:
    """One ``smqt cluster ...`` process; ``lines`` holds what it said so far."""

    def __init__(self, command: Sequence[str | Path], env: dict[str, str] | None = None,
                 cwd: Path | None = None) -> None:
        # a process group of its own, as a command started at a terminal has: Ctrl+C there
        # goes to every process of the group (a worker command's processes too)
        self.process = subprocess.Popen(
            [str(word) for word in command], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, env=env, cwd=cwd, start_new_session=True)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, words: str, seconds: float = 60) -> str:
        """The first line holding ``words``; AssertionError with all that was said when the
        process ends or the time runs out first."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self._queue.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if words in line:
                return line
        raise AssertionError(f"no {words!r} from {self.process.args}:\n" + "\n".join(self.lines))

    def said(self) -> str:
        """Everything said, once the process has ended."""
        while True:
            line = self._queue.get(timeout=30)
            if line is None:
                return "\n".join(self.lines)
            self.lines.append(line)

    def interrupt(self, seconds: float = 60, signum: int = signal.SIGINT) -> int:
        """Ctrl+C as a terminal sends it (to the whole process group), and the exit status
        once the command has ended."""
        os.killpg(self.process.pid, signum)
        return self.process.wait(seconds)

    def end(self) -> None:
        """Kill the command and every process of its group, if still there."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)


def serve(smqt: Sequence[str | Path], port: int, processes: Sequence[int],
          env: dict[str, str] | None = None, cwd: Path | None = None
          ) -> tuple[Served, list[Served]]:
    """A scheduler on 127.0.0.1:``port`` and a worker command per entry of ``processes`` (its
    process count), each waited for until it says it has joined."""
    env = dict(os.environ if env is None else env, PYTHONUNBUFFERED="1")
    scheduler = Served([*smqt, "--lang", "en", "cluster", "scheduler", "--host", "127.0.0.1", "--port", port],
                       env, cwd)
    workers: list[Served] = []
    try:
        scheduler.wait_for("Ctrl+C")
        for count in processes:
            worker = Served([*smqt, "--lang", "en", "cluster", "worker", f"tcp://127.0.0.1:{port}",
                             "--processes", count, "--wait", 20], env, cwd)
            workers.append(worker)
            worker.wait_for("joined")
    except BaseException:
        for served in (*workers, scheduler):
            served.end()
        raise
    return scheduler, workers
