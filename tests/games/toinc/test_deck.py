"""The default deck (decks/default.toml) against the rulebook's components and positions."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from ludoteca.games.toinc.cards import (
    ATTACK_CONTESTERS,
    ATTACK_POSITIONS,
    DEFENSE_CONTESTERS,
    DEFENSE_POSITIONS,
    OFFENSIVE_LINE,
    Ability,
    Bonus,
    BonusKind,
    Deck,
    DefenseEffect,
    FoulBy,
    FoulSpot,
    OutcomeKind,
    PlayCard,
    PlayerCard,
    Side,
)
from ludoteca.games.toinc.deck import PLAY_REQUIREMENT, load_deck

T, A = BonusKind.TERRESTRE, BonusKind.AEREO

RULEBOOK_BONUSES: dict[str, set[Bonus]] = {
    # Jogadores de Ataque: QB "+1 para jogadas terrestres e bônus +2 para jogadas aéreas
    # (não contestáveis)"; C +1, OT +2, OG +3 "para jogadas terrestres (contestável)".
    "QB": {Bonus(T, 1, False), Bonus(A, 2, False)},
    "RB": set(),
    "WR": set(),
    "TE": set(),
    "C": {Bonus(T, 1, True)},
    "OT": {Bonus(T, 2, True)},
    "OG": {Bonus(T, 3, True)},
    # Jogadores de Defesa: DT +2, DE +3, LB +1 "para jogadas de Sack (contestável)";
    # CB "+2 para lançamentos curtos (LC) e médios (LM) (não contestável)"; S "+2 para
    # lançamentos longos (LL) (não contestável)".
    "DT": {Bonus(BonusKind.SACK, 2, True)},
    "DE": {Bonus(BonusKind.SACK, 3, True)},
    "LB": {Bonus(BonusKind.SACK, 1, True)},
    "CB": {Bonus(BonusKind.LC, 2, False), Bonus(BonusKind.LM, 2, False)},
    "S": {Bonus(BonusKind.LL, 2, False)},
}


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def players(cards: tuple[PlayerCard | PlayCard, ...]) -> list[PlayerCard]:
    return [card for card in cards if isinstance(card, PlayerCard)]


def plays(cards: tuple[PlayerCard | PlayCard, ...]) -> list[PlayCard]:
    return [card for card in cards if isinstance(card, PlayCard)]


def test_componentes_do_jogo_counts(deck: Deck) -> None:
    """Componentes do Jogo: attack 26 + 14, defense 22 + 8, outcome 10 + 10 + 10."""
    assert (len(players(deck.attack)), len(plays(deck.attack))) == (26, 14)
    assert (len(players(deck.defense)), len(plays(deck.defense))) == (22, 8)
    kinds = Counter(card.kind for card in deck.outcome)
    assert kinds == {
        OutcomeKind.ATTACK_SUCCESS: 10,
        OutcomeKind.DEFENSE_SUCCESS: 10,
        OutcomeKind.FOUL: 10,
    }


def test_cards_sit_in_their_side_deck(deck: Deck) -> None:
    """Os 3 decks: red attack deck (attack players and plays), blue defense deck."""
    assert all(card.side is Side.ATTACK for card in deck.attack)
    assert all(card.side is Side.DEFENSE for card in deck.defense)
    assert {card.position for card in players(deck.attack)} == set(ATTACK_POSITIONS)
    assert {card.position for card in players(deck.defense)} == set(DEFENSE_POSITIONS)


def test_every_position_has_at_least_two_cards(deck: Deck) -> None:
    """Jogadores de ataque/defesa: each of the 12 positions appears at least twice."""
    counts = Counter(card.position for card in players(deck.attack) + players(deck.defense))
    assert all(counts[position] >= 2 for position in (*ATTACK_POSITIONS, *DEFENSE_POSITIONS))


def test_per_position_bonuses_match_the_rulebook(deck: Deck) -> None:
    """Jogadores de Ataque / de Defesa: each card offers exactly its position's bonuses."""
    for card in players(deck.attack) + players(deck.defense):
        assert set(card.bonuses) == RULEBOOK_BONUSES[card.position], card.id


def test_offensive_line_and_only_it_is_ineligible(deck: Deck) -> None:
    """Jogadores elegíveis: "sempre são considerados inelegíveis ... (C - OG - OT)"."""
    for card in players(deck.attack):
        assert card.has(Ability.INELIGIBLE) == (card.position in OFFENSIVE_LINE), card.id
    assert not any(card.has(Ability.INELIGIBLE) for card in players(deck.defense))


def test_every_ability_appears(deck: Deck) -> None:
    """Habilidades especiais: each of the four icons is on some card of the set."""
    found = {ability for card in players(deck.attack + deck.defense) for ability in card.abilities}
    assert found == set(Ability)


def test_sorte_never_with_agilidade_extrema(deck: Deck) -> None:
    """Habilidades: Sorte never meets Agilidade Extrema; Força Descomunal only on contesters."""
    both = {Ability.LUCK, Ability.EXTREME_AGILITY}
    assert not [card.id for card in players(deck.attack + deck.defense) if both <= card.abilities]
    strong = [c for c in players(deck.attack + deck.defense) if c.has(Ability.SUPERHUMAN_STRENGTH)]
    assert {c.position for c in strong} <= {*ATTACK_CONTESTERS, *DEFENSE_CONTESTERS}


def eligible_leaders(deck: Deck, stat: str) -> list[PlayerCard]:
    return [
        card
        for card in players(deck.attack)
        if card.stat(stat) > 0 and not card.has(Ability.INELIGIBLE)
    ]


def test_every_attack_play_can_be_led_by_two_cards(deck: Deck) -> None:
    """Jogador líder: each attack play in the deck has at least two possible leaders.

    Corridas (RB - QB), Lançamentos (TE - WR) and Hail Mary (a QB with HM plus a WR with RL).
    """
    for card in plays(deck.attack):
        assert card.requirement == PLAY_REQUIREMENT[card.play]
        assert card.requirement is not None
        leaders = eligible_leaders(deck, card.requirement)
        assert len(leaders) >= 2, card.id
        if card.play in ("CC", "CM", "CL"):
            assert {leader.position for leader in leaders} <= {"RB", "QB"}
        elif card.play in ("LC", "LM", "LL"):
            assert {leader.position for leader in leaders} <= {"WR", "TE"}
        else:
            assert {leader.position for leader in leaders} == {"QB"}
            receivers = [c for c in eligible_leaders(deck, "RL") if c.position == "WR"]
            assert len(receivers) >= 2


def test_every_defense_play_can_be_led_by_two_cards(deck: Deck) -> None:
    """Sack: a leader with SA among DT - DE - LB; Blitz: at least one DT, DE and LB each."""
    defenders = players(deck.defense)
    for card in plays(deck.defense):
        if card.play == "SA":
            leaders = [c for c in defenders if c.stat("SA") and c.position in DEFENSE_CONTESTERS]
            assert len(leaders) >= 2, card.id
        else:
            assert card.requirement is None
            for position in ("DT", "DE", "LB"):
                assert sum(1 for c in defenders if c.position == position) >= 2


def test_every_play_can_be_contested_by_two_cards(deck: Deck) -> None:
    """Fases 4 and 7: two contester leaders for each play (BL; TER, LC, LM, LL)."""
    blockers = [c for c in players(deck.attack) if c.stat("BL") and c.position in ATTACK_CONTESTERS]
    assert len(blockers) >= 2
    line = [c for c in players(deck.defense) if c.position in DEFENSE_CONTESTERS]
    for stat in ("TER", "LC", "LM", "LL"):
        assert sum(1 for card in line if card.stat(stat)) >= 2, stat


def test_attack_play_spread(deck: Deck) -> None:
    """Jogadas de ataque: all seven plays are in the deck; Sack and Blitz in the defense."""
    assert {card.play for card in plays(deck.attack)} == set(PLAY_REQUIREMENT) - {"SA", "B"}
    assert {card.play for card in plays(deck.defense)} == {"SA", "B"}


def test_outcome_successes_are_d6_times_a_modifier(deck: Deck) -> None:
    """Desfechos: successes move d6 x modifier; Fumble and Interceptação also lose yards."""
    for card in deck.outcome:
        if card.kind is not OutcomeKind.FOUL:
            assert card.modifier >= 1, card.id
    effects = Counter(c.effect for c in deck.outcome if c.kind is OutcomeKind.DEFENSE_SUCCESS)
    assert effects[DefenseEffect.FUMBLE] >= 1
    assert effects[DefenseEffect.INTERCEPTION] >= 1
    assert effects[DefenseEffect.LOSS] >= 1


def test_fouls_cover_every_kind_of_text(deck: Deck) -> None:
    """Desfechos, faltas: DEF and ATQ fouls, from where the play began and ended, a Pass
    Interference at the spot, and automatic 1st downs on defensive fouls only."""
    fouls = [card for card in deck.outcome if card.kind is OutcomeKind.FOUL]
    assert {(c.foul_by, c.spot) for c in fouls} >= {
        (FoulBy.DEFENSE, FoulSpot.PLAY_START),
        (FoulBy.DEFENSE, FoulSpot.PLAY_END),
        (FoulBy.ATTACK, FoulSpot.PLAY_START),
        (FoulBy.ATTACK, FoulSpot.PLAY_END),
    }
    at_spot = [c for c in fouls if c.spot is FoulSpot.AT_SPOT]
    assert [c.name for c in at_spot] == ["Pass Interference"]
    assert all(c.foul_by is FoulBy.DEFENSE and c.yards == 0 for c in at_spot)
    assert all(c.yards > 0 for c in fouls if c.spot is not FoulSpot.AT_SPOT)
    assert any(c.automatic_first_down for c in fouls)
    assert all(c.foul_by is FoulBy.DEFENSE for c in fouls if c.automatic_first_down)


def test_card_ids_follow_the_stable_scheme(deck: Deck) -> None:
    """Card ids (used in actions like ``discard:OG-2``) follow one documented scheme."""
    for card in (*deck.attack, *deck.defense):
        if isinstance(card, PlayerCard):
            assert re.fullmatch(rf"{card.position}-\d+", card.id), card.id
        else:
            prefix = "P" if card.side is Side.ATTACK else "D"
            assert re.fullmatch(rf"{prefix}-{card.play}-\d+", card.id), card.id
    prefixes = {
        OutcomeKind.ATTACK_SUCCESS: "O-ATK",
        OutcomeKind.DEFENSE_SUCCESS: "O-DEF",
        OutcomeKind.FOUL: "O-FOUL",
    }
    for outcome in deck.outcome:
        assert re.fullmatch(rf"{prefixes[outcome.kind]}-\d+", outcome.id), outcome.id
    ids = [card.id for card in (*deck.attack, *deck.defense, *deck.outcome)]
    assert len(ids) == len(set(ids)) == 100


def test_default_deck_is_the_packaged_file(deck: Deck) -> None:
    """load_deck() (None) reads the same file as load_deck(path), parsed once per process."""
    resource = resources.files("ludoteca.games.toinc").joinpath("decks", "default.toml")
    with resources.as_file(resource) as path:
        assert load_deck(Path(path)) == deck
    assert deck.card("OG-2") == next(c for c in deck.attack if c.id == "OG-2")
    assert load_deck() is load_deck()
