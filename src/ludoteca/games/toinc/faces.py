"""Text faces of Toinc cards for terminal menus and logs.

`card_text(card)` is one line (``OG-2 Offensive Guard  BL 4  TERRESTRE+3*  Inelegível``);
``long=True`` adds a line per statistic group, bonus and ability with what it does.
A ``*`` after a bonus marks it contestable. The text never contains ``[``, so it is
safe inside rich markup.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.toinc.cards import (
    Ability,
    Bonus,
    BonusKind,
    Card,
    DefenseEffect,
    FoulBy,
    FoulSpot,
    OutcomeCard,
    OutcomeKind,
    PlayCard,
    PlayerCard,
    Side,
)

POSITION_NAMES: dict[str, str] = {
    "QB": "Quarterback",
    "RB": "Running Back",
    "WR": "Wide Receiver",
    "TE": "Tight-End",
    "C": "Center",
    "OG": "Offensive Guard",
    "OT": "Offensive Tackle",
    "DT": "Defensive Tackle",
    "DE": "Defensive End",
    "LB": "Linebacker",
    "CB": "Cornerback",
    "S": "Safety",
}
"""Jogadores de ataque / de defesa: the position names of the rulebook."""

PLAY_NAMES: dict[str, str] = {
    "CC": "Corrida Curta",
    "CM": "Corrida Média",
    "CL": "Corrida Longa",
    "LC": "Lançamento Curto",
    "LM": "Lançamento Médio",
    "LL": "Lançamento Longo",
    "HM": "Hail Mary",
    "SA": "Sack",
    "B": "Blitz",
}

PLAY_YARDS: dict[str, str] = {
    "CC": "gains impact yards",
    "CM": "gains impact x2 yards",
    "CL": "gains impact x4 + 5 yards",
    "LC": "gains impact x3 yards",
    "LM": "gains impact x4 + 5 yards",
    "LL": "gains impact x7 + 10 yards; not in the Red Zone",
    "HM": "gains impact x10 yards; QB HM + WR RL; not in the Red Zone",
    "SA": "loses impact x (players in the sack) yards",
    "B": "DT + DE + LB count 2 each; on success no ground play, 2nd level +2 vs passes",
}
"""The yardage line of each play card (the rulebook's tables, as text)."""

STAT_NAMES: dict[str, str] = {
    "CC": "lead a short run",
    "CM": "lead a medium run",
    "CL": "lead a long run",
    "RC": "catch a short pass",
    "RM": "catch a medium pass",
    "RL": "catch a long pass",
    "HM": "throw a Hail Mary",
    "BL": "block: contest a sack or blitz",
    "TER": "contest any run",
    "SA": "lead a sack",
    "LC": "contest a short pass",
    "LM": "contest a medium pass",
    "LL": "contest a long pass",
}
"""Abreviações: what each statistic lets its card do."""

ABILITY_SHORT: dict[Ability, str] = {
    Ability.EXTREME_AGILITY: "Agilidade",
    Ability.SUPERHUMAN_STRENGTH: "Força",
    Ability.INELIGIBLE: "Inelegível",
    Ability.LUCK: "Sorte",
}

ABILITY_LONG: dict[Ability, str] = {
    Ability.EXTREME_AGILITY: "Agilidade Extrema: reusable in the play; back to hand if contested",
    Ability.SUPERHUMAN_STRENGTH: "Força Descomunal: contests up to two bonus players",
    Ability.INELIGIBLE: "Inelegível: cannot lead an attack play",
    Ability.LUCK: "Sorte: one more outcome card when its play succeeds",
}

_BONUS_LABEL: dict[BonusKind, str] = {
    BonusKind.AEREO: "AÉREO",
    BonusKind.LC: "LC",
    BonusKind.LM: "LM",
    BonusKind.LL: "LL",
    BonusKind.SACK: "SACK",
    BonusKind.TERRESTRE: "TERRESTRE",
}
_BONUS_PLAYS: dict[BonusKind, str] = {
    BonusKind.AEREO: "every pass",
    BonusKind.LC: "short passes",
    BonusKind.LM: "medium passes",
    BonusKind.LL: "long passes",
    BonusKind.SACK: "sacks",
    BonusKind.TERRESTRE: "every run",
}
_EFFECT_TEXT: dict[DefenseEffect, str] = {
    DefenseEffect.LOSS: "",
    DefenseEffect.FUMBLE: ", fumble: defense takes the ball",
    DefenseEffect.INTERCEPTION: ", interception: defense takes the ball",
}
_SPOT_TEXT: dict[FoulSpot, str] = {
    FoulSpot.PLAY_START: "from where the play began",
    FoulSpot.PLAY_END: "from where the play ended",
    FoulSpot.AT_SPOT: "ball placed at the spot of the foul",
}


def card_text(card: Card, long: bool = False) -> str:
    """The face of `card` as text: one line, or several with `long`."""
    if isinstance(card, PlayerCard):
        return _player_text(card, long)
    if isinstance(card, PlayCard):
        return _play_text(card, long)
    return _outcome_text(card, long)


def bonus_text(bonus: Bonus) -> str:
    """A bonus as on the card header: ``TERRESTRE+3*`` (``*`` = contestable)."""
    mark = "*" if bonus.contestable else ""
    return f"{_BONUS_LABEL[bonus.kind]}+{bonus.value}{mark}"


def _title(card: PlayerCard) -> str:
    position_name = POSITION_NAMES.get(card.position, card.position)
    if card.name == position_name:
        return f"{card.id} {card.name}"
    return f"{card.id} {card.name} ({card.position})"


def _player_text(card: PlayerCard, long: bool) -> str:
    stats = " ".join(f"{stat} {value}" for stat, value in card.stats.items())
    bonuses = " ".join(bonus_text(bonus) for bonus in card.bonuses)
    abilities = ", ".join(ABILITY_SHORT[a] for a in sorted(card.abilities))
    if not long:
        return "  ".join(part for part in (_title(card), stats, bonuses, abilities) if part)
    side = "attack" if card.side is Side.ATTACK else "defense"
    lines = [f"{_title(card)}, {side} player"]
    lines += [f"  {stat} {value}: {STAT_NAMES[stat]}" for stat, value in card.stats.items()]
    for bonus in card.bonuses:
        contest = "contestable" if bonus.contestable else "not contestable"
        lines.append(
            f"  {bonus_text(bonus)}: +{bonus.value} on {_BONUS_PLAYS[bonus.kind]} ({contest})"
        )
    lines += [f"  {ABILITY_LONG[ability]}" for ability in sorted(card.abilities)]
    return "\n".join(lines)


def _play_text(card: PlayCard, long: bool) -> str:
    leader = "leader DT+DE+LB" if card.requirement is None else f"leader {card.requirement}"
    short = f"{card.id} {card.name}  {leader}"
    if not long:
        return short
    name = PLAY_NAMES.get(card.play, card.play)
    side = "attack" if card.side is Side.ATTACK else "defense"
    return f"{short}\n  {name} ({card.play}), {side} play: {PLAY_YARDS.get(card.play, '')}"


def _outcome_text(card: OutcomeCard, long: bool) -> str:
    if card.kind is OutcomeKind.ATTACK_SUCCESS:
        face = f"ATAQUE +d6x{card.modifier} yd"
        meaning = "attack success: the attack gains d6 x modifier more yards"
    elif card.kind is OutcomeKind.DEFENSE_SUCCESS:
        effect = _EFFECT_TEXT[card.effect or DefenseEffect.LOSS]
        face = f"DEFESA -d6x{card.modifier} yd{effect}"
        meaning = "defense success: the attack loses d6 x modifier yards"
    else:
        face, meaning = _foul_face(card)
    short = f"{card.id} {card.name}  {face}"
    return f"{short}\n  {meaning}" if long else short


def _foul_face(card: OutcomeCard) -> tuple[str, str]:
    """A foul's face: DEF (the attack gains) or ATQ (the attack loses) and its spot."""
    spot = card.spot or FoulSpot.PLAY_START
    first_down = ", 1st down" if card.automatic_first_down else ""
    by = card.foul_by or FoulBy.DEFENSE
    if spot is FoulSpot.AT_SPOT:
        face = f"FALTA {by.value} at the spot{first_down}"
    else:
        sign = "+" if by is FoulBy.DEFENSE else "-"
        face = f"FALTA {by.value} {sign}{card.yards} yd from {spot.value}{first_down}"
    who = "defensive foul: the attack gains" if by is FoulBy.DEFENSE else "attack foul: it loses"
    extra = "; automatic 1st down" if card.automatic_first_down else ""
    return face, f"{who} ({_SPOT_TEXT[spot]}){extra}; declinable"


def card_face(card: Card) -> dict[str, Any]:
    """The face of `card` as data for a graphical board (never its id: the caller keys by id).

    Players: side, position, name, statistics, bonuses (as on the header) and abilities;
    plays: side, play, name and leader; outcome (*desfecho*) cards: kind, name and face.
    """
    if isinstance(card, PlayerCard):
        return {
            "kind": "player",
            "side": card.side.value,
            "position": card.position,
            "name": card.name,
            "stats": dict(card.stats),
            "bonuses": [bonus_text(bonus) for bonus in card.bonuses],
            "abilities": [ABILITY_SHORT[a] for a in sorted(card.abilities)],
        }
    if isinstance(card, PlayCard):
        return {
            "kind": "play",
            "side": card.side.value,
            "play": card.play,
            "name": card.name,
            "title": PLAY_NAMES.get(card.play, card.play),
            "leader": "DT+DE+LB" if card.requirement is None else card.requirement,
            "yards": PLAY_YARDS.get(card.play, ""),
        }
    text = _outcome_text(card, False)
    return {
        "kind": "outcome",
        "outcome": card.kind.value,
        "name": card.name,
        "face": text.split("  ", 1)[1] if "  " in text else text,
    }


def card_terms() -> dict[str, str]:
    """What the marks on a card face mean, for the board's help (the guide's terms):
    `stat:<code>`, `play:<code>`, `bonus:<label>` and `ability:<short name>`."""
    terms = {f"stat:{code}": f"{code}: {text}" for code, text in STAT_NAMES.items()}
    for code, name in PLAY_NAMES.items():
        terms[f"play:{code}"] = f"{name} ({code}): {PLAY_YARDS.get(code, '')}"
    for kind, label in _BONUS_LABEL.items():
        terms[f"bonus:{label}"] = (
            f"{label}+N: adds N on {_BONUS_PLAYS[kind]} as a bonus player; "
            "* = the opponent may contest it"
        )
    for ability, short in ABILITY_SHORT.items():
        terms[f"ability:{short}"] = ABILITY_LONG[ability]
    return terms
