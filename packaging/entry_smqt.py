"""The frozen table's entry point (``smqt``): the same as the installed command."""

import sys

from smqt.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
