"""A content pack carried by value: the text of every file of the pack and of the packs it
extends, with the content hash, so that a simulation task can travel to a process or a machine
that has no copy of the pack folder; and the catalog such a task loads, once per process.

The files keep their layout relative to a common folder, so that ``extends = "../../base"``
still finds its parent wherever they are written. The content hash covers file names and bytes,
not folders, so a pack written anywhere, or loaded from its files without being written
(``load_source``, by ``smqt.pack.load.load_files``), has the identity it had at home;
``load_source`` checks that it does.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath

import attrs

from smqt.engine.catalog import Catalog
from smqt.files.guarded import PackFileError, list_toml_files, parse_toml, read_bytes
from smqt.language.translate import _
from smqt.pack.extends import beside, names_a_pack, parent_folder
from smqt.pack.load import load_files, load_pack
from smqt.pack.manifest import MANIFEST
from smqt.pack.problems import ContentError, PackError

__all__ = ["PackSource", "PackSourceError", "load_source", "write_pack"]


class NotCarried(PackError):
    """A pack that loads here but cannot be carried to another process or machine as it is
    written (its ``extends`` gives a path of this computer): not an error of the pack."""


class PackSourceError(RuntimeError):
    """A pack carried by value does not load to the identity it was sent with."""


def _relative_path(inst: object, attribute: attrs.Attribute, value: str) -> None:
    """A path that stays inside the folder it is written under: relative, POSIX, no ``..``."""
    path = PurePosixPath(value)
    if (not value or "\\" in value or "\0" in value or path.is_absolute()
            or ".." in path.parts or (value != "." and str(path) != value)):
        raise ValueError(
            f"{attribute.name} must be a plain relative path, got {value!r}")  # not translated: for devs


def _files(inst: object, attribute: attrs.Attribute, value: tuple[tuple[str, bytes], ...]) -> None:
    names = [name for name, _data in value]
    if len(set(names)) != len(names):
        raise ValueError("files must not name a file twice")  # not translated: for developers
    for name, data in value:
        _relative_path(inst, attribute, name)
        if not name.endswith(".toml") or not isinstance(data, bytes):
            raise ValueError(
                f"files must be (*.toml path, bytes) pairs, got {name!r}")  # not translated: for devs


@attrs.frozen
class PackSource:
    """A pack and the packs it extends as plain values (picklable, a few tens of KB)."""

    name: str
    version: str
    content_hash: str
    """The pack's own content hash (``load_pack(folder).identity.content_hash``)."""
    files: tuple[tuple[str, bytes], ...] = attrs.field(validator=_files)
    """(relative POSIX path, bytes) of every TOML file of the pack and its ancestors."""
    leaf: str = attrs.field(validator=_relative_path)
    """The pack's own folder among ``files`` (``.`` when it is their common folder)."""

    @classmethod
    def from_folder(cls, path: str | os.PathLike[str]) -> PackSource:
        """The pack folder at ``path`` with the packs it extends; raises ``PackError`` when
        the pack does not load."""
        catalog = load_pack(path)
        chain = _extends_chain(Path(os.path.abspath(path)))
        root = Path(os.path.commonpath([str(place) for _folder, place in chain]))
        files: list[tuple[str, bytes]] = []
        for folder, place in reversed(chain):  # the root pack first, as the loader reads them
            for file in list_toml_files(folder):
                try:
                    data = read_bytes(file)
                except PackFileError as exc:  # changed since it loaded a moment ago
                    raise PackError([ContentError(str(file), "", "", exc.problem)]) from None
                files.append(((place / file.name).relative_to(root).as_posix(), data))
        identity = catalog.identity
        return cls(identity.name, identity.version, identity.content_hash, tuple(files),
                   chain[0][1].relative_to(root).as_posix())

    @classmethod
    def from_files(cls, files: Mapping[str, str | bytes]) -> PackSource:
        """A self-contained pack made by a program: plain file name -> TOML text, with a
        ``pack.toml`` that extends nothing. Raises ``PackError`` when it does not load."""
        encoded = {name: data.encode("utf-8") if isinstance(data, str) else data
                   for name, data in files.items()}
        for name in encoded:
            if (PurePosixPath(name).name != name or "\\" in name or name.startswith(".")
                    or not name.endswith(".toml")):
                raise ValueError(
                    f"{name!r} is not a pack file's name: a generated pack is a "
                    "flat folder of *.toml files")  # not translated: for devs
        manifest = encoded.get(MANIFEST)
        if manifest is None:
            raise ValueError(f"a generated pack needs its {MANIFEST}")  # not translated: for developers
        try:
            extends = parse_toml(manifest).get("extends")
        except PackFileError:
            extends = None  # the load below reports it with the file's name
        if extends is not None:
            raise ValueError(
                f"a generated pack must extend nothing, but extends {extends!r}")  # not translated: for devs
        identity = load_files(encoded).identity
        return cls(identity.name, identity.version, identity.content_hash,
                   tuple(sorted(encoded.items())), ".")

    def root(self) -> PackSource:
        """The pack at the root of the chain: the game this pack varies (itself when it extends
        nothing), carried by the same files."""
        files = dict(self.files)
        leaf = PurePosixPath(self.leaf)
        while True:
            manifest = files.get((leaf / MANIFEST).as_posix())
            extends = parse_toml(manifest).get("extends") if manifest is not None else None
            if extends is None:
                break
            leaf = PurePosixPath(os.path.normpath(
                beside(leaf, extends) if names_a_pack(extends) else leaf / extends))
        if leaf == PurePosixPath(self.leaf):
            return self
        identity = load_files(files, leaf.as_posix()).identity
        return PackSource(identity.name, identity.version, identity.content_hash, self.files,
                          leaf.as_posix())


def _extends_chain(folder: Path) -> list[tuple[Path, Path]]:
    """``folder`` and the folders of the packs it extends, the leaf first, each with its place
    among the carried files: a pack named by its name (``extends = "base"``) is placed beside
    the pack that names it, where the loader looks for it first, so the files hold no path
    of this machine; a pack named by a path keeps its place. Resolved as the loader resolves
    them (lexically); only called on a pack that loaded, so the chain ends."""
    chain = [(folder, folder)]
    while True:
        real, place = chain[-1]
        extends = parse_toml(read_bytes(real / MANIFEST)).get("extends")
        if extends is None:
            break
        if not names_a_pack(extends) and (os.path.isabs(extends) or PureWindowsPath(extends).drive):
            # carried packs keep their places relative to each other: a path of this machine
            # would lead nowhere among them (and put the machine's folders into the report)
            raise NotCarried([ContentError(
                str(real / MANIFEST), "pack", "extends",
                _("extends gives a path of this computer ({path}): a simulation carries packs "
                  "by their names or by paths relative to each other; name a shipped pack "
                  "(extends = \"base\") or give the path from this pack's folder (such as "
                  "'../my-base')").format(path=extends))])
        parent = parent_folder(real, extends)
        assert parent is not None  # it loaded
        placed = Path(beside(place, extends)) if names_a_pack(extends) \
            else Path(os.path.normpath(place / extends))
        chain.append((parent, placed))
    places = [place for _real, place in chain]
    for index, place in enumerate(places):
        if place in places[:index]:  # a pack named by its name where another of the chain is
            raise PackError([ContentError(
                str(chain[index - 1][0] / MANIFEST), "pack", "extends",
                _("the pack it names by its name would be copied to {place}, where another "
                  "of the packs it builds on is: rename that folder").format(place=place))])
    return chain


# --------------------------------------------------------------------------- writing, loading


def write_pack(source: PackSource, folder: str | os.PathLike[str]) -> Path:
    """Write the pack's files under ``folder`` (created if need be) in their layout, and
    return the pack's own folder there. Raises FileExistsError when a pack folder there holds
    other ``.toml`` files, which would be loaded with it."""
    target = Path(folder)
    by_folder: dict[Path, list[str]] = {}
    for name, _data in source.files:
        path = target / name
        by_folder.setdefault(path.parent, []).append(path.name)
    for pack_folder, names in by_folder.items():
        if pack_folder.is_dir():
            others = sorted(p.name for p in list_toml_files(pack_folder) if p.name not in names)
            if others:
                raise FileExistsError(
                    f"{pack_folder} holds other pack files: {', '.join(others)}")  # not translated: for devs
    for name, data in source.files:
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return target / source.leaf


_catalogs: dict[str, Catalog] = {}
_catalogs_lock = threading.Lock()
"""A Dask worker runs several tasks at once in threads; one of them loads, the others wait."""


def load_source(source: PackSource) -> Catalog:
    """The catalog of ``source``, loaded once per process (a worker receives the same pack
    with every task) from its files as they are, nothing written to disk. Raises
    ``PackError`` when the files do not load, ``PackSourceError`` when they load to another
    identity."""
    with _catalogs_lock:
        catalog = _catalogs.get(source.content_hash)
        if catalog is None:
            catalog = load_files(dict(source.files), source.leaf)
            if not _matches(catalog, source):
                raise PackSourceError(
                    _("the pack {pack} {version} loads here with the content hash {found}, "
                      "not {sent} as sent").format(
                          pack=source.name, version=source.version,
                          found=catalog.identity.content_hash, sent=source.content_hash))
            _catalogs[source.content_hash] = catalog
    return catalog


def _matches(catalog: Catalog, source: PackSource) -> bool:
    identity = catalog.identity
    return (identity.name, identity.version, identity.content_hash) == (
        source.name, source.version, source.content_hash)


def remove_old_pack_cache() -> bool:
    """Remove the folder of pack copies that earlier versions wrote for their simulation
    workers (``smqt-packs-USER`` in the temporary folder), if it is this user's; whether
    there was one. Packs are loaded from their files now, nothing is written."""
    user = str(os.getuid()) if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    folder = Path(tempfile.gettempdir()) / f"smqt-packs-{user}"
    try:
        if not folder.is_dir() or folder.is_symlink() or (
                hasattr(os, "getuid") and folder.lstat().st_uid != os.getuid()):
            return False
    except OSError:
        return False
    shutil.rmtree(folder, ignore_errors=True)
    return True
