"""The games the research interop tests play: every registered game with an observation
tensor (the environments' whole point), each with its own short options."""

from __future__ import annotations

from typing import Any

from ludoteca import games


def tensor_games() -> dict[str, dict[str, Any]]:
    """Each registered game that declares an observation tensor: its `short_options`."""
    found: dict[str, dict[str, Any]] = {}
    for name in games.playable():
        options = games.game_class(name).short_options()
        try:
            games.load(name, **options).observation_shape()
        except NotImplementedError:
            continue  # the core's test games (toy, tilted) keep to strings
        found[name] = options
    return found
