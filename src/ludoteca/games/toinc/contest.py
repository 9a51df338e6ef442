"""Fases 4 and 7 (*Anunciar contestadores*): leader contester, bonus contesters and
the contesting side's own bonus players; `confirm` runs the comparison (`compare.py`)."""

from __future__ import annotations

from ludoteca.games.toinc import compare
from ludoteca.games.toinc.action import Verb, parse
from ludoteca.games.toinc.cards import (
    ATTACK_CONTESTERS,
    DEFENSE_CONTESTERS,
    SECOND_LEVEL,
    Ability,
)
from ludoteca.games.toinc.fields import Phase, ToincFields
from ludoteca.games.toinc.play import hand_players, lay


def _contest_side(state: ToincFields) -> tuple[int, str, list[str]]:
    """The contesting seat, the play contested, and the opponent's bonus players."""
    if state.phase == Phase.ATK_CONTEST:
        return state.offense, state.play_card(state.d_play).play, state.d_bonus
    return state.defense, state.play_card(state.a_play).play, state.a_bonus


def leader_contesters(state: ToincFields) -> list[str]:
    """Contestador líder: fase 4 a C/OG/OT/TE with BL; fase 7 a DT/DE/LB with the
    play's statistic; against a Hail Mary any second-level defender (LB, CB, S)."""
    seat, play, _ = _contest_side(state)
    players = hand_players(state, seat)
    if state.phase == Phase.ATK_CONTEST:
        return [p.id for p in players if p.position in ATTACK_CONTESTERS and p.stat("BL") > 0]
    if play == "HM":
        return [p.id for p in players if p.position in SECOND_LEVEL]
    stat = compare.DEFENSE_STAT[play]
    return [p.id for p in players if p.position in DEFENSE_CONTESTERS and p.stat(stat) > 0]


def contest_targets(state: ToincFields) -> list[str]:
    """The opponent's bonus players whose bonus may still be contested."""
    _, _, bonus = _contest_side(state)
    blitz = state.phase == Phase.ATK_CONTEST and state.play_card(state.d_play).play == "B"
    play = state.play_card(state.d_play if state.phase == Phase.ATK_CONTEST else state.a_play).play
    return [
        c for c in bonus if c not in state.contested and compare.contestable(state, c, play, blitz)
    ]


def support_candidates(state: ToincFields) -> list[str]:
    """The contesting side's own bonus players (e.g. CB and S against passes)."""
    seat, play, _ = _contest_side(state)
    return [p.id for p in hand_players(state, seat) if play in state.config.helps[p.id]]


def legal_contest(state: ToincFields) -> list[str]:
    """Fases 4/7: leader contester first (if any), then `contest:`/`bonus:`/`confirm`."""
    if state.c_pending:
        out = [Verb.TARGET.of(c) for c in contest_targets(state)]
        return ["done", *out] if state.c_second else out
    leaders = leader_contesters(state)
    if not state.c_lead and leaders:
        return [Verb.LEADER.of(c) for c in leaders]
    out = ["confirm"]
    if (
        state.c_lead
        and state.phase == Phase.DEF_CONTEST
        and state.play_card(state.a_play).play == "HM"
    ):
        out += [Verb.LEADER.of(c) for c in leaders]
    if contest_targets(state):
        seat = state.actor
        allowed = ATTACK_CONTESTERS if state.phase == Phase.ATK_CONTEST else DEFENSE_CONTESTERS
        out += [Verb.CONTEST.of(p.id) for p in hand_players(state, seat) if p.position in allowed]
    out += [Verb.BONUS.of(c) for c in support_candidates(state)]
    return out


def apply_contest(state: ToincFields, action: str) -> None:
    """Fases 4/7: name the leader contester, bonus contesters and own bonus players."""
    seat = state.actor
    kind, card_id = parse(action)
    if kind == "leader":
        lay(state, seat, card_id)
        state.c_lead.append(card_id)
        state.log("Leader contester: {card}", card=state.label(card_id))
    elif kind == "bonus":
        lay(state, seat, card_id)
        state.c_bonus.append(card_id)
        state.log("Contesting side's bonus player: {card}", card=state.label(card_id))
    elif kind == "contest":
        lay(state, seat, card_id)
        state.c_pending = card_id
    elif kind == "target":
        _contest(state, state.c_pending, card_id)
    elif kind == "done":
        _release(state, state.c_pending)
    else:  # confirm
        if state.phase == Phase.ATK_CONTEST:
            compare.defense_comparison(state)
        else:
            compare.attack_comparison(state)


def _contest(state: ToincFields, contester: str, target: str) -> None:
    """Contestar bônus: the target's bonus is cancelled and both are discarded,
    except a player with *Agilidade Extrema*, who returns to its hand; a
    *Força Descomunal* contester may contest a second bonus player."""
    state.c_used.append(contester)
    state.contested.append(target)
    owner = 1 - state.actor
    state.log(
        "{card} contests {target}: its bonus is cancelled",
        card=state.label(contester),
        target=state.label(target),
    )
    if state.player(target).has(Ability.EXTREME_AGILITY):
        state.table.remove(target)
        state.hand[owner].append(target)
        state.known.append(target)
        state.log("{card} has Agilidade Extrema and returns to the hand", card=state.label(target))
    strong = state.player(contester).has(Ability.SUPERHUMAN_STRENGTH)
    if strong and state.c_used.count(contester) == 1 and contest_targets(state):
        state.c_second = True  # may contest a second bonus player, or stop ("done")
        return
    _release(state, contester)


def _release(state: ToincFields, contester: str) -> None:
    state.c_pending, state.c_second = "", False
    if state.player(contester).has(Ability.EXTREME_AGILITY):
        state.table.remove(contester)
        state.hand[state.actor].append(contester)
        state.known.append(contester)
        state.log(
            "{card} has Agilidade Extrema and returns to the hand", card=state.label(contester)
        )
