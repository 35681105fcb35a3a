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


def field_range(attribute: attrs.Attribute) -> FieldRange:
    """The bounds the validators of ``attribute`` enforce (None where there is none)."""
    minimum = maximum = max_items = None
    for v in _validators(attribute):
        if v is effects._positive:
            minimum = 1
        elif v is effects._not_negative:
            minimum = 0
        elif v is effects._not_positive:
            maximum = 0
        elif hasattr(v, "maximum"):
            maximum = v.maximum  # type: ignore[attr-defined]
        elif hasattr(v, "max_length"):
            max_items = v.max_length  # type: ignore[attr-defined]
    return FieldRange(minimum, maximum, max_items)


def resolved_fields(cls: type) -> tuple[attrs.Attribute, ...]:
    """The attrs fields of ``cls`` with their annotations resolved to types."""
    attrs.resolve_types(cls, globalns=vars(sys.modules[cls.__module__]))
    return attrs.fields(cls)
