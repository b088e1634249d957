"""``python -m threeup3down``: the command line (see :mod:`threeup3down.cli`)."""

import sys

from threeup3down.cli import main

sys.exit(main())
