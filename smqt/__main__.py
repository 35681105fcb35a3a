"""``python -m smqt``: the same as the ``smqt`` command."""

import sys

from smqt.cli.main import main

sys.exit(main())
