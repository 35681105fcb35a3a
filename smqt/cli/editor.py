"""``smqt-editor``: the content editor's command (the editor lives in the ``editor`` package)."""

from __future__ import annotations

import multiprocessing

from smqt.cli.streams import ensure_streams


def main() -> int:
    # the editor's Simulate starts worker processes; in a frozen app they run this entry point
    multiprocessing.freeze_support()
    ensure_streams()
    from editor.shell.app import main as editor_main

    return editor_main()
