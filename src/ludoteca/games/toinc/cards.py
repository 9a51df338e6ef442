"""Toinc card faces: players, plays and outcome (*desfecho*) cards.

The rulebook (``000_dce00939dceb7666.txt``, "Anatomia das Cartas") describes the
card anatomy but not the faces; ludoteca's faces are data (``decks/*.toml``) read
into these value types. Every physical card has a unique ``id`` (``OG-2``,
``P-CC-1``, ``O-ATK-3``) used in actions and logs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Side(StrEnum):
    """Which deck a player or play card belongs to."""

    ATTACK = "attack"
    DEFENSE = "defense"


ATTACK_POSITIONS = ("QB", "RB", "WR", "TE", "C", "OG", "OT")
"""Jogadores de Ataque. *Linha ofensiva* (C, OG, OT) are always ineligible."""

DEFENSE_POSITIONS = ("DT", "DE", "LB", "CB", "S")
"""Jogadores de Defesa. DT, DE, LB are the *linha defensiva*; LB, CB, S the second level."""

OFFENSIVE_LINE = ("C", "OG", "OT")
ATTACK_CONTESTERS = ("C", "OG", "OT", "TE")
"""Fase 4: only players who can block (BL) contest the defense's play."""

DEFENSE_CONTESTERS = ("DT", "DE", "LB")
"""Fase 7: only DT, DE and LB contest the attack's play."""

SECOND_LEVEL = ("LB", "CB", "S")
"""Hail Mary: each second-level defender counts 3."""

STATS = ("CC", "CM", "CL", "RC", "RM", "RL", "HM", "BL", "TER", "SA", "LC", "LM", "LL")
"""Abreviações: the thirteen statistics a leader (or leader contester) uses."""

ATTACK_PLAYS = ("CC", "CM", "CL", "LC", "LM", "LL", "HM")
"""Jogadas de ataque: three runs, three passes and the Hail Mary."""

DEFENSE_PLAYS = ("SA", "B")
"""Jogadas de defesa: Sack and Blitz."""

RUN_PLAYS = ("CC", "CM", "CL")
PASS_PLAYS = ("LC", "LM", "LL")


class BonusKind(StrEnum):
    """Bônus oferecidos pelos jogadores (the header siglas), plus LL for the Safety."""

    AEREO = "AEREO"  # AÉREO: every pass (LC, LM, LL)
    LC = "LC"
    LM = "LM"
    LL = "LL"  # not among the siglas; the Safety's "+2 para lançamentos longos"
    SACK = "SACK"
    TERRESTRE = "TERRESTRE"  # every run (CC, CM, CL)

    def applies_to(self, play: str) -> bool:
        """True if this bonus adds to the team's skill on `play`."""
        if self is BonusKind.AEREO:
            return play in PASS_PLAYS
        if self is BonusKind.TERRESTRE:
            return play in RUN_PLAYS
        if self is BonusKind.SACK:
            return play == "SA"
        return play == self.value


class Ability(StrEnum):
    """Habilidades especiais dos jogadores (header icons)."""

    EXTREME_AGILITY = "agilidade-extrema"  # returns to hand when contested; reusable
    SUPERHUMAN_STRENGTH = "forca-descomunal"  # contests up to two bonus players
    INELIGIBLE = "inelegivel"  # cannot attack
    LUCK = "sorte"  # one more outcome card on a success it took part in


@dataclass(frozen=True)
class Bonus:
    """A player's bonus: +`value` to `kind` plays; `contestable` by the opponent's line."""

    kind: BonusKind
    value: int
    contestable: bool


@dataclass(frozen=True)
class PlayerCard:
    """A *carta de jogador*: position, statistics, bonuses and abilities."""

    id: str
    side: Side
    position: str
    name: str
    stats: dict[str, int] = field(default_factory=dict)
    bonuses: tuple[Bonus, ...] = ()
    abilities: frozenset[Ability] = frozenset()

    def stat(self, name: str) -> int:
        """The statistic `name`, 0 if the card does not have it."""
        return self.stats.get(name, 0)

    def has(self, ability: Ability) -> bool:
        """True if the card carries `ability`."""
        return ability in self.abilities


@dataclass(frozen=True)
class PlayCard:
    """A *carta de jogada*: the play, the leader's required statistic, the yardage."""

    id: str
    side: Side
    play: str  # one of ATTACK_PLAYS or DEFENSE_PLAYS
    name: str
    requirement: str | None  # the leader's statistic (None for Blitz: DT+DE+LB)


class OutcomeKind(StrEnum):
    """The three kinds of *cartas de desfecho*."""

    ATTACK_SUCCESS = "attack-success"
    DEFENSE_SUCCESS = "defense-success"
    FOUL = "foul"


class DefenseEffect(StrEnum):
    """What a defense success does beyond the lost yards."""

    LOSS = "loss"  # *Perda de Jardas*
    FUMBLE = "fumble"
    INTERCEPTION = "interception"


class FoulBy(StrEnum):
    """Whose foul: DEF (the defense's: the attack gains) or ATQ (the attack's: it loses)."""

    DEFENSE = "DEF"
    ATTACK = "ATQ"


class FoulSpot(StrEnum):
    """Where a foul's yards are measured from (the card's descriptive text)."""

    PLAY_START = "start"  # "Jardas de onde a jogada começou"
    PLAY_END = "end"  # "Jardas de onde a jogada terminou"
    AT_SPOT = "spot"  # Pass Interference: the ball placed at the foul's spot


@dataclass(frozen=True)
class OutcomeCard:
    """A *carta de desfecho*: attack success, defense success or foul."""

    id: str
    kind: OutcomeKind
    name: str
    modifier: int = 0  # successes: yards = d6 x modifier
    effect: DefenseEffect | None = None  # defense successes only
    foul_by: FoulBy | None = None  # fouls only
    yards: int = 0  # fouls only: fixed yards (0 for a spot foul)
    spot: FoulSpot | None = None  # fouls only
    automatic_first_down: bool = False  # defensive fouls only


Card = PlayerCard | PlayCard | OutcomeCard


@dataclass(frozen=True)
class Deck:
    """One Toinc set: attack (40), defense (30) and outcome (30) cards."""

    name: str
    attack: tuple[PlayerCard | PlayCard, ...]
    defense: tuple[PlayerCard | PlayCard, ...]
    outcome: tuple[OutcomeCard, ...]

    def card(self, card_id: str) -> Card:
        """The card with `card_id` (KeyError if none)."""
        for card in (*self.attack, *self.defense, *self.outcome):
            if card.id == card_id:
                return card
        raise KeyError(card_id)
