"""Fases 4 and 7 (*Anunciar contestadores*): leader contester, bonus contesters and
the contesting side's own bonus players; `confirm` runs the comparison (`compare.py`)."""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.games.toinc import compare
from ludoteca.games.toinc.base import Phase, ToincBase
from ludoteca.games.toinc.cards import (
    ATTACK_CONTESTERS,
    DEFENSE_CONTESTERS,
    SECOND_LEVEL,
    Ability,
)
from ludoteca.games.toinc.play import hand_players, lay


def _contest_side(s: ToincBase) -> tuple[int, str, list[str]]:
    """The contesting seat, the play contested, and the opponent's bonus players."""
    if s.phase == Phase.ATK_CONTEST:
        return s.offense, s.play_card(s.d_play).play, s.d_bonus
    return s.defense, s.play_card(s.a_play).play, s.a_bonus


def leader_contesters(s: ToincBase) -> list[str]:
    """Contestador líder: fase 4 a C/OG/OT/TE with BL; fase 7 a DT/DE/LB with the
    play's statistic; against a Hail Mary any second-level defender (LB, CB, S)."""
    seat, play, _ = _contest_side(s)
    players = hand_players(s, seat)
    if s.phase == Phase.ATK_CONTEST:
        return [p.id for p in players if p.position in ATTACK_CONTESTERS and p.stat("BL") > 0]
    if play == "HM":
        return [p.id for p in players if p.position in SECOND_LEVEL]
    stat = compare.DEFENSE_STAT[play]
    return [p.id for p in players if p.position in DEFENSE_CONTESTERS and p.stat(stat) > 0]


def contest_targets(s: ToincBase) -> list[str]:
    """The opponent's bonus players whose bonus may still be contested."""
    _, _, bonus = _contest_side(s)
    blitz = s.phase == Phase.ATK_CONTEST and s.play_card(s.d_play).play == "B"
    play = s.play_card(s.d_play if s.phase == Phase.ATK_CONTEST else s.a_play).play
    return [c for c in bonus if c not in s.contested and compare.contestable(s, c, play, blitz)]


def support_candidates(s: ToincBase) -> list[str]:
    """The contesting side's own bonus players (e.g. CB and S against passes)."""
    seat, play, _ = _contest_side(s)
    return [p.id for p in hand_players(s, seat) if play in s.game.helps[p.id]]


def legal_contest(s: ToincBase) -> list[str]:
    """Fases 4/7: leader contester first (if any), then `contest:`/`bonus:`/`confirm`."""
    if s.c_pending:
        out = ["target:" + c for c in contest_targets(s)]
        return ["done", *out] if s.c_second else out
    leaders = leader_contesters(s)
    if not s.c_lead and leaders:
        return ["leader:" + c for c in leaders]
    out = ["confirm"]
    if s.c_lead and s.phase == Phase.DEF_CONTEST and s.play_card(s.a_play).play == "HM":
        out += ["leader:" + c for c in leaders]
    if contest_targets(s):
        seat = s.actor
        allowed = ATTACK_CONTESTERS if s.phase == Phase.ATK_CONTEST else DEFENSE_CONTESTERS
        out += ["contest:" + p.id for p in hand_players(s, seat) if p.position in allowed]
    out += ["bonus:" + c for c in support_candidates(s)]
    return out


def apply_contest(s: ToincBase, action: str) -> None:
    """Fases 4/7: name the leader contester, bonus contesters and own bonus players."""
    seat = s.actor
    kind, card_id = Action.parse(action)
    if kind == "leader":
        lay(s, seat, card_id)
        s.c_lead.append(card_id)
        s.log(f"Leader contester: {s.label(card_id)}")
    elif kind == "bonus":
        lay(s, seat, card_id)
        s.c_bonus.append(card_id)
        s.log(f"Contesting side's bonus player: {s.label(card_id)}")
    elif kind == "contest":
        lay(s, seat, card_id)
        s.c_pending = card_id
    elif kind == "target":
        _contest(s, s.c_pending, card_id)
    elif kind == "done":
        _release(s, s.c_pending)
    else:  # confirm
        if s.phase == Phase.ATK_CONTEST:
            compare.defense_comparison(s)
        else:
            compare.attack_comparison(s)


def _contest(s: ToincBase, contester: str, target: str) -> None:
    """Contestar bônus: the target's bonus is cancelled and both are discarded,
    except a player with *Agilidade Extrema*, who returns to its hand; a
    *Força Descomunal* contester may contest a second bonus player."""
    s.c_used.append(contester)
    s.contested.append(target)
    owner = 1 - s.actor
    s.log(f"{s.label(contester)} contests {s.label(target)}: its bonus is cancelled")
    if s.player(target).has(Ability.EXTREME_AGILITY):
        s.table.remove(target)
        s.hand[owner].append(target)
        s.known.append(target)
        s.log(f"{s.label(target)} has Agilidade Extrema and returns to the hand")
    strong = s.player(contester).has(Ability.SUPERHUMAN_STRENGTH)
    if strong and s.c_used.count(contester) == 1 and contest_targets(s):
        s.c_second = True  # may contest a second bonus player, or stop ("done")
        return
    _release(s, contester)


def _release(s: ToincBase, contester: str) -> None:
    s.c_pending, s.c_second = "", False
    if s.player(contester).has(Ability.EXTREME_AGILITY):
        s.table.remove(contester)
        s.hand[s.actor].append(contester)
        s.known.append(contester)
        s.log(f"{s.label(contester)} has Agilidade Extrema and returns to the hand")
