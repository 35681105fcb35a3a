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
from smqt.language.parsertexts import install as install_parser_texts
from smqt.language.parsertexts import language_argument
from smqt.language.translate import LANGUAGES, _, given_language, ngettext
from smqt.language.translate import use as use_language

PREFIX = "smqt-editor: "  # not translated: the command's name


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="smqt-editor",
        description=_("Create and change feature cards, starting tiles, sand dollar actions, "
                      "objective tiles and rules parameters of a content pack."))
    parser.add_argument("pack", nargs="?", default=None,
                        help=_("the pack folder (default: the base pack)"))
    parser.add_argument("--screenshot", metavar="PNG",
                        help=_("save the main window, with the first card selected, to PNG"))
    parser.add_argument("--quit", action="store_true",
                        help=_("exit after opening (and the screenshot)"))
    parser.add_argument("--normalise", action="store_true",
                        help=_("rewrite every file of the pack in the editor's layout and exit"))
    parser.add_argument("--field-help", metavar="JSON",
                        help=_("write the help text the forms show for every field, and exit "
                               "(a check of an installed or frozen build)"))
    parser.add_argument("--version", action="version", version=f"smqt-editor {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", type=language_argument, default=None,
                        help=_("the language to speak: {choices} (default: as chosen in View ▸ "
                               "Language, else the system's)").format(choices=", ".join(LANGUAGES)))
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
    given = list(sys.argv[1:] if argv is None else argv)
    use_language(given_language(given))  # the help texts are made in it
    install_parser_texts()
    args = _parser().parse_args(given)
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
        err.write(f"{PREFIX}{exc}\n")
        for problem in exc.problems:
            err.write(f"{problem}\n")
        return 2
    if args.normalise:
        written = document.save(every_file=True)
        err.write(PREFIX + _("rewrote {files}").format(files=", ".join(written)) + "\n")
        return 0

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from editor.shell.window import EditorWindow
    from smqt.ai.thinker import stop_shared as stop_thinking
    from smqt.desktop.crashes import CrashGuard, previous_crashes
    from smqt.desktop.language import start_language
    from smqt.desktop.stopsignals import StopSignals
    from smqt.desktop.watch import ProblemWatch

    watch = ProblemWatch(err).install()
    problems = watch.problems
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("smqt-editor")
    app.setApplicationDisplayName(_("Santa Monica content editor"))
    automated = bool(args.screenshot or args.quit)
    crashes = [] if automated else previous_crashes("editor")
    guard = CrashGuard("editor").start()
    watch.note = guard.note
    stopper = None
    window = None
    try:
        def stop(name: str) -> None:
            err.write(PREFIX + _("{signal}: the editor closes (unsaved edits are kept aside "
                                 "and offered at the next start)").format(signal=name) + "\n")
            window.stop_now()

        def wire(made: EditorWindow) -> None:
            nonlocal window, stopper
            window = made
            if stopper is not None:
                stopper.remove()
            stopper = StopSignals(stop, made)
            made.on_language = relaunch

        def relaunch(code: str | None) -> None:
            """View ▸ Language: the window is made again in the new language with the same
            pack and entry; unsaved edits are saved or dropped first, as on closing."""
            old = window
            folder = old.session.doc.folder if old.session.doc is not None else None
            current = old.session.current
            app.setQuitOnLastWindowClosed(False)
            try:
                if not old.close():
                    return  # the author kept the window (Cancel on unsaved changes)
                start_language(code)
                made = EditorWindow()
                wire(made)
                if folder is not None:
                    made.files.open_pack(folder, offer_recovery=False)
                made.show()
                if current is not None:
                    made.showing.select(*current)
                old.deleteLater()
            finally:
                app.setQuitOnLastWindowClosed(True)

        start_language(args.lang)
        wire(EditorWindow())
        if args.screenshot:
            window.resize(1500, 950)  # screenshots have one size whatever the screen
        window.files.open_pack(folder, offer_recovery=not (args.screenshot or args.quit))
        window.show()
        window.showing.select("card", next((r.id for r in window.entries.rows), ""))
        if crashes:
            window.tell_crash(crashes[-1].report)

        def finish() -> None:
            if args.screenshot:
                window.repaint()
                if not window.grab().save(args.screenshot):
                    failed = _("cannot write the screenshot {file}").format(file=args.screenshot)
                    problems.append(failed)
                    err.write(f"{PREFIX}{failed}\n")
            if args.quit:
                window.close()

        if args.screenshot or args.quit:
            QTimer.singleShot(300, finish)
        app.exec()
    finally:
        stop_thinking()  # a playtest's AI process ends with the editor
        if stopper is not None:
            stopper.remove()
        watch.remove()
        guard.finish()
    if problems:
        err.write(PREFIX + ngettext("{n} problem", "{n} problems", len(problems)).format(
            n=len(problems)) + "\n")
        return 1
    return 0
