"""Kicks: punt, kick-off and field goal (*Punt*, *Kick off*, *Field goal*)."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown.action import Verb, arg_of
from ludoteca.games.touchdown.fields import Phase
from ludoteca.games.touchdown.formation import FormationMixin
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tables import field_goal_scores, field_goal_target, punt_stays


class KicksMixin(FormationMixin):
    """Placing and rolling kicks; moving a short kick (the receivers after a punt, the
    defence after a missed field goal)."""

    def _kick_squares(self) -> list[int]:
        """*Punt*: any square more than ten yards beyond the line of scrimmage."""
        b, team = self.board, self.possession
        spot_adv = self.adv(team, b.row(self.spot))
        return [
            b.sq(c, r)
            for r in range(1, b.height - 1)
            if self.adv(team, r) > spot_adv + b.rows_per_ten_yards
            for c in range(1, b.columns + 1)
        ]

    def _punt(self, sq: int) -> None:
        """*Punt*/*kick off*: the ball stays if 1d6 beats the 10-yard lines crossed."""
        lines = self.board.lines_crossed(self.board.row(self.spot), self.board.row(sq))
        roll = self.d6(
            T(
                "{player} kicks to {square}",
                player=who(str(self.carrier)),
                square=self.board.name_of(sq),
            )
        )
        self.no_pass = True
        self.carrier, self.ball = None, sq
        if punt_stays(roll, lines):
            self.log("The kick stays ({roll} > {lines} lines)", roll=roll, lines=lines)
            self._land_ball(sq)
            if self.phase != Phase.DEAD:
                self._start_movement(6)
            return
        self.log(
            "The receivers may move the ball up to {roll} squares ({roll} <= {lines})",
            roll=roll,
            lines=lines,
        )
        self.ball_from, self.ball_range = sq, roll
        self.phase, self.actor = Phase.BALLMOVE, 1 - self.possession

    def _field_goal(self, goal: int) -> None:
        """*Field goal*: 1d6, -1 per adjacent opponent, above the lines (first twice).
        Missed, *"il giocatore può spostare la palla di un numero di caselle pari al
        punteggio ottenuto"*: the defence may move it up to the modified score, and the
        kicking side may not take it (docs/rules/touchdown.md, *Field goal miss*)."""
        kicker = self.carrier
        assert kicker is not None
        team = self.possession
        lines = self.board.lines_crossed(self.board.row(self.pos[kicker]), self.board.row(goal))
        roll = self.d6(T("{player} kicks at goal", player=who(kicker)))
        modified = roll - len(self.adjacent_opponents(kicker))
        self.log(
            "Field goal: {roll} against {target}", roll=modified, target=field_goal_target(lines)
        )
        self.carrier, self.ball = None, goal
        self.pending, self.pending_team = "kickoff", team
        if field_goal_scores(modified, lines):
            points = 1 if self.kind == "conv1" else 3
            self.score[team] += points
            self._dead(None, T("field goal good: {points} point(s)", points=points))
            return
        if self.kind == "conv1":
            self._dead(None, T("conversion kick missed"))
            return
        self.pending = ""
        self.no_pass, self.kick_missed = True, True
        self.log(
            "Missed: the defence may move the ball up to {roll} squares",
            roll=max(0, modified),
        )
        self.ball_from, self.ball_range = goal, max(0, modified)
        self.phase, self.actor = Phase.BALLMOVE, 1 - team

    def _ballmove_squares(self) -> list[int]:
        """The squares within the die's score, in the field, holding no standing player
        of the kicking side (*"anche portandola in una casella occupata da un proprio
        giocatore"*: one's own, not the kickers')."""
        b, here, reach = self.board, self.ball_from, self.ball_range
        c0, r0 = b.col(here), b.row(here)
        kickers = {
            s for p, s in self.pos.items() if p not in self.fallen and self.team_of(p) != self.actor
        }
        return [
            b.sq(c, r)
            for r in range(max(1, r0 - reach), min(b.height - 2, r0 + reach) + 1)
            for c in range(max(1, c0 - reach), min(b.columns, c0 + reach) + 1)
            if (c, r) != (c0, r0) and b.sq(c, r) not in kickers
        ]

    def _ballmove_legal(self) -> list[str]:
        return ["ball:stay"] + [
            Verb.BALL.of(self.board.name_of(s)) for s in self._ballmove_squares()
        ]

    def _ballmove_apply(self, action: str) -> None:
        """The coach entitled moves the short kick up to the die's score in squares, or
        leaves it: a punt lies where it fell; a missed field goal, behind the goal and
        off the field, is dead, and the defence's (*runback*)."""
        arg = arg_of(action)
        if arg == "stay" and self.kick_missed:
            self._dead(self.ball_from, T("the missed kick is left behind the goal"))
            return
        sq = self.ball_from if arg == "stay" else self.board.parse(arg)
        assert sq is not None
        self.log("The ball is moved to {square}", square=self.board.name_of(sq))
        self._land_ball(sq)
        if self.phase != Phase.DEAD:
            self._start_movement(6)

    def may_take_ball(self, pid: str) -> bool:
        """Whether `pid` may pick up the loose ball: after a missed field goal the kicking
        side may not (*runback*: the team that *"ha preso palla dopo ... un field goal"*
        is the defence)."""
        return not (self.kick_missed and self.team_of(pid) == self.play_offence)

    def _land_ball(self, sq: int) -> None:
        """A kicked ball landing on a standing player is his; else it lies free."""
        if self.kind in ("kickoff", "punt"):  # the kick's length, from the ball spot
            team, b = self.possession, self.board
            self.add_play_rows(
                self.kind, self.adv(team, b.row(sq)) - self.adv(team, b.row(self.spot))
            )
        self.ball = sq
        here = sorted(self.standing_at(sq))
        if here:
            self._take_ball(here[0])
