"""Fase 9 (*Analisar desfecho*): outcome cards, fouls and the play's result.

The winner of the play draws 3 outcome cards minus its substitutions (+1 for
*Sorte*; never fewer than 1) and keeps one; the loser draws 1. A success card
only counts for the side it favours; fouls count whoever drew them. One foul
each way replays the down; a single foul may be declined by the side it favours.
"""

from __future__ import annotations

from ludoteca.games.toinc import flow
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.base import Phase, ToincBase
from ludoteca.games.toinc.cards import DefenseEffect, FoulBy, FoulSpot, OutcomeKind

BASE_DRAW = 3
MIN_DRAW = 1


def draw_count(substitutions: int, sorte: int) -> int:
    """Fase 9: 3 cards minus the winner's substitutions, +1 Sorte, at least 1."""
    return max(MIN_DRAW, BASE_DRAW - substitutions + sorte)


def begin(s: ToincBase, winner: int, sorte: int) -> None:
    """Start fase 9: both sides draw; the winner then chooses (`outcome:<id>`)."""
    s.won = winner
    loser = 1 - winner
    count = draw_count(s.subs[winner], sorte)
    for seat, n in ((winner, count), (loser, 1)):
        key = s.deck_key(seat, "O")
        cards = [s.draw(key) for _ in range(n)]
        s.ohand[seat] = cards
        s.private(seat, "You draw " + ", ".join(s.label(c) for c in cards))
    luck = " (+1 Sorte)" if sorte else ""
    s.log(f"Seat {winner} wins the play and draws {count} outcome card(s){luck}; Seat {loser} 1")
    _pick(s, loser, s.ohand[loser][0])
    if count == 1:
        _pick(s, winner, s.ohand[winner][0])
        resolve(s)
    else:
        s.phase, s.actor = Phase.OUTCOME, winner


def lose_down(s: ToincBase) -> None:
    """Jogador líder: the attack gives up the down after drawing one outcome card
    to check for its own foul (only an ATQ foul counts)."""
    s.log(f"Seat {s.offense} (attack) throws the ball away and loses the down")
    s.won = -2
    card = s.draw(s.deck_key(s.offense, "O"))
    s.ohand[s.offense] = [card]
    _pick(s, s.offense, card)
    resolve(s)


def legal_outcome(s: ToincBase) -> list[str]:
    """Fase 9: `outcome:<id>` for each drawn card."""
    return ["outcome:" + c for c in s.ohand[s.actor]]


def apply_outcome(s: ToincBase, card_id: str) -> None:
    """Fase 9: keep one outcome card, discarding the others."""
    _pick(s, s.actor, card_id)
    resolve(s)


def _pick(s: ToincBase, seat: int, card_id: str) -> None:
    for c in s.ohand[seat]:
        if c != card_id:
            s.discard(c)
    s.ohand[seat] = []
    s.table.append(card_id)
    s.picks[0 if seat == s.offense else 1] = card_id
    s.log(f"Seat {seat} keeps {s.label(card_id)}")


def resolve(s: ToincBase) -> None:
    """Apply the kept cards: successes for their own side, then the fouls."""
    off, dfn = s.picks
    fouls: list[str] = []
    for seat_pick, mine in ((off, OutcomeKind.ATTACK_SUCCESS), (dfn, OutcomeKind.DEFENSE_SUCCESS)):
        if not seat_pick:
            continue
        card = s.outcome_card(seat_pick)
        if card.kind is OutcomeKind.FOUL:
            if s.won != -2 or card.foul_by is FoulBy.ATTACK:
                fouls.append(seat_pick)
            continue
        if card.kind is not mine or s.won == -2:
            s.log(f"{card.name} favours the other side: ignored")
            continue
        die = s.roll()
        yards = die * card.modifier
        if mine is OutcomeKind.ATTACK_SUCCESS:
            s.net += yards
            s.log(f"{card.name}: rolls {die} x {card.modifier} = {yards} more yards")
        else:
            s.net -= yards
            s.log(f"{card.name}: rolls {die} x {card.modifier} = {yards} yards lost")
            if card.effect in (DefenseEffect.FUMBLE, DefenseEffect.INTERCEPTION):
                s.turnover = 1
                s.log(f"{card.name}: the defense takes the ball")
    by = {s.outcome_card(f).foul_by for f in fouls}
    if len(by) == 2:
        s.log("One foul for each team: the down is replayed, the play annulled")
        settle(s, s.start, turnover=False, consumed=False, first_down=False)
        return
    s.fouls = fouls
    _next_foul(s)


def _favoured(s: ToincBase, card_id: str) -> int:
    return s.offense if s.outcome_card(card_id).foul_by is FoulBy.DEFENSE else s.defense


def _next_foul(s: ToincBase) -> None:
    if s.fouls:
        s.phase, s.actor = Phase.FOUL, _favoured(s, s.fouls[0])
        return
    _finish(s)


def apply_foul(s: ToincBase, action: str) -> None:
    """Declinar da falta: the favoured side accepts or declines the foul."""
    card_id = s.fouls.pop(0)
    verb = "accepts" if action == "accept" else "declines"
    s.log(f"Seat {s.actor} {verb} the foul {s.label(card_id)}")
    if action == "accept":
        s.foul_done.append(card_id)
    _next_foul(s)


def _finish(s: ToincBase) -> None:
    """The play's end spot, then accepted fouls by their text."""
    end = s.start + s.gain + s.net
    turnover = bool(s.turnover)
    consumed = True
    first_down = False
    for card_id in s.foul_done:
        card = s.outcome_card(card_id)
        sign = 1 if card.foul_by is FoulBy.DEFENSE else -1
        if card.spot is FoulSpot.PLAY_START:
            end = t.enforce_foul(s.start, sign * card.yards)
            turnover, consumed = False, False
            where = "where the play began"
        elif card.spot is FoulSpot.PLAY_END:
            end = t.enforce_foul(end, sign * card.yards)
            where = "where the play ended"
        else:
            air = s.a_play and s.play_card(s.a_play).play in t.AIR and s.won == s.offense
            end = t.enforce_foul(s.start, s.gain if air else 0)
            turnover, consumed = False, False
            where = "the spot of the foul"
        first_down = first_down or card.automatic_first_down
        auto = ", automatic 1st down" if card.automatic_first_down else ""
        s.log(f"Foul {card.name} ({card.foul_by}) enforced from {where}{auto}")
    settle(s, end, turnover=turnover, consumed=consumed, first_down=first_down)


def settle(s: ToincBase, end: int, *, turnover: bool, consumed: bool, first_down: bool) -> None:
    """Hand the play's result to the drive (`flow.after_play`)."""
    flow.after_play(s, end, turnover=turnover, consumed=consumed, first_down=first_down)
