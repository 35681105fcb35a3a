"""``smqt play``: open the table, start or load a game, and (for automated checks) let the AI
take every seat, save a screenshot at the game's end and quit. Qt warnings and uncaught
exceptions are reported on stderr and make the exit status 1."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, TextIO

import attrs

from smqt.ai.protocol import level_words
from smqt.language.translate import N_, _, ngettext
from smqt.records.savedgame import SEAT_KINDS, seat_name

DEFAULT_PLAYERS = "human,ai:medium"
PREFIX = "smqt play: "  # not translated: the command's name


class SeatListError(ValueError):
    pass


def parse_seats(text: str) -> list[tuple[str, str]]:
    """``human,ai:hard`` -> [(name, kind)]; names may follow ``=``: ``Ann=human,ai:easy``."""
    seats = []
    names = ("Ann", "Bo", "Cy", "Di")  # not translated: proper names
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not 2 <= len(parts) <= 4:
        raise SeatListError(_("--players needs 2 to 4 seats, got {count}: {given}").format(
            count=len(parts), given=repr(text)))
    for i, part in enumerate(parts):
        name, _equals, kind = part.rpartition("=")
        kind = kind.lower()
        if kind.startswith("ai:"):
            kind = kind[3:]
        elif kind == "ai":
            kind = "medium"
        elif kind in ("person", "human"):
            kind = "human"
        if kind not in SEAT_KINDS:
            raise SeatListError(_("seat {number}: unknown kind {given} (use human or ai:LEVEL with "
                                  "LEVEL one of random, easy, medium, hard, expert)").format(
                number=i + 1, given=repr(part)))
        default = names[i] if kind == "human" else \
            _("{name} (AI {level})").format(name=names[i], level=level_words(kind))
        seats.append((seat_name(name, i) if name.strip() else default, kind))
    return seats


@attrs.define
class PlayOptions:
    players: str | None = None
    seed: int | None = None
    pack: str | None = None
    load: str | None = None
    autoplay: bool = False
    screenshot: str | None = None
    quit: bool = False
    pace: int | None = None
    playtest: bool = False
    opening: tuple[str, ...] = ()
    """Cards for the opening display of a new game (``new_game``): a playtest setup."""
    language: str | None = None
    """``--lang``: the language of this run (else the remembered choice, else the system's)."""


def check_opening_option(options: PlayOptions) -> str | None:
    """Why ``--opening`` cannot start the game, in one line, or None (no Qt needed)."""
    if not options.opening:
        return None
    if options.load:
        return _("--opening sets up a new game; it cannot be used with --load")
    from smqt.engine.setup import SetupError, check_opening
    from smqt.pack.load import load_pack
    from smqt.pack.problems import PackError
    from smqt.pack.shipped import default_pack

    try:
        catalog = load_pack(Path(options.pack) if options.pack else default_pack())
    except (PackError, OSError):
        return None  # the table says what is wrong with the pack
    try:
        check_opening(catalog, options.opening)
    except SetupError as exc:
        return f"--opening: {exc}"
    return None


def install_file_opener(window: Any, app: Any) -> Any:
    """An event filter on the application that opens a file the OS asks it to open (macOS sends
    a FileOpen event rather than a command-line argument)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QFileOpenEvent

    class _Opener(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
                window.load(Path(event.file()))
                return True
            return False

    opener = _Opener(window)
    app.installEventFilter(opener)
    return opener


NO_GAME = N_("there is no game to play and nobody to choose one (no unfinished game to resume; "
              "a new-game dialog opens only on a screen, never with --quit or --autoplay): "
              "give --load FILE, --players SEATS or --seed N")


def _waits_for_a_person(window: Any) -> str:
    """Why the game on the table cannot end without a person, or "" when it can (it is over,
    or every seat is an AI)."""
    ctrl = window.controller
    if ctrl is None or ctrl.state.is_over:
        return ""
    people = [seat.name for seat in ctrl.seats if not seat.is_ai]
    if not people:
        return ""
    return _("the game waits for a person ({people}) and --quit leaves nobody to play: add "
             "--autoplay to let the AI take every seat").format(people=", ".join(people))


def tell_storage(err: TextIO, told: set[str]) -> None:
    """What is wrong with the data folder (and where its stand-in is), on the error stream,
    each problem once: a run without a window has no other place to say it. The run goes
    on with the stand-in: this is no failure of the run."""
    from smqt.desktop.datafolder import storage_problems

    for text in storage_problems():
        if text not in told:
            told.add(text)
            err.write(PREFIX + text + "\n")


def run_play(options: PlayOptions, err: TextIO | None = None) -> int:
    err = sys.stderr if err is None else err  # the stream at the call (tests capture it)
    try:
        seats = parse_seats(options.players or DEFAULT_PLAYERS)
    except SeatListError as exc:
        err.write(f"smqt play: {exc}\n")  # not translated: the command's name
        return 2
    if options.autoplay:
        seats = [(name, "medium" if kind == "human" else kind) for name, kind in seats]
    refused = check_opening_option(options)
    if refused is None and options.screenshot is not None:
        from smqt.ui.shell.screenshot import screenshot_problem

        refused = screenshot_problem(options.screenshot)
    if refused:  # before any window: one line and exit status 2, as for a bad seat list
        err.write(f"smqt play: {refused}\n")  # not translated: the command's name
        return 2

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from smqt.ai.thinker import stop_shared as stop_thinking
    from smqt.desktop.crashes import CrashGuard, previous_crashes
    from smqt.desktop.front import headless
    from smqt.desktop.language import start_language
    from smqt.desktop.stopsignals import StopSignals
    from smqt.desktop.watch import ProblemWatch
    from smqt.pack.shipped import default_pack
    from smqt.ui.shell.handover import HandoverServer, hand_over
    from smqt.ui.shell.newgame import GameOptions
    from smqt.ui.shell.window import TableWindow
    from smqt.ui.table.facecache import exact_faces
    from smqt.ui.table.motion import COUNT_MS, MOVE_MS, Motion

    watch = ProblemWatch(err).install()
    problems = watch.problems
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("smqt")
    app.setApplicationDisplayName("Santa Monica")  # not translated: the game's name
    from smqt.render.appicon import app_icon

    app.setWindowIcon(app_icon())
    automated = options.autoplay or options.screenshot is not None or options.quit
    unwatched = automated or headless()
    told: set[str] = set()
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1, 10**6)
    if options.playtest and not automated and options.pack:
        pack_folder = str(Path(options.pack).resolve())
        if hand_over({"playtest": pack_folder, "seed": seed, "opening": list(options.opening)}):
            watch.remove()
            return 0  # an open table plays it
    if options.load and not automated and hand_over({"load": str(Path(options.load).resolve())}):
        watch.remove()
        return 0  # a saved game double-clicked while a table is open: that table opens it
    crashes = [] if automated else previous_crashes("table")  # an automated run tells none
    guard = CrashGuard("table").start()
    watch.note = guard.note
    server = opener = window = stopper = None
    pace = 0 if options.quit else options.pace
    try:
        def stop(name: str) -> None:
            err.write(PREFIX + _("{signal}: the table closes (the game is kept as of its "
                                        "last finished turn)").format(signal=name) + "\n")
            guard.note(f"stopped by {name}")  # not translated: a note in the crash report
            window.close()

        def reported(title: str, text: str) -> None:
            err.write(f"smqt play: {title}: {text}\n")  # not translated: the command's name
            problems.append(f"{title}: {text}")

        def wire(table: TableWindow) -> None:
            """Make ``table`` the run's window: stop requests, hand-overs, problems and the
            crash report follow it."""
            nonlocal window, server, stopper, opener
            window = table
            watch.on_exception = table.unexpected
            if stopper is not None:
                stopper.remove()
            stopper = StopSignals(stop, table)
            table.game_started.connect(
                lambda: guard.playing(table.controller.autosave if table.controller else None))
            if automated:  # nobody reads the window: every problem is said here, fails the run
                table.problem_reported.connect(reported)
            else:
                if server is not None:
                    server.close()
                server = HandoverServer(table)
                server.requested.connect(table.games.handle_request)
            if pace is not None:
                table.menus.set_pace(pace)
            if opener is not None:
                app.removeEventFilter(opener)
            # macOS hands a double-clicked saved game over as an event
            opener = install_file_opener(table, app)
            table.on_language = relaunch

        def relaunch(code: str | None) -> None:
            """View ▸ Language: the window is made again in the new language, and the game on
            the table goes on in it (from its autosave, as Resume would open it)."""
            old = window
            ctrl = old.controller
            autosave = ctrl.autosave if ctrl is not None else None
            if ctrl is not None and autosave is not None and not ctrl.state.is_over:
                # the steps of the turn in progress too: the new window goes on from them
                try:
                    ctrl.save(autosave)
                except OSError as exc:  # switching now would lose them: the language waits
                    old.unexpected(exc)
                    return
            app.setQuitOnLastWindowClosed(False)
            old.close()  # keeps the layout, releases the game
            start_language(code)
            table = TableWindow(remember_layout=not automated, unattended=automated)
            wire(table)
            table.show()
            if autosave is not None and autosave.exists():
                table.load(autosave, autosave=autosave)
            old.deleteLater()
            app.setQuitOnLastWindowClosed(True)

        start_language(options.language)
        wire(TableWindow(remember_layout=not automated, unattended=automated))
        if unwatched:  # the window's bar is read by nobody: its data-folder notice goes here
            tell_storage(err, told)

        def at_end() -> None:
            if options.screenshot:
                with exact_faces():  # a picture: no face drawn from another size for now
                    window.repaint()
                    image = window.grab()
                if not image.save(options.screenshot):
                    failed = _("cannot write the screenshot {file}").format(
                        file=options.screenshot)
                    problems.append(failed)
                    err.write(f"smqt play: {failed}\n")  # not translated: the command's name
            if options.quit:
                window.close()

        window.show()
        pack = Path(options.pack) if options.pack else None
        started = False
        # a new game was asked for (else the last game is resumed, or the dialog asks for one)
        asked = bool(options.players or options.seed is not None or options.autoplay
                     or options.pack or options.opening)
        if options.load:
            started = window.load(Path(options.load), pack, all_ai=options.autoplay)
        elif options.playtest and pack is not None:
            window.games.open_playtest(pack, seed, options.opening)
            started = window.controller is not None
        elif asked:
            game_options = GameOptions(tuple(seats), seed, pack or default_pack(),
                                       opening=options.opening)
            window.new_game(game_options, autosave=not options.autoplay)
            started = window.controller is not None
        elif window.games.resume_on_start():
            started = True
        if crashes:
            window.games.tell_crash(crashes[-1])
        if unwatched and not started:
            # nobody can choose a game or read why the given one did not start: say it here
            if not (asked or options.load or options.playtest):
                err.write(f"smqt play: {_(NO_GAME)}\n")  # not translated: the command's name
            else:
                why = window.widgets.problem_bar.text.text()
                err.write(PREFIX + (
                    _("the game could not be started: {why}").format(why=why) if not automated
                    else _("the game could not be started")) + "\n")
            window.close()
            return 1
        if not started and not (asked or options.load or options.playtest):
            # the first start offers Learn to play; otherwise (or declined) a game is chosen
            QTimer.singleShot(0, lambda: window.tutorial.offer_lesson() or window.games.new_game_dialog())
        waiting = _waits_for_a_person(window)
        if options.quit and waiting:
            err.write(f"smqt play: {waiting}\n")  # not translated: the command's name
            window.close()
            return 1
        if window.controller is not None:
            # the end as a person sees it: after the scores have counted up to their totals
            settled = 200 + Motion.duration(max(COUNT_MS, MOVE_MS))
            if window.controller.state.is_over:
                QTimer.singleShot(settled, at_end)
            else:
                window.controller.finished.connect(lambda: QTimer.singleShot(settled, at_end))
        app.exec()
    finally:
        stop_thinking()  # the AI's process ends with the table, even in mid-thought
        if stopper is not None:
            stopper.remove()
        if server is not None:
            server.close()
        watch.remove()
        if opener is not None:
            app.removeEventFilter(opener)
        guard.finish()
        if unwatched:  # a part of the data folder first found unusable during the game
            tell_storage(err, told)
    if problems:
        err.write(PREFIX + ngettext("{n} problem during play", "{n} problems during play",
                                           len(problems)).format(n=len(problems)) + "\n")
        return 1
    if stopper is not None and stopper.received and automated:
        return 1  # the game a --quit run was to play to its end did not end
    return 0
