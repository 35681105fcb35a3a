"""``smqt-editor``: the content editor's command (the editor itself is issue 6's work)."""

from __future__ import annotations

import sys


def main() -> int:
    sys.stderr.write("smqt-editor: the content editor is not part of this version yet; "
                     "edit packs as TOML and check them with `smqt validate PACK`.\n")
    return 1
