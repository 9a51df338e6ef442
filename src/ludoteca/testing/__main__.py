"""`python -m ludoteca.testing GAME [KEY=VALUE ...]`: print a golden playthrough."""

import sys

from ludoteca.testing.playthroughs import main

sys.exit(main(sys.argv[1:]))
