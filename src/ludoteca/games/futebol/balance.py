"""Board balance check: does the side that kicks off (moves first) win more often?

Uniformly random play almost never scores on a 7 x 11 pitch, so the check plays
*shoot-first* random games: a uniformly random legal action, except that an action
putting the ball into a goal is always taken. Run it with
`python -m ludoteca.games.futebol.balance --games 2000 --turn-limit 1000`.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from ludoteca.games.futebol.game import FutebolGame
from ludoteca.games.futebol.state import FutebolState


@dataclass
class BalanceReport:
    """Outcomes of a batch of games, by who kicked off and by colour."""

    games: int = 0
    kickoff_wins: int = 0
    other_wins: int = 0
    draws: int = 0
    unfinished: int = 0
    blue_wins: int = 0
    orange_wins: int = 0
    goals: int = 0
    turns: int = 0

    def add(self, state: FutebolState) -> None:
        """Count one finished game."""
        self.games += 1
        self.goals += sum(state.goals)
        self.turns += state.turns
        winner = state.winner
        if winner is None:
            self.unfinished += state.unfinished
            self.draws += not state.unfinished
            return
        self.blue_wins += winner == 0
        self.orange_wins += winner == 1
        if winner == state.kickoff_side:
            self.kickoff_wins += 1
        else:
            self.other_wins += 1

    @property
    def first_mover_edge(self) -> float:
        """Share of decided games won by the kick-off side, minus one half."""
        decided = self.kickoff_wins + self.other_wins
        return self.kickoff_wins / decided - 0.5 if decided else 0.0

    def summary(self) -> str:
        """One readable paragraph of figures."""
        n = max(self.games, 1)
        return (
            f"{self.games} games: kick-off side won {self.kickoff_wins} "
            f"({100 * self.kickoff_wins / n:.1f}%), the other side {self.other_wins} "
            f"({100 * self.other_wins / n:.1f}%), draws {self.draws} "
            f"({100 * self.draws / n:.1f}%), stopped unfinished at the turn limit "
            f"{self.unfinished} ({100 * self.unfinished / n:.1f}%); "
            "first-mover edge among decided games "
            f"{100 * self.first_mover_edge:+.1f} points; Blue {self.blue_wins}, "
            f"Orange {self.orange_wins}; {self.goals / n:.2f} goals and "
            f"{self.turns / n:.0f} turns a game"
        )


def shoot_first_game(game: FutebolGame, seed: int) -> FutebolState:
    """A finished game of random play that always takes a scoring action."""
    state = game.new_game(seed)
    assert isinstance(state, FutebolState)
    board = game.board
    goals = [cell for cell, side in enumerate(board.goal_of) if side >= 0]
    labels = board.labels
    scoring = {labels.passes[c] for c in goals} | {m[c] for m in labels.move for c in goals}
    rng = random.Random(seed ^ 0xBA1A)
    while not state.is_terminal:
        actions = state.legal_actions()
        shots = [a for a in actions if a in scoring]
        state.apply(rng.choice(shots or actions))
    return state


def first_mover_report(game: FutebolGame, games: int, first_seed: int = 0) -> BalanceReport:
    """Play `games` shoot-first games (seeds from `first_seed`) and count outcomes."""
    report = BalanceReport()
    for seed in range(first_seed, first_seed + games):
        report.add(shoot_first_game(game, seed))
    return report


def main() -> None:
    """Command line: print the balance figures for one configuration."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--turn-limit", type=int, default=1000)
    parser.add_argument("--mode", default="golden-goal")
    parser.add_argument("--placement", default="free")
    parser.add_argument("--board", default="default")
    args = parser.parse_args()
    game = FutebolGame(
        turn_limit=args.turn_limit, mode=args.mode, placement=args.placement, board=args.board
    )
    print(first_mover_report(game, args.games).summary())


if __name__ == "__main__":
    main()
