"""Print and play from the command line: ``python -m editor.printcli PACK OUT [options]``
writes the PDF sheets, the PNGs or the Tabletop Simulator decks the editor's dialog writes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

KIND_CHOICES = ("card", "starting_tile", "sand_dollar_tile", "objective_tile", "reference")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m editor.printcli",
                                description="Print-and-play files of a content pack.")
    p.add_argument("pack", help="the pack folder")
    p.add_argument("out", help="the PDF file, or the folder for png and tts")
    p.add_argument("--format", choices=("pdf", "png", "tts"), default="pdf")
    p.add_argument("--paper", choices=("A4", "Letter"), default="A4")
    p.add_argument("--bleed", type=float, default=3.0, help="millimetres (default 3)")
    p.add_argument("--no-backs", action="store_true", help="no back pages or back images")
    p.add_argument("--kinds", nargs="+", choices=KIND_CHOICES, default=list(KIND_CHOICES))
    p.add_argument("--changed-only", action="store_true",
                   help="only what the pack adds or changes relative to the pack it extends")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 (fonts need one)
    from editor.export import SheetOptions, export_print_pngs, export_sheets
    from editor.printables import changed_entries, printables, version_text
    from editor.ttsdeck import export_tts
    from smqt.engine.catalog import load_pack
    from smqt.engine.packload import PackError

    try:
        catalog = load_pack(args.pack)
        only = None
        if args.changed_only:
            parent = _parent(Path(args.pack))
            if parent is None:
                print("printcli: --changed-only: the pack extends no other pack",
                      file=sys.stderr)
                return 2
            only = changed_entries(load_pack(parent), catalog)
        items = printables(catalog, args.kinds, only)
        if args.format == "pdf":
            pages = export_sheets(items, args.out, SheetOptions(
                args.paper, args.bleed, not args.no_backs, version_text(catalog)))
            print(f"{args.out}: {pages} pages")
        elif args.format == "png":
            written = export_print_pngs(items, args.out, args.bleed, not args.no_backs)
            print(f"{args.out}: {len(written)} PNG files")
        else:
            decks = export_tts(items, args.out, version_text(catalog))
            print(f"{args.out}: {len(decks)} decks")
    except (PackError, OSError, ValueError) as exc:
        print(f"printcli: {exc}", file=sys.stderr)
        return 1
    return 0


def _parent(folder: Path) -> Path | None:
    import tomllib

    manifest = tomllib.loads((folder / "pack.toml").read_text(encoding="utf-8"))
    extends = manifest.get("extends")
    return (folder / extends).resolve() if isinstance(extends, str) else None


if __name__ == "__main__":
    sys.exit(main())
