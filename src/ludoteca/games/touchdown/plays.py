"""Phases 4-5: timing, and the hand-off, forward pass, punt or field goal."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import KICK_KINDS, TEAM_LETTERS, TEAMS, Phase
from ludoteca.games.touchdown.kicks import KicksMixin
from ludoteca.games.touchdown.roster import RECEIVER_ROLES, who
from ludoteca.games.touchdown.tables import (
    MAX_PASS,
    QUARTER_MINUTES,
    clock_markers,
    forward_pass_distance,
    last_play,
    pass_odds,
    pass_result,
    timing,
)


class PlaysMixin(KicksMixin):
    """*Timing* and phase 5 (*passaggio, lancio, punt o field goal*)."""

    # -- phase 4: timing ------------------------------------------------------------
    def _start_move(self) -> None:
        """*Timing*: both roll 1d4, the lower has the initiative; the clock runs."""
        if not any(p not in self.fallen for p in self.pos):
            self._dead(self.ball_square(), T("nobody is standing to play the ball"))
            return
        self.move_no += 1
        self.rolls = [self.rng.randint(1, 4), self.rng.randint(1, 4)]
        self.clock += max(self.rolls)
        if last_play(self.clock, self.game.int_option("quarter_minutes") or QUARTER_MINUTES):
            self.last = True
        m, t, s = clock_markers(self.clock)
        self.log(
            "Move {move}: timing Yellow d4 {yellow}, White d4 {white}; clock {clock}{last}",
            move=self.move_no,
            yellow=self.rolls[0],
            white=self.rolls[1],
            clock=f"{m}:{t}{s}",
            last=T(" (last action of the quarter)") if self.last else "",
        )
        self.bonus_used, self.blitzer = False, None
        winner = timing(self.rolls[0], self.rolls[1])
        self.tie = winner is None
        if winner is None:
            self.phase, self.actor = Phase.TIE, 1 - self.possession
            return
        self.initiative = winner
        self._phase5()

    def _tie_legal(self) -> list[str]:
        return [Verb.INITIATIVE.of(letter) for letter in TEAM_LETTERS]

    def _tie_apply(self, action: str) -> None:
        """A tied timing: the defence chooses who has the initiative."""
        self.initiative = TEAM_LETTERS.index(arg_of(action))
        self.log("The defence gives the initiative to {team}", team=TEAMS[self.initiative])
        self._phase5()

    # -- phase 5 -------------------------------------------------------------------
    def _phase5(self) -> None:
        if (
            self.kind == "conv1"
            and self.move_no == 2
            and (self.carrier is None or self.cards[self.carrier].role != "AK")
        ):
            self._dead(self.ball_square(), T("the kicker has no ball: conversion failed"))
            return
        if self.carrier is None or self.team_of(self.carrier) != self.possession:
            self._start_movement(6)
            return
        self.phase, self.actor = Phase.PASS, self.possession

    def _handoff_targets(self, kicker: bool = False) -> list[str]:
        """*Passaggio (hand off)*: ball not past the line, passer level with or ahead."""
        c = self.carrier
        if c is None or self.no_pass or self.crossed:
            return []
        team, here = self.team_of(c), self.pos[c]
        ahead = self.adv(team, self.board.row(here))
        roles = {"AK"} if kicker else RECEIVER_ROLES
        return sorted(
            p
            for p, s in self.pos.items()
            if p != c
            and self.team_of(p) == team
            and p not in self.fallen
            and self.cards[p].role in roles
            and self.adv(team, self.board.row(s)) <= ahead
            and self.board.distance(here, s) <= MAX_PASS
        )

    def _forward_targets(self) -> list[str]:
        """*Lancio (forward pass)*: *"solo se il giocatore che passa è dietro la linea di
        scrimmage"* (a row behind the line's, where the A stand), forward, to AB/AE/AQ."""
        c = self.carrier
        if c is None or self.no_pass or self.crossed or self.move_no == 1:
            return []
        team, here = self.team_of(c), self.pos[c]
        from_adv = self.adv(team, self.board.row(here))
        if from_adv >= self.adv(team, self.board.row(self.spot)):
            return []
        qb = self.cards[c].role == "AQ"
        return sorted(
            p
            for p, s in self.pos.items()
            if self.team_of(p) == team
            and p not in self.fallen
            and self.cards[p].role in RECEIVER_ROLES
            and self.adv(team, self.board.row(s)) > from_adv
            and forward_pass_distance(self.board.distance(here, s), qb) <= MAX_PASS
        )

    def _pass_legal(self) -> list[str]:
        b, c = self.board, self.carrier
        assert c is not None
        if self.kind in KICK_KINDS and self.move_no == 1:
            return [Verb.KICK.of(b.name_of(s)) for s in self._kick_squares()]
        if self.kind in ("fieldgoal", "conv1") and self.move_no <= 2:
            if self.move_no == 1:
                return [Verb.HANDOFF.of(p) for p in self._handoff_targets(kicker=True)] or ["kneel"]
            if self.cards[c].role == "AK":
                top = self.direction[self.possession] == 1
                return [Verb.FG.of(b.name_of(s)) for s in b.goal_squares(top)]
        if self.move_no == 1:
            return [Verb.HANDOFF.of(p) for p in self._handoff_targets()] or ["kneel"]
        return (
            ["play", "kneel"]
            + [Verb.HANDOFF.of(p) for p in self._handoff_targets()]
            + [Verb.PASS.of(p) for p in self._forward_targets()]
        )

    def _pass_apply(self, action: str) -> None:
        verb, arg = parse(action)
        if verb == "play":
            self._start_movement(6)
        elif verb == "kneel":
            self.log("{player} puts the ball down", player=who(str(self.carrier)))
            self._dead(self.ball_square(), T("ball put down (*mettere a terra*)"))
        elif verb == "handoff":
            self._handoff(arg)
        elif verb == "pass":
            self._forward_pass(arg)
        elif verb == "kick":
            sq = self.board.parse(arg)
            assert sq is not None
            self._punt(sq)
        elif verb == "fg":
            sq = self.board.parse(arg)
            assert sq is not None
            self._field_goal(sq)

    def _handoff(self, receiver: str) -> None:
        """*Passaggio*: 1d6 on the pass table; P free ball, I intercepted, R received."""
        c = self.carrier
        assert c is not None
        dist = self.board.distance(self.pos[c], self.pos[receiver])
        handing = T("hand-off {player}->{receiver}", player=who(c), receiver=who(receiver))
        result = "R" if dist <= 1 else pass_result(dist, self.d6(handing))
        self.log(
            "Hand-off {player} -> {receiver} over {distance}: {result}",
            player=who(c),
            receiver=who(receiver),
            distance=dist,
            result=result,
        )
        self._resolve_pass(c, receiver, result, forward=False)

    def _forward_pass(self, receiver: str) -> None:
        """*Lancio*: AQ halves the distance; -1 per opponent adjacent to the passer."""
        c = self.carrier
        assert c is not None
        self.pass_tried = True
        dist = self.board.distance(self.pos[c], self.pos[receiver])
        if dist <= 1:
            result = "R"
        else:
            eff, modifier = self._pass_column(c, receiver)
            roll = self.d6(
                T("forward pass {player}->{receiver}", player=who(c), receiver=who(receiver))
            )
            result = pass_result(eff, roll + modifier)
            self.log(
                "Pass roll {roll}{modifier} at distance {distance}",
                roll=roll,
                modifier=f"{modifier:+d}",
                distance=eff,
            )
        self.log(
            "Forward pass {player} -> {receiver} over {distance}: {result}",
            player=who(c),
            receiver=who(receiver),
            distance=dist,
            result=result,
        )
        self._resolve_pass(c, receiver, result, forward=True)

    def _pass_column(self, passer: str, receiver: str) -> tuple[int, int]:
        """The pass table column (distance, an AQ's halved, at least 2) and the die
        modifier (-1 per opponent next to the passer, +1 for experience)."""
        dist = self.board.distance(self.pos[passer], self.pos[receiver])
        eff = forward_pass_distance(dist, self.cards[passer].role == "AQ")
        modifier = -len(self.adjacent_opponents(passer)) + self._pass_bonus(passer, receiver)
        return max(2, eff), modifier

    def forward_pass_odds(self, receiver: str) -> float:
        """The chance that a forward pass from the carrier now to `receiver` is received
        (*R* on the pass table with every *modificatore*); 1 for an adjacent receiver."""
        c = self.carrier
        assert c is not None, "nobody holds the ball"
        if self.board.distance(self.pos[c], self.pos[receiver]) <= 1:
            return 1.0
        return pass_odds(*self._pass_column(c, receiver))

    def _pass_bonus(self, passer: str, receiver: str) -> int:
        """League experience: +1 for a seasoned AQ or receiver, not cumulative."""
        seasoned = self.cards[passer].experience == "quarterback" or (
            self.cards[receiver].experience == "receiver"
        )
        return 1 if seasoned else 0

    def _resolve_pass(self, passer: str, receiver: str, result: str, forward: bool) -> None:
        if result == "R":
            if forward:
                self._pass_stats(passer, receiver)
            self._take_ball(receiver)
            if self.phase != Phase.DEAD:
                self._start_movement(6)
            return
        self.receiver = receiver
        if result == "I" and self.adjacent_opponents(receiver):
            self.carrier, self.ball = None, self.pos[receiver]
            self.phase, self.actor = Phase.INTERCEPT, 1 - self.team_of(passer)
            return
        if forward:
            self._dead(self.pos[passer], T("incomplete forward pass"))
            return
        if not self._free_ball_squares():
            self.log("No free square beside the receiver: he keeps the ball")
            self._take_ball(receiver)
            if self.phase != Phase.DEAD:
                self._start_movement(6)
            return
        self.carrier, self.ball = None, self.pos[receiver]
        self.phase, self.actor = Phase.FREEBALL, 1 - self.team_of(passer)

    def _pass_stats(self, passer: str, receiver: str) -> None:
        """Match report: yards received/thrown from the line of scrimmage (*referto*)."""
        team = self.team_of(passer)
        gain = self.adv(team, self.board.row(self.pos[receiver])) - self.adv(
            team, self.board.row(self.spot)
        )
        if gain > 0:
            self.add_stat(receiver, "received", gain)
            self.add_stat(passer, "thrown", gain)
            self.add_play_rows("pass", gain)
        if self.in_opponent_end_zone(team, self.pos[receiver]):
            self.add_stat(passer, "td_thrown")

    def _free_ball_squares(self) -> list[int]:
        assert self.receiver is not None
        here = self.pos[self.receiver]
        occupied = set(self.pos.values())
        return [
            s for s in self.board.neighbours[here] if self.board.in_bounds(s) and s not in occupied
        ]

    def _freeball_legal(self) -> list[str]:
        return [Verb.BALL.of(self.board.name_of(s)) for s in self._free_ball_squares()]

    def _intercept_legal(self) -> list[str]:
        assert self.receiver is not None
        return [Verb.INTERCEPT.of(p) for p in self.adjacent_opponents(self.receiver)]

    def _intercept_apply(self, action: str) -> None:
        """*Intercettato*: the defence puts the ball on an adjacent player of its own."""
        pid = arg_of(action)
        self.log("{player} intercepts", player=who(pid))
        self.ball = None
        self._take_ball(pid)
        if self.phase != Phase.DEAD:
            self._start_movement(6)

    def _freeball_apply(self, action: str) -> None:
        """*Incompleto*: the opponents put the free ball on an empty adjacent square."""
        sq = self.board.parse(arg_of(action))
        assert sq is not None
        self.ball = sq
        self.log("Free ball on {square}", square=arg_of(action))
        self._start_movement(6)

    # -- the ball changing hands ------------------------------------------------------
    def _take_ball(self, pid: str) -> None:
        """`pid` takes the ball; a new team in possession may no longer pass (*runback*)."""
        self._credit_run()
        self.carrier, self.ball = pid, None
        team = self.team_of(pid)
        here = self.adv(team, self.board.row(self.pos[pid]))
        line = self.adv(team, self.board.row(self.spot))
        if team != self.play_offence:
            self.run_from = here
        else:
            self.run_from = line if here <= line else -1
        self.run_best = here
        if team != self.possession:
            self.possession = team
            self.no_pass = True
            self.log("Change of possession: {player} has the ball", player=who(pid))
        self._check_crossed()
        self._check_touchdown(pid)

    def _credit_run(self) -> None:
        """*Yard corse*: from the line (offence, ball taken behind it) or from where a
        defender took the ball, to the furthest row reached."""
        c = self.carrier
        if c is not None and self.run_from >= 0 and self.run_best > self.run_from:
            self.add_stat(c, "run", self.run_best - self.run_from)
            self.add_play_rows(self._run_type(c), self.run_best - self.run_from)
        self.run_from = -1

    def _run_type(self, carrier: str) -> str:
        """The play type of a run: a rush by the offence, else a return of the kick
        (*kick off*, *punt*) or of a ball taken from the offence (interception, fumble)."""
        if self.team_of(carrier) == self.play_offence:
            return "run"
        if self.kind in ("kickoff", "punt"):
            return f"{self.kind}_return"
        return "turnover_return"

    def _check_crossed(self) -> None:
        sq = self.ball_square()
        if sq is None or self.crossed:
            return
        off = self.play_offence
        if self.adv(off, self.board.row(sq)) > self.adv(off, self.board.row(self.spot)):
            self.crossed = True

    def _check_touchdown(self, pid: str) -> None:
        """*Touch down*: a carrier in the end zone he attacks scores 6 (2 on a conversion)."""
        team = self.team_of(pid)
        if self.carrier != pid or not self.in_opponent_end_zone(team, self.pos[pid]):
            return
        if self.kind in ("conv1", "conv2"):
            self.pending, self.pending_team = "kickoff", self.play_offence
            if team == self.play_offence and self.kind == "conv2":
                self.score[team] += 2
                self.add_stat(pid, "td")
                self._dead(self.pos[pid], T("two-point conversion scored"))
            else:
                self._dead(self.pos[pid], T("the conversion ends without points"))
            return
        self.score[team] += 6
        self.add_stat(pid, "td")
        self.pending, self.pending_team = "conversion", team
        self._dead(self.pos[pid], T("touch down by {player}", player=who(pid)))
