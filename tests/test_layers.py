"""The house's rooms import in one direction (issue 26): ``lint-imports`` checks the contracts of
``pyproject.toml`` (rooms in layers, the table's and the editor's rooms, the engine free of Qt,
TOML and files, no import circles), and a copy of the source with one upward import, one import
of TOML into the engine or one circle breaks them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(folder: Path, *contracts: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(folder))
    chosen = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", *chosen], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)


def test_every_import_contract_is_kept():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("house")
    for room in ("smqt", "editor"):
        shutil.copytree(ROOT / room, copy / room,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("smqt/engine/geometry.py", "from smqt.ui.table import motion", "rooms"),
    ("smqt/pack/convert.py", "from smqt.records import record", "rooms"),
    ("smqt/ui/shell/menus.py", "from editor.shell import diskbar", "rooms"),
    ("smqt/ui/table/motion.py", "from smqt.ui.shell import help", "table"),
    ("editor/model/places.py", "from editor.shell import diskbar", "editor"),
    ("smqt/engine/geometry.py", "import tomllib", "engine"),
    ("smqt/sim/statistics/stats.py", "from PySide6 import QtCore", "qt"),
    ("smqt/sim/run/playgame.py", "from smqt.sim.report import summary", "simulator"),
    ("smqt/engine/entryrules.py", "from smqt.engine import scoring", "circles"),
], ids=["engine imports the table", "pack imports records", "the table imports the editor",
        "table imports the shell", "model imports the shell", "engine reads TOML",
        "the simulator imports Qt", "a game imports its report", "a circle"])
def test_a_wrong_import_breaks_a_contract(source_copy, module, line, contract):
    path = source_copy / module
    kept = path.read_text(encoding="utf-8")
    path.write_text(kept + f"\n{line}  # the wrong import\n", encoding="utf-8")
    try:
        wrong = lint_imports(source_copy, contract)
    finally:
        path.write_text(kept, encoding="utf-8")
    assert wrong.returncode != 0 and "1 broken" in wrong.stdout, wrong.stdout[-3000:]
    assert lint_imports(source_copy, contract).returncode == 0, "kept again without it"
