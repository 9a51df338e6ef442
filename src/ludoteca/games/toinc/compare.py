"""Fases 5 and 8: compare the teams' skills (*habilidade de jogada*) and the impact.

Skill = d6 + the leader's statistic + the bonuses of uncontested bonus players
(+ a failed defense's impact for the attack). A side without a leader has neither
statistic nor die: its skill is its bonuses alone, so the executing side's impact
comes out as large as it can be (*impacto de forma maximizada*).
"""

from __future__ import annotations

from ludoteca.games.toinc import outcome
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.base import Phase, ToincBase
from ludoteca.games.toinc.cards import Ability

DEFENSE_STAT = {"CC": "TER", "CM": "TER", "CL": "TER", "LC": "LC", "LM": "LM", "LL": "LL"}
"""Fase 7: the leader contester's statistic against each attack play (Abreviações)."""


def bonus_value(s: ToincBase, card_id: str, play: str) -> int:
    """Bônus oferecidos pelos jogadores: the card's bonuses that fit `play`.

    A Quarterback's uncontestable bonuses double in the Red Zone.
    """
    card = s.player(card_id)
    total = 0
    for bonus in card.bonuses:
        if bonus.kind.applies_to(play):
            value = bonus.value
            if card.position == "QB" and not bonus.contestable and t.in_red_zone(s.start):
                value *= 2
            total += value
    return total


def contestable(s: ToincBase, card_id: str, play: str, blitz: bool) -> bool:
    """True if the bonus `card_id` gives to `play` may be contested.

    Blitz extras (+2) and Hail Mary eligibles (+1) are contestable like any bonus.
    """
    if blitz or play == "HM":
        return True
    card = s.player(card_id)
    return any(b.contestable and b.kind.applies_to(play) for b in card.bonuses)


def _bonus_sum(s: ToincBase, cards: list[str], play: str) -> int:
    if play == "B":
        return t.BLITZ_EXTRA * sum(1 for c in cards if c not in s.contested)
    if play == "HM":
        return sum(1 for c in cards if c not in s.contested)
    return sum(bonus_value(s, c, play) for c in cards if c not in s.contested)


def _contester_skill(s: ToincBase, stat: int, play: str, extra: int) -> tuple[int, str]:
    support = sum(bonus_value(s, c, play) for c in s.c_bonus)
    if not s.c_lead:
        return support + extra, f"no leader: bonus {support + extra}, no die"
    die = s.roll()
    return die + stat + support + extra, f"rolls {die} + {stat} + bonus {support + extra}"


def defense_comparison(s: ToincBase) -> None:
    """Fase 5: the defense play against the attack's contesters."""
    play = s.play_card(s.d_play).play
    die = s.roll()
    if play == "B":
        base, what = t.blitz_base(), "Blitz DT+DE+LB 6"
    else:
        base = s.player(s.d_lead[0]).stat("SA")
        what = f"SA {base}"
    bonus = _bonus_sum(s, s.d_bonus, play)
    defense = die + base + bonus
    bl = s.player(s.c_lead[0]).stat("BL") if s.c_lead else 0
    attack, text = _contester_skill(s, bl, play, 0)
    s.log(f"Defense rolls {die} + {what} + bonus {bonus} = {defense}; offense {text} = {attack}")
    _reset_contest(s)
    if defense > attack:
        s.impact = defense - attack
        if play == "B":
            s.blitz = 1
            s.log(f"Blitz succeeds (impact {s.impact}): no run, second level +2 against passes")
            s.phase, s.actor = Phase.ATK_PLAY, s.offense
            return
        in_sack = len(s.d_lead) + sum(1 for c in s.d_bonus if c not in s.contested)
        s.gain = -t.sack_yards(s.impact, in_sack)
        s.log(f"Sack succeeds: impact {s.impact} x {in_sack} players = {-s.gain} yards lost")
        outcome.begin(s, s.defense, _sorte(s, s.d_lead + s.d_bonus))
        return
    if defense == attack:
        s.log("Tie: the defense play yields nothing")
    else:
        s.carry = attack - defense
        s.log(f"The defense play fails: impact {s.carry} carried into the attack")
    s.phase, s.actor = Phase.ATK_PLAY, s.offense


def attack_comparison(s: ToincBase) -> None:
    """Fase 8: the attack play against the defense's contesters."""
    play = s.play_card(s.a_play).play
    die = s.roll()
    if play == "HM":
        qb, wr = s.player(s.a_lead[0]), s.player(s.a_lead[1])
        base = t.hail_mary_attack(qb.stat("HM"), wr.stat("RL"), 0)
        what = f"HM {qb.stat('HM')} + RL {wr.stat('RL')}"
    else:
        need = s.play_card(s.a_play).requirement or play
        base = s.player(s.a_lead[0]).stat(need)
        what = f"{need} {base}"
    bonus = _bonus_sum(s, s.a_bonus, play)
    attack = die + base + bonus + s.carry
    carry = f" + impact {s.carry}" if s.carry else ""
    extra = t.BLITZ_SECOND_LEVEL if s.blitz and play in t.AIR else 0
    if play == "HM":
        safeties = sum(1 for c in s.c_lead if s.player(c).position == "S")
        stat = t.hail_mary_defense(len(s.c_lead), safeties)
    else:
        stat = s.player(s.c_lead[0]).stat(DEFENSE_STAT[play]) if s.c_lead else 0
    defense, text = _contester_skill(s, stat, play, extra)
    s.log(
        f"Offense rolls {die} + {what} + bonus {bonus}{carry} = {attack}; "
        f"defense {text} = {defense}"
    )
    lucky_attack = _sorte(s, s.a_lead + s.a_bonus)
    lucky_defense = _sorte(s, s.c_bonus)
    _reset_contest(s)
    if attack > defense:
        s.impact = attack - defense
        gain = t.attack_play_yards(play, s.impact)
        if t.beyond_end_line(s.start, gain):
            s.log(f"The play's {gain} yards would pass the end zone's 10 yards: no gain")
            gain = 0
        s.gain = gain
        s.log(f"The attack play succeeds: impact {s.impact}, {gain} yards")
        outcome.begin(s, s.offense, lucky_attack)
    elif defense > attack:
        s.impact = defense - attack
        s.log(f"The attack play fails (impact {s.impact})")
        outcome.begin(s, s.defense, lucky_defense)
    else:
        s.log("Tie: the play yields nothing")
        outcome.settle(s, s.start, turnover=False, consumed=True, first_down=False)


def _sorte(s: ToincBase, cards: list[str]) -> int:
    """Sorte: +1 outcome card if a *Sorte* player took part and was not contested
    (a contested one counts only if it also has *Agilidade Extrema*)."""
    for c in cards:
        card = s.player(c)
        if card.has(Ability.LUCK) and (c not in s.contested or card.has(Ability.EXTREME_AGILITY)):
            return 1
    return 0


def _reset_contest(s: ToincBase) -> None:
    s.c_lead = []
    s.c_used = []
    s.c_bonus = []
    s.c_pending = ""
    s.c_second = False
