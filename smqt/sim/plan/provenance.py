"""Where a report came from, and keeping reports: the provenance a report carries (smqt's
version, the command, the packs with their content hashes, the bots and seeds, the machine,
the start, the wall and CPU time), the options to run it again from its own copies of the packs
(``smqt sim --rerun``), the folder a report is written to by default (a date and a number) and
the refusal to write over a report already there."""

from __future__ import annotations

import json
import os
import platform
import time
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

import attrs

from smqt import __version__
from smqt.language.translate import _
from smqt.pack.packsource import PackSource

RERUN_FIELDS = ("players", "bots", "games", "seed", "per_change", "until_clear", "precision",
                "max_games", "sweep", "noise", "ladder", "ladder_games")
"""The options a rerun takes from the report as they were (the packs come from its copies,
the processes and the cluster from the new run)."""


class ProvenanceError(ValueError):
    """A report that cannot be run again; the message says why."""


def slug(text: str) -> str:
    text = "".join(c if c.isalnum() or c in "_." else "-" for c in text.lower())
    return "-".join(part for part in text.split("-") if part)[:40].strip("-")


def pack_leaf(source: PackSource) -> str:
    """The name of a pack's copy under a report's ``packs/``: its name and hash."""
    return f"{slug(source.name)}-{source.content_hash[:8]}"


def default_out(folder: Path | None = None, today: datetime | None = None) -> Path:
    """``sim-2026-11-26-1`` in ``folder`` (the current one): the first such name not taken."""
    folder = folder or Path.cwd()
    day = (today or datetime.now()).strftime("%Y-%m-%d")
    number = 1
    while (folder / f"sim-{day}-{number}").exists():
        number += 1
    return folder / f"sim-{day}-{number}"


def holds_a_report(out: Path) -> bool:
    """Whether writing a report into ``out`` would replace something there."""
    return out.is_dir() and any(out.iterdir())


class Clock:
    """The start of a run, and the time it took: on the wall, and on this computer's
    processors (this process and the worker processes it waited for; a cluster's workers are
    not counted)."""

    def __init__(self) -> None:
        self.started = datetime.now().astimezone()
        self._wall = time.monotonic()
        self._cpu = self._processors()

    @staticmethod
    def _processors() -> float:
        times = os.times()
        return times.user + times.system + times.children_user + times.children_system

    def spent(self) -> tuple[float, float]:
        return time.monotonic() - self._wall, self._processors() - self._cpu


def provenance(options: Any, packs: dict[str, PackSource], clock: Clock,
               cluster: dict | None = None) -> dict:
    """The report's provenance (``options``: the run's ``SimOptions``; ``packs``: "pack" and
    "variant" as loaded; ``cluster``: the scheduler's address and the most workers and
    threads that played, for a run on a cluster, whose processor time is not measured)."""
    wall, cpu = clock.spent()
    return {
        "smqt": __version__,
        "command": list(options.command),
        "options": {name: getattr(options, name) for name in RERUN_FIELDS},
        "packs": {role: {"name": source.name, "version": source.version,
                         "hash": source.content_hash,
                         "folder": PurePosixPath("packs", pack_leaf(source), source.leaf).as_posix()}
                  for role, source in packs.items()},
        "python": platform.python_version(),
        "system": platform.platform(),
        "started": clock.started.isoformat(timespec="seconds"),
        "wall_seconds": round(wall, 1),
        "cpu_seconds": None if cluster else round(cpu, 1),
        "cluster": cluster,
    }


def rerun_options(report: Path, options_type: type, out_dir: str, force: bool = False,
                  jobs: int | None = None) -> Any:
    """The options that play ``report``'s games again from its own copies of the packs
    (``report``: its report.json or its folder); raises ProvenanceError."""
    path = report / "report.json" if report.is_dir() else report
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found = data["meta"]["provenance"]
        packs, given = found["packs"], found["options"]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise ProvenanceError(_("{file} is not a report that says how it was made ({problem}); "
                                "reports of smqt 0.2 and later can be run again").format(
            file=path, problem=exc)) from None
    folders = {}
    for role in ("pack", "variant"):
        if role not in packs:
            continue
        folder = path.parent / packs[role]["folder"]
        if not folder.is_dir():
            raise ProvenanceError(_("{folder}: the report's copy of its {role} is missing").format(
                folder=folder, role=role))
        copy = PackSource.from_folder(str(folder))
        if copy.content_hash != packs[role]["hash"]:
            raise ProvenanceError(_("{folder} was changed since the report was made (its content "
                                    "hash is {found}, the report says {made})").format(
                folder=folder, found=copy.content_hash, made=packs[role]["hash"]))
        folders[role] = str(folder)
    chosen = {name: given[name] for name in RERUN_FIELDS if name in given}
    return attrs.evolve(options_type(pack=folders["pack"], out_dir=out_dir), **chosen,
                        variant=folders.get("variant"), force=force, jobs=jobs)
