"""`python3 -m plotting ARGS`: what scripts/plot.sh runs."""

import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
