"""Card faces as terminal text (faces.card_text), checked against the default deck."""

from __future__ import annotations

import pytest

from ludoteca.games.toinc.cards import Deck, OutcomeCard, PlayerCard
from ludoteca.games.toinc.deck import load_deck
from ludoteca.games.toinc.faces import ABILITY_LONG, card_text
from ludoteca.games.toinc.game import ToincGame


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def test_short_face_is_one_markup_safe_line_per_card(deck: Deck) -> None:
    """Every card prints as one line starting with its name, never its id (a person reads
    the card), without rich markup brackets."""
    texts = [card_text(card) for card in (*deck.attack, *deck.defense, *deck.outcome)]
    for card, text in zip((*deck.attack, *deck.defense, *deck.outcome), texts, strict=True):
        assert text.startswith(f"{card.name}")
        assert card.id not in text
        assert "\n" not in text and "[" not in text


@pytest.mark.parametrize(
    ("card_id", "expected"),
    [
        ("OG-2", "Offensive Guard  BL 4  TERRESTRE+3*  Inelegível"),
        ("QB-3", "Quarterback  CC 1 HM 3  TERRESTRE+1 AÉREO+2"),
        ("CB-3", "Cornerback  LC+2 LM+2"),
        ("P-LL-1", "Lançamento Longo  leader RL"),
        ("D-B-1", "Blitz  leader DT+DE+LB"),
        ("O-ATK-10", "Breakaway  ATAQUE +d6x5 yd"),
        (
            "O-DEF-10",
            "Interceptação  DEFESA -d6x2 yd, interception: defense takes the ball",
        ),
        ("O-FOUL-4", "Pass Interference  FALTA DEF at the spot, 1st down"),
        ("O-FOUL-9", "Illegal Block in the Back  FALTA ATQ -10 yd from end"),
    ],
)
def test_short_faces(deck: Deck, card_id: str, expected: str) -> None:
    """Bônus: ``*`` marks a contestable bonus (C/OG/OT, DT/DE/LB); QB, CB, S bonuses have none."""
    assert card_text(deck.card(card_id)) == expected


def test_long_face_explains_stats_bonuses_and_abilities(deck: Deck) -> None:
    """The long face has one line per statistic, bonus and ability (Habilidades especiais)."""
    for card in (*deck.attack, *deck.defense):
        lines = card_text(card, long=True).splitlines()
        assert lines[0].startswith(card.name) and card.id not in lines[0]
        if isinstance(card, PlayerCard):
            assert len(lines) == 1 + len(card.stats) + len(card.bonuses) + len(card.abilities)
            for ability in card.abilities:
                assert f"  {ABILITY_LONG[ability]}" in lines
        else:
            assert len(lines) == 2
    og1 = card_text(deck.card("OG-1"), long=True)
    assert "TERRESTRE+3*: +3 on every run (contestable)" in og1
    assert "Força Descomunal: contests up to two bonus players" in og1


def test_long_outcome_face_states_where_a_foul_is_measured(deck: Deck) -> None:
    """Analisando textos descritivos de faltas: begin / end / at the spot, and declinable."""
    outcome = {card.id: card for card in deck.outcome}
    start = card_text(outcome["O-FOUL-8"], long=True)
    assert "from where the play began" in start and "declinable" in start
    assert "from where the play ended" in card_text(outcome["O-FOUL-5"], long=True)
    spot = card_text(outcome["O-FOUL-4"], long=True)
    assert "at the spot" in spot and "automatic 1st down" in spot
    loss: OutcomeCard = outcome["O-DEF-1"]
    assert card_text(loss, long=True).endswith("the attack loses d6 x modifier yards")


@pytest.mark.parametrize(
    ("locale", "glosses"),
    [
        ("en", {"ATAQUE": "attack success", "DEFESA": "defense success", "FALTA": "foul",
                "TERRESTRE": "every run", "AÉREO": "every pass"}),
        ("it", {"ATAQUE": "successo d'attacco", "DEFESA": "successo di difesa",
                "FALTA": "fallo", "TERRESTRE": "ogni corsa", "AÉREO": "ogni passaggio"}),
        ("pt-BR", {"ATAQUE": "sucesso de ataque", "DEFESA": "sucesso de defesa",
                   "FALTA": "jardas contra", "TERRESTRE": "toda corrida",
                   "AÉREO": "todo lançamento"}),
    ],
)  # fmt: skip
def test_the_printed_card_words_are_glossed_in_the_readers_language(
    locale: str, glosses: dict[str, str]
) -> None:
    """docs/rules/toinc.md, *The cards' printed words*: faces keep the deck's words in
    every language, and the help line's term for each explains it in the reader's."""
    terms = ToincGame.guide(locale).terms
    keys = {
        "ATAQUE": "outcome:attack-success",
        "DEFESA": "outcome:defense-success",
        "FALTA": "outcome:foul",
        "TERRESTRE": "bonus:TERRESTRE",
        "AÉREO": "bonus:AÉREO",
    }
    for word, gloss in glosses.items():
        term = terms[keys[word]]
        assert term.startswith(word) and gloss in term, (word, term)
