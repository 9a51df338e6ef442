"""Phase 10 and the match: downs, clock, quarters, injuries, kick-offs (*amministrazione*)."""

from __future__ import annotations

from ludoteca.games.touchdown import admin

from .helpers import new_state, situation


def _dead_at(s: object, square: str, **fields: object) -> None:
    st = s  # type: ignore[assignment]
    for k, v in fields.items():
        setattr(st, k, v)
    admin.dead(st, st.board.parse(square), "test")
    admin.after_dead(st)


def test_first_down_when_more_than_ten_yards_gained() -> None:
    """*Più di 10 yard (più di quattro caselle)*: the down marker returns to 1, YC moves."""
    s = situation({"Y20": "g17"}, carrier="Y20", spot="g12")
    _dead_at(s, "g17")
    assert s.down == 1 and s.yc == 17
    s = situation({"Y20": "g16"}, carrier="Y20", spot="g12")
    _dead_at(s, "g16")  # exactly four rows: not more than ten yards
    assert s.down == 2 and s.yc == 12


def test_turnover_on_downs_at_the_dead_ball_spot() -> None:
    """*Se la squadra non riesce a guadagnare dieci yard al quarto tentativo il possesso
    di palla passa agli avversari ... dal punto in cui la palla è diventata non giocabile.*"""
    s = situation({"Y20": "g14"}, carrier="Y20", spot="g12")
    s.down = 4
    _dead_at(s, "g14")
    assert s.possession == 1 and s.down == 1 and s.board.name_of(s.spot) == "g14"
    assert s.phase == "declare" and s.actor == 1


def test_change_of_possession_starts_a_new_series() -> None:
    """The team that ends the action with the ball starts its own series of downs."""
    s = situation({"W90": "g14"}, carrier="W90", spot="g12")
    s.possession = 1
    _dead_at(s, "g14")
    assert s.possession == 1 and s.down == 1 and s.yc == 14


def test_clock_adds_two_minutes_except_out_or_time_out() -> None:
    """*Si sposta il segnalino dei minuti avanti di due caselle (a meno che la palla non
    sia uscita dal campo o uno degli allenatori non abbia chiesto un time out)*."""
    s = situation({"Y20": "g14"}, carrier="Y20")
    _dead_at(s, "g14")
    assert s.clock == 120
    s = situation({"Y20": "a14"}, carrier="Y20")
    _dead_at(s, "a14", out_side=-1)
    assert s.clock == 0 and s.board.name_of(s.spot) == "d14"
    s = situation({"Y20": "g14"}, carrier="Y20", league=True)
    _dead_at(s, "g14")
    assert s.phase == "timeout" and s.actor == 0
    s.apply("timeout")
    assert s.clock == 0 and s.timeouts == [False, True]


def test_time_outs_one_per_quarter_not_cumulative() -> None:
    """*Un time out per ogni quarto di gioco. I time out non sono cumulabili.*"""
    s = situation({"Y20": "g14"}, carrier="Y20", league=True)
    s.timeouts = [False, False]
    s.last = True
    s.quarter = 1
    _dead_at(s, "g14")
    assert s.quarter == 2 and s.timeouts == [True, True]


def test_timing_advances_the_seconds_and_flags_the_last_action() -> None:
    """*Il segnalino dei secondi ... spostato in avanti del punteggio più alto*; past box 14
    of the minutes the current action is the quarter's last."""
    s = situation({"Y20": "g14", "W90": "g20"}, carrier="Y20", dice=[2, 4])
    s.clock = 14 * 60 + 57
    s._start_move()
    assert s.clock == 15 * 60 + 1 and s.last and s.initiative == 0


def test_timing_tie_lets_the_defence_choose_and_skips_phase_8() -> None:
    """*Nel caso il punteggio sia lo stesso l'allenatore che controlla la squadra in
    difesa decide*; the recovery phase is not needed."""
    s = situation({"Y20": "g14", "W90": "g20"}, carrier="Y20", dice=[3, 3])
    s._start_move()
    assert s.phase == "tie" and s.actor == 1
    s.apply("initiative:W")
    assert s.initiative == 1 and s.phase == "pass"


def test_end_of_first_quarter_inverts_the_field_keeping_possession() -> None:
    """*Al termine del primo quarto si inverte il campo senza cambiare il possesso*."""
    s = situation({"Y20": "g14"}, carrier="Y20", length="long")
    s.last = True
    _dead_at(s, "g14")
    assert s.quarter == 2 and s.direction == [-1, 1] and s.possession == 0
    assert s.board.name_of(s.spot) == "g15" and s.phase == "declare" and s.clock == 0


def test_half_time_kickoff_by_the_first_receiver() -> None:
    """*Il calcio di inizio spetta alla squadra che lo aveva ricevuto all'inizio.*"""
    s = situation({"Y20": "g14"}, carrier="Y20", length="short")
    s.received_first = 1
    s.last = True
    _dead_at(s, "g14")
    assert s.quarter == 2 and s.kind == "kickoff" and s.play_offence == 1


def test_match_ends_after_the_last_quarter() -> None:
    """A short match is two 15-minute halves."""
    s = situation({"Y20": "g14"}, carrier="Y20", length="short")
    s.quarter, s.last = 2, True
    _dead_at(s, "g14")
    assert s.is_terminal and s.legal_actions() == []


def test_conversion_is_played_after_a_last_action_touch_down() -> None:
    """The action after a touch down must be its conversion, even at the end of a quarter."""
    s = situation({"Y20": "g27"}, carrier="Y20", length="short")
    s.quarter, s.last = 2, True
    s.pending, s.pending_team = "conversion", 0
    _dead_at(s, "g27")
    assert not s.is_terminal and s.legal_actions() in (["conv1", "conv2"], ["conv2"])
    assert s.board.name_of(s.spot) == "g25"


def test_injuries_bench_zone_three_and_recovery() -> None:
    """*Infortuni*: 1-3 injured to bench zone 3; one zone per stoppage; usable at 0."""
    s = situation({"Y20": "g14", "W90": "g14"}, carrier="Y20", fallen=["Y20", "W90"], dice=[3, 4])
    s.bench = {"Y21": 1, "Y22": 3}
    _dead_at(s, "g14")
    assert s.bench == {"W90": 3, "Y22": 2}  # checked in id order: W90 rolls 3, Y20 4


def test_toss_winner_chooses_to_kick_or_receive() -> None:
    """*Il lancio di un dado decide quale allenatore ha la facoltà di scegliere*."""
    s = new_state()
    assert s.phase == "toss" and s.legal_actions() == ["kick", "receive"]
    chooser = s.actor
    s.apply("receive")
    assert s.kind == "kickoff" and s.play_offence == 1 - chooser
    assert s.received_first == chooser
