"""The public observation's fields for the board (offence, movement phase and allowance,
the quarter's last action) and the texts a person reads: status line and log."""

from __future__ import annotations

import random
from collections.abc import Callable

from ludoteca import games
from ludoteca.games.touchdown import movement
from ludoteca.games.touchdown.render import status
from ludoteca.games.touchdown.state import TouchdownState

from .helpers import move, open_move, situation


def test_movement_phase_and_allowance_are_observed() -> None:
    """*Le azioni*, phases 6-8: the initiative team moves the low d4 (phase 6), the other
    the high d4 (phase 7), the initiative team the difference (phase 8, no speed bonus
    once used in phase 6: *non potrà usarlo nella successiva fase 8*)."""
    s = situation({"Y20": "g10", "W90": "k25"}, carrier="Y20")  # Y20 speed 2
    s.rolls, s.initiative = [1, 3], 0
    movement.open_phase(s, 6, 0, 1, True)
    s._legal = None
    obs = s.observation(None)
    assert (obs["mphase"], obs["allow"], obs["bonus"], obs["current_player"]) == (6, 1, True, 0)
    assert "phase 6: Yellow up to 1 square (+speed)" in status(obs)
    move(s, "Y20", "g13")  # 1 + speed: the bonus is spent
    s._start_movement(7)
    s._legal = None
    obs = s.observation(0)
    assert (obs["mphase"], obs["allow"], obs["bonus"], obs["current_player"]) == (7, 3, True, 1)
    s._start_movement(8)
    s._legal = None
    obs = s.observation(1)
    assert (obs["mphase"], obs["allow"], obs["bonus"]) == (8, 2, False)
    assert status(obs).endswith("| phase 8: Yellow up to 2 squares")


def test_no_movement_fields_outside_a_movement_phase() -> None:
    """Before phase 6 (here the toss) there is no mover: `mphase`, `allow` are None."""
    s = games.load("touchdown").new_game(7)
    obs = s.observation(None)
    assert obs["phase"] == "toss" and obs["mphase"] is None and obs["allow"] is None


def test_offence_stays_with_the_team_that_started_the_action() -> None:
    """*Fumble*: the tackler takes the ball (5-6): possession changes, but the action is
    still the one Yellow started (its line of scrimmage stays): `offence` stays 0."""
    s = situation({"W95": "g11", "Y21": "g10", "W40": "b25"}, carrier="Y21", dice=[5, 5])
    open_move(s, 1, 1)
    move(s, "W95", "g10")
    obs = s.observation(None)
    assert (obs["possession"], obs["offence"], obs["carrier"]) == (1, 0, "W95")
    assert "attack by Yellow, White ball" in status(obs)


def _play_until(seed: int, stop: Callable[[TouchdownState], bool]) -> TouchdownState:
    """A random match (seeded) played until `stop` holds."""
    s = games.load("touchdown").new_game(seed)
    assert isinstance(s, TouchdownState)
    rng = random.Random(seed)
    while not s.is_terminal and not stop(s):
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    assert not s.is_terminal, "the match ended before the situation arose"
    return s


def test_the_status_line_names_the_kicking_team_during_the_return() -> None:
    """*Kick off*: after the kick the receiving team has the ball; the status line still
    names the team that kicked off (and whose ball it is now)."""
    s = _play_until(3, lambda s: s.kind == "kickoff" and s.possession != s.play_offence)
    obs = s.observation(None)
    kicker, receiver = ("Yellow", "White")[s.play_offence], ("Yellow", "White")[s.possession]
    assert f"kick-off by {kicker}, {receiver} ball" in status(obs)


def test_last_is_the_quarters_last_action_as_the_log_says() -> None:
    """*Il tempo*: past minute 14 the quarter ends after this action; `last` is set with
    the timing that says so in the log, and cleared when the next quarter begins."""
    s = _play_until(5, lambda s: s.last)
    obs = s.observation(None)
    assert obs["last"] and "(last action of the quarter)" in "".join(obs["events"][-8:])
    assert " last action |" in status(obs)
    s = _play_until(5, lambda s: s.quarter == 2)
    assert not s.observation(None)["last"]


def test_choosing_and_keeping_a_player_are_logged() -> None:
    """*Movimento*: choosing a player (`pick:`) and leaving him where he is (`stay`) each
    write a short line, so the log shows every decision of a movement phase."""
    s = situation({"Y20": "g10", "W90": "k25"}, carrier="Y20")
    open_move(s, 0, 1, phase=6)
    s.apply("pick:Y20")
    assert s.events_for(None)[-1] == "Yellow 20 chosen to move"
    s.apply("stay")
    assert s.events_for(None)[-1] == "Yellow 20 stays on g10"
