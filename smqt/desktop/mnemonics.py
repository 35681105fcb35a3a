"""Mnemonics for menu entries made from data (the AI's paces, the text sizes, the languages):
each entry gets its own Alt+letter in whatever language it is shown, the first letter of a
word where one is free, else any free letter."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtWidgets import QMenu


def taken_by(texts: Iterable[str]) -> set[str]:
    """The mnemonics that entries already marked with ``&`` use."""
    taken = set()
    for text in texts:
        plain = text.replace("&&", "")
        at = plain.find("&")
        if 0 <= at < len(plain) - 1:
            taken.add(plain[at + 1].lower())
    return taken


def with_mnemonics(labels: Sequence[str], taken: Iterable[str] = ()) -> list[str]:
    """``labels`` with a free mnemonic each (``&`` before it); a label left without one when
    no letter of it is free."""
    used = {letter.lower() for letter in taken}
    marked = []
    for label in labels:
        text = label.replace("&", "&&")
        starts = [i for i, ch in enumerate(text)
                  if ch.isalnum() and (i == 0 or not text[i - 1].isalnum())]
        others = [i for i, ch in enumerate(text) if ch.isalnum() and i not in starts]
        at = next((i for i in starts + others if text[i].lower() not in used), None)
        if at is not None:
            used.add(text[at].lower())
            text = text[:at] + "&" + text[at:]
        marked.append(text)
    return marked


def mark_menu(menu: QMenu) -> None:
    """Every entry of ``menu`` that has no mnemonic gets a free one (its text as shown now,
    in the language shown): for menus whose entries are named without ``&``, and again after
    an entry's text changes (the editor's "Undo ...")."""
    entries = [act for act in menu.actions() if not act.isSeparator() and act.text()]
    taken = taken_by(act.text() for act in entries)
    bare = [act for act in entries if not taken_by([act.text()])]
    for act, text in zip(bare, with_mnemonics([act.text().replace("&&", "&") for act in bare],
                                              taken), strict=True):
        act.setText(text)
