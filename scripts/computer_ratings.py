"""Measure the computer levels' published ratings (issue 44): an arena between the levels
on each rated ladder, Bradley-Terry strengths on the Elo scale, `random` at `ANCHOR`.

    python scripts/computer_ratings.py GAMES_PER_SEATING [LADDER ...]

writes `src/ludoteca/web/accounts/computers.toml` (the ladders not measured this run are
kept). Glicko-2 and the OpenSkill model the site uses share the Elo scale (400 points:
10-to-1 odds), so one arena's figures serve both.
"""

from __future__ import annotations

import math
import sys
import time
import tomllib
from pathlib import Path

from ludoteca.agents.levels import presets_for
from ludoteca.sim.arena import run_arena
from ludoteca.sim.ratings import bradley_terry

OUT = Path(__file__).resolve().parent.parent / "src/ludoteca/web/accounts/computers.toml"
ANCHOR = 800.0
"""The random level's rating on every ladder: the scale's zero, as a beginner's."""
LADDERS = {
    "toinc/duel": ("toinc", {}),
    "touchdown/duel": ("touchdown", {}),
    "futebol/duel": ("futebol", {}),
    "toxicity/table": ("toxicity", {"players": 3}),
}
"""What each ladder's arena plays: the game with the web's default options (Toxicity at
three seats, one for each level)."""
LEVELS = ("random", "easy", "medium")
"""The levels rated: `hard` thinks a second a move, too long to measure here."""


def measure(ladder: str, games_per_seating: int) -> dict[str, object]:
    """One ladder's levels' ratings and how they were measured."""
    name, options = LADDERS[ladder]
    specs = [presets_for(name)[level] for level in LEVELS]
    started = time.monotonic()
    result = run_arena(name, options, specs, games_per_seating, seed=44, workers=1)
    strengths = bradley_terry(result.pairwise)
    elo = [400 * math.log10(s / strengths[0]) + ANCHOR for s in strengths]
    return {
        **{level: round(value) for level, value in zip(LEVELS, elo, strict=True)},
        "games": sum(result.games) // int(options.get("players", 2)),
        "score_rates": [round(p / g, 3) for p, g in zip(result.points, result.games, strict=True)],
        "minutes": round((time.monotonic() - started) / 60, 1),
    }


def main() -> None:
    games_per_seating = int(sys.argv[1])
    ladders = sys.argv[2:] or list(LADDERS)
    kept = tomllib.loads(OUT.read_text()) if OUT.exists() else {}
    for ladder in ladders:
        kept[ladder] = measure(ladder, games_per_seating)
        print(ladder, kept[ladder], flush=True)
        OUT.write_text(_toml(kept))


def _toml(ladders: dict[str, dict[str, object]]) -> str:
    lines = [
        "# The computer levels' fixed ratings on each ladder (issue 44), written by",
        "# `python scripts/computer_ratings.py GAMES_PER_SEATING LADDER`: an arena between",
        "# the levels, Bradley-Terry on the Elo scale, random at 800; `games` is how many",
        "# each ladder's figures rest on. Do not edit by hand.",
    ]
    for ladder, row in sorted(ladders.items()):
        lines.append("")
        lines.append(f'["{ladder}"]')
        lines.extend(f"{key} = {value!r}" for key, value in row.items())
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
