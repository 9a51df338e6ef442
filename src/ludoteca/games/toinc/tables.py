"""Toinc's tables and formulas as plain functions (rulebook sections cited per function).

Field positions are measured from the attacking team's own goal line: 0 is its goal
line, 100 the opponent's, so the ball is on the field while ``0 < pos < 100``; the
opponent's end zone spans 100..110 (*a endzone tem um comprimento de 10 jardas*).
"""

from __future__ import annotations

from ludoteca.core.i18n import _

FIELD = 100
ENDZONE = 10
RED_ZONE = 80
"""*Red Zone*: the last 20 yards of the field (``pos >= 80``)."""
TOUCHBACK = 25
"""*Touchback*: the ball is placed on the receiving team's 25-yard line."""
KICKOFF_SPOT = 25
"""*Kickoff*: kicked from the kicking team's 25-yard line."""
EXTRA_POINT_LINE = 15
"""*Extra point*: the ball on the opponent's 15-yard line (a 33-yard kick)."""
TWO_POINT_LINE = 2
"""Conversão de dois pontos: one play from the 2-yard line."""
FIELD_GOAL_MAX = 66
"""Field Goal table: the longest distance with a chance (*Até 66 jardas: 6*)."""

RUNS = ("CC", "CM", "CL")
PASSES = ("LC", "LM", "LL")
AIR = ("LC", "LM", "LL", "HM")
"""*Jogadas Aéreas*: every pass, the Hail Mary included."""


def run_yards(play: str, impact: int) -> int:
    """Corridas: CC = impact, CM = impact x2, CL = impact x4 + 5."""
    if play == "CC":
        return impact
    if play == "CM":
        return impact * 2
    if play == "CL":
        return impact * 4 + 5
    raise ValueError(_("not a run: {play}", play=play))


def pass_yards(play: str, impact: int) -> int:
    """Lançamentos: LC = impact x3, LM = impact x4 + 5, LL = impact x7 + 10."""
    if play == "LC":
        return impact * 3
    if play == "LM":
        return impact * 4 + 5
    if play == "LL":
        return impact * 7 + 10
    raise ValueError(_("not a pass: {play}", play=play))


def hail_mary_yards(impact: int) -> int:
    """Hail Mary: *impacto em um sucesso de ataque x10*."""
    return impact * 10


def attack_play_yards(play: str, impact: int) -> int:
    """The gain of a successful attack play (runs, passes, Hail Mary)."""
    if play == "HM":
        return hail_mary_yards(impact)
    if play in RUNS:
        return run_yards(play, impact)
    return pass_yards(play, impact)


def sack_yards(impact: int, players: int) -> int:
    """Sack (SA): the attack loses *impacto x (n° de jogadores no sack)* yards."""
    return impact * players


def in_red_zone(pos: int) -> bool:
    """Chegando à Red Zone: the last 20 yards of the attacking field."""
    return pos >= RED_ZONE


def red_zone_allows(play: str, pos: int) -> bool:
    """Red Zone: *Lançamento Longo* and *Hail Mary* are not allowed there."""
    return not (in_red_zone(pos) and play in ("LL", "HM"))


def beyond_end_line(start: int, play_gain: int, everywhere: bool = False) -> bool:
    """Red Zone: a play's own gain may not carry past the end zone's 10 yards; the limit
    binds plays from the Red Zone (*"um local onde o campo encurta"*), or every play with
    `everywhere` (option `end_line`).

    Outcome-card gains do not count (*sucessos de ataque obtidos em cartas de desfecho
    não contam para exceder os limites da endzone*).
    """
    return (everywhere or in_red_zone(start)) and start + play_gain > FIELD + ENDZONE


def qb_bonus(play: str, red_zone: bool) -> int:
    """Quarterback: +1 on runs, +2 on passes, uncontestable, doubled in the Red Zone."""
    if play in RUNS:
        base = 1
    elif play in AIR:
        base = 2
    else:
        return 0
    return base * 2 if red_zone else base


def blitz_base() -> int:
    """Blitz (B): the required DT, DE and LB count 2 each (uncontestable): 6."""
    return 3 * 2


BLITZ_EXTRA = 2
"""Blitz (B): each further DT/DE/LB gives a contestable +2."""
BLITZ_SECOND_LEVEL = 2
"""Blitz (B) success: the second level gets +2 against air plays."""


def hail_mary_attack(qb_hm: int, wr_ll: int, eligible: int) -> int:
    """Hail Mary: QB's HM + WR's LL, +1 for each further eligible attacker."""
    return qb_hm + wr_ll + eligible


def hail_mary_defense(second_level: int, safeties: int) -> int:
    """Hail Mary: each second-level defender (LB, CB, S) counts 3; each extra S +2.

    "Extra" Safety: every Safety beyond the first among the defenders.
    """
    return 3 * second_level + 2 * max(0, safeties - 1)


def field_goal_distance(pos: int) -> int:
    """Field Goal: distance = yards to the goal line + 10 (end zone) + 8 (holder)."""
    return (FIELD - pos) + 18


def field_goal_min_roll(distance: int) -> int | None:
    """Field Goal table: the lowest d6 that scores, None beyond 66 yards."""
    for limit, roll in ((33, 2), (43, 3), (53, 4), (63, 5), (FIELD_GOAL_MAX, 6)):
        if distance <= limit:
            return roll
    return None


def field_goal_good(distance: int, roll: int) -> bool:
    """Field Goal: a 1 is always blocked (*falha crítica*); else the table decides."""
    need = field_goal_min_roll(distance)
    return roll != 1 and need is not None and roll >= need


def extra_point_distance() -> int:
    """Extra point: from the 15-yard line, i.e. a 15 + 18 = 33-yard field goal."""
    return field_goal_distance(FIELD - EXTRA_POINT_LINE)


PUNT_YARDS = {2: 20, 3: 30, 4: 40, 5: 50}


def punt_result(pos: int, roll: int) -> int | None:
    """Punt table: the receiving team's new position, or None if blocked (roll 1).

    2-5: the ball travels 20/30/40/50 yards; into the end zone it is a touchback (25).
    6: 60 yards or the receiver's 10-yard line, whichever is better for the kicker.
    """
    if roll == 1:
        return None
    if roll == 6:
        landing = FIELD - (pos + 60)
        return landing if 0 < landing < 10 else 10
    landing = FIELD - (pos + PUNT_YARDS[roll])
    return TOUCHBACK if landing <= 0 else landing


KICKOFF_YARDS = {2: 30, 3: 35, 4: 40, 5: 50}
ILLEGAL_KICKOFF_SPOT = 40
"""Kickoff roll 1 (*Illegal Kickoff*): the receiving team starts on its 40."""


def kickoff_result(roll: int, spot: int = KICKOFF_SPOT) -> int:
    """Kickoff table: the receiving team's position after a kick from `spot`.

    1: illegal kickoff, ball on the receiver's 40; 2-5: 30/35/40/50 yards;
    6: the receiver's 10-yard line; into the end zone: touchback on the 25.
    """
    if roll == 1:
        return ILLEGAL_KICKOFF_SPOT
    if roll == 6:
        return 10
    landing = FIELD - (spot + KICKOFF_YARDS[roll])
    return TOUCHBACK if landing <= 0 else landing


def enforce_foul(base: int, yards: int) -> int:
    """Apply a foul's `yards` (positive: the attack gains) from `base`.

    A foul never carries the ball into an end zone: it then moves half the distance
    to that goal line (ludoteca's choice; the rulebook is silent).
    """
    if base <= 0 or base >= FIELD:
        return base
    end = base + yards
    if end >= FIELD:
        return base + (FIELD - base) // 2
    if end <= 0:
        return base - base // 2
    return end
