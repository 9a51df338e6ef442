"""The state's data and the small helpers every rule module shares."""

from __future__ import annotations

from abc import abstractmethod
from enum import StrEnum
from typing import Any, cast

from ludoteca.core import State
from ludoteca.core.i18n import N_, T, Text
from ludoteca.games.touchdown.config import TouchdownConfig
from ludoteca.games.touchdown.geometry import YARDS_PER_ROW as YARDS_PER_ROW
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.roster import TEAM_LETTERS as TEAM_LETTERS
from ludoteca.games.touchdown.roster import TEAM_NAMES as TEAM_NAMES
from ludoteca.games.touchdown.roster import Card

TEAMS = (T("Yellow"), T("White"))
"""The teams in the log (their counters' colours), translated when read."""

ATTACK_KINDS = frozenset({"attack", "conv2", "fieldgoal", "conv1"})
KICK_KINDS = frozenset({"punt", "kickoff"})
OOB_PHASE = 9
"""The movement phase after the carrier ran out of bounds (*Uscire dal campo*): the
opponents may move only to tackle him."""
# Play types whose yards `statistics()` reports (balance: *yards by play type*).
PLAY_TYPES = ("run", "pass", "kickoff", "kickoff_return", "punt", "punt_return", "turnover_return")


class Phase(StrEnum):
    """The decision a match awaits (who decides: `actor`), in the order of an action."""

    TOSS = "toss"  # *Il calcio d'inizio*: the toss winner kicks or receives
    DECLARE = "declare"  # phase 1: the offence declares its play
    SETUP = "setup"  # phases 1-2: placing players (*schieramento*)
    SHIFT = "shift"  # phase 3: *Modifica della formazione*
    TIE = "tie"  # phase 4: equal timing dice, the defence decides
    BLITZ = "blitz"  # league: a defender's blitz before the movement
    PASS = "pass"  # phase 5: pass, throw, punt or field goal
    INTERCEPT = "intercept"  # an interception attempt
    FREEBALL = "freeball"  # a loose ball's square
    BALLMOVE = "ballmove"  # a kicked ball the receivers may move
    MOVE = "move"  # phases 6-9: movement and tackles
    TIMEOUT = "timeout"  # league: a time out may be called
    DEAD = "dead"  # the action is over (*palla morta*); no decision
    OVER = "over"  # the match is over; no decision


class Ending(StrEnum):
    """What ended a match by the rules (*Il tempo*)."""

    CLOCK = N_("the clock ran out")


# Every dynamic attribute, with how it is saved: "set" (a sorted list) or "plain".
FIELDS: dict[str, str] = {
    "pos": "plain",  # player id -> square, players on the field
    "fallen": "set",  # fallen players on the field (*caduti*)
    "bench": "plain",  # injured player id -> bench zone 1-3
    "carrier": "plain",  # player holding the ball, or None
    "ball": "plain",  # square of a free ball, or None
    "possession": "plain",  # team in possession (last to hold the ball)
    "play_offence": "plain",  # team in possession when the action began
    "score": "plain",
    "quarter": "plain",
    "clock": "plain",  # seconds elapsed in the quarter
    "last": "plain",  # this action is the quarter's last
    "direction": "plain",  # per team: +1 attacks towards higher rows
    "spot": "plain",  # ball spot (square) of the action: the line of scrimmage
    "yc": "plain",  # row of the YC marker (start of the series of downs)
    "down": "plain",
    "received_first": "plain",
    "kind": "plain",  # attack, punt, fieldgoal, kickoff, conv1, conv2
    "phase": "plain",
    "actor": "plain",  # the seat deciding now
    "setup_team": "plain",
    "slots": "plain",  # role -> places still to fill in the set-up
    "picked": "plain",  # player chosen, awaiting a square
    "extra": "plain",  # the picked player moves one more square after a T
    "move_no": "plain",
    "rolls": "plain",  # timing d4 per team
    "initiative": "plain",
    "tie": "plain",
    "mphase": "plain",  # 6, 7, 8, or 9 (tackles on a carrier out of bounds)
    "mover": "plain",
    "allow": "plain",
    "bonus_ok": "plain",
    "bonus_used": "plain",
    "moved": "set",
    "frozen": "set",
    "frozen_next": "set",
    "no_pass": "plain",
    "pass_tried": "plain",
    "crossed": "plain",
    "dead_spot": "plain",
    "out_side": "plain",
    "pending": "plain",  # what the next action is: "", kickoff, conversion
    "pending_team": "plain",
    "ball_from": "plain",  # a kicked ball the receiving coach may move
    "ball_range": "plain",
    "kick_missed": "plain",  # a missed field goal this action: the kickers may not take it
    "receiver": "plain",  # intended receiver of a pass being resolved
    "shifted": "plain",
    "stats": "plain",  # match report "<player>:<column>"; rows by play type "play:<type>"
    "timeouts": "plain",  # per team: time out still available this quarter
    "timeout_called": "plain",
    "run_from": "plain",  # match report: where the carrier's run is measured from, or -1
    "run_best": "plain",  # match report: the carrier's furthest row (both in his direction)
    "blitz_used": "plain",  # league: per team, the blitz ability already used this match
    "blitzer": "plain",  # league: the player who blitzed in this move (skips phase 7)
}


class TouchdownFields(State):
    """Declares the dynamic data, and the hooks the rule modules (admin, formation,
    kicks, plays, movement: functions of these fields) call on later ones; the state
    (state.py), which owns the flow of a turn, implements them."""

    _reach_memo: tuple[str, list[int], int] | None = None
    """The search behind the picked player's `to:` actions (player, `layers`, halting
    squares), kept by `movement.move_legal` for the move applied next; not state: the
    next action clears it."""
    _picks_memo: list[str] | None = None
    """The players a move left free to move (`movement.move_candidates`), kept by
    `movement.move_apply` for the `pick:` actions listed next; not state: every action
    clears it."""

    board: Board
    cards: dict[str, Card]
    pos: dict[str, int]
    fallen: set[str]
    bench: dict[str, int]
    carrier: str | None
    ball: int | None
    possession: int
    play_offence: int
    score: list[int]
    quarter: int
    clock: int
    last: bool
    direction: list[int]
    spot: int
    yc: int
    down: int
    received_first: int
    kind: str
    phase: Phase
    actor: int
    setup_team: int
    slots: dict[str, int]
    picked: str | None
    extra: bool
    move_no: int
    rolls: list[int]
    initiative: int
    tie: bool
    mphase: int
    mover: int
    allow: int
    bonus_ok: bool
    bonus_used: bool
    moved: set[str]
    frozen: set[str]
    frozen_next: set[str]
    no_pass: bool
    pass_tried: bool
    crossed: bool
    dead_spot: int | None
    out_side: int
    pending: str
    pending_team: int
    ball_from: int
    ball_range: int
    kick_missed: bool
    receiver: str | None
    shifted: bool
    stats: dict[str, int]
    timeouts: list[bool]
    timeout_called: bool
    run_from: int
    run_best: int
    blitz_used: list[bool]
    blitzer: str | None

    @property
    def config(self) -> TouchdownConfig:
        """The configured game (`game`, as Touch down's: its board and squads)."""
        return cast(TouchdownConfig, self.game)

    # -- dice ---------------------------------------------------------------------
    def d6(self, who: Text) -> int:
        """Roll a six-sided die, logged as `who` (what it is rolled for) and the roll."""
        roll = self.rng.randint(1, 6)
        self.log("{who}: d6 {roll}", who=who, roll=roll)
        return roll

    def add_stat(self, pid: str, column: str, amount: int = 1) -> None:
        """Add to the match report (*referto*): `column` of player `pid`."""
        key = f"{pid}:{column}"
        self.stats[key] = self.stats.get(key, 0) + amount

    def add_play_rows(self, play: str, rows: int) -> None:
        """Rows gained by a play type (one of `PLAY_TYPES`), for `statistics()`."""
        key = f"play:{play}"
        self.stats[key] = self.stats.get(key, 0) + rows

    # -- teams and geometry -------------------------------------------------------
    @staticmethod
    def team_of(pid: str) -> int:
        """The team (seat) of a player id."""
        return 0 if pid[0] == "Y" else 1

    def adv(self, team: int, row: int) -> int:
        """A row counted in `team`'s attacking direction (higher is further forward)."""
        return row if self.direction[team] == 1 else self.board.height - 1 - row

    def row_for(self, team: int, adv_row: int) -> int:
        """The absolute row that lies at `adv_row` in `team`'s direction."""
        return adv_row if self.direction[team] == 1 else self.board.height - 1 - adv_row

    def in_opponent_end_zone(self, team: int, sq: int) -> bool:
        """True if `sq` is in the end zone `team` attacks (*end zone avversaria*)."""
        a = self.adv(team, self.board.row(sq))
        return self.board.last_field_row() < a <= self.board.height - 2

    def standing_at(self, sq: int) -> list[str]:
        """Standing players on a square."""
        return [p for p, s in self.pos.items() if s == sq and p not in self.fallen]

    def fallen_at(self, sq: int) -> int:
        """How many fallen players lie on a square."""
        return sum(1 for p in self.fallen if self.pos.get(p) == sq)

    def fallen_squares(self) -> int:
        """The squares fallen players lie on, as a mask (bit `sq` set)."""
        out = 0
        for p in self.fallen:
            sq = self.pos.get(p)
            if sq is not None:
                out |= 1 << sq
        return out

    def adjacent_opponents(self, pid: str) -> list[str]:
        """Standing opponents on squares adjacent to `pid`."""
        here, team = self.pos[pid], self.team_of(pid)
        near = set(self.board.neighbours[here])
        return sorted(
            p
            for p, s in self.pos.items()
            if s in near and self.team_of(p) != team and p not in self.fallen
        )

    def ball_square(self) -> int | None:
        """Where the ball is: its carrier's square or the free ball's."""
        if self.carrier is not None:
            return self.pos[self.carrier]
        return self.ball

    # -- saving -------------------------------------------------------------------
    def dump(self) -> dict[str, Any]:
        """Every dynamic field, JSON-able."""
        out: dict[str, Any] = {}
        for name, kind in FIELDS.items():
            value = getattr(self, name)
            if kind == "set":
                out[name] = sorted(value)
            elif isinstance(value, dict):
                out[name] = dict(value)
            elif isinstance(value, list):
                out[name] = list(value)
            else:
                out[name] = value
        return out

    def load(self, data: Any) -> None:
        """Restore the fields written by `dump`."""
        for name, kind in FIELDS.items():
            value = data[name]
            if kind == "set":
                value = {str(v) for v in value}
            elif isinstance(value, dict):
                value = dict(value)
            elif isinstance(value, list):
                value = list(value)
            elif name == "phase":
                value = Phase(value)  # an unknown name raises ValueError
            setattr(self, name, value)
        self._legal = None

    def copy_fields_to(self, other: TouchdownFields) -> None:
        """Copy every dynamic field into `other` (containers copied one level deep)."""
        for name in FIELDS:
            value = getattr(self, name)
            if isinstance(value, (dict, list, set)):
                value = value.copy()
            setattr(other, name, value)

    # -- the hooks the rule modules call (state.py implements them) ---------------------
    @abstractmethod
    def _start_move(self) -> None:
        """Phase 4 onwards: a new *mossa* (plays.py)."""

    @abstractmethod
    def _start_movement(self, phase: int) -> None:
        """Phases 6-8 (movement.py)."""

    @abstractmethod
    def _take_ball(self, pid: str) -> None:
        """`pid` takes the ball (plays.py)."""

    @abstractmethod
    def _credit_run(self) -> None:
        """Credit the carrier's run to the match report (plays.py)."""

    @abstractmethod
    def _begin_setup(self, team: int) -> None:
        """Phases 1-2 (formation.py)."""

    @abstractmethod
    def _quarters(self) -> int:
        """Quarters in this match (state.py)."""

    @abstractmethod
    def _league_on(self) -> bool:
        """League rules in use: time outs, blitz (state.py)."""
