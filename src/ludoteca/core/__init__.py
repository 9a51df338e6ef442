"""The game contract: what every ludoteca game implements and every tool relies on."""

from ludoteca.core.actions import Action
from ludoteca.core.errors import DataFileError, IllegalAction, LudotecaError, OptionError
from ludoteca.core.events import Event
from ludoteca.core.game import Game, GameKnowledge, State
from ludoteca.core.guide import Guide
from ludoteca.core.info import GameInfo, Utility
from ludoteca.core.layout import Block, TensorLayout
from ludoteca.core.minutes import Minutes, minutes_range
from ludoteca.core.observation import Observation
from ludoteca.core.options import DataFile, Option, OptionValue, file_source
from ludoteca.core.outcome import Outcome, Termination
from ludoteca.core.replay import Replay
from ludoteca.core.seeds import game_seed

__all__ = [
    "Action",
    "Block",
    "DataFile",
    "DataFileError",
    "Event",
    "Game",
    "GameInfo",
    "GameKnowledge",
    "Guide",
    "IllegalAction",
    "LudotecaError",
    "Minutes",
    "Observation",
    "Option",
    "OptionError",
    "OptionValue",
    "Outcome",
    "Replay",
    "State",
    "TensorLayout",
    "Termination",
    "Utility",
    "file_source",
    "game_seed",
    "minutes_range",
]
