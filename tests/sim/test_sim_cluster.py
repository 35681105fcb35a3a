"""``smqt sim --cluster``: the same command on the local process pool and on a Dask cluster
(a LocalCluster on the loopback, with real worker processes) writes byte-identical games.csv."""

from __future__ import annotations

import io
import json

import pytest

from smqt.sim.command import SimOptions, run_sim
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")


def test_local_pool_and_dask_cluster_write_the_same_games_csv(tmp_path):
    distributed = pytest.importorskip("distributed")
    common = {"pack": BASE, "variant": SHORT, "players": "2,3", "bots": "random",
              "games": 60, "seed": 11}
    out, err = io.StringIO(), io.StringIO()
    assert run_sim(SimOptions(out_dir=str(tmp_path / "local"), jobs=2, **common), out, err) == 0, \
        err.getvalue()
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster:
        out, err = io.StringIO(), io.StringIO()
        code = run_sim(SimOptions(out_dir=str(tmp_path / "cluster"),
                                  cluster=cluster.scheduler_address, **common), out, err)
        assert code == 0, err.getvalue()
    local = (tmp_path / "local" / "games.csv").read_bytes()
    assert local == (tmp_path / "cluster" / "games.csv").read_bytes()
    assert local.count(b"\n") == 1 + 2 * 60 * (2 + 3)
    reports = [json.loads((tmp_path / name / "report.json").read_text())
               for name in ("local", "cluster")]
    made = [report["meta"].pop("provenance") for report in reports]  # when, and how long
    assert made[0]["packs"] == made[1]["packs"] and made[1]["cpu_seconds"] is None
    assert made[0]["cluster"] is None
    assert made[1]["cluster"] == {"address": cluster.scheduler_address, "workers": 2, "threads": 2}
    page = (tmp_path / "cluster" / "report.html").read_text()
    assert (f"the Dask cluster at {cluster.scheduler_address}: at most 2 workers with 2 threads"
            in page)
    assert "s on the wall (the workers&#x27; processor time is not measured)" in page
    assert "? s" not in page
    reports[1]["meta"]["cluster"] = False
    assert reports[0] == reports[1]


def test_an_unreachable_cluster_is_a_sentence(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("smqt.sim.command.CLUSTER_TIMEOUT", 1.0)
    err = io.StringIO()
    code = run_sim(SimOptions(pack=BASE, out_dir=str(tmp_path / "x"), games=2, bots="random",
                              cluster="tcp://127.0.0.1:9"), io.StringIO(), err)
    assert code == 2 and "smqt sim:" in err.getvalue() and "Traceback" not in err.getvalue()
    assert not (tmp_path / "x").exists()
