"""Toinc knowledge: keep the plays the hand can lead, lead with the best statistic,
contest the opponent's bonuses, pick the outcome card that helps most, kick on 4th down.

Only the seat's own hand and the public table are read, so a determinized world
gives the same choice whatever the hidden cards are. Leaves are valued by the
chance to win (`toinc_value`); checkpoints are the positions between plays.
"""

from __future__ import annotations

import math
import random

from ludoteca.core import State
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.action import Verb, card_of, of_verb, parse
from ludoteca.games.toinc.ai.value import evaluate
from ludoteca.games.toinc.cards import (
    DEFENSE_CONTESTERS,
    DefenseEffect,
    FoulBy,
    FoulSpot,
    OutcomeKind,
    PlayCard,
    PlayerCard,
)
from ludoteca.games.toinc.compare import DEFENSE_STAT
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.state import ToincState

__all__ = ["checkpoint", "evaluate", "policy"]

OPPONENT = 4.0
"""The statistic plus support we expect from the other side in a comparison."""
# P(d6 - d6 = k) for k = -5..5.
_DICE = {k: (6 - abs(k)) / 36 for k in range(-5, 6)}


def policy(world: State, rng: random.Random) -> str:
    """A sensible action for the seat to act in `world` (a Toinc state)."""
    assert isinstance(world, ToincState)
    actions = world.legal_actions()
    choose = _BY_PHASE.get(world.phase)
    return choose(world, actions) if choose else actions[rng.randrange(len(actions))]


def checkpoint(world: State) -> bool:
    """Between plays: a play about to begin (the attack's first discard, *Fase 1*),
    a try after a touchdown, or the ball marker's hide-and-guess (*Preparação 4*)."""
    assert isinstance(world, ToincState)
    if world.phase == Phase.DISCARD:
        return world.to_discard == 2
    return world.phase in (Phase.EXTRA, Phase.HIDE, Phase.GUESS)


# -- cards ----------------------------------------------------------------------------
def _cards(state: ToincState, seat: int) -> tuple[list[PlayerCard], list[PlayCard]]:
    cards = [state.config.cards[c] for c in state.hand[seat]]
    return [c for c in cards if isinstance(c, PlayerCard)], [
        c for c in cards if isinstance(c, PlayCard)
    ]


def _need(play: PlayCard) -> str:
    return play.requirement or play.play


def _card_value(state: ToincState, seat: int, card_id: str) -> float:
    """How much a card helps this play: plays the hand can lead, good leaders, blockers."""
    players, plays = _cards(state, seat)
    card = state.config.cards[card_id]
    if isinstance(card, PlayCard):
        if card.play == "B":
            have = {p.position for p in players}
            return 8.0 if all(p in have for p in DEFENSE_CONTESTERS) else 1.0
        best = max((p.stat(_need(card)) for p in players), default=0)
        return 6.0 + best if best else 1.0
    assert isinstance(card, PlayerCard)
    lead = max((card.stat(_need(p)) for p in plays), default=0)
    contest = max(card.stats.values(), default=0) / 2
    support = sum(b.value for b in card.bonuses) / 2
    return lead + contest + support


def _worst(state: ToincState, seat: int, actions: list[str], verb: Verb) -> tuple[float, str]:
    return min((_card_value(state, seat, card_of(a)), a) for a in of_verb(actions, verb))


# -- fases 1-2 --------------------------------------------------------------------------
def _discard(state: ToincState, actions: list[str]) -> str:
    return _worst(state, state.offense, actions, Verb.DISCARD)[1]


def _swap(state: ToincState, actions: list[str]) -> str:
    if len(actions) == 1:
        return actions[0]
    value, action = _worst(state, state.defense, actions, Verb.SWAP)
    return action if value < 3 else "keep"


def _done(state: ToincState, actions: list[str]) -> str:
    return "done" if "done" in actions else actions[0]


# -- fases 3 and 6: announcing -----------------------------------------------------------
def _defense_play(state: ToincState, actions: list[str]) -> str:
    """Announce a Sack or a Blitz only when it should beat the blockers."""
    players, _ = _cards(state, state.defense)
    best, choice = 1.0, "pass"
    for action in actions[1:]:
        play = state.play_card(card_of(action)).play
        if play == "SA":
            leader = max(
                (p for p in players if p.position in DEFENSE_CONTESTERS), key=lambda p: p.stat("SA")
            )
            strength = leader.stat("SA") + sum(
                b.value for p in players if p is not leader for b in p.bonuses if b.kind == "SACK"
            )
        else:
            linemen = sum(1 for p in players if p.position in DEFENSE_CONTESTERS)
            strength = t.blitz_base() + t.BLITZ_EXTRA * (linemen - 3)
        if strength - OPPONENT > best:
            best, choice = strength - OPPONENT, action
    return choice


def _expected_yards(state: ToincState, play: PlayCard, players: list[PlayerCard]) -> float:
    """Mean yards of `play` led by the hand's best leader, against an average defense."""
    if play.play == "HM":
        qb = max((p.stat("HM") for p in players if p.position == "QB"), default=0)
        wr = max((p.stat("RL") for p in players if p.position == "WR"), default=0)
        strength = qb + wr - OPPONENT  # the defense counts 3 a defender
    else:
        strength = max(p.stat(_need(play)) for p in players)
        strength += sum(b.value for p in players for b in p.bonuses if b.kind.applies_to(play.play))
    strength += state.carry - OPPONENT
    total = 0.0
    for k, p in _DICE.items():
        impact = strength + k
        if impact > 0:
            gain = t.attack_play_yards(play.play, int(impact))
            everywhere = state.config.end_line_everywhere
            total += p * (0 if t.beyond_end_line(state.start, gain, everywhere) else gain)
        else:
            total -= p * 3  # a failed play hands the outcome draw to the defense
    return total


def _attack_play(state: ToincState, actions: list[str]) -> str:
    """The play with the most expected yards; field goal or punt on 4th down."""
    players, _ = _cards(state, state.offense)
    best, choice = -math.inf, "pass"
    for action in actions:
        if parse(action).verb is Verb.PLAY:
            yards = _expected_yards(state, state.play_card(card_of(action)), players)
            if yards > best:
                best, choice = yards, action
    if state.conversion or state.down < 4:
        return choice
    to_go = state.line - state.pos
    if "kick:fg" in actions and t.field_goal_min_roll(t.field_goal_distance(state.start)) in (
        2,
        3,
        4,
    ):
        return "kick:fg"
    if choice != "pass" and (best >= to_go or (state.pos >= 60 and to_go <= 3)):
        return choice
    return "kick:punt" if "kick:punt" in actions else choice


# -- leaders, bonuses, contests ------------------------------------------------------------
def _leader_stat(state: ToincState, card_id: str) -> int:
    card = state.player(card_id)
    if state.phase == Phase.ATK_LEAD:
        play = state.play_card(state.a_play)
        if play.play == "HM":
            return card.stat("HM") if card.position == "QB" else card.stat("RL")
        return card.stat(_need(play))
    if state.phase == Phase.DEF_LEAD:
        return card.stat("SA")
    if state.phase == Phase.ATK_CONTEST:
        return card.stat("BL")
    against = state.play_card(state.a_play).play
    return 3 if against == "HM" else card.stat(DEFENSE_STAT[against])


def _strongest(state: ToincState, actions: list[str], verb: Verb) -> str:
    return max((_leader_stat(state, card_of(a)), a) for a in of_verb(actions, verb))[1]


def _lead(state: ToincState, actions: list[str]) -> str:
    return _strongest(state, actions, Verb.LEADER)


def _bonus(state: ToincState, actions: list[str]) -> str:
    """Lay every bonus player: the hand is discarded after the play anyway."""
    return next(iter(of_verb(actions, Verb.BONUS)), "confirm")


def _contest(state: ToincState, actions: list[str]) -> str:
    """Leader first, then cancel the opponent's biggest bonus, then own support."""
    first = parse(actions[0]).verb
    if first is Verb.LEADER and "confirm" not in actions:
        return _strongest(state, actions, Verb.LEADER)
    if first in (Verb.TARGET, Verb.DONE):
        targets = of_verb(actions, Verb.TARGET)
        return targets[-1] if targets else "done"
    for verb in (Verb.CONTEST, Verb.BONUS, Verb.LEADER):
        found = of_verb(actions, verb)
        if found:
            return found[0]
    return "confirm"


# -- fase 9: outcome cards and fouls --------------------------------------------------------
def _outcome_value(state: ToincState, card_id: str, seat: int) -> float:
    card = state.outcome_card(card_id)
    offense = seat == state.offense
    if card.kind is OutcomeKind.ATTACK_SUCCESS:
        return 3.5 * card.modifier if offense else 0.0
    if card.kind is OutcomeKind.DEFENSE_SUCCESS:
        if offense:
            return 0.0
        turnover = card.effect in (DefenseEffect.FUMBLE, DefenseEffect.INTERCEPTION)
        return 3.5 * card.modifier + (40.0 if turnover else 0.0)
    favours_offense = card.foul_by is FoulBy.DEFENSE
    yards = card.yards or 10
    return yards if favours_offense == offense else -yards


def _outcome(state: ToincState, actions: list[str]) -> str:
    return max((_outcome_value(state, card_of(a), state.actor), a) for a in actions)[1]


def _foul(state: ToincState, actions: list[str]) -> str:
    """Accept a foul unless it would wipe out a better result of the play itself."""
    card = state.outcome_card(state.fouls[0])
    if card.spot is not FoulSpot.PLAY_START:
        return "accept"
    result = state.gain + state.net
    if state.actor == state.offense:
        good = not state.turnover and result >= card.yards
    else:
        good = bool(state.turnover) or -result >= card.yards
    return "decline" if good else "accept"


def _extra(state: ToincState, actions: list[str]) -> str:
    return "extra:kick"


_BY_PHASE = {
    Phase.DISCARD: _discard,
    Phase.SWAP: _swap,
    Phase.SUB_ATK: _done,
    Phase.SUB_DEF: _done,
    Phase.DEF_PLAY: _defense_play,
    Phase.DEF_LEAD: _lead,
    Phase.DEF_BONUS: _bonus,
    Phase.ATK_CONTEST: _contest,
    Phase.ATK_PLAY: _attack_play,
    Phase.ATK_LEAD: _lead,
    Phase.ATK_BONUS: _bonus,
    Phase.DEF_CONTEST: _contest,
    Phase.OUTCOME: _outcome,
    Phase.FOUL: _foul,
    Phase.EXTRA: _extra,
}
