"""Phases 6-8: movement with a path search, fallen players, tackles and fumbles."""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.touchdown.action import Verb, arg_of, parse
from ludoteca.games.touchdown.fields import ATTACK_KINDS, TEAM_LETTERS, Phase
from ludoteca.games.touchdown.geometry import Board
from ludoteca.games.touchdown.plays import PlaysMixin
from ludoteca.games.touchdown.reach import bits_of, layers, masks, on_paths, squares_of
from ludoteca.games.touchdown.roster import RECEIVER_ROLES, who
from ludoteca.games.touchdown.tables import fumble_taken, tackle_falls, tackle_result
from ludoteca.games.touchdown.verbs import pick, to_actions, to_ids

OOB_PHASE = 9
# (board id, attacking direction) -> (board, mask of the end zone attacked)
_END_ZONES: dict[tuple[int, int], tuple[Board, int]] = {}
BLITZ_PHASE = 5


class MovementMixin(PlaysMixin):
    """*Movimento* and *Contrasti*."""

    _reach_memo: tuple[str, list[int], int] | None = None
    """The search behind the picked player's `to:` actions (player, `layers`, halting
    squares), kept by `_move_legal` for the move applied next; not state: the next
    action clears it."""
    _picks_memo: list[str] | None = None
    """The players a move left free to move (`_move_candidates`), kept by `_move_apply`
    for the `pick:` actions listed next; not state: every action clears it."""

    # -- starting and ending phases -------------------------------------------------
    def _start_movement(self, phase: int) -> None:
        """Phase 6 (initiative: low d4), 7 (other: high d4), 8 (initiative: difference)."""
        low, high = min(self.rolls), max(self.rolls)
        if phase == 6:
            if self._blitz_candidates():
                self.phase, self.actor = Phase.BLITZ, 1 - self.initiative
                return
            team, allow, bonus = self.initiative, low, True
        elif phase == 7:
            team, allow, bonus = 1 - self.initiative, high, True
        else:
            if self.tie or high == low:
                self._start_move()
                return
            team, allow, bonus = self.initiative, high - low, not self.bonus_used
        self._open_phase(phase, team, allow, bonus)

    # -- league: the blitz ---------------------------------------------------------
    def _blitz_candidates(self) -> list[str]:
        """*Blitz*: once a match, a D with the ability may move first in phase 6
        although his team lacks the initiative (league rules)."""
        team = 1 - self.initiative
        if not self._league_on() or self.blitz_used[team]:
            return []
        return sorted(
            p
            for p, c in self.cards.items()
            if c.blitz
            and c.role == "D"
            and self.team_of(p) == team
            and p in self.pos
            and p not in self.fallen
            and p not in self.frozen_next
        )

    def _blitz_legal(self) -> list[str]:
        return ["noblitz"] + [Verb.BLITZ.of(p) for p in self._blitz_candidates()]

    def _blitz_apply(self, action: str) -> None:
        if action == "noblitz":
            self._open_phase(6, self.initiative, min(self.rolls), True)
            return
        pid = arg_of(action)
        team = self.team_of(pid)
        self.blitz_used[team] = True
        self.blitzer = pid
        self.log("{player} blitzes", player=who(pid))
        self._open_phase(BLITZ_PHASE, team, max(self.rolls), True)
        if self.phase == Phase.MOVE:
            self.picked = pid

    def _open_phase(self, phase: int, team: int, allow: int, bonus: bool) -> None:
        self.phase, self.mphase, self.mover, self.actor = Phase.MOVE, phase, team, team
        self.allow, self.bonus_ok = allow, bonus
        self.moved, self.picked, self.extra = set(), None, False
        if phase == 7 and self.blitzer is not None and self.team_of(self.blitzer) == team:
            self.moved.add(self.blitzer)
        self.frozen = {p for p in self.frozen_next if self.team_of(p) == team}
        self.frozen_next -= self.frozen
        if not self._move_candidates():
            self._end_movement()

    def _end_movement(self) -> None:
        self.frozen = set()
        self.picked, self.extra = None, False
        if self.mphase == OOB_PHASE:
            self._dead(self.ball_square(), T("carrier out of bounds (*uscito dal campo*)"))
        elif self.mphase == BLITZ_PHASE:
            self._open_phase(6, self.initiative, min(self.rolls), True)
        elif self.mphase == 6:
            self._start_movement(7)
        elif self.mphase == 7:
            self._start_movement(8)
        else:
            self._start_move()

    def _kicker_waits(self, pid: str) -> bool:
        """*Field goal*: in the first move the AK may move only to pick up the ball."""
        return (
            self.kind in ("fieldgoal", "conv1")
            and self.move_no == 1
            and self.cards[pid].role == "AK"
            and self.team_of(pid) == self.play_offence
        )

    def _move_candidates(self) -> list[str]:
        letter = TEAM_LETTERS[self.mover]
        done = self.fallen | self.moved | self.frozen
        out = sorted([p for p in self.pos if p[0] == letter and p not in done])
        if self.mphase == BLITZ_PHASE:
            return [p for p in out if p == self.blitzer]
        if (
            self.ball is None
            and self.kind in ("fieldgoal", "conv1")
            and any(self._kicker_waits(p) for p in out)
        ):
            out = [p for p in out if not self._kicker_waits(p)]
        return out

    # -- the path search ------------------------------------------------------------
    def _can_tackle(self, target: str) -> bool:
        """Backs (AB/AE/AQ) without the ball are fair game only after a forward pass
        or once the ball has crossed the line (*Contrasti*)."""
        if target == self.carrier or self.kind not in ATTACK_KINDS:
            return True
        if self.team_of(target) != self.play_offence:
            return True
        if self.cards[target].role not in RECEIVER_ROLES:
            return True
        return self.pass_tried or self.crossed

    def _stop_masks(self, pid: str) -> tuple[int, int, int]:
        """Steps allowed to `pid`, and the squares (as masks) he may never enter
        (*blocked*: the sidelines unless he carries the ball, opponents he may not
        tackle) or may enter but not pass (*halting*: an opponent he tackles, and for
        the carrier the sidelines and the end zone he attacks)."""
        b, team = self.board, self.team_of(pid)
        steps = 1 if self.extra else self.allow + (self.cards[pid].speed if self.bonus_ok else 0)
        outside = masks(b).outside
        if pid == self.carrier:
            blocked, halting = 0, outside | self._end_zone_mask(team)
        else:
            blocked, halting = outside, 0
        fallen, tackle, spared = self.fallen, 0, 0
        anyone = self.kind not in ATTACK_KINDS or self.pass_tried or self.crossed
        opponents = TEAM_LETTERS[1 - team]
        for p, s in self.pos.items():
            if p[0] == opponents and p not in fallen:
                if anyone or self._can_tackle(p):
                    tackle |= 1 << s
                else:
                    spared |= 1 << s
        return steps, (blocked & ~tackle) | spared, (halting & ~spared) | tackle

    def _end_zone_mask(self, team: int) -> int:
        """Every square (sidelines included) of the end zone `team` attacks."""
        cache_key = (id(self.board), self.direction[team])
        known = _END_ZONES.get(cache_key)
        if known is None or known[0] is not self.board:
            width = self.board.width
            mask = bits_of(
                r * width + c
                for r in range(self.board.height)
                if self.in_opponent_end_zone(team, r * width)
                for c in range(width)
            )
            known = _END_ZONES[cache_key] = (self.board, mask)
        return known[1]

    def _search(self, pid: str, within: set[int]) -> dict[int, int | None]:
        """Shortest paths (king moves) over `within`, the squares of every shortest
        path to one destination (see `on_shortest_paths`: no square in it blocks).

        Among shortest paths it prefers one over a loose ball (picking it up, as
        *transitando nella casella*), then the fewest squares of fallen players.
        The key of a square is (0 over the loose ball, else 100) + fallen squares
        crossed: the smallest key wins, the first found on a tie. Returns the parent
        of every square of `within`.
        """
        start, fallen = self.pos[pid], self.fallen
        fallen_sq = {s for p, s in self.pos.items() if p in fallen}
        loose = self.ball if self.carrier is None and self.may_take_ball(pid) else -1
        neighbours = self.board.neighbours
        parent: dict[int, int | None] = {start: None}
        key = {start: 0 if start == loose else 100}
        frontier = [start]
        while frontier:
            layer: dict[int, int] = {}  # squares first reached at this step -> key
            for s in frontier:
                fs = key[s]
                for n in neighbours[s]:
                    if n not in within:
                        continue
                    seen = n in parent
                    if seen and n not in layer:
                        continue  # reached at an earlier step
                    f = fs + 1 if n in fallen_sq else fs
                    if n == loose:
                        f %= 100
                    if seen:
                        if f < layer[n]:
                            layer[n], parent[n] = f, s
                        continue
                    layer[n], parent[n] = f, s
            key.update(layer)
            frontier = list(layer)
        return parent

    def destinations(self, pid: str) -> list[int]:
        """The squares `pid` could end on if picked now (what `pick:` then offers as
        `to:`), found by the rules' path search; read-only."""
        return self._destinations(pid)

    def _reach(self, pid: str) -> tuple[list[int], int]:
        """The `layers` `pid` reaches now, and the halting squares of that search."""
        steps, blocked, halting = self._stop_masks(pid)
        return layers(self.board, self.pos[pid], steps, blocked, halting), halting

    def _destinations(self, pid: str, reach: list[int] | None = None) -> list[int]:
        """Squares `pid` may end on: empty of standing team-mates, or a tackle
        (`reach`: his `layers`, if known)."""
        team, start = self.team_of(pid), self.pos[pid]
        letter, fallen = TEAM_LETTERS[team], self.fallen
        own = 1 << start  # standing team-mates' squares, and his own
        opp: set[int] = set()
        for p, s in self.pos.items():
            if p not in fallen:
                if p[0] == letter:
                    own |= 1 << s
                else:
                    opp.add(s)
        reached = 0
        for layer in self._reach(pid)[0] if reach is None else reach:
            reached |= layer
        out = squares_of(self.board, reached & ~own)
        if self.mphase == OOB_PHASE:
            carrier_sq = self.pos[self.carrier] if self.carrier else -1
            out = [s for s in out if s == carrier_sq]
        elif self._kicker_waits(pid):
            out = [s for s in out if s == self.ball]
        if start in opp and self.mphase != OOB_PHASE:
            here = [p for p in self.standing_at(start) if self.team_of(p) != team]
            if here and self._can_tackle(here[0]):
                out.append(start)
                out.sort()
        return out

    # -- actions --------------------------------------------------------------------
    def _move_legal(self) -> list[str]:
        if self.picked is None:
            free, self._picks_memo = self._picks_memo, None
            return ["end"] + [pick(p) for p in (self._move_candidates() if free is None else free)]
        names, pid = to_actions(self.board)[0], self.picked
        reach, halting = self._reach(pid)
        self._reach_memo = (pid, reach, halting)
        squares = self._destinations(pid, reach)
        legal = ["stay"] + [names[s] for s in squares]
        space = self.game.action_space  # "stay" comes before the `to:` actions
        self._legal_ids = (legal, [space.id_of("stay"), *to_ids(space, self.board, squares)])
        return legal

    def _move_apply(self, action: str) -> None:
        memo, self._reach_memo = self._reach_memo, None
        if action == "end":
            self._end_movement()
            return
        if parse(action).verb is Verb.PICK:
            self.picked = arg_of(action)
            self.log("{player} chosen to move", player=who(self.picked))
            return
        pid = self.picked
        assert pid is not None
        self.picked, self.extra, extra_before = None, False, self.extra
        self.moved.add(pid)
        if action == "stay":
            self.log(
                "{player} stays on {square}",
                player=who(pid),
                square=self.board.names[self.pos[pid]],
            )
        else:
            sq = to_actions(self.board)[1][action]
            self.extra = extra_before
            path = self._path(pid, sq, memo)
            self.extra = False
            if not extra_before and len(path) > self.allow and self.mphase == 6:
                self.bonus_used = True
            self._walk(pid, path)
        if self.phase == Phase.MOVE and self._none_picked():
            free = self._move_candidates()
            if free:
                self._picks_memo = free
            else:
                self._end_movement()

    def _none_picked(self) -> bool:
        """No player picked now. (A method: after `_walk`, which may pick one, mypy still
        takes `self.picked` for the None set above, and the compiled build trusts it.)"""
        return self.picked is None

    def _path(self, pid: str, dest: int, memo: tuple[str, list[int], int] | None) -> list[int]:
        """The squares `pid` walks to `dest` (`memo`: `_reach_memo` when he was picked)."""
        start = self.pos[pid]
        if dest == start:
            return [start]
        reach, halting = memo[1:] if memo is not None and memo[0] == pid else self._reach(pid)
        on = on_paths(self.board, reach, dest, halting)
        single: list[int] = []  # the squares of the only shortest path, if there is one
        for layer in reach[1:]:
            step = layer & on
            if step & (step - 1):
                break  # two squares at one step: the search breaks the tie
            if not step:
                return single
            single.append(step.bit_length() - 1)
        else:
            return single
        return self._searched_path(pid, dest, on)

    def _searched_path(self, pid: str, dest: int, on: int) -> list[int]:
        """The path `_search` picks to `dest` among `on`, the squares of its shortest
        paths (what `_path` finds at once when there is only one)."""
        start = self.pos[pid]
        parent = self._search(pid, set(squares_of(self.board, on)))
        path: list[int] = []
        at: int | None = dest
        while at is not None and at != start:
            path.append(at)
            at = parent[at]
        return path[::-1]

    def _walk(self, pid: str, path: list[int]) -> None:
        """Move square by square: fallen players, loose ball, sidelines, end zone, tackle."""
        team = self.team_of(pid)
        start = self.pos[pid]
        self.log(
            "{player} moves {start}->{end}",
            player=who(pid),
            start=self.board.name_of(start),
            end=self.board.name_of(path[-1]),
        )
        for s in path:
            if s != start:
                lying = self.fallen_at(s)
                if (
                    lying
                    and self.d6(T("{player} crosses {lying} fallen", player=who(pid), lying=lying))
                    == lying
                ):
                    self.pos[pid] = s
                    self.fallen.add(pid)
                    self.log(
                        "{player} falls on {square}", player=who(pid), square=self.board.name_of(s)
                    )
                    if pid == self.carrier:
                        self._dead(s, T("the ball carrier fell"))
                    return
            self.pos[pid] = s
            if self.carrier is None and self.ball == s and self.may_take_ball(pid):
                self.log("{player} picks up the ball", player=who(pid))
                self._take_ball(pid)
                if self.phase == Phase.DEAD:
                    return
            targets = [p for p in self.standing_at(s) if self.team_of(p) != team]
            if pid == self.carrier:
                self.run_best = max(self.run_best, self.adv(team, self.board.row(s)))
                self._check_crossed()
                if self.board.out_of_bounds(s) and not targets:
                    self._out_of_bounds(pid, s)
                    return
            if targets:
                self._tackle(pid, targets[0])
            if self.phase != Phase.DEAD and pid == self.carrier and pid not in self.fallen:
                self._check_touchdown(pid)
            if targets or self.phase == Phase.DEAD:
                return

    def _out_of_bounds(self, pid: str, sq: int) -> None:
        """*Uscire dal campo*: the opponents may move only to tackle the carrier."""
        self.out_side = -1 if self.board.col(sq) == 0 else 1
        self.log("{player} runs out of bounds", player=who(pid))
        self._open_phase(OOB_PHASE, 1 - self.team_of(pid), max(self.rolls), True)

    # -- tackles --------------------------------------------------------------------
    def _tackle(self, mover: str, target: str) -> None:
        """*Contrasto*: 1d6 on the Attaccante/Difensore table by tackle difference."""
        attacking = self.team_of(mover) == self.possession
        diff = self.cards[mover].tackle - self.cards[target].tackle
        roll = self.d6(T("{player} tackles {target}", player=who(mover), target=who(target)))
        result = tackle_result(attacking, diff, roll)
        table = "Attaccante" if attacking else "Difensore"
        self.log(
            "Tackle {player} on {target}: {table} table {diff}, {roll} -> {result}",
            player=who(mover),
            target=who(target),
            table=table,
            diff=f"{diff:+d}",
            roll=roll,
            result=result,
        )
        mover_falls, target_falls = tackle_falls(attacking, result)
        if mover_falls:
            self.fallen.add(mover)
        if target_falls:
            self.fallen.add(target)
        if result == "I":
            self.frozen_next.add(mover)
        carrier = self.carrier
        if carrier in (mover, target):
            down, up = (target, mover) if carrier == target else (mover, target)
            if down in self.fallen and up not in self.fallen:
                self._fumble(down, up)
                return
            if down in self.fallen:
                self._dead(self.pos[down], T("ball carrier and tackler both down"))
                return
        if result == "T" and mover not in self.fallen:
            if self.mphase == OOB_PHASE:
                return
            self.picked, self.extra = mover, True

    def _fumble(self, down: str, up: str) -> None:
        """*Fumble*: 5-6 the standing player takes the ball, 1-4 the ball is dead."""
        if self.cards[down].role == "AQ" and self.team_of(up) != self.play_offence:
            self.add_stat(up, "sacks")
        sq = self.pos[down]
        if self.kind == "conv2" and self.team_of(up) == self.play_offence:
            self._dead(sq, T("the offence cannot win the ball back on a conversion"))
            return
        if not fumble_taken(self.d6(T("{player} tries to take the ball", player=who(up)))):
            self._dead(sq, T("tackle won on the ball carrier"))
            return
        self.log("Fumble: {player} takes the ball", player=who(up))
        self._take_ball(up)
        if self.phase != Phase.DEAD and self.mphase == OOB_PHASE:
            self._dead(sq, T("ball taken out of bounds: the action ends"))
