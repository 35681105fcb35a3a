"""``smqt cluster scheduler`` and ``smqt cluster worker`` (issue 31, point 6): smqt serves the
whole Dask cluster itself, so the installed app needs no ``dask`` command. Real processes on the
loopback: ``smqt sim --cluster`` on them writes the local pool's games.csv byte for byte; Ctrl+C
stops each part cleanly, and workers stop when their scheduler does; what goes wrong is said in
a sentence."""

from __future__ import annotations

import argparse
import io
import os
import socket
import subprocess
import sys

import pytest

from smqt.cli.main import parse
from smqt.sim.command import SimOptions, run_sim
from tests.sim.clusterprocs import free_port, serve
from tests.support import ROOT

pytestmark = pytest.mark.skipif(os.name == "nt", reason="Ctrl+C is a POSIX signal here")

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")
SMQT = [sys.executable, "-m", "smqt"]


def smqt(*words: object, lang: str = "en", timeout: float = 120
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SMQT, "--lang", lang, *map(str, words)], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_smqt_serves_the_cluster_that_plays_the_local_games(tmp_path):
    pytest.importorskip("distributed")
    common = {"pack": BASE, "variant": SHORT, "players": "2", "bots": "random", "games": 30,
              "seed": 4}
    assert run_sim(SimOptions(out_dir=str(tmp_path / "local"), jobs=2, **common),
                   io.StringIO(), io.StringIO()) == 0
    port = free_port()
    scheduler, (first, second) = serve(SMQT, port, [1, 2])
    try:
        assert f"tcp://127.0.0.1:{port}" in scheduler.lines[0]
        assert any(f"smqt cluster worker tcp://127.0.0.1:{port}" in line
                   for line in scheduler.lines)
        err = io.StringIO()
        code = run_sim(SimOptions(out_dir=str(tmp_path / "cluster"),
                                  cluster=f"tcp://127.0.0.1:{port}", **common), io.StringIO(), err)
        assert code == 0, err.getvalue()
        assert (tmp_path / "cluster" / "games.csv").read_bytes() == \
            (tmp_path / "local" / "games.csv").read_bytes()

        assert first.interrupt() == 0
        assert "The workers have stopped." in first.said()
        assert scheduler.interrupt() == 0
        assert "The scheduler has stopped." in scheduler.said()
        assert second.process.wait(60) == 0, "a worker stops when its scheduler does"
        assert "The scheduler has gone; the workers have stopped." in second.said()
        for served in (scheduler, first, second):
            assert "Traceback" not in "\n".join(served.lines)
            assert " - ERROR - " not in "\n".join(served.lines)
            assert "distributed.worker - INFO" not in "\n".join(served.lines), "Dask's chatter"
    finally:
        for served in (scheduler, first, second):
            served.end()


def test_a_worker_without_its_scheduler_says_so():
    pytest.importorskip("distributed")
    done = smqt("cluster", "worker", f"tcp://127.0.0.1:{free_port()}", "--processes", "1",
                "--wait", "1")
    assert done.returncode == 1
    assert "did not answer within 1 s; is it running, and is the address right?" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_port_in_use_is_a_sentence():
    pytest.importorskip("distributed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = smqt("cluster", "scheduler", "--host", "127.0.0.1", "--port", port)
    assert done.returncode == 1
    assert f"smqt cluster: cannot listen on port {port}:" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("given, expected", [
    ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
    ("tcp://node-3:9000", "tcp://node-3:9000"),
    (" tcp://[::1]:8786 ", "tcp://[::1]:8786"),
])
def test_a_scheduler_address_may_leave_out_tcp(given, expected):
    assert parse(["cluster", "worker", given]).address == expected


@pytest.mark.parametrize("words", [
    ["worker", "node-3"], ["worker", "http://node-3:8786"], ["worker", "node-3:0"],
    ["worker", "node-3:99999"], ["worker", ":8786"],
    ["worker", "h:1", "--processes", "0"], ["worker", "h:1", "--processes", "-2"],
    ["worker", "h:1", "--processes", "100000000000000000000"],
    ["worker", "h:1", "--wait", "0"], ["worker", "h:1", "--wait", "nan"],
    ["worker", "h:1", "--wait", "inf"], ["scheduler", "--port", "-1"],
    ["scheduler", "--port", "65536"], ["scheduler", "--port", "eight"], [],
])
def test_bad_arguments_are_refused_with_the_form_to_use(words, capsys):
    with pytest.raises(SystemExit) as ended:
        parse(["cluster", *words])
    assert ended.value.code == 2
    said = capsys.readouterr().err
    assert "smqt cluster" in said and "Traceback" not in said


def test_the_parts_speak_german(capsys):
    with pytest.raises(SystemExit):
        parse(["cluster", "worker", "h:1", "--processes", "0", "--lang", "de"])
    assert parse(["cluster", "worker", "h:1", "--lang", "de"]).lang == "de"
    done = smqt("cluster", "worker", "--help", lang="de")
    assert "Arbeitsprozesse mit je einem Thread" in done.stdout, done.stdout
    done = smqt("cluster", "worker", "h:1", "--processes", "0", lang="de")
    assert "gib eine ganze Zahl von Prozessen" in done.stderr, done.stderr


def test_without_distributed_the_parts_say_what_to_install(monkeypatch, capsys):
    from smqt.cli import cluster

    monkeypatch.setitem(sys.modules, "distributed", None)
    args = argparse.Namespace(part="scheduler", host="127.0.0.1", port=free_port())
    assert cluster.run(args) == 2
    assert "pip install 'smqt[cluster]'" in capsys.readouterr().err


def test_only_a_stopping_worker_drops_dasks_died_unexpectedly_report():
    import logging
    import types

    from smqt.sim.workerlogs import STOPPING_NOISE, StoppingNoise

    worker = types.SimpleNamespace(status=types.SimpleNamespace(name="running"))
    noise = StoppingNoise(worker)

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("distributed.nanny", logging.ERROR, __file__, 1, message, None,
                                 None)

    assert noise.filter(record(STOPPING_NOISE)), "a running worker that dies is reported"
    worker.status.name = "closing"
    assert not noise.filter(record(STOPPING_NOISE))
    assert noise.filter(record("Worker exceeded 95% memory budget"))
