"""The frozen content editor's entry point (``smqt-editor``): the same as the installed command."""

import sys

from smqt.cli.editor import main

if __name__ == "__main__":
    sys.exit(main())
