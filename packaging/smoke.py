"""Smoke test of a frozen build (the folder PyInstaller made from packaging/smqt.spec), on any
OS, offscreen:

    python packaging/smoke.py dist/smqt

- ``smqt --version``, ``smqt validate`` of the shipped base pack, ``smqt score`` of a shipped
  position (compared with the source tree's answer);
- ``smqt play --players ai:medium,ai:easy --autoplay --quit`` reaches the end of a game;
- ``smqt sim --games 4 --jobs 2`` finishes with its report (its worker processes are the frozen
  app started again: without freeze_support they would open tables for ever, so a time limit
  stands guard);
- ``smqt cluster scheduler`` and ``smqt cluster worker`` (Dask distributed is in the folder)
  serve ``smqt sim --cluster``, which plays the same games.csv as the local pool;
- ``smqt-editor --screenshot --quit`` opens the editor on the base pack;
- the editor's field help (``--field-help``) and ``smqt schema`` are identical to the source
  tree's (a frozen app has no sources to read docstrings from);
- German: ``--lang de`` and a German system locale (``LANG=de_DE.UTF-8``) give German texts from
  the frozen catalog (``smqt.mo``), a house-rule report whose numbers are written the German way
  (its counts by Babel, whose locale data must be frozen too), the editor in German, and Qt's
  own translations (``qtbase_de.qm``) are in the folder.

Run it with a Python that can import the source tree's dependencies (the build environment):
the source tree's answers are computed with it, from ``ROOT`` on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = ".exe" if os.name == "nt" else ""


class Failed(Exception):
    pass


def run(args: list[object], env: dict[str, str], cwd: Path, timeout: float) -> str:
    words = [str(a) for a in args]
    start = time.monotonic()
    try:
        done = subprocess.run(words, env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise Failed(f"{' '.join(words)}: still running after {timeout:.0f} s") from exc
    took = time.monotonic() - start
    if done.returncode != 0:
        raise Failed(f"{' '.join(words)}: exit {done.returncode}\n{done.stdout[-3000:]}\n"
                     f"{done.stderr[-3000:]}")
    print(f"  ok  {Path(words[0]).name} {' '.join(words[1:])[:90]}  ({took:.1f} s)", flush=True)
    return done.stdout


def source_tree(code: str, env: dict[str, str], cwd: Path) -> str:
    """Run ``code`` with the source tree's modules first on the path."""
    source_env = dict(env, PYTHONPATH=str(ROOT))
    return run([sys.executable, "-c", code], source_env, cwd, 300)


def is_png(path: Path) -> bool:
    return path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def smoke(folder: Path, work: Path) -> None:
    smqt, editor = folder / f"smqt{EXE}", folder / f"smqt-editor{EXE}"
    for program in (smqt, editor):
        if not program.is_file():
            raise Failed(f"{program} is missing")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(QT_QPA_PLATFORM="offscreen", SMQT_HOME=str(work / "home"), SMQT_MOTION="off",
               LANGUAGE="en")  # the English checks below, whatever the builder's locale
    here = work / "elsewhere"
    here.mkdir()
    if list(folder.rglob("content.py")):
        raise Failed("the frozen folder carries source files (smqt/engine/content.py)")

    version = run([smqt, "--version"], env, here, 120).strip()
    expected = source_tree("import smqt; print(smqt.__version__)", env, here).strip()
    if version != f"smqt {expected}":
        raise Failed(f"--version says {version!r}, the source is {expected}")

    packs = [p.parent for p in folder.rglob("pack.toml") if p.parent.name == "base"]
    if len(packs) != 1:
        raise Failed(f"expected one shipped base pack in {folder}, found {packs}")
    base = packs[0]
    if "78 feature cards" not in run([smqt, "validate", base], env, here, 120):
        raise Failed("smqt validate did not describe the base pack")
    position = base.parent / "positions" / "final-blue-2p.toml"
    frozen_score = run([smqt, "score", position], env, here, 120)
    source_score = source_tree("import sys; from smqt.cli.main import main; "
                               f"sys.exit(main(['score', {str(position)!r}]))", env, here)
    if frozen_score != source_score:
        raise Failed(f"smqt score differs:\n{frozen_score}\n--- source ---\n{source_score}")

    shot = work / "end.png"
    run([smqt, "play", "--players", "ai:medium,ai:easy", "--seed", "7", "--autoplay", "--quit",
         "--screenshot", shot], env, here, 600)
    if not is_png(shot):
        raise Failed("the autoplayed game did not reach its end (no screenshot)")

    report = work / "sim"
    run([smqt, "sim", "--games", "4", "--jobs", "2", "--out", report], env, here, 600)
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    if "games" not in json.dumps(data)[:5000]:
        raise Failed("the simulation's report.json says nothing of its games")

    cluster(smqt, report, env, here, work)

    editor_shot = work / "editor.png"
    run([editor, "--screenshot", editor_shot, "--quit"], env, here, 300)
    if not is_png(editor_shot):
        raise Failed("the editor wrote no screenshot")

    sheets = work / "print.pdf"
    run([editor, "--print", sheets, "--changed-only",
         ROOT / "content" / "variants" / "house-rule-trial"], env, here, 300)
    if not sheets.read_bytes().startswith(b"%PDF"):
        raise Failed("the editor's print and play wrote no PDF")

    run([editor, "--field-help", work / "help-frozen.json"], env, here, 120)
    source_tree("from editor.shell.app import field_help; import json, sys; "
                f"open({str(work / 'help-source.json')!r}, 'w', encoding='utf-8')"
                ".write(json.dumps(field_help(), indent=1, sort_keys=True))", env, here)
    frozen_help = json.loads((work / "help-frozen.json").read_text(encoding="utf-8"))
    source_help = json.loads((work / "help-source.json").read_text(encoding="utf-8"))
    count = sum(len(fields) for fields in source_help.values())
    if frozen_help != source_help or count < 50:
        raise Failed(f"the editor's field help differs from the source tree's ({count} texts)")
    print(f"  ok  the editor's {count} field help texts match the source tree's")

    run([smqt, "schema", "--out", work / "schema-frozen"], env, here, 120)
    source_tree("from smqt.pack.schema import write_schemas; "
                f"write_schemas({str(work / 'schema-source')!r})", env, here)
    for name in ("pack.schema.json", "entries.schema.json"):
        frozen = (work / "schema-frozen" / name).read_text(encoding="utf-8")
        if frozen != (work / "schema-source" / name).read_text(encoding="utf-8"):
            raise Failed(f"{name} differs from the source tree's")
    print("  ok  smqt schema matches the source tree's")

    german(folder, smqt, editor, base, env, here, work)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise Failed(f"smqt cluster scheduler ended at once (exit {process.returncode})")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise Failed(f"smqt cluster scheduler did not listen on port {port} within {seconds:.0f} s")


def stop(process: subprocess.Popen, name: str, seconds: float = 60) -> None:
    """Ctrl+C where there are signals; elsewhere the process is ended (a windowed Windows
    program has no console to send Ctrl+C to)."""
    if process.poll() is None:
        if os.name == "nt":
            process.terminate()
        else:
            process.send_signal(signal.SIGINT)
    try:
        code = process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        raise Failed(f"{name} was still running {seconds:.0f} s after Ctrl+C") from None
    if os.name != "nt" and code != 0:
        raise Failed(f"{name} ended with exit {code} after Ctrl+C")


def cluster(smqt: Path, local_report: Path, env: dict[str, str], here: Path, work: Path) -> None:
    """The frozen app is a whole Dask cluster (the installers ship distributed): a scheduler,
    a worker of two processes (the frozen app started again) and ``smqt sim --cluster``, whose
    games.csv is the local pool's byte for byte."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = {name: (work / f"{name}.log").open("w", encoding="utf-8")
            for name in ("scheduler", "worker")}
    scheduler = subprocess.Popen(
        [str(smqt), "cluster", "scheduler", "--host", "127.0.0.1", "--port", str(port)],
        env=env, cwd=here, stdin=subprocess.DEVNULL, stdout=logs["scheduler"],
        stderr=subprocess.STDOUT)
    worker = None
    try:
        wait_for_port(port, scheduler, 120)
        worker = subprocess.Popen(
            [str(smqt), "cluster", "worker", address, "--processes", "2", "--wait", "20"],
            env=env, cwd=here, stdin=subprocess.DEVNULL, stdout=logs["worker"],
            stderr=subprocess.STDOUT)
        report = work / "sim-cluster"
        run([smqt, "sim", "--games", "4", "--cluster", address, "--out", report], env, here, 600)
        if (report / "games.csv").read_bytes() != (local_report / "games.csv").read_bytes():
            raise Failed("smqt sim --cluster played other games than the local pool")
        stop(worker, "smqt cluster worker")
        stop(scheduler, "smqt cluster scheduler")
    finally:
        for process in (worker, scheduler):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(30)
        for log in logs.values():
            log.close()
    said = {name: (work / f"{name}.log").read_text(encoding="utf-8") for name in logs}
    if os.name != "nt" and ("have joined" not in said["worker"]
                            or "Traceback" in said["worker"] + said["scheduler"]):
        raise Failed(f"the cluster's processes said:\n{said['scheduler']}\n{said['worker']}")
    print("  ok  smqt cluster scheduler and worker: smqt sim --cluster plays the local games")


def german(folder: Path, smqt: Path, editor: Path, base: Path, env: dict[str, str], here: Path,
           work: Path) -> None:
    """The frozen programs speak German: the catalog and Babel's locale data are in the folder
    and found there; Qt's own translations are in it (offscreen shows no Qt dialog to read)."""
    for name in ("smqt.mo", "de.dat", "root.dat", "qtbase_de.qm"):
        if not list(folder.rglob(name)):
            raise Failed(f"the frozen folder has no {name}")
    if "Optionen" not in run([smqt, "--lang", "de", "--help"], env, here, 120):
        raise Failed("smqt --lang de --help is not in German")
    german_env = {k: v for k, v in env.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    german_env["LANG"] = "de_DE.UTF-8"  # the system's language, as a German desktop sets it
    if "78 Merkmalskarten" not in run([smqt, "validate", base], german_env, here, 120):
        raise Failed("smqt validate does not speak the system's German")
    report = work / "sim-de"
    said = run([smqt, "--lang", "de", "sim", "--variant", base.parent / "variants" / "short-game",
                "--games", "2", "--jobs", "1", "--players", "2", "--bots", "random,easy",
                "--out", report], env, here, 600)
    page = (report / "report.html").read_text(encoding="utf-8")
    if "Hausregel-Bericht" not in said or " Pp." not in said or "\u00a0%" not in page:
        raise Failed(f"the German house-rule report is not German:\n{said[-2000:]}")
    shot = work / "editor-de.png"
    run([editor, "--lang", "de", "--screenshot", shot, "--quit"], env, here, 300)
    if not is_png(shot):
        raise Failed("the editor in German wrote no screenshot")
    print("  ok  German: catalog, Babel's locale data and Qt's translations")


def folder_size(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke test of a frozen smqt folder.")
    parser.add_argument("folder", help="the folder PyInstaller made (holding smqt and smqt-editor)")
    args = parser.parse_args(argv)
    folder = Path(args.folder).resolve()
    print(f"smoke test of {folder} ({folder_size(folder) / 2**20:.0f} MB unpacked)")
    with tempfile.TemporaryDirectory(prefix="smqt-smoke-") as work:
        try:
            smoke(folder, Path(work))
        except (Failed, OSError, ValueError) as exc:
            print(f"FAILED: {exc}", file=sys.stderr)
            return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
