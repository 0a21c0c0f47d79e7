"""`python -m cardnight`: the same as the `cardnight` command."""

import sys

from cardnight.cli import main

sys.exit(main())
