"""The state of a Touch down match: dispatch of phases, observation, cloning."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.i18n import _
from ludoteca.games.touchdown import admin, formation, kicks, movement, plays, tensor
from ludoteca.games.touchdown.fields import (
    PLAY_TYPES,
    TEAMS,
    YARDS_PER_ROW,
    Ending,
    Phase,
    TouchdownFields,
)
from ludoteca.games.touchdown.observation import PlayerView, TouchdownView
from ludoteca.games.touchdown.tables import QUARTER_MINUTES, clock_markers


class TouchdownState(TouchdownFields):
    """One match in progress; `phase` names the decision awaited."""

    # `players_view`'s cache: (pos, fallen) it was built from, and the view; not state.
    _players_seen: tuple[dict[str, int], frozenset[str], dict[str, PlayerView]] | None = None

    def setup(self) -> None:
        """Rosters on the bench, clock at zero, then the toss (*Il calcio d'inizio*)."""
        game = self.config
        self.board = game.board
        self.cards = game.cards
        self.pos, self.fallen, self.bench = {}, set(), {}
        self.carrier, self.ball = None, None
        self.possession = self.play_offence = 0
        self.score, self.quarter, self.clock, self.last = [0, 0], 1, 0, False
        self.direction = [1, -1]
        self.spot = self.board.sq(self.board.centre_col, self.board.height // 2)
        self.yc, self.down, self.received_first = self.board.row(self.spot), 1, 1
        self.kind, self.phase, self.actor, self.setup_team = "kickoff", Phase.TOSS, 0, 0
        self.slots, self.picked, self.extra, self.move_no = {}, None, False, 0
        self.rolls, self.initiative, self.tie = [1, 1], 0, False
        self.mphase, self.mover, self.allow, self.bonus_ok, self.bonus_used = 6, 0, 0, False, False
        self.moved, self.frozen, self.frozen_next = set(), set(), set()
        self.no_pass, self.pass_tried, self.crossed = False, False, False
        self.dead_spot, self.out_side, self.pending, self.pending_team = None, 0, "", 0
        self.ball_from, self.ball_range, self.kick_missed = 0, 0, False
        self.receiver, self.shifted = None, False
        self.stats = {}
        self.timeouts, self.timeout_called, self.run_from = [True, True], False, -1
        self.run_best, self.blitz_used, self.blitzer = 0, [False, False], None
        admin.toss(self)

    def load(self, data: Any) -> None:
        """Restore a saved state (board and cards come from the game)."""
        self.board = self.config.board
        self.cards = self.config.cards
        super().load(data)

    def end_reason(self) -> str:
        """The match ends with the last quarter's clock (*Il tempo*)."""
        return f"the clock ran out in quarter {self.quarter}"

    def ending(self) -> Ending:
        """The match ends with the last quarter's clock (*Il tempo*)."""
        return Ending.CLOCK

    def _quarters(self) -> int:
        return 4 if self.game.options["length"] == "long" else 2

    def game_quarters(self) -> int:
        """Quarters in the match: 2 (short) or 4 (long)."""
        return self._quarters()

    def quarter_seconds(self) -> int:
        """Length of a quarter on the clock (option `quarter_minutes`, else 15 minutes)."""
        return 60 * (self.game.int_option("quarter_minutes") or QUARTER_MINUTES)

    def _league_on(self) -> bool:
        options = self.game.options
        return bool(options["league"]) or options["league_file"] is not None

    # -- the hooks the earlier rule modules call on the later ones (fields.py) --------
    def _begin_setup(self, team: int) -> None:
        formation.begin_setup(self, team)

    def _start_move(self) -> None:
        plays.start_move(self)

    def _take_ball(self, pid: str) -> None:
        plays.take_ball(self, pid)

    def _credit_run(self) -> None:
        plays.credit_run(self)

    def _start_movement(self, phase: int) -> None:
        movement.start_movement(self, phase)

    @property
    def current_player(self) -> int | None:
        """The seat deciding now; None once the match is over."""
        return None if self.phase == Phase.OVER else self.actor

    @property
    def scores(self) -> tuple[float, ...]:
        """Points of each team."""
        return (float(self.score[0]), float(self.score[1]))

    def statistics(self) -> dict[str, float]:
        """Yards by play type so far, both teams (`yards.run`, `yards.pass`, `yards.punt`,
        `yards.kickoff`, and the returns): the balance report's *yards by play type*."""
        return {f"yards.{p}": self.stats.get(f"play:{p}", 0) * YARDS_PER_ROW for p in PLAY_TYPES}

    def _legal_actions(self) -> list[str]:
        legal, _ = DECISIONS[self.phase]
        return legal(self)

    def _apply(self, action: str) -> None:
        self._picks_memo = None
        _, apply = DECISIONS[self.phase]
        apply(self, action)
        if self.phase == Phase.DEAD:
            admin.after_dead(self)

    def _toss_legal(self) -> list[str]:
        """*Il calcio d'inizio*: the toss winner kicks off or receives."""
        return ["kick", "receive"]

    def explain_illegal(self, action: str) -> str:
        """Why `action` is refused, naming the decision awaited."""
        legal = self.legal_actions()
        shown = ", ".join(legal[:10]) + (" ..." if len(legal) > 10 else "")
        return _(
            "'{action}' is not legal now: {team} must act in phase '{phase}' (legal: {legal})",
            action=action,
            team=TEAMS[self.actor],
            phase=str(self.phase),
            legal=shown,
        )

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """`seat`'s observation as numbers, its own team first (`tensor.py`)."""
        return tensor.encode(self, seat)

    def _observe(self, seat: int | None) -> TouchdownView:
        """Everything is public (*no hidden information*): `seat` is never read, so every
        seat and a spectator get the same view. The players' part is shared (see
        `players_view`): treat an observation as read-only."""
        b = self.board
        m, t, s = clock_markers(self.clock)
        moving = self.phase == Phase.MOVE
        return {
            "phase": self.phase,
            "kind": self.kind,
            "quarter": self.quarter,
            "clock": f"{m}:{t}{s}",
            "last": self.last,
            "possession": self.possession,
            "offence": self.play_offence,
            "down": self.down,
            "yc_row": self.yc,
            "scrimmage": b.names[self.spot],
            "direction": list(self.direction),
            "move": self.move_no,
            "timing": list(self.rolls),
            "initiative": self.initiative,
            "mphase": self.mphase if moving else None,
            "allow": self.allow if moving else None,
            "bonus": self.bonus_ok if moving else None,
            "extra": self.extra,
            "players": self.players_view(),
            "carrier": self.carrier,
            "ball": None if self.ball is None else b.names[self.ball],
            "picked": self.picked,
            "bench": dict(sorted(self.bench.items())),
            "timeouts": list(self.timeouts),
        }

    def players_view(self) -> dict[str, PlayerView]:
        """The players on the field (square, role, fallen), sorted by id: the costly part
        of an observation, built by `build_players_view` only when `pos` or `fallen`
        changed since the last call, else the same dict again (never modify it)."""
        seen = self._players_seen
        if seen is not None and seen[0] == self.pos and seen[1] == self.fallen:
            return seen[2]
        view = self.build_players_view()
        self._players_seen = (dict(self.pos), frozenset(self.fallen), view)
        return view

    def build_players_view(self) -> dict[str, PlayerView]:
        """`players_view` built afresh from `pos`, `fallen` and the cards (no cache)."""
        names, cards, fallen = self.board.names, self.cards, self.fallen
        return {
            p: {"square": names[sq], "role": cards[p].role, "fallen": p in fallen}
            for p, sq in sorted(self.pos.items())
        }

    def clone(self, rng: random.Random | None = None) -> TouchdownState:
        """A fast independent copy; see `State.clone`."""
        other = TouchdownState(self.game, self.seed)  # (compiled, no bare `__new__`)
        self._copy_base(other, rng)
        other.board, other.cards = self.board, self.cards
        self.copy_fields_to(other)
        return other


DECISIONS: dict[
    Phase, tuple[Callable[[TouchdownState], list[str]], Callable[[TouchdownState, str], None]]
] = {
    Phase.TOSS: (TouchdownState._toss_legal, admin.toss_apply),
    Phase.DECLARE: (formation.declare_legal, formation.declare),
    Phase.SETUP: (formation.setup_legal, formation.setup_apply),
    Phase.SHIFT: (formation.shift_legal, formation.shift_apply),
    Phase.TIE: (plays.tie_legal, plays.tie_apply),
    Phase.BLITZ: (movement.blitz_legal, movement.blitz_apply),
    Phase.PASS: (plays.pass_legal, plays.pass_apply),
    Phase.INTERCEPT: (plays.intercept_legal, plays.intercept_apply),
    Phase.FREEBALL: (plays.freeball_legal, plays.freeball_apply),
    Phase.BALLMOVE: (kicks.ballmove_legal, kicks.ballmove_apply),
    Phase.MOVE: (movement.move_legal, movement.move_apply),
    Phase.TIMEOUT: (admin.timeout_legal, admin.timeout_apply),
}
"""Each decision phase's legal actions and how its action is carried out, as the
rulebook orders an action; `DEAD` and `OVER` await no decision."""
assert set(DECISIONS) == set(Phase) - {Phase.DEAD, Phase.OVER}
