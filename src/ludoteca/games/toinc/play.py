"""A play's decisions, fases 1-3 and 6: hands and announcements (contesters: contest.py).

Every function takes the state; `legal_*` lists the actions of a phase and
`apply_*` carries one out. Comparisons (fases 5 and 8) live in `compare.py`.
"""

from __future__ import annotations

from ludoteca.core import Action
from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.base import Phase, ToincBase
from ludoteca.games.toinc.cards import (
    DEFENSE_CONTESTERS,
    OFFENSIVE_LINE,
    Ability,
    PlayCard,
    PlayerCard,
)

MAX_SWAPS = 2
"""Fase 1: the defense may swap two cards for free (*trocas livres*)."""
MAX_SUBS = 2
"""Fase 2: each side may make two penalised substitutions."""


# -- fase 1: draw, discard, free swaps ---------------------------------------------
def apply_discard(s: ToincBase, card_id: str) -> None:
    """Fase 1: the attack, holding 8 cards, discards 2 (`discard:<id>`)."""
    seat = s.offense
    s.hand[seat].remove(card_id)
    s.discard(card_id)
    s.to_discard -= 1
    s.private(seat, f"You discard {s.label(card_id)}")
    if s.to_discard == 0:
        s.log(f"{_name(seat)} (attack) discards 2 cards")
        s.phase, s.actor = Phase.SWAP, s.defense


def legal_swap(s: ToincBase) -> list[str]:
    """Fase 1: the defense swaps up to two cards for free, or keeps its hand."""
    if s.swaps >= MAX_SWAPS:
        return ["keep"]
    return ["keep", *("swap:" + c for c in s.hand[s.defense])]


def apply_swap(s: ToincBase, action: str) -> None:
    """Fase 1: a free swap (*troca livre*): discard one card, draw one."""
    seat = s.defense
    if action == "keep":
        s.log(f"{_name(seat)} (defense) made {s.swaps} free swap(s)")
        s.phase, s.actor = Phase.SUB_ATK, s.offense
        return
    _replace(s, seat, Action.parse(action).arg, "D")
    s.swaps += 1


# -- fase 2: penalised substitutions -----------------------------------------------
def legal_substitute(s: ToincBase) -> list[str]:
    """Fase 2: up to two substitutions (*substituições*), then `done`."""
    seat = s.actor
    if s.subs[seat] >= MAX_SUBS:
        return ["done"]
    return ["done", *("substitute:" + c for c in s.hand[seat])]


def apply_substitute(s: ToincBase, action: str) -> None:
    """Fase 2: a substitution costs one outcome card in fase 9."""
    seat = s.actor
    if action == "done":
        s.log(f"{_name(seat)} made {s.subs[seat]} substitution(s)")
        if s.phase == Phase.SUB_ATK:
            s.phase, s.actor = Phase.SUB_DEF, s.defense
        else:
            s.phase, s.actor = Phase.DEF_PLAY, s.defense
        return
    _replace(s, seat, Action.parse(action).arg, "A" if seat == s.offense else "D")
    s.subs[seat] += 1


def _replace(s: ToincBase, seat: int, card_id: str, kind: str) -> None:
    s.hand[seat].remove(card_id)
    s.discard(card_id)
    new = s.draw(s.deck_key(seat, kind))
    s.hand[seat].append(new)
    s.private(seat, f"You replace {s.label(card_id)} with {s.label(new)}")


# -- fase 3: the defense announces ---------------------------------------------------
def hand_players(s: ToincBase, seat: int) -> list[PlayerCard]:
    """The player cards in `seat`'s hand."""
    players = s.game.players
    return [players[i] for i in s.hand[seat] if i in players]


def sack_leaders(s: ToincBase) -> list[str]:
    """Sack (SA): the leader is a DT, DE or LB with the SA statistic."""
    return [
        p.id
        for p in hand_players(s, s.defense)
        if p.position in DEFENSE_CONTESTERS and p.stat("SA") > 0
    ]


def blitz_missing(s: ToincBase) -> list[str]:
    """Blitz (B): the positions among DT, DE, LB not yet committed to the play."""
    have = {s.player(c).position for c in s.d_lead}
    return [p for p in DEFENSE_CONTESTERS if p not in have]


def legal_defense_play(s: ToincBase) -> list[str]:
    """Fase 3: `play:<id>` for each defense play the hand can lead, or `pass`."""
    out = ["pass"]
    positions = {p.position for p in hand_players(s, s.defense)}
    has_sack = bool(sack_leaders(s))
    has_blitz = all(p in positions for p in DEFENSE_CONTESTERS)
    for c in s.hand[s.defense]:
        card = s.game.cards[c]
        if isinstance(card, PlayCard) and (
            (card.play == "SA" and has_sack) or (card.play == "B" and has_blitz)
        ):
            out.append("play:" + c)
    return out


def apply_defense_play(s: ToincBase, action: str) -> None:
    """Fase 3: lay the play card, or pass straight to fase 6."""
    seat = s.defense
    if action == "pass":
        s.log(f"{_name(seat)} (defense) passes: no defense play")
        s.phase, s.actor = Phase.ATK_PLAY, s.offense
        return
    card_id = Action.parse(action).arg
    lay(s, seat, card_id)
    s.d_play = card_id
    s.log(f"{_name(seat)} (defense) announces {s.label(card_id)}")
    s.phase = Phase.DEF_LEAD


def legal_defense_leader(s: ToincBase) -> list[str]:
    """Jogador líder: the SA leader, or for a Blitz one DT, one DE and one LB."""
    if s.play_card(s.d_play).play == "SA":
        return ["leader:" + c for c in sack_leaders(s)]
    missing = blitz_missing(s)
    return ["leader:" + p.id for p in hand_players(s, s.defense) if p.position in missing]


def apply_defense_leader(s: ToincBase, card_id: str) -> None:
    """Lay a defense leader; a Blitz needs all three linemen before bonuses."""
    lay(s, s.defense, card_id)
    s.d_lead.append(card_id)
    s.log(f"Defense leader: {s.label(card_id)}")
    if s.play_card(s.d_play).play == "SA" or not blitz_missing(s):
        s.phase = Phase.DEF_BONUS


def defense_bonus_candidates(s: ToincBase) -> list[str]:
    """Bônus: SACK bonus players for a Sack; any further DT/DE/LB for a Blitz."""
    if s.play_card(s.d_play).play == "B":
        return [p.id for p in hand_players(s, s.defense) if p.position in DEFENSE_CONTESTERS]
    return [p.id for p in hand_players(s, s.defense) if "SA" in s.game.helps[p.id]]


def legal_defense_bonus(s: ToincBase) -> list[str]:
    """Fase 3: `bonus:<id>` for each bonus player, then `confirm`."""
    return ["confirm", *("bonus:" + c for c in defense_bonus_candidates(s))]


def apply_defense_bonus(s: ToincBase, action: str) -> None:
    """Fase 3: a bonus player joins the play; `confirm` hands over to fase 4."""
    if action == "confirm":
        s.phase, s.actor = Phase.ATK_CONTEST, s.offense
        return
    card_id = Action.parse(action).arg
    lay(s, s.defense, card_id)
    s.d_bonus.append(card_id)
    s.log(f"Defense bonus player: {s.label(card_id)}")


# -- fase 6: the attack announces -----------------------------------------------------
def eligible(card: PlayerCard) -> bool:
    """Jogadores elegíveis: never the offensive line (C, OG, OT) nor an *Inelegível*."""
    return card.position not in OFFENSIVE_LINE and not card.has(Ability.INELIGIBLE)


def attack_leaders(s: ToincBase, play: PlayCard) -> list[str]:
    """Jogador líder: eligible players with the play's statistic (HM: QB, then WR)."""
    players = [p for p in hand_players(s, s.offense) if eligible(p)]
    if play.play == "HM":
        if not s.a_lead:
            return [p.id for p in players if p.position == "QB" and p.stat("HM") > 0]
        return [p.id for p in players if p.position == "WR" and p.stat("RL") > 0]
    need = play.requirement or play.play
    return [p.id for p in players if p.stat(need) > 0]


def _playable(s: ToincBase, play: PlayCard) -> bool:
    if not t.red_zone_allows(play.play, s.start):
        return False
    if s.blitz and play.play in t.RUNS:
        return False
    if play.play == "HM":
        players = [p for p in hand_players(s, s.offense) if eligible(p)]
        return any(p.position == "QB" and p.stat("HM") > 0 for p in players) and any(
            p.position == "WR" and p.stat("RL") > 0 for p in players
        )
    return bool(attack_leaders(s, play))


def legal_attack_play(s: ToincBase) -> list[str]:
    """Fase 6: `play:<id>`; or field goal, punt, or losing the down (`pass`)."""
    out = ["pass"]
    if not s.conversion:
        out.append("kick:punt")
        if t.field_goal_min_roll(t.field_goal_distance(s.start)) is not None:
            out.append("kick:fg")
    cards = s.game.cards
    for c in s.hand[s.offense]:
        card = cards[c]
        if isinstance(card, PlayCard) and _playable(s, card):
            out.append("play:" + c)
    return out


def apply_attack_play(s: ToincBase, card_id: str) -> None:
    """Fase 6: lay the attack play card; its leader comes next."""
    lay(s, s.offense, card_id)
    s.a_play = card_id
    s.log(f"{_name(s.offense)} (attack) announces {s.label(card_id)}")
    s.phase = Phase.ATK_LEAD


def legal_attack_leader(s: ToincBase) -> list[str]:
    """Fase 6: `leader:<id>` for each possible leader of the announced play."""
    return ["leader:" + c for c in attack_leaders(s, s.play_card(s.a_play))]


def apply_attack_leader(s: ToincBase, card_id: str) -> None:
    """Lay the attack leader (a Hail Mary lays its QB, then its WR)."""
    lay(s, s.offense, card_id)
    s.a_lead.append(card_id)
    s.log(f"Attack leader: {s.label(card_id)}")
    if s.play_card(s.a_play).play != "HM" or len(s.a_lead) == 2:
        s.phase = Phase.ATK_BONUS


def attack_bonus_candidates(s: ToincBase) -> list[str]:
    """Bônus: players whose bonus fits the play; for a Hail Mary, eligible attackers."""
    play = s.play_card(s.a_play).play
    if play == "HM":
        return [p.id for p in hand_players(s, s.offense) if eligible(p)]
    return [p.id for p in hand_players(s, s.offense) if play in s.game.helps[p.id]]


def legal_attack_bonus(s: ToincBase) -> list[str]:
    """Fase 6: `bonus:<id>` for each bonus player, then `confirm`."""
    return ["confirm", *("bonus:" + c for c in attack_bonus_candidates(s))]


def apply_attack_bonus(s: ToincBase, action: str) -> None:
    """Fase 6: a bonus player joins; `confirm` hands over to fase 7."""
    if action == "confirm":
        s.phase, s.actor = Phase.DEF_CONTEST, s.defense
        return
    card_id = Action.parse(action).arg
    lay(s, s.offense, card_id)
    s.a_bonus.append(card_id)
    s.log(f"Attack bonus player: {s.label(card_id)}")


def lay(s: ToincBase, seat: int, card_id: str) -> None:
    """Move a card from `seat`'s hand to the table."""
    s.hand[seat].remove(card_id)
    s.table.append(card_id)


def _name(seat: int) -> str:
    return f"Seat {seat}"
