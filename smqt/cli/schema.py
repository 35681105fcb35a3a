"""``smqt schema --out FOLDER``: write the JSON Schemas of the pack files."""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path

from smqt.language.translate import _

PREFIX = "smqt schema: "  # not translated: the command's name


def add(sub: argparse._SubParsersAction) -> None:
    schema = sub.add_parser("schema", help=_("write JSON Schemas of the pack files"))
    schema.add_argument("--out", required=True,
                        help=_("folder for pack.schema.json and entries.schema.json (made when "
                               "missing; the folder it is in must exist)"))


def run(args: argparse.Namespace) -> int:
    from smqt.pack.schema import write_schemas

    folder = Path(args.out)
    refused = out_problem(folder)
    if refused is not None:
        sys.stderr.write(PREFIX + refused + "\n")
        return 2
    try:
        written = write_schemas(folder)
    except OSError as exc:  # a folder that cannot be written, a full disk...
        sys.stderr.write(PREFIX + _("the schemas cannot be written into {folder} ({reason})").format(
            folder=folder, reason=exc.strerror or type(exc).__name__) + "\n")
        return 2
    for path in written:
        sys.stdout.write(_("wrote {path}").format(path=path) + "\n")
    return 0


def out_problem(folder: Path) -> str | None:
    """Make ``folder`` when it is missing and the folder it is in exists (never a chain of
    missing folders: a mistyped path is said, not built); None when it can take the schemas,
    else why not in a sentence."""
    try:
        folder.mkdir()
    except FileExistsError:
        if folder.is_dir():
            return None
        return _("--out {folder} is a file, not a folder: give a folder for the schemas").format(
            folder=folder)
    except FileNotFoundError:
        return _("--out {folder}: the folder it goes in, {parent}, does not exist: make that "
                 "first (only the last folder of --out is made)").format(
            folder=folder, parent=folder.parent)
    except NotADirectoryError:
        return _("--out {folder}: a part of that path is a file, not a folder").format(
            folder=folder)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return _("--out {folder}: the name is too long for the file system").format(
                folder=folder)
        return _("--out {folder} cannot be made ({reason})").format(
            folder=folder, reason=exc.strerror or type(exc).__name__)
    except ValueError:  # a NUL in the path
        return _("--out {folder}: a folder's name cannot hold a NUL character").format(
            folder=repr(str(folder)))
    return None
