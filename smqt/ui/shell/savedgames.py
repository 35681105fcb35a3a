"""The table window's games on disk: new games from the dialog, opening and replaying saved
games, resuming autosaves (setting aside what cannot be replayed), saving, and playtests
handed over by the editor."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from smqt.desktop.crashes import Crash, crash_words
from smqt.desktop.front import bring_to_front
from smqt.engine.game import PackMismatch, RecordError, replay
from smqt.engine.rng import seed_problem
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
)
from smqt.ui.shell.filedialogs import ask_open_path, ask_save_path
from smqt.ui.shell.newgame import GameOptions, NewGameDialog


class SavedGames:
    """Mixed into ``TableWindow``: games from and to files."""

    def load(self, path: Path, pack: Path | None = None, *, to_moment: int | None = None,
             autosave: Path | None = None, all_ai: bool = False) -> bool:
        """Open a saved game (or any record); False after telling the person why not."""
        if autosave is not None and open_elsewhere(autosave):
            self._problem(_("This game is open in another table window"),
                          _("{file}\nPlay it there, or close that window first.").format(
                              file=autosave))
            return False
        try:
            saved = load_game(path)
        except (RecordError, OSError) as exc:
            self._problem(_("This saved game cannot be opened"), str(exc))
            return False
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
            self._problem(_("The game's content pack cannot be loaded"),
                          _("{file} is played with the pack {folder}, which cannot be loaded:\n"
                            "{problems}").format(file=path, folder=folder, problems="\n".join(
                                str(e) for e in exc.errors)))
            return False
        except RecordError as exc:
            self._problem(_("This saved game cannot be replayed"),
                          # Translators: keep the command in parentheses as it is
                          _("{problem}\n\nIf it was played with another pack, open it with that "
                            "pack (smqt play --pack FOLDER --load FILE).").format(problem=exc))
            return False
        self.save_path = Path(path) if autosave is None else None
        seats = [Seat(n, k) for n, k in saved.seats]
        if all_ai:
            seats = [Seat(s.name, "medium" if s.kind == "human" else s.kind) for s in seats]
        self.start_game(game, seats, Path(folder), playtest=saved.playtest,
                        autosave=autosave if autosave is not None else new_autosave_path(
                            saved.record.setup.seed))
        if notice:
            self._problem(_("An older version of the pack"), notice)
        if to_moment is not None:
            self.show_moment(to_moment)
        return True

    def handle_request(self, request: dict) -> None:
        """A request handed over by a later ``smqt play``: a playtest, or a saved game to open
        (``smqt game.smqt``, as the desktop starts it for a double-clicked file)."""
        load = request.get("load")
        if isinstance(load, str):
            self.showNormal()
            bring_to_front(self)
            self.load(Path(load))
            return
        pack, seed = request.get("playtest"), request.get("seed", 1)
        opening = request.get("opening", [])
        if not isinstance(pack, str) or not isinstance(seed, int) or isinstance(seed, bool) \
                or seed_problem(seed) is not None or not isinstance(opening, list) \
                or not all(isinstance(card, str) for card in opening):
            self._problem(_("A playtest could not be opened"),
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
        self.showNormal()
        bring_to_front(self)
        chosen = [card for card in opening if card]
        if chosen:
            text = _("Playtest of {pack} with {cards} in the opening display; you start. A game "
                     "you were playing is kept as of its last finished turn: Game ▸ Resume.")
        else:
            text = _("Playtest of {pack}. A game you were playing is kept as of its last "
                     "finished turn: Game ▸ Resume.")
        self.status.setText(text.format(pack=pack, cards=", ".join(chosen)))

    def tell_crash(self, crash: Crash) -> None:
        """The last run ended without closing: say so, where its report is, and offer the
        game it was playing (unless that game is the one resumed now)."""
        ctrl = self.controller
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
        self._problem(_("smqt closed unexpectedly last time"),
                      crash_words(crash, resumed=resumed, offered=offered), choices)

    def new_game_dialog(self) -> None:
        """The new-game dialog, open beside the running game (never a nested event loop)."""
        if self._new_game_dialog is not None and self._new_game_dialog.isVisible():
            bring_to_front(self._new_game_dialog)
            return
        seats = tuple((s.name, s.kind) for s in self.controller.seats) if self.controller else None
        dialog = NewGameDialog(self, self.pack_folder, seats)
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self._new_game_dialog = dialog
        dialog.destroyed.connect(self._forget_new_game_dialog)
        dialog.open()

    def _forget_new_game_dialog(self) -> None:
        self._new_game_dialog = None

    def _dialog_accepted(self, dialog: NewGameDialog) -> None:
        if dialog.options is not None:
            self.new_game(dialog.options)

    def open_dialog(self) -> None:
        path = ask_open_path(self, _("Open a saved game"))
        if path is not None:
            self.load(path)

    def replay_dialog(self) -> None:
        path = ask_open_path(self, _("Replay a saved game"))
        if path is not None:
            self.load(path, to_moment=0)

    def resume_on_start(self) -> bool:
        """At a start with no game asked for: resume the last game played if it is unfinished,
        and say which (True); when the last game was finished, resume none and say where the
        older unfinished ones are (False)."""
        older = len(unfinished_games(playtests=False))
        last = last_game()
        if last is None or last.over or open_elsewhere(last.path):
            if older and last is not None and last.over:
                self.status.setText(ngettext(
                    "Your last game was finished. Game ▸ Resume lists {count} older unfinished "
                    "game.", "Your last game was finished. Game ▸ Resume lists {count} older "
                    "unfinished games.", older).format(count=older))
            return False
        if not self.resume_last() or self.controller is None or self.controller.state.is_over:
            return False
        others = older - 1
        game = self.game_title()
        self.status.setText(ngettext(
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
        that cannot are set aside (moved, not deleted) and the person is told."""
        current = self.controller.autosave if self.controller else None
        set_aside_now: list[str] = []
        for info in unfinished_games(playtests=False):
            if info.path == current:
                continue
            if self.load(info.path, autosave=info.path):
                if set_aside_now:
                    self._problem(_("A saved game could not be resumed"), "\n".join(set_aside_now))
                return True
            reason = self.problem_bar.text.text()
            try:
                moved = _("It was moved to {file}.").format(file=set_aside(info.path))
            except OSError as exc:
                moved = _("It could not be moved out of the list ({problem}).").format(
                    problem=exc.strerror or exc)
            set_aside_now.append(f"{info.title()}: {reason}\n{moved}")
        if set_aside_now:
            self._problem(_("A saved game could not be resumed"), "\n".join(set_aside_now))
        elif current is None:
            self.status.setText(_("There is no unfinished game to resume."))
        return False

    def save(self) -> None:
        if self.save_path is None:
            self.save_as()
        elif self.controller is not None:
            self._save_to(self.save_path)

    def save_as(self) -> None:
        if self.controller is None:
            return
        # Translators: the file name a saved game is offered under (without .smqt)
        path = ask_save_path(self, _("Save the game"), pgettext("file name", "game") + ".smqt")
        if path is not None:
            self.save_path = path
            self._save_to(self.save_path)

    def _save_to(self, path: Path) -> None:
        assert self.controller is not None
        try:
            self.controller.save(path)
        except OSError as exc:
            self._problem(_("The game could not be saved"),
                          _("{file}: {problem}\n\nThe previous file (if any) is unchanged.").format(
                              file=path, problem=exc))
            return
        self.status.setText(_("Saved to {file}").format(file=path))
