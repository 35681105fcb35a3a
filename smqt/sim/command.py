"""``smqt sim``: play many seat-rotated games of a pack, and of a variant (whole or one change
at a time), a sweep of one parameter, base against itself (the noise band) and a skill ladder,
all on the same games; keep adding games until the answer is clear when asked; write
report.json, report.html, games.csv, every game's record (games/) and the packs they need
(packs/)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor
from itertools import zip_longest
from pathlib import Path
from typing import TextIO

import attrs
import tomli_w

from smqt.ai.protocol import BOT_LEVELS, level_words
from smqt.engine.rng import seed_problem
from smqt.engine.setup import SetupError, new_game
from smqt.files.atomic import atomic_write_text
from smqt.language.translate import _, ngettext
from smqt.pack.changes import Change, pack_changes
from smqt.pack.packsource import (
    NotCarried,
    PackSource,
    load_source,
    remove_old_pack_cache,
    write_pack,
)
from smqt.pack.problems import PackError
from smqt.sim.balance import balance_code, play_balance, read_request
from smqt.sim.plan.balance import BalanceError
from smqt.sim.plan.provenance import Clock, ClusterUse, holds_a_report, pack_leaf, provenance
from smqt.sim.plan.sides import (
    Side,
    change_sides,
    first_seed,
    ladder_sides,
    specs,
    sweep_sides,
)
from smqt.sim.plan.sweep import SweepError, parse_sweep
from smqt.sim.report.build import COMPARED, build_report, summary_text
from smqt.sim.report.charts import chart_files
from smqt.sim.report.compare import Compared, CompareError, compare_reports
from smqt.sim.report.compareview import (
    compare_headline,
    compare_html,
    compare_json,
    compare_text,
)
from smqt.sim.report.html import render
from smqt.sim.report.model import Meta, Report
from smqt.sim.report.reportfile import ReportError, read_report, report_file, report_json
from smqt.sim.report.summary import COLUMNS, games_csv, record_path
from smqt.sim.run.playgame import GameResult
from smqt.sim.run.runner import (
    ClusterExecutor,
    ClusterUnavailable,
    ProgressBar,
    SimCancelled,
    both_told,
    cluster_executor,
    default_jobs,
    local_executor,
    run_batches,
)
from smqt.sim.run.task import make_batches
from smqt.sim.statistics.headlines import HeadlineWatch, widest
from smqt.sim.statistics.verdicts import (
    FDR,
    Row,
    games_for_clear,
    headline_clear,
    precisions,
    whole,
)

CLUSTER_TIMEOUT = 10.0
"""Seconds to wait for the cluster's scheduler to answer."""
MAX_ROUNDS = 8
"""``--until-clear`` adds games at most this many times."""


class SimError(ValueError):
    """Bad options for a simulation; the message says what to change."""


@attrs.frozen
class SimOptions:
    pack: str
    out_dir: str
    variant: str | None = None
    players: str = "2"
    bots: str = "medium"
    games: int = 200
    jobs: int | None = None
    seed: int = 1
    per_change: bool = False
    until_clear: bool = False
    precision: float | None = None
    """Win-rate precision in percentage points (implies ``until_clear``)."""
    max_games: int = 5000
    sweep: str | None = None
    noise: bool = False
    ladder: bool = False
    ladder_games: int = 40
    cluster: str | None = None
    compare_with: str | None = None
    """An earlier report (folder or report.json): the page gets a section comparing them."""
    png: bool = False
    """The page links each chart's PNG too (``smqt sim --png`` makes them)."""
    force: bool = False
    """Write over a report already in ``out_dir`` (else the run is refused before it starts)."""
    command: tuple[str, ...] = ()
    """The command line that asked for the run, as the report shows it."""
    tune: tuple[str, ...] = ()
    """A balance search: each ``TARGET=LOW..HIGH`` (``smqt.sim.balance``)."""
    goal: tuple[str, ...] = ()
    """Its goals: each ``MEASURE=VALUE[@WEIGHT]``."""
    within: float | None = None
    """Its tolerance, in the goals' units (None: each goal's own)."""


def parse_bots(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    for bot in bots:
        if bot.partition(":")[0] not in BOT_LEVELS:
            raise SimError(_("unknown bot {bot} (expected {levels})").format(
                bot=repr(bot), levels=", ".join(BOT_LEVELS)))
    if not bots:
        raise SimError(_("name at least one bot, e.g. --bots medium,medium"))
    return bots


def parse_players(text: str) -> list[int]:
    try:
        counts = sorted({int(p) for p in text.split(",")})
    except ValueError:
        raise SimError(_("--players takes numbers like 2 or 2,3,4, not {text}").format(
            text=repr(text))) from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise SimError(_("player counts must be 2, 3 or 4"))
    return counts


def _check_numbers(options: SimOptions) -> None:
    if not 1 <= options.games <= 1_000_000:
        raise SimError(_("--games must be between 1 and 1,000,000"))
    if options.jobs is not None and not 1 <= options.jobs <= 1024:
        raise SimError(_("--jobs must be between 1 and 1024"))
    problem = seed_problem(options.seed)
    if problem:
        raise SimError(f"--seed: {problem}")
    if options.precision is not None and not 0.1 <= options.precision <= 50:
        raise SimError(_("--precision is in percentage points of win rate, from 0.1 to 50"))
    if options.max_games < options.games:
        raise SimError(_("--max-games must be at least --games"))
    if not 1 <= options.ladder_games <= 100_000:
        raise SimError(_("--ladder-games must be between 1 and 100,000"))
    if options.per_change and not options.variant:
        raise SimError(_("--per-change needs --variant (the changes are the variant's)"))
    if options.sweep and options.variant:
        raise SimError(_("a sweep varies one value of --pack; leave out --variant (to sweep "
                         "your variant, give it as --pack)"))
    out = Path(options.out_dir)
    if out.exists() and not out.is_dir():
        raise SimError(_("--out {folder} is a file; name a folder for the report").format(
            folder=options.out_dir))
    if not out.exists() and any(p.exists() and not p.is_dir() for p in out.parents):
        raise SimError(_("--out {folder}: a part of that path is a file, not a folder").format(
            folder=options.out_dir))


def _load(folder: str, counts: list[int], seed: int) -> PackSource:
    source = PackSource.from_folder(folder)
    catalog = load_source(source)
    for count in counts:  # a pack that cannot set up a game is said before any work
        try:
            new_game(catalog, count, seed)
        except SetupError as exc:
            raise SimError(_("{folder}: a {players}-player game cannot be set up: {problem}")
                           .format(folder=folder, players=count, problem=exc)) from None
    return source


def plan(options: SimOptions
         ) -> tuple[list[Side], list[Change], list[int], list[str], list[str]]:
    """The sides to play (base first) and the variant's changes; raises SimError, PackError."""
    _check_numbers(options)
    counts = parse_players(options.players)
    lineup = parse_bots(options.bots)
    base = _load(options.pack, counts, options.seed)
    sides = [Side("base", f"{base.name} {base.version}", "base", base)]
    changes: list[Change] = []
    skipped: list[str] = []
    if options.variant:
        variant = _load(options.variant, counts, options.seed)
        changes = pack_changes(load_source(base), load_source(variant))
        sides += change_sides(base, variant, changes, options.per_change, skipped)
    if options.sweep:
        try:
            sweep = parse_sweep(options.sweep, load_source(base))
        except SweepError as exc:
            raise SimError(str(exc)) from None
        sides += sweep_sides(base, sweep)
    if options.tune:
        if options.sweep or options.variant or options.noise or options.ladder:
            raise SimError(_("--tune searches one pack's number; leave out --sweep, --variant, "
                             "--noise and --ladder (to tune your variant, give it as --pack)"))
        try:
            read_request(options.tune, options.goal, options.within, base)
        except BalanceError as exc:
            raise SimError(str(exc)) from None
    elif options.goal or options.within is not None:
        raise SimError(_("--goal and --within go with --tune (the number to search for)"))
    if options.noise:
        sides.append(Side("noise", _("{pack} {version}, other seeds").format(
            pack=base.name, version=base.version), "noise", base))
    if options.ladder:
        packs = [("base", base)] + [("variant", s.source) for s in sides if s.kind == "variant"]
        sides += ladder_sides(packs)
    return sides, changes, counts, lineup, skipped


def _copies(side: Side, sides: list[Side]) -> bool:
    """A sweep side whose pack is base itself: its games are base's."""
    return side.kind == "sweep" and side.source == sides[0].source


def _specs_of(side: Side, counts: list[int], lineup: list[str], start: int, stop: int,
              options: SimOptions):
    if side.kind == "ladder":  # a fixed number of games, played in the first round
        return specs([side.players], side.lineup, 0, options.ladder_games, options.seed) \
            if start == 0 \
            else []
    return specs(counts, lineup, start, stop, first_seed(options.seed, side.kind))


def _title(sides: list[Side], changes: list[Change], options: SimOptions) -> str:
    base = sides[0].source
    variant = next((s.source for s in sides if s.kind == "variant"), None)
    if variant is not None:
        return _("House-rule report: {variant} {variant_version} against {base} "
                 "{base_version}").format(variant=variant.name, variant_version=variant.version,
                                          base=base.name, base_version=base.version)
    if options.sweep:
        return _("Sweep report: {sweep} on {pack} {version}").format(
            sweep=options.sweep, pack=base.name, version=base.version)
    return _("Simulation report: {pack} {version}").format(pack=base.name,
                                                            version=base.version)


def run_sim(options: SimOptions, out: TextIO, err: TextIO,
            cancelled: Callable[[], bool] | None = None,
            progress: Callable[[int, int], None] | None = None,
            rounds_told: Callable[[int, str], None] | None = None) -> int:
    """Plan, play and write the report; 0 when written, 1 for a pack or disk problem, 2 for bad
    options, 130 when ``cancelled`` turned true. ``progress`` (done, total games of the
    round) is told besides the progress bar on ``err``; ``rounds_told`` (the round, the best
    value so far in words) after each round of a balance search."""
    if holds_a_report(Path(options.out_dir)) and not options.force:
        err.write(_("smqt sim: {folder} holds a report already; name another --out folder, or "
                    "give --force to replace it").format(folder=options.out_dir) + "\n")
        return 2
    earlier = None
    if options.compare_with:
        try:
            earlier = read_report(Path(options.compare_with))
        except ReportError as exc:
            err.write(f"smqt sim: {exc}\n")  # not translated: the program's name
            return 2
    clock = Clock()
    remove_old_pack_cache()  # once a run, here: not in every worker
    try:
        sides, changes, counts, lineup, skipped = plan(options)
    except SimError as exc:
        err.write(f"smqt sim: {exc}\n")  # not translated: the program's name (the message is)
        return 2
    except NotCarried as exc:  # the pack is fine here; the sentence says what to write
        for error in exc.errors:
            err.write(f"{error}\n")
        return 2
    except PackError as exc:
        for error in exc.errors:
            err.write(f"{error}\n")
        err.write(_("smqt sim: the pack has errors (see smqt validate)") + "\n")
        return 1
    precision = precisions(options.precision)
    executor = (cluster_executor(options.cluster, CLUSTER_TIMEOUT) if options.cluster
                else local_executor(options.jobs))
    cluster: ClusterUse | None = None
    try:
        with executor as running:
            if options.tune:
                report, sides, results = play_balance(options, sides[0].source, counts, lineup,
                                                      running, err, cancelled, progress,
                                                      rounds_told)
            else:
                report, results = _play(options, sides, changes, counts, lineup, skipped,
                                        precision, running, err, cancelled, progress)
            if isinstance(running, ClusterExecutor):
                cluster = ClusterUse(running.address, running.most[0], running.most[1])
    except ClusterUnavailable as exc:
        err.write(f"smqt sim: {exc}\n")  # not translated: the program's name (the message is)
        return 2
    except BalanceError as exc:  # a goal the games could not measure
        err.write(f"smqt sim: {exc}\n")  # not translated: the program's name (the message is)
        return 2
    except (SimCancelled, KeyboardInterrupt):  # Ctrl+C, or ``cancelled`` turned true
        err.write("\n" + _("smqt sim: cancelled; nothing written") + "\n")
        return 130
    except (CancelledError, OSError, TimeoutError) as exc:
        if not options.cluster:
            raise
        # the scheduler went away (its tasks cancelled, the connection closed): said, not a
        # traceback; any other error is a fault and keeps its traceback
        problem = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        err.write("\n" + _("smqt sim: the cluster at {address} stopped playing ({problem}); "
                           "nothing written").format(address=options.cluster, problem=problem)
                  + "\n")
        return 1
    packs = {"pack": sides[0].source}
    variants = [s.source for s in sides if s.kind == "variant"]
    if variants:
        packs["variant"] = variants[0]
    report = _with_meta(report, provenance=provenance(options, packs, clock, cluster))
    code = _write(report, sides, results, options, out, err, earlier)
    if code == 0 and report.balance is not None:
        return balance_code(report.balance, err)
    return code


def _with_meta(report: Report, **changes: object) -> Report:
    return attrs.evolve(report, meta=attrs.evolve(report.meta, **changes))


def _status(round_text: str, estimate: str, executor: Executor) -> str:
    """The progress line's words after the count: the round and the widest headline over the
    games so far (until clear), and a cluster's workers now."""
    parts = [round_text, estimate]
    if isinstance(executor, ClusterExecutor):
        parts.append(executor.status())
    return ", ".join(part for part in parts if part)  # not translated: a list's separator


def _round_words(number: int, target: int) -> str:
    """``round 2, to 900 games per side``: a later round of ``--until-clear``."""
    return ngettext("round {round}, to {games} game per side",
                    "round {round}, to {games} games per side", target).format(
        round=number, games=whole(target))


def _play(options: SimOptions, sides: list[Side], changes: list[Change], counts: list[int],
          lineup: list[str], skipped: list[str], precision: dict[str, float],
          executor: Executor, err: TextIO, cancelled: Callable[[], bool] | None,
          progress: Callable[[int, int], None] | None = None
          ) -> tuple[Report, dict[str, list[GameResult]]]:
    """Rounds of games until the answer is clear (one round without ``--until-clear``)."""
    until_clear = options.until_clear or options.precision is not None
    workers = (executor.workers() if isinstance(executor, ClusterExecutor)
               else options.jobs or default_jobs())
    results: dict[str, list[GameResult]] = {s.label: [] for s in sides}
    games, target, rounds = 0, options.games, 0
    watch = HeadlineWatch(sides[0].label, [s.label for s in sides if s.kind in COMPARED
                                           and not _copies(s, sides)], precision)
    rows: list[Row] = []
    while True:
        by_side = [make_batches(side.source, side.label,
                                _specs_of(side, counts, lineup, games, target, options), workers)
                   for side in sides if not _copies(side, sides)]
        # the sides' batches taken in turn: the games of a comparison come in pairs, and the
        # progress line's figure can follow them (each side's games stay in their order)
        batches = [batch for turn in zip_longest(*by_side) for batch in turn if batch]
        total = sum(len(b.games) for b in batches)
        shown = _round_words(rounds + 1, target) if until_clear and rounds else ""
        bar = ProgressBar(total, err, status=lambda shown=shown: _status(
            shown, watch.text() if until_clear else "", executor))

        for result in run_batches(batches, executor, both_told(bar, progress), cancelled,
                                  watch.add):
            results[result.label].append(result)
        for side in sides:  # a sweep at the pack's own value plays base's games
            if _copies(side, sides):
                results[side.label] = [attrs.evolve(r, label=side.label)
                                       for r in results["base"]]
        games, rounds = target, rounds + 1
        meta = Meta(title=_title(sides, changes, options),
                    design=_design(sides, games, counts, lineup, options), bots=tuple(lineup),
                    players=tuple(counts), seed=options.seed, games=games, rounds=rounds,
                    per_change=options.per_change, sweep=options.sweep, until_clear=until_clear,
                    cluster=bool(options.cluster), fdr=FDR, precision=precision,
                    skipped=tuple(skipped))
        report = build_report(meta, sides, results, changes)
        rows = [row for comp in report.comparisons
                for part in comp.players.values() for row in part.rows]
        if not until_clear or not rows or headline_clear(rows, precision) \
                or games >= options.max_games or rounds >= MAX_ROUNDS:
            break
        needed = games_for_clear(rows, precision)
        target = min(options.max_games, max(needed + needed // 10, games + games // 2))
        err.write(ngettext("smqt sim: not clear yet after {games} games per side; going on to "
                           "{target} ({estimate})",
                           "smqt sim: not clear yet after {games} games per side; going on to "
                           "{target} ({estimate})", games).format(
            games=games, target=target, estimate=widest(rows, precision)) + "\n")
    if until_clear:
        report = _with_meta(report, clear=bool(rows) and headline_clear(rows, precision))
    return report, results



def _design(sides: list[Side], games: int, counts: list[int], lineup: list[str],
            options: SimOptions) -> str:
    compared = sum(s.kind in ("variant", "change", "sweep") for s in sides)
    if compared:
        text = ngettext(
            "{games} games per side and player count ({counts} players), bots {bots}, seats "
            "rotating, seed {seed}; every side plays the same games (seeds, seats, bots), so "
            "differences are paired",
            "{games} games per side and player count ({counts} players), bots {bots}, seats "
            "rotating, seed {seed}; every side plays the same games (seeds, seats, bots), so "
            "differences are paired", games)
    else:
        text = ngettext("{games} games per side and player count ({counts} players), bots "
                        "{bots}, seats rotating, seed {seed}",
                        "{games} games per side and player count ({counts} players), bots "
                        "{bots}, seats rotating, seed {seed}", games)
    return text.format(games=games, counts=", ".join(map(str, counts)),
                       bots=", ".join(map(level_words, lineup)), seed=options.seed)


def _write(report: Report, sides: list[Side], results: dict[str, list[GameResult]],
           options: SimOptions, out: TextIO, err: TextIO, earlier: Report | None = None) -> int:
    folder = Path(options.out_dir)
    ordered = [r for s in sides for r in sorted(results[s.label],
                                                key=lambda r: (r.spec.players, r.spec.index))]
    packs = {s.label: (s.source.name, s.source.version) for s in sides}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write_games(folder, sides, ordered)
        atomic_write_text(folder / "games.csv", games_csv(ordered, packs))
        atomic_write_text(folder / "report.json", report_json(report))
        compared, problem = _compared(earlier, report, options)
        headline, section = "", ""
        if compared is not None:  # the comparison with the earlier report, as its own section
            headline = compare_headline(compared)
            section = compare_html(compared)
            atomic_write_text(folder / "compare.json", compare_json(compared))
        page, charts = chart_files(render(report, COLUMNS, headline, section), options.png)
        (folder / "charts").mkdir(exist_ok=True)
        for old in (*(folder / "charts").glob("*.svg"),  # a replaced report's charts go
                    *(folder / "charts").glob("*.png")):
            old.unlink()
        for name, svg in charts.items():
            atomic_write_text(folder / "charts" / name, svg)
        atomic_write_text(folder / "report.html", page)
    except OSError as exc:
        err.write(_("smqt sim: cannot write the report to {folder}: {reason}").format(
            folder=folder, reason=exc.strerror or exc) + "\n")
        return 1
    out.write(summary_text(report))
    if compared is not None:
        out.write(compare_text(compared))
    elif earlier is not None:
        err.write(_("smqt sim: this run is not compared with {report}, and the page has no "
                    "comparison: {problem}").format(report=options.compare_with,
                                                   problem=problem) + "\n")
    out.write(_("wrote {page}, report.json, games.csv, games/ and packs/").format(
        page=folder / "report.html") + "\n")
    return 0


def _compared(earlier: Report | None, report: Report, options: SimOptions
              ) -> tuple[Compared | None, str]:
    """The earlier report and this one compared, when there is one to compare with and they
    can be compared (games.csv of this run is written by now: runs on the same seeds pair);
    else None and why not."""
    if earlier is None or options.compare_with is None:
        return None, ""
    try:
        return compare_reports(earlier, report, options.compare_with, _("this run"),
                               report_file(Path(options.compare_with)).parent,
                               Path(options.out_dir)), ""
    except CompareError as exc:  # nothing in common, or only the same games
        return None, str(exc)


def _write_games(folder: Path, sides: list[Side], results: list[GameResult]) -> None:
    """games/ and packs/ built beside the old ones, then swapped in: a failed run never leaves
    half of them."""
    staging = Path(tempfile.mkdtemp(prefix=".sim-", dir=folder))
    try:
        leaves = {}
        for side in sides:  # one copy of each pack, named after it
            name = pack_leaf(side.source)
            leaf = staging / "packs" / name
            leaves[side.label] = leaves.get(name) or write_pack(side.source, leaf)
            leaves[name] = leaves[side.label]
        for r in results:
            path = staging / record_path(r)
            path.parent.mkdir(parents=True, exist_ok=True)
            pack = Path(os.path.relpath(leaves[r.label], path.parent)).as_posix()
            # not translated: the seats' names in a saved record (a file), like default names
            table = {"seats": [{"name": f"Seat {k + 1} ({b})", "kind": b.partition(":")[0]}
                               for k, b in enumerate(r.spec.bots)],
                     "over": True, "playtest": False, "pack": pack}
            path.write_text(r.record + "\n" + tomli_w.dumps({"table": table}), encoding="utf-8")
        for name in ("games", "packs"):
            old = folder / name
            if old.exists():
                shutil.rmtree(old)
            os.replace(staging / name, old)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
