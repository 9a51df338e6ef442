"""ludoteca's golden playthroughs: one seeded random game per conformance configuration of
each built-in game (kept with its tests, `tests/games/<game>/playthroughs/`) and of the
example plugins (kept here), recorded by `ludoteca.testing.playthroughs`
(the first steps written out in full, the rest as an action and a digest a line). A
refactoring that changes no rule leaves every file byte-identical; a rule change shows up
as the first differing step.

Regenerate after a deliberate rule change (and say so in the commit):

    .venv/bin/python -m tests.playthroughs.record
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ludoteca import games
from ludoteca.testing.playthroughs import record

HERE = Path(__file__).parent
GAME_TESTS = HERE.parent / "games"
"""A built-in game's goldens are with its tests: `tests/games/<game>/playthroughs/<i>.txt`."""


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, index, options) for every conformance configuration of the games this suite
    keeps goldens of: the built-in games (a missing golden fails) and the example plugins
    recorded here. Another installed plugin is not this suite's to record (its conformance
    is still checked, `tests/conformance/`), so installing one leaves this suite green."""
    return [
        (name, index, config)
        for name in games.names()
        if _ours(name)
        for index, config in enumerate(games.game_class(name).conformance_configs())
    ]


def _ours(name: str) -> bool:
    return games.game_class(name).__module__.startswith("ludoteca.games.") or any(
        HERE.glob(f"{name}-*.txt")
    )


def path_of(name: str, index: int) -> Path:
    """The golden file of configuration `index` of game `name`: with the game's tests for a
    built-in game, here (`<name>-<index>.txt`) for the example plugins and test games."""
    if games.game_class(name).__module__.startswith("ludoteca.games."):
        return GAME_TESTS / name / "playthroughs" / f"{index}.txt"
    return HERE / f"{name}-{index}.txt"


def main() -> None:
    """Write every golden file (after a deliberate rule change)."""
    import tests.conftest  # noqa: F401  (registers the test-only toy game, as pytest does)

    for name, index, options in configurations():
        path = path_of(name, index)
        path.write_text(record(name, options), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
