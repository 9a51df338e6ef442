"""The Toinc guide explains every mark a card face shows (issue 19: what `LM 2` means).

The board (`board/cards.js`, `terms`) keys each face's marks as `position:`, `stat:`,
`bonus:`, `ability:`, `play:` and `outcome:`; this builds the same keys from every card
of the default deck and asks the guide for each.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.toinc.deck import load_deck
from ludoteca.games.toinc.faces import card_face
from ludoteca.games.toinc.game import ToincGame


def _keys(face: dict[str, Any]) -> list[str]:
    """The guide keys of one face, as the board's `terms(face)` makes them."""
    if face["kind"] == "outcome":
        return [f"outcome:{face['outcome']}", "desfecho"]
    if face["kind"] == "play":
        return [f"play:{face['play']}"]
    return [
        f"position:{face['position']}",
        *(f"stat:{stat}" for stat in face["stats"]),
        *(f"bonus:{bonus.split('+')[0]}" for bonus in face["bonuses"]),
        *(f"ability:{ability}" for ability in face["abilities"]),
    ]


def test_every_mark_of_every_default_card_is_explained() -> None:
    deck = load_deck()
    terms = ToincGame.guide().terms
    cards = (*deck.attack, *deck.defense, *deck.outcome)
    missing = {key for card in cards for key in _keys(card_face(card)) if key not in terms}
    assert missing == set()


def test_a_statistic_is_explained_from_the_rulebooks_abbreviations() -> None:
    """Abreviações: "LM: ... estatística de jogador líder de defesa – contestar um
    lançamento médio"; "TER: ... contestar qualquer tipo de jogo terrestre"."""
    terms = ToincGame.guide().terms
    assert terms["stat:LM"] == "LM: contest a medium pass"
    assert terms["stat:TER"] == "TER: contest any run"
    assert "contest" in terms["bonus:SACK"] and "sacks" in terms["bonus:SACK"]
