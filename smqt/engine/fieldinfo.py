"""What the schema says about each field, for people: the docstring written under the field
(help text in the editor, descriptions in the JSON Schema) and the valid range of numbers and
list lengths, read from the field's validators so that the rules are stated once."""

from __future__ import annotations

import ast
import inspect
import itertools
import sys
from functools import cache

import attrs

from smqt.engine import effects


@cache
def field_docs(cls: type) -> dict[str, str]:
    """Field name -> the string literal written right under it in the class body."""
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
        if v is effects._positive:
            minimum = 1 if minimum is None else max(minimum, 1)
        elif v is effects._not_negative:
            minimum = 0 if minimum is None else max(minimum, 0)
        elif v is effects._not_positive:
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
