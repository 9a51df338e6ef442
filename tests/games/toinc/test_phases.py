"""A jogada, fases 1-8: hands, announcements, contesters and comparisons."""

from __future__ import annotations

import pytest

from ludoteca.core import IllegalAction
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.tables import attack_play_yards
from tests.games.toinc.toinc_helpers import at_play, game, play, set_hand, stack

G = game()
ATK = ["QB-1", "RB-1", "OG-1", "OT-2", "C-1", "P-CC-1"]
DFN = ["D-SA-1", "DT-2", "DE-2", "LB-1", "CB-1", "S-1"]


def test_fase_1_attack_draws_8_and_discards_2() -> None:
    """Fase 1 (Comprar cartas): the attack draws 8 and discards 2; the defense draws 6."""
    s = at_play(G)
    assert s.phase == Phase.DISCARD and s.current_player == 0
    assert len(s.hand[0]) == 8 and len(s.hand[1]) == 6
    first, second = s.hand[0][0], s.hand[0][1]
    play(s, "discard:" + first, "discard:" + second)
    assert len(s.hand[0]) == 6 and s.phase == Phase.SWAP and s.current_player == 1
    assert first in s.piles["A0x"]


def test_fase_1_defense_free_swaps_at_most_two() -> None:
    """Fase 1: the defense may swap two cards (*trocas livres*), without penalty."""
    s = at_play(G, phase=Phase.SWAP)
    play(s, "swap:" + s.hand[1][0])
    play(s, "swap:" + s.hand[1][0])
    assert s.legal_actions() == ["keep"]
    assert len(s.hand[1]) == 6 and s.subs == [0, 0]
    play(s, "keep")
    assert s.phase == Phase.SUB_ATK and s.current_player == 0


def test_fase_2_two_penalised_substitutions_each() -> None:
    """Fase 2 (Montar as mãos): up to 2 substitutions each, counted for fase 9."""
    s = at_play(G, phase=Phase.SUB_ATK)
    play(s, "substitute:" + s.hand[0][0])
    play(s, "substitute:" + s.hand[0][0])
    assert s.legal_actions() == ["done"] and s.subs == [2, 0]
    play(s, "done")
    play(s, "substitute:" + s.hand[1][0], "done")
    assert s.subs == [2, 1] and s.phase == Phase.DEF_PLAY


def test_fase_3_defense_needs_a_leader_to_announce() -> None:
    """Fase 3 / Jogador líder: a play is only announced with a leader in hand."""
    s = at_play(
        G, atk=ATK, dfn=["D-SA-1", "CB-1", "CB-2", "S-1", "S-2", "CB-3"], phase=Phase.DEF_PLAY
    )
    assert s.legal_actions() == ["pass"]
    play(s, "pass")
    assert s.phase == Phase.ATK_PLAY and s.current_player == 0


def test_fase_3_blitz_needs_dt_de_and_lb() -> None:
    """Blitz (B): at least one DT, one DE and one LB take part."""
    s = at_play(
        G, atk=ATK, dfn=["D-B-1", "DT-1", "DE-1", "CB-1", "S-1", "S-2"], phase=Phase.DEF_PLAY
    )
    assert "play:D-B-1" not in s.legal_actions()
    s = at_play(
        G, atk=ATK, dfn=["D-B-1", "DT-1", "DE-1", "LB-2", "LB-3", "S-2"], phase=Phase.DEF_PLAY
    )
    play(s, "play:D-B-1", "leader:DT-1", "leader:DE-1")
    assert s.legal_actions() == ["leader:LB-2", "leader:LB-3"]
    play(s, "leader:LB-2")
    assert s.legal_actions() == ["confirm", "bonus:LB-3"]


def test_fase_4_only_blockers_contest() -> None:
    """Fase 4: only C, OG, OT and TE (with BL) contest the defense play."""
    s = at_play(G, atk=ATK, dfn=DFN, phase=Phase.DEF_PLAY)
    play(s, "play:D-SA-1", "leader:DT-2", "bonus:DE-2", "confirm")
    assert s.phase == Phase.ATK_CONTEST
    assert sorted(s.legal_actions()) == ["leader:C-1", "leader:OG-1", "leader:OT-2"]
    play(s, "leader:OG-1")
    contests = [a for a in s.legal_actions() if a.startswith("contest:")]
    assert sorted(contests) == ["contest:C-1", "contest:OT-2"]


def test_fase_5_sack_wins_with_impact_times_players() -> None:
    """Fases 4-5 and Sack: contested bonus cancelled; impact x players in the sack."""
    s = at_play(G, atk=ATK, dfn=DFN, rolls=[5, 2, 1], phase=Phase.DEF_PLAY)
    play(s, "play:D-SA-1", "leader:DT-2", "bonus:DE-2", "bonus:LB-1", "confirm")
    play(s, "leader:OG-1", "contest:OT-2", "target:DE-2", "confirm")
    # defense 5 + SA 4 + LB-1 SACK 1 = 10 (DE-2 contested); offense 2 + BL 4 = 6
    assert any("= 10; offense rolls 2 + 4 + bonus 0 = 6" in e for e in s.events_for(None))
    assert s.impact == 4 and s.gain == -8  # DT-2 and LB-1 in the sack
    assert s.phase == Phase.OUTCOME and s.current_player == 1
    assert len(s.ohand[1]) == 4  # 3 + Sorte (LB-1 took part, uncontested)
    assert len(s.ohand[0]) == 0  # the loser's single card is applied at once


def test_fase_5_tie_goes_to_fase_6() -> None:
    """Fase 5: a tie yields nothing and the attack announces (fase 6)."""
    s = at_play(G, atk=ATK, dfn=DFN, rolls=[2, 6], phase=Phase.DEF_PLAY)
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:C-1", "confirm")
    # defense 2 + 4 = 6; offense 6 + 4... C-1 has BL 4 -> 10: the attack wins
    assert s.phase == Phase.ATK_PLAY and s.carry == 4
    s = at_play(G, atk=ATK, dfn=DFN, rolls=[6, 6], phase=Phase.DEF_PLAY)
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:C-1", "confirm")
    assert s.phase == Phase.ATK_PLAY and s.carry == 0


def test_fase_4_forca_descomunal_contests_two() -> None:
    """Força Descomunal: one contester cancels up to two bonus players."""
    s = at_play(
        G,
        atk=["QB-1", "OG-1", "OT-2", "C-1", "RB-1", "P-CC-1"],
        dfn=["D-SA-1", "DT-2", "DE-2", "LB-1", "DE-3", "S-1"],
        phase=Phase.DEF_PLAY,
    )
    play(s, "play:D-SA-1", "leader:DT-2", "bonus:DE-2", "bonus:LB-1", "bonus:DE-3", "confirm")
    play(s, "leader:C-1", "contest:OG-1", "target:DE-2")
    assert s.c_pending == "OG-1" and "done" in s.legal_actions()
    play(s, "target:LB-1")
    assert s.contested == ["DE-2", "LB-1"] and not s.c_pending


def test_agilidade_extrema_returns_to_hand() -> None:
    """Agilidade Extrema: a contested (or contesting) player goes back to the hand."""
    s = at_play(
        G,
        atk=["QB-1", "OG-2", "C-3", "C-1", "RB-1", "P-CC-1"],
        dfn=["D-SA-1", "DT-2", "DE-1", "LB-1", "CB-1", "S-1"],
        phase=Phase.DEF_PLAY,
    )
    play(s, "play:D-SA-1", "leader:DT-2", "bonus:DE-1", "confirm", "leader:C-1")
    play(s, "contest:C-3", "target:DE-1")
    assert "DE-1" in s.hand[1] and "C-3" in s.hand[0]
    assert "DE-1" in s.known and "DE-1" not in s.secrets(0)


def test_agilidade_extrema_contester_must_contest_each_time_it_is_laid() -> None:
    """Agilidade Extrema (D27): back in the hand after contesting, the player may be laid
    again, but only to contest: "done" (stopping without contesting) belongs to Força
    Descomunal's optional second bonus player. It used to be offered to any contester
    that had contested before, so `contest:` / `done` could repeat forever (an ISMCTS
    seat found that loop and stalled a game at 2,000 actions)."""
    s = at_play(
        G,
        atk=["QB-1", "OG-2", "C-3", "C-1", "RB-1", "P-CC-1"],
        dfn=["D-SA-1", "DT-2", "DE-1", "LB-1", "DE-3", "S-1"],
        phase=Phase.DEF_PLAY,
    )
    play(s, "play:D-SA-1", "leader:DT-2", "bonus:DE-1", "bonus:LB-1", "confirm", "leader:C-1")
    play(s, "contest:C-3", "target:DE-1")
    assert "C-3" in s.hand[0] and "contest:C-3" in s.legal_actions()
    play(s, "contest:C-3")
    assert s.legal_actions() == ["target:LB-1"]
    play(s, "target:LB-1")
    assert s.contested == ["DE-1", "LB-1"] and "contest:C-3" not in s.legal_actions()


def test_fase_6_red_zone_forbids_long_pass_and_hail_mary() -> None:
    """Chegando à Red Zone: no Lançamento Longo and no Hail Mary in the last 20 yards."""
    atk = ["QB-1", "WR-1", "P-LL-1", "P-HM-1", "P-LC-1", "RB-1"]
    s = at_play(G, pos=85, atk=atk, dfn=DFN, phase=Phase.ATK_PLAY)
    legal = s.legal_actions()
    assert "play:P-LC-1" in legal
    assert "play:P-LL-1" not in legal and "play:P-HM-1" not in legal
    s = at_play(G, pos=60, atk=atk, dfn=DFN, phase=Phase.ATK_PLAY)
    assert {"play:P-LL-1", "play:P-HM-1"} <= set(s.legal_actions())


def test_fase_6_leaders_are_eligible_players_with_the_stat() -> None:
    """Jogador líder / Jogadores elegíveis: the exact statistic, never the line."""
    s = at_play(
        G, atk=["P-LC-1", "WR-2", "TE-1", "OG-1", "QB-1", "RB-1"], dfn=DFN, phase=Phase.ATK_PLAY
    )
    play(s, "play:P-LC-1")
    assert sorted(s.legal_actions()) == ["leader:TE-1", "leader:WR-2"]


def test_fase_6_no_play_offers_kicks_or_losing_the_down() -> None:
    """Jogador líder: without a play the attack may kick a field goal, punt or lose the down."""
    s = at_play(G, pos=60, atk=["OG-1", "OG-2", "C-1", "OT-1", "P-LL-1", "P-CM-1"], dfn=DFN,
                phase=Phase.ATK_PLAY)  # fmt: skip
    assert sorted(s.legal_actions()) == ["kick:fg", "kick:punt", "pass"]
    s = at_play(G, pos=40, atk=["OG-1", "OG-2", "C-1", "OT-1", "P-LL-1", "P-CM-1"], dfn=DFN,
                phase=Phase.ATK_PLAY)  # fmt: skip
    assert "kick:fg" not in s.legal_actions()  # 78 yards: beyond the table


def test_fase_7_only_dt_de_lb_contest_and_cb_supports() -> None:
    """Fase 7: DT, DE, LB contest; a CB adds +2 to LC/LM (uncontestable)."""
    atk = ["QB-1", "WR-2", "P-LC-1", "RB-1", "OG-1", "C-1"]
    dfn = ["LB-1", "DT-2", "CB-1", "S-1", "DE-3", "D-B-1"]
    s = at_play(G, atk=atk, dfn=dfn, rolls=[3, 3], phase=Phase.ATK_PLAY)
    play(s, "play:P-LC-1", "leader:WR-2", "bonus:QB-1", "confirm")
    assert s.phase == Phase.DEF_CONTEST
    assert sorted(s.legal_actions()) == ["leader:DE-3", "leader:LB-1"]  # DT-2 lacks LC
    play(s, "leader:LB-1")
    legal = s.legal_actions()
    assert "bonus:CB-1" in legal and "bonus:S-1" not in legal
    assert not any(a.startswith("contest:") for a in legal)  # QB's bonus is uncontestable
    play(s, "bonus:CB-1", "confirm")
    # offense 3 + RC 5 + QB 2 = 10; defense 3 + LC 4 + CB 2 = 9
    assert s.impact == 1 and s.gain == 3


def test_fase_8_failed_defense_impact_is_carried() -> None:
    """Fase 8: a failed defense play's impact adds to the attack's skill."""
    atk = ["QB-1", "RB-1", "OG-1", "OT-2", "C-1", "P-CC-1"]
    s = at_play(G, atk=atk, dfn=DFN, rolls=[1, 6, 2, 2], phase=Phase.DEF_PLAY)
    play(s, "play:D-SA-1", "leader:DT-2", "confirm", "leader:OG-1", "confirm")
    assert s.carry == 5  # 6 + 4 - (1 + 4)
    play(s, "play:P-CC-1", "leader:RB-1", "confirm", "leader:DE-2", "confirm")
    # offense 2 + CC 6 + impact 5 = 13; defense 2 + TER 4 = 6
    assert s.impact == 7 and s.gain == 7


def test_qb_bonus_doubles_in_the_red_zone() -> None:
    """Quarterback: +1 terrestre (x2 in the Red Zone), not contestable."""
    atk = ["QB-1", "RB-1", "OG-1", "OT-2", "C-1", "P-CC-1"]
    s = at_play(G, pos=85, atk=atk, dfn=DFN, rolls=[1, 1], phase=Phase.ATK_PLAY)
    play(s, "play:P-CC-1", "leader:RB-1", "bonus:QB-1", "confirm", "leader:DE-2", "confirm")
    # offense 1 + CC 6 + QB 2 = 9; defense 1 + 4 = 5
    assert s.impact == 4


def test_opponent_without_leader_has_no_die() -> None:
    """Jogador líder: a side without a leader contester rolls no die and has no stat."""
    atk = ["QB-1", "RB-1", "OG-1", "OT-2", "C-1", "P-CC-1"]
    dfn = ["CB-1", "CB-2", "S-1", "S-2", "S-3", "D-SA-1"]
    s = at_play(G, atk=atk, dfn=dfn, rolls=[1], phase=Phase.ATK_PLAY)
    play(s, "play:P-CC-1", "leader:RB-1", "confirm")
    assert s.legal_actions() == ["confirm"]
    play(s, "confirm")
    assert s.impact == 7  # 1 + CC 6 against nothing
    assert any("no leader: bonus 0, no die" in e for e in s.events_for(None))


def test_hail_mary_skills() -> None:
    """Hail Mary: QB HM + WR LL(RL) + 1 per eligible; LB/CB/S count 3, extra S +2."""
    atk = ["QB-3", "WR-1", "P-HM-1", "TE-1", "RB-1", "OG-1"]
    dfn = ["S-1", "S-2", "CB-1", "DT-1", "DE-1", "D-SA-1"]
    s = at_play(G, pos=40, atk=atk, dfn=dfn, rolls=[5, 1], phase=Phase.ATK_PLAY)
    play(s, "play:P-HM-1", "leader:QB-3", "leader:WR-1", "bonus:TE-1", "bonus:RB-1", "confirm")
    play(s, "leader:S-1", "leader:S-2", "leader:CB-1", "contest:DT-1", "target:TE-1")
    play(s, "done", "confirm")  # DT-1 (Força Descomunal) leaves its second contest
    # offense 5 + HM 3 + RL 5 + RB 1 = 14 (TE contested); defense 1 + 3*3 + 2 = 12
    assert s.impact == 2 and s.gain == 20


BLITZ_ATK = ["QB-1", "RB-1", "WR-2", "P-CC-1", "P-LC-1", "OG-4"]
BLITZ_DFN = ["D-B-1", "DT-1", "DE-1", "LB-2", "LB-3", "CB-1"]


def test_blitz_success_goes_to_the_outcome_and_binds_the_next_play() -> None:
    """Fase 5: *"Caso a habilidade da defesa seja maior ... o time atacante não tem como
    fazer sua jogada preparada ... e a jogada segue para a fase de desfecho"*, a Blitz
    included; its own effect, *"impede que seja realizado pelo ataque uma jogada
    terrestre, e o segundo nível da defesa ganha um bônus de +2 contra jogadas aéreas"*,
    binds the attack's next play (option `blitz`, default next-play)."""
    s = at_play(G, atk=BLITZ_ATK, dfn=BLITZ_DFN, rolls=[3, 1], phase=Phase.DEF_PLAY)
    stack(s, "O0", ["O-ATK-1", "O-ATK-2", "O-ATK-3", "O-ATK-4", "O-DEF-1"])
    play(s, "play:D-B-1", "leader:DT-1", "leader:DE-1", "leader:LB-2", "confirm")
    play(s, "leader:OG-4", "confirm")  # defense 3 + 6 = 9; offense 1 + 2 = 3
    assert s.won == 1 and s.impact == 6 and s.gain == 0 and s.blitz_next == 1
    assert s.phase == Phase.OUTCOME and s.current_player == 1  # no attack play now
    s.apply("outcome:" + s.ohand[1][0])  # an attack card: nothing for the defense
    assert s.down == 2 and s.blitz == 1 and s.blitz_next == 0
    set_hand(s, 0, BLITZ_ATK)
    s.phase, s.actor = Phase.ATK_PLAY, 0
    s._legal = None
    assert "play:P-CC-1" not in s.legal_actions() and "play:P-LC-1" in s.legal_actions()


def test_blitz_same_play_option_lets_the_attack_pass_at_once() -> None:
    """Option `blitz=same-play` (the reading until issue 37): a successful Blitz sends the
    attack to fase 6 at once, no run, the second level +2 against passes."""
    s = at_play(
        game(blitz="same-play"),
        atk=BLITZ_ATK,
        dfn=BLITZ_DFN,
        rolls=[3, 1, 2, 2],
        phase=Phase.DEF_PLAY,
    )
    play(s, "play:D-B-1", "leader:DT-1", "leader:DE-1", "leader:LB-2", "confirm")
    play(s, "leader:OG-4", "confirm")  # defense 3 + 6 = 9; offense 1 + 2 = 3
    assert s.blitz == 1 and s.phase == Phase.ATK_PLAY
    assert "play:P-CC-1" not in s.legal_actions() and "play:P-LC-1" in s.legal_actions()
    play(s, "play:P-LC-1", "leader:WR-2", "confirm", "leader:LB-3", "confirm")
    # offense 2 + RC 5 = 7; defense 2 + LC 4 + blitz 2 = 8
    assert s.impact == 1 and s.won == 1


def test_a_long_play_from_outside_the_red_zone_scores() -> None:
    """*Chegando à Red Zone*: the end zone's limit is the Red Zone's (*"um local onde o
    campo encurta"*): a Lançamento Longo from the 60 whose yards pass the 110 still
    reaches the end zone; option `end_line=everywhere` (the reading until issue 37)
    gives it nothing."""
    atk = ["QB-1", "WR-1", "P-LL-1", "OG-1", "OT-2", "C-1"]
    for g, scores in ((G, True), (game(end_line="everywhere"), False)):
        s = at_play(g, pos=60, atk=atk, dfn=DFN, rolls=[6, 1], phase=Phase.ATK_PLAY)
        stack(s, "O0", ["O-DEF-1", "O-DEF-2", "O-DEF-3", "O-DEF-4"])
        play(s, "play:P-LL-1", "leader:WR-1", "confirm", "leader:LB-1", "confirm")
        yards = attack_play_yards("LL", s.impact)
        assert s.won == 0 and 60 + yards > 110
        assert s.gain == (yards if scores else 0)


def test_play_beyond_the_end_zone_gains_nothing() -> None:
    """Red Zone: the play's own yards may not pass the end zone's 10 yards."""
    atk = ["QB-1", "RB-3", "P-CL-1", "OG-1", "OT-2", "C-1"]
    for pos, gain in ((79, 29), (85, 0)):
        s = at_play(G, pos=pos, atk=atk, dfn=DFN, rolls=[6, 1], phase=Phase.ATK_PLAY)
        stack(s, "O0", ["O-DEF-1", "O-DEF-2", "O-DEF-3", "O-DEF-4"])
        play(s, "play:P-CL-1", "leader:RB-3", "confirm", "leader:DT-2", "confirm")
        # offense 6 + CL 5 = 11; defense 1 + 4 = 5: impact 6 -> 29 yards (108 fine, 114 not)
        assert s.gain == gain and s.won == 0


def test_illegal_actions_name_the_problem() -> None:
    """Bad input: an unknown card or a card not in hand is refused, state unchanged."""
    s = at_play(G)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="no card 'XX-9'"):
        s.apply("discard:XX-9")
    other = s.hand[1][0]
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        s.apply("discard:" + other)
    assert s.to_json() == before
