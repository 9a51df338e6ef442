"""The game contract: what every ludoteca game implements and every tool relies on."""

from ludoteca.core.errors import DataFileError, IllegalAction, LudotecaError, OptionError
from ludoteca.core.events import Event
from ludoteca.core.game import Game, GameInfo, GameKnowledge, State
from ludoteca.core.options import DataFile, Option, OptionValue, file_source
from ludoteca.core.replay import Replay
from ludoteca.core.seeds import game_seed

__all__ = [
    "DataFile",
    "DataFileError",
    "Event",
    "Game",
    "GameInfo",
    "GameKnowledge",
    "IllegalAction",
    "LudotecaError",
    "Option",
    "OptionError",
    "OptionValue",
    "Replay",
    "State",
    "file_source",
    "game_seed",
]
