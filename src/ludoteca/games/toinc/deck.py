"""Load and validate Toinc deck files (``decks/*.toml``).

A deck file describes one Toinc set: the attack deck (26 player + 14 play cards),
the defense deck (22 player + 8 play cards) and the outcome deck (10 attack
successes, 10 defense successes, 10 fouls) -- the counts of "Componentes do
Jogo", which a custom deck must follow too. Every problem is refused with one
`DataFileError` naming the file, the card (id, or section and index) and the field.
The file format and the default deck's design: ``docs/rules/toinc-deck.md``.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ludoteca.core import DataFileError, OptionValue, file_source
from ludoteca.core.datafile import read_bounded
from ludoteca.core.i18n import _
from ludoteca.core.parsing import Malformed, load_toml
from ludoteca.games.toinc.cards import (
    ATTACK_PLAYS,
    ATTACK_POSITIONS,
    DEFENSE_PLAYS,
    DEFENSE_POSITIONS,
    OFFENSIVE_LINE,
    STATS,
    Ability,
    Bonus,
    BonusKind,
    Deck,
    DefenseEffect,
    FoulBy,
    FoulSpot,
    OutcomeCard,
    OutcomeKind,
    PlayCard,
    PlayerCard,
    Side,
)
from ludoteca.games.toinc.deck_fields import (
    Where,
    an,
    boolean,
    check_keys,
    integer,
    member,
    show,
    table,
    text,
)

DEFAULT_DECK = "default.toml"
"""The default deck's file name inside the package's ``decks`` folder."""
DEFAULT_PRESET = "default"
"""The name the `deck` option gives the packaged deck (the Toinc Team deck)."""

SECTION_COUNTS: dict[str, int] = {
    "attack.players": 26,
    "attack.plays": 14,
    "defense.players": 22,
    "defense.plays": 8,
    "outcome": 30,
}
"""Componentes do Jogo: cards per section of the attack, defense and outcome decks."""

OUTCOME_COUNTS: dict[OutcomeKind, int] = dict.fromkeys(OutcomeKind, 10)
"""Componentes do Jogo: the 30 *cartas de desfecho* by kind."""

POSITION_STATS: dict[str, tuple[str, ...]] = {
    "QB": ("CC", "CM", "CL", "HM"),  # runs "(RB - QB)"; Hail Mary: the QB's HM
    "RB": ("CC", "CM", "CL"),  # Corridas: "um jogador com a referida estatística (RB - QB)"
    "WR": ("RC", "RM", "RL"),  # Lançamentos: "(TE - WR)"
    "TE": ("RC", "RM", "RL", "BL"),  # receiver and blocker (fase 4 contester)
    "C": ("BL",),  # linha ofensiva: ineligible, contesters only
    "OG": ("BL",),
    "OT": ("BL",),
    "DT": ("TER", "SA", "LC", "LM", "LL"),  # fase 7 contesters: DT, DE, LB
    "DE": ("TER", "SA", "LC", "LM", "LL"),
    "LB": ("TER", "SA", "LC", "LM", "LL"),
    "CB": (),  # never a leader or contester: bonuses only
    "S": (),
}
"""The statistics a card of each position may carry (the rest could never be used)."""

SIDE_BONUSES: dict[Side, tuple[BonusKind, ...]] = {
    Side.ATTACK: (BonusKind.AEREO, BonusKind.TERRESTRE),
    Side.DEFENSE: (BonusKind.SACK, BonusKind.LC, BonusKind.LM, BonusKind.LL),
}
"""Bônus oferecidos pelos jogadores: the kinds each side's players may offer."""

PLAY_REQUIREMENT: dict[str, str | None] = {
    "CC": "CC",
    "CM": "CM",
    "CL": "CL",
    "LC": "RC",
    "LM": "RM",
    "LL": "RL",
    "HM": "HM",
    "SA": "SA",
    "B": None,  # Blitz: one DT, one DE and one LB, no single leader statistic
}
"""The leader's statistic (*Requisitos*) each play card demands."""

STAT_RANGE = BONUS_RANGE = MODIFIER_RANGE = range(1, 11)
FOUL_YARDS_RANGE = range(1, 51)
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,15}")


def load_deck(path: Path | None = None) -> Deck:
    """Read and validate a deck file; `None` gives the packaged default deck.

    The default deck is parsed once per process and shared (cards are immutable);
    a file given by `path` is read afresh on every call (through `read_bounded`).
    """
    if path is None:
        return _default_deck()
    return _parse_text(read_bounded(path, "deck file"), str(path))


def deck_of(value: OptionValue) -> Deck:
    """The deck an option value names: the default (None or a preset) or uploaded content."""
    uploaded = file_source(value)
    if uploaded is None:
        return _default_deck()
    name, content = uploaded
    return _parse_text(content, name)


@functools.cache
def _default_deck() -> Deck:
    """The packaged ``decks/default.toml``, parsed and validated once."""
    resource = resources.files("ludoteca.games.toinc").joinpath("decks", DEFAULT_DECK)
    return _parse_text(resource.read_text(encoding="utf-8"), f"decks/{DEFAULT_DECK}")


def _parse_text(raw: str, source: str) -> Deck:
    """Parse TOML text and validate it as a deck."""
    try:
        data = load_toml(raw)
    except (tomllib.TOMLDecodeError, Malformed) as exc:
        raise DataFileError(
            _("{source}: not valid TOML: {exc}", source=source, exc=str(exc))
        ) from None
    return parse_deck(data, source)


def parse_deck(data: Mapping[str, Any], source: str) -> Deck:
    """Validate an already-parsed deck table; `source` names the file in errors."""
    top = Where(source, "deck")
    check_keys(top, data, required=("name", "attack", "defense", "outcome"), optional=())
    name = text(top, "name", data["name"])
    seen: dict[str, str] = {}
    attack = _side(source, Side.ATTACK, data["attack"], seen)
    defense = _side(source, Side.DEFENSE, data["defense"], seen)
    outcome = _outcomes(source, data["outcome"], seen)
    return Deck(name=name, attack=attack, defense=defense, outcome=outcome)


def _side(
    source: str, side: Side, value: object, seen: dict[str, str]
) -> tuple[PlayerCard | PlayCard, ...]:
    """One side's deck: its ``players`` and ``plays`` arrays, with their counts."""
    ctx = Where(source, side.value)
    sections = table(ctx, None, value)
    check_keys(ctx, sections, required=("players", "plays"), optional=())
    players = _entries(source, f"{side.value}.players", sections["players"], seen)
    plays = _entries(source, f"{side.value}.plays", sections["plays"], seen)
    player_cards = [_player(ctx, side, entry) for ctx, entry in players]
    play_cards = [_play(ctx, side, entry) for ctx, entry in plays]
    for (play_ctx, _entry), play in zip(plays, play_cards, strict=True):
        missing = _missing_leader(play, player_cards)
        if missing:
            play_ctx.fail("play", f"no card of this deck can lead it: {missing}")
    return (*player_cards, *play_cards)


def _missing_leader(play: PlayCard, players: list[PlayerCard]) -> str | None:
    """Why no player of the deck can lead `play` (Jogador líder), or None if some can."""
    if play.requirement is None:  # Blitz: at least one DT, one DE and one LB
        positions = {card.position for card in players}
        absent = [p for p in ("DT", "DE", "LB") if p not in positions]
        return f"a Blitz needs a {', '.join(absent)}" if absent else None
    need = play.requirement
    if not any(c.stat(need) and not c.has(Ability.INELIGIBLE) for c in players):
        return f"no eligible player has {need}"
    if play.play == "HM" and not any(c.position == "WR" and c.stat("RL") for c in players):
        return "a Hail Mary needs a WR with RL"
    return None


def _entries(
    source: str, section: str, value: object, seen: dict[str, str]
) -> list[tuple[Where, Mapping[str, Any]]]:
    """The tables of an array section, each with its context; checks count and unique ids."""
    ctx = Where(source, section)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        ctx.fail(None, f"must be an array of tables ([[{section}]])")
    expected = SECTION_COUNTS.get(section)
    if expected is not None and len(value) != expected:
        ctx.fail(None, f"has {len(value)} cards; a Toinc deck has exactly {expected}")
    result = []
    for index, item in enumerate(value):
        card_ctx = Where(source, section, index)
        card_id = _card_id(card_ctx, item)
        if card_id in seen:
            card_ctx.fail("id", f"duplicate card id {card_id!r} (already used at {seen[card_id]})")
        seen[card_id] = f"{section}[{index}]"
        card_ctx.card_id = card_id
        result.append((card_ctx, item))
    return result


def _card_id(ctx: Where, entry: Mapping[str, Any]) -> str:
    """The entry's ``id``: short letters, digits and dashes (used in typed actions)."""
    if "id" not in entry:
        ctx.fail("id", "missing required field")
    card_id = entry["id"]
    if not isinstance(card_id, str) or not _ID.fullmatch(card_id):
        ctx.fail("id", f"{show(card_id)} is not a card id (1-16 letters, digits, '-')")
    return card_id


def _player(ctx: Where, side: Side, entry: Mapping[str, Any]) -> PlayerCard:
    """A *carta de jogador*: position, statistics, bonuses and abilities."""
    check_keys(
        ctx,
        entry,
        required=("id", "position", "name"),
        optional=("stats", "bonuses", "abilities"),
    )
    positions = ATTACK_POSITIONS if side is Side.ATTACK else DEFENSE_POSITIONS
    position = entry["position"]
    if not isinstance(position, str) or position not in positions:
        other = DEFENSE_POSITIONS if side is Side.ATTACK else ATTACK_POSITIONS
        hint = f" (a {'defense' if side is Side.ATTACK else 'attack'} position)"
        hint = hint if position in other else ""
        ctx.fail(
            "position",
            f"{show(position)} is not {an(side.value)} position{hint}; "
            f"expected one of {', '.join(positions)}",
        )
    stats = _stats(ctx, position, entry.get("stats", {}))
    bonuses = _bonuses(ctx, side, entry.get("bonuses", []))
    abilities = _abilities(ctx, side, position, entry.get("abilities", []))
    return PlayerCard(
        id=ctx.card_id or "",
        side=side,
        position=position,
        name=text(ctx, "name", entry["name"]),
        stats=stats,
        bonuses=bonuses,
        abilities=abilities,
    )


def _stats(ctx: Where, position: str, value: object) -> dict[str, int]:
    """Estatísticas: each allowed for the position, an integer in `STAT_RANGE`."""
    given = table(ctx, "stats", value)
    allowed = POSITION_STATS[position]
    stats: dict[str, int] = {}
    for stat, number in given.items():
        if stat not in _ALL_STATS:
            ctx.fail(f"stats.{stat}", f"unknown statistic {show(stat)} (known: {', '.join(STATS)})")
        if stat not in allowed:
            usable = ", ".join(allowed) or "none"
            ctx.fail(f"stats.{stat}", f"a {position} cannot use {stat} (usable: {usable})")
        stats[stat] = integer(ctx, f"stats.{stat}", number, STAT_RANGE)
    if allowed and not stats:
        ctx.fail("stats", f"a {position} needs at least one of {', '.join(allowed)}")
    return stats


def _bonuses(ctx: Where, side: Side, value: object) -> tuple[Bonus, ...]:
    """Bônus: kind (allowed for the side), value and whether the opponent may contest it."""
    if not isinstance(value, list):
        ctx.fail("bonuses", "must be an array of tables {kind, value, contestable}")
    bonuses: list[Bonus] = []
    for index, item in enumerate(value):
        field = f"bonuses[{index}]"
        entry = table(ctx, field, item)
        check_keys(ctx, entry, ("kind", "value", "contestable"), (), prefix=field)
        kind = member(ctx, f"{field}.kind", entry["kind"], BonusKind)
        if kind not in SIDE_BONUSES[side]:
            allowed = ", ".join(SIDE_BONUSES[side])
            ctx.fail(f"{field}.kind", f"{kind} is not {an(side.value)} bonus ({allowed})")
        if any(bonus.kind is kind for bonus in bonuses):
            ctx.fail(f"{field}.kind", f"bonus {kind} given twice")
        amount = integer(ctx, f"{field}.value", entry["value"], BONUS_RANGE)
        contestable = boolean(ctx, f"{field}.contestable", entry["contestable"])
        bonuses.append(Bonus(kind, amount, contestable))
    return tuple(bonuses)


def _abilities(ctx: Where, side: Side, position: str, value: object) -> frozenset[Ability]:
    """Habilidades especiais; *Inelegível* exactly on the linha ofensiva (C, OG, OT)."""
    if not isinstance(value, list):
        ctx.fail("abilities", "must be an array of ability names")
    abilities: set[Ability] = set()
    for index, item in enumerate(value):
        ability = member(ctx, f"abilities[{index}]", item, Ability)
        if ability in abilities:
            ctx.fail(f"abilities[{index}]", f"ability {ability} given twice")
        abilities.add(ability)
    ineligible = Ability.INELIGIBLE in abilities
    if position in OFFENSIVE_LINE and not ineligible:
        ctx.fail("abilities", f"a {position} is always ineligible: add 'inelegivel'")
    if ineligible and position not in OFFENSIVE_LINE:
        ctx.fail("abilities", f"'inelegivel' belongs to C, OG and OT only, not to a {position}")
    return frozenset(abilities)


def _play(ctx: Where, side: Side, entry: Mapping[str, Any]) -> PlayCard:
    """A *carta de jogada*: the play and the leader statistic it requires."""
    check_keys(ctx, entry, required=("id", "play", "name"), optional=("requirement",))
    plays = ATTACK_PLAYS if side is Side.ATTACK else DEFENSE_PLAYS
    play = entry["play"]
    if not isinstance(play, str) or play not in plays:
        ctx.fail(
            "play", f"{show(play)} is not {an(side.value)} play; expected one of {', '.join(plays)}"
        )
    expected = PLAY_REQUIREMENT[play]
    if "requirement" in entry:
        requirement = entry["requirement"]
        if not isinstance(requirement, str) or requirement not in _ALL_STATS:
            ctx.fail("requirement", f"{show(requirement)} is not a statistic")
        if requirement != expected:
            wanted = "no requirement (DT + DE + LB)" if expected is None else repr(expected)
            ctx.fail("requirement", f"a {play} play requires {wanted}, not {requirement!r}")
    return PlayCard(
        id=ctx.card_id or "",
        side=side,
        play=play,
        name=text(ctx, "name", entry["name"]),
        requirement=expected,
    )


_OUTCOME_FIELDS: dict[OutcomeKind, tuple[tuple[str, ...], tuple[str, ...]]] = {
    OutcomeKind.ATTACK_SUCCESS: (("modifier",), ()),
    OutcomeKind.DEFENSE_SUCCESS: (("modifier", "effect"), ()),
    OutcomeKind.FOUL: (("foul_by", "spot"), ("yards", "automatic_first_down")),
}


def _outcomes(source: str, value: object, seen: dict[str, str]) -> tuple[OutcomeCard, ...]:
    """The *cartas de desfecho*, with the count of each kind."""
    entries = _entries(source, "outcome", value, seen)
    cards = tuple(_outcome(ctx, entry) for ctx, entry in entries)
    found = {kind: sum(1 for card in cards if card.kind is kind) for kind in OUTCOME_COUNTS}
    if found != OUTCOME_COUNTS:
        have = ", ".join(f"{count} {kind}" for kind, count in found.items())
        want = ", ".join(f"{count} {kind}" for kind, count in OUTCOME_COUNTS.items())
        Where(source, "outcome").fail("kind", f"has {have} cards; a Toinc deck has {want}")
    return cards


def _outcome(ctx: Where, entry: Mapping[str, Any]) -> OutcomeCard:
    """One outcome card; the fields it needs depend on its ``kind``."""
    if "kind" not in entry:
        ctx.fail("kind", "missing required field")
    kind = member(ctx, "kind", entry["kind"], OutcomeKind)
    required, optional = _OUTCOME_FIELDS[kind]
    for key in entry:
        if key not in ("id", "kind", "name", *required, *optional) and key in _ALL_OUTCOME_KEYS:
            ctx.fail(key, f"does not apply to {an(kind)} card")
    check_keys(ctx, entry, ("id", "kind", "name", *required), optional)
    name = text(ctx, "name", entry["name"])
    card_id = ctx.card_id or ""
    if kind is not OutcomeKind.FOUL:
        modifier = integer(ctx, "modifier", entry["modifier"], MODIFIER_RANGE)
        effect = None
        if kind is OutcomeKind.DEFENSE_SUCCESS:
            effect = member(ctx, "effect", entry["effect"], DefenseEffect)
        return OutcomeCard(card_id, kind, name, modifier=modifier, effect=effect)
    foul_by = member(ctx, "foul_by", entry["foul_by"], FoulBy)
    spot = member(ctx, "spot", entry["spot"], FoulSpot)
    if spot is FoulSpot.AT_SPOT:
        if foul_by is not FoulBy.DEFENSE:
            ctx.fail("spot", "only a defensive (DEF) foul such as Pass Interference is at the spot")
        if "yards" in entry:
            ctx.fail("yards", "a foul placed at the spot has no fixed yards")
        yards = 0
    else:
        if "yards" not in entry:
            ctx.fail("yards", f"missing required field (a foul measured from the play {spot})")
        yards = integer(ctx, "yards", entry["yards"], FOUL_YARDS_RANGE)
    first_down = boolean(ctx, "automatic_first_down", entry.get("automatic_first_down", False))
    if first_down and foul_by is not FoulBy.DEFENSE:
        ctx.fail("automatic_first_down", "only defensive (DEF) fouls give an automatic 1st down")
    return OutcomeCard(
        card_id,
        kind,
        name,
        foul_by=foul_by,
        yards=yards,
        spot=spot,
        automatic_first_down=first_down,
    )


_ALL_STATS = frozenset(STATS)
_ALL_OUTCOME_KEYS = frozenset(
    key for pair in _OUTCOME_FIELDS.values() for key in (*pair[0], *pair[1])
)
