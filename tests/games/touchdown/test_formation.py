"""Phases 1-3: *Schieramento* of attack, defence, kicks; the shift; injured players."""

from __future__ import annotations

from ludoteca.games.touchdown import admin, formation

from .helpers import situation


def _setup(kind: str, spot: str = "g12", dice: list[int] | None = None) -> object:
    s = situation({}, kind=kind, spot=spot, move_no=0, dice=dice or [])
    s._begin_setup(0)
    s._legal = None
    return s


def _place_all(s: object) -> None:
    st = s  # type: ignore[assignment]
    team = st.setup_team
    while st.phase == "setup" and st.setup_team == team:
        st.apply(st.legal_actions()[0])
        st.apply(st.legal_actions()[-1])


def test_declare_offers_attack_punt_field_goal() -> None:
    """*Dichiara il tipo di azione: di attacco, punt o field goal.*"""
    s = situation({}, kind="attack", move_no=0)
    s.phase, s.actor = "declare", 0
    s._legal = None
    assert s.legal_actions() == ["attack", "punt", "fieldgoal"]


def test_centre_first_then_line_of_five() -> None:
    """*I cinque giocatori A sono posti sulla linea di scrimmage nella casella centrale e
    nelle due situate a destra ed a sinistra*; the ball is on the centre."""
    s = _setup("attack")
    assert all(a.startswith("pick:Y7") for a in s.legal_actions())
    s.apply("pick:Y70")
    assert s.legal_actions() == ["to:g12"]
    s.apply("to:g12")
    s.apply("pick:Y71")
    assert s.legal_actions() == ["to:e12", "to:f12", "to:h12", "to:i12"]


def test_backs_not_beyond_the_line_nor_on_the_line_squares() -> None:
    """*Gli altri giocatori possono essere sistemati ovunque ma non oltre la linea*."""
    s = _setup("attack")
    s.apply("pick:Y70")
    s.apply("to:g12")
    s.apply("pick:Y12")
    squares = {a[3:] for a in s.legal_actions()}
    assert "b12" in squares and "g11" in squares and "b1" in squares
    assert "g13" not in squares and "f12" not in squares and "g12" not in squares


def test_attack_formation_roles_and_defence_line_of_four() -> None:
    """1 AQ, 2 AE, 3 AB, 5 A; then eleven D, four *appena al di qua* of the line."""
    s = _setup("attack")
    _place_all(s)
    roles = sorted(s.cards[p].role for p in s.pos)
    assert roles == sorted(["A"] * 5 + ["AB"] * 3 + ["AE"] * 2 + ["AQ"])
    assert s.carrier == next(p for p, q in s.pos.items() if q == s.spot)
    assert s.setup_team == 1
    _place_all(s)  # picks the deepest square each time until the line is forced
    line = formation.defence_line_row(s)
    white = [p for p in s.pos if p[0] == "W"]
    assert len(white) == 11 and all(s.cards[p].role == "D" for p in white)
    assert sum(1 for p in white if s.board.row(s.pos[p]) == line) >= 4
    assert s.phase == "shift"


def test_one_receiver_shift_answered_by_one_non_line_defender() -> None:
    """*Modifica della formazione*: one AB/AE moves; then one defender off the line."""
    s = _setup("attack")
    _place_all(s)
    _place_all(s)
    legal = s.legal_actions()
    assert legal[0] == "noshift" and all(s.cards[a[6:]].role in ("AB", "AE") for a in legal[1:])
    s.apply(legal[1])
    s.apply(s.legal_actions()[0])
    assert s.actor == 1
    line = formation.defence_line_row(s)
    for a in s.legal_actions()[1:]:
        assert s.board.row(s.pos[a[6:]]) != line


def test_punt_formation_and_receivers_beyond_ten_yards() -> None:
    """*Punt*: ten D and an AK with the ball on the line; receivers more than ten yards."""
    s = _setup("punt")
    assert {a[5:] for a in s.legal_actions()} == {"Y3", "Y4"}
    _place_all(s)
    roles = sorted(s.cards[p].role for p in s.pos)
    assert roles == ["AK"] + ["D"] * 10
    s.apply(s.legal_actions()[0])
    rows = {int(a[4:]) for a in s.legal_actions()}
    assert min(rows) == 17  # line on row 12: rows 13-16 are the ten yards


def test_kickoff_from_the_twenty_yard_line() -> None:
    """*Kick off*: from the 20-yard line of the kicking side; receivers in their half."""
    s = situation({}, move_no=0)
    s.pending, s.pending_team = "kickoff", 1
    admin.start_action(s)
    assert s.kind == "kickoff" and s.board.name_of(s.spot) == "g19"
    _place_all(s)
    s.apply(s.legal_actions()[0])
    rows = {int(a[4:]) for a in s.legal_actions()}
    assert rows == set(range(1, 15))


def test_injured_players_are_not_fielded_and_short_squads_play_short() -> None:
    """*Scelti tra quelli non infortunati*; *se l'allenatore non ha giocatori sufficienti
    giocherà con meno di undici giocatori in campo*."""
    s = situation({}, kind="attack", move_no=0)
    for n in (20, 21):
        s.bench[f"Y{n}"] = 2
    s._begin_setup(0)
    _place_all(s)
    yellow = [p for p in s.pos if p[0] == "Y"]
    assert len(yellow) == 11
    assert not {"Y20", "Y21"} & set(yellow)
    for n in (22, 23, 24):
        s.bench[f"Y{n}"] = 1
    s.pos = {}
    s._begin_setup(0)
    _place_all(s)
    assert len([p for p in s.pos if p[0] == "Y"]) == 8  # no AB left: 5 A, 2 AE, 1 AQ
