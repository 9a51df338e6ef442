"""The game registry: every playable game by name, found through entry points.

A game is a Python package that declares its `Game` class in the standard entry
point group `ludoteca.games` (`[project.entry-points."ludoteca.games"]` in its
`pyproject.toml`): installing the package adds the game to the CLI, simulations,
tournaments and the web lobby. ludoteca's own four games are declared the same way.
Nothing is imported until a game is asked for.
"""

from __future__ import annotations

import logging
from functools import cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from ludoteca.core import Game, GameInfo, OptionError, i18n
from ludoteca.core.guide import package_folder
from ludoteca.core.i18n import _

GROUP = "ludoteca.games"
"""The entry point group games are declared in."""

_added: dict[str, str] = {}
"""Games registered at run time (`register`), e.g. the test suite's toy game."""


@cache
def _declared() -> dict[str, EntryPoint]:
    """The installed games' entry points, by name."""
    return {point.name: point for point in entry_points(group=GROUP)}


def register(name: str, target: str) -> None:
    """Add game `name` whose class is `target` ("module:Class") for this process."""
    _added[name] = target


def unregister(name: str) -> None:
    """Forget game `name` added by `register` (an installed game stays)."""
    _added.pop(name, None)


def names() -> list[str]:
    """The registered game names, sorted."""
    return sorted(set(_declared()) | set(_added))


def built_in() -> list[str]:
    """The games ludoteca ships (those declared by a module of `ludoteca`), sorted:
    what ludoteca's own cross-game tests, scripts and benchmarks play, so a new built-in
    game is played by them with no list to edit and an installed plugin is left out."""
    return [name for name in names() if _target(name).startswith("ludoteca.")]


def _target(name: str) -> str:
    """The "module:Class" game `name` is registered as, without importing it."""
    return _added[name] if name in _added else _declared()[name].value


def playable() -> list[str]:
    """The registered games that load, sorted: an installed game that is broken is left
    out (and logged) rather than taking the lobby or a listing down with it."""
    found = []
    for name in names():
        try:
            game_class(name)
        except OptionError as exc:
            logging.getLogger("ludoteca.games").warning("%s", exc)
            continue
        found.append(name)
    return found


def game_class(name: str) -> type[Game]:
    """The `Game` class registered as `name` (raises `OptionError` if unknown, or if the
    installed package does not provide a game by that name)."""
    try:
        if name in _added:
            module_name, _colon, class_name = _added[name].partition(":")
            found = getattr(import_module(module_name), class_name)
        else:
            found = _declared()[name].load()
    except KeyError:
        raise OptionError(
            _(
                "unknown game '{name}' (available: {value})",
                name=name,
                value=", ".join(names()) or "none",
            )
        ) from None
    except (ImportError, AttributeError) as exc:
        raise OptionError(
            _("game '{name}' is installed but cannot be loaded: {exc}", name=name, exc=str(exc))
        ) from None
    if not (isinstance(found, type) and issubclass(found, Game) and found.info.name == name):
        raise OptionError(
            _("game '{name}' is installed but does not name a ludoteca game class", name=name)
        )
    folder = package_folder(found, "locale")  # a plugin's own catalogs, if it has any
    if isinstance(folder, Path):
        i18n.add_catalogs(folder)
    return found


def info(name: str) -> GameInfo:
    """The declared properties of game `name`."""
    return game_class(name).info


def load(name: str, **options: Any) -> Game:
    """A configured game: `load("toinc", variant="single-deck")`."""
    return game_class(name)(**options)
