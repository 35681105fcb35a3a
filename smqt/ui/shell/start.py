"""``smqt play``: open the table, start or load a game, and (for automated checks) let the AI
take every seat, save a screenshot at the game's end and quit. Qt warnings and uncaught
exceptions are reported on stderr and make the exit status 1."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, TextIO

import attrs

from smqt.records.savedgame import SEAT_KINDS, seat_name

DEFAULT_PLAYERS = "human,ai:medium"


class SeatListError(ValueError):
    pass


def parse_seats(text: str) -> list[tuple[str, str]]:
    """``human,ai:hard`` -> [(name, kind)]; names may follow ``=``: ``Ann=human,ai:easy``."""
    seats = []
    names = ("Ann", "Bo", "Cy", "Di")
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not 2 <= len(parts) <= 4:
        raise SeatListError(f"--players needs 2 to 4 seats, got {len(parts)}: {text!r}")
    for i, part in enumerate(parts):
        name, _, kind = part.rpartition("=")
        kind = kind.lower()
        if kind.startswith("ai:"):
            kind = kind[3:]
        elif kind == "ai":
            kind = "medium"
        elif kind in ("person", "human"):
            kind = "human"
        if kind not in SEAT_KINDS:
            raise SeatListError(f"seat {i + 1}: unknown kind {part!r} (use human or ai:LEVEL with "
                                f"LEVEL one of random, easy, medium, hard)")
        default = names[i] if kind == "human" else f"{names[i]} (AI {kind})"
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


def check_opening_option(options: PlayOptions) -> str | None:
    """Why ``--opening`` cannot start the game, in one line, or None (no Qt needed)."""
    if not options.opening:
        return None
    if options.load:
        return "--opening sets up a new game; it cannot be used with --load"
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


NO_GAME = ("there is no game to play and nobody to choose one (no unfinished game to resume; "
           "a new-game dialog opens only on a screen, never with --quit or --autoplay): give "
           "--load FILE, --players SEATS or --seed N")


def _waits_for_a_person(window: Any) -> str:
    """Why the game on the table cannot end without a person, or "" when it can (it is over,
    or every seat is an AI)."""
    ctrl = window.controller
    if ctrl is None or ctrl.state.is_over:
        return ""
    people = [seat.name for seat in ctrl.seats if not seat.is_ai]
    if not people:
        return ""
    return (f"the game waits for a person ({', '.join(people)}) and --quit leaves nobody to "
            f"play: add --autoplay to let the AI take every seat")


def run_play(options: PlayOptions, err: TextIO | None = None) -> int:
    err = sys.stderr if err is None else err  # the stream at the call (tests capture it)
    try:
        seats = parse_seats(options.players or DEFAULT_PLAYERS)
    except SeatListError as exc:
        err.write(f"smqt play: {exc}\n")
        return 2
    if options.autoplay:
        seats = [(name, "medium" if kind == "human" else kind) for name, kind in seats]
    refused = check_opening_option(options)
    if refused:  # before any window: one line and exit status 2, as for a bad seat list
        err.write(f"smqt play: {refused}\n")
        return 2

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from smqt.desktop.crashes import CrashGuard, previous_crashes
    from smqt.desktop.front import headless
    from smqt.desktop.stopsignals import StopSignals
    from smqt.desktop.watch import ProblemWatch
    from smqt.pack.shipped import default_pack
    from smqt.ui.shell.autosaves import unfinished_games
    from smqt.ui.shell.handover import HandoverServer, hand_over
    from smqt.ui.shell.newgame import GameOptions
    from smqt.ui.shell.window import TableWindow
    from smqt.ui.table.motion import COUNT_MS, MOVE_MS, Motion

    watch = ProblemWatch(err).install()
    problems = watch.problems
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("smqt")
    app.setApplicationDisplayName("Santa Monica")
    from smqt.render.appicon import app_icon

    app.setWindowIcon(app_icon())
    automated = options.autoplay or options.screenshot is not None or options.quit
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
    try:
        window = TableWindow(remember_layout=not automated, unattended=automated)
        watch.on_exception = window.unexpected

        def stop(name: str) -> None:
            err.write(f"smqt play: {name}: the table closes (the game is kept as of its last "
                      f"finished turn)\n")
            guard.note(f"stopped by {name}")
            window.close()

        stopper = StopSignals(stop, window)
        window.game_started.connect(
            lambda: guard.playing(window.controller.autosave if window.controller else None))
        if automated:  # nobody reads the window: every problem is said here and fails the run
            def reported(title: str, text: str) -> None:
                err.write(f"smqt play: {title}: {text}\n")
                problems.append(f"{title}: {text}")

            window.problem_reported.connect(reported)
        if not automated:
            server = HandoverServer(window)
            server.requested.connect(window.handle_request)
        pace = 0 if options.quit else options.pace
        if pace is not None:
            window.set_pace(pace)

        def at_end() -> None:
            if options.screenshot:
                window.repaint()
                image = window.grab()
                if not image.save(options.screenshot):
                    problems.append(f"cannot write the screenshot {options.screenshot}")
                    err.write(f"smqt play: cannot write the screenshot {options.screenshot}\n")
            if options.quit:
                window.close()

        # macOS hands a double-clicked saved game over as an event
        opener = install_file_opener(window, app)
        window.show()
        pack = Path(options.pack) if options.pack else None
        started = False
        # a new game was asked for (else the last game is resumed, or the dialog asks for one)
        asked = bool(options.players or options.seed is not None or options.autoplay
                     or options.pack or options.opening)
        if options.load:
            started = window.load(Path(options.load), pack, all_ai=options.autoplay)
        elif options.playtest and pack is not None:
            window.open_playtest(pack, seed, options.opening)
            started = window.controller is not None
        elif asked:
            game_options = GameOptions(tuple(seats), seed, pack or default_pack(),
                                       opening=options.opening)
            window.new_game(game_options, autosave=not options.autoplay)
            started = window.controller is not None
        elif unfinished_games(playtests=False) and window.resume_last() \
                and window.controller is not None and not window.controller.state.is_over:
            window.status.setText("Welcome back: your last game is resumed (Game ▸ New game for "
                                  "another, Game ▸ Resume for the others).")
            started = True
        if crashes:
            window.tell_crash(crashes[-1])
        if (automated or headless()) and not started:
            # nobody can choose a game or read why the given one did not start: say it here
            if not (asked or options.load or options.playtest):
                err.write(f"smqt play: {NO_GAME}\n")
            else:
                err.write("smqt play: the game could not be started"
                          + (f": {window.problem_bar.text.text()}" if not automated else "")
                          + "\n")
            window.close()
            return 1
        if not started and not (asked or options.load or options.playtest):
            QTimer.singleShot(0, window.new_game_dialog)
        waiting = _waits_for_a_person(window)
        if options.quit and waiting:
            err.write(f"smqt play: {waiting}\n")
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
        if stopper is not None:
            stopper.remove()
        if server is not None:
            server.close()
        watch.remove()
        if opener is not None:
            app.removeEventFilter(opener)
        guard.finish()
    if problems:
        err.write(f"smqt play: {len(problems)} problem{'' if len(problems) == 1 else 's'} during play\n")
        return 1
    if stopper is not None and stopper.received and automated:
        return 1  # the game a --quit run was to play to its end did not end
    return 0
