"""How a game's score moved while it was played: lead changes, deficits, the score over time.

`ScoreTrace` follows the scores of one game action by action (`usage.trace_usage` feeds
it as it re-plays the game) and gives per-seat usage figures:

- `lead:taken`: times the seat took the sole lead from another seat (ties hold no lead;
  the first sole lead of a game is no change), so their sum is the game's lead changes;
- `trail:most`: the seat's largest deficit behind the best score at any moment (0 if it
  never trailed), so a winner with a positive one came back;
- `score@0.1` ... `score@1.0`: the seat's score once a tenth, two tenths ... of the
  game's actions were played (the score over time, whatever the game's length).

`Dynamics` totals them over games for the report.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

LEAD = "lead:taken"
TRAIL = "trail:most"
SCORE_AT = "score@"
TENTHS = 10
HALF = f"{SCORE_AT}0.5"


def checkpoint_key(tenth: int) -> str:
    """The usage key of the scores after `tenth` tenths of a game (1 to 10)."""
    return f"{SCORE_AT}{tenth / TENTHS:.1f}"


def sole_leader(scores: Sequence[float]) -> int | None:
    """The seat with the highest score, or None when it is shared."""
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


class ScoreTrace:
    """The scores of one game of `steps` actions, fed after each action by `seen`."""

    def __init__(self, start: Sequence[float], steps: int) -> None:
        seats = len(start)
        self.taken = [0.0] * seats
        self.most = [max(start) - score for score in start] if seats > 1 else [0.0] * seats
        self.at: dict[str, tuple[float, ...]] = {}
        self._leader = sole_leader(start) if seats > 1 else None
        self._marks: dict[int, list[int]] = {}
        for k in range(1, TENTHS + 1):
            self._marks.setdefault(max(1, math.ceil(k * steps / TENTHS)), []).append(k)
        self._step = 0
        self._last: Sequence[float] = start
        if steps == 0:
            for k in range(1, TENTHS + 1):
                self.at[checkpoint_key(k)] = tuple(start)

    def seen(self, scores: Sequence[float]) -> None:
        """The scores after the next action."""
        self._step += 1
        for k in self._marks.get(self._step, ()):
            self.at[checkpoint_key(k)] = tuple(scores)
        if len(scores) < 2 or scores == self._last:  # most actions move no score
            return
        self._last = scores
        best = max(scores)
        for seat, score in enumerate(scores):
            self.most[seat] = max(self.most[seat], best - score)
        leader = sole_leader(scores)
        if leader is not None and leader != self._leader:
            if self._leader is not None:
                self.taken[leader] += 1
            self._leader = leader

    def usage(self) -> dict[str, tuple[float, ...]]:
        """The game's figures as usage keys (seat by seat)."""
        return {LEAD: tuple(self.taken), TRAIL: tuple(self.most), **self.at}


@dataclass
class Dynamics:
    """The score dynamics of a run, totalled game by game."""

    seats: int
    games: int = 0
    lead_changes: Counter[int] = field(default_factory=Counter)
    """How many games had each number of lead changes."""
    comebacks: int = 0
    """Decided games whose winner trailed at some moment."""
    decided: int = 0
    half_leads: int = 0
    """Decided games with a sole leader halfway through."""
    half_leader_won: int = 0
    """Of those, the games the halfway leader won."""

    def add(self, winner: int | None, usage: dict[str, tuple[float, ...]]) -> None:
        """Count one game's figures (a game traced without them is not counted)."""
        if LEAD not in usage:
            return
        self.games += 1
        self.lead_changes[round(sum(usage[LEAD]))] += 1
        if winner is None:
            return
        self.decided += 1
        self.comebacks += usage.get(TRAIL, (0.0,) * self.seats)[winner] > 0
        half = usage.get(HALF)
        leader = sole_leader(half) if half and len(half) > 1 else None
        if leader is not None:
            self.half_leads += 1
            self.half_leader_won += leader == winner

    def mean_lead_changes(self) -> float:
        """The mean number of lead changes a game."""
        total = sum(k * v for k, v in self.lead_changes.items())
        return total / self.games if self.games else 0.0

    def share_with_change(self) -> tuple[int, int]:
        """Games with at least one lead change, and games counted."""
        return self.games - self.lead_changes.get(0, 0), self.games
