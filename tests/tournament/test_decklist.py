"""Deck list checker: rulebook, *Limite de Tamanho dos Decks* and *Cartas Restritas*."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.errors import DataFileError
from ludoteca.tournament.decklist import (
    DeckList,
    DeckRules,
    check_deck,
    deck_rules,
    load_deck,
    load_plot_allowance,
    load_restricted,
    parse_deck_text,
    parse_deck_toml,
)

PLOTS = {f"Plot {i}": 1 for i in range(1, 8)}
DRAW = {f"Card {i}": 3 for i in range(1, 21)}  # 60 cards
LEGAL = DeckList(PLOTS, DRAW)
NO_RULES = deck_rules(plot_allowance={})


def _rules_broken(deck: DeckList, rules: DeckRules = NO_RULES) -> list[str]:
    return [v.rule for v in check_deck(deck, rules)]


def test_legal_deck_has_no_violation() -> None:
    """Limite de Tamanho dos Decks: 60 draw cards and 7 different plots pass."""
    assert check_deck(LEGAL, NO_RULES) == []


@given(st.integers(min_value=0, max_value=120))
def test_draw_deck_needs_sixty_cards(size: int) -> None:
    """ "os decks devem conter um mínimo de 60 cartas. Não existe tamanho máximo"."""
    deck = DeckList(PLOTS, {"Card": size} if size else {})
    assert ("draw-size" in _rules_broken(deck)) == (size < 60)


@given(st.integers(min_value=0, max_value=12))
def test_plot_deck_needs_exactly_seven(size: int) -> None:
    """ "O deck de plano deve possuir exatamente sete cartas"."""
    deck = DeckList({f"Plot {i}": 1 for i in range(size)}, DRAW)
    assert ("plot-size" in _rules_broken(deck)) == (size != 7)


def test_repeated_plot_title_is_a_violation_unless_allowed() -> None:
    """ "não podem possuir mais de uma carta com o mesmo título (a não ser que a própria
    carta diga o contrário)": the allow-list is the card saying otherwise."""
    plots = {**{f"Plot {i}": 1 for i in range(1, 6)}, "Wildfire": 2}
    deck = DeckList(plots, DRAW)
    violations = check_deck(deck, NO_RULES)
    assert [v.rule for v in violations] == ["plot-repeat"]
    assert "2 copies of 'Wildfire'; at most 1" in violations[0].message
    assert check_deck(deck, deck_rules(plot_allowance={"wildfire": 2})) == []


def test_titles_differing_only_in_case_are_the_same_plot() -> None:
    """Titles compare case-insensitively, so a repeat cannot hide behind spelling."""
    plots = {**{f"Plot {i}": 1 for i in range(1, 6)}, "Wildfire": 1, "WILDFIRE": 1}
    assert _rules_broken(DeckList(plots, DRAW)) == ["plot-repeat"]


def test_at_most_one_restricted_card_up_to_three_copies() -> None:
    """Cartas Restritas: "apenas uma carta (podendo ter 3 cópias dessa carta)"."""
    draw = {**DRAW, "Treachery": 3}
    assert _rules_broken(DeckList(PLOTS, draw), deck_rules(["Treachery"], {})) == []
    draw["Doran's Game"] = 1
    violations = check_deck(
        DeckList(PLOTS, draw), deck_rules(["treachery", "Doran's Game"], plot_allowance={})
    )
    assert [v.rule for v in violations] == ["restricted"]
    assert "Doran's Game, Treachery" in violations[0].message


def test_a_fourth_copy_of_the_restricted_card_is_refused() -> None:
    """Cartas Restritas: *"podendo ter 3 cópias dessa carta"*: three copies pass, a
    fourth (counted across spellings and both decks) does not."""
    rules = deck_rules(["Treachery"], plot_allowance={})
    assert _rules_broken(DeckList(PLOTS, {**DRAW, "Treachery": 3}), rules) == []
    deck = DeckList(PLOTS, {**DRAW, "Treachery": 3, "TREACHERY": 1})
    violations = check_deck(deck, rules)
    assert [v.rule for v in violations] == ["restricted-copies"]
    assert "4 copies" in violations[0].message and "at most 3" in violations[0].message


def test_every_violation_is_named() -> None:
    """The output names each broken rule, not only the first."""
    deck = DeckList({"Same": 2, "Other": 1}, {"Treachery": 3, "Doran's Game": 3})
    rules = deck_rules(["Treachery", "Doran's Game"], plot_allowance={})
    assert sorted(v.rule for v in check_deck(deck, rules)) == [
        "draw-size",
        "plot-repeat",
        "plot-size",
        "restricted",
    ]


def test_toml_and_text_formats_read_the_same_deck(tmp_path: Path) -> None:
    """The two documented deck-list formats."""
    toml_file = tmp_path / "deck.toml"
    toml_file.write_text(
        'name = "Stark"\n[plot]\n"A Noble Cause" = 1\n[draw]\n"Eddard Stark" = 3\n',
        encoding="utf-8",
    )
    text_file = tmp_path / "deck.txt"
    text_file.write_text(
        "# my deck\nPlot:\n1x A Noble Cause\n\nDraw:\n2x Eddard Stark\n1 Eddard Stark\n",
        encoding="utf-8",
    )
    from_toml, from_text = load_deck(toml_file), load_deck(text_file)
    assert from_toml.name == "Stark"
    assert (from_toml.plot, from_toml.draw) == (from_text.plot, from_text.draw)
    assert dict(from_text.draw) == {"Eddard Stark": 3}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[plot]\n", r"missing the \[draw\] table"),
        ('[plot]\n"A" = 0\n[draw]\n', r"\[plot\]: 'A' copies must be a whole number >= 1"),
        ("[plot]\n[draw]\nfaction = 3\n[extra]\n", "unknown field"),
        ("[plot\n", "not valid TOML"),
    ],
)
def test_malformed_toml_deck_is_refused(text: str, message: str) -> None:
    """A malformed deck list names the file and the field."""
    with pytest.raises(DataFileError, match=message):
        parse_deck_toml(text, "deck.toml")


def test_malformed_text_deck_names_the_line() -> None:
    """A text deck list line that is not 'N Title' is refused with its line number."""
    with pytest.raises(DataFileError, match="line 2: expected '3x Card Title'"):
        parse_deck_text("Plot:\nA Noble Cause\n")
    with pytest.raises(DataFileError, match="line 1: card before"):
        parse_deck_text("1x A Noble Cause\n")


def test_restricted_list_file(tmp_path: Path) -> None:
    """Cartas Restritas: the organizer loads the current list from a file."""
    path = tmp_path / "restricted.toml"
    path.write_text('restricted = ["Treachery", "Doran\'s Game"]\n', encoding="utf-8")
    assert load_restricted(path) == {"treachery", "doran's game"}
    path.write_text("restricted = [1]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"restricted\.toml: 'restricted' must be a list"):
        load_restricted(path)


def test_plot_allow_list_file(tmp_path: Path) -> None:
    """The packaged allow-list loads, and a malformed entry names file, entry and field."""
    assert load_plot_allowance() == {}
    path = tmp_path / "allow.toml"
    path.write_text('[[plot]]\ntitle = "Wildfire"\nmax_copies = 2\n', encoding="utf-8")
    assert load_plot_allowance(path) == {"wildfire": 2}
    path.write_text('[[plot]]\ntitle = "Wildfire"\nmax_copies = 1\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"allow.toml plot\[0\].max_copies"):
        load_plot_allowance(path)
