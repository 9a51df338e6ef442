"""Golden playthroughs: one seeded random game written out step by step, for a game's
authors and for ludoteca (OpenSpiel's playthroughs are the model).

A playthrough is text. Its header names the game, its options and the seed. Each of the
first `SHOWN` steps then says which seat acts, what every seat and a spectator see (all
of it at the first step, then only what changed, as `path = value`; what changed alike
for everyone once, under `*`), the legal actions and the action the seeded random player
chose. Later steps take one line each, the action and a digest of everything seen, so a
game of a thousand steps stays small. The last line gives the result and each seat's
return. A change that is not meant to change a rule leaves the text byte-identical;
`check` names the first step where a recorded text and the game part.

    python -m ludoteca.testing GAME [KEY=VALUE ...] > playthrough.txt
"""

from __future__ import annotations

import difflib
import hashlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludoteca import games
from ludoteca.core import OptionError, State

SEED = 20261125
"""The seed of the game and of the random player."""
LIMIT = 1000
"""Steps recorded at most: set-up and many turns, small enough to read a change in."""
SHOWN = 20
"""Steps written out in full; the rest one line each."""
Flat = dict[str, Any]


def digest(state: State) -> str:
    """16 hex digits of everything any seat or a spectator sees in `state`, the seat to
    act and the legal actions."""
    seats = range(state.game.num_seats)
    views = [state.observation(seat) for seat in seats] + [state.observation(None)]
    seen = [views, state.current_player, state.legal_actions()]
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _flat(value: Any, path: str, into: Flat) -> Flat:
    """`value`'s leaves by path (`pawns/2/square`): dicts by key, lists by index."""
    if isinstance(value, dict) and value:
        for key in sorted(value, key=str):
            _flat(value[key], f"{path}/{key}" if path else str(key), into)
    elif isinstance(value, list | tuple) and value:
        for index, item in enumerate(value):
            _flat(item, f"{path}/{index}" if path else str(index), into)
    else:
        into[path] = value
    return into


def _views(state: State) -> dict[str, Flat]:
    """What each seat and a spectator see, flattened (the legal actions are written apart)."""
    seats: list[int | None] = [*range(state.game.num_seats), None]
    found = {}
    for seat in seats:
        seen = dict(state.observation(seat))
        seen.pop("legal_actions", None)
        found["spectator" if seat is None else f"seat {seat}"] = _flat(seen, "", {})
    return found


def _changes(old: Flat, new: Flat) -> list[str]:
    """`path = value` for each leaf that is new or changed, `path gone` for each removed."""
    lines = [f"{path} gone" for path in old if path not in new]
    for path, value in new.items():
        if path not in old or old[path] != value:
            lines.append(f"{path} = {json.dumps(value, ensure_ascii=False, default=str)}")
    return lines


def _step(number: int, state: State, before: dict[str, Flat]) -> tuple[list[str], dict[str, Flat]]:
    """Step `number` written out: who acts and what each one's view gained."""
    now = _views(state)
    changed = {who: _changes(before.get(who, {}), seen) for who, seen in now.items()}
    alike = set.intersection(*(set(lines) for lines in changed.values()))
    acting = state.current_player
    lines = [f"step {number}: " + ("nobody acts" if acting is None else f"seat {acting} acts")]
    lines += [f"  * {line}" for line in changed["seat 0"] if line in alike]
    for who, told in changed.items():
        lines += [f"  {who}: {line}" for line in told if line not in alike]
    return lines, now


def record(name: str, options: Mapping[str, Any], seed: int = SEED, limit: int = LIMIT) -> str:
    """The playthrough of one game of registered game `name` with `options`, played by a
    random player seeded with `seed`, for at most `limit` steps."""
    state = games.load(name, **options).new_game(seed)
    rng = random.Random(seed)
    lines = [f"# {name} {json.dumps(dict(options), sort_keys=True)} seed {seed}"]
    seen: dict[str, Flat] = {}
    step = 0
    while step < limit:
        if step < SHOWN:
            shown, seen = _step(step, state, seen)
            lines += shown
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = rng.choice(legal)
        if step < SHOWN:
            lines += [f"  legal ({len(legal)}): {' '.join(legal)}", f"  > {action}"]
        else:
            lines.append(f"{step} {action} {digest(state)}")
        state.apply(action)
        step += 1
    if state.is_terminal:
        result = json.dumps(state.result(), sort_keys=True)
        lines.append(f"end {result} returns {list(state.returns())} {digest(state)}")
    else:
        lines.append(f"cut after {limit} steps {digest(state)}")
    return "\n".join(lines) + "\n"


def check(name: str, options: Mapping[str, Any], path: Path, seed: int = SEED) -> None:
    """Raise `AssertionError` unless the game plays as the playthrough at `path` says
    (recorded by `record` with the same `seed`), showing the first lines that part."""
    if not path.exists():
        raise AssertionError(
            f"no golden playthrough {path}: record it with "
            f"python -m ludoteca.testing {name} [KEY=VALUE ...] > {path}"
        )
    expected = path.read_text(encoding="utf-8")
    actual = record(name, options, seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), str(path), "now", n=2, lineterm=""
        )
        raise AssertionError("the game parts from its playthrough:\n" + "\n".join(list(diff)[:24]))


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def main(arguments: list[str]) -> int:
    """`GAME [KEY=VALUE ...]`: print the playthrough (values read as JSON, else text)."""
    if not arguments or any("=" not in word for word in arguments[1:]):
        usage = "usage: python -m ludoteca.testing GAME [KEY=VALUE ...]"
        print(usage, file=sys.stderr)
        return 2
    options = {key: _value(value) for key, _, value in (w.partition("=") for w in arguments[1:])}
    try:
        sys.stdout.write(record(arguments[0], options))
    except OptionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
