"""Phase 10 and the match: dead ball, injuries, downs, clock, quarters, kick-offs."""

from __future__ import annotations

from ludoteca.core.i18n import T, Text
from ludoteca.games.touchdown.fields import TEAMS, Phase, TouchdownFields
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.tables import PLAY_SECONDS, clock_markers, injured

INJURY_ZONE = 3
KICKOFF_ADV = 7  # field rows before the 20-yard line: the AK stands just behind it


class AdminMixin(TouchdownFields):
    """*Palla morta*, *Infortuni ed amministrazione*, quarters and the kick-off."""

    # -- the toss -------------------------------------------------------------------
    def _toss(self) -> None:
        """*Il calcio d'inizio*: a die decides which coach chooses to kick or receive."""
        while True:
            a, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.log("Toss: Yellow d6 {yellow}, White d6 {white}", yellow=a, white=b)
            if a != b:
                break
        self.phase, self.actor = Phase.TOSS, 0 if a > b else 1

    def _toss_apply(self, action: str) -> None:
        kicker = self.actor if action == "kick" else 1 - self.actor
        if action == "kick":
            self.log("{team} choose to kick", team=TEAMS[self.actor])
        else:
            self.log("{team} choose to receive", team=TEAMS[self.actor])
        self.received_first = 1 - kicker
        self.pending, self.pending_team = "kickoff", kicker
        self._start_action()

    # -- the dead ball --------------------------------------------------------------
    def _dead(self, sq: int | None, reason: Text) -> None:
        """*Palla morta*: the action stops; administration follows."""
        self.dead_spot = sq
        self._credit_run()
        self.picked, self.extra = None, False
        self.phase = Phase.DEAD
        self.log("Ball dead: {reason}", reason=reason)

    def _after_dead(self) -> None:
        """*Time out*: called right after the dead ball, before the administration."""
        if self._league_on() and not self.last:
            for team in (self.possession, 1 - self.possession):
                if self.timeouts[team]:
                    self.phase, self.actor = Phase.TIMEOUT, team
                    return
        self._administration()

    def _timeout_legal(self) -> list[str]:
        return ["timeout", "notimeout"]

    def _timeout_apply(self, action: str) -> None:
        team = self.actor
        if action == "timeout":
            self.timeouts[team] = False
            self.timeout_called = True
            self.log("{team} call a time out", team=TEAMS[team])
            self._administration()
            return
        other = 1 - team
        if team == self.possession and self.timeouts[other]:
            self.actor = other
            return
        self._administration()

    # -- phase 10 -------------------------------------------------------------------
    def _administration(self) -> None:
        """Ball spot, first down, clock (+2 minutes), injuries, then the next action."""
        self._next_spot()
        if self.out_side == 0 and not self.timeout_called and not self.last:
            self.clock += PLAY_SECONDS
            m, t, s = clock_markers(self.clock)
            self.log("Clock +2 minutes: {clock}", clock=f"{m}:{t}{s}")
        self._injuries()
        self.pos, self.fallen = {}, set()
        self.carrier, self.ball = None, None
        if self.last and self.pending != "conversion":
            self._end_quarter()
            if self.phase == Phase.OVER:
                return
        self._start_action()

    def _next_spot(self) -> None:
        """Restart at the dead-ball row, in the centre or on the dashed line; downs."""
        if self.kind in ("conv1", "conv2"):
            self.pending, self.pending_team = "kickoff", self.play_offence
        if self.pending:
            return
        if self.kick_missed and self.carrier is None and self.possession == self.play_offence:
            self.possession = 1 - self.possession  # a missed kick nobody took: the defence's
        b = self.board
        sq = self.dead_spot if self.dead_spot is not None else self.spot
        row = min(b.last_field_row(), max(b.first_field_row(), b.row(sq)))
        col = b.centre_col
        if self.out_side:
            col = b.dashed_columns[0] if self.out_side < 0 else b.dashed_columns[1]
        team = self.possession
        self.spot = b.sq(col, row)
        if self.kind == "kickoff" or team != self.play_offence:
            self.down, self.yc = 1, row
            self.log(
                "{team} start a series of downs on {square}",
                team=TEAMS[team],
                square=b.name_of(self.spot),
            )
            return
        gain = self.adv(team, row) - self.adv(team, self.yc)
        if gain > b.rows_per_ten_yards:
            self.down, self.yc = 1, row
            self.log("First down for {team} (gained {gain} rows)", team=TEAMS[team], gain=gain)
            return
        self.down += 1
        if self.down > 4:
            self.possession = 1 - team
            self.down, self.yc = 1, row
            self.log(
                "Turnover on downs: {team} take over on {square}",
                team=TEAMS[1 - team],
                square=b.name_of(self.spot),
            )
        else:
            self.log(
                "Down {down} for {team} on {square}",
                down=self.down,
                team=TEAMS[team],
                square=b.name_of(self.spot),
            )

    def _injuries(self) -> None:
        """*Infortuni*: the bench recovers one zone; each fallen player rolls 1d6."""
        for pid in sorted(self.bench):
            self.bench[pid] -= 1
            if self.bench[pid] <= 0:
                del self.bench[pid]
        for pid in sorted(self.fallen):
            if injured(self.d6(T("injury check {player}", player=who(pid)))):
                self.bench[pid] = INJURY_ZONE
                self.log(
                    "{player} is injured (bench zone {zone})", player=who(pid), zone=INJURY_ZONE
                )

    # -- quarters ---------------------------------------------------------------------
    def _end_quarter(self) -> None:
        """End of a quarter: field inverted; at half time kick-off by the first receiver."""
        self.log(
            "End of quarter {quarter}: {first}-{second}",
            quarter=self.quarter,
            first=self.score[0],
            second=self.score[1],
        )
        total = self._quarters()
        if self.quarter >= total:
            self.phase = Phase.OVER
            self.log(
                "Final score: Yellow {yellow}, White {white}",
                yellow=self.score[0],
                white=self.score[1],
            )
            return
        self.quarter += 1
        self.clock, self.last = 0, False
        self.timeouts = [True, True]
        self.direction = [-d for d in self.direction]
        if self.quarter == total // 2 + 1:
            self.pending, self.pending_team = "kickoff", self.received_first
            self.log("Second half: {team} kick off", team=TEAMS[self.received_first])
            return
        b = self.board
        self.spot = b.sq(b.width - 1 - b.col(self.spot), b.height - 1 - b.row(self.spot))
        self.yc = b.height - 1 - self.yc

    # -- a new action -----------------------------------------------------------------
    def _start_action(self) -> None:
        """Phase 1 of the next action: a kick-off, a conversion or a down."""
        self.move_no, self.no_pass, self.pass_tried, self.crossed = 0, False, False, False
        self.out_side, self.dead_spot, self.tie, self.shifted = 0, None, False, False
        self.frozen, self.frozen_next, self.moved = set(), set(), set()
        self.timeout_called, self.receiver, self.kick_missed = False, None, False
        b = self.board
        if self.pending == "kickoff":
            team = self.pending_team
            self.possession = self.play_offence = team
            self.kind, self.pending = "kickoff", ""
            row = self.row_for(team, b.first_field_row() + KICKOFF_ADV)
            self.spot = b.sq(b.centre_col, row)
            self.log("Kick off by {team}", team=TEAMS[team])
            self._begin_setup(team)
            return
        if self.pending == "conversion":
            team = self.pending_team
            self.possession = self.play_offence = team
            self.spot = b.sq(b.centre_col, self.row_for(team, b.last_field_row() - 1))
        self.play_offence = self.possession
        self.phase, self.actor = Phase.DECLARE, self.possession
