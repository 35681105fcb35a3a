"""``smqt-editor``: the content editor's command (the editor lives in the ``editor`` package)."""

from __future__ import annotations


def main() -> int:
    from editor.app import main as editor_main

    return editor_main()
