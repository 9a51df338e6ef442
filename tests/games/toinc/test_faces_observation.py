"""The card faces in a Toinc observation (for the web board, issue 8 "Playing").

Hidden information (docs/rules/toinc.md): a seat sees the faces of its own hand, its own
drawn outcome (*desfecho*) cards and the table; never a card of the other hand or a pile.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core import i18n
from ludoteca.core.i18n import Text
from ludoteca.games.toinc.cards import OutcomeCard, PlayCard, PlayerCard
from ludoteca.games.toinc.faces import card_face
from ludoteca.games.toinc.state import ToincState
from tests.depth import examples
from tests.games.toinc.toinc_helpers import TOKEN, at_play, game


def test_faces_are_exactly_the_seats_visible_cards() -> None:
    """Hidden information: faces of the own hand and the table; the spectator only the table."""
    s = at_play(game(), offense=0)
    s.table.append(s.hand[1].pop())
    for seat in (0, 1):
        faces = s.observation(seat)["faces"]
        assert set(faces) == set(s.hand[seat] + s.ohand[seat] + s.table)
        assert not set(faces) & s.secrets(seat)
    assert set(s.observation(None)["faces"]) == set(s.table)


def test_a_face_names_position_statistics_and_bonuses() -> None:
    """Anatomia das Cartas: a player card's face is its position, statistics, bonuses and
    abilities; a play card's its play and the leader's statistic."""
    g = games.load("toinc")
    player = next(c for c in g.cards.values() if isinstance(c, PlayerCard) and c.bonuses)
    face = card_face(player)
    assert face["position"] == player.position and face["stats"] == player.stats
    assert len(face["bonuses"]) == len(player.bonuses)
    play = next(c for c in g.cards.values() if isinstance(c, PlayCard) and c.requirement)
    assert card_face(play)["leader"] == play.requirement
    assert card_face(play)["play"] == play.play


def test_observation_faces_are_copies() -> None:
    """Changing an observation's face never changes the game's own card faces."""
    s = at_play(game(), offense=0)
    card = s.hand[0][0]
    face = s.observation(0)["faces"][card]
    for value in face.values():
        if isinstance(value, dict | list):
            value.clear()
    own = {k: str(v) if isinstance(v, Text) else v for k, v in s.game.faces[card].items()}
    assert s.observation(0)["faces"][card] == own


def test_an_outcome_face_is_written_in_the_readers_language() -> None:
    """A *desfecho* card's face on the board: the same card, read in pt-BR and in it."""
    g = games.load("toinc")
    card = next(
        c for c in g.cards.values() if isinstance(c, OutcomeCard) and c.automatic_first_down
    )
    face = g.faces[card.id]["face"]
    assert str(face).endswith(", 1st down")
    with i18n.using("pt-BR"):
        assert str(face).endswith(", first down")
    with i18n.using("it"):
        assert str(face).endswith(", primo down")


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_faces_never_show_a_hidden_card(seed: int, steps: int) -> None:
    """Hidden information, along random games: no face (nor any token in it) is a secret."""
    g = games.load("toinc", variant="two-deck", length="practice", practice_turns=4)
    s: ToincState = g.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in (0, 1, None):
        faces = s.observation(seat)["faces"]
        secrets = s.secrets(seat)
        assert not set(faces) & secrets
        assert not set(TOKEN.findall(repr(faces))) & secrets
