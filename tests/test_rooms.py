"""Each room says in its docstring what it may import, and says it truly (issue 41): the
rooms named after "May import" are the rooms its modules import, no more and no fewer
("Imports nothing of the project": none); ``smqt.language`` every room may import. The
package docstrings name every room they hold."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support import ROOT

LANGUAGE = "smqt.language"


CONTAINERS = ("smqt", "smqt/ui", "smqt/sim", "editor")
"""Folders whose packages are rooms (``smqt.ui`` holds rooms only; ``smqt.sim`` is a room with
rooms inside)."""


def rooms() -> list[Path]:
    """Every room's folder (a package with modules of its own)."""
    found = []
    for parent in CONTAINERS:
        for folder in sorted((ROOT / parent).iterdir()) if (ROOT / parent).is_dir() else ():
            if (folder / "__init__.py").is_file() and folder != ROOT / "smqt" / "ui":
                found.append(folder)
    return found


def room_of(module: str) -> str | None:
    """The room of a module: the longest room its name starts with; None for the packages'
    own top modules."""
    names = [".".join(folder.relative_to(ROOT).parts) for folder in rooms()]
    within = [name for name in names if module == name or module.startswith(name + ".")]
    return max(within, key=len, default=None)


def imported_rooms(folder: Path) -> set[str]:
    """The other rooms the modules of ``folder``'s own room import (type-only imports too)."""
    me = ".".join(folder.relative_to(ROOT).parts)
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if room_of(module.removesuffix(".__init__")) != me:
            continue  # a module of a room inside this one
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                room = room_of(name)
                if room is not None and room != me:
                    found.add(room)
    return found - {LANGUAGE}


def stated_rooms(folder: Path) -> set[str] | None:
    """The rooms the docstring says the room may import; None when it says nothing."""
    doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
    doc = " ".join((doc or "").split())
    if "Imports nothing of the project" in doc:
        return set()
    if "May import" not in doc:
        return None
    said = doc[doc.index("May import"):].split(";")[0]
    return set(re.findall(r"``([a-z_.]+)``", said)) - {LANGUAGE}


DATA = {"help", "locale"}
"""Rooms of data only (no imports to state)."""


@pytest.mark.parametrize("folder", rooms(), ids=lambda f: ".".join(f.relative_to(ROOT).parts))
def test_a_room_says_what_it_imports(folder):
    if folder.name in DATA:
        assert imported_rooms(folder) == set()
        return
    stated = stated_rooms(folder)
    assert stated is not None, "the docstring says nothing of what the room may import"
    actual = imported_rooms(folder)
    assert (sorted(actual - stated), sorted(stated - actual)) == ([], []), \
        "(imported but not said, said but not imported)"


def test_each_package_names_its_rooms():
    for package in (ROOT / parent for parent in CONTAINERS if (ROOT / parent).is_dir()):
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        named = set(re.findall(r"``([a-z_]+)``", doc or ""))
        held = {f.name for f in package.iterdir() if (f / "__init__.py").is_file()}
        assert held - named == set(), f"{package.name} does not name {sorted(held - named)}"


def test_a_wrong_statement_is_found(tmp_path, monkeypatch):
    import tests.test_rooms as me

    room = tmp_path / "smqt" / "coach"
    room.mkdir(parents=True)
    for other in ("engine", "records"):
        (tmp_path / "smqt" / other).mkdir()
        (tmp_path / "smqt" / other / "__init__.py").write_text("")
    (room / "__init__.py").write_text('"""A room.\n\nMay import ``smqt.engine``."""\n')
    (room / "hint.py").write_text("from smqt.records import record\nfrom smqt.engine import x\n"
                                  "from smqt.language.translate import _\n")
    monkeypatch.setattr(me, "ROOT", tmp_path)
    assert stated_rooms(room) == {"smqt.engine"}
    assert imported_rooms(room) == {"smqt.engine", "smqt.records"}
