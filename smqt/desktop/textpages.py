"""Long texts to read in a window (the rules, the pack format guide): their tables fit the
page."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument, QTextLength, QTextTable


def fit_tables(document: QTextDocument) -> None:
    """Every table of ``document`` as wide as the page, its cells wrapping, rather than as wide
    as its longest line (a wide table made the whole page scroll sideways, and paging through
    it cut the left edge of the text)."""
    frames = [document.rootFrame()]
    while frames:
        frame = frames.pop()
        for child in frame.childFrames():
            if isinstance(child, QTextTable):
                table_format = child.format()
                table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
                child.setFormat(table_format)
            frames.append(child)
