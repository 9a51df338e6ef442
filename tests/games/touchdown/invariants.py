"""The invariants of a Touch down match, checked after every action, cheaply.

`Invariants` keeps what it saw after the previous action and re-checks only what
can have changed: the players' squares only when `pos`, `fallen` or `bench` changed, the
event log only from its new lines. Both seats' and a spectator's observations are compared
after every action: cheap, because the one costly part (`players_view`) is built once for
every seat and reused while the players stand still; it takes no seat, so it cannot differ
between seats, and at every change of phase it is checked against a fresh build. Each
failure raises `InvariantBroken` naming the invariant, so the tests of the checker itself
can mutate a state and see it fail.
"""

from __future__ import annotations

from ludoteca.core import Game
from ludoteca.games.touchdown.state import TouchdownState

MAX_ON_FIELD = 22
MAX_PER_TEAM = 11


class InvariantBroken(AssertionError):
    """A state that breaks one of the match invariants."""


class Invariants:
    """Incremental checker: call `check(state)` after every action of one match."""

    def __init__(self, state: TouchdownState) -> None:
        self.pos: dict[str, int] = {}
        self.fallen: set[str] = set()
        self.bench: dict[str, int] = {}
        self.time = (state.quarter, state.clock)
        self.score = tuple(state.score)
        self.events = 0
        self.phase = ""
        self.check(state)

    def check(self, state: TouchdownState) -> None:
        """Every invariant after an action (raises `InvariantBroken`)."""
        if state.pos != self.pos or state.fallen != self.fallen or state.bench != self.bench:
            self._squares(state)
            self.pos, self.fallen, self.bench = (
                dict(state.pos),
                set(state.fallen),
                dict(state.bench),
            )
        self._ball(state)
        self._clock(state)
        self._events(state)
        observations_equal(state)
        if state.phase != self.phase:
            players_view_fresh(state)
            self.phase = state.phase

    def _squares(self, state: TouchdownState) -> None:
        """At most 22 on the field, 11 a team, nobody injured, no team-mates stacked."""
        if len(state.pos) > MAX_ON_FIELD:
            raise InvariantBroken(f"{len(state.pos)} players on the field")
        standing: set[tuple[str, int]] = set()
        per_team = {"Y": 0, "W": 0}
        bench, fallen = state.bench, state.fallen
        for pid, sq in state.pos.items():
            if pid in bench:
                raise InvariantBroken(f"injured {pid} is on the field")
            per_team[pid[0]] += 1
            if pid in fallen:
                continue
            key = (pid[0], sq)
            if key in standing:
                raise InvariantBroken(f"two team-mates standing on {state.board.name_of(sq)}")
            standing.add(key)
        if max(per_team.values()) > MAX_PER_TEAM:
            raise InvariantBroken(f"more than {MAX_PER_TEAM} of a team on the field: {per_team}")
        if not fallen <= state.pos.keys():
            raise InvariantBroken("a fallen player is not on the field")

    @staticmethod
    def _ball(state: TouchdownState) -> None:
        """One ball: held by at most one player (on the field) or loose, never both."""
        if state.carrier is not None:
            if state.ball is not None:
                raise InvariantBroken("the ball is both held and loose")
            if state.carrier not in state.pos:
                raise InvariantBroken(f"the ball carrier {state.carrier} is not on the field")

    def _clock(self, state: TouchdownState) -> None:
        """The clock never runs back (a new quarter restarts it); scores never fall."""
        now = (state.quarter, state.clock)
        if now < self.time:
            raise InvariantBroken(f"clock went back from {self.time} to {now}")
        score = tuple(state.score)
        if score[0] < self.score[0] or score[1] < self.score[1]:
            raise InvariantBroken(f"score went down from {self.score} to {score}")
        self.time, self.score = now, score

    def _events(self, state: TouchdownState) -> None:
        """No hidden information: every new line of the log is readable by both seats
        (so both seats' event logs, half of their observations, stay identical)."""
        for event in state.events[self.events :]:
            if not (event.visible_to(0) and event.visible_to(1)):
                raise InvariantBroken(f"log line hidden from a seat: {event.text!r}")
        self.events = len(state.events)


def observations_equal(state: TouchdownState) -> None:
    """Both seats and a spectator see the same game: the game's part of the
    observation (`_observe`), compared whole (see `whole_views_equal` for the rest)."""
    mine, theirs, spectator = state._observe(0), state._observe(1), state._observe(None)
    if not mine == theirs == spectator:
        keys = sorted(k for k in mine if not mine[k] == theirs.get(k) == spectator.get(k))
        raise InvariantBroken(f"observations differ between seats in {keys}")


def players_view_fresh(state: TouchdownState) -> None:
    """The shared players' part of the observations is what a fresh build gives now (so
    reusing it between seats and actions hides nothing, even if someone modified it)."""
    if state.players_view() != state.build_players_view():
        raise InvariantBroken("the shared players view is stale")


def whole_views_equal(state: TouchdownState) -> None:
    """The whole observation (scores, log...) is the same for both seats and a
    spectator, but for `seat` and the acting seat's `legal_actions`."""
    views = [state.observation(seat) for seat in (0, 1, None)]
    for view in views:
        view.pop("seat")
        view.pop("legal_actions")
    if not views[0] == views[1] == views[2]:
        keys = sorted(k for k in views[0] if not views[0][k] == views[1].get(k) == views[2].get(k))
        raise InvariantBroken(f"whole observations differ between seats in {keys}")


def round_trip(game: Game, state: TouchdownState) -> None:
    """The state survives a round trip through JSON."""
    whole = state.to_json()
    if game.state_from_json(whole).to_json() != whole:
        raise InvariantBroken("the state does not survive a JSON round trip")


def replay_reproduces(game: Game, state: TouchdownState) -> None:
    """The match's record (seed and actions) re-played gives the same whole state, and
    the state survives a round trip through JSON."""
    round_trip(game, state)
    whole = state.to_json()
    if game.replay(game.record(state)).to_json() != whole:
        raise InvariantBroken("the replay does not reproduce the final state")
