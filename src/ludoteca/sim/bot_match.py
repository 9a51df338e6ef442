"""Bot tournaments' games: two agents play one game under the Duel rules' seating and
timed result (`ludoteca.tournament.bots`), cut off at an action limit."""

from __future__ import annotations

from ludoteca.agents import SeatView, make_agent
from ludoteca.core import Game, OptionError
from ludoteca.core.i18n import _
from ludoteca.tournament.bots import MatchOutcome, MatchPlayer, duel_seating, outcome_of


def play_bot_match(
    game: Game, spec_a: str, spec_b: str, seed: int, action_limit: int
) -> MatchOutcome:
    """Play one game between two agents; the result is seen from agent A."""
    if game.num_seats != 2:
        raise OptionError(
            _(
                "a Duel needs a two-seat game; {name} has {num_seats}",
                name=game.info.name,
                num_seats=game.num_seats,
            )
        )
    a_seat, specs = duel_seating(spec_a, spec_b, seed)
    agents = [make_agent(spec, seed + 1 + seat) for seat, spec in enumerate(specs)]
    state = game.new_game(seed)
    actions = 0
    while not state.is_terminal and actions < action_limit:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(SeatView(state, seat)))
        actions += 1
    return outcome_of(state, a_seat)


def local_player(game: Game) -> MatchPlayer:
    """Plays each match of a bot event on `game` in this process."""
    return lambda spec_a, spec_b, seed, limit: play_bot_match(game, spec_a, spec_b, seed, limit)
