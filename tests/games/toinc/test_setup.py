"""Preparação, options, hidden information, rendering."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ludoteca import games
from ludoteca.core import DataFileError, OptionError
from ludoteca.core.datafile import file_content
from ludoteca.games.toinc.faces import card_text
from ludoteca.games.toinc.fields import Phase
from ludoteca.games.toinc.render import field_strip
from tests.games.toinc.toinc_helpers import SCRIPTED_DECK, TOKEN, at_play, check_conservation, game


def test_info_declares_two_seats_hidden_information_and_chance() -> None:
    """Ficha Técnica: 2 players; hands are hidden and dice decide."""
    info = games.info("toinc")
    assert (info.min_seats, info.max_seats) == (2, 2)
    assert info.hidden_information and info.chance and not info.simultaneous
    assert info.variants == ("two-deck", "single-deck")


def test_bad_options_are_refused() -> None:
    """Bad input: an unknown variant or length is one clear OptionError."""
    with pytest.raises(OptionError, match="variant"):
        games.load("toinc", variant="three-deck")
    with pytest.raises(OptionError, match="length"):
        games.load("toinc", length="endless")


def test_custom_deck_is_loaded_and_validated(tmp_path: Path) -> None:
    """Bad input: a custom deck with an unknown statistic names file, card and field."""
    bad = tmp_path / "bad.toml"
    text = SCRIPTED_DECK.read_text(encoding="utf-8")
    bad.write_text(text.replace("stats = { BL = 4 }", "stats = { XX = 4 }", 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"bad\.toml.*stats"):
        games.load("toinc", deck=file_content(bad))
    assert len(game(deck=file_content(SCRIPTED_DECK)).cards) == 100
    assert len(game(variant="two-deck").cards) == 200


def test_hidden_hand_guess_right_and_wrong() -> None:
    """Preparação 4: a right guess wins the ball; a wrong one leaves it with the hider."""
    g = game()
    s = g.new_game(1)
    assert s.phase == Phase.HIDE and s.current_player == 0
    s.apply("hide:left")
    assert s.phase == Phase.GUESS and s.current_player == 1
    assert s.observation(0)["marker"] == "left" and "marker" not in s.observation(1)
    s.apply("guess:left")
    assert s.offense == 1 and s.opening == 1 and s.phase == Phase.DISCARD
    s = g.new_game(1)
    s.apply("hide:right")
    s.apply("guess:left")
    assert s.offense == 0 and s.opening == 0


def test_opening_kickoff_places_the_ball_by_the_table() -> None:
    """Kickoff: the game opens with a kick from the 25 (d6 table)."""
    s = game().new_game(5)
    s.apply("hide:left")
    s.apply("guess:left")
    assert s.pos in {40, 45, 35, 25, 10}
    assert any("Kickoff by Blue: rolls" in e for e in s.events_for(None))


def test_observation_shows_own_hand_and_only_the_size_of_the_other() -> None:
    """Hidden information: own hand yes, opponent's hand only its size."""
    s = at_play(game(), offense=0)
    view = s.observation(1)
    assert view["hand"] == s.hand[1] and view["hand_sizes"] == [8, 6]
    text = json.dumps(view)
    assert not any(c in TOKEN.findall(text) for c in s.hand[0])
    assert set(s.hand[0]) <= s.secrets(1) and not set(s.hand[1]) & s.secrets(1)
    assert set(s.piles["A0"]) <= s.secrets(1)
    spectator = s.observation(None)
    assert spectator["hand"] == [] and set(s.hand[0]) <= s.secrets(None)


def test_events_never_name_card_ids() -> None:
    """Events: readable labels only, so a log line never reveals a secret id later."""
    g = game(variant="two-deck")
    s = g.new_game(3)
    rng = random.Random(3)
    for _ in range(300):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    for e in s.events:
        assert not set(TOKEN.findall(e.text)) & set(g.cards), e.text


def test_resample_keeps_the_seat_view_and_conserves_cards() -> None:
    """Hidden information: re-dealing the unseen cards keeps what the seat saw."""
    s = at_play(game(), offense=0)
    worlds = set()
    for i in range(6):
        world = s.determinize(0, random.Random(i))
        assert world.observation(0) == s.observation(0)
        assert world.hand[0] == s.hand[0]
        check_conservation(world)
        worlds.add(tuple(world.hand[1]))
    assert len(worlds) > 1


def test_render_shows_field_hand_and_table() -> None:
    """Game.render: the field strip, down and distance, score, clock and the hand."""
    g = game()
    s = at_play(g, offense=0, pos=30)
    text = g.render(s.observation(0))
    assert "1st and 10 on the own 30" in text and "period 1, turn 1/15" in text
    assert field_strip(30, 40) in text
    assert all(card_text(g.cards[c]) in text for c in s.hand[0])  # the faces, no ids
    assert not any(c in text for c in (*s.hand[0], *s.hand[1]))


def test_field_strip_marks_ball_and_line() -> None:
    """Render: ``o`` is the ball, ``>`` the line to gain."""
    strip = field_strip(30, 40)
    assert strip.index("o") == 16 and strip.index(">") == 21


def test_describe_action_uses_card_faces() -> None:
    """describe_action: readable labels with the card face."""
    g = game()
    s = at_play(g, offense=0)
    card = s.hand[0][0]
    label = g.describe_action(s.observation(0), "discard:" + card)
    assert label == "discard: " + card_text(g.cards[card]) and card not in label
    assert g.describe_action({}, "kick:fg") == "try a field goal"


def test_render_every_phase_of_a_random_game() -> None:
    """Game.render: every phase renders for both seats and the spectator, never
    showing the other seat's hand."""
    g = game(length="practice", practice_turns=3)
    s = g.new_game(11)
    rng = random.Random(11)
    phases = set()
    while not s.is_terminal:
        phases.add(s.phase)
        for seat in (0, 1, None):
            text = g.render(s.observation(seat))
            hidden = s.hand[1 - seat] if seat is not None else s.hand[0] + s.hand[1]
            assert not set(TOKEN.findall(text)) & set(hidden)
        action = rng.choice(s.legal_actions())
        assert g.describe_action(s.observation(s.actor), action)
        s.apply(action)
    assert len(phases) >= 10
