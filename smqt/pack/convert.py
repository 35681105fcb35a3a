"""The one configured cattrs converter for content (and the simulator's report.json), and its
errors as (key, problem) pairs.

TOML and JSON hold only tables, arrays, strings, numbers and booleans, so the hooks here are
strict: no string becomes a number, no ``true`` becomes ``1``, no string is read as an array of
letters, a table keyed by text is a table. Tagged unions dispatch on a ``kind`` key whose value
is the class variable ``kind`` of an effects class. Attrs classes are structured by one hook
factory that, unlike cattrs's generated code, reports *which* field an attrs validator
rejected, and maps the ``"key: message"`` form of ``__attrs_post_init__`` errors onto that
key, so every problem gets a path such as ``scoring[2].at_least``.
"""

from __future__ import annotations

import enum
import re
import types
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from smqt.engine.content import TakeFrom
from smqt.engine.effects import Person, Row, RowFilter, Symbol, Tag, Who, shown
from smqt.language.translate import N_, _, ngettext

__all__ = ["ContentValueError", "converter", "describe", "structure_problems", "tag_of"]

converter = cattrs.Converter(forbid_extra_keys=True)
"""Used by the game, the editor, the simulator and the tests: structure content from TOML data
(and a simulation report from JSON) and back."""


class ContentValueError(ValueError):
    """One value is wrong; the message is a sentence for the card author."""


_ENUM_LABELS: dict[type, str] = {
    Tag: N_("tag"),
    Row: N_("row"),
    RowFilter: N_("row"),
    Person: N_("person type"),
    Who: N_("people type"),
    Symbol: N_("symbol"),
    TakeFrom: N_("take source"),
}
"What a value of each enum is called in messages (translated where shown)."


def describe(value: object) -> str:
    """A TOML reader's view of a value, for messages: ``'abc' (text)``, ``true``, ``a table``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _("{value} (text)").format(value=shown(value))
    if isinstance(value, int):
        return _("{value} (a whole number)").format(value=shown(value))
    if isinstance(value, float):
        return _("{value} (a decimal number)").format(value=value)
    if isinstance(value, Mapping):
        return _("a table")
    if isinstance(value, (list, tuple)):
        return _("an array")
    return _("a {type} value").format(type=type(value).__name__)


def tag_of(cls: type) -> str | None:
    """The ``kind`` class variable of a tagged union member, or None."""
    value = cls.__dict__.get("kind")
    return value if isinstance(value, str) else None


def _noted(exc: Exception, name: str, type_: Any = None) -> Exception:
    exc.add_note(AttributeValidationNote(
        f"Structuring @ attribute {name}", name, type_))  # not translated: cattrs's note
    return exc


# --------------------------------------------------------------------------- scalars


def _structure_int(value: object, _type: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentValueError(_("expected a whole number, got {value}").format(
            value=describe(value)))
    return value


def _structure_float(value: object, _type: type) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ContentValueError(_("expected a number, got {value}").format(value=describe(value)))
    return value  # a whole number stays one: written back, the file is the same


def _structure_str(value: object, _type: type) -> str:
    if not isinstance(value, str):
        raise ContentValueError(_("expected text in quotes, got {value}").format(
            value=describe(value)))
    return value


def _structure_bool(value: object, _type: type) -> bool:
    if not isinstance(value, bool):
        raise ContentValueError(_("expected true or false, got {value}").format(
            value=describe(value)))
    return value


def _structure_enum(value: object, enum_cls: type[enum.Enum]) -> enum.Enum:
    if isinstance(value, str):
        try:
            return enum_cls(value)
        except ValueError:
            pass
    label = _(_ENUM_LABELS[enum_cls]) if enum_cls in _ENUM_LABELS else enum_cls.__name__.lower()
    allowed = ", ".join(str(member.value) for member in enum_cls)
    if isinstance(value, str):
        raise ContentValueError(_("unknown {label} {value} (expected one of {allowed})").format(
            label=label, value=shown(value), allowed=allowed))
    raise ContentValueError(_("expected a {label} (one of {allowed}), got {value}").format(
        label=label, allowed=allowed, value=describe(value)))


# --------------------------------------------------------------------------- arrays


def _is_tuple(type_: Any) -> bool:
    return get_origin(type_) is tuple


def _tuple_hook(tuple_type: Any) -> Callable[[object, type], tuple]:
    args = get_args(tuple_type)
    homogeneous = len(args) == 2 and args[1] is Ellipsis
    item_types = None if homogeneous else args
    item_hooks = [converter.get_structure_hook(t) for t in (args[:1] if homogeneous else args)]

    def structure(value: object, _type: type) -> tuple:
        if not isinstance(value, (list, tuple)):
            raise ContentValueError(_("expected an array [...], got {value}").format(
                value=describe(value)))
        if item_types is not None and len(value) != len(item_types):
            raise ContentValueError(ngettext(
                "expected an array of exactly {count} values, got {got}",
                "expected an array of exactly {count} values, got {got}",
                len(item_types)).format(count=len(item_types), got=len(value)))
        items, errors = [], []
        for index, item in enumerate(value):
            item_type = args[0] if homogeneous else args[index]
            hook = item_hooks[0] if homogeneous else item_hooks[index]
            try:
                items.append(hook(item, item_type))
            except Exception as exc:
                exc.add_note(IterableValidationNote(f"@ index {index}", index, item_type))
                errors.append(exc)
        if errors:
            raise IterableValidationError(
                f"While structuring {tuple_type!r}", errors, tuple)  # not translated: cattrs's
        return tuple(items)

    return structure


# --------------------------------------------------------------------------- tables by key


def _is_dict(type_: Any) -> bool:
    return get_origin(type_) is dict


def _dict_hook(dict_type: Any) -> Callable[[object, type], dict]:
    key_type, value_type = get_args(dict_type)
    key_hook = converter.get_structure_hook(key_type)
    value_hook = converter.get_structure_hook(value_type)

    def structure(value: object, _type: type) -> dict:
        if not isinstance(value, Mapping):
            raise ContentValueError(_("expected a table, got {value}").format(
                value=describe(value)))
        items, errors = {}, []
        for key, item in value.items():
            try:
                items[key_hook(key, key_type)] = value_hook(item, value_type)
            except Exception as exc:
                errors.append(_noted(exc, str(key), value_type))
        if errors:  # each problem's path names its key: ``sides.base.players``
            raise ClassValidationError(
                f"While structuring {dict_type!r}", errors, dict)  # not translated: cattrs's
        return items

    return structure


# --------------------------------------------------------------------------- tagged unions


def _is_tagged_union(type_: Any) -> bool:
    if get_origin(type_) not in (Union, types.UnionType):
        return False
    return all(isinstance(t, type) and attrs.has(t) and tag_of(t) for t in get_args(type_))


def _union_hook(union: Any) -> Callable[[object, type], object]:
    by_kind = {tag_of(cls): cls for cls in get_args(union)}
    kinds = ", ".join(str(kind) for kind in by_kind)
    renamed = {old: tag_of(cls) for cls in get_args(union)
               for old in cls.__dict__.get("former_kinds", ())}
    """Kinds of earlier versions, still read (and written back under the current name)."""

    def structure(value: object, _type: type) -> object:
        if not isinstance(value, Mapping):
            raise ContentValueError(
                _("expected a table such as {{ kind = ... }}, got {value}").format(
                    value=describe(value))
            )
        if "kind" not in value:
            problem = _("required key 'kind' is missing (one of {kinds})").format(kinds=kinds)
            raise ClassValidationError(
                "tagged union",  # not translated: cattrs's message, never shown
                [_noted(KeyError(problem), "kind")], object)
        kind = value["kind"]
        if isinstance(kind, str) and kind in renamed:
            kind = renamed[kind]
            value = {**value, "kind": kind}
        cls = by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            problem = _("unknown kind {kind} (expected one of {kinds})").format(
                kind=shown(kind) if isinstance(kind, str) else describe(kind), kinds=kinds)
            raise ClassValidationError(
                "tagged union",  # not translated: cattrs's message, never shown
                [_noted(ContentValueError(problem), "kind")], object
            )
        return converter.structure(value, cls)

    return structure


# --------------------------------------------------------------------------- attrs classes


def _default(attribute: attrs.Attribute) -> object:
    default: Any = attribute.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()
    return default


def _attrs_hook(cls: type) -> Callable[[object, type], object]:
    attrs.resolve_types(cls)
    fields = attrs.fields(cls)
    tag = tag_of(cls)
    allowed = [a.name for a in fields] + (["kind"] if tag else [])
    hooks = {a.name: converter.get_structure_hook(a.type) for a in fields}

    def structure(value: object, _type: type) -> object:
        if not isinstance(value, Mapping):
            raise ContentValueError(_("expected a table, got {value}").format(
                value=describe(value)))
        errors: list[Exception] = []
        if tag is not None and "kind" not in value:
            problem = _("required key 'kind' is missing (it must be {kind})").format(
                kind=repr(tag))
            errors.append(_noted(KeyError(problem), "kind"))
        elif tag is not None and value["kind"] != tag:
            problem = _("'kind' must be {kind} here, got {value}").format(
                kind=repr(tag), value=describe(value["kind"]))
            errors.append(_noted(ContentValueError(problem), "kind"))
        if converter.forbid_extra_keys:
            for key in value:
                if key not in allowed:
                    problem = _("unknown key {key} (allowed keys: {allowed})").format(
                        key=shown(key), allowed=", ".join(allowed))
                    extra = ForbiddenExtraKeysError(problem, cls, {key})
                    errors.append(_noted(extra, str(key)))
        values: dict[str, object] = {}
        for a in fields:
            if a.name not in value:
                if a.default is attrs.NOTHING:
                    problem = _("required key {key} is missing").format(key=repr(a.name))
                    errors.append(_noted(KeyError(problem), a.name))
                continue
            try:
                values[a.name] = hooks[a.name](value[a.name], a.type)
            except Exception as exc:
                errors.append(_noted(exc, a.name, a.type))
        if errors:
            errors += _field_validator_errors(cls, values)
            raise ClassValidationError(
                f"While structuring {cls.__name__}", errors, cls)  # not translated: cattrs's
        return _construct(cls, values)

    return structure


def _construct(cls: type, values: dict[str, object]) -> object:
    try:
        return cls(**values)
    except (ValueError, TypeError) as exc:
        failure = exc
    errors = _field_validator_errors(cls, values)
    if not errors:
        # __attrs_post_init__ names the key it blames as "key: message".
        name, sep, rest = str(failure).partition(":")
        if sep and name.partition("[")[0] in attrs.fields_dict(cls):
            errors = [_noted(ContentValueError(rest.strip()), name)]
        else:
            errors = [failure]
    raise ClassValidationError(
        f"While structuring {cls.__name__}", errors, cls)  # not translated: cattrs's


def _field_validator_errors(cls: type, values: dict[str, object]) -> list[Exception]:
    """Run the validator of each field in ``values`` alone, so every rejected field is named,
    not just the first one attrs stops at, even when other fields failed to structure."""
    stand_in: Any = object.__new__(cls)
    fields = attrs.fields(cls)
    for a in fields:
        object.__setattr__(stand_in, a.name, values[a.name] if a.name in values else _default(a))
    errors: list[Exception] = []
    for a in fields:
        if a.validator is None or a.name not in values:
            continue
        try:
            a.validator(stand_in, a, getattr(stand_in, a.name))
        except (ValueError, TypeError) as exc:
            errors.append(_noted(exc, a.name, a.type))
        except Exception:  # it read a sibling field that failed to structure
            pass
    return errors


# --------------------------------------------------------------------------- unstructuring


def _attrs_unhook(cls: type) -> Callable[[object], dict[str, object]]:
    """Fields in class order, ``kind`` first, fields equal to their default left out."""
    fields = attrs.fields(cls)
    tag = tag_of(cls)

    def unstructure(obj: object) -> dict[str, object]:
        out: dict[str, object] = {"kind": tag} if tag else {}
        for a in fields:
            value = getattr(obj, a.name)
            if a.default is not attrs.NOTHING and value == _default(a):
                continue
            out[a.name] = converter.unstructure(value)
        return out

    return unstructure


# Class hooks dispatch along the MRO: ``bool`` needs its own (it is an ``int``), and
# ``StrEnum`` its own (a ``Tag`` is a ``str`` before it is an ``Enum``).
converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(float, _structure_float)
for _enum_base in (enum.Enum, enum.StrEnum, enum.IntEnum):
    converter.register_structure_hook(_enum_base, _structure_enum)
converter.register_structure_hook_factory(_is_tuple, _tuple_hook)
converter.register_structure_hook_factory(_is_dict, _dict_hook)
converter.register_structure_hook_factory(_is_tagged_union, _union_hook)
converter.register_structure_hook_factory(attrs.has, _attrs_hook)
converter.register_unstructure_hook_factory(attrs.has, _attrs_unhook)
for _enum_base in (enum.Enum, enum.StrEnum, enum.IntEnum):
    converter.register_unstructure_hook(_enum_base, lambda member: member.value)
converter.register_unstructure_hook(tuple, lambda items: [converter.unstructure(i) for i in items])

# --------------------------------------------------------------------------- error paths

_MAX_LEN = re.compile(r"^Length of '\w+' must be <= (\d+): (\d+)$")  # not translated: attrs's


def structure_problems(exc: BaseException) -> list[tuple[str, str]]:
    """Every leaf problem inside a cattrs error, as ``(key path, problem)``.

    The key path is dotted and indexed, relative to the structured value:
    ``scoring[1].tag``; it is ``""`` for a problem with the value as a whole.
    """
    return list(_walk(exc, ""))


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _walk(exc: BaseException, path: str) -> Iterator[tuple[str, str]]:
    without: list[Exception]
    if isinstance(exc, IterableValidationError):
        by_index, without = exc.group_exceptions()
        for sub, inote in by_index:
            yield from _walk(sub, f"{path}[{inote.index}]")
    elif isinstance(exc, ClassValidationError):
        by_name, without = exc.group_exceptions()
        for sub, anote in by_name:
            yield from _walk(sub, _join(path, anote.name))
    elif isinstance(exc, ForbiddenExtraKeysError) and not exc.message:
        for key in sorted(exc.extra_fields):
            yield _join(path, key), _("unknown key {key}").format(key=shown(key))
        return
    else:
        yield path, _problem(exc)
        return
    for sub in without:
        yield from _walk(sub, path)


def _problem(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return str(exc.args[0]) if exc.args else _("required key is missing")
    if isinstance(exc, (ValueError, ForbiddenExtraKeysError)):
        text = str(exc)
        match = _MAX_LEN.match(text)
        if match:
            return ngettext("must list at most {most} value, got {count}",
                            "must list at most {most} values, got {count}",
                            int(match[1])).format(most=match[1], count=match[2])
        return text
    return _("invalid value ({type}: {error})").format(type=type(exc).__name__, error=exc)
