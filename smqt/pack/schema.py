"""JSON Schemas of the pack files, generated from the attrs classes (never written by hand):
``pack.schema.json`` for ``pack.toml`` and ``entries.schema.json`` for entries files, so that
people editing TOML get validation and completion in their text editor (``smqt schema``)."""

from __future__ import annotations

import enum
import json
import types
import typing
from pathlib import Path
from typing import Any, Union

import attrs

from smqt.engine.content import Rules
from smqt.files.atomic import atomic_write_text
from smqt.pack.fieldinfo import field_docs, field_range, resolved_fields
from smqt.pack.folder import KINDS
from smqt.pack.manifest import PackManifest

DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def ref(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder first: classes may refer to each other
            self.defs[name] = self.object(cls)
        return {"$ref": f"#/$defs/{name}"}

    def object(self, cls: type) -> dict[str, Any]:
        docs = field_docs(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str):
            properties["kind"] = {"const": kind}
            required.append("kind")
        for attribute in resolved_fields(cls):
            schema = self.of_type(attribute.type)
            bounds = field_range(attribute)
            if bounds.minimum is not None:
                schema["minimum"] = bounds.minimum
            if bounds.maximum is not None:
                schema["maximum"] = bounds.maximum
            if bounds.max_items is not None:
                schema["maxItems"] = bounds.max_items
            if bounds.max_chars is not None:
                schema["maxLength"] = bounds.max_chars
            if bounds.pattern is not None:
                schema["pattern"] = f"^{bounds.pattern}$"  # JSON Schema's $ is the very end
            if attribute.name in docs:
                schema["description"] = docs[attribute.name]
            if attribute.default is attrs.NOTHING:
                required.append(attribute.name)
            elif isinstance(attribute.default, bool | int | str | float):
                schema["default"] = attribute.default
            properties[attribute.name] = schema
        result: dict[str, Any] = {"type": "object", "properties": properties,
                                  "additionalProperties": False}
        if required:
            result["required"] = required
        if cls.__doc__:
            result["description"] = cls.__doc__.strip().splitlines()[0]
        return result

    def of_type(self, tp: Any) -> dict[str, Any]:
        origin = typing.get_origin(tp)
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if origin in (Union, types.UnionType):
            if len(args) == 1:
                return self.of_type(args[0])
            return {"oneOf": [self.of_type(a) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of_type(args[0])}
            return {"type": "array", "prefixItems": [self.of_type(a) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        if origin in (list, set, frozenset):
            return {"type": "array", "items": self.of_type(args[0])}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.of_type(args[1])}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [member.value for member in tp]}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if attrs.has(tp):
            return self.ref(tp)
        raise TypeError(f"no JSON Schema for {tp!r}")  # not translated: a developer's error


def entries_schema() -> dict[str, Any]:
    """An entries file: arrays of tables per kind, ``[rules]`` overrides and ``[remove]``."""
    builder = _Builder()
    properties: dict[str, Any] = {
        kind: {"type": "array", "items": builder.ref(cls),
               "description": f"[[{kind}]] entries"}
        for kind, cls in KINDS.items()
    }
    rules = builder.object(Rules)
    rules.pop("required", None)  # a pack overrides only the parameters it changes
    properties["rules"] = rules
    properties["remove"] = {
        "type": "object", "additionalProperties": False,
        "description": ("Entries of the extended pack to leave out, "  # not translated: JSON Schema
                        "by kind: card = [\"id\", ...]"),
        "properties": {kind: {"type": "array", "items": {"type": "string"}} for kind in KINDS},
    }
    return {"$schema": DIALECT, "title": "smqt content pack entries file",  # not translated: JSON Schema
            "type": "object",
            "properties": properties, "additionalProperties": False, "$defs": builder.defs}


def manifest_schema() -> dict[str, Any]:
    schema = _Builder().object(PackManifest)
    return {"$schema": DIALECT,
            "title": "smqt content pack manifest (pack.toml)",  # not translated: JSON Schema
            **schema}


def write_schemas(folder: str | Path) -> list[Path]:
    """Write both schemas into ``folder`` (created if needed); returns the files written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in (("pack.schema.json", manifest_schema()),
                         ("entries.schema.json", entries_schema())):
        path = target / name
        atomic_write_text(path, json.dumps(schema, indent=2) + "\n")
        written.append(path)
    return written
