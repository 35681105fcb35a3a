"""Print and play without a window: ``smqt-editor PACK --print OUT [options]`` writes the PDF
sheets, the PNGs or the Tabletop Simulator decks that File ▸ Print and play writes."""

from __future__ import annotations

import argparse
import os
import tomllib
from pathlib import Path
from typing import TextIO

from smqt.language.translate import _, ngettext
from smqt.pack.extends import parent_folder

KIND_CHOICES = ("card", "starting_tile", "sand_dollar_tile", "objective_tile", "reference")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        _("print and play (no window)"),
        _("--print OUT writes the pack's components and exits: a PDF file, or a folder of PNGs "
          "or of Tabletop Simulator decks"))
    group.add_argument("--print", dest="print_out", metavar="OUT", default=None,
                       help=_("the PDF file, or the folder for --format png and tts"))
    group.add_argument("--format", choices=("pdf", "png", "tts"), default="pdf")
    group.add_argument("--paper", choices=("A4", "Letter"), default="A4")  # not translated: paper names
    group.add_argument("--bleed", type=_bleed, default=3.0, metavar="MM",
                       help=_("how far the art runs past the cut line (0-10 mm, default 3)"))
    group.add_argument("--no-backs", action="store_true", help=_("no back pages or back images"))
    group.add_argument("--kinds", nargs="+", choices=KIND_CHOICES, default=list(KIND_CHOICES))
    group.add_argument("--changed-only", action="store_true",
                       help=_("only what the pack adds or changes relative to the pack it extends"))


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of millimetres: {text}").format(text=repr(text))) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(_("must be from 0 to 10 mm, not {text}").format(text=text))
    return value


def run(args: argparse.Namespace, folder: str, out: TextIO, err: TextIO) -> int:
    """Export ``folder`` as ``args`` say; 0 when written, 1 when it failed, 2 when asked for
    something the pack cannot give."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 (fonts need one)
    from editor.export.printables import changed_entries, printables, version_text
    from editor.export.sheets import SheetOptions, export_print_pngs, export_sheets
    from editor.export.ttsdeck import export_tts
    from smqt.pack.load import load_pack
    from smqt.pack.problems import PackError

    target = args.print_out
    try:
        catalog = load_pack(folder)
        only = None
        if args.changed_only:
            parent = _parent(Path(folder))
            if parent is None:
                err.write(_("smqt-editor: --changed-only: the pack extends no other pack") + "\n")
                return 2
            only = changed_entries(load_pack(parent), catalog)
        items = printables(catalog, args.kinds, only)
        if not items:
            err.write(_("smqt-editor: --print: nothing to print with these choices") + "\n")
            return 2
        if args.format == "pdf":
            pages = export_sheets(items, target, SheetOptions(
                args.paper, args.bleed, not args.no_backs, version_text(catalog)))
            # Translators: English says "pages" for every count
            out.write(ngettext("{target}: {pages} pages", "{target}: {pages} pages", pages).format(
                target=target, pages=pages) + "\n")
        elif args.format == "png":
            written = export_print_pngs(items, target, args.bleed, not args.no_backs)
            out.write(ngettext("{target}: {count} PNG files", "{target}: {count} PNG files",
                               len(written)).format(target=target, count=len(written)) + "\n")
        else:
            decks = export_tts(items, target, version_text(catalog))
            out.write(ngettext("{target}: {count} Tabletop Simulator decks; see TTS-IMPORT.txt",
                               "{target}: {count} Tabletop Simulator decks; see TTS-IMPORT.txt",
                               len(decks)).format(target=target, count=len(decks)) + "\n")
    except PackError as exc:
        err.write(f"smqt-editor: {exc}\n")
        return 2
    except (OSError, ValueError) as exc:
        err.write(f"smqt-editor: {exc}\n")
        return 1
    return 0


def _parent(folder: Path) -> Path | None:
    """The folder of the pack ``folder`` extends (its manifest was read by the loader)."""
    try:
        manifest = tomllib.loads((folder / "pack.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    extends = manifest.get("extends")
    return parent_folder(folder, extends) if isinstance(extends, str) else None
