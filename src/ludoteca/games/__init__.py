"""The game registry: every playable game by name, loaded lazily."""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.core import Game, GameInfo, OptionError

# name -> "module:Class". A game package depends on ludoteca.core only.
_REGISTRY: dict[str, str] = {
    "futebol": "ludoteca.games.futebol:FutebolGame",
    "toinc": "ludoteca.games.toinc.game:ToincGame",
    "toxicity": "ludoteca.games.toxicity.game:Toxicity",
    "touchdown": "ludoteca.games.touchdown:TouchdownGame",
}


def names() -> list[str]:
    """The registered game names, sorted."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The `Game` class registered as `name` (raises `OptionError` if unknown)."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise OptionError(
            f"unknown game '{name}' (available: {', '.join(names()) or 'none'})"
        ) from None
    module_name, class_name = target.split(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def info(name: str) -> GameInfo:
    """The declared properties of game `name`."""
    return game_class(name).info


def load(name: str, **options: Any) -> Game:
    """A configured game: `load("toinc", variant="single-deck")`."""
    return game_class(name)(**options)
