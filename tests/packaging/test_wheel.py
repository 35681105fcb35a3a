"""The game outside an editable checkout (issue 14): an sdist and a wheel built from the source
tree, the wheel installed (not editable) into a fresh virtual environment, and the commands run
from another folder find everything they need inside the installed package."""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from smqt import __version__

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def run(args: list[str | Path], cwd: Path, env: dict[str, str], timeout: float = 300) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the fresh environment's bin folder, an environment for commands, a folder to run in)."""
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    # sdist first, then the wheel made from the sdist: both must carry the content
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ROOT], work,
        dict(os.environ))
    wheels = list(dist.glob("smqt-*.whl"))
    assert len(wheels) == 1 and list(dist.glob("smqt-*.tar.gz"))
    env_dir = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheels[0]], work,
        dict(os.environ))
    # the dependencies (PySide6, scipy, ...) from this environment, after the new one's own
    # site-packages, so that smqt itself can only come from the wheel
    new_site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                        work, dict(os.environ)).strip())
    (new_site / "zz_test_dependencies.pth").write_text(
        "\n".join(p for p in site.getsitepackages() if Path(p).is_dir()) + "\n")
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(work / "home"), SMQT_MOTION="off")
    return bin_dir, python, env, elsewhere, wheels[0]


def test_the_wheel_carries_the_content_and_no_tests(installed):
    *_, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("smqt/content/base/pack.toml", "smqt/content/base/beach.toml",
                   "smqt/content/FORMAT.md", "smqt/content/FORMAT.de.md",
                   "smqt/content/variants/short-game/pack.toml",
                   "smqt/content/positions/final-blue-2p.toml", "smqt/help/rules.md",
                   "smqt/help/rules.de.md", "smqt/locale/de/LC_MESSAGES/smqt.mo",
                   "smqt/pack/fielddocs.py", "editor/shell/app.py"):
        assert needed in names, needed
    assert not any(name.startswith("tests/") for name in names)


def test_the_installed_commands_work_from_another_folder(installed):
    bin_dir, python, env, elsewhere, _ = installed
    smqt = bin_dir / "smqt"
    found = run([python, "-c", "import smqt, smqt.pack.shipped as p; print(smqt.__file__); "
                 "print(p.default_pack())"], elsewhere, env).split()
    assert not found[0].startswith(str(ROOT)), "smqt came from the source tree, not the wheel"
    base = Path(found[1])
    assert not str(base).startswith(str(ROOT)) and (base / "pack.toml").is_file()
    assert run([smqt, "--version"], elsewhere, env).strip() == f"smqt {__version__}"
    assert "78 feature cards" in run([smqt, "validate", base], elsewhere, env)
    position = base.parent / "positions" / "final-blue-2p.toml"
    from_source = run([sys.executable, "-m", "smqt", "score",
                       ROOT / "content" / "positions" / position.name], ROOT, env)
    assert run([smqt, "score", position], elsewhere, env) == from_source
    assert "winner: Ann" in from_source
    run([smqt, "validate", base.parent / "variants" / "short-game"], elsewhere, env)
    shot = elsewhere / "end.png"
    run([smqt, "play", "--players", "ai:medium,ai:easy", "--seed", "5", "--autoplay", "--quit",
         "--screenshot", shot], elsewhere, env, timeout=600)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "the game reached its end"


def test_field_help_and_schemas_are_the_source_trees(installed, tmp_path):
    """The installed build describes every field as the source does (its help texts are kept
    in a generated module, not read from the sources)."""
    from editor.shell.app import field_help
    from smqt.pack.schema import write_schemas

    bin_dir, _, env, elsewhere, _ = installed
    run([bin_dir / "smqt-editor", "--field-help", tmp_path / "help.json"], elsewhere, env)
    installed_help = json.loads((tmp_path / "help.json").read_text())
    assert installed_help == field_help() and sum(map(len, installed_help.values())) > 50
    run([bin_dir / "smqt", "schema", "--out", tmp_path / "installed"], elsewhere, env)
    write_schemas(tmp_path / "source")
    for name in ("pack.schema.json", "entries.schema.json"):
        assert (tmp_path / "installed" / name).read_text() == (tmp_path / "source" / name).read_text()


def test_the_cluster_extra_is_one_command_and_the_installed_app_serves_a_cluster(installed):
    """Issue 31: ``--cluster`` from an installed smqt. The README's one command names the
    wheel's ``cluster`` extra, which brings Dask distributed; with it, the installed ``smqt``
    serves the scheduler and the workers, and ``smqt sim --cluster`` on them plays the games of
    the local pool byte for byte."""
    pytest.importorskip("distributed")  # the extra's package, from this environment
    from tests.sim.clusterprocs import free_port, serve

    bin_dir, _, env, elsewhere, wheel = installed
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(archive.read(name).decode() for name in archive.namelist()
                        if name.endswith(".dist-info/METADATA"))
    assert "Provides-Extra: cluster" in metadata
    assert any(line.startswith("Requires-Dist: distributed") and 'extra == "cluster"' in line
               for line in metadata.splitlines())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Simulating on a cluster"):]
    assert "    pip install 'smqt[cluster]'" in section
    assert "smqt cluster scheduler" in section and "smqt cluster worker tcp://HOST:8786" in section

    smqt = bin_dir / "smqt"
    base_words = ["--games", "6", "--bots", "random", "--seed", "3"]
    run([smqt, "sim", *base_words, "--jobs", "2", "--out", elsewhere / "local"], elsewhere, env)
    port = free_port()
    scheduler, workers = serve([smqt], port, [2], env=env, cwd=elsewhere)
    try:
        run([smqt, "sim", *base_words, "--cluster", f"tcp://127.0.0.1:{port}", "--out",
             elsewhere / "on-cluster"], elsewhere, env)
    finally:
        for served in (*workers, scheduler):
            served.end()
    assert (elsewhere / "on-cluster" / "games.csv").read_bytes() == \
        (elsewhere / "local" / "games.csv").read_bytes()
