"""Fase 9 (*Analisar desfecho*): outcome cards, fouls and the play's result.

The winner of the play draws 3 outcome cards minus its substitutions (+1 for
*Sorte*; never fewer than 1) and keeps one; the loser draws 1. A success card
only counts for the side it favours; fouls count whoever drew them. One foul
each way replays the down; a single foul may be declined by the side it favours.
"""

from __future__ import annotations

from ludoteca.core.i18n import T
from ludoteca.games.toinc import flow
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.action import Verb
from ludoteca.games.toinc.cards import DefenseEffect, FoulBy, FoulSpot, OutcomeKind
from ludoteca.games.toinc.faces import card_name
from ludoteca.games.toinc.fields import Phase, ToincFields, side

BASE_DRAW = 3
MIN_DRAW = 1


def draw_count(substitutions: int, sorte: int) -> int:
    """Fase 9: 3 cards minus the winner's substitutions, +1 Sorte, at least 1."""
    return max(MIN_DRAW, BASE_DRAW - substitutions + sorte)


def begin(state: ToincFields, winner: int, sorte: int) -> None:
    """Start fase 9: both sides draw; the winner then chooses (`outcome:<id>`)."""
    state.won = winner
    loser = 1 - winner
    count = draw_count(state.subs[winner], sorte)
    for seat, n in ((winner, count), (loser, 1)):
        key = state.deck_key(seat, "O")
        cards = [state.draw(key) for _ in range(n)]
        state.ohand[seat] = cards
        state.private(seat, "You draw {cards}", cards=tuple(state.label(c) for c in cards))
    state.log(
        "{winner} wins the play and draws {n} outcome card(s){luck}; {loser} 1",
        winner=side(winner),
        n=count,
        luck=T(" (+1 Sorte)") if sorte else "",
        loser=side(loser),
    )
    _pick(state, loser, state.ohand[loser][0])
    if count == 1:
        _pick(state, winner, state.ohand[winner][0])
        resolve(state)
    else:
        state.phase, state.actor = Phase.OUTCOME, winner


def lose_down(state: ToincFields) -> None:
    """Jogador líder: the attack gives up the down after drawing one outcome card
    to check for its own foul (only an ATQ foul counts)."""
    state.log("{side} (attack) throws the ball away and loses the down", side=side(state.offense))
    state.won = -2
    card = state.draw(state.deck_key(state.offense, "O"))
    state.ohand[state.offense] = [card]
    _pick(state, state.offense, card)
    resolve(state)


def legal_outcome(state: ToincFields) -> list[str]:
    """Fase 9: `outcome:<id>` for each drawn card."""
    return [Verb.OUTCOME.of(c) for c in state.ohand[state.actor]]


def apply_outcome(state: ToincFields, card_id: str) -> None:
    """Fase 9: keep one outcome card, discarding the others."""
    _pick(state, state.actor, card_id)
    resolve(state)


def _pick(state: ToincFields, seat: int, card_id: str) -> None:
    for c in state.ohand[seat]:
        if c != card_id:
            state.discard(c)
    state.ohand[seat] = []
    state.table.append(card_id)
    state.picks[0 if seat == state.offense else 1] = card_id
    state.log("{side} keeps {card}", side=side(seat), card=state.label(card_id))


def resolve(state: ToincFields) -> None:
    """Apply the kept cards: successes for their own side, then the fouls."""
    off, dfn = state.picks
    fouls: list[str] = []
    for seat_pick, mine in ((off, OutcomeKind.ATTACK_SUCCESS), (dfn, OutcomeKind.DEFENSE_SUCCESS)):
        if not seat_pick:
            continue
        card = state.outcome_card(seat_pick)
        if card.kind is OutcomeKind.FOUL:
            if state.won != -2 or card.foul_by is FoulBy.ATTACK:
                fouls.append(seat_pick)
            continue
        if card.kind is not mine or state.won == -2:
            state.log("{card} favours the other side: ignored", card=card_name(card.name))
            continue
        die = state.roll()
        yards = die * card.modifier
        if mine is OutcomeKind.ATTACK_SUCCESS:
            state.net += yards
            state.log(
                "{card}: rolls {die} x {times} = {yards} more yards",
                card=card_name(card.name),
                die=die,
                times=card.modifier,
                yards=yards,
            )
        else:
            state.net -= yards
            state.log(
                "{card}: rolls {die} x {times} = {yards} yards lost",
                card=card_name(card.name),
                die=die,
                times=card.modifier,
                yards=yards,
            )
            if card.effect in (DefenseEffect.FUMBLE, DefenseEffect.INTERCEPTION):
                state.turnover = 1
                state.log("{card}: the defense takes the ball", card=card_name(card.name))
    by = {state.outcome_card(f).foul_by for f in fouls}
    if len(by) == 2:
        state.log("One foul for each team: the down is replayed, the play annulled")
        settle(state, state.start, turnover=False, consumed=False, first_down=False)
        return
    state.fouls = fouls
    _next_foul(state)


def _favoured(state: ToincFields, card_id: str) -> int:
    return state.offense if state.outcome_card(card_id).foul_by is FoulBy.DEFENSE else state.defense


def _next_foul(state: ToincFields) -> None:
    if state.fouls:
        state.phase, state.actor = Phase.FOUL, _favoured(state, state.fouls[0])
        return
    _finish(state)


def apply_foul(state: ToincFields, action: str) -> None:
    """Declinar da falta: the favoured side accepts or declines the foul."""
    card_id = state.fouls.pop(0)
    seat, card = side(state.actor), state.label(card_id)
    if action == "accept":
        state.log("{side} accepts the foul {card}", side=seat, card=card)
    else:
        state.log("{side} declines the foul {card}", side=seat, card=card)
    if action == "accept":
        state.foul_done.append(card_id)
    _next_foul(state)


def _finish(state: ToincFields) -> None:
    """The play's end spot, then accepted fouls by their text."""
    end = state.start + state.gain + state.net
    turnover = bool(state.turnover)
    consumed = True
    first_down = False
    for card_id in state.foul_done:
        card = state.outcome_card(card_id)
        sign = 1 if card.foul_by is FoulBy.DEFENSE else -1
        if card.spot is FoulSpot.PLAY_START:
            end = t.enforce_foul(state.start, sign * card.yards)
            turnover, consumed = False, False
            where = T("where the play began")
        elif card.spot is FoulSpot.PLAY_END:
            end = t.enforce_foul(end, sign * card.yards)
            where = T("where the play ended")
        else:
            air = (
                state.a_play
                and state.play_card(state.a_play).play in t.AIR
                and state.won == state.offense
            )
            end = t.enforce_foul(state.start, state.gain if air else 0)
            turnover, consumed = False, False
            where = T("the spot of the foul")
        first_down = first_down or card.automatic_first_down
        state.log(
            "Foul {card} ({by}) enforced from {where}{auto}",
            card=card_name(card.name),
            by=str(card.foul_by),
            where=where,
            auto=T(", automatic 1st down") if card.automatic_first_down else "",
        )
    settle(state, end, turnover=turnover, consumed=consumed, first_down=first_down)


def settle(
    state: ToincFields, end: int, *, turnover: bool, consumed: bool, first_down: bool
) -> None:
    """Hand the play's result to the drive (`flow.after_play`)."""
    flow.after_play(state, end, turnover=turnover, consumed=consumed, first_down=first_down)
