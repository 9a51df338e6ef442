"""Fase 9 (Analisar desfecho): outcome cards, turnovers and fouls."""

from __future__ import annotations

from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.outcome import draw_count
from ludoteca.games.toinc.state import ToincState
from tests.games.toinc.toinc_helpers import at_play, game, play, stack

G = game()
ATK = ["QB-1", "RB-1", "P-CC-1", "OG-1", "OT-2", "C-1"]
DFN = ["D-SA-1", "DT-2", "DE-2", "LB-1", "CB-1", "S-1"]


def run(winner_cards: list[str], loser_card: str, rolls: list[int], subs: int = 0) -> ToincState:
    """A Corrida Curta from the 50 won by the attack: 6 + CC 6 vs 1 + TER 4, impact 7."""
    s = at_play(G, pos=50, atk=ATK, dfn=DFN, rolls=[6, 1, *rolls], phase=Phase.ATK_PLAY)
    s.subs = [subs, 0]
    stack(s, "O0", [*winner_cards, loser_card])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
    assert s.gain == 7
    return s


def test_draw_count_formula() -> None:
    """Fase 9: 3 cards minus substitutions, +1 Sorte, never fewer than 1."""
    assert [draw_count(n, 0) for n in (0, 1, 2)] == [3, 2, 1]
    assert draw_count(2, 1) == 2 and draw_count(0, 1) == 4


def test_winner_draws_three_minus_substitutions_and_chooses() -> None:
    """Fase 9: the winner draws 3 - substitutions and keeps one; the loser draws 1."""
    s = run(["O-ATK-1", "O-ATK-10"], "O-DEF-1", [], subs=1)
    assert s.phase == Phase.OUTCOME and s.current_player == 0
    assert sorted(s.legal_actions()) == ["outcome:O-ATK-1", "outcome:O-ATK-10"]
    assert s.picks[1] == "O-DEF-1"


def test_attack_success_adds_dice_times_modifier() -> None:
    """Desfechos: an attack success adds d6 x modifier to the play's yards; the
    loser's own success counts for it (a defense card drawn by the defense)."""
    s = run(["O-ATK-10", "O-ATK-1", "O-ATK-2"], "O-DEF-4", [3, 2])
    play(s, "outcome:O-ATK-10")
    # 50 + 7 + 3x5 - 2x2 = 68: first down, a new turn
    assert s.pos == 68 and s.down == 1 and s.line == 78 and s.turns == 1
    assert s.phase == Phase.DISCARD


def test_success_for_the_other_side_is_ignored() -> None:
    """Desfechos: an attack success drawn by the defense is ignored (and vice versa)."""
    s = run(["O-DEF-1", "O-ATK-1", "O-ATK-2"], "O-ATK-3", [1])
    play(s, "outcome:O-DEF-1")
    assert s.pos == 57 and s.down == 2
    assert any("favours the other side: ignored" in e for e in s.events_for(None))


def test_fumble_gives_the_ball_to_the_defense_at_the_end_spot() -> None:
    """Desfechos: Fumble and Interceptação retake the ball at the play's final spot."""
    s = run(["O-ATK-1", "O-ATK-2", "O-ATK-3"], "O-DEF-8", [2, 4])
    play(s, "outcome:O-ATK-1")
    # 50 + 7 + 2 - 4 = 55 -> the other team's 45
    assert s.offense == 1 and s.pos == 45 and s.down == 1


def test_defense_success_after_a_sack_uses_the_impact() -> None:
    """Analisar desfecho: a defense play's success adds the card to the sack's loss."""
    s = at_play(G, pos=50, atk=ATK, dfn=DFN, rolls=[6, 1, 2], phase=Phase.DEF_PLAY)
    stack(s, "O0", ["O-DEF-4", "O-ATK-1", "O-ATK-2", "O-DEF-1"])
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:OG-1", "confirm")
    # 6 + 4 = 10 vs 1 + 4 = 5: impact 5 x 1 player
    assert s.gain == -5 and s.current_player == 1
    play(s, "outcome:O-DEF-4")
    assert s.pos == 50 - 5 - 4 and s.down == 2  # the attack's O-DEF-1 is ignored


def test_foul_accepted_from_where_the_play_began_replays_the_down() -> None:
    """Faltas: *jardas de onde a jogada começou* ignore the play; the down repeats."""
    s = run(["O-FOUL-1", "O-ATK-1", "O-ATK-2"], "O-ATK-3", [])
    play(s, "outcome:O-FOUL-1")
    assert s.phase == Phase.FOUL and s.current_player == 0  # a defensive foul favours the attack
    play(s, "accept")
    assert s.pos == 55 and s.down == 1


def test_foul_can_be_declined() -> None:
    """Declinar da falta: the favoured side keeps the play's result instead."""
    s = run(["O-FOUL-6", "O-ATK-1", "O-ATK-2"], "O-ATK-3", [])
    play(s, "outcome:O-FOUL-6")
    assert s.current_player == 1  # an attack foul favours the defense
    play(s, "decline")
    assert s.pos == 57 and s.down == 2


def test_one_foul_each_way_replays_the_down() -> None:
    """Uma falta para cada time: the down is repeated and the play annulled."""
    s = run(["O-FOUL-1", "O-ATK-1", "O-ATK-2"], "O-FOUL-8", [])
    play(s, "outcome:O-FOUL-1")
    assert s.pos == 50 and s.down == 1 and s.turns == 0


def test_foul_from_where_the_play_ended() -> None:
    """Faltas: *jardas de onde a jogada terminou*: the play, then the foul."""
    s = run(["O-ATK-1", "O-ATK-2", "O-ATK-3"], "O-FOUL-9", [1])
    play(s, "outcome:O-ATK-1", "accept")
    assert s.pos == 50 + 7 + 1 - 10 and s.down == 2


def test_automatic_first_down() -> None:
    """1st down automático: a defensive foul renews the downs."""
    s = run(["O-FOUL-3", "O-ATK-1", "O-ATK-2"], "O-ATK-3", [])
    s.down = 3
    play(s, "outcome:O-FOUL-3", "accept")
    assert s.pos == 55 and s.down == 1 and s.line == 65


def test_pass_interference_at_the_spot() -> None:
    """Pass Interference: the ball goes to the spot of the foul (the pass's target)."""
    atk = ["QB-1", "WR-2", "P-LC-1", "RB-1", "OG-1", "C-1"]
    s = at_play(G, pos=40, atk=atk, dfn=DFN, rolls=[6, 1], phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-FOUL-4", "O-ATK-1", "O-ATK-2", "O-ATK-3"])
    play(s, "play:P-LC-1", "leader:WR-2", "confirm", "leader:LB-1", "confirm")
    # 6 + RC 5 = 11 vs 1 + LC 4 = 5: impact 6, 18 yards
    play(s, "outcome:O-FOUL-4", "accept")
    assert s.pos == 58 and s.down == 1


def test_losing_the_down_checks_only_the_attacks_own_foul() -> None:
    """Jogador líder: losing the down draws one outcome card for an attack foul."""
    s = at_play(G, pos=50, atk=ATK, dfn=DFN, phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-FOUL-1"])
    play(s, "pass")
    assert s.pos == 50 and s.down == 2  # a defensive foul is not checked
    s = at_play(G, pos=50, atk=ATK, dfn=DFN, phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-FOUL-8"])
    play(s, "pass")
    assert s.phase == Phase.FOUL and s.current_player == 1
    play(s, "accept")
    assert s.pos == 40 and s.down == 1


def test_sorte_adds_an_outcome_card() -> None:
    """Sorte: one more outcome card for a success the *Sorte* player took part in."""
    atk = ["QB-1", "RB-3", "P-CC-1", "OG-1", "OT-2", "C-1"]  # RB-3 has Sorte
    s = at_play(G, pos=50, atk=atk, dfn=DFN, rolls=[6, 1], phase=Phase.ATK_PLAY)
    play(s, "play:P-CC-1", "leader:RB-3", "confirm", "leader:DE-2", "confirm")
    assert len(s.ohand[0]) == 4


def test_fase_8_tie_yields_nothing() -> None:
    """Fase 8: a tie gives no result: no outcome cards, the down is used."""
    s = at_play(G, pos=50, atk=ATK, dfn=DFN, rolls=[1, 3], phase=Phase.ATK_PLAY)
    drawn = len(s.piles["O0"])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
    # 1 + CC 6 = 7; 3 + TER 4 = 7
    assert s.pos == 50 and s.down == 2 and len(s.piles["O0"]) == drawn


def test_fumble_beyond_goal_is_a_touchback() -> None:
    """Desfechos (silent case): a turnover in the defense's end zone is a touchback."""
    s = at_play(G, pos=95, line=100, atk=ATK, dfn=DFN, rolls=[6, 1, 1, 1], phase=Phase.ATK_PLAY)
    stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-DEF-8"])
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
    play(s, "outcome:O-ATK-1")  # 95 + 7 + 1 - 1 = 102, fumbled: the defense's ball
    assert s.score == [0, 0] and s.offense == 1 and s.pos == 25
