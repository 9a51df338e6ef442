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

from ludoteca import games
from ludoteca.agents import SeatView, make_agent
from ludoteca.core import Game, OptionError
from ludoteca.tournament.duel import DuelEvent
from ludoteca.tournament.players import Match, Result
from ludoteca.tournament.scoring import timed_result

MatchOutcome = tuple[Result, bool, tuple[float, float]]
MatchPlayer = Callable[[str, str, int, int], MatchOutcome]
"""Plays one game `(spec_a, spec_b, seed, action_limit)`: what `play_bot_match` returns.
Given to the round functions to play elsewhere (a server's worker processes)."""


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


def play_bot_match(
    game: Game, spec_a: str, spec_b: str, seed: int, action_limit: int
) -> MatchOutcome:
    """Play one game between two agents; the result is seen from agent A."""
    if game.num_seats != 2:
        raise OptionError(f"a Duel needs a two-seat game; {game.info.name} has {game.num_seats}")
    rng = random.Random(seed)
    a_seat = rng.randrange(2)  # "first player random"
    specs = [spec_a, spec_b] if a_seat == 0 else [spec_b, spec_a]
    agents = [make_agent(spec, seed + 1 + seat) for seat, spec in enumerate(specs)]
    state = game.new_game(seed)
    actions = 0
    while not state.is_terminal and actions < action_limit:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)))
        actions += 1
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
    game: Game,
    agent_of: dict[str, str],
    action_limit: int,
    on_match: Callable[[BotMatch], None] | None = None,
    play: MatchPlayer | None = None,
) -> None:
    """Pair the next Swiss round of `event` and play every match of it (with `play`, if
    given, instead of on `game` here)."""
    player = _player(game, play)
    played = event.pair_next_round()
    for match in played.matches:
        if match.b is None:
            continue  # a bye is already a win
        outcome = _play(player, agent_of, played.number, match, event.seed, action_limit)
        event.report(played.number, match.table, outcome.result)
        if on_match is not None:
            on_match(outcome)


def play_top_cut_round(
    event: DuelEvent,
    game: Game,
    agent_of: dict[str, str],
    size: int,
    action_limit: int,
    on_match: Callable[[BotMatch], None] | None = None,
    play: MatchPlayer | None = None,
) -> bool:
    """Start the cut (or advance it) and play its round; True once the final is played."""
    player = _player(game, play)
    cut = event.start_top_cut(size) if event.top_cut is None else event.top_cut
    if cut.rounds[-1][0].result is not None:
        event.advance_cut()
    number = len(event.rounds) + len(cut.rounds)
    for match in cut.rounds[-1]:
        outcome = _play_knockout(player, agent_of, number, match, event.seed, action_limit)
        event.report_cut(match.table, outcome.result)
        if on_match is not None:
            on_match(outcome)
    return cut.finished


def run_bot_duel(
    event: DuelEvent,
    game_name: str,
    options: dict[str, object],
    agent_of: dict[str, str],
    rounds: int,
    action_limit: int,
    top_cut: int = 0,
    on_match: Callable[[BotMatch], None] | None = None,
) -> None:
    """Play `rounds` Swiss rounds and a top cut of `top_cut` players (0: none) on `event`."""
    game = games.load(game_name, **options)
    for _ in range(rounds):
        play_swiss_round(event, game, agent_of, action_limit, on_match)
    while top_cut and not play_top_cut_round(
        event, game, agent_of, top_cut, action_limit, on_match
    ):
        pass


def _player(game: Game, play: MatchPlayer | None) -> MatchPlayer:
    """`play`, or playing on `game` in this process."""
    if play is not None:
        return play
    return lambda spec_a, spec_b, seed, limit: play_bot_match(game, spec_a, spec_b, seed, limit)


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
