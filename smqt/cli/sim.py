"""``smqt sim``: simulate many games with AI players; the work is ``smqt.sim``'s."""

from __future__ import annotations

import argparse
import sys

import attrs

from smqt.cli.arguments import pack_help, scheduler_address, seed
from smqt.language.translate import _


def add(sub: argparse._SubParsersAction) -> None:
    from smqt.engine.rng import SEED_LIMIT
    from smqt.pack.shipped import pack_folder

    sim = sub.add_parser(
        "sim", help=_("simulate many games with AI players: balance, and what a house rule changes"))
    sim.add_argument("--pack", default=None, type=pack_folder,
                     help=pack_help(_("the pack: a folder, or a shipped pack's name ({names}); "
                                      "default: base")))
    sim.add_argument("--variant", default=None, type=pack_folder,
                     help=pack_help(_("a variant pack, played on the same games and compared "
                                      "with --pack: a folder, or a shipped pack's name "
                                      "({names})")))
    sim.add_argument("--per-change", action="store_true",
                     help=_("also play base plus each single change of the variant"))
    sim.add_argument("--sweep", default=None, metavar="TARGET=VALUES",
                     help=_("play one value at a time, e.g. rules.cards_to_end=10:14 or "
                            "card.ID.FIELD=0:3"))
    sim.add_argument("--tune", action="append", default=[], metavar="TARGET=LOW..HIGH",
                     help=_("search the value of a number that meets the --goal, e.g. "
                            "rules.cards_to_end=8..20 or card.ID.scoring[0].points=0..6 (give "
                            "it again to tune a few numbers together)"))
    sim.add_argument("--goal", action="append", default=[], metavar="MEASURE=VALUE",
                     help=_("what the tuned number should make true, e.g. turns=27, "
                            "turns=base (as long as the base game), seat.1.win=50, card.ID.win=0 "
                            "(as strong as the other cards), card.ID.pick=40, action.ID.use=33; "
                            "several weighed with @WEIGHT"))
    sim.add_argument("--within", type=float, default=None, metavar="TOLERANCE",
                     help=_("how close to the goal is close enough, in the goal's units "
                            "(default: 0.5 turns, 1 point, 3 percentage points, 5 for a card's "
                            "owners)"))
    sim.add_argument("--until-clear", action="store_true",
                     help=_("add games until every headline interval reaches its precision"))
    sim.add_argument("--precision", type=float, default=None, metavar="PP",
                     help=_("win-rate precision in percentage points (default 3; implies "
                            "--until-clear; the other measures' precisions scale with it)"))
    sim.add_argument("--max-games", type=int, default=5000,
                     help=_("the most games per side and player count with --until-clear; "
                            "with --tune, the most games per player count over every value"))
    sim.add_argument("--noise", action="store_true",
                     help=_("also play base on other seeds: the noise band of base against itself"))
    sim.add_argument("--ladder", action="store_true",
                     help=_("a skill ladder: random, easy, medium, hard, expert, each against the one "
                            "below at 2 and 4 players"))
    sim.add_argument("--ladder-games", type=int, default=40, help=_("games per ladder pair"))
    sim.add_argument("--players", default="2", help=_("player count(s): 2, 3, 4 or e.g. 2,3,4"))
    sim.add_argument("--bots", default="medium", help=_("bots by seat, e.g. medium,easy"))
    sim.add_argument("--games", type=int, default=None,
                     help=_("games per side and player count (the first round with --until-clear "
                            "or --tune; default 200, with --tune 10)"))
    sim.add_argument("--jobs", type=int, default=None, help=_("processes (default: all cores)"))
    sim.add_argument("--cluster", default=None, metavar="tcp://HOST:PORT", type=scheduler_address,
                     help=_("run the games on a Dask cluster (served by smqt cluster scheduler and "
                            "smqt cluster worker)"))
    sim.add_argument("--seed", type=seed, default=1,
                     help=_("seed of the first game, a whole number from 0 to {limit} (game i "
                            "plays seed + i, from 0 again past {limit})").format(limit=SEED_LIMIT))
    sim.add_argument("--out", default=None,
                     help=_("folder for report.html, report.json, games.csv, games/ and packs/ "
                            "(default: a new folder sim-DATE-N here)"))
    sim.add_argument("--compare-with", default=None, metavar="REPORT",
                     help=_("an earlier report: the new page gets a section comparing the two"))
    sim.add_argument("--png", action="store_true",
                     help=_("also save every chart of the page as a PNG picture (charts/)"))
    sim.add_argument("--force", action="store_true",
                     help=_("replace the report already in the --out folder"))
    sim.add_argument("task", nargs="*", metavar="compare A B | charts REPORT",  # not translated: words typed
                     help=_("compare two reports (folders or report.json files): the same "
                            "measures side by side, and whether they differ beyond noise; or "
                            "draw a report's charts as PNG pictures without playing again "
                            "(into --out, named after the report, or beside its SVGs)"))
    sim.add_argument("--rerun", default=None, metavar="REPORT",
                     help=_("play a report's games again (its report.json or folder), from its "
                            "own copies of the packs, into --out"))


TUNE_GAMES = 10
"""The first round's games of each value of a --tune, unless --games says."""


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from smqt.pack.shipped import default_pack
    from smqt.sim.command import SimOptions, run_sim
    from smqt.sim.plan.provenance import ProvenanceError, default_out, holds_a_report, rerun_options
    from smqt.sim.report.reportfile import ReportError, read_report, report_file

    if args.task and args.task[0] == "charts":  # not translated: the task's name
        return _charts(args)
    if args.task:
        return _compare(args)
    if args.cluster and args.jobs is not None:  # the cluster's workers say how many play
        sys.stderr.write(_("smqt sim: --jobs is for a run on this computer; a run on a cluster "
                           "plays on every worker process that joins it (leave out --jobs)")
                         + "\n")
        return 2
    if args.png:  # checked before the run: the page must not link pictures never made
        try:
            import smqt.cli.chartimages  # noqa: F401
        except ImportError:
            sys.stderr.write(_("smqt sim: --png needs Qt's SVG module, which is not installed; "
                               "leave out --png (the charts are saved as SVG)") + "\n")
            return 2
    out_dir = args.out or str(default_out())
    force = args.force or (holds_a_report(Path(out_dir)) and _replace_asked(out_dir))
    command = ("smqt", *getattr(args, "given", sys.argv[1:]))  # not translated: the name
    if args.rerun:
        try:
            report = read_report(Path(args.rerun))
            options = rerun_options(report.meta.provenance, report_file(Path(args.rerun)),
                                    SimOptions, out_dir, force, args.jobs)
        except (ReportError, ProvenanceError) as exc:
            sys.stderr.write(f"smqt sim: {exc}\n")  # not translated: the program's name
            return 2
        options = attrs.evolve(options, command=command, cluster=args.cluster)
    else:
        options = SimOptions(
            pack=args.pack or str(default_pack()), out_dir=out_dir, variant=args.variant,
            players=args.players, bots=args.bots, jobs=args.jobs,
            games=args.games if args.games is not None else (TUNE_GAMES if args.tune else 200),
            seed=args.seed, per_change=args.per_change, until_clear=args.until_clear,
            precision=args.precision, max_games=args.max_games, sweep=args.sweep,
            noise=args.noise, ladder=args.ladder, ladder_games=args.ladder_games,
            cluster=args.cluster, force=force, command=command, tune=tuple(args.tune),
            goal=tuple(args.goal), within=args.within)
    options = attrs.evolve(options, png=args.png, compare_with=args.compare_with)
    code = run_sim(options, out=sys.stdout, err=sys.stderr)
    if code == 0 and args.png:
        from smqt.cli.chartimages import write_pngs

        made = write_pngs(Path(options.out_dir) / "charts")
        sys.stdout.write(_("wrote {count} charts as PNG in {folder}").format(
            count=len(made), folder=Path(options.out_dir) / "charts") + "\n")
    return code


def _replace_asked(folder: str) -> bool:
    """At a terminal: ask before a report already in ``folder`` is replaced (never without
    one: a run with no one to answer is refused)."""
    if not sys.stdin.isatty():
        return False
    sys.stderr.write(_("{folder} holds a report already. Replace it? [y/N] ").format(
        folder=folder))
    sys.stderr.flush()
    answer = sys.stdin.readline().strip().lower()
    return answer in (_("y"), _("yes"), "y", "yes")


def _charts(args: argparse.Namespace) -> int:
    """``smqt sim charts REPORT [--out FOLDER]``: the report's charts as PNG pictures, drawn
    from the SVGs it holds (no game played): beside them, or in ``--out`` named after the
    report's folder, so that the charts of several reports can share one folder."""
    from pathlib import Path

    from smqt.sim.plan.provenance import slug
    from smqt.sim.report.reportfile import ReportError, read_report, report_file

    if len(args.task) != 2:
        sys.stderr.write(_("smqt sim: write 'charts REPORT' (one report's folder or "
                           "report.json), got: {given}").format(given=" ".join(args.task)) + "\n")
        return 2
    try:
        read_report(Path(args.task[1]))
        folder = report_file(Path(args.task[1])).parent
    except ReportError as exc:
        sys.stderr.write(f"smqt sim: {exc}\n")  # not translated: the program's name
        return 2
    charts = folder / "charts"
    if not any(charts.glob("*.svg")):
        sys.stderr.write(_("smqt sim: {folder} has no charts to draw").format(folder=folder)
                         + "\n")
        return 2
    try:
        from smqt.cli.chartimages import write_pngs
    except ImportError:
        sys.stderr.write(_("smqt sim: PNG pictures need Qt's SVG module, which is not "
                           "installed (the charts are in {folder} as SVG)").format(
            folder=charts) + "\n")
        return 2
    into = Path(args.out) if args.out else None
    if into is not None:
        try:
            into.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            sys.stderr.write(_("smqt sim: the pictures cannot go to {folder} ({reason})").format(
                folder=into, reason=exc.strerror or exc) + "\n")
            return 2
    made = write_pngs(charts, into, f"{slug(folder.resolve().name)}-" if into else "")
    sys.stdout.write(_("wrote {count} charts as PNG in {folder}").format(
        count=len(made), folder=into or charts) + "\n")
    return 0


def _compare(args: argparse.Namespace) -> int:
    """``smqt sim compare A B [--out FOLDER]``: the comparison in the terminal, and with
    ``--out`` as compare.json and compare.html there."""
    from pathlib import Path

    from smqt.files.atomic import atomic_write_text
    from smqt.sim.report.compare import compare_reports
    from smqt.sim.report.compareview import compare_html, compare_json, compare_text
    from smqt.sim.report.html import STYLE
    from smqt.sim.report.reportfile import ReportError, read_report, report_file

    if len(args.task) != 3 or args.task[0] != "compare":
        sys.stderr.write(_("smqt sim: the only task is 'compare A B' (two reports), got: "
                           "{given}").format(given=" ".join(args.task)) + "\n")
        return 2
    a, b = Path(args.task[1]), Path(args.task[2])
    try:
        compared = compare_reports(read_report(a), read_report(b), str(a), str(b),
                                   report_file(a).parent, report_file(b).parent)
    except ReportError as exc:  # CompareError too
        sys.stderr.write(f"smqt sim: {exc}\n")  # not translated: the program's name
        return 2
    sys.stdout.write(compare_text(compared))
    if args.out:
        folder = Path(args.out)
        if (folder / "compare.json").exists() and not args.force:
            sys.stderr.write(_("smqt sim: {folder} holds a comparison already; give --force to "
                               "replace it").format(folder=folder) + "\n")
            return 2
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(folder / "compare.json", compare_json(compared))
        title = _("Comparison of two simulation reports")
        atomic_write_text(folder / "compare.html", (
            f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>"
            f"{compare_html(compared)}</body></html>\n"))  # not translated: markup
        sys.stdout.write(_("wrote {page} and compare.json").format(
            page=folder / "compare.html") + "\n")
    return 0
