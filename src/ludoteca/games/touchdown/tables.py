"""The rulebook's tables and dice rules as plain functions."""

from __future__ import annotations

from ludoteca.core.i18n import _

# *Pass* table: distance -> (I up to, P up to, R from). "-" in the book is written 0 (never)
# for I, and as the I bound for P (no P result at distance 13).
PASS_TABLE: dict[int, tuple[int, int, int]] = {
    2: (0, 1, 2),
    3: (1, 2, 3),
    4: (1, 2, 4),
    5: (1, 3, 4),
    6: (1, 3, 4),
    7: (2, 3, 5),
    8: (2, 4, 5),
    9: (3, 4, 5),
    10: (3, 4, 6),
    11: (3, 5, 6),
    12: (4, 5, 6),
    13: (5, 5, 6),
}
MAX_PASS = max(PASS_TABLE)

# *Contrasto* tables: row = d6 (1-6), column = tackle difference -3..+3.
ATTACKER_TABLE: tuple[str, ...] = ("AAAAAEE", "AAAAEEE", "AAAEEED", "AAEEEDD", "AEEEDDT", "EEEDDTT")
DEFENDER_TABLE: tuple[str, ...] = ("DDDDDEE", "DDDEEII", "DDEEIIA", "DEEIIAA", "EEIIAAT", "EIIAATT")


def pass_result(distance: int, roll: int) -> str:
    """*Passaggio*/*lancio* result P, I or R for a distance and a (modified) d6.

    Adjacent players: automatic R. A modified roll is held within 1-6. A roll
    above the I bound and below the R threshold is P (the book's gaps at 4, 7, 10).
    """
    if distance <= 1:
        return "R"
    if distance > MAX_PASS:
        raise ValueError(_("no pass column for distance {distance}", distance=distance))
    roll = min(6, max(1, roll))
    i_to, _p_to, r_from = PASS_TABLE[distance]
    if roll <= i_to:
        return "I"
    if roll >= r_from:
        return "R"
    return "P"


def pass_odds(distance: int, modifier: int = 0) -> float:
    """The chance of an R (*ricevuto*) on the pass table with 1d6 + `modifier`."""
    return sum(pass_result(distance, roll + modifier) == "R" for roll in range(1, 7)) / 6


def forward_pass_distance(distance: int, quarterback: bool) -> int:
    """*Modificatori per il forward pass*: an AQ halves the distance, rounding up."""
    return -(-distance // 2) if quarterback else distance


def tackle_result(attacking: bool, difference: int, roll: int) -> str:
    """*Contrasto*: result A, D, E, T or I; `attacking` picks the *Attaccante* table."""
    difference = min(3, max(-3, difference))
    table = ATTACKER_TABLE if attacking else DEFENDER_TABLE
    return table[roll - 1][difference + 3]


def tackle_falls(attacking: bool, result: str) -> tuple[bool, bool]:
    """Who falls on a *Contrasto* `result`: (the mover, the tackled player).

    **A** (*attaccante*) fells the player of the side with the ball, **D**
    (*difensore*) the player of the other side, **E** both, **T** the tackled
    player, **I** nobody. On the *Attaccante* table the mover has the ball, so A
    fells him; on the *Difensore* table the mover defends, so A fells the tackled
    player (docs/rules/touchdown.md, *Contrasti*).
    """
    mover_side = "A" if attacking else "D"
    target_side = "D" if attacking else "A"
    return result in (mover_side, "E"), result in (target_side, "E", "T")


def tackle_odds(attacking: bool, difference: int) -> tuple[float, float, float]:
    """The chances, over 1d6, that a tackle fells only the tackled player, only the
    mover, and both."""
    target_only = mover_only = both = 0
    for roll in range(1, 7):
        mover, target = tackle_falls(attacking, tackle_result(attacking, difference, roll))
        target_only += target and not mover
        mover_only += mover and not target
        both += mover and target
    return target_only / 6, mover_only / 6, both / 6


def fumble_taken(roll: int) -> bool:
    """*Fumble*: on 5-6 the standing tackler takes the ball; on 1-4 the ball is dead."""
    return roll >= 5


def injured(roll: int) -> bool:
    """*Infortuni*: a fallen player is injured on 1-3, unhurt on 4-6."""
    return roll <= 3


def punt_stays(roll: int, lines: int) -> bool:
    """*Punt*: the ball stays where placed if the d6 is above the 10-yard lines crossed."""
    return roll > lines


def field_goal_target(lines: int) -> int:
    """*Field goal*: lines crossed, the first one counted twice."""
    return lines + 1 if lines > 0 else 0


def field_goal_scores(roll: int, lines: int) -> bool:
    """*Field goal*: scored if the (modified) d6 is above the count of lines."""
    return roll > field_goal_target(lines)


def timing(roll_a: int, roll_b: int) -> int | None:
    """*Timing*: the seat index (0 or 1) with the lower d4, None on a tie."""
    if roll_a == roll_b:
        return None
    return 0 if roll_a < roll_b else 1


def clock_markers(seconds: int) -> tuple[int, int, int]:
    """The three clock markers (minutes, tens of seconds, seconds) for elapsed seconds."""
    return seconds // 60, (seconds % 60) // 10, seconds % 10


QUARTER_MINUTES = 15
PLAY_SECONDS = 120


def last_play(seconds: int, minutes: int = QUARTER_MINUTES) -> bool:
    """*Timing*: the minutes marker has passed box 14 (of a `minutes`-long quarter):
    this play is the quarter's last."""
    return seconds // 60 > minutes - 1
