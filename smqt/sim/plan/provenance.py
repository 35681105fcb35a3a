"""Where a report came from, and keeping reports: the provenance a report carries (smqt's
version, the command, the packs with their content hashes, the bots and seeds, the machine,
the start, the wall and CPU time), the options to run it again from its own copies of the packs
(``smqt sim --rerun``), the folder a report is written to by default (a date and a number) and
the refusal to write over a report already there."""

from __future__ import annotations

import os
import platform
import shlex
import time
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

import attrs

from smqt import __version__
from smqt.language.translate import _
from smqt.pack.packsource import PackSource


@attrs.frozen
class RerunOptions:
    """The options a rerun takes from the report as they were (the packs come from its copies,
    the processes and the cluster from the new run): ``smqt sim``'s options of the same
    names."""

    players: str
    """The player counts as given: ``2`` or ``2,3,4``."""
    bots: str
    """The bots by seat as given: ``medium`` or ``medium,easy``."""
    games: int
    """Games per side and player count (the first round with ``until_clear``)."""
    seed: int
    """The seed of the first game."""
    per_change: bool
    """Base plus each single change of the variant was played too."""
    until_clear: bool
    """Games were added until the headline intervals were clear."""
    precision: float | None
    """The win-rate precision asked for, in percentage points (None: the default)."""
    max_games: int
    """The most games per side and player count with ``until_clear``."""
    sweep: str | None
    """The sweep as given (``rules.cards_to_end=10:14``), or None."""
    noise: bool
    """Base was played on other seeds too (the noise band)."""
    ladder: bool
    """The skill ladder was played."""
    ladder_games: int
    """Games per ladder pair."""
    tune: tuple[str, ...] = ()
    """A balance search's ``--tune`` as given (``rules.cards_to_end=8..20``)."""
    goal: tuple[str, ...] = ()
    """Its ``--goal`` as given (``turns=27``)."""
    within: float | None = None
    """Its ``--within`` (None: each goal's own tolerance)."""


RERUN_FIELDS = tuple(field.name for field in attrs.fields(RerunOptions))
"""The options a rerun takes from the report as they were."""


@attrs.frozen
class PackCopy:
    """A pack a report was made from, and its copy beside the report."""

    name: str
    """The pack's name."""
    version: str
    """The pack's version."""
    hash: str
    """Its content hash when the report was made (a rerun refuses a copy changed since)."""
    folder: str
    """Its copy, relative to the report's folder: ``packs/base-1a2b3c4d/base``."""


@attrs.frozen
class ClusterUse:
    """The Dask cluster a run played on."""

    address: str
    """The scheduler's address: ``tcp://HOST:PORT``."""
    workers: int
    """The most worker processes that played at once."""
    threads: int
    """The most threads they had at once."""


@attrs.frozen
class Provenance:
    """Where a report came from: enough to know what was played and to play it again."""

    smqt: str
    """The version of smqt that made it."""
    command: tuple[str, ...]
    """The command line as typed, or one that does the same for a run a program asked for
    (``in_report``; empty in older reports made from the editor)."""
    options: RerunOptions
    """The options that a rerun takes over."""
    packs: dict[str, PackCopy]
    """``pack`` and, for a variant run, ``variant``."""
    python: str
    """The Python version."""
    system: str
    """The operating system, as ``platform.platform()`` says it."""
    started: str
    """When the run started: ISO 8601 with the time zone, to the second."""
    wall_seconds: float
    """The run's time on the wall."""
    cpu_seconds: float | None
    """The processor time of this process and its workers (None on a cluster)."""
    cluster: ClusterUse | None
    """The cluster it played on, or None for a run on this computer."""
    in_report: bool = False
    """``command`` was made for a run a program asked for: it names the report's own copies
    of the packs (``packs/...``), so it is run in the report's folder."""


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


FLAGS = (("pack", "--pack"), ("variant", "--variant"), ("sweep", "--sweep"),  # not translated
         ("players", "--players"), ("bots", "--bots"), ("games", "--games"),
         ("jobs", "--jobs"), ("seed", "--seed"), ("precision", "--precision"),
         ("max_games", "--max-games"), ("within", "--within"))
"""The options of a run as ``smqt sim`` takes them, in the order a command line gives them."""
SWITCHES = (("per_change", "--per-change"), ("until_clear", "--until-clear"),  # not translated
            ("noise", "--noise"), ("ladder", "--ladder"), ("png", "--png"))
"""The options that are on or off."""


def command_line(options: Any, copies: dict[str, str]) -> tuple[str, ...]:
    """A ``smqt sim`` command that does what ``options`` (a ``SimOptions`` a program made, such
    as the editor's) asked, naming the report's copies of the packs (``copies``: "pack" and
    "variant" to their folders in the report) and no folder of this computer: it is run in the
    report's folder."""
    line = ["smqt", "sim"]  # not translated: the program
    for name, flag in FLAGS:
        value = copies.get(name, getattr(options, name, None))
        if value is None or (name == "max_games" and not options.until_clear
                             and not options.tune):
            continue
        line += [flag, value if isinstance(value, str) else f"{value:g}"]
    for target in options.tune:
        line += ["--tune", target]
    for goal in options.goal:
        line += ["--goal", goal]
    line += [flag for name, flag in SWITCHES if getattr(options, name, False)]
    return tuple(line)


def shown_command(made: Provenance) -> str:
    """The command a report was made with, as a shell takes it (paths with spaces quoted)."""
    if not made.command:
        return _("(run from the editor)")
    if made.in_report:
        return _("{command} (in the report's folder: it names the report's copies of the "
                 "packs)").format(command=shlex.join(made.command))
    return shlex.join(made.command)


def provenance(options: Any, packs: dict[str, PackSource], clock: Clock,
               cluster: ClusterUse | None = None) -> Provenance:
    """The report's provenance (``options``: the run's ``SimOptions``; ``packs``: "pack" and
    "variant" as loaded; ``cluster``: the scheduler's address and the most workers and
    threads that played, for a run on a cluster, whose processor time is not measured)."""
    wall, cpu = clock.spent()
    copies = {role: PackCopy(source.name, source.version, source.content_hash,
                             PurePosixPath("packs", pack_leaf(source), source.leaf).as_posix())
              for role, source in packs.items()}
    return Provenance(
        smqt=__version__,
        command=tuple(options.command) or command_line(
            options, {role: copy.folder for role, copy in copies.items()}),
        in_report=not options.command,
        options=RerunOptions(**{name: getattr(options, name) for name in RERUN_FIELDS}),
        packs=copies,
        python=platform.python_version(),
        system=platform.platform(),
        started=clock.started.isoformat(timespec="seconds"),
        wall_seconds=round(wall, 1),
        cpu_seconds=None if cluster else round(cpu, 1),
        cluster=cluster,
    )


def rerun_options(found: Provenance | None, path: Path, options_type: type, out_dir: str,
                  force: bool = False, jobs: int | None = None) -> Any:
    """The options that play again the games of the report at ``path`` (its report.json),
    whose provenance is ``found``, from its own copies of the packs; raises ProvenanceError."""
    if found is None:
        raise ProvenanceError(_("{file} is not a report that says how it was made ({problem}); "
                                "reports of smqt 0.2 and later can be run again").format(
            file=path, problem=repr("provenance")))
    folders = {}
    for role in ("pack", "variant"):
        if role not in found.packs:
            continue
        pack = found.packs[role]
        folder = path.parent / pack.folder
        if not folder.is_dir():
            raise ProvenanceError(_("{folder}: the report's copy of its {role} is missing").format(
                folder=folder, role=role))
        copy = PackSource.from_folder(str(folder))
        if copy.content_hash != pack.hash:
            raise ProvenanceError(_("{folder} was changed since the report was made (its content "
                                    "hash is {found}, the report says {made})").format(
                folder=folder, found=copy.content_hash, made=pack.hash))
        folders[role] = str(folder)
    if "pack" not in folders:
        raise ProvenanceError(_("{file} is not a report that says how it was made ({problem}); "
                                "reports of smqt 0.2 and later can be run again").format(
            file=path, problem=repr("pack")))
    return attrs.evolve(options_type(pack=folders["pack"], out_dir=out_dir),
                        **attrs.asdict(found.options), variant=folders.get("variant"),
                        force=force, jobs=jobs)
