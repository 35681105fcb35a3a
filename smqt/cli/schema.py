"""``smqt schema --out FOLDER``: write the JSON Schemas of the pack files."""

from __future__ import annotations

import argparse
import sys

from smqt.language.translate import _


def add(sub: argparse._SubParsersAction) -> None:
    schema = sub.add_parser("schema", help=_("write JSON Schemas of the pack files"))
    schema.add_argument("--out", required=True,
                        help=_("folder for pack.schema.json and entries.schema.json"))


def run(args: argparse.Namespace) -> int:
    from smqt.pack.schema import write_schemas

    for path in write_schemas(args.out):
        sys.stdout.write(_("wrote {path}").format(path=path) + "\n")
    return 0
