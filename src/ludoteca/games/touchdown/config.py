"""A Touch down game's fixed data as its options make it: the grid and both squads."""

from __future__ import annotations

from ludoteca.core import Game, file_source
from ludoteca.games.touchdown.action import Verb
from ludoteca.games.touchdown.geometry import Board, load_board
from ludoteca.games.touchdown.league import league_from_text
from ludoteca.games.touchdown.roster import TEAM_LETTERS, Card, Roster, roster_of


class TouchdownConfig(Game):
    """The immutable part of a match, shared by its states: the board, the two rosters
    and every counter by player id (`Y7`, `W10`)."""

    board: Board
    rosters: tuple[Roster, Roster]
    cards: dict[str, Card]

    def configure(self) -> None:
        """Load the board and both rosters (validated on load)."""
        self.board = load_board()
        rosters: list[Roster] = []
        league_file = file_source(self.options["league_file"])
        if league_file is not None:
            league = league_from_text(league_file[1], league_file[0])
            rosters = [team.roster for team in league.teams]
        else:
            keys = ("yellow_roster", "white_roster")
            rosters = [roster_of(self.options[key], seat) for seat, key in enumerate(keys)]
        self.rosters = (rosters[0], rosters[1])
        self.cards = {
            f"{TEAM_LETTERS[seat]}{card.number}": card
            for seat, roster in enumerate(self.rosters)
            for card in roster.cards
        }

    def _action_space(self) -> list[str]:
        """Every action the phases offer with these squads on this board: the calls and
        answers, each player's verbs (pick, hand-off, pass, shift, intercept, blitz, play)
        and each square's (to, ball, kick, field goal)."""
        space = ["attack", "fieldgoal", "punt", "kick", "receive", "conv1", "conv2", "play"]
        space += ["end", "stay", "kneel", "noshift", "timeout", "notimeout", "noblitz"]
        space += ["ball:stay", *(Verb.INITIATIVE.of(letter) for letter in TEAM_LETTERS)]
        verbs = ("pick", "handoff", "pass", "shift", "intercept", "blitz", "play")
        space += [f"{verb}:{player}" for verb in verbs for player in self.cards]
        space += [
            f"{verb}:{name}" for verb in ("to", "ball", "kick", "fg") for name in self.board.names
        ]
        return space
