"""report.json: a report written as this smqt writes it, and any report read back, whatever
version of smqt wrote it: each older version is migrated a step at a time to the current
classes (``MIGRATIONS``). A file that is damaged, not a report, or newer than this smqt is
refused with a sentence (``ReportError``), never a traceback."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from smqt.language.translate import _
from smqt.pack.convert import converter, structure_problems
from smqt.sim.report.model import SCHEMA, Report

SHOWN_PROBLEMS = 3
"""The problems of a damaged report named in its sentence."""


class ReportError(ValueError):
    """A file that cannot be read as a report; the message says why."""


def report_json(report: Report) -> str:
    """The text of report.json: sorted keys, one space of indent (diffs stay small)."""
    return json.dumps(converter.unstructure(report), indent=1, sort_keys=True) + "\n"


def report_file(path: Path) -> Path:
    """The report.json of a report's folder (or the file itself)."""
    return path / "report.json" if path.is_dir() else path


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (no ``schema`` key): the parts that its earlier writers left out are given
    as a report without them reads (no names, no noise band or ladder, no notable games, no
    cluster); the shape is otherwise the same."""
    data = {**data, "schema": 2}
    data.setdefault("names", {})
    data.setdefault("noise", None)
    data.setdefault("ladder", [])
    meta = data.get("meta")
    if isinstance(meta, dict):
        meta.setdefault("skipped", [])
        made = meta.get("provenance")
        if isinstance(made, dict):
            made.setdefault("cluster", None)
    sides = data.get("sides")
    for side in sides.values() if isinstance(sides, dict) else ():
        players = side.get("players") if isinstance(side, dict) else None
        for part in players.values() if isinstance(players, dict) else ():
            if isinstance(part, dict):
                part.setdefault("notable", [])
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}
"""Version N's data to version N + 1's, for every version before ``SCHEMA``."""


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` of any known version as the current version's (a copy; raises ReportError for
    a version this smqt does not know)."""
    version = data.get("schema", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ReportError(_("its schema version {version} is not one smqt knows").format(
            version=json.dumps(version)))
    if version > SCHEMA:
        raise ReportError(_("a newer smqt wrote it (schema version {version}; this one reads up "
                            "to {known})").format(version=version, known=SCHEMA))
    data = copy.deepcopy(data)
    for step in range(version, SCHEMA):
        data = MIGRATIONS[step](data)
    return data


def structure_report(data: object) -> Report:
    """A report from the data of report.json of any version; raises ReportError."""
    if not isinstance(data, dict) or not isinstance(data.get("sides"), dict):
        raise ReportError(_("it has no sides of a simulation report"))
    try:
        return converter.structure(migrate(data), Report)
    except ReportError:
        raise
    except Exception as exc:  # cattrs groups: a damaged or hand-edited report
        problems = [f"{path}: {problem}" if path else problem  # not translated: a key's path
                    for path, problem in structure_problems(exc)] or [str(exc)]
        raise ReportError("; ".join(problems[:SHOWN_PROBLEMS])) from None


def read_report(path: Path) -> Report:
    """The report in ``path`` (report.json, or the folder holding it), of any version;
    raises ReportError with a sentence naming the file."""
    file = report_file(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        return structure_report(data)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ReportError(_("{file} cannot be read as a report: {problem}").format(
            file=file, problem=exc)) from None
