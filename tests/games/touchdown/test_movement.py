"""*Movimento* and *Contrasti*: path search, tackles, fumbles, fallen players."""

from __future__ import annotations

import random

from ludoteca import games
from ludoteca.games.touchdown import movement, paths
from ludoteca.games.touchdown.fields import Phase
from ludoteca.games.touchdown.reach import on_paths
from ludoteca.games.touchdown.state import TouchdownState

from .helpers import move, open_move, situation


def _dest(s: object, pid: str) -> set[str]:
    st = s  # type: ignore[assignment]
    st.apply(f"pick:{pid}")  # type: ignore[attr-defined]
    return {a[3:] for a in st.legal_actions() if a.startswith("to:")}  # type: ignore[attr-defined]


def test_may_cross_but_not_stop_on_a_team_mate() -> None:
    """*È consentito transitare per una casella occupata da un giocatore della stessa
    squadra ma non è possibile occupare una casella con più di un giocatore*."""
    s = situation({"Y20": "g10", "Y21": "g11", "Y12": "a3"}, carrier="Y21")
    s.pos.pop("Y12")
    open_move(s, 0, 2)
    dest = _dest(s, "Y20")
    assert "g12" in dest and "g11" not in dest and "g10" not in dest


def test_opponents_block_except_to_tackle() -> None:
    """*Non è possibile transitare in una casella occupata da un giocatore della squadra
    avversaria se non per generare un contrasto.*"""
    s = situation(
        {"Y70": "g10", "W90": "f11", "W91": "g11", "W92": "h11", "Y20": "c3"}, carrier="Y20"
    )
    open_move(s, 0, 2)
    dest = _dest(s, "Y70")
    assert {"f11", "g11", "h11"} <= dest
    assert "g12" not in dest and "f12" not in dest


def test_backs_cannot_be_tackled_before_a_pass_or_the_line_is_crossed() -> None:
    """*È possibile contrastare un giocatore AB, AE o AQ solo se ... forward pass ...
    oppure la palla ha superato la linea di scrimmage.*"""
    players = {"Y20": "g10", "Y70": "g12", "W90": "g11", "Y12": "c5"}
    s = situation(players, carrier="Y70", spot="g12")
    open_move(s, 1, 1)
    assert "g10" not in _dest(s, "W90")
    s = situation(players, carrier="Y70", spot="g12")
    s.pass_tried = True
    open_move(s, 1, 1)
    assert "g10" in _dest(s, "W90")


def test_the_ball_carrier_can_always_be_tackled() -> None:
    """*In ogni caso è sempre possibile contrastare un giocatore in possesso di palla.*"""
    s = situation({"Y20": "g10", "W90": "g11"}, carrier="Y20", spot="g12")
    open_move(s, 1, 1)
    assert "g10" in _dest(s, "W90")


def test_attacker_table_for_the_team_with_the_ball() -> None:
    """*La tabella Attaccante se il giocatore che muove fa parte della squadra in
    possesso della palla*: diff 0, d6 6 -> D, the opponent falls."""
    s = situation({"Y70": "g10", "W91": "g11", "Y20": "c5"}, carrier="Y20", dice=[6])
    open_move(s, 0, 1)
    move(s, "Y70", "g11")
    assert s.pos["Y70"] == s.pos["W91"] and "W91" in s.fallen and "Y70" not in s.fallen


def test_defender_table_both_fall() -> None:
    """*Difensore* table, diff 0 (W91 3 vs Y70 3), d6 2 -> E: both fall, same square."""
    s = situation({"Y70": "g10", "W91": "g11", "Y20": "c5", "W40": "b25"}, carrier="Y20", dice=[2])
    open_move(s, 1, 1)
    move(s, "W91", "g10")
    assert {"Y70", "W91"} <= s.fallen and s.pos["W91"] == s.pos["Y70"]


def test_difensore_table_d_fells_the_tackling_defender() -> None:
    """*Contrasti*: on the *Difensore* table **D** (*difensore*) fells the defender who
    tackled: W95 (tackle 1) on the carrier Y70 (3), -2, d6 1 -> D."""
    s = situation({"W95": "g11", "Y70": "g10", "W40": "b25"}, carrier="Y70", dice=[1])
    open_move(s, 1, 1)
    move(s, "W95", "g10")
    assert "W95" in s.fallen and "Y70" not in s.fallen and s.carrier == "Y70"


def test_difensore_table_a_fells_the_carrier() -> None:
    """*Contrasti* and *Fumble*: on the *Difensore* table **A** (*attaccante*) fells the
    player with the ball: W91 (3) on Y20 (1), +2, d6 4 -> A; fumble roll 2: dead ball."""
    s = situation({"W91": "g11", "Y20": "g10", "W40": "b25"}, carrier="Y20", dice=[4, 2, 6, 6])
    open_move(s, 1, 1)
    move(s, "W91", "g10")
    events = s.events_for(None)
    assert "Tackle White 91 on Yellow 20: Difensore table +2, 4 -> A" in events
    assert "White 91 tries to take the ball: d6 2" in events
    assert any("tackle won on the ball carrier" in e for e in events) and s.possession == 0


def test_travolto_moves_on_and_may_tackle_again() -> None:
    """*T (travolto)*: the tackled player falls; the tackler may move one more square."""
    players = {"Y70": "g10", "W96": "g11", "W95": "g12", "Y20": "c5"}
    s = situation(players, carrier="Y20", dice=[6, 6])  # +2 row 6: T, then vs W95 +2: T
    open_move(s, 0, 1)
    move(s, "Y70", "g11")
    assert "W96" in s.fallen and s.picked == "Y70"
    legal = s.legal_actions()
    assert "stay" in legal and "to:g12" in legal and "to:g13" not in legal
    s.apply("to:g12")
    assert "W95" in s.fallen


def test_invischiati_freezes_the_tackler_next_movement_phase() -> None:
    """*I*: nobody falls; the tackler cannot move in the next movement phase."""
    players = {"W91": "g11", "Y70": "g10", "Y20": "c5", "W40": "b25"}
    s = situation(players, carrier="Y20", dice=[4])
    open_move(s, 1, 1)
    move(s, "W91", "g10")
    assert not s.fallen and "W91" in s.frozen_next
    open_move(s, 1, 1)
    assert "pick:W91" not in s.legal_actions()


def test_fumble_taken_on_five_or_six() -> None:
    """*Fumble*: carrier down, tackler up: 5-6 the tackler takes the ball, no passing."""
    s = situation({"W95": "g11", "Y21": "g10", "W40": "b25"}, carrier="Y21", dice=[5, 5])
    open_move(s, 1, 1)
    move(s, "W95", "g10")
    assert s.carrier == "W95" and s.possession == 1 and s.no_pass and s.phase == "move"


def test_fumble_missed_kills_the_ball() -> None:
    """*Fumble*: on 1-4 the ball stays with the fallen carrier and is dead."""
    s = situation({"W95": "g11", "Y21": "g10"}, carrier="Y21", dice=[5, 4, 6, 6])
    open_move(s, 1, 1)
    move(s, "W95", "g10")
    assert s.phase != "move" and s.possession == 0
    assert any("tackle won on the ball carrier" in e for e in s.events_for(None))


def test_crossing_fallen_players_falls_on_equal_roll() -> None:
    """*Se il punteggio ottenuto è uguale al numero di giocatori caduti nella casella il
    giocatore stesso cade.*"""
    players = {"Y70": "g10", "W90": "g11", "Y20": "c5"}
    s = situation(players, carrier="Y20", fallen=["W90"], dice=[1])
    open_move(s, 0, 2)
    move(s, "Y70", "g11")
    assert "Y70" in s.fallen and s.pos["Y70"] == s.pos["W90"]
    s = situation(players, carrier="Y20", fallen=["W90"], dice=[2])
    open_move(s, 0, 2)
    move(s, "Y70", "g11")
    assert "Y70" not in s.fallen


def test_a_loose_ball_is_picked_up_in_passing() -> None:
    """*È possibile raccogliere una palla ... transitando nella casella in cui si trova.*"""
    s = situation({"Y20": "g10", "Y77": "b3"}, ball="g11")
    open_move(s, 0, 2)
    move(s, "Y20", "g12")
    assert s.carrier == "Y20" and s.ball is None


def test_speed_bonus_in_phase_6_forbids_it_in_phase_8() -> None:
    """*Se l'allenatore decide di usare ... il bonus di velocità non potrà usarlo nella
    successiva fase 8.*"""
    s = situation({"Y20": "g10", "W90": "k25"}, carrier="Y20")  # Y20 speed 2
    s.rolls, s.initiative = [1, 3], 0
    movement.open_phase(s, 6, 0, 1, True)
    s._legal = None
    move(s, "Y20", "g13")  # three squares: 1 + speed
    assert s.bonus_used
    s._start_movement(8)
    assert s.mphase == 8 and not s.bonus_ok and s.allow == 2


def test_touch_down_running_into_the_end_zone() -> None:
    """*Touch down*: carrying the ball into the opponents' end zone scores 6."""
    s = situation({"Y20": "g26"}, carrier="Y20", spot="g20", dice=[6])
    open_move(s, 0, 1)
    move(s, "Y20", "g27")
    assert s.score == [6, 0]
    assert s.kind == "attack" and s.phase == "declare" and s.actor == 0
    assert s.legal_actions() in (["conv1", "conv2"], ["conv2"])


def test_out_of_bounds_only_tackles_then_dashed_line_and_no_clock() -> None:
    """*Uscire dal campo*: opponents may only tackle the carrier; restart on the dashed
    line on that side; the two minutes are not added."""
    s = situation({"Y20": "b12", "W90": "d12", "W91": "k20"}, carrier="Y20", spot="g10")
    clock = s.clock
    open_move(s, 0, 1)
    move(s, "Y20", "a12")
    assert s.phase == "move" and s.mover == 1 and s.mphase == 9
    assert s.legal_actions() == ["end", "pick:W90", "pick:W91"]
    s.apply("pick:W91")
    assert s.legal_actions() == ["stay"]
    s.apply("stay")
    s.apply("end")
    assert s.phase == "declare" and s.clock == clock
    assert s.board.name_of(s.spot) == "d12" and s.down == 2


def test_carrier_and_tackler_both_down_is_a_dead_ball() -> None:
    """*Palla morta*: *il difensore ed il portatore di palla cadono entrambi* (result E)."""
    s = situation({"W91": "g11", "Y70": "g10", "W40": "b25"}, carrier="Y70", dice=[2, 6, 6])
    open_move(s, 1, 1)
    move(s, "W91", "g10")  # Difensore table 3 vs 3, 2: E
    assert s.phase == "declare" and s.possession == 0 and s.board.name_of(s.spot) == "g10"


def test_runback_after_a_punt_allows_no_pass() -> None:
    """*Runback*: after taking a punt the receivers may not pass for the whole action."""
    s = situation(
        {"W30": "g20", "W31": "f21", "Y50": "b3", "W40": "b25"},
        ball="g21",
        kind="punt",
        spot="g10",
    )
    s.no_pass = True
    open_move(s, 1, 1)
    move(s, "W30", "g21")
    assert s.carrier == "W30" and s.possession == 1
    s.phase, s.actor, s._legal = "pass", 1, None
    assert s.legal_actions() == ["play", "kneel"]


def test_a_defender_in_the_end_zone_square_must_be_tackled_first() -> None:
    """Entering an opponent's square is a tackle (*deve immediatamente interrompere il
    movimento e risolvere il contrasto*): the touch down counts only if the carrier stands."""
    s = situation({"Y20": "g26", "W90": "g27", "Y77": "b3"}, carrier="Y20", dice=[6, 6, 6])
    open_move(s, 0, 1)
    move(s, "Y20", "g27")  # Attaccante table 1 vs 3 = -2, 6: E, both fall
    assert s.score == [0, 0] and s.phase == "declare"
    s = situation({"Y20": "g26", "W97": "g27", "Y77": "b3"}, carrier="Y20", dice=[6, 6])
    open_move(s, 0, 1)
    move(s, "Y20", "g27")  # Y20 1 vs W97 0 = +1, 6: D, the defender falls
    assert s.score == [6, 0]


def test_destinations_are_the_squares_a_pick_offers() -> None:
    """*Movimento*: the public `destinations` lists exactly the `to:` squares offered."""
    s = situation({"Y20": "g10", "Y21": "g11", "W40": "h12", "Y77": "b3"}, carrier="Y20")
    open_move(s, 0, 2)
    expected = paths.destinations(s, "Y20")
    s.apply("pick:Y20")
    offered = [s.board.parse(a[3:]) for a in s.legal_actions() if a.startswith("to:")]
    assert offered == expected and s.board.parse("g11") not in expected


def test_the_walk_takes_the_path_the_search_picks() -> None:
    """*Movimento*: where only one shortest path leads to a square, or no shortest path
    crosses a fallen player or the loose ball (nothing to prefer one by), the walk takes
    a path without the tie-breaking search, and it is the path the search picks;
    elsewhere the search decides. Checked for every destination of random positions."""
    game, rng = games.load("touchdown"), random.Random(4)
    checked, kinds = 0, {"lone": 0, "first": 0, "searched": 0}
    for seed in range(4):
        state = game.new_game(seed, quiet=True)
        assert isinstance(state, TouchdownState)
        while not state.is_terminal and checked < 3000:
            if state.phase == Phase.MOVE and state.picked is not None:
                pid = state.picked
                reach, halting = paths.reach_of(state, pid)
                start = state.pos[pid]
                for dest in paths.destinations(state, pid):
                    if dest == start:
                        continue
                    on = on_paths(state.board, reach, dest, halting)
                    path = paths.walk_path(state, pid, dest, None)
                    assert path == paths.searched_path(state, pid, dest, on)
                    checked += 1
                    if on.bit_count() == len(path) + 1:
                        kinds["lone"] += 1
                    elif on & ~(1 << start) & paths._tie_breakers(state, pid):
                        kinds["searched"] += 1
                    else:
                        kinds["first"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 3000 and min(kinds.values()) > 0, kinds
