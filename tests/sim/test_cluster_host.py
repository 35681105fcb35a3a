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
from tests.sim.clusterprocs import Served, free_port, serve
from tests.support import ROOT

POSIX = pytest.mark.skipif(os.name == "nt", reason="Ctrl+C is sent as a POSIX signal here")

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")
SMQT = [sys.executable, "-m", "smqt"]


def smqt(*words: object, lang: str = "en", timeout: float = 120
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SMQT, "--lang", lang, *map(str, words)], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@POSIX
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


@POSIX
def test_a_worker_without_its_scheduler_says_so():
    pytest.importorskip("distributed")
    done = smqt("cluster", "worker", f"tcp://127.0.0.1:{free_port()}", "--processes", "1",
                "--wait", "1")
    assert done.returncode == 1
    assert "did not answer within 1 s; is it running, and is the address right?" in done.stderr
    assert "Traceback" not in done.stderr


@POSIX
def test_a_port_in_use_is_a_sentence():
    pytest.importorskip("distributed")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = smqt("cluster", "scheduler", "--host", "127.0.0.1", "--port", port)
    assert done.returncode == 1
    assert f"smqt cluster: cannot listen on 127.0.0.1:{port}:" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("given, expected", [
    ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
    ("tcp://node-3:9000", "tcp://node-3:9000"),
    (" tcp://[::1]:8786 ", "tcp://[::1]:8786"),
    ("[fe80::1]:9000", "tcp://[fe80::1]:9000"),
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
    ["worker", "fe80::1"], ["worker", "h:1:2"], ["worker", "h :1"], ["worker", "::1:8786"],
    ["worker", "h:²"], ["scheduler", "--port", "²"], ["worker", "h:1", "--processes", "²"],
    ["scheduler", "--host", "127.0.0.1:9000"], ["scheduler", "--host", "a b"],
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
    monkeypatch.setenv("DASK_LOGGING__DISTRIBUTED", "warning")  # put back as it was after
    args = argparse.Namespace(part="scheduler", host="127.0.0.1", port=free_port())
    assert cluster.run(args) == 2
    assert "pip install 'smqt[cluster]'" in capsys.readouterr().err


def test_only_a_stopping_worker_drops_dasks_reports_of_its_stop():
    import logging
    import types

    from smqt.sim.run.workerlogs import StoppingNoise

    worker = types.SimpleNamespace(status=types.SimpleNamespace(name="running"))
    noise = StoppingNoise(worker)

    def record(logger: str, message: str) -> logging.LogRecord:
        return logging.LogRecord(logger, logging.ERROR, __file__, 1, message, None, None)

    died = record("distributed.nanny", "Worker process died unexpectedly")
    cut = record("distributed.worker.state_machine",
                 "Async instruction for <Task cancelled name='execute(play_batch-1)'> ended with "
                 "CancelledError")
    beat = record("distributed.worker", "Failed to communicate with scheduler during heartbeat.")
    assert all(map(noise.filter, (died, cut, beat))), "a running worker's reports are kept"
    worker.status.name = "closing"
    assert not any(map(noise.filter, (died, cut, beat)))
    assert noise.filter(record("distributed.nanny", "Worker exceeded 95% memory budget"))
    assert noise.filter(record("distributed.worker", "Worker process died unexpectedly"))


def test_sim_refuses_a_malformed_cluster_address_and_jobs_with_a_cluster(tmp_path):
    """A designer typed ``--cluster myscheduler`` and got a traceback; the address is checked
    as the worker checks it, and --jobs (which a cluster ignores) is refused beside it."""
    for address in ("myscheduler", "tcp://192.0.2.2", "http://192.0.2.2:18901",
                    "tcp://192.0.2.2:abc", "tcp://192.0.2.2:99999"):
        done = smqt("sim", "--games", "2", "--out", tmp_path / "x", "--cluster", address)
        assert done.returncode == 2, (address, done.stderr)
        assert "no scheduler address" in done.stderr or "starts with tcp://" in done.stderr
        assert "Traceback" not in done.stderr
    done = smqt("sim", "--games", "2", "--out", tmp_path / "x", "--cluster", "h:8786",
                "--jobs", "1")
    assert done.returncode == 2 and "leave out --jobs" in done.stderr
    err = io.StringIO()  # the editor's runs go through run_sim: the same sentence
    assert run_sim(SimOptions(pack=BASE, out_dir=str(tmp_path / "y"), games=2,
                              cluster="myscheduler"), io.StringIO(), err) == 2
    assert "myscheduler is no scheduler address" in err.getvalue()
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


@POSIX
def test_a_scheduler_gone_in_the_middle_of_a_run_is_a_sentence(tmp_path):
    """The scheduler stopped while a run played on it: the run says so and writes nothing
    (it used to end in a traceback)."""
    pytest.importorskip("distributed")
    port = free_port()
    scheduler, workers = serve(SMQT, port, [1])
    try:
        run = Served([*SMQT, "--lang", "en", "sim", "--games", "3000", "--bots", "random",
                      "--out", tmp_path / "run", "--cluster", f"127.0.0.1:{port}"])
        run.wait_for("games,", 120)  # the progress line: games are being played
        assert scheduler.interrupt() == 0
        assert run.process.wait(120) == 1
        said = run.said()
        assert "smqt sim: the cluster at tcp://127.0.0.1:" in said and "nothing written" in said
        assert "Traceback" not in said and " - ERROR - " not in said
        assert not (tmp_path / "run" / "report.json").exists()
    finally:
        for served in (*workers, scheduler):
            served.end()


@POSIX
def test_a_run_waiting_for_workers_says_so(tmp_path):
    """With a scheduler and no worker the games wait: the progress says why, and that Ctrl+C
    stops it, instead of "0 s left"."""
    pytest.importorskip("distributed")
    from smqt.sim.run.runner import cluster_executor

    port = free_port()
    scheduler, _ = serve(SMQT, port, [])
    try:
        with cluster_executor(f"127.0.0.1:{port}") as executor:
            assert executor.status() == "no workers yet: the games wait for one (Ctrl+C stops)"
            assert executor.address == f"tcp://127.0.0.1:{port}"
    finally:
        scheduler.end()


@POSIX
def test_a_host_to_listen_on_may_be_ipv6(capsys):
    assert parse(["cluster", "scheduler", "--host", "::1"]).host == "[::1]"
    assert parse(["cluster", "scheduler", "--host", "[::1]"]).host == "[::1]"
    assert parse(["cluster", "scheduler", "--host", " localhost "]).host == "localhost"


@POSIX
def test_ctrl_c_while_a_worker_waits_for_its_scheduler_stops_it_cleanly():
    """Ctrl+C at the terminal while the worker still waits for a scheduler that is not up."""
    pytest.importorskip("distributed")
    waiting = Served([*SMQT, "--lang", "en", "cluster", "worker", f"127.0.0.1:{free_port()}",
                      "--processes", "2", "--wait", "60"])
    try:
        waiting.wait_for("waiting up to 60 s")
        assert waiting.interrupt(30) == 0
        said = waiting.said()
        assert "The workers have stopped." in said and "Traceback" not in said
    finally:
        waiting.end()


@POSIX
def test_a_stopped_worker_does_not_hold_up_the_scheduler_and_a_second_ctrl_c_ends_at_once():
    """A worker command suspended (Ctrl+Z) never answers the scheduler's request to stop: the
    scheduler stops all the same, within its limit. A second Ctrl+C ends a command at once."""
    pytest.importorskip("distributed")
    import signal
    import time

    port = free_port()
    scheduler, (worker,) = serve(SMQT, port, [1])
    try:
        os.killpg(worker.process.pid, signal.SIGSTOP)
        start = time.monotonic()
        assert scheduler.interrupt(60) == 0
        assert time.monotonic() - start < 30
        assert "The scheduler has stopped." in scheduler.said()
    finally:
        worker.end()
        scheduler.end()
    again = Served([*SMQT, "--lang", "en", "cluster", "worker", f"127.0.0.1:{free_port()}",
                    "--processes", "1", "--wait", "60"])
    try:
        again.wait_for("waiting up to 60 s")
        os.killpg(again.process.pid, signal.SIGTERM)  # the first asks it to stop ...
        assert again.interrupt(30) in (0, 130)  # ... the second ends it, whatever it was doing
    finally:
        again.end()
