"""Phases 1-3: declaring the play, the two set-ups and the shift (*Schieramento*)."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.admin import AdminMixin
from ludoteca.games.touchdown.fields import (
    ATTACK_KINDS,
    KICK_KINDS,
    TEAM_LETTERS,
    TEAMS,
    Phase,
)
from ludoteca.games.touchdown.roster import who
from ludoteca.games.touchdown.verbs import pick, to_actions, to_ids

KINDS = {
    "attack": T("attack"),
    "punt": T("punt"),
    "fieldgoal": T("fieldgoal"),
    "conv1": T("conv1"),
    "conv2": T("conv2"),
}
"""The actions an offence declares (*schieramento*), in the log's words."""

ATTACK_SLOTS = {"A": 5, "AB": 3, "AE": 2, "AQ": 1}
KICKING_SLOTS = {"A": 5, "AB": 2, "AE": 2, "AQ": 1, "AK": 1}
PUNTING_SLOTS = {"AK": 1, "D": 10}
DEFENCE_SLOTS = {"D": 11}
DEFENSIVE_LINE = 4


class FormationMixin(AdminMixin):
    """Declaring the action and placing the eleven (*schieramento*)."""

    # -- phase 1: the declaration ------------------------------------------------
    def _available(self, team: int, role: str) -> list[str]:
        """Healthy players of a role off the field (bench zone 0)."""
        return [
            p
            for p, c in self.cards.items()
            if self.team_of(p) == team
            and c.role == role
            and p not in self.bench
            and p not in self.pos
        ]

    def _declare_legal(self) -> list[str]:
        """*Schieramento della squadra in attacco*: attack, punt or field goal."""
        has_kicker = bool(self._available(self.play_offence, "AK"))
        if self.pending == "conversion":
            return ["conv1", "conv2"] if has_kicker else ["conv2"]
        if not has_kicker:
            return ["attack"]
        b, team = self.board, self.play_offence
        room = self.adv(team, b.row(self.spot)) + b.rows_per_ten_yards < b.height - 2
        return ["attack", "punt", "fieldgoal"] if room else ["attack", "fieldgoal"]

    def _declare(self, action: str) -> None:
        self.kind = action
        self.pending = ""
        self.log("{team} declare {kind}", team=TEAMS[self.play_offence], kind=KINDS[action])
        self._begin_setup(self.play_offence)

    # -- phases 1-2: placing players -----------------------------------------------
    def _team_name(self, team: int) -> str:
        return ("Yellow", "White")[team]

    def _slots_for(self, team: int) -> dict[str, int]:
        """The roles a team fields in this action (*Le formazioni*, *Punt*, *Field goal*)."""
        if team == self.play_offence:
            if self.kind in KICK_KINDS:
                return dict(PUNTING_SLOTS)
            return dict(KICKING_SLOTS if self.kind in ("fieldgoal", "conv1") else ATTACK_SLOTS)
        return dict(ATTACK_SLOTS if self.kind in KICK_KINDS else DEFENCE_SLOTS)

    def _begin_setup(self, team: int) -> None:
        self.phase = Phase.SETUP
        self.setup_team = self.actor = team
        self.slots = self._slots_for(team)
        self.picked = None
        if not self._setup_picks():
            self._finish_setup()

    def _centre_role(self) -> str | None:
        """The role that must take the ball on the centre square, if still empty."""
        if self.setup_team != self.play_offence or self.standing_at(self.spot):
            return None
        return "AK" if self.kind in KICK_KINDS else "A"

    def _setup_picks(self) -> list[str]:
        letter, slots, bench, pos = TEAM_LETTERS[self.setup_team], self.slots, self.bench, self.pos
        eligible = [
            p
            for p, c in self.cards.items()
            if p[0] == letter and slots.get(c.role, 0) > 0 and p not in bench and p not in pos
        ]
        centre = self._centre_role()
        if centre is not None:
            first = [p for p in eligible if self.cards[p].role == centre]
            eligible = first or eligible
        return sorted(eligible)

    def _line_squares(self) -> list[int]:
        """The five squares of the offensive line: the centre and two either side."""
        col, row = self.board.col(self.spot), self.board.row(self.spot)
        return [self.board.sq(c, row) for c in range(col - 2, col + 3)]

    def _defence_line_row(self) -> int:
        """The row just on the defence's side of the line of scrimmage."""
        return self.board.row(self.spot) + self.direction[self.play_offence]

    def _setup_squares(self, pid: str) -> list[int]:
        """Where `pid` may be placed now (*Schieramento*, *Punt*, *Kick off*)."""
        b, team, off = self.board, self.team_of(pid), self.play_offence
        if team == off and self._centre_role() is not None:
            return [self.spot]
        role = self.cards[pid].role
        taken = {s for p, s in self.pos.items() if self.team_of(p) == team}
        line = self._line_squares()
        spot_adv = self.adv(off, b.row(self.spot))
        half = b.first_field_row() + b.field_rows // 2
        rows: list[int]
        if team == off and self.kind in ATTACK_KINDS:
            if role == "A":
                return [s for s in line if s not in taken]
            rows = [r for r in range(1, b.height - 1) if self.adv(off, r) <= spot_adv]
        elif team == off:
            rows = [r for r in range(1, b.height - 1) if self.adv(off, r) < spot_adv]
            if self.kind == "punt":
                rows = [r for r in rows if self.adv(off, r) < half]
        elif self.kind == "punt":
            rows = [r for r in range(1, b.height - 1) if self.adv(off, r) > spot_adv + 4]
        elif self.kind == "kickoff":
            rows = [r for r in range(1, b.height - 1) if self.adv(team, r) < half]
        else:
            rows = [r for r in range(1, b.height - 1) if self.adv(off, r) > spot_adv]
            line_row = self._defence_line_row()
            on_line = sum(
                1 for p, s in self.pos.items() if self.team_of(p) == team and b.row(s) == line_row
            )
            left = min(sum(self.slots.values()), len(self._setup_picks()))
            if self.phase == Phase.SETUP and left <= DEFENSIVE_LINE - on_line:
                rows = [line_row]
        width, columns = b.width, range(1, b.columns + 1)
        out = [r * width + c for r in rows for c in columns]
        if team == off and self.kind in ATTACK_KINDS:
            taken.update(line)
        return [s for s in out if s not in taken]

    def _setup_legal(self) -> list[str]:
        if self.picked is None:
            return [pick(p) for p in self._setup_picks()]
        names, squares = to_actions(self.board)[0], self._setup_squares(self.picked)
        legal = [names[s] for s in squares]
        self._legal_ids = (legal, to_ids(self.game.action_space, self.board, sorted(squares)))
        return legal

    def _setup_apply(self, action: str) -> None:
        verb, arg = parse(action)
        if verb == "pick":
            self.picked = arg
            return
        pid, sq = self.picked, self.board.parse(arg)
        assert pid is not None and sq is not None
        self.pos[pid] = sq
        self.slots[self.cards[pid].role] -= 1
        self.picked = None
        self.log("{player} set up on {square}", player=who(pid), square=arg)
        if not self._setup_picks():
            self._finish_setup()

    def _finish_setup(self) -> None:
        if self.setup_team == self.play_offence:
            if self.standing_at(self.spot):
                self.carrier = self.standing_at(self.spot)[0]
                self.ball = None
                self.run_from = self.run_best = self.adv(
                    self.play_offence, self.board.row(self.spot)
                )
            else:
                self.carrier, self.ball = None, self.spot
            self._begin_setup(1 - self.play_offence)
            return
        if self.kind in ("attack", "conv2"):
            self.phase, self.actor, self.picked, self.shifted = (
                Phase.SHIFT,
                self.play_offence,
                None,
                False,
            )
            return
        self._start_move()

    # -- phase 3: the shift (*Modifica della formazione*) ------------------------------
    def _shift_candidates(self) -> list[str]:
        team = self.actor
        if team == self.play_offence:
            return sorted(
                p
                for p in self.pos
                if self.team_of(p) == team and self.cards[p].role in ("AB", "AE")
            )
        line_row = self._defence_line_row()
        return sorted(
            p
            for p, s in self.pos.items()
            if self.team_of(p) == team and self.board.row(s) != line_row
        )

    def _shift_legal(self) -> list[str]:
        if self.picked is None:
            return ["noshift"] + [Verb.SHIFT.of(p) for p in self._shift_candidates()]
        here = self.pos[self.picked]
        return [
            Verb.TO.of(self.board.name_of(s)) for s in self._setup_squares(self.picked) if s != here
        ]

    def _shift_apply(self, action: str) -> None:
        """The offence may shift one receiver; only then may the defence answer."""
        if parse(action).verb is Verb.SHIFT:
            self.picked = arg_of(action)
            return
        offence = self.actor == self.play_offence
        if parse(action).verb is Verb.TO:
            assert self.picked is not None
            sq = self.board.parse(arg_of(action))
            assert sq is not None
            self.log(
                "{player} shifts to {square}",
                player=who(self.picked),
                square=arg_of(action),
            )
            self.pos[self.picked] = sq
            self.picked = None
            if offence:
                self.shifted = True
                self.actor = 1 - self.play_offence
                return
        else:
            self.log("{team}: no shift", team=TEAMS[self.actor])
        self._start_move()
