"""A game of futebol in progress: turn flow, the actions' effects, goals and restarts."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from ludoteca.core.i18n import T
from ludoteca.games.futebol import fouls, legal, tensor
from ludoteca.games.futebol import reach as act
from ludoteca.games.futebol.action import parse
from ludoteca.games.futebol.explain import explain
from ludoteca.games.futebol.fields import Ending, FutebolFields, Phase
from ludoteca.games.futebol.observation import FutebolView
from ludoteca.games.futebol.pawns import (
    BENCH,
    PAWNS,
    PAWNS_PER_SIDE,
    PITCH,
    SIDE_NAMES,
    SIDES,
    STATUS_NAMES,
    SUB,
    pawn_index,
    pawn_name,
    player,
)


class FutebolState(FutebolFields):
    """One match: the flow of its turns (*Virada de jogo*), goals and restarts; the
    rule modules do each action's part."""

    # -- set-up (*Contexto*) ----------------------------------------------------------
    def setup(self) -> None:
        """Coin toss, then placement (or the board's standard formation), then kick-off."""
        board = self.board
        self.occ = [-1] * len(board.kinds)
        self.pos = [-1] * PAWNS
        self.status = [BENCH] * PAWNS
        self.yellow = [0] * PAWNS
        self.ball = -1
        self.goals = [0, 0]
        self.reds = [0, 0]
        self.sub_used = [False, False]
        self.slots = [list(range(SUB)), list(range(PAWNS_PER_SIDE, PAWNS_PER_SIDE + SUB))]
        self.formation = [[], []]
        self.placed = [0, 0]
        self.no_steal = -1
        self.chain = []
        self.turns = 0
        self.called = False
        self.offences = [0, 0]
        self.forfeit = [-1, -1]
        self.member = [0, 0]
        self.last_member = [-1, -1]
        self.pending = []
        self.aim = 0
        self.penalties = 0
        self.winner_side = -1
        self.stopped = False
        self.new_turn = True
        self.kickoff_side = self.rng.randrange(2)
        self.log("Coin toss: {side} kicks off", side=SIDES[self.kickoff_side])
        self.next_side = self.kickoff_side
        if self.game.options["placement"] == "formation":
            for side in (0, 1):
                self.formation[side] = list(board.formation[side])
                self.placed[side] = SUB
            self._reset_formations()
            self.phase, self.side = Phase.KICKOFF, self.kickoff_side
        else:
            self.phase, self.side = Phase.PLACE, self.kickoff_side

    # -- the contract -------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat of the side to act: in teams, its member whose rotation it is."""
        if self.phase == Phase.OVER:
            return None
        if self.phase == Phase.RULING:  # the coached player answers a coaching call
            other = 1 - self.side
            return other + 2 * self.last_member[other]
        return self.side + 2 * self.member[self.side]

    @property
    def scores(self) -> tuple[float, ...]:
        """Each seat's side's goals."""
        return tuple(float(self.goals[seat % 2]) for seat in range(self.game.num_seats))

    @property
    def winner(self) -> int | None:
        """The winning side's first seat (0 Blue, 1 Orange); None while playing or a draw."""
        return self.winner_side if self.phase == Phase.OVER and self.winner_side >= 0 else None

    def returns(self) -> tuple[float, ...]:
        """+1 to every seat of the winning side, -1 to every seat of the loser."""
        seats = range(self.game.num_seats)
        if self.winner is None:
            return tuple(0.0 for _ in seats)
        return tuple(1.0 if seat % 2 == self.winner_side else -1.0 for seat in seats)

    def _legal_actions(self) -> list[str]:
        return legal.LEGAL[self.phase](self)

    def _apply(self, action: str) -> None:
        board = self.board
        moved = board.labels.moved.get(action)
        if moved is not None:  # every move (most actions): found without parsing
            self._move(*moved)
            return
        move = parse(action)
        verb, rest = move
        if verb == "pass":
            self._pass(board.cell(rest))
        elif verb == "long":
            self.log("{side} long pass to {space}", side=SIDES[self.side], space=rest)
            self.ball = board.cell(rest)
            self._complete_turn()
        elif verb == "end":
            self.log("{side} ends the chain pass", side=SIDES[self.side])
            self._complete_turn()
        elif verb == "skip":
            self.log("{side} cannot act and passes the turn", side=SIDES[self.side])
            self._complete_turn()
        elif verb == "steal":
            fouls.steal(self, pawn_index(rest))
        elif verb == "sub":
            fouls.substitute(self, pawn_index(rest))
        elif verb == "call":
            fouls.call_coaching(self)
        elif verb == "coaching":
            fouls.rule_coaching(self, rest == "admit")
        elif verb == "place":
            fouls.place(self, board.cell(rest))
        elif verb == "kickoff":
            self._kickoff(pawn_index(rest))
        elif verb == "keeper":
            fouls.replace_keeper(self, move)
        elif verb == "aim":
            fouls.aim(self, int(rest))
        else:
            fouls.dive(self, int(rest))

    # -- moving and passing (*Mover*, *Passar o Pontapé*) ------------------------------
    def _move(self, pawn: int, dest: int) -> None:
        """Move one pawn; the carrier stepping into the opponent's goal scores."""
        start = self.pos[pawn]
        board = self.board
        who = player(pawn)
        if board.goal_of[dest] >= 0:
            self.ball = dest
            self.log(
                "{player} runs the ball into the goal at {space}",
                player=who,
                space=board.cell_names[dest],
            )
            self._close_turn()
            self._goal(self.side)
            return
        self.occ[start] = -1
        self.occ[dest], self.pos[pawn] = pawn, dest
        picks = self.ball == dest and self.ball != start
        if self.ball == start:
            self.ball = dest
        here, there = board.cell_names[start], board.cell_names[dest]
        if picks:
            self.log(
                "{player} moves {start}-{end} and picks up the ball",
                player=who,
                start=here,
                end=there,
            )
        else:
            self.log("{player} moves {start}-{end}", player=who, start=here, end=there)
        self._complete_turn()

    def _pass(self, target: int) -> None:
        """A pass or kick; to a team-mate it may go on as a chain pass."""
        board, side = self.board, self.side
        passer = self.occ[self.ball]
        name = board.cell_names[target]
        if board.goal_of[target] >= 0:
            self.log("{player} shoots into the goal at {space}", player=player(passer), space=name)
            self.ball = target
            self._close_turn()
            self._goal(side)
            return
        self.ball = target
        receiver = self.occ[target]
        if receiver < 0:
            self.log(
                "{side} kicks the ball to the empty space {space}", side=SIDES[side], space=name
            )
            self._complete_turn()
            return
        self.log("{player} passes to {pawn}", player=player(passer), pawn=pawn_name(receiver))
        if self.phase == Phase.PLAY:
            self.chain = [passer, receiver]
        else:
            self.chain.append(receiver)
        if act.chain_targets(self, side):
            self.phase = Phase.CHAIN
        else:
            self._complete_turn()

    def _kickoff(self, pawn: int) -> None:
        """The kick-off pawn takes the ball to the centre (*começará do centro*)."""
        board = self.board
        self.occ[self.pos[pawn]] = -1
        self.occ[board.kickoff], self.pos[pawn] = pawn, board.kickoff
        self.ball = board.kickoff
        where = board.cell_names[board.kickoff]
        self.log("{player} kicks off from {space}", player=player(pawn), space=where)
        self.next_side, self.new_turn = self.side, True
        self.advance()

    # -- turn flow ----------------------------------------------------------------------
    def _complete_turn(self) -> None:
        """Close the side's turn and go on to whatever comes next."""
        self._close_turn()
        self.advance()

    def _close_turn(self) -> None:
        """Count the side's turn, rotate its team, lift the steal-back ban."""
        side = self.side
        self.turns += 1
        if self.no_steal >= 0 and self.no_steal // PAWNS_PER_SIDE == side:
            self.no_steal = -1
        self.called = False
        self.chain = []
        if self.config.teams:
            self.last_member[side] = self.member[side]
            self.member[side] = (self.member[side] + 1) % 3
        else:
            self.last_member[side] = 0
        self.next_side, self.new_turn = 1 - side, True

    def advance(self) -> None:
        """Run pending keeper/penalty steps, else start (or resume) the next turn."""
        if self.phase == Phase.OVER:
            return
        while self.pending:
            if fouls.start_pending(self):
                return
        if self.new_turn:
            self.new_turn = False
            fouls.skip_forfeited_turn(self, self.next_side)
        if self.turns >= self.config.max_turns:
            self.stop()
            return
        self.phase, self.side = Phase.PLAY, self.next_side

    def stop(self) -> None:
        """The option `turn_limit` is reached: the match stops with no result
        (docs/rules/futebol.md, decision 19)."""
        self.phase, self.stopped, self.pending = Phase.OVER, True, []
        self.log(
            "Turn limit {limit} reached: the match stops unfinished ({first}-{second}), "
            "with no result",
            limit=self.config.turn_limit,
            first=self.goals[0],
            second=self.goals[1],
        )

    def end_reason(self) -> str:
        """*Puntuação* (a golden goal, the goal limit) or the third red card."""
        ending = self.ending()
        if ending is Ending.RED_CARDS:
            return f"{SIDE_NAMES[1 - self.winner_side]} had {fouls.RED_CARDS_TO_LOSE} red cards"
        if ending is Ending.GOLDEN_GOAL:
            return "golden goal"
        return f"a side reached {self.config.goal_limit} goals"

    def ending(self) -> Ending:
        """*Puntuação* (a golden goal, the goal limit) or the third red card."""
        if self.winner_side >= 0 and self.reds[1 - self.winner_side] >= fouls.RED_CARDS_TO_LOSE:
            return Ending.RED_CARDS
        return Ending.GOLDEN_GOAL if self.config.golden_goal else Ending.GOAL_LIMIT

    def limit_reason(self) -> str:
        """The option `turn_limit` stopped the match."""
        return f"turn limit {self.config.turn_limit} reached"

    @property
    def unfinished(self) -> bool:
        """True when the match was stopped by the option `turn_limit`."""
        return self.stopped

    def _goal(self, scorer: int) -> None:
        """Score (*Puntuação*): the match may end; else formations reset and the side
        that conceded kicks off."""
        self.goals[scorer] += 1
        self.log(
            "GOAL for {side}: {first}-{second}",
            side=SIDES[scorer],
            first=self.goals[0],
            second=self.goals[1],
        )
        self.pending = []
        if self.config.golden_goal or self.goals[scorer] >= self.config.goal_limit:
            self.finish(scorer)
            return
        self._reset_formations()
        if self.turns >= self.config.max_turns:
            self.stop()
            return
        self.phase, self.side = Phase.KICKOFF, 1 - scorer

    def finish(self, winner_side: int) -> None:
        """End the match; `winner_side` -1 is a draw."""
        self.phase, self.winner_side = Phase.OVER, winner_side
        self.pending = []
        result = T("a draw") if winner_side < 0 else T("{side} wins", side=SIDES[winner_side])
        self.log(
            "Match over: {result} ({first}-{second})",
            result=result,
            first=self.goals[0],
            second=self.goals[1],
        )

    def _reset_formations(self) -> None:
        """Every pawn on the pitch back to its formation space; the ball off the pitch."""
        self.occ = [-1] * len(self.board.kinds)
        self.ball, self.no_steal, self.chain = -1, -1, []
        for side in (0, 1):
            for slot, pawn in enumerate(self.slots[side]):
                if self.status[pawn] in (PITCH, BENCH) and slot < len(self.formation[side]):
                    cell = self.formation[side][slot]
                    self.status[pawn], self.pos[pawn], self.occ[cell] = PITCH, cell, pawn

    # -- views and persistence ------------------------------------------------------------
    def secrets(self, seat: int | None) -> set[str]:
        """The taker's penalty pick, hidden from the keeper's side until it dives."""
        if self.phase == Phase.DIVE and (seat is None or seat % 2 != 1 - self.side):
            return {fouls.pick_token(self)}
        return set()

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Re-draw a penalty pick `seat` has not seen."""
        if self.phase == Phase.DIVE and seat % 2 == self.side:
            fouls.resample_aim(self, rng)

    def _observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """`seat`'s observation as numbers (`tensor.py`)."""
        return tensor.encode(self, seat)

    def explain_illegal(self, action: str) -> str:
        """A specific reason why `action` is refused now."""
        return explain(self, action)

    def _observe(self, seat: int | None) -> FutebolView:
        names = self.board.cell_names
        view: FutebolView = {
            "board": self.board.name,
            "phase": self.phase,
            "to_move": None if self.phase == Phase.OVER else SIDE_NAMES[self.side],
            "turn": self.turns,
            "turn_limit": self.config.turn_limit,
            "goals": list(self.goals),
            "reds": list(self.reds),
            "subs_used": list(self.sub_used),
            "ball": None if self.ball < 0 else names[self.ball],
            "pawns": {
                pawn_name(p): {
                    "space": None if self.pos[p] < 0 else names[self.pos[p]],
                    "status": STATUS_NAMES[self.status[p]],
                    "yellow": self.yellow[p],
                }
                for p in range(PAWNS)
            },
            "no_steal_back": None if self.no_steal < 0 else pawn_name(self.no_steal),
            "chain": [pawn_name(p) for p in self.chain],
            "offences": list(self.offences),
        }
        if self.phase == Phase.DIVE:
            taker = 1 - self.side
            view["penalty"] = {"taker": SIDE_NAMES[taker], "aimed": True}
            if seat is not None and seat % 2 == taker:
                view["penalty"]["your_pick"] = fouls.pick_token(self)
        elif self.phase == Phase.AIM:
            view["penalty"] = {"taker": SIDE_NAMES[self.side], "aimed": False}
        return view
