"""docs/rules/toinc-deck.md lists every card of the default deck exactly as it is."""

from __future__ import annotations

import re
from pathlib import Path

from ludoteca.games.toinc.cards import FoulBy, FoulSpot, OutcomeKind, PlayCard, PlayerCard
from ludoteca.games.toinc.deck import load_deck
from ludoteca.games.toinc.faces import ABILITY_SHORT, bonus_text

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "toinc-deck.md"
MEASURED = {
    FoulSpot.PLAY_START: "from where the play began",
    FoulSpot.PLAY_END: "from where the play ended",
    FoulSpot.AT_SPOT: "ball placed at the spot",
}


def expected_row(card: PlayerCard | PlayCard) -> str:
    """The start of the card's row in the deck tables."""
    if isinstance(card, PlayerCard):
        stats = " ".join(f"{stat} {value}" for stat, value in card.stats.items()) or "-"
        bonuses = " ".join(bonus_text(bonus) for bonus in card.bonuses) or "-"
        abilities = ", ".join(ABILITY_SHORT[a] for a in sorted(card.abilities)) or "-"
        return f"| {card.id} | {card.position} | {stats} | {bonuses} | {abilities} |"
    requirement = card.requirement or "DT + DE + LB"
    return f"| {card.id} | {card.play} | {card.name} | {requirement} |"


def test_doc_table_lists_every_card_as_in_the_deck() -> None:
    """Data design documented: one table row per card of decks/default.toml, same values."""
    text = DOC.read_text(encoding="utf-8")
    deck = load_deck()
    rows = []
    for card in (*deck.attack, *deck.defense):
        rows.append(expected_row(card))
    for outcome in deck.outcome:
        start = f"| {outcome.id} | {outcome.name} |"
        if outcome.kind is OutcomeKind.ATTACK_SUCCESS:
            rows.append(f"{start} +d6 x {outcome.modifier} |")
        elif outcome.kind is OutcomeKind.DEFENSE_SUCCESS:
            assert outcome.effect is not None
            rows.append(f"{start} {outcome.effect.value} | -d6 x {outcome.modifier} |")
        else:
            assert outcome.foul_by is not None and outcome.spot is not None
            sign = "+" if outcome.foul_by is FoulBy.DEFENSE else "-"
            yards = "-" if outcome.spot is FoulSpot.AT_SPOT else f"{sign}{outcome.yards}"
            first = "yes" if outcome.automatic_first_down else "no"
            by = outcome.foul_by.value
            rows.append(f"{start} {by} | {yards} | {MEASURED[outcome.spot]} | {first} |")
    for row in rows:
        assert row in text, row
    table_ids = re.findall(r"^\| ([A-Z]+(?:-[A-Z]+)*-\d+) \|", text, flags=re.MULTILINE)
    assert len(table_ids) == len(set(table_ids)) == 100
