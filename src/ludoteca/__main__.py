"""`python -m ludoteca` runs the command line."""

from ludoteca.cli.main import main

main()
