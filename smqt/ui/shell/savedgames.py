"""The table window's games on disk: new games from the dialog, opening and replaying saved
games, resuming autosaves (setting aside what cannot be replayed), saving, and playtests
handed over by the editor."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from smqt.desktop.crashes import Crash, crash_words
from smqt.desktop.front import bring_to_front
from smqt.engine.game import Game, PackMismatch, RecordError, replay
from smqt.engine.rng import seed_problem
from smqt.engine.setup import SetupError
from smqt.language.translate import _, ngettext, pgettext
from smqt.pack.load import load_worded
from smqt.pack.problems import PackError
from smqt.pack.shipped import default_pack
from smqt.records.savedgame import load_game
from smqt.ui.game.controller import Seat
from smqt.ui.shell.autosaves import (
    last_game,
    new_autosave_path,
    open_elsewhere,
    saved_game_info,
    set_aside,
    unfinished_games,
    unreadable_games,
)
from smqt.ui.shell.filedialogs import ask_open_path, ask_save_path
from smqt.ui.shell.newgame import GameOptions, NewGameDialog

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession


Start = Callable[..., None]
"""Puts a game on the table: (game, seats, pack folder, *, autosave, playtest)."""
Problem = tuple[str, str]
"""A problem's title and details."""


class SavedGames(QObject):
    """Games from the new-game dialog and from and to files (a part of the table window,
    given the session, the window its dialogs belong to, and how to put a game on the
    table)."""

    def __init__(self, session: TableSession, window: QWidget, start: Start,
                 before_leaving: Callable[[Callable[[], None]], bool] = lambda go: False) -> None:
        super().__init__(window)
        self.session = session
        self.window = window
        self.start = start
        self.before_leaving = before_leaving
        """Asked before a new game is chosen: True when it asks the person first (and goes
        on itself if they agree), as Learn to play does before its lessons are dropped."""
        self.new_game_dialog_shown: NewGameDialog | None = None

    def new_game(self, options: GameOptions, *, autosave: bool = True,
                 playtest: bool = False) -> None:
        try:
            catalog = load_worded(options.pack)
        except PackError as exc:
            self.session.tell_problem(_("This pack cannot be played"),
                                      "\n".join(str(e) for e in exc.errors))
            return
        names = tuple(name for name, _kind in options.seats)
        try:
            game = Game.new(catalog, len(options.seats), options.seed, objective=options.objective,
                            sand_dollar_actions=options.sand_dollar_actions, names=names,
                            opening=options.opening, start_player=options.start_player)
        except SetupError as exc:
            self.session.tell_problem(_("This game cannot be set up"), f"{options.pack}: {exc}")
            return
        self.session.save_path = None
        self.start(game, [Seat(n, k) for n, k in options.seats], options.pack,
                   autosave=new_autosave_path(options.seed) if autosave else None,
                   playtest=playtest)

    def load(self, path: Path, pack: Path | None = None, *, to_moment: int | None = None,
             autosave: Path | None = None, all_ai: bool = False) -> bool:
        """Open a saved game (or any record); False after telling the person why not."""
        problem = self._open(path, pack, to_moment=to_moment, autosave=autosave, all_ai=all_ai)
        if problem is not None:
            self.session.tell_problem(*problem)
        return problem is None

    def _open(self, path: Path, pack: Path | None = None, *, to_moment: int | None = None,
              autosave: Path | None = None, all_ai: bool = False) -> Problem | None:
        if autosave is not None and open_elsewhere(autosave):
            return (_("This game is open in another table window"),
                    _("{file}\nPlay it there, or close that window first.").format(file=autosave))
        try:
            saved = load_game(path)
        except (RecordError, OSError) as exc:
            return _("This saved game cannot be opened"), str(exc)
        folder = pack or saved.pack or default_pack()
        notice = None
        try:
            catalog = load_worded(folder)
            try:
                game = replay(saved.record, catalog)
            except PackMismatch as mismatch:
                if not mismatch.same_pack:
                    raise
                game = replay(saved.record, catalog, check_pack=False)
                notice = _("This game was saved with {pack} pack {saved_version}; it goes on with "
                           "the pack as it is now ({version}). Its rules settings are kept from "
                           "the save; cards or scoring may have changed since.").format(
                    pack=mismatch.played.name, saved_version=mismatch.played.version,
                    version=mismatch.given.version)
        except PackError as exc:
            return (_("The game's content pack cannot be loaded"),
                    _("{file} is played with the pack {folder}, which cannot be loaded:\n"
                      "{problems}").format(file=path, folder=folder, problems="\n".join(
                          str(e) for e in exc.errors)))
        except RecordError as exc:
            return (_("This saved game cannot be replayed"),
                    # Translators: keep the command in parentheses as it is
                    _("{problem}\n\nIf it was played with another pack, open it with that "
                      "pack (smqt play --pack FOLDER --load FILE).").format(problem=exc))
        self.session.save_path = Path(path) if autosave is None else None
        seats = [Seat(n, k) for n, k in saved.seats]
        if all_ai:
            seats = [Seat(s.name, "medium" if s.kind == "human" else s.kind) for s in seats]
        self.start(game, seats, Path(folder), playtest=saved.playtest,
                   autosave=autosave if autosave is not None else new_autosave_path(
                       saved.record.setup.seed))
        if notice:
            self.session.tell_problem(_("An older version of the pack"), notice)
        if to_moment is not None:
            self.session.moment_wanted.emit(to_moment)
        return None

    def handle_request(self, request: dict) -> None:
        """A request handed over by a later ``smqt play``: a playtest, or a saved game to open
        (``smqt game.smqt``, as the desktop starts it for a double-clicked file)."""
        load = request.get("load")
        if isinstance(load, str):
            self.window.showNormal()
            bring_to_front(self.window)
            self.load(Path(load))
            return
        pack, seed = request.get("playtest"), request.get("seed", 1)
        opening = request.get("opening", [])
        if not isinstance(pack, str) or not isinstance(seed, int) or isinstance(seed, bool) \
                or seed_problem(seed) is not None or not isinstance(opening, list) \
                or not all(isinstance(card, str) for card in opening):
            self.session.tell_problem(_("A playtest could not be opened"),
                                      _("The request was not understood: {request}").format(
                                          request=str(request)[:200]))
            return
        self.open_playtest(Path(pack), seed, tuple(opening))

    def open_playtest(self, pack: Path, seed: int, opening: tuple[str, ...] = ()) -> None:
        """A playtest of ``pack`` (from the editor): a person against the medium AI, with
        ``opening`` cards in the opening display (``new_game``); the game on the table
        before it stays in the Resume list."""
        # with cards to try, the person starts: the AI would otherwise take them first
        seats = (("Playtester", "human"), ("AI", "medium"))  # not translated: the seats' names
        self.new_game(GameOptions(seats, seed, pack,
                                  opening=opening, start_player=0 if any(opening) else None),
                      playtest=True)
        self.window.showNormal()
        bring_to_front(self.window)
        chosen = [card for card in opening if card]
        if chosen:
            text = _("Playtest of {pack} with {cards} in the opening display; you start. A game "
                     "you were playing is kept as of its last finished turn: Game ▸ Resume.")
        else:
            text = _("Playtest of {pack}. A game you were playing is kept as of its last "
                     "finished turn: Game ▸ Resume.")
        self.session.say(text.format(pack=pack, cards=", ".join(chosen)))

    def tell_crash(self, crash: Crash) -> None:
        """The last run ended without closing: say so, where its report is, and offer the
        game it was playing (unless that game is the one resumed now)."""
        ctrl = self.session.controller
        game = crash.game
        resumed = ctrl is not None and game is not None and ctrl.autosave == game
        choices: list[tuple[str, Callable[[], object]]] = []
        info = saved_game_info(game) if game is not None and not resumed else None
        if game is not None and info is not None:
            label = _("Open that game (it had ended)") if info.over else _("Resume that game")
            choices.append((label, lambda: self.load(game, autosave=game)))
        report = crash.report
        choices.append((_("Show the report"),
                        lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(report.parent)))))
        offered = info is not None and not info.over
        self.session.tell_problem(_("smqt closed unexpectedly last time"),
                                  crash_words(crash, resumed=resumed, offered=offered), choices)

    def new_game_dialog(self) -> None:
        """The new-game dialog, open beside the running game (never a nested event loop);
        the lessons of the guided game are not dropped without asking."""
        if self.before_leaving(self._open_new_game_dialog):
            return
        self._open_new_game_dialog()

    def _open_new_game_dialog(self) -> None:
        shown = self.new_game_dialog_shown
        if shown is not None and shown.isVisible():
            bring_to_front(shown)
            return
        ctrl = self.session.controller
        seats = tuple((s.name, s.kind) for s in ctrl.seats) if ctrl else None
        dialog = NewGameDialog(self.window, self.session.pack_folder, seats)
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.new_game_dialog_shown = dialog
        dialog.destroyed.connect(self._forget_new_game_dialog)
        dialog.open()

    def _forget_new_game_dialog(self) -> None:
        self.new_game_dialog_shown = None

    def _dialog_accepted(self, dialog: NewGameDialog) -> None:
        if dialog.options is not None:
            self.new_game(dialog.options)

    def open_dialog(self) -> None:
        path = ask_open_path(self.window, _("Open a saved game"))
        if path is not None:
            self.load(path)

    def replay_dialog(self) -> None:
        path = ask_open_path(self.window, _("Replay a saved game"))
        if path is not None:
            self.load(path, to_moment=0)

    def resume_on_start(self) -> bool:
        """At a start with no game asked for: resume the last game played if it is unfinished,
        and say which (True); when the last game was finished, resume none and say where the
        older unfinished ones are (False). Autosaves that cannot be read are set aside first,
        and said."""
        set_aside_now = self._set_aside_unreadable()
        older = len(unfinished_games(playtests=False))
        last = last_game()
        if last is None or last.over or open_elsewhere(last.path):
            if set_aside_now:
                self._tell_set_aside(set_aside_now)
            if older and last is not None and last.over:
                self.session.say(ngettext(
                    "Your last game was finished. Game ▸ Resume lists {count} older unfinished "
                    "game.", "Your last game was finished. Game ▸ Resume lists {count} older "
                    "unfinished games.", older).format(count=older))
            return False
        ctrl = self.session.controller if self._resume_last(set_aside_now) else None
        if ctrl is None or ctrl.state.is_over:
            return False
        others = older - 1
        game = self.session.game_title()
        self.session.say(ngettext(
            "Welcome back: your last game is resumed ({game}). Game ▸ New game starts another; "
            "Game ▸ Resume lists {count} other unfinished game.",
            "Welcome back: your last game is resumed ({game}). Game ▸ New game starts another; "
            "Game ▸ Resume lists {count} other unfinished games.", others).format(
            game=game, count=others) if others > 0 else
            _("Welcome back: your last game is resumed ({game}). Game ▸ New game starts "
              "another.").format(game=game))
        return True

    def resume_last(self) -> bool:
        """Resume the newest unfinished game (playtests aside) that can be replayed; games
        that cannot be read or replayed are set aside (moved, not deleted) and the person is
        told, once, of all of them together."""
        return self._resume_last(self._set_aside_unreadable())

    def _resume_last(self, set_aside_now: list[str]) -> bool:
        ctrl = self.session.controller
        current = ctrl.autosave if ctrl else None
        for info in unfinished_games(playtests=False):
            if info.path == current:
                continue
            problem = self._open(info.path, autosave=info.path)
            if problem is None:
                if set_aside_now:
                    self._tell_set_aside(set_aside_now)
                return True
            # said with the others set aside, not also on its own
            set_aside_now.append(f"{info.title()}: {problem[1]}\n{_set_aside_words(info.path)}")
        if set_aside_now:
            self._tell_set_aside(set_aside_now)
        elif current is None:
            self.session.say(_("There is no unfinished game to resume."))
        return False

    def _set_aside_unreadable(self) -> list[str]:
        """Set aside the autosaves that cannot be read at all; what is to be said of each."""
        return [f"{reason}\n{_set_aside_words(path)}" for path, reason in unreadable_games()]

    def _tell_set_aside(self, set_aside_now: list[str]) -> None:
        self.session.tell_problem(ngettext("{count} saved game could not be resumed",
                                           "{count} saved games could not be resumed",
                                           len(set_aside_now)).format(count=len(set_aside_now)),
                                  "\n".join(set_aside_now))

    def save(self) -> None:
        session = self.session
        if session.save_path is None:
            self.save_as()
        elif session.controller is not None:
            self._save_to(session.save_path)

    def save_as(self) -> None:
        if self.session.controller is None:
            return
        # Translators: the file name a saved game is offered under (without .smqt)
        path = ask_save_path(self.window, _("Save the game"),
                             pgettext("file name", "game") + ".smqt")
        if path is not None:
            self.session.save_path = path
            self._save_to(path)

    def _save_to(self, path: Path) -> None:
        assert self.session.controller is not None
        try:
            self.session.controller.save(path)
        except OSError as exc:
            self.session.tell_problem(
                _("The game could not be saved"),
                _("{file}: {problem}\n\nThe previous file (if any) is unchanged.").format(
                    file=path, problem=exc))
            return
        self.session.say(_("Saved to {file}").format(file=path))


def _set_aside_words(path: Path) -> str:
    """Move an autosave that cannot be resumed out of the list; where it went, in words."""
    try:
        return _("It was moved to {file}.").format(file=set_aside(path))
    except OSError as exc:
        return _("It could not be moved out of the list ({problem}).").format(
            problem=exc.strerror or exc)
