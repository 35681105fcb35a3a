"""What a pack that loads may still get wrong, said as warnings (the pack plays; the author
decides): two entries that share a name in a language, so that a table shows two cards of
one name (a duplicated card keeps its German name: two "Gezeitentümpel"), and a parent named
by a path into smqt's installation, which breaks when the folder is sent elsewhere or smqt
is installed again. A warning is a ``ContentError`` too: it names the file, the entry and
the key, so that the editor goes to it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from smqt.engine.effects import shown
from smqt.language.translate import N_, _
from smqt.pack.extends import names_a_pack, parent_folder, shipped_name
from smqt.pack.folder import KINDS, PackContents
from smqt.pack.manifest import MANIFEST
from smqt.pack.problems import ContentError, entry_words
from smqt.pack.shipped import content_root

SHARED_NAME = N_("the name {name} is also the name of {other} ({file}): a table would show "
                 "two of them; give each entry a name of its own")
"A name the pack's own words give two entries."
SHARED_WORDED_NAME = {
    "de": N_("the German name {name} is also the German name of {other} ({file}): a German "
             "table would show two of them; give each entry a German name of its own (de.name)"),
}
"A name in another language (``de.name``) that two entries show, by language."


def pack_warnings(contents: PackContents) -> list[ContentError]:
    """Every warning about the pack read into ``contents`` (``smqt.pack.folder.read_pack``)."""
    return [*shared_names(contents), *path_into_installation(contents)]


def _same(name: str) -> str:
    """A name as a person reads it: case and runs of spaces make no other name."""
    return " ".join(name.split()).casefold()


def shared_names(contents: PackContents) -> list[ContentError]:
    """A warning on each entry whose name another entry has already, in the pack's own words
    and in each language an entry may give its name in (``de.name``). The pack's own entries
    are blamed before those it inherits, and in each the later one; a language's name that
    is the pack's own name on both entries is told once, in the pack's own words."""
    leaf = Path(contents.folder)
    named = [(kind, ident, entry) for kind in KINDS
             for ident, entry in contents.entries[kind].items()
             if isinstance(getattr(entry, "name", None), str)]
    named.sort(key=lambda item: Path(contents.origin.get(item[:2], "")).parent == leaf)
    warnings = []
    for language in ("", *SHARED_WORDED_NAME):
        seen: dict[str, tuple[str, str, str, bool]] = {}
        for kind, ident, entry in named:
            worded = _worded_name(entry, language)
            name = worded or entry.name
            first = seen.setdefault(_same(name), (kind, ident, name, bool(worded)))
            if first[:2] == (kind, ident) or (language and not worded and not first[3]):
                continue
            sentence = _(SHARED_WORDED_NAME[language] if language else SHARED_NAME)
            warnings.append(ContentError(
                contents.origin.get((kind, ident), ""), ident,
                f"{language}.name" if language else "name",  # not translated: a key
                sentence.format(name=shown(name), other=entry_words(first[0], first[1]),
                                file=contents.origin.get(first[:2], "")),
                section=kind))
    return warnings


def _worded_name(entry: Any, language: str) -> str:
    """The entry's own name in ``language`` ("" for the pack's own words or none given, or
    for words marked outdated: until translated again the table shows the pack's own name)."""
    wording = getattr(entry, language, None) if language else None
    if getattr(wording, "outdated", False):
        return ""
    name = getattr(wording, "name", "")
    return name if isinstance(name, str) else ""


def path_into_installation(contents: PackContents) -> list[ContentError]:
    """A warning when the pack, outside smqt's installation, extends a shipped pack by a
    path into it (``../../../usr/lib/.../content/base``) instead of its name."""
    extends = contents.manifest.extends
    if not contents.folder or extends is None or names_a_pack(extends):
        return []
    leaf = Path(contents.folder)
    parent = parent_folder(leaf, extends)
    name = shipped_name(parent) if parent is not None else None
    if name is None or _inside_installation(leaf):
        return []
    return [ContentError(
        str(leaf / MANIFEST), "pack", "extends",
        _("extends leads into smqt's installation by a path ({path}): that breaks when this "
          "folder is sent elsewhere or smqt is installed again; name the shipped pack "
          "instead: extends = {name}").format(path=shown(extends), name=f'"{name}"'))]


def _inside_installation(folder: Path) -> bool:
    try:
        return folder.resolve().is_relative_to(content_root().resolve())
    except (OSError, RuntimeError):
        return False
