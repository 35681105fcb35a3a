"""Write the application icon (drawn by smqt.render.appicon from the game's symbols) for the
installers: smqt-16.png .. smqt-1024.png, smqt.ico (Windows) and smqt.icns (macOS).

    python packaging/icon.py --out packaging/build/icon
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the icon files")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from smqt.render.appicon import SIZES, icon_image

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - fonts need it
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        if not icon_image(size).save(str(out / f"smqt-{size}.png")):
            raise SystemExit(f"could not write {out / f'smqt-{size}.png'}")
    # Qt's writers: one 256 px image in the .ico (Windows scales it), 1024 px in the .icns
    for name, size, kind in (("smqt.ico", 256, "ICO"), ("smqt.icns", 1024, "ICNS")):
        if not icon_image(size).save(str(out / name), kind):
            raise SystemExit(f"could not write {out / name}")
    print(f"wrote {len(SIZES)} PNGs, smqt.ico and smqt.icns to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
