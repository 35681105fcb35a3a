"""The screenshot matrix of the table: 2 and 4 players, mid-game and the end page, at
1280x720, 1366x768, 1920x1080 and 2560x1440 (1280x720 at device pixel ratio 2).

    python -m tests.ui.screenshots --out shots/

Each size runs in a process of its own (the pixel ratio must be set before Qt starts), on
the offscreen platform unless a DISPLAY is asked for (``--platform xcb``). The PNGs are named
``{players}p-{moment}-{width}x{height}[@2x].png``; look at every one of them.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

SIZES = ((1280, 720, 1), (1366, 768, 1), (1920, 1080, 1), (1280, 720, 2))
PLAYERS = (2, 4)
MOMENTS = ("mid", "end")


def shoot(out: Path, width: int, height: int, ratio: int) -> list[Path]:
    """In this process: make each game, put it on the table at this size, save PNGs."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from smqt.ai.protocol import make_bot
    from smqt.engine.game import Game
    from smqt.pack.load import load_pack
    from smqt.pack.shipped import default_pack
    from smqt.ui.game.controller import Seat
    from smqt.ui.shell.window import TableWindow
    from smqt.ui.table.motion import Motion

    Motion.factor = -1.0
    catalog = load_pack(default_pack())
    written = []
    for players in PLAYERS:
        for moment in MOMENTS:
            game = Game.new(catalog, players, 40 + players)
            bot, rng = make_bot("easy"), random.Random(players)
            steps = 0
            limit = 10**6 if moment == "end" else 22 * players
            while not game.state.is_over and steps < limit:
                game.play(bot.choose(game.state, game.legal_actions(), rng))
                steps += 1
            while moment == "mid" and game.state.phase not in ("acquire", "over"):
                game.play(bot.choose(game.state, game.legal_actions(), rng))
            names = ("Ann", "Bo", "Cy", "Di")[:players]
            window = TableWindow(remember_layout=False)
            window.resize(width, height)
            window.show()
            seats = [Seat(name, "human") for name in names]
            window.start_game(game, seats, default_pack())
            for _ in range(20):
                app.processEvents()
            window.room.balance_views()
            for _ in range(20):
                app.processEvents()
            suffix = "@2x" if ratio == 2 else ""
            path = out / f"{players}p-{moment}-{width * ratio}x{height * ratio}{suffix}.png"
            window.grab().save(str(path))
            written.append(path)
            window.close()
            app.processEvents()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the PNGs")
    parser.add_argument("--platform", default="offscreen", help="Qt platform (offscreen, xcb)")
    parser.add_argument("--size", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.size:  # one size, in this process
        width, height, ratio = (int(v) for v in args.size.split("x"))
        for path in shoot(out, width, height, ratio):
            print(path)
        return 0
    failed = 0
    for width, height, ratio in SIZES:
        env = dict(os.environ, QT_QPA_PLATFORM=args.platform, QT_SCALE_FACTOR=str(ratio),
                   SMQT_HOME=str(out / ".home"))
        result = subprocess.run([sys.executable, "-m", "tests.ui.screenshots", "--out", str(out),
                                 "--size", f"{width}x{height}x{ratio}"], env=env, text=True,
                                capture_output=True)
        sys.stdout.write(result.stdout)
        if result.returncode != 0 or result.stderr.strip():
            failed += 1
            sys.stderr.write(result.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
