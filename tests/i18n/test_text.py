"""Text translated when it is read (issue 20): the locale, `Text` and the event log."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.core.i18n import Seat, T, Text, Tn

NAMES = st.from_regex(r"[a-z]{1,8}", fullmatch=True)
VALUES = st.recursive(
    st.text(max_size=20) | st.integers(-(10**9), 10**9) | st.floats(allow_nan=False, width=32),
    lambda inner: (
        st.builds(
            lambda message, args: Text(message, dict(args)),
            st.text(max_size=20),
            st.dictionaries(NAMES, inner, max_size=3),
        )
        | st.lists(inner, max_size=3).map(tuple)
    ),
    max_leaves=8,
)


@given(st.text(max_size=30), st.dictionaries(NAMES, VALUES, max_size=4))
def test_a_text_survives_its_json(message: str, args: dict[str, i18n.Arg]) -> None:
    """to_json / from_json: the same message, fields and values, through real JSON."""
    text = Text(message, dict(args))
    again = Text.from_json(json.loads(json.dumps(text.to_json())))
    assert again == text


def test_a_text_reads_in_the_readers_language() -> None:
    line = T("Pass the device to {name}", name="Ana")
    assert str(line) == "Pass the device to Ana"
    with i18n.using("pt-BR"):
        assert str(line) == "Passe o aparelho para Ana"
    with i18n.using("it"):
        assert str(line) == "Passa il dispositivo a Ana"


def test_a_field_that_is_a_text_is_translated_too_and_a_tuple_joined() -> None:
    rolls = tuple(T("{player} rolls {value}", player=Seat(s), value=v) for s, v in ((0, 5), (1, 2)))
    line = T("Opening roll: {rolls}", rolls=rolls)
    assert str(line) == "Opening roll: player 1 rolls 5, player 2 rolls 2"
    with i18n.using("pt-BR"):
        assert str(line) == "Rolagem inicial: jogador 1 tira 5, jogador 2 tira 2"


def test_a_seat_is_written_with_its_players_name_where_the_page_knows_it() -> None:
    """A `Seat` is never the engine's number: "player N" counted from 1, or the name the
    reader's page gives it; it survives a round trip through JSON."""
    line = T("{player} rolls {value}", player=Seat(1), value=3)
    assert str(line) == "player 2 rolls 3"
    with i18n.naming_players(("Ana", "computer (medium)")):
        assert str(line) == "computer (medium) rolls 3"
        with i18n.using("it"):
            assert str(line) == "computer (medium) tira 3"
    assert Text.from_json(line.to_json()) == line
    assert line.to_json() == ["{player} rolls {value}", {"player": {"seat": 1}, "value": 3}]


def test_numbers_are_written_the_locales_way() -> None:
    line = T("{count} players", count=1234)
    assert str(line) == "1,234 players"
    with i18n.using("pt-BR"):
        assert str(line) == "1.234 jogadores"
    with i18n.using("it"):
        assert str(line) == "1.234 giocatori"


def test_a_plural_follows_the_locales_rule() -> None:
    """English says 1 thing, 0 things; Brazilian Portuguese's rule counts 0 as singular."""
    assert str(Tn("{n} card", "{n} cards", 1)) == "1 card"
    assert str(Tn("{n} card", "{n} cards", 0)) == "0 cards"
    assert i18n.translations("pt-BR").plural(0) == 0  # type: ignore[attr-defined]
    assert i18n.translations("it").plural(0) == 1  # type: ignore[attr-defined]


def test_a_verbatim_string_is_never_read_as_a_message() -> None:
    """A person's text given as a field is shown as written, braces and all."""
    assert str(T("{name} wins", name="{Ana}")) == "{Ana} wins"


@given(st.text(max_size=200))
def test_any_accept_language_header_gives_a_spoken_locale(header: str) -> None:
    assert i18n.from_accept_language(header) in i18n.locales()


def test_accept_language_weights_and_regions() -> None:
    assert i18n.from_accept_language("it-IT,it;q=0.9,en;q=0.8") == "it"
    assert i18n.from_accept_language("de-DE, pt-PT;q=0.5, en;q=0.4") == "pt-BR"
    assert i18n.from_accept_language("en;q=0.2, pt-br") == "pt-BR"
    assert i18n.from_accept_language("de, fr") == "en"
    assert i18n.from_accept_language("it;q=0, en") == "en"


def test_posix_locale_names() -> None:
    assert i18n.from_environment("pt_BR.UTF-8") == "pt-BR"
    assert i18n.from_environment("it_IT.UTF-8@euro") == "it"
    assert i18n.from_environment("C.UTF-8") is None
    assert i18n.from_environment("de_DE") is None


def test_the_same_log_reads_in_each_readers_language() -> None:
    """A game's log is kept as messages: a Brazilian and an Italian spectator each read
    the same line in their own language, and a saved state keeps it so."""
    game = games.load("toxicity")
    state = game.new_game(3)
    english = state.observation(None)["events"]
    opening = next(line for line in english if line.startswith("Opening roll: "))
    with i18n.using("pt-BR"):
        portuguese = state.observation(None)["events"]
    with i18n.using("it"):
        italian = game.state_from_json(json.loads(json.dumps(state.to_json()))).observation(None)
    index = english.index(opening)
    assert portuguese[index].startswith("Rolagem inicial: jogador 1 tira ")
    assert italian["events"][index].startswith("Tiro iniziale: giocatore 1 tira ")


def test_a_state_saved_with_english_lines_still_loads() -> None:
    """States saved before the log kept messages hold plain lines: they load as they were."""
    game = games.load("toxicity")
    data = game.new_game(3).to_json()
    data["events"] = [["An old line {with braces}", None]]
    again = game.state_from_json(data)
    assert again.observation(None)["events"] == ["An old line {with braces}"]
