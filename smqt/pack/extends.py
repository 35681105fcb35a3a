"""Where a pack's ``extends`` leads. It is either a folder path relative to the pack's folder
(``../my-base``), or a pack's name, with no ``/`` in it (``base``): the pack of that name
beside the pack's folder (a folder of that name whose ``pack.toml`` says ``name = "base"``,
as in a simulation report's copies of its packs), else the shipped pack of that name.

A variant made from a shipped pack names it (``extends = "base"``), so that it works
wherever its folder is sent and whichever installation opens it: a path into the
installation breaks when smqt is installed elsewhere."""

from __future__ import annotations

import os
from pathlib import Path, PurePath

from smqt.files.guarded import PackFileError, parse_toml, read_bytes
from smqt.pack.manifest import MANIFEST
from smqt.pack.shipped import (
    BASE_NAME,
    default_pack,
    example_variants,
    shipped_names,
)


def names_a_pack(extends: str) -> bool:
    """Whether ``extends`` is a pack's name rather than a folder path."""
    return extends.strip() not in ("", ".", "..") and "/" not in extends and "\\" not in extends


def beside(folder: PurePath, name: str) -> str:
    """Where the pack ``name`` beside ``folder`` would be: a folder of that name in the same
    folder (normalised lexically, as the loader resolves paths)."""
    return os.path.normpath(os.path.join(folder, os.pardir, name))


def says_name(manifest: bytes | None, name: str) -> bool:
    """Whether the bytes of a ``pack.toml`` give the pack the name ``name``."""
    if manifest is None:
        return False
    try:
        return parse_toml(manifest).get("name") == name
    except PackFileError:
        return False


def shipped_pack_names() -> list[str]:
    """The shipped packs' names (``base`` and the example variants'), none when the
    installation lost its content."""
    try:
        return shipped_names()
    except OSError:
        return []


def shipped_pack(name: str) -> Path | None:
    """The folder of the shipped pack called ``name`` (``base`` or an example variant's folder
    name), or None."""
    try:
        if name == BASE_NAME:
            return default_pack()
        if name in shipped_pack_names():
            return example_variants() / name
    except OSError:  # an installation without its content: no shipped pack then
        return None
    return None


def shipped_name(folder: str | os.PathLike[str]) -> str | None:
    """The name a shipped pack is known by when ``folder`` is one (``base``), else None."""
    try:
        real = Path(folder).resolve()
        for name in shipped_pack_names():
            shipped = shipped_pack(name)
            if shipped is not None and shipped.resolve() == real:
                return name
    except (OSError, RuntimeError):  # a folder that cannot be resolved is not shipped
        return None
    return None


def parent_folder(folder: PurePath, extends: str) -> Path | None:
    """The folder of the pack that the pack in ``folder`` extends, read from disk: ``extends``
    as a path from ``folder``, or the pack it names (beside ``folder``, else shipped); None
    when it names a pack that is neither."""
    if not names_a_pack(extends):
        return Path(os.path.normpath(os.path.join(folder, extends)))
    near = Path(beside(folder, extends))
    try:
        manifest: bytes | None = read_bytes(near / MANIFEST) if near.is_dir() else None
    except (PackFileError, OSError, ValueError):
        manifest = None
    if says_name(manifest, extends):
        return near
    return shipped_pack(extends)
