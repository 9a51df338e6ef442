"""Golden playthroughs: one seeded random game per conformance configuration.

Each line is one step: its index, the action, and a digest of everything the
players see before it (every seat's observation, the spectator's, the seat to
act and the legal actions). A refactoring that changes no rule leaves every file
byte-identical; a rule change shows up as the first differing step.

Regenerate after a deliberate rule change (and say so in the commit):

    .venv/bin/python -m tests.playthroughs.record
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from ludoteca import games
from ludoteca.core import State

HERE = Path(__file__).parent
LIMIT = 1000
"""Steps recorded at most: enough to cover set-up and many turns, small enough to diff."""
SEED = 20261125


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
    """The golden file of configuration `index` of game `name`."""
    return HERE / f"{name}-{index}.txt"


def digest(state: State) -> str:
    """16 hex digits of everything any seat or a spectator sees in `state`."""
    seats = range(state.game.num_seats)
    views = [state.observation(seat) for seat in seats] + [state.observation(None)]
    seen = [views, state.current_player, state.legal_actions()]
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def playthrough(name: str, options: dict[str, Any]) -> str:
    """The golden text of one seeded random game of `name` with `options`."""
    game = games.load(name, **options)
    state = game.new_game(SEED)
    rng = random.Random(SEED)
    lines = [f"# {name} {json.dumps(options, sort_keys=True)} seed {SEED}"]
    step = 0
    while not state.is_terminal and step < LIMIT:
        action = rng.choice(state.legal_actions())
        lines.append(f"{step} {action} {digest(state)}")
        state.apply(action)
        step += 1
    if state.is_terminal:
        lines.append(f"end {json.dumps(state.result(), sort_keys=True)} {digest(state)}")
    else:
        lines.append(f"cut after {LIMIT} steps {digest(state)}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write every golden file (after a deliberate rule change)."""
    import tests.conftest  # noqa: F401  (registers the test-only toy game, as pytest does)

    for name, index, options in configurations():
        path = path_of(name, index)
        path.write_text(playthrough(name, options), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
