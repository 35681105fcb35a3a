"""The frozen table's entry point (``smqt``): the same as the installed command."""

import os
import sys

from smqt.cli import main

if __name__ == "__main__":
    # a windowed app on Windows has no console: what the commands print goes nowhere, safely
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    sys.exit(main())
