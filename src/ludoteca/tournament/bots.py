"""Duel events between AI agents on any ludoteca game (tournament rules applied to bots).

Each match is one game: the first seat is drawn at random, the round's time limit
becomes an action limit, and a game cut off by it gets the rulebook's timed
result (*Desempate*): the player closer to victory — here, ahead on score — wins
on time; equal scores are a draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from ludoteca.core import State
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.players import Match, Result
from ludoteca.tournament.scoring import timed_result

MatchOutcome = tuple[Result, bool, tuple[float, float]]
MatchPlayer = Callable[[str, str, int, int], MatchOutcome]
"""Plays one game `(spec_a, spec_b, seed, action_limit)` between two agents and returns
agent A's outcome (see `duel_seating`, `outcome_of`); the caller decides where the game
runs (`ludoteca.sim.bot_match` here, a server's worker processes)."""


@dataclass(frozen=True)
class BotMatch:
    """What happened at one table: the result for player `a`, and whether time ran out."""

    round_number: int
    table: int
    a: str
    b: str
    result: Result
    timed: bool
    scores: tuple[float, float]


def duel_seating(spec_a: str, spec_b: str, seed: int) -> tuple[int, list[str]]:
    """Agent A's seat (*first player random*: drawn from the match seed) and the specs in
    seat order."""
    a_seat = random.Random(seed).randrange(2)
    return a_seat, ([spec_a, spec_b] if a_seat == 0 else [spec_b, spec_a])


def outcome_of(state: State, a_seat: int) -> MatchOutcome:
    """The result for agent A of a game that ended or was cut off: a game that did not
    end (the action limit, or a limit in its options) gets the timed result."""
    score_a, score_b = state.scores[a_seat], state.scores[1 - a_seat]
    if not state.is_terminal or state.unfinished:  # out of time: a timed result
        target = int(max(score_a, score_b, 0)) + 1
        result = timed_result(max(int(score_a), 0), max(int(score_b), 0), victory=target)
        return result, True, (score_a, score_b)
    if state.winner is None:
        return Result.DRAW, False, (score_a, score_b)
    return (Result.WIN if state.winner == a_seat else Result.LOSS), False, (score_a, score_b)


def play_swiss_round(
    event: DuelEvent,
    play: MatchPlayer,
    agent_of: dict[str, str],
    action_limit: int,
    on_match: Callable[[BotMatch], None] | None = None,
) -> None:
    """Pair the next Swiss round of `event` and play every match of it with `play`."""
    played = event.pair_next_round()
    for match in played.matches:
        if match.b is None:
            continue  # a bye is already a win
        outcome = _play(play, agent_of, played.number, match, event.seed, action_limit)
        event.report(played.number, match.table, outcome.result)
        if on_match is not None:
            on_match(outcome)


def play_top_cut_round(
    event: DuelEvent,
    play: MatchPlayer,
    agent_of: dict[str, str],
    size: int,
    action_limit: int,
    on_match: Callable[[BotMatch], None] | None = None,
) -> bool:
    """Start the cut (or advance it) and play its round with `play`; True once the final
    is played."""
    cut = event.start_top_cut(size) if event.top_cut is None else event.top_cut
    if cut.rounds[-1][0].result is not None:
        event.advance_cut()
    number = len(event.rounds) + len(cut.rounds)
    for match in cut.rounds[-1]:
        outcome = _play_knockout(play, agent_of, number, match, event.seed, action_limit)
        event.report_cut(match.table, outcome.result)
        if on_match is not None:
            on_match(outcome)
    return cut.finished


def _play(
    play: MatchPlayer,
    agent_of: dict[str, str],
    number: int,
    match: Match,
    seed: int,
    limit: int,
    attempt: int = 0,
) -> BotMatch:
    assert match.b is not None
    match_seed = random.Random(f"{seed}:{number}:{match.table}:{attempt}").randrange(2**62)
    result, timed, scores = play(agent_of[match.a], agent_of[match.b], match_seed, limit)
    return BotMatch(number, match.table, match.a, match.b, result, timed, scores)


KNOCKOUT_REPLAYS = 3


def _play_knockout(
    play: MatchPlayer, agent_of: dict[str, str], number: int, match: Match, seed: int, limit: int
) -> BotMatch:
    """A knockout needs a winner: a drawn game is replayed (new seed) up to three times,
    then the higher seed — the first-named player — advances."""
    outcome = _play(play, agent_of, number, match, seed, limit)
    for attempt in range(1, KNOCKOUT_REPLAYS + 1):
        if outcome.result is not Result.DRAW:
            return outcome
        outcome = _play(play, agent_of, number, match, seed, limit, attempt)
    if outcome.result is Result.DRAW:
        return replace(outcome, result=Result.WIN)
    return outcome
