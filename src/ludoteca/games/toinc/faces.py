"""Text faces of Toinc cards for terminal menus and logs.

`card_text(card)` is one line (``Offensive Guard  BL 4  TERRESTRE+3*  Inelegível``);
``long=True`` adds a line per statistic group, bonus and ability with what it does.
A ``*`` after a bonus marks it contestable. The text never contains ``[``, so it is
safe inside rich markup.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.i18n import N_, Arg, T, Text, _
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
    "CC": N_("gains impact yards"),
    "CM": N_("gains impact x2 yards"),
    "CL": N_("gains impact x4 + 5 yards"),
    "LC": N_("gains impact x3 yards"),
    "LM": N_("gains impact x4 + 5 yards"),
    "LL": N_("gains impact x7 + 10 yards; not in the Red Zone"),
    "HM": N_("gains impact x10 yards; QB HM + WR RL; not in the Red Zone"),
    "SA": N_("loses impact x (players in the sack) yards"),
    "B": N_("DT + DE + LB count 2 each; on success no ground play, 2nd level +2 vs passes"),
}
"""The yardage line of each play card (the rulebook's tables, as text; message ids)."""

STAT_NAMES: dict[str, str] = {
    "CC": N_("lead a short run"),
    "CM": N_("lead a medium run"),
    "CL": N_("lead a long run"),
    "RC": N_("catch a short pass"),
    "RM": N_("catch a medium pass"),
    "RL": N_("catch a long pass"),
    "HM": N_("throw a Hail Mary"),
    "BL": N_("block: contest a sack or blitz"),
    "TER": N_("contest any run"),
    "SA": N_("lead a sack"),
    "LC": N_("contest a short pass"),
    "LM": N_("contest a medium pass"),
    "LL": N_("contest a long pass"),
}
"""Abreviações: what each statistic lets its card do (message ids)."""

RULEBOOK_CARD_NAMES = frozenset(
    {
        N_("Corrida Curta"),
        N_("Corrida Média"),
        N_("Corrida Longa"),
        N_("Lançamento Curto"),
        N_("Lançamento Médio"),
        N_("Lançamento Longo"),
        N_("Interceptação"),
        N_("Perda de Jardas"),
    }
)
"""The default deck's card names in the rulebook's Portuguese (the others are American
football's English words): a language without the rulebook gives its own words with the
rulebook's in brackets, as the glossaries do (`Corsa corta (Corrida Curta)`)."""


def card_name(name: str) -> Arg:
    """A card's name as a log or a face shows it: a rulebook name in the reader's words,
    any other name (another deck's) verbatim."""
    return T(name) if name in RULEBOOK_CARD_NAMES else name


ABILITY_SHORT: dict[Ability, str] = {
    Ability.EXTREME_AGILITY: "Agilidade",
    Ability.SUPERHUMAN_STRENGTH: "Força",
    Ability.INELIGIBLE: "Inelegível",
    Ability.LUCK: "Sorte",
}

ABILITY_LONG: dict[Ability, str] = {
    Ability.EXTREME_AGILITY: N_(
        "Agilidade Extrema: reusable in the play; back to hand if contested"
    ),
    Ability.SUPERHUMAN_STRENGTH: N_("Força Descomunal: contests up to two bonus players"),
    Ability.INELIGIBLE: N_("Inelegível: cannot lead an attack play"),
    Ability.LUCK: N_("Sorte: one more outcome card when its play succeeds"),
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
    BonusKind.AEREO: N_("every pass"),
    BonusKind.LC: N_("short passes"),
    BonusKind.LM: N_("medium passes"),
    BonusKind.LL: N_("long passes"),
    BonusKind.SACK: N_("sacks"),
    BonusKind.TERRESTRE: N_("every run"),
}
_DEFENSE_FACE: dict[DefenseEffect, str] = {
    DefenseEffect.LOSS: N_("DEFESA -d6x{modifier} yd"),
    DefenseEffect.FUMBLE: N_("DEFESA -d6x{modifier} yd, fumble: defense takes the ball"),
    DefenseEffect.INTERCEPTION: N_(
        "DEFESA -d6x{modifier} yd, interception: defense takes the ball"
    ),
}
_SPOT_TEXT: dict[FoulSpot, str] = {
    FoulSpot.PLAY_START: N_("from where the play began"),
    FoulSpot.PLAY_END: N_("from where the play ended"),
    FoulSpot.AT_SPOT: N_("ball placed at the spot of the foul"),
}
_SPOT_SHORT: dict[FoulSpot, str] = {
    FoulSpot.PLAY_START: N_("FALTA {by} {yards} yd from start"),
    FoulSpot.PLAY_END: N_("FALTA {by} {yards} yd from end"),
    FoulSpot.AT_SPOT: N_("FALTA {by} at the spot"),
}


def card_text(card: Card, long: bool = False) -> str:
    """The face of `card` as text in the current language: one line, or several with
    `long`; never its id (a person reads the card, not the engine's name for it)."""
    if isinstance(card, PlayerCard):
        return _player_text(card, long)
    if isinstance(card, PlayCard):
        return _play_text(card, long)
    face, meaning = outcome_face(card)
    short = f"{card_name(card.name)}  {face}"
    return f"{short}\n  {meaning}" if long else short


def bonus_text(bonus: Bonus) -> str:
    """A bonus as on the card header: ``TERRESTRE+3*`` (``*`` = contestable)."""
    mark = "*" if bonus.contestable else ""
    return f"{_BONUS_LABEL[bonus.kind]}+{bonus.value}{mark}"


def _title(card: PlayerCard) -> str:
    position_name = POSITION_NAMES.get(card.position, card.position)
    if card.name == position_name:
        return card.name
    return f"{card.name} ({card.position})"


def _player_text(card: PlayerCard, long: bool) -> str:
    stats = " ".join(f"{stat} {value}" for stat, value in card.stats.items())
    bonuses = " ".join(bonus_text(bonus) for bonus in card.bonuses)
    abilities = ", ".join(ABILITY_SHORT[a] for a in sorted(card.abilities))
    if not long:
        return "  ".join(part for part in (_title(card), stats, bonuses, abilities) if part)
    if card.side is Side.ATTACK:
        lines = [_("{card}, attack player", card=_title(card))]
    else:
        lines = [_("{card}, defense player", card=_title(card))]
    lines += [f"  {stat} {value}: {_(STAT_NAMES[stat])}" for stat, value in card.stats.items()]
    for bonus in card.bonuses:
        args: dict[str, Arg] = {
            "bonus": bonus_text(bonus),
            "n": bonus.value,
            "plays": _(_BONUS_PLAYS[bonus.kind]),
        }
        if bonus.contestable:
            lines.append("  " + _("{bonus}: +{n} on {plays} (contestable)", **args))
        else:
            lines.append("  " + _("{bonus}: +{n} on {plays} (not contestable)", **args))
    lines += [f"  {_(ABILITY_LONG[ability])}" for ability in sorted(card.abilities)]
    return "\n".join(lines)


def _play_text(card: PlayCard, long: bool) -> str:
    leader = _("leader {leader}", leader=card.requirement or "DT+DE+LB")
    short = f"{card_name(card.name)}  {leader}"
    if not long:
        return short
    args: dict[str, Arg] = {"name": PLAY_NAMES.get(card.play, card.play), "code": card.play}
    yards = _(PLAY_YARDS[card.play]) if card.play in PLAY_YARDS else ""
    if card.side is Side.ATTACK:
        return f"{short}\n  " + _("{name} ({code}), attack play: {yards}", **args, yards=yards)
    return f"{short}\n  " + _("{name} ({code}), defense play: {yards}", **args, yards=yards)


def outcome_face(card: OutcomeCard) -> tuple[Text, Text]:
    """An outcome (*desfecho*) card's face (``ATAQUE +d6x5 yd``) and what it means."""
    if card.kind is OutcomeKind.ATTACK_SUCCESS:
        return T("ATAQUE +d6x{modifier} yd", modifier=card.modifier), T(
            "attack success: the attack gains d6 x modifier more yards"
        )
    if card.kind is OutcomeKind.DEFENSE_SUCCESS:
        effect = card.effect or DefenseEffect.LOSS
        return T(_DEFENSE_FACE[effect], modifier=card.modifier), T(
            "defense success: the attack loses d6 x modifier yards"
        )
    return _foul_face(card)


def _foul_face(card: OutcomeCard) -> tuple[Text, Text]:
    """A foul's face: DEF (the attack gains) or ATQ (the attack loses) and its spot."""
    spot = card.spot or FoulSpot.PLAY_START
    by = card.foul_by or FoulBy.DEFENSE
    sign = "+" if by is FoulBy.DEFENSE else "-"
    face = T(_SPOT_SHORT[spot], by=by.value, yards=f"{sign}{card.yards}")
    where = T(_SPOT_TEXT[spot])
    if by is FoulBy.DEFENSE:
        meaning = T("defensive foul: the attack gains ({where}); declinable", where=where)
    else:
        meaning = T("attack foul: it loses ({where}); declinable", where=where)
    if card.automatic_first_down:
        face = T("{face}, 1st down", face=face)
        meaning = T("{meaning}; automatic 1st down", meaning=meaning)
    return face, meaning


def card_face(card: Card) -> dict[str, Any]:
    """The face of `card` as data for a graphical board (never its id: the caller keys by id).

    Players: side, position, name, statistics, bonuses (as on the header) and abilities;
    plays: side, play, name and leader; outcome (*desfecho*) cards: kind, name and face.
    A text to read (a play's yards, an outcome's face) is a `Text`, written in the reader's
    language when an observation is made.
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
            "name": card_name(card.name),
            "title": PLAY_NAMES.get(card.play, card.play),
            "leader": "DT+DE+LB" if card.requirement is None else card.requirement,
            "yards": T(PLAY_YARDS[card.play]) if card.play in PLAY_YARDS else "",
        }
    return {
        "kind": "outcome",
        "outcome": card.kind.value,
        "name": card_name(card.name),
        "face": outcome_face(card)[0],
    }


def card_terms() -> dict[str, str]:
    """What the marks on a card face mean, for the board's help (the guide's terms):
    `stat:<code>`, `play:<code>`, `bonus:<label>` and `ability:<short name>`."""
    terms = {f"stat:{code}": f"{code}: {_(text)}" for code, text in STAT_NAMES.items()}
    for code, name in PLAY_NAMES.items():
        yards = _(PLAY_YARDS[code]) if code in PLAY_YARDS else ""
        terms[f"play:{code}"] = f"{name} ({code}): {yards}"
    for kind, label in _BONUS_LABEL.items():
        terms[f"bonus:{label}"] = _(
            "{label}+N: adds N on {plays} as a bonus player; * = the opponent may contest it",
            label=label,
            plays=_(_BONUS_PLAYS[kind]),
        )
    for ability, short in ABILITY_SHORT.items():
        terms[f"ability:{short}"] = _(ABILITY_LONG[ability])
    return terms
