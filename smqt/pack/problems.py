"""What is wrong with a content pack: ``ContentError``, one problem with its file, entry, key
and line; ``PackError``, raised with every problem of a pack that cannot be used."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from smqt.language.translate import _, ngettext, pgettext


@attrs.frozen
class ContentError:
    """One problem in a content pack, saying where it is and what to fix."""

    file: str
    "The file, as a readable path."
    entry: str
    "The entry id; ``pack`` for the manifest, ``rules``, ``remove``; empty when unknown."
    key: str
    "Dotted path inside the entry, such as ``scoring[1].tag``; empty for the whole entry."
    problem: str
    "What is wrong and what is allowed."
    line: int | None = None
    "The line, when known (TOML syntax and encoding errors)."
    section: str = ""
    "The TOML section of the entry (``card``, ``starting_tile``...), when it is one."
    index: int | None = None
    "The entry's position in its section of the file (0-based), when it is one."

    def __str__(self) -> str:
        head = self.file if self.line is None else \
            _("{file}, line {line}").format(file=self.file, line=self.line)
        key = _("key {key}").format(key=self.key) if self.key else ""
        where = [part for part in (self._where(), key) if part]
        if where:
            return f"{head}: {', '.join(where)}: {self.problem}"
        return f"{head}: {self.problem}"

    def _where(self) -> str:
        if not self.section or self.section == self.entry:
            return self.entry
        if self.entry:
            return entry_words(self.section, self.entry)
        section = _SECTIONS[self.section]() if self.section in _SECTIONS else self.section
        if self.index is not None:
            return f"{section} #{self.index + 1}"
        return section


def entry_words(section: str, entry: str) -> str:
    """An entry as a problem names it: its section in the language in force and its id
    (``card 'tide_pools'``; German ``Merkmalskarte 'tide_pools'``)."""
    words = _SECTIONS[section]() if section in _SECTIONS else section
    return f"{words} {entry!r}"


# Translators: a pack file's section, naming an entry in a problem ("card 'pier': ..."); in
# English it is the section's own name in the file (German: Merkmalskarte, Startplättchen...)
_SECTIONS = {
    "card": lambda: pgettext("a pack's section", "card"),
    "starting_tile": lambda: pgettext("a pack's section", "starting_tile"),
    "sand_dollar_action": lambda: pgettext("a pack's section", "sand_dollar_action"),
    "sand_dollar_tile": lambda: pgettext("a pack's section", "sand_dollar_tile"),
    "objective_tile": lambda: pgettext("a pack's section", "objective_tile"),
}


class PackError(Exception):
    """A content pack has problems; ``errors`` lists every one of them."""

    def __init__(self, errors: Iterable[ContentError]) -> None:
        self.errors = list(errors)
        count = len(self.errors)
        lines = "\n".join(str(error) for error in self.errors)
        super().__init__(ngettext("{count} problem in content pack:\n{lines}",
                                  "{count} problems in content pack:\n{lines}",
                                  count).format(count=count, lines=lines))
