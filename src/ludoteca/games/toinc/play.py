"""A play's decisions, fases 1-3 and 6: hands and announcements (contesters: contest.py).

Every function takes the state; `legal_*` lists the actions of a phase and
`apply_*` carries one out. Comparisons (fases 5 and 8) live in `compare.py`.
"""

from __future__ import annotations

from ludoteca.games.toinc import tables as t
from ludoteca.games.toinc.action import Verb, card_of
from ludoteca.games.toinc.cards import (
    DEFENSE_CONTESTERS,
    OFFENSIVE_LINE,
    Ability,
    PlayCard,
    PlayerCard,
)
from ludoteca.games.toinc.fields import Phase, ToincFields, side

MAX_SWAPS = 2
"""Fase 1: the defense may swap two cards for free (*trocas livres*)."""
MAX_SUBS = 2
"""Fase 2: each side may make two penalised substitutions."""


# -- fase 1: draw, discard, free swaps ---------------------------------------------
def apply_discard(state: ToincFields, card_id: str) -> None:
    """Fase 1: the attack, holding 8 cards, discards 2 (`discard:<id>`)."""
    seat = state.offense
    state.hand[seat].remove(card_id)
    state.discard(card_id)
    state.to_discard -= 1
    state.private(seat, "You discard {card}", card=state.label(card_id))
    if state.to_discard == 0:
        state.log("{side} (attack) discards 2 cards", side=side(seat))
        state.phase, state.actor = Phase.SWAP, state.defense


def legal_swap(state: ToincFields) -> list[str]:
    """Fase 1: the defense swaps up to two cards for free, or keeps its hand."""
    if state.swaps >= MAX_SWAPS:
        return ["keep"]
    return ["keep", *(Verb.SWAP.of(c) for c in state.hand[state.defense])]


def apply_swap(state: ToincFields, action: str) -> None:
    """Fase 1: a free swap (*troca livre*): discard one card, draw one."""
    seat = state.defense
    if action == "keep":
        state.log("{side} (defense) made {n} free swap(s)", side=side(seat), n=state.swaps)
        state.phase, state.actor = Phase.SUB_ATK, state.offense
        return
    _replace(state, seat, card_of(action), "D")
    state.swaps += 1


# -- fase 2: penalised substitutions -----------------------------------------------
def legal_substitute(state: ToincFields) -> list[str]:
    """Fase 2: up to two substitutions (*substituições*), then `done`."""
    seat = state.actor
    if state.subs[seat] >= MAX_SUBS:
        return ["done"]
    return ["done", *(Verb.SUBSTITUTE.of(c) for c in state.hand[seat])]


def apply_substitute(state: ToincFields, action: str) -> None:
    """Fase 2: a substitution costs one outcome card in fase 9."""
    seat = state.actor
    if action == "done":
        state.log("{side} made {n} substitution(s)", side=side(seat), n=state.subs[seat])
        if state.phase == Phase.SUB_ATK:
            state.phase, state.actor = Phase.SUB_DEF, state.defense
        else:
            state.phase, state.actor = Phase.DEF_PLAY, state.defense
        return
    _replace(state, seat, card_of(action), "A" if seat == state.offense else "D")
    state.subs[seat] += 1


def _replace(state: ToincFields, seat: int, card_id: str, kind: str) -> None:
    state.hand[seat].remove(card_id)
    state.discard(card_id)
    new = state.draw(state.deck_key(seat, kind))
    state.hand[seat].append(new)
    state.private(
        seat, "You replace {card} with {new}", card=state.label(card_id), new=state.label(new)
    )


# -- fase 3: the defense announces ---------------------------------------------------
def hand_players(state: ToincFields, seat: int) -> list[PlayerCard]:
    """The player cards in `seat`'s hand."""
    players = state.config.players
    return [players[i] for i in state.hand[seat] if i in players]


def sack_leaders(state: ToincFields) -> list[str]:
    """Sack (SA): the leader is a DT, DE or LB with the SA statistic."""
    return [
        p.id
        for p in hand_players(state, state.defense)
        if p.position in DEFENSE_CONTESTERS and p.stat("SA") > 0
    ]


def blitz_missing(state: ToincFields) -> list[str]:
    """Blitz (B): the positions among DT, DE, LB not yet committed to the play."""
    have = {state.player(c).position for c in state.d_lead}
    return [p for p in DEFENSE_CONTESTERS if p not in have]


def legal_defense_play(state: ToincFields) -> list[str]:
    """Fase 3: `play:<id>` for each defense play the hand can lead, or `pass`."""
    out = ["pass"]
    positions = {p.position for p in hand_players(state, state.defense)}
    has_sack = bool(sack_leaders(state))
    has_blitz = all(p in positions for p in DEFENSE_CONTESTERS)
    for c in state.hand[state.defense]:
        card = state.config.cards[c]
        if isinstance(card, PlayCard) and (
            (card.play == "SA" and has_sack) or (card.play == "B" and has_blitz)
        ):
            out.append(Verb.PLAY.of(c))
    return out


def apply_defense_play(state: ToincFields, action: str) -> None:
    """Fase 3: lay the play card, or pass straight to fase 6."""
    seat = state.defense
    if action == "pass":
        state.log("{side} (defense) passes: no defense play", side=side(seat))
        state.phase, state.actor = Phase.ATK_PLAY, state.offense
        return
    card_id = card_of(action)
    lay(state, seat, card_id)
    state.d_play = card_id
    state.log("{side} (defense) announces {card}", side=side(seat), card=state.label(card_id))
    state.phase = Phase.DEF_LEAD


def legal_defense_leader(state: ToincFields) -> list[str]:
    """Jogador líder: the SA leader, or for a Blitz one DT, one DE and one LB."""
    if state.play_card(state.d_play).play == "SA":
        return [Verb.LEADER.of(c) for c in sack_leaders(state)]
    missing = blitz_missing(state)
    return [
        Verb.LEADER.of(p.id) for p in hand_players(state, state.defense) if p.position in missing
    ]


def apply_defense_leader(state: ToincFields, card_id: str) -> None:
    """Lay a defense leader; a Blitz needs all three linemen before bonuses."""
    lay(state, state.defense, card_id)
    state.d_lead.append(card_id)
    state.log("Defense leader: {card}", card=state.label(card_id))
    if state.play_card(state.d_play).play == "SA" or not blitz_missing(state):
        state.phase = Phase.DEF_BONUS


def defense_bonus_candidates(state: ToincFields) -> list[str]:
    """Bônus: SACK bonus players for a Sack; any further DT/DE/LB for a Blitz."""
    if state.play_card(state.d_play).play == "B":
        return [
            p.id for p in hand_players(state, state.defense) if p.position in DEFENSE_CONTESTERS
        ]
    return [p.id for p in hand_players(state, state.defense) if "SA" in state.config.helps[p.id]]


def legal_defense_bonus(state: ToincFields) -> list[str]:
    """Fase 3: `bonus:<id>` for each bonus player, then `confirm`."""
    return ["confirm", *(Verb.BONUS.of(c) for c in defense_bonus_candidates(state))]


def apply_defense_bonus(state: ToincFields, action: str) -> None:
    """Fase 3: a bonus player joins the play; `confirm` hands over to fase 4."""
    if action == "confirm":
        state.phase, state.actor = Phase.ATK_CONTEST, state.offense
        return
    card_id = card_of(action)
    lay(state, state.defense, card_id)
    state.d_bonus.append(card_id)
    state.log("Defense bonus player: {card}", card=state.label(card_id))


# -- fase 6: the attack announces -----------------------------------------------------
def eligible(card: PlayerCard) -> bool:
    """Jogadores elegíveis: never the offensive line (C, OG, OT) nor an *Inelegível*."""
    return card.position not in OFFENSIVE_LINE and not card.has(Ability.INELIGIBLE)


def attack_leaders(state: ToincFields, play: PlayCard) -> list[str]:
    """Jogador líder: eligible players with the play's statistic (HM: QB, then WR)."""
    players = [p for p in hand_players(state, state.offense) if eligible(p)]
    if play.play == "HM":
        if not state.a_lead:
            return [p.id for p in players if p.position == "QB" and p.stat("HM") > 0]
        return [p.id for p in players if p.position == "WR" and p.stat("RL") > 0]
    need = play.requirement or play.play
    return [p.id for p in players if p.stat(need) > 0]


def _playable(state: ToincFields, play: PlayCard) -> bool:
    if not t.red_zone_allows(play.play, state.start):
        return False
    if state.blitz and play.play in t.RUNS:
        return False
    if play.play == "HM":
        players = [p for p in hand_players(state, state.offense) if eligible(p)]
        return any(p.position == "QB" and p.stat("HM") > 0 for p in players) and any(
            p.position == "WR" and p.stat("RL") > 0 for p in players
        )
    return bool(attack_leaders(state, play))


def legal_attack_play(state: ToincFields) -> list[str]:
    """Fase 6: `play:<id>`; or field goal, punt, or losing the down (`pass`)."""
    out = ["pass"]
    if not state.conversion:
        out.append("kick:punt")
        if t.field_goal_min_roll(t.field_goal_distance(state.start)) is not None:
            out.append("kick:fg")
    cards = state.config.cards
    for c in state.hand[state.offense]:
        card = cards[c]
        if isinstance(card, PlayCard) and _playable(state, card):
            out.append(Verb.PLAY.of(c))
    return out


def apply_attack_play(state: ToincFields, card_id: str) -> None:
    """Fase 6: lay the attack play card; its leader comes next."""
    lay(state, state.offense, card_id)
    state.a_play = card_id
    state.log(
        "{side} (attack) announces {card}", side=side(state.offense), card=state.label(card_id)
    )
    state.phase = Phase.ATK_LEAD


def legal_attack_leader(state: ToincFields) -> list[str]:
    """Fase 6: `leader:<id>` for each possible leader of the announced play."""
    return [Verb.LEADER.of(c) for c in attack_leaders(state, state.play_card(state.a_play))]


def apply_attack_leader(state: ToincFields, card_id: str) -> None:
    """Lay the attack leader (a Hail Mary lays its QB, then its WR)."""
    lay(state, state.offense, card_id)
    state.a_lead.append(card_id)
    state.log("Attack leader: {card}", card=state.label(card_id))
    if state.play_card(state.a_play).play != "HM" or len(state.a_lead) == 2:
        state.phase = Phase.ATK_BONUS


def attack_bonus_candidates(state: ToincFields) -> list[str]:
    """Bônus: players whose bonus fits the play; for a Hail Mary, eligible attackers."""
    play = state.play_card(state.a_play).play
    if play == "HM":
        return [p.id for p in hand_players(state, state.offense) if eligible(p)]
    return [p.id for p in hand_players(state, state.offense) if play in state.config.helps[p.id]]


def legal_attack_bonus(state: ToincFields) -> list[str]:
    """Fase 6: `bonus:<id>` for each bonus player, then `confirm`."""
    return ["confirm", *(Verb.BONUS.of(c) for c in attack_bonus_candidates(state))]


def apply_attack_bonus(state: ToincFields, action: str) -> None:
    """Fase 6: a bonus player joins; `confirm` hands over to fase 7."""
    if action == "confirm":
        state.phase, state.actor = Phase.DEF_CONTEST, state.defense
        return
    card_id = card_of(action)
    lay(state, state.offense, card_id)
    state.a_bonus.append(card_id)
    state.log("Attack bonus player: {card}", card=state.label(card_id))


def lay(state: ToincFields, seat: int, card_id: str) -> None:
    """Move a card from `seat`'s hand to the table."""
    state.hand[seat].remove(card_id)
    state.table.append(card_id)
