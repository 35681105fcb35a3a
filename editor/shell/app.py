"""``smqt-editor [PACK]``: open the content editor on a pack folder (the base pack by default).

``--print OUT`` writes print-and-play files (``editor/export/printcli.py``) and exits;
``--screenshot PNG --quit`` renders the main window with the first card selected and exits,
for automated checks and documentation; ``--normalise`` rewrites every file of the pack in
the editor's canonical layout (so that later saves diff cleanly) and exits. Qt warnings and
uncaught exceptions are reported on stderr and make the exit status 1."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from editor.export.printcli import add_arguments
from smqt import __version__


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="smqt-editor",
        description="Create and change feature cards, starting tiles, sand dollar actions, "
                    "objective tiles and rules parameters of a content pack.")
    parser.add_argument("pack", nargs="?", default=None,
                        help="the pack folder (default: the base pack)")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="save the main window, with the first card selected, to PNG")
    parser.add_argument("--quit", action="store_true", help="exit after opening (and the "
                        "screenshot)")
    parser.add_argument("--normalise", action="store_true",
                        help="rewrite every file of the pack in the editor's layout and exit")
    parser.add_argument("--field-help", metavar="JSON",
                        help="write the help text the forms show for every field, and exit "
                             "(a check of an installed or frozen build)")
    parser.add_argument("--version", action="version", version=f"smqt-editor {__version__}")
    add_arguments(parser)
    return parser


def field_help() -> dict[str, dict[str, str]]:
    """Class -> field -> the help text its form shows."""
    from editor.forms.fields import plain
    from smqt.pack.fieldinfo import class_key, documented_classes, field_docs

    return {class_key(cls): {name: plain(text) for name, text in field_docs(cls).items()}
            for cls in documented_classes()}


def main(argv: Sequence[str] | None = None, err: TextIO | None = None) -> int:
    err = sys.stderr if err is None else err  # the stream of the moment, not of the import
    args = _parser().parse_args(argv)
    if args.field_help:
        from smqt.files.atomic import atomic_write_text

        atomic_write_text(args.field_help, json.dumps(field_help(), indent=1, sort_keys=True))
        return 0
    from editor.model.document import DocumentError, PackDocument
    from smqt.desktop.platformhelp import qt_loads
    from smqt.pack.shipped import default_pack

    if not qt_loads(err):
        return 1

    folder = args.pack or str(default_pack())
    if args.print_out:
        from editor.export.printcli import run

        return run(args, folder, sys.stdout, err)
    try:
        document = PackDocument(folder)
    except DocumentError as exc:
        err.write(f"smqt-editor: {exc}\n")
        for problem in exc.problems:
            err.write(f"{problem}\n")
        return 2
    if args.normalise:
        written = document.save(every_file=True)
        err.write(f"smqt-editor: rewrote {', '.join(written)}\n")
        return 0

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from editor.shell.window import EditorWindow
    from smqt.desktop.crashes import CrashGuard, previous_crashes
    from smqt.desktop.stopsignals import StopSignals
    from smqt.desktop.watch import ProblemWatch

    watch = ProblemWatch(err).install()
    problems = watch.problems
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("smqt-editor")
    app.setApplicationDisplayName("Santa Monica content editor")
    automated = bool(args.screenshot or args.quit)
    crashes = [] if automated else previous_crashes("editor")
    guard = CrashGuard("editor").start()
    watch.note = guard.note
    stopper = None
    try:
        window = EditorWindow()

        def stop(name: str) -> None:
            err.write(f"smqt-editor: {name}: the editor closes (unsaved edits are kept aside "
                      f"and offered at the next start)\n")
            window.stop_now()

        stopper = StopSignals(stop, window)
        if args.screenshot:
            window.resize(1500, 950)  # screenshots have one size whatever the screen
        window.open_pack(folder, offer_recovery=not (args.screenshot or args.quit))
        window.show()
        window.select("card", next((r.id for r in window.entries.rows), ""))
        if crashes:
            window.tell_crash(crashes[-1].report)

        def finish() -> None:
            if args.screenshot:
                window.repaint()
                if not window.grab().save(args.screenshot):
                    problems.append(f"cannot write {args.screenshot}")
                    err.write(f"smqt-editor: cannot write the screenshot {args.screenshot}\n")
            if args.quit:
                window.close()

        if args.screenshot or args.quit:
            QTimer.singleShot(300, finish)
        app.exec()
    finally:
        if stopper is not None:
            stopper.remove()
        watch.remove()
        guard.finish()
    if problems:
        err.write(f"smqt-editor: {len(problems)} problem(s)\n")
        return 1
    return 0
