"""Phase 5: snap, hand-off, forward pass, punt, field goal and conversions."""

from __future__ import annotations

from ludoteca.games.touchdown import plays

from .helpers import move, open_move, situation

LINE = {"Y70": "e12", "Y71": "f12", "Y72": "g12", "Y73": "h12", "Y74": "i12"}


def _phase5(s: object) -> list[str]:
    st = s  # type: ignore[assignment]
    st.phase, st.actor = "pass", st.possession  # type: ignore[attr-defined]
    st._legal = None  # type: ignore[attr-defined]
    return st.legal_actions()  # type: ignore[attr-defined, no-any-return]


def test_snap_is_mandatory_on_the_first_move_to_a_back_level_or_behind() -> None:
    """*Il passaggio, o hand off, è obbligatorio nella prima mossa ... lo snap*; the passer
    must be level with or ahead of the receiver; receivers are AB, AE or AQ."""
    s = situation(
        {**LINE, "Y12": "g10", "Y20": "c12", "Y80": "g13", "Y3": "h9"}, carrier="Y72", move_no=1
    )
    assert _phase5(s) == ["handoff:Y12", "handoff:Y20"]


def test_no_pass_after_a_change_of_possession() -> None:
    """*Non è possibile passare o lanciare se la squadra ha preso palla dopo un punt, un
    field goal, un fumble o ... un lancio intercettato*."""
    s = situation({"Y12": "g10", "Y20": "g8", "Y80": "g16"}, carrier="Y12")
    assert "handoff:Y20" in _phase5(s) and "pass:Y80" in _phase5(s)
    s.no_pass = True
    assert _phase5(s) == ["play", "kneel"]


def test_forward_pass_only_from_behind_the_line() -> None:
    """*Il lancio ... può essere effettuato solo se il giocatore che passa è dietro la
    linea di scrimmage*; no hand-off once the ball has crossed it."""
    s = situation({"Y12": "g13", "Y80": "g16", "Y20": "g12"}, carrier="Y12", spot="g12")
    assert _phase5(s) == ["play", "kneel", "handoff:Y20"]
    s.crossed = True
    assert _phase5(s) == ["play", "kneel"]


def test_forward_pass_not_from_the_line_of_scrimmage_row() -> None:
    """*dietro la linea di scrimmage*: the line is the row the five A stand on (*"i cinque
    giocatori A sono posti sulla linea di scrimmage"*); a passer on that row is on the
    line, not behind it. One row back he may throw."""
    s = situation({"Y12": "f12", "Y80": "g16"}, carrier="Y12", spot="g12")
    assert "pass:Y80" not in _phase5(s)
    s = situation({"Y12": "f11", "Y80": "g16"}, carrier="Y12", spot="g12")
    assert "pass:Y80" in _phase5(s)


def test_quarterback_halves_the_distance() -> None:
    """*Se è un giocatore AQ ad effettuare il lancio il numero di caselle ... diviso per
    due*: 20 squares by an AQ are thrown as 10; an AB cannot throw 20."""
    s = situation({"Y12": "g4", "Y80": "g24", "Y20": "f4"}, carrier="Y12")
    assert "pass:Y80" in _phase5(s)
    s = situation({"Y20": "g4", "Y80": "g24"}, carrier="Y20")
    assert "pass:Y80" not in _phase5(s)


def test_forward_pass_adjacent_opponent_penalty_and_received() -> None:
    """*-1 per ogni avversario adiacente*: distance 8 by AQ -> 4; roll 5 - 1 = 4: R."""
    s = situation({"Y12": "g10", "Y80": "g18", "W90": "g11", "Y77": "b3"}, carrier="Y12", dice=[5])
    _phase5(s)
    s.apply("pass:Y80")
    assert s.carrier == "Y80" and s.pass_tried
    assert s.stats["Y80:received"] == 6 and s.stats["Y12:thrown"] == 6


def test_incomplete_forward_pass_is_dead() -> None:
    """*P: passaggio incompleto, la palla ... non è più giocabile* (dead at the passer)."""
    s = situation({"Y12": "g10", "Y80": "g18", "W90": "g11"}, carrier="Y12", dice=[2, 6, 6])
    _phase5(s)
    s.apply("pass:Y80")
    assert s.phase == "declare" and s.board.name_of(s.spot) == "g10" and s.down == 2


def test_interception_changes_possession() -> None:
    """*I: intercettato*: the defence puts the ball on its player adjacent to the receiver."""
    s = situation(
        {"Y12": "g10", "Y80": "g18", "W90": "g19", "W91": "h19", "W40": "b25"},
        carrier="Y12",
        dice=[1],
    )
    _phase5(s)
    s.apply("pass:Y80")
    assert s.phase == "intercept" and s.actor == 1
    assert s.legal_actions() == ["intercept:W90", "intercept:W91"]
    s.apply("intercept:W91")
    assert s.carrier == "W91" and s.possession == 1 and s.no_pass


def test_interception_without_adjacent_defender_is_incomplete() -> None:
    """*I ... se non ci sono giocatori avversari adiacenti come per P* (dead for a lancio)."""
    s = situation({"Y12": "g10", "Y80": "g18"}, carrier="Y12", dice=[1, 6, 6])
    _phase5(s)
    s.apply("pass:Y80")
    assert s.phase == "declare"


def test_handoff_incomplete_is_a_free_ball_placed_by_the_opponents() -> None:
    """*Passaggio P*: the opponents place the ball on an empty square next to the receiver;
    it stays live (*free ball*)."""
    s = situation({"Y12": "g10", "Y20": "g6", "W40": "b25", "Y77": "b3"}, carrier="Y12", dice=[1])
    _phase5(s)
    s.apply("handoff:Y20")
    assert s.phase == "freeball" and s.actor == 1
    assert len(s.legal_actions()) == 8
    s.apply("ball:g5")
    assert s.carrier is None and s.board.name_of(s.ball or 0) == "g5" and s.phase == "move"


def test_kneel_ends_the_action() -> None:
    """*Mettere a terra la palla*: the ball is dead; the next action starts there."""
    s = situation({"Y12": "g10"}, carrier="Y12", dice=[6])
    _phase5(s)
    s.apply("kneel")
    assert s.phase == "declare" and s.board.name_of(s.spot) == "g10"


def test_punt_must_land_beyond_ten_yards_and_may_stay() -> None:
    """*Punt*: the ball goes more than ten yards beyond the line; it stays if the d6 is
    above the 10-yard lines crossed."""
    s = situation(
        {"Y3": "g10", "W30": "g20", "Y77": "b3", "W40": "b25"},
        carrier="Y3",
        kind="punt",
        spot="g10",
        move_no=1,
        dice=[3],
    )
    legal = _phase5(s)
    assert "kick:g15" in legal and "kick:g14" not in legal and "kick:g10" not in legal
    s.apply("kick:g16")  # crosses the line at row 15: 1 line, 3 > 1
    assert s.board.name_of(s.ball or 0) == "g16" and s.no_pass and s.phase == "move"


def test_short_punt_is_moved_by_the_receivers() -> None:
    """*Punt*: if the d6 is not above the lines, the receivers move it that many squares,
    even onto one of their own players, who then has it."""
    s = situation(
        {"Y3": "g10", "W30": "g22", "Y77": "b3", "W40": "b25"},
        carrier="Y3",
        kind="punt",
        spot="g10",
        move_no=1,
        dice=[2],
    )
    _phase5(s)
    s.apply("kick:g24")  # lines at 15, 19, 23: 3; 2 is not above
    assert s.phase == "ballmove" and s.actor == 1
    assert "ball:stay" in s.legal_actions() and "ball:g21" not in s.legal_actions()
    s.apply("ball:g22")
    assert s.carrier == "W30" and s.possession == 1


def test_field_goal_good() -> None:
    """*Field goal*: d6 above the lines crossed, the first counted twice: 3 points."""
    s = situation({"Y3": "g22", "Y77": "b3"}, carrier="Y3", kind="fieldgoal", spot="g23", dice=[4])
    assert _phase5(s) == ["fg:f29", "fg:g29", "fg:h29"]
    s.apply("fg:g29")  # lines 23 and 27: 2 -> target 3; 4 > 3
    assert s.score == [3, 0] and s.phase == "setup" and s.kind == "kickoff"


def test_one_point_conversion_miss_is_dead_then_kickoff() -> None:
    """*Trasformazione da un punto*: a missed kick is dead; the scorers kick off."""
    s = situation({"Y3": "g24", "Y77": "b3"}, carrier="Y3", kind="conv1", spot="g25", dice=[1])
    _phase5(s)
    s.apply("fg:g29")
    assert s.score == [0, 0] and s.kind == "kickoff" and s.play_offence == 0


def test_one_point_conversion_good() -> None:
    """*Se il field goal viene realizzato la squadra segna un punto.*"""
    s = situation({"Y3": "g24", "Y77": "b3"}, carrier="Y3", kind="conv1", spot="g25", dice=[6])
    _phase5(s)
    s.apply("fg:g29")
    assert s.score == [1, 0] and s.kind == "kickoff"


def test_two_point_conversion_defence_takeaway_cannot_be_won_back() -> None:
    """*Trasformazione da due punti*: after a defensive takeaway the offence wins a tackle
    on the carrier without a fumble roll: the ball is dead, no points, kick-off follows."""
    s = situation(
        {"W90": "g20", "Y70": "g21", "Y77": "b3"},
        carrier="W90",
        kind="conv2",
        spot="g25",
        dice=[6, 6],
    )  # Difensore table 0, 6: A (White's carrier falls); then W90's injury roll
    s.possession = 1
    open_move(s, 0, 1)
    move(s, "Y70", "g20")
    assert s.score == [0, 0] and s.kind == "kickoff" and s.play_offence == 0
    assert any("cannot win the ball back" in e for e in s.events_for(None))


def test_two_point_conversion_scores_two() -> None:
    """*Se riesce la squadra segna due punti.*"""
    s = situation({"Y20": "g26", "Y77": "b3"}, carrier="Y20", kind="conv2", spot="g25")
    open_move(s, 0, 1)
    move(s, "Y20", "g27")
    assert s.score == [2, 0] and s.kind == "kickoff"


def test_forward_pass_odds_read_the_pass_table_with_its_modifiers() -> None:
    """*Lancio*: the chance of an R is the pass table's at the AQ's halved distance with
    -1 per opponent next to the passer (distance 8 -> 4: R on 4-6, with one opponent on
    5-6)."""
    s = situation({"Y12": "g10", "Y80": "g18", "Y81": "g11", "Y77": "b3"}, carrier="Y12")
    assert plays.forward_pass_odds(s, "Y80") == 3 / 6
    assert plays.forward_pass_odds(s, "Y81") == 1.0  # adjacent: always received
    s = situation({"Y12": "g10", "Y80": "g18", "W90": "g11", "Y77": "b3"}, carrier="Y12")
    assert plays.forward_pass_odds(s, "Y80") == 2 / 6
