"""Drives, kicks, scores and the clock: downs, turns (*turnos*), periods, overtime.

A *turno* is, as the Glossário says, "conjunto de 4 ou menos downs para o time
atacante realizar um avanço de 10 jardas e/ou marcação de pontos, ou retomada da
posse de bola pelo time defensor": it ends with a first down, a score (after the
extra point or conversion) or a change of possession. The game counts completed turns.
"""

from __future__ import annotations

from ludoteca.core.i18n import T, Text
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.fields import SCORE_TALLY, Ending, Phase, ToincFields, side

OT_FIRST, OT_ANSWER, OT_SUDDEN = 1, 2, 3


# -- the hidden-hand guess (Preparação 4) --------------------------------------------
def apply_hide(state: ToincFields, hand: str) -> None:
    """Preparação 4: one player hides the ball marker in a hand."""
    state.marker = hand
    state.log("{side} hides the ball marker in one hand", side=side(state.hider))
    state.private(state.hider, "You hide the marker in your {hand} hand", hand=HANDS[hand])
    state.phase, state.actor = Phase.GUESS, 1 - state.hider


def apply_guess(state: ToincFields, hand: str) -> None:
    """Preparação 4: a right guess wins the marker and the ball; the game opens
    (and overtime starts) with a kickoff to that team."""
    guesser = 1 - state.hider
    receiver = guesser if hand == state.marker else state.hider
    guess = {"guesser": side(guesser), "hand": HANDS[hand], "receiver": side(receiver)}
    if hand == state.marker:
        state.log("{guesser} guesses {hand}: right; {receiver} gets the ball", **guess)
    else:
        state.log("{guesser} guesses {hand}: wrong; {receiver} gets the ball", **guess)
    state.marker = ""
    if state.period == 5:
        state.ot_stage, state.ot_first = OT_FIRST, receiver
    else:
        state.opening = receiver
    kickoff(state, receiver)


# -- kicks ---------------------------------------------------------------------------
def kickoff(state: ToincFields, receiver: int) -> None:
    """Kickoff: the other team kicks from its 25; the d6 table places the ball."""
    die = state.roll()
    pos = t.kickoff_result(die)
    what = {1: T("illegal kickoff (out of bounds)"), 6: T("critical kick")}.get(die, T("kick"))
    state.log(
        "Kickoff by {kicker}: rolls {die}, {what}; {receiver} starts on its {pos}",
        kicker=side(1 - receiver),
        die=die,
        what=what,
        receiver=side(receiver),
        pos=pos,
    )
    new_series(state, receiver, pos)


def field_goal(state: ToincFields) -> None:
    """Field Goal: distance = yards to go + 18; a miss gives the defense the ball
    where the play began."""
    distance = t.field_goal_distance(state.start)
    die = state.roll()
    good = t.field_goal_good(distance, die)
    state.log(
        "{side} tries a {distance}-yard field goal: rolls {die}, {good}",
        side=side(state.offense),
        distance=distance,
        die=die,
        good=T("good") if good else T("no good"),
    )
    if good:
        end_play(state)
        score(state, state.offense, 3, "field goal")
        end_turn(state, kick_to=state.defense)
    else:
        turnover(state, t.FIELD - state.start)


def punt(state: ToincFields) -> None:
    """Punt: the d6 table; 1 is blocked (the defense takes over where the play began)."""
    state.count("punts")
    die = state.roll()
    result = t.punt_result(state.start, die)
    if result is None:
        state.log("{side} punts: rolls {die}, blocked", side=side(state.offense), die=1)
        turnover(state, t.FIELD - state.start)
        return
    state.log(
        "{side} punts: rolls {die}; {other} starts on its {pos}",
        side=side(state.offense),
        die=die,
        other=side(state.defense),
        pos=result,
    )
    turnover(state, result)


# -- a play's result -------------------------------------------------------------------
def after_play(
    state: ToincFields, end: int, *, turnover: bool, consumed: bool, first_down: bool
) -> None:
    """Downs: 4 tries for 10 yards; touchdown, safety, first down, turnover on downs."""
    if state.conversion:
        _conversion_result(state, end, turnover, consumed)
        return
    if turnover:
        if end <= 0:
            state.log("The defense recovers in the end zone: touchdown (pick six)")
            offense = state.defense
            end_play(state)
            state.offense = offense
            touchdown(state)
        else:
            pos = t.TOUCHBACK if end >= t.FIELD else t.FIELD - end
            end_play(state)
            change_possession(state, pos)
        return
    if end >= t.FIELD:
        end_play(state)
        touchdown(state)
        return
    if end <= 0:
        state.log("Safety: {side} is downed in its own end zone", side=side(state.offense))
        end_play(state)
        score(state, state.defense, 2, "safety")
        end_turn(state, kick_to=state.defense)
        return
    end_play(state)
    if first_down or end >= state.line:
        state.count("first_downs")
        state.log("First down on the {spot}", spot=yard_line(end))
        end_turn(state, series=(state.offense, end))
        return
    state.pos = end
    if consumed and state.down == 4:
        state.count("turnovers_on_downs")
        state.log("Turnover on downs at the {spot}", spot=yard_line(end))
        change_possession(state, t.FIELD - end)
        return
    if consumed:
        state.down += 1
    bound = state.blitz_next if consumed else 0  # an annulled play binds nothing
    start_play(state)
    if bound:
        state.blitz = 1
        state.log("The Blitz binds this play: no run, second level +2 against passes")


def _conversion_result(state: ToincFields, end: int, turnover: bool, consumed: bool) -> None:
    end_play(state)
    if not turnover and end >= t.FIELD:
        state.log("Two-point conversion good for {side}", side=side(state.offense))
        state.conversion = 0
        score(state, state.offense, 2, "two-point conversion")
    elif not turnover and not consumed and 0 < end < t.FIELD:
        state.log("The conversion is replayed")
        state.pos = end
        start_play(state)
        return
    else:
        state.log("Two-point conversion fails")
    state.conversion = 0
    if state.phase != Phase.OVER:
        end_turn(state, kick_to=state.defense)


def touchdown(state: ToincFields) -> None:
    """Touchdown: 6 points, then an extra point or a two-point conversion."""
    score(state, state.offense, 6, "touchdown")
    if state.phase != Phase.OVER:
        state.phase, state.actor = Phase.EXTRA, state.offense


def apply_extra(state: ToincFields, action: str) -> None:
    """Extra point (a 33-yard field goal worth 1) or conversion (one play from the 2)."""
    if action == "extra:kick":
        die = state.roll()
        good = t.field_goal_good(t.extra_point_distance(), die)
        state.log(
            "Extra point by {side}: rolls {die}, {good}",
            side=side(state.offense),
            die=die,
            good=T("good") if good else T("no good"),
        )
        if good:
            score(state, state.offense, 1, "extra point")
        if state.phase != Phase.OVER:
            end_turn(state, kick_to=state.defense)
        return
    state.log("{side} goes for two from the 2-yard line", side=side(state.offense))
    state.conversion = 1
    state.pos = t.FIELD - t.TWO_POINT_LINE
    state.down, state.line = 1, t.FIELD
    start_play(state)


def score(state: ToincFields, seat: int, points: int, kind: str) -> None:
    """Add points; in overtime a score may end the game (Término da Partida)."""
    state.score[seat] += points
    state.count(SCORE_TALLY[kind])
    state.log(
        "{kind}: {side} scores {points} ({first}-{second})",
        kind=SCORES[kind],
        side=side(seat),
        points=points,
        first=state.score[0],
        second=state.score[1],
    )
    if state.period != 5:
        return
    if state.ot_stage == OT_FIRST and kind == "field goal" and seat == state.ot_first:
        state.ot_stage = OT_ANSWER
        state.log("Overtime: the other team gets a chance to answer")
    elif state.ot_stage == OT_ANSWER and kind == "field goal" and seat != state.ot_first:
        state.ot_stage = OT_SUDDEN
        state.log("Overtime: field goal answered; the next score wins")
    else:
        game_over(state, Ending.OVERTIME_SCORE)


def change_possession(state: ToincFields, pos: int) -> None:
    """The defense becomes the attack at `pos` (its own frame); the turn ends."""
    if state.period == 5 and state.ot_stage == OT_FIRST:
        state.ot_stage = OT_SUDDEN
        state.log("Overtime: the first possession ended without a score; next score wins")
    elif state.period == 5 and state.ot_stage == OT_ANSWER:
        state.log("Overtime: the answer failed")
        game_over(state, Ending.OVERTIME_ANSWER_FAILED)
        return
    end_turn(state, series=(state.defense, pos))


def turnover(state: ToincFields, pos: int) -> None:
    """A kick or a miss hands the ball over (ends the play and the turn)."""
    end_play(state)
    change_possession(state, pos)


# -- series, plays, turns ----------------------------------------------------------------
def new_series(state: ToincFields, offense: int, pos: int) -> None:
    """A new set of downs: 1st and 10 (or goal to go) from `pos`."""
    state.offense, state.pos, state.down = offense, pos, 1
    state.line = min(pos + 10, t.FIELD)
    start_play(state)


def start_play(state: ToincFields) -> None:
    """Fase 1: the attack draws 8 cards (discarding 2); the defense draws 6."""
    state.clear_play(to_discard=2)
    state.count("plays")
    for seat, kind, n in ((state.offense, "A", 8), (state.defense, "D", 6)):
        key = state.deck_key(seat, kind)
        pile = state.piles[key]
        if len(pile) >= n:
            hand = pile[-n:]
            del pile[-n:]
            hand.reverse()
        else:
            hand = [state.draw(key) for _ in range(n)]
        state.hand[seat] = hand
        labels = state.config.labels
        state.private(seat, "You draw {cards}", cards=tuple(labels[c] for c in hand))
    togo: Text | int = T("goal") if state.line >= t.FIELD else state.line - state.pos
    state.log(
        "Play: {side} attacks, {down} and {togo} on the {spot}",
        side=side(state.offense),
        down=ordinal(state.down),
        togo=togo,
        spot=yard_line(state.pos),
    )
    state.phase, state.actor = Phase.DISCARD, state.offense


def end_play(state: ToincFields) -> None:
    """Every card of the play (hands, table, drawn outcomes) goes to its discards."""
    piles, where = state.piles, state.config.discard_pile
    for pile in (state.hand[0], state.hand[1], state.table, state.ohand[0], state.ohand[1]):
        for c in pile:
            piles[where[c]].append(c)
        pile.clear()


def end_turn(
    state: ToincFields, kick_to: int | None = None, series: tuple[int, int] | None = None
) -> None:
    """A turn ended: count it, handle the end of a period or the game, continue."""
    if state.phase == Phase.OVER:
        return
    state.turns += 1
    opts = state.config
    if opts.practice:
        if (opts.practice_turns and state.turns >= opts.practice_turns) or (
            opts.practice_target and max(state.score) >= opts.practice_target
        ):
            game_over(state, Ending.PRACTICE_LIMIT)
            return
    elif state.period <= 4:
        per = opts.period_turns
        if state.turns % per == 0:
            done = state.turns // per
            if done in (1, 3):
                state.period += 1
                state.log("End of period {done}: the teams change sides", done=done)
            elif done == 2:
                state.period = 3
                state.log("Half time: period 3 opens with a kickoff, possession inverted")
                kickoff(state, 1 - state.opening)
                return
            else:
                if state.score[0] != state.score[1]:
                    game_over(state, Ending.REGULATION)
                    return
                state.period, state.ot_turns = 5, 0
                state.hider = 1 - state.hider
                tied, turns = state.score[0], opts.overtime_turns
                state.log("Tied {tied}-{tied}: overtime of {turns} turns", tied=tied, turns=turns)
                state.phase, state.actor = Phase.HIDE, state.hider
                return
    else:
        state.ot_turns += 1
        if state.ot_turns == opts.overtime_turns:
            if state.score[0] != state.score[1]:
                game_over(state, Ending.OVERTIME_END)
                return
            if not opts.playoff:
                game_over(state, Ending.OVERTIME_TIE)
                return
            state.ot_stage = OT_SUDDEN
            state.log("Overtime over, still tied: playoff, the next score wins")
    if kick_to is not None:
        kickoff(state, kick_to)
    elif series is not None:
        new_series(state, *series)


def game_over(state: ToincFields, why: Ending) -> None:
    """The game ends; the higher score wins (equal scores: a tie). `why` is kept (`ended`,
    its message in English) as the outcome's ending and reason."""
    end_play(state)
    state.phase, state.actor, state.ended = Phase.OVER, -1, why.value
    state.log(
        "Game over ({why}): {first}-{second}",
        why=Text(why.value),
        first=state.score[0],
        second=state.score[1],
    )


def yard_line(pos: int) -> Text | str:
    """A position as a football yard line: own 25, 50, opponent 30."""
    if pos == 50:
        return "50"
    return T("own {yard}", yard=pos) if pos < 50 else T("opponent {yard}", yard=t.FIELD - pos)


def ordinal(n: int) -> Text:
    """1st, 2nd, 3rd, 4th (a down)."""
    return DOWNS[n - 1]


DOWNS = (T("1st"), T("2nd"), T("3rd"), T("4th"))
HANDS = {"left": T("left"), "right": T("right")}
SCORES = {
    "touchdown": T("Touchdown"),
    "safety": T("Safety"),
    "field goal": T("Field goal"),
    "extra point": T("Extra point"),
    "two-point conversion": T("Two-point conversion"),
}
