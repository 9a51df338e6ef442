"""Turning command-line words into game options and seat assignments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer

from ludoteca import games
from ludoteca.core import OptionError
from ludoteca.core.datafile import inline_paths
from ludoteca.core.i18n import _

VariantOpt = Annotated[str | None, typer.Option("--variant", help="The game's variant.")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of all randomness.")]


def parse_options(variant: str | None, pairs: list[str] | None) -> dict[str, str]:
    """`--variant V` and `--option key=value` as a game-options mapping."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("--option '{pair}' must be key=value", pair=pair))
        options[key.strip()] = value.strip()
    if variant is not None:
        options["variant"] = variant
    return options


def parse_seats(pairs: list[str] | None, seats: int, default: str) -> list[str]:
    """`--seat 0=human --seat 1=random` as one agent spec (or 'human') per seat."""
    assignment = [default] * seats
    for pair in pairs or []:
        index, sep, spec = pair.partition("=")
        if not sep or not index.strip().isdigit() or not spec.strip():
            raise OptionError(
                _("--seat '{pair}' must be SEAT=AGENT, e.g. 0=human or 1=random", pair=pair)
            )
        seat = int(index)
        if not 0 <= seat < seats:
            raise OptionError(
                _("--seat {seat}: this game has seats 0-{last}", seat=seat, last=seats - 1)
            )
        assignment[seat] = spec.strip()
    return assignment


def game_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` of `game` with file options given as paths read in (`inline_paths`)."""
    return inline_paths(games.info(game).options, options)
