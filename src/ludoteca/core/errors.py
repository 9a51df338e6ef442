"""Errors a user can cause. Each carries one clear message naming what is wrong."""


class LudotecaError(Exception):
    """Base of every error caused by input: the CLI prints it and exits 2."""


class IllegalAction(LudotecaError):
    """An action refused by the rules; the state is unchanged."""


class OptionError(LudotecaError):
    """An unknown game, variant or option, or an option with a bad value."""


class DataFileError(LudotecaError):
    """A data file (deck, board, roster, replay) that is malformed or breaks the rules."""
