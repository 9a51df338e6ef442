"""Fases 5 and 8: compare the teams' skills (*habilidade de jogada*) and the impact.

Skill = d6 + the leader's statistic + the bonuses of uncontested bonus players
(+ a failed defense's impact for the attack). A side without a leader has neither
statistic nor die: its skill is its bonuses alone, so the executing side's impact
comes out as large as it can be (*impacto de forma maximizada*).
"""

from __future__ import annotations

from ludoteca.core.i18n import T, Text
from ludoteca.games.toinc import outcome
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.cards import Ability
from ludoteca.games.toinc.fields import Phase, ToincFields

DEFENSE_STAT = {"CC": "TER", "CM": "TER", "CL": "TER", "LC": "LC", "LM": "LM", "LL": "LL"}
"""Fase 7: the leader contester's statistic against each attack play (Abreviações)."""


def bonus_value(state: ToincFields, card_id: str, play: str) -> int:
    """Bônus oferecidos pelos jogadores: the card's bonuses that fit `play`.

    A Quarterback's uncontestable bonuses double in the Red Zone.
    """
    card = state.player(card_id)
    total = 0
    for bonus in card.bonuses:
        if bonus.kind.applies_to(play):
            value = bonus.value
            if card.position == "QB" and not bonus.contestable and t.in_red_zone(state.start):
                value *= 2
            total += value
    return total


def contestable(state: ToincFields, card_id: str, play: str, blitz: bool) -> bool:
    """True if the bonus `card_id` gives to `play` may be contested.

    Blitz extras (+2) and Hail Mary eligibles (+1) are contestable like any bonus.
    """
    if blitz or play == "HM":
        return True
    card = state.player(card_id)
    return any(b.contestable and b.kind.applies_to(play) for b in card.bonuses)


def _bonus_sum(state: ToincFields, cards: list[str], play: str) -> int:
    if play == "B":
        return t.BLITZ_EXTRA * sum(1 for c in cards if c not in state.contested)
    if play == "HM":
        return sum(1 for c in cards if c not in state.contested)
    return sum(bonus_value(state, c, play) for c in cards if c not in state.contested)


def _contester_skill(state: ToincFields, stat: int, play: str, extra: int) -> tuple[int, Text]:
    support = sum(bonus_value(state, c, play) for c in state.c_bonus)
    if not state.c_lead:
        return support + extra, T("no leader: bonus {bonus}, no die", bonus=support + extra)
    die = state.roll()
    text = T("rolls {die} + {stat} + bonus {bonus}", die=die, stat=stat, bonus=support + extra)
    return die + stat + support + extra, text


def defense_comparison(state: ToincFields) -> None:
    """Fase 5: the defense play against the attack's contesters."""
    play = state.play_card(state.d_play).play
    die = state.roll()
    if play == "B":
        base, what = t.blitz_base(), "Blitz DT+DE+LB 6"
    else:
        base = state.player(state.d_lead[0]).stat("SA")
        what = f"SA {base}"  # the card's own marks, the same in every language
    bonus = _bonus_sum(state, state.d_bonus, play)
    defense = die + base + bonus
    bl = state.player(state.c_lead[0]).stat("BL") if state.c_lead else 0
    attack, text = _contester_skill(state, bl, play, 0)
    state.log(
        "Defense rolls {die} + {what} + bonus {bonus} = {defense}; offense {text} = {attack}",
        die=die,
        what=what,
        bonus=bonus,
        defense=defense,
        text=text,
        attack=attack,
    )
    _reset_contest(state)
    if defense > attack:
        state.impact = defense - attack
        if play == "B" and not state.config.blitz_next_play:
            state.blitz = 1
            state.log(
                "Blitz succeeds (impact {impact}): no run, second level +2 against passes",
                impact=state.impact,
            )
            state.phase, state.actor = Phase.ATK_PLAY, state.offense
            return
        if play == "B":
            state.blitz_next = 1
            state.log(
                "Blitz succeeds (impact {impact}): the play goes to its outcome; the "
                "attack's next play may not run, and the second level gets +2 against passes",
                impact=state.impact,
            )
            outcome.begin(state, state.defense, _sorte(state, state.d_lead + state.d_bonus))
            return
        in_sack = len(state.d_lead) + sum(1 for c in state.d_bonus if c not in state.contested)
        state.gain = -t.sack_yards(state.impact, in_sack)
        state.log(
            "Sack succeeds: impact {impact} x {players} players = {yards} yards lost",
            impact=state.impact,
            players=in_sack,
            yards=-state.gain,
        )
        outcome.begin(state, state.defense, _sorte(state, state.d_lead + state.d_bonus))
        return
    if defense == attack:
        state.log("Tie: the defense play yields nothing")
    else:
        state.carry = attack - defense
        state.log(
            "The defense play fails: impact {impact} carried into the attack", impact=state.carry
        )
    state.phase, state.actor = Phase.ATK_PLAY, state.offense


def attack_comparison(state: ToincFields) -> None:
    """Fase 8: the attack play against the defense's contesters."""
    play = state.play_card(state.a_play).play
    die = state.roll()
    if play == "HM":
        qb, wr = state.player(state.a_lead[0]), state.player(state.a_lead[1])
        base = t.hail_mary_attack(qb.stat("HM"), wr.stat("RL"), 0)
        what = f"HM {qb.stat('HM')} + RL {wr.stat('RL')}"
    else:
        need = state.play_card(state.a_play).requirement or play
        base = state.player(state.a_lead[0]).stat(need)
        what = f"{need} {base}"
    bonus = _bonus_sum(state, state.a_bonus, play)
    attack = die + base + bonus + state.carry
    carry = T(" + impact {impact}", impact=state.carry) if state.carry else ""
    extra = t.BLITZ_SECOND_LEVEL if state.blitz and play in t.AIR else 0
    if play == "HM":
        safeties = sum(1 for c in state.c_lead if state.player(c).position == "S")
        stat = t.hail_mary_defense(len(state.c_lead), safeties)
    else:
        stat = state.player(state.c_lead[0]).stat(DEFENSE_STAT[play]) if state.c_lead else 0
    defense, text = _contester_skill(state, stat, play, extra)
    state.log(
        "Offense rolls {die} + {what} + bonus {bonus}{carry} = {attack}; "
        "defense {text} = {defense}",
        die=die,
        what=what,
        bonus=bonus,
        carry=carry,
        attack=attack,
        text=text,
        defense=defense,
    )
    lucky_attack = _sorte(state, state.a_lead + state.a_bonus)
    lucky_defense = _sorte(state, state.c_bonus)
    _reset_contest(state)
    if attack > defense:
        state.impact = attack - defense
        gain = t.attack_play_yards(play, state.impact)
        if t.beyond_end_line(state.start, gain, state.config.end_line_everywhere):
            state.log(
                "The play's {yards} yards would pass the end zone's 10 yards: no gain", yards=gain
            )
            gain = 0
        state.gain = gain
        state.log(
            "The attack play succeeds: impact {impact}, {yards} yards",
            impact=state.impact,
            yards=gain,
        )
        outcome.begin(state, state.offense, lucky_attack)
    elif defense > attack:
        state.impact = defense - attack
        state.log("The attack play fails (impact {impact})", impact=state.impact)
        outcome.begin(state, state.defense, lucky_defense)
    else:
        state.log("Tie: the play yields nothing")
        outcome.settle(state, state.start, turnover=False, consumed=True, first_down=False)


def _sorte(state: ToincFields, cards: list[str]) -> int:
    """Sorte: +1 outcome card if a *Sorte* player took part and was not contested
    (a contested one counts only if it also has *Agilidade Extrema*)."""
    for c in cards:
        card = state.player(c)
        if card.has(Ability.LUCK) and (
            c not in state.contested or card.has(Ability.EXTREME_AGILITY)
        ):
            return 1
    return 0


def _reset_contest(state: ToincFields) -> None:
    state.c_lead = []
    state.c_used = []
    state.c_bonus = []
    state.c_pending = ""
    state.c_second = False
