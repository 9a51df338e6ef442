"""Drives and scores: downs, punts, field goals, touchdowns, conversions, safeties."""

from __future__ import annotations

from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.play import legal_attack_play
from tests.games.toinc.toinc_helpers import Dice, at_play, game, play, set_hand, stack

G = game()
ATK = ["QB-1", "RB-1", "P-CC-1", "OG-1", "OT-2", "C-1"]
DFN = ["D-SA-1", "DT-2", "DE-2", "LB-1", "CB-1", "S-1"]
NO_PLAY = ["OG-1", "OG-2", "C-1", "OT-1", "OT-2", "C-2"]


def test_punt_table_in_play() -> None:
    """Punt: the ball travels the d6 table's yards; the other team takes over."""
    s = at_play(G, pos=30, atk=NO_PLAY, dfn=DFN, rolls=[3], phase=Phase.ATK_PLAY)
    play(s, "kick:punt")
    assert s.offense == 1 and s.pos == 40 and s.down == 1 and s.turns == 1


def test_blocked_punt_and_touchback() -> None:
    """Punt: 1 is blocked (ball where the play began); into the end zone: the 25."""
    s = at_play(G, pos=30, atk=NO_PLAY, dfn=DFN, rolls=[1], phase=Phase.ATK_PLAY)
    play(s, "kick:punt")
    assert s.offense == 1 and s.pos == 70
    s = at_play(G, pos=60, atk=NO_PLAY, dfn=DFN, rolls=[5], phase=Phase.ATK_PLAY)
    play(s, "kick:punt")
    assert s.offense == 1 and s.pos == 25


def test_field_goal_good_then_kickoff() -> None:
    """Field Goal: 3 points; after a score the other team receives a kickoff."""
    s = at_play(G, pos=70, atk=NO_PLAY, dfn=DFN, rolls=[4, 3], phase=Phase.ATK_PLAY)
    play(s, "kick:fg")  # 48 yards: 4+
    assert s.score == [3, 0]
    assert s.offense == 1 and s.pos == 40 and s.phase == Phase.DISCARD  # kickoff of 35 from the 25


def test_field_goal_miss_gives_the_ball_where_the_play_began() -> None:
    """Field Goal: a miss hands the ball to the defense at the play's starting spot."""
    s = at_play(G, pos=70, atk=NO_PLAY, dfn=DFN, rolls=[3], phase=Phase.ATK_PLAY)
    play(s, "kick:fg")
    assert s.score == [0, 0] and s.offense == 1 and s.pos == 30


def test_turnover_on_downs_at_the_spot() -> None:
    """O turno: without 10 yards in 4 downs the ball goes over where the play failed."""
    s = at_play(G, pos=50, down=4, atk=NO_PLAY, dfn=DFN, phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-ATK-1"])
    play(s, "pass")
    assert s.offense == 1 and s.pos == 50 and s.down == 1 and s.turns == 1


def test_touchdown_extra_point_and_kickoff() -> None:
    """Touchdown: 6 points, then the extra point (a 33-yard kick: 2+ scores 1)."""
    s = at_play(G, pos=95, line=100, atk=ATK, dfn=DFN, rolls=[6, 1, 1, 2, 5], phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-ATK-4"])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
    play(s, "outcome:O-ATK-1")  # 95 + 7 + 1: touchdown
    assert s.score == [6, 0] and s.phase == Phase.EXTRA and s.current_player == 0
    play(s, "extra:kick")  # rolls 2: good
    assert s.score == [7, 0] and s.turns == 1
    assert s.offense == 1 and s.pos == 25  # kickoff roll 5: 50 yards


def test_two_point_conversion_is_one_play_from_the_2() -> None:
    """Touchdown: the conversion is one play from the 2-yard line worth 2 points."""
    s = at_play(G, pos=95, line=100, atk=ATK, dfn=DFN, rolls=[6, 1, 1], phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-ATK-4"])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm", "outcome:O-ATK-1")
    play(s, "extra:two")
    assert s.conversion == 1 and s.pos == 98 and s.phase == Phase.DISCARD
    assert "kick:fg" not in legal_attack_play(s) and "kick:punt" not in legal_attack_play(s)
    set_hand(s, 0, ATK)
    set_hand(s, 1, DFN)
    s.phase, s.actor, s._legal = Phase.ATK_PLAY, 0, None
    s.rng = Dice([6, 1, 1, 5])
    stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-ATK-4"])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm", "outcome:O-ATK-1")
    assert s.score == [8, 0] and s.conversion == 0 and s.offense == 1


def test_safety_scores_two_and_the_defense_receives() -> None:
    """Safety: pushed back into its own end zone, the attack concedes 2 and the ball."""
    s = at_play(G, pos=3, atk=ATK, dfn=DFN, rolls=[6, 1, 1, 4], phase=Phase.DEF_PLAY)
    stack(s, "O0", ["O-DEF-1", "O-ATK-1", "O-ATK-2", "O-ATK-3"])
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:OG-1", "confirm")
    play(s, "outcome:O-DEF-1")  # 3 - 5 - 1 < 0
    assert s.score == [0, 2] and s.offense == 1 and s.pos == 35  # kickoff by seat 0


def test_pick_six_interception_in_the_end_zone() -> None:
    """Pick six: an interception recovered in the attack's end zone is a touchdown."""
    s = at_play(G, pos=5, atk=ATK, dfn=DFN, rolls=[6, 1, 3], phase=Phase.DEF_PLAY)
    stack(s, "O0", ["O-DEF-10", "O-ATK-1", "O-ATK-2", "O-ATK-3"])
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:OG-1", "confirm")
    play(s, "outcome:O-DEF-10")
    assert s.score == [0, 6] and s.phase == Phase.EXTRA and s.current_player == 1


def test_single_deck_decks_follow_the_ball() -> None:
    """Preparação 6: with one set the attack deck goes to the team with the ball."""
    s = at_play(G, offense=1)
    assert all(G.home[c] == "A0" for c in s.hand[1])
    assert all(G.home[c] == "D0" for c in s.hand[0])


def test_two_decks_each_player_uses_its_own() -> None:
    """Preparação 2/5: with two sets each player draws from its own decks."""
    g2 = game(variant="two-deck")
    s = at_play(g2, offense=1)
    assert all(g2.home[c] == "A1" for c in s.hand[1])
    assert all(g2.home[c] == "D0" for c in s.hand[0])
    assert all(c.startswith("b.") for c in s.hand[1])


def test_missed_extra_point_and_failed_conversion() -> None:
    """Touchdown: a 1 misses the extra point; a failed try scores nothing; both kick off."""
    for choice, rolls in (("extra:kick", [6, 1, 1, 1, 3]), ("extra:two", [6, 1, 1, 3])):
        s = at_play(G, pos=95, line=100, atk=ATK, dfn=DFN, rolls=rolls, phase=Phase.ATK_PLAY)
        stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-ATK-4", "O-ATK-5"])
        play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
        play(s, "outcome:O-ATK-1", choice)
        if choice == "extra:two":
            set_hand(s, 0, NO_PLAY)
            s.phase, s.actor, s._legal = Phase.ATK_PLAY, 0, None
            assert legal_attack_play(s) == ["pass"]
            play(s, "pass")  # no play: the try fails
        assert s.score == [6, 0] and s.offense == 1 and s.pos == 40 and s.turns == 1
