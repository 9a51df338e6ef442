"""Drives, kicks, scores and the clock: downs, turns (*turnos*), periods, overtime.

A *turno* is, as the Glossário says, "conjunto de 4 ou menos downs para o time
atacante realizar um avanço de 10 jardas e/ou marcação de pontos, ou retomada da
posse de bola pelo time defensor": it ends with a first down, a score (after the
extra point or conversion) or a change of possession. The game counts completed turns.
"""

from __future__ import annotations

from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.base import SCORE_TALLY, Phase, ToincBase

OT_FIRST, OT_ANSWER, OT_SUDDEN = 1, 2, 3


# -- the hidden-hand guess (Preparação 4) --------------------------------------------
def apply_hide(s: ToincBase, hand: str) -> None:
    """Preparação 4: one player hides the ball marker in a hand."""
    s.marker = hand
    s.log(f"Seat {s.hider} hides the ball marker in one hand")
    s.private(s.hider, f"You hide the marker in your {hand} hand")
    s.phase, s.actor = Phase.GUESS, 1 - s.hider


def apply_guess(s: ToincBase, hand: str) -> None:
    """Preparação 4: a right guess wins the marker and the ball; the game opens
    (and overtime starts) with a kickoff to that team."""
    guesser = 1 - s.hider
    receiver = guesser if hand == s.marker else s.hider
    right = "right" if hand == s.marker else "wrong"
    s.log(f"Seat {guesser} guesses {hand}: {right}; Seat {receiver} gets the ball")
    s.marker = ""
    if s.period == 5:
        s.ot_stage, s.ot_first = OT_FIRST, receiver
    else:
        s.opening = receiver
    kickoff(s, receiver)


# -- kicks ---------------------------------------------------------------------------
def kickoff(s: ToincBase, receiver: int) -> None:
    """Kickoff: the other team kicks from its 25; the d6 table places the ball."""
    die = s.roll()
    pos = t.kickoff_result(die)
    what = {1: "illegal kickoff (out of bounds)", 6: "critical kick"}.get(die, "kick")
    s.log(
        f"Kickoff by Seat {1 - receiver}: rolls {die}, {what}; Seat {receiver} starts on its {pos}"
    )
    new_series(s, receiver, pos)


def field_goal(s: ToincBase) -> None:
    """Field Goal: distance = yards to go + 18; a miss gives the defense the ball
    where the play began."""
    distance = t.field_goal_distance(s.start)
    die = s.roll()
    good = t.field_goal_good(distance, die)
    s.log(
        f"Seat {s.offense} tries a {distance}-yard field goal: rolls {die}, "
        f"{'good' if good else 'no good'}"
    )
    if good:
        end_play(s)
        score(s, s.offense, 3, "field goal")
        end_turn(s, kick_to=s.defense)
    else:
        turnover(s, t.FIELD - s.start)


def punt(s: ToincBase) -> None:
    """Punt: the d6 table; 1 is blocked (the defense takes over where the play began)."""
    s.count("punts")
    die = s.roll()
    result = t.punt_result(s.start, die)
    if result is None:
        s.log(f"Seat {s.offense} punts: rolls 1, blocked")
        turnover(s, t.FIELD - s.start)
        return
    s.log(f"Seat {s.offense} punts: rolls {die}; Seat {s.defense} starts on its {result}")
    turnover(s, result)


# -- a play's result -------------------------------------------------------------------
def after_play(s: ToincBase, end: int, *, turnover: bool, consumed: bool, first_down: bool) -> None:
    """Downs: 4 tries for 10 yards; touchdown, safety, first down, turnover on downs."""
    if s.conversion:
        _conversion_result(s, end, turnover, consumed)
        return
    if turnover:
        if end <= 0:
            s.log("The defense recovers in the end zone: touchdown (pick six)")
            offense = s.defense
            end_play(s)
            s.offense = offense
            touchdown(s)
        else:
            pos = t.TOUCHBACK if end >= t.FIELD else t.FIELD - end
            end_play(s)
            change_possession(s, pos)
        return
    if end >= t.FIELD:
        end_play(s)
        touchdown(s)
        return
    if end <= 0:
        s.log(f"Safety: Seat {s.offense} is downed in its own end zone")
        end_play(s)
        score(s, s.defense, 2, "safety")
        end_turn(s, kick_to=s.defense)
        return
    end_play(s)
    if first_down or end >= s.line:
        s.count("first_downs")
        s.log(f"First down on the {yard_line(end)}")
        end_turn(s, series=(s.offense, end))
        return
    s.pos = end
    if consumed and s.down == 4:
        s.count("turnovers_on_downs")
        s.log(f"Turnover on downs at the {yard_line(end)}")
        change_possession(s, t.FIELD - end)
        return
    if consumed:
        s.down += 1
    start_play(s)


def _conversion_result(s: ToincBase, end: int, turnover: bool, consumed: bool) -> None:
    end_play(s)
    if not turnover and end >= t.FIELD:
        s.log(f"Two-point conversion good for Seat {s.offense}")
        s.conversion = 0
        score(s, s.offense, 2, "two-point conversion")
    elif not turnover and not consumed and 0 < end < t.FIELD:
        s.log("The conversion is replayed")
        s.pos = end
        start_play(s)
        return
    else:
        s.log("Two-point conversion fails")
    s.conversion = 0
    if s.phase != Phase.OVER:
        end_turn(s, kick_to=s.defense)


def touchdown(s: ToincBase) -> None:
    """Touchdown: 6 points, then an extra point or a two-point conversion."""
    score(s, s.offense, 6, "touchdown")
    if s.phase != Phase.OVER:
        s.phase, s.actor = Phase.EXTRA, s.offense


def apply_extra(s: ToincBase, action: str) -> None:
    """Extra point (a 33-yard field goal worth 1) or conversion (one play from the 2)."""
    if action == "extra:kick":
        die = s.roll()
        good = t.field_goal_good(t.extra_point_distance(), die)
        s.log(f"Extra point by Seat {s.offense}: rolls {die}, {'good' if good else 'no good'}")
        if good:
            score(s, s.offense, 1, "extra point")
        if s.phase != Phase.OVER:
            end_turn(s, kick_to=s.defense)
        return
    s.log(f"Seat {s.offense} goes for two from the 2-yard line")
    s.conversion = 1
    s.pos = t.FIELD - t.TWO_POINT_LINE
    s.down, s.line = 1, t.FIELD
    start_play(s)


def score(s: ToincBase, seat: int, points: int, kind: str) -> None:
    """Add points; in overtime a score may end the game (Término da Partida)."""
    s.score[seat] += points
    s.count(SCORE_TALLY[kind])
    s.log(f"{kind.capitalize()}: Seat {seat} scores {points} ({s.score[0]}-{s.score[1]})")
    if s.period != 5:
        return
    if s.ot_stage == OT_FIRST and kind == "field goal" and seat == s.ot_first:
        s.ot_stage = OT_ANSWER
        s.log("Overtime: the other team gets a chance to answer")
    elif s.ot_stage == OT_ANSWER and kind == "field goal" and seat != s.ot_first:
        s.ot_stage = OT_SUDDEN
        s.log("Overtime: field goal answered; the next score wins")
    else:
        game_over(s, "overtime score")


def change_possession(s: ToincBase, pos: int) -> None:
    """The defense becomes the attack at `pos` (its own frame); the turn ends."""
    if s.period == 5 and s.ot_stage == OT_FIRST:
        s.ot_stage = OT_SUDDEN
        s.log("Overtime: the first possession ended without a score; next score wins")
    elif s.period == 5 and s.ot_stage == OT_ANSWER:
        s.log("Overtime: the answer failed")
        game_over(s, "overtime answer failed")
        return
    end_turn(s, series=(s.defense, pos))


def turnover(s: ToincBase, pos: int) -> None:
    """A kick or a miss hands the ball over (ends the play and the turn)."""
    end_play(s)
    change_possession(s, pos)


# -- series, plays, turns ----------------------------------------------------------------
def new_series(s: ToincBase, offense: int, pos: int) -> None:
    """A new set of downs: 1st and 10 (or goal to go) from `pos`."""
    s.offense, s.pos, s.down = offense, pos, 1
    s.line = min(pos + 10, t.FIELD)
    start_play(s)


def start_play(s: ToincBase) -> None:
    """Fase 1: the attack draws 8 cards (discarding 2); the defense draws 6."""
    s.start = s.pos
    s.to_discard, s.swaps, s.subs = 2, 0, [0, 0]
    s.d_play, s.a_play = "", ""
    s.d_lead, s.d_bonus, s.a_lead, s.a_bonus = [], [], [], []
    s.c_lead, s.c_used, s.c_bonus, s.contested, s.c_pending = [], [], [], [], ""
    s.c_second = False
    s.known = []
    s.carry = s.blitz = s.impact = s.gain = s.net = s.turnover = 0
    s.won = -1
    s.picks, s.fouls, s.foul_done = ["", ""], [], []
    s.count("plays")
    for seat, kind, n in ((s.offense, "A", 8), (s.defense, "D", 6)):
        key = s.deck_key(seat, kind)
        pile = s.piles[key]
        if len(pile) >= n:
            hand = pile[-n:]
            del pile[-n:]
            hand.reverse()
        else:
            hand = [s.draw(key) for _ in range(n)]
        s.hand[seat] = hand
        labels = s.game.labels
        s.private(seat, "You draw " + ", ".join([labels[c] for c in hand]))
    togo = "goal" if s.line >= t.FIELD else str(s.line - s.pos)
    s.log(f"Play: Seat {s.offense} attacks, {ordinal(s.down)} and {togo} on the {yard_line(s.pos)}")
    s.phase, s.actor = Phase.DISCARD, s.offense


def end_play(s: ToincBase) -> None:
    """Every card of the play (hands, table, drawn outcomes) goes to its discards."""
    piles, where = s.piles, s.game.discard_pile
    for pile in (s.hand[0], s.hand[1], s.table, s.ohand[0], s.ohand[1]):
        for c in pile:
            piles[where[c]].append(c)
        pile.clear()


def end_turn(
    s: ToincBase, kick_to: int | None = None, series: tuple[int, int] | None = None
) -> None:
    """A turn ended: count it, handle the end of a period or the game, continue."""
    if s.phase == Phase.OVER:
        return
    s.turns += 1
    opts = s.game
    if opts.practice:
        if (opts.practice_turns and s.turns >= opts.practice_turns) or (
            opts.practice_target and max(s.score) >= opts.practice_target
        ):
            game_over(s, "practice limit reached")
            return
    elif s.period <= 4:
        per = opts.period_turns
        if s.turns % per == 0:
            done = s.turns // per
            if done in (1, 3):
                s.period += 1
                s.log(f"End of period {done}: the teams change sides")
            elif done == 2:
                s.period = 3
                s.log("Half time: period 3 opens with a kickoff, possession inverted")
                kickoff(s, 1 - s.opening)
                return
            else:
                if s.score[0] != s.score[1]:
                    game_over(s, "end of regulation")
                    return
                s.period, s.ot_turns = 5, 0
                s.hider = 1 - s.hider
                s.log(f"Tied {s.score[0]}-{s.score[1]}: overtime of {opts.overtime_turns} turns")
                s.phase, s.actor = Phase.HIDE, s.hider
                return
    else:
        s.ot_turns += 1
        if s.ot_turns == opts.overtime_turns:
            if s.score[0] != s.score[1]:
                game_over(s, "end of overtime")
                return
            if not opts.playoff:
                game_over(s, "overtime ends tied (regular season)")
                return
            s.ot_stage = OT_SUDDEN
            s.log("Overtime over, still tied: playoff, the next score wins")
    if kick_to is not None:
        kickoff(s, kick_to)
    elif series is not None:
        new_series(s, *series)


def game_over(s: ToincBase, why: str) -> None:
    """The game ends; the higher score wins (equal scores: a tie)."""
    end_play(s)
    s.phase, s.actor, s.ended = Phase.OVER, -1, why
    s.log(f"Game over ({why}): {s.score[0]}-{s.score[1]}")


def yard_line(pos: int) -> str:
    """A position as a football yard line: own 25, 50, opponent 30."""
    if pos == 50:
        return "50"
    return f"own {pos}" if pos < 50 else f"opponent {t.FIELD - pos}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
