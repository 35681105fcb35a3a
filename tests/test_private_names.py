"""No module of the product reads another module's private names (issue 41): a name that
starts with one underscore belongs to its module. Read from the source, so it catches what an
import graph cannot: ``from smqt.engine.rules import _helper`` and ``rules._helper(...)`` alike.
The translation function ``_`` and dunder names (``__version__``) are public by convention."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import ROOT

ROOMS = ("smqt", "editor")


def _private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not (
        name.startswith("__") and name.endswith("__"))


def borrowed_names(path: Path) -> list[str]:
    """Each private name of another module that ``path`` imports or reads, as
    ``file:line name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    modules: set[str] = set()  # local names bound to a module of the product
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.module.split(".")[0] in ROOMS:
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} "
                                 f"{node.module}.{alias.name}")
                else:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ROOMS:
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in modules and _private(node.attr):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_no_module_reads_another_modules_private_names():
    found = [hit for room in ROOMS for path in sorted((ROOT / room).rglob("*.py"))
             for hit in borrowed_names(path)]
    assert found == []


def test_a_borrowed_private_name_is_found(tmp_path, monkeypatch):
    import tests.test_private_names as me

    monkeypatch.setattr(me, "ROOT", tmp_path)
    module = tmp_path / "smqt" / "room.py"
    module.parent.mkdir()
    module.write_text("from smqt.engine.rules import _helper, legal_actions\n"
                      "from smqt.engine import tally\n"
                      "from smqt.language.translate import _\n"
                      "x = tally._remember_layout\n"
                      "y = tally.__doc__, _('words'), legal_actions\n", encoding="utf-8")
    assert borrowed_names(module) == ["smqt/room.py:1 smqt.engine.rules._helper",
                                      "smqt/room.py:4 tally._remember_layout"]
