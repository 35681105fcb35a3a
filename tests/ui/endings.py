"""Many game endings in one table window, as people reach them (issue 25 #1): person seats
clicked by a seeded random clicker through the real items, handed to the AI through the Seats
menu at random moments (now and then taken back and handed over again), AI-only games, motion
off, instant and on, pace 0 and slow, and at each end the scorepad, the table, a moment of the
history and a new game started from the end page's New game button and its dialog.

Run as a program (``python -m tests.ui.endings GAMES SEED``) so that a crash is an exit status,
not the end of the test run: ``test_game_endings.py`` runs it under Xvfb where there is one.
It prints one line per game and a last line with the count of Qt warnings; the exit status is
0 only when every game ended and Qt said nothing.
"""

from __future__ import annotations

import faulthandler
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

GAME_LIMIT_S = 300
SHORT_GAME = 4
"""Feature cards that end a short game (most games are short, to end many)."""


class Mouse:
    """What the random clicker needs of pytest-qt's qtbot."""

    def mouseClick(self, widget, button, modifier=Qt.KeyboardModifier.NoModifier,
                   pos=None, delay=-1):  # type: ignore[no-untyped-def]
        if pos is None:
            QTest.mouseClick(widget, button, modifier)
        else:
            QTest.mouseClick(widget, button, modifier, pos)


def short_pack(folder: Path) -> Path:
    from smqt.pack.shipped import default_pack

    pack = folder / "short"
    pack.mkdir()
    (pack / "pack.toml").write_text(
        f'name = "short"\nversion = "1.0.0"\nschema = 1\nextends = "{default_pack().as_posix()}"\n',
        encoding="utf-8")
    (pack / "rules.toml").write_text(f"[rules]\ncards_to_end = {SHORT_GAME}\n", encoding="utf-8")
    return pack


def seats_menu_hand_over(window, level: str) -> bool:  # type: ignore[no-untyped-def]
    """Seats ▸ Let the AI take a person's seat ▸ the level, as the menu does it."""
    window.menus.fill_seats_menu(window.menus.seats_menu)
    for entry in window.menus.seats_menu.actions():
        submenu = entry.menu()
        if submenu is not None:
            for choice in submenu.actions():
                if choice.text().endswith(level):
                    choice.trigger()
                    return True
    return False


def seats_menu_take_back(window) -> bool:  # type: ignore[no-untyped-def]
    window.menus.fill_seats_menu(window.menus.seats_menu)
    for entry in window.menus.seats_menu.actions():
        if entry.text().startswith("Take "):
            entry.trigger()
            return True
    return False


def main(games: int, seed: int) -> int:
    faulthandler.enable(all_threads=True)
    warnings: list[str] = []

    def qt_message(kind: QtMsgType, _context: object, message: str) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            warnings.append(message)
            print(f"Qt {kind.name}: {message}", flush=True)

    qInstallMessageHandler(qt_message)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from smqt.pack.shipped import default_pack
    from smqt.ui.shell.newgame import GameOptions
    from smqt.ui.shell.window import TableWindow
    from smqt.ui.table.motion import Motion
    from tests.ui.randomclicks import RandomClicker

    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="smqt-endings-"))
    os.environ["SMQT_HOME"] = str(work / "home")
    packs = (short_pack(work), default_pack())
    window = TableWindow(remember_layout=False)
    window.resize(*rng.choice(((1366, 740), (1920, 1050))))
    window.show()
    mouse = Mouse()
    ended = 0
    for number in range(games):
        players = rng.choice((2, 2, 3, 4))
        kinds = [rng.choice(("human", "human", "easy", "random", "medium")) for _ in range(players)]
        Motion.factor = rng.choice((-1.0, 0.0, 0.5, 1.0))
        window.menus.set_pace(rng.choice((0, 0, 0, 30)))
        pack = packs[0] if rng.random() < 0.9 else packs[1]
        game_seed = rng.randrange(2**63)
        buttons = [b for b in window.widgets.end_page.findChildren(QPushButton)
                   if b.text().startswith("New game")]
        if number and buttons and rng.random() < 0.4:  # from the end page, through the dialog
            QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
            QTest.qWait(20)
            dialog = window.games.new_game_dialog_shown
            dialog._use_pack(pack)
            QTest.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
            QTest.qWait(20)
        else:
            window.new_game(GameOptions(tuple((f"P{i + 1}", k) for i, k in enumerate(kinds)),
                                        game_seed, pack))
        ctrl = window.controller
        clicker = RandomClicker(mouse, window, game_seed)
        hand_over_at = rng.random()  # a share of the game's cards
        toggles = rng.random() < 0.3
        handovers = 0
        started = time.monotonic()
        while not ctrl.state.is_over:
            QTest.qWait(1)
            if time.monotonic() - started > GAME_LIMIT_S:
                print(f"game {number}: not over after {GAME_LIMIT_S} s", flush=True)
                return 1
            if not ctrl.legal():
                continue
            built = len(ctrl.state.players[ctrl.state.current].city) - 2
            goal = ctrl.game.catalog.rules.cards_to_end
            if built >= hand_over_at * goal and rng.random() < 0.3:
                seats_menu_hand_over(window, rng.choice(("easy", "random", "medium")))
                handovers += 1
                if toggles and rng.random() < 0.5:
                    QTest.qWait(rng.choice((0, 5, 40)))
                    seats_menu_take_back(window)
                continue
            try:
                clicker.step()
            except AssertionError:
                QTest.qWait(5)  # nothing to click this instant (a dialog closing): look again
        ended += 1
        QTest.qWait(rng.choice((0, 20, 300)))
        for _ in range(rng.randrange(4)):
            what = rng.choice(("scorepad", "table", "moment", "live"))
            if what == "scorepad":
                window.navigation.show_scorepad()
            elif what == "table":
                window.widgets.end_page.to_table.emit()
            elif what == "moment" and window.controller is not None:
                window.navigation.show_moment(rng.randrange(len(window.controller.game.actions) + 1))
            else:
                window.navigation.show_live()
            QTest.qWait(rng.choice((0, 30)))
        print(f"game {number + 1} ended: {players} players {kinds}, {handovers} handovers, "
              f"motion {Motion.factor}, {time.monotonic() - started:.1f} s", flush=True)
    window.close()
    app.processEvents()
    print(f"{ended} games ended in one window; {len(warnings)} Qt warnings", flush=True)
    return 0 if ended == games and not warnings else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2])))
