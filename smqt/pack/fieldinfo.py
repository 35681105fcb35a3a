"""What the schema says about each field, for people: the docstring written under the field
(help text in the editor, descriptions in the JSON Schema) and the valid range of numbers and
list lengths, read from the field's validators so that the rules are stated once.

The docstrings are read from the source, which an installed app may not have (a frozen build
ships compiled modules only), so they are also kept in ``fielddocs.py``, generated from the
source by ``python -m smqt.pack.fieldinfo --write`` and checked against it by a test."""

from __future__ import annotations

import ast
import inspect
import itertools
import sys
from functools import cache

import attrs

from smqt.engine import effects

DOCUMENTED_MODULES = ("smqt.engine.content", "smqt.engine.effects", "smqt.pack.manifest",
                      "smqt.pack.problems")
"""The modules whose attrs classes the editor and the JSON Schema describe."""


def class_key(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


@cache
def field_docs(cls: type) -> dict[str, str]:
    """Field name -> the string literal written right under it in the class body."""
    from smqt.pack.fielddocs import FIELD_DOCS

    kept = FIELD_DOCS.get(class_key(cls))
    return dict(kept) if kept is not None else docs_from_source(cls)


def class_summary(cls: type) -> str:
    """The first paragraph of the class's docstring in one line ("" for none), English."""
    from smqt.pack.fielddocs import CLASS_DOCS

    kept = CLASS_DOCS.get(class_key(cls))
    return kept if kept is not None else summary_from_source(cls)


def summary_from_source(cls: type) -> str:
    doc = (cls.__doc__ or "").strip()
    if not doc or doc.startswith(cls.__name__ + "("):  # attrs' generated docstring says nothing
        return ""
    return " ".join(doc.split("\n\n")[0].split())


def docs_from_source(cls: type) -> dict[str, str]:
    """``field_docs`` read from the class's source ({} where there is no source)."""
    try:
        tree = ast.parse(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for first, second in itertools.pairwise(body):
        if isinstance(first, ast.AnnAssign) and isinstance(first.target, ast.Name) and \
                isinstance(second, ast.Expr) and isinstance(second.value, ast.Constant) and \
                isinstance(second.value.value, str):
            docs[first.target.id] = inspect.cleandoc(second.value.value)
    return docs


def _validators(attribute: attrs.Attribute) -> list[object]:
    found: list[object] = []
    pending = [attribute.validator]
    while pending:
        v = pending.pop()
        if v is None:
            continue
        inner = getattr(v, "_validators", None)  # attrs' and_()
        if inner is not None:
            pending.extend(inner)
        else:
            found.append(v)
    return found


@attrs.frozen
class FieldRange:
    minimum: int | None = None
    maximum: int | None = None
    max_items: int | None = None
    max_chars: int | None = None
    "The longest text allowed."
    pattern: str | None = None
    "A regular expression the whole text must match."


def field_range(attribute: attrs.Attribute) -> FieldRange:
    """The bounds the validators of ``attribute`` enforce (None where there is none)."""
    minimum = maximum = max_items = max_chars = pattern = None
    for v in _validators(attribute):
        if v is effects.check_positive:
            minimum = 1 if minimum is None else max(minimum, 1)
        elif v is effects.check_not_negative:
            minimum = 0 if minimum is None else max(minimum, 0)
        elif v is effects.check_not_positive:
            maximum = 0 if maximum is None else min(maximum, 0)
        if hasattr(v, "minimum"):
            minimum = v.minimum if minimum is None else max(minimum, v.minimum)  # type: ignore[attr-defined]
        if hasattr(v, "maximum"):
            maximum = v.maximum if maximum is None else min(maximum, v.maximum)  # type: ignore[attr-defined]
        if hasattr(v, "max_length"):  # attrs' max_len
            max_items = v.max_length  # type: ignore[attr-defined]
        if hasattr(v, "max_chars"):
            max_chars = v.max_chars  # type: ignore[attr-defined]
        if hasattr(v, "pattern"):
            pattern = v.pattern  # type: ignore[attr-defined]
    return FieldRange(minimum, maximum, max_items, max_chars, pattern)


def resolved_fields(cls: type) -> tuple[attrs.Attribute, ...]:
    """The attrs fields of ``cls`` with their annotations resolved to types."""
    attrs.resolve_types(cls, globalns=vars(sys.modules[cls.__module__]))
    return attrs.fields(cls)


def documented_classes() -> list[type]:
    """Every attrs class defined in ``DOCUMENTED_MODULES``, in a stable order."""
    import importlib

    found = []
    for name in DOCUMENTED_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == name:
                found.append(value)
    return sorted(set(found), key=class_key)


def generated_module() -> str:
    """The text of ``fielddocs.py`` for the source as it is."""
    # not translated: the lines below are the Python source of fielddocs.py
    lines = ["# ruff: noqa: E501",
             ('"""Field help of the content classes, generated from the docstrings '  # not translated: source
              "under their fields"),
             "by ``python -m smqt.pack.fieldinfo --write`` (a test checks it is up "  # not translated: source
             "to date; a",
             'frozen app has no sources to read them from). Do not edit by hand."""',  # not translated: code
             "",
             "from smqt.language.translate import N_",  # not translated: Python source
             "",
             "FIELD_DOCS: dict[str, dict[str, str]] = {"]  # not translated: Python source
    for cls in documented_classes():
        docs = docs_from_source(cls)
        if not docs:
            continue
        lines.append(f"    {class_key(cls)!r}: {{")
        for field, text in docs.items():
            lines.append(f"        {field!r}: N_({text!r}),")
        lines.append("    },")
    lines.append("}")
    lines += ["", "CLASS_DOCS: dict[str, str] = {"]  # not translated: Python source
    for cls in documented_classes():
        summary = summary_from_source(cls)
        if summary:
            lines.append(f"    {class_key(cls)!r}: N_({summary!r}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from pathlib import Path

    args = sys.argv[1:] if argv is None else argv
    target = Path(__file__).with_name("fielddocs.py")
    text = generated_module()
    if args == ["--write"]:
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
        return 0
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    print("fielddocs.py is up to date" if current == text else  # not translated: a developer tool
          "fielddocs.py is out of date: python -m smqt.pack.fieldinfo --write")  # not translated: dev tool
    return 0 if current == text else 1


if __name__ == "__main__":
    sys.exit(main())
