"""The translation catalogs: texts marked in the code (extracted with Babel, room by room) and
their translations in ``smqt/locale/<lang>/<room>.po``, compiled together into
``smqt/locale/<lang>/LC_MESSAGES/smqt.mo``, which the product ships and reads.

``python -m smqt.language.catalogs update`` brings every room's ``.po`` file in step with the
code (new texts added untranslated, texts no longer in the code dropped, translations kept);
``python -m smqt.language.catalogs compile`` writes the ``.mo`` files. A test checks that both
are current and that every text is translated (``docs/translating.md``)."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from smqt.language.translate import DOMAIN, LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parents[2]
"The top of the source tree (the catalogs are made from sources, never from an installed app)."
LOCALE = ROOT / "smqt" / "locale"
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
ROOMS = (
    "smqt.engine", "smqt.files", "smqt.pack", "smqt.records", "smqt.ai", "smqt.render",
    "smqt.sim", "smqt.sim.run", "smqt.sim.plan", "smqt.sim.statistics", "smqt.sim.report",
    "smqt.sim.cluster", "smqt.coach", "smqt.desktop", "smqt.ui.game", "smqt.ui.table",
    "smqt.ui.panels", "smqt.ui.shell", "smqt.cli", "editor.model", "editor.forms", "editor.export",
    "editor.shell", "smqt.language",
)
"Every room whose texts a person reads, each with its own catalog file per language."


def room_folder(room: str) -> Path:
    return ROOT.joinpath(*room.split("."))


def extract(room: str) -> Catalog:
    """The texts marked in one room's modules (not in its sub-rooms, which have their own)."""
    folder = room_folder(room)
    found = Catalog(domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
            folder, keywords=KEYWORDS, comment_tags=("Translators:",),  # not translated: a marker
            directory_filter=lambda path: Path(path) == folder):
        found.add(message, None, [(f"{room.replace('.', '/')}/{filename}", lineno)],
                  auto_comments=comments, context=context)
    return found


def po_path(language: str, room: str) -> Path:
    return LOCALE / language / f"{room}.po"


def read(path: Path, language: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN)
    with path.open("rb") as stream:
        return read_po(stream, locale=language, domain=DOMAIN)


def updated(language: str, room: str, elsewhere: Sequence[Catalog] = ()) -> Catalog:
    """The room's catalog in ``language`` in step with the code: translations kept, new
    texts untranslated, texts gone from the code dropped (not kept as obsolete). A text new
    to the room that one of the catalogs ``elsewhere`` translates (the other rooms' as they
    were: a module moved between rooms) keeps that translation."""
    old = read(po_path(language, room), language)
    header = f"# {room} in {language} (python -m smqt.language.catalogs update)."  # not translated: dev
    new = Catalog(locale=language, domain=DOMAIN, project="smqt", fuzzy=False,
                  header_comment=header)
    for message in extract(room):
        if not message.id:
            continue
        before = old.get(message.id, message.context)
        if before is None or not before.string:
            before = next((found for other in elsewhere
                           if (found := other.get(message.id, message.context)) is not None
                           and found.string and not found.fuzzy), before)
        string, flags = (None, ()) if before is None else reshaped(before.string, message.id,
                                                                   set(before.flags))
        new.add(message.id, string, message.locations, auto_comments=message.auto_comments,
                context=message.context, flags=flags)
    return new


def reshaped(string: str | tuple[str, ...] | None, message_id: str | tuple[str, ...],
             flags: set[str]) -> tuple[str | tuple[str, ...] | None, set[str]]:
    """A kept translation in the shape of its text now: a text that became plural (or
    singular) keeps its old words as a fuzzy hint in each form, to be translated again."""
    plural = isinstance(message_id, tuple)
    if string is None or isinstance(string, tuple) == plural:
        return string, flags
    if plural:
        return (string, string), flags | {"fuzzy"}  # not translated: a catalog flag
    return (string[0] if string else None), flags | {"fuzzy"}  # not translated: a catalog flag


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True,
             include_lineno=False)
    # dates change with every run, and the template's placeholders say nothing: left out
    dropped = (b'"POT-Creation-Date', b'"PO-Revision-Date', b'"Report-Msgid-Bugs-To',
               b'"Last-Translator', b'"Language-Team', b'"Project-Id-Version', b'"Generated-By')
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith(dropped))


class _Shipped(Catalog):
    """A catalog whose header says nothing about the Babel that wrote it: the compiled bytes
    are the same whichever Babel a fresh install brings."""

    @property  # type: ignore[override]
    def mime_headers(self) -> list[tuple[str, str]]:
        return [(k, v) for k, v in super().mime_headers if k != "Generated-By"]


def compiled(language: str, rooms: Iterable[str] = ROOMS) -> bytes:
    """Every room's catalog in ``language`` compiled into one ``.mo`` (untranslated and fuzzy
    texts left out, so that they show in English)."""
    fixed = datetime(2026, 1, 1, tzinfo=UTC)  # the same bytes from the same texts
    merged = _Shipped(locale=language, domain=DOMAIN, project="smqt", version="1",
                     creation_date=fixed, revision_date=fixed, fuzzy=False)
    for room in rooms:
        for message in read(po_path(language, room), language):
            if message.id and message.string and not message.fuzzy:
                merged.add(message.id, message.string, context=message.context)
    out = io.BytesIO()
    write_mo(out, merged)
    return out.getvalue()


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m smqt.language.catalogs")
    parser.add_argument("what", choices=("update", "compile"))
    parser.add_argument("--room", action="append", choices=ROOMS, default=None,
                        help="update only this room (may be given again)")  # not translated: dev
    args = parser.parse_args(argv)
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        if args.what == "update":
            before = [read(path, language) for path in sorted((LOCALE / language).glob("*.po"))]
            for room in args.room or ROOMS:
                path = po_path(language, room)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(po_text(updated(language, room, before)))
            if args.room:
                continue  # one room: the shipped catalog is compiled when all are done
        path = mo_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled(language))
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
