"""Windows made of parts (issue 41, STYLE "A window is a shell"): no class of the table or the
editor is made of mixins that share ``self`` (at most two bases besides its Qt base), and no
class reads an attribute of ``self`` that neither it nor its bases set: a part's state is its
own, and what it needs of another part is passed in, never left on it from outside."""

from __future__ import annotations

import ast
import importlib
import inspect
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("smqt/ui", "editor")
MOST_BASES = 2
"""Bases a class may have besides its Qt base."""


def modules() -> list[str]:
    found = []
    for room in ROOMS:
        for path in sorted((ROOT / room).rglob("*.py")):
            found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return found


def classes(name: str) -> list[tuple[ast.ClassDef, type]]:
    module = importlib.import_module(name)
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    return [(node, getattr(module, node.name)) for node in tree.body
            if isinstance(node, ast.ClassDef) and isinstance(getattr(module, node.name, None), type)]


def is_qt(cls: type) -> bool:
    return cls.__module__.startswith(("PySide6", "Shiboken", "shiboken6"))


def ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] in ("smqt", "editor")


@cache
def set_in(cls: type) -> frozenset[str]:
    """The attributes ``cls``'s own code sets on ``self`` (in any method), and its fields
    (an attrs class's, annotated in its body)."""
    fields = set(vars(cls).get("__annotations__", {}))
    try:
        node = ast.parse(inspect.getsource(cls).strip()).body[0]
    except (OSError, TypeError, IndentationError, SyntaxError):
        return frozenset(fields)
    names = fields
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and \
                isinstance(sub.value, ast.Name) and sub.value.id == "self":
            names.add(sub.attr)
    return frozenset(names)


def read_in(node: ast.ClassDef) -> set[str]:
    return {sub.attr for sub in ast.walk(node)
            if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Load) and
            isinstance(sub.value, ast.Name) and sub.value.id == "self"}


@pytest.mark.parametrize("name", modules())
def test_no_class_is_made_of_mixins(name):
    for node, cls in classes(name):
        others = [base for base in cls.__bases__ if not is_qt(base) and base is not object]
        assert len(others) <= MOST_BASES, (
            f"{name}.{node.name} has {len(others)} bases besides its Qt base: "
            f"{[b.__name__ for b in others]} (a window owns parts; it is not made of them)")


@pytest.mark.parametrize("name", modules())
def test_no_class_reads_what_another_set_on_it(name):
    for node, cls in classes(name):
        own = set().union(*(set_in(c) for c in cls.__mro__ if ours(c)))
        strays = sorted(attr for attr in read_in(node) - own if not hasattr(cls, attr))
        assert not strays, f"{name}.{node.name} reads {strays} on self, set by nobody of its own"


def test_the_checks_find_a_mixin_and_a_stray_read(tmp_path, monkeypatch):
    """Planted: a window made of three mixins, a part that reads what its owner left on it."""
    package = tmp_path / "smqt_planted"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "made.py").write_text(
        "from PySide6.QtCore import QObject\n"
        "class A: pass\nclass B: pass\nclass C: pass\n"
        "class Window(A, B, C, QObject): pass\n"
        "class Part(QObject):\n"
        "    def draw(self):\n"
        "        return self.controller\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = classes("smqt_planted.made")
    window = next(cls for node, cls in found if node.name == "Window")
    part_node, part = next((node, cls) for node, cls in found if node.name == "Part")
    assert len([b for b in window.__bases__ if not is_qt(b)]) > MOST_BASES
    assert "controller" in read_in(part_node) - set_in(part) and not hasattr(part, "controller")
