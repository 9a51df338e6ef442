"""Terminal rendering from the seat's own view."""

from __future__ import annotations

from ludoteca import games

from .helpers import bare, card, give, put


def test_render_draws_the_seat_view() -> None:
    """The board: pawns by initial, face-down cards as ?? for pawns, named for the
    gamemaster; the seat's own items shown, others' hidden."""
    game = games.load("toxicity")
    st = bare()
    put(st, "d4", card("trap-stun"), face_up=False)
    put(st, "e4", card("wall"))
    give(st, "blue", card("item-knife"))
    st.private[card("item-knife")] = [st.seat_of(0)]
    pawn_view = game.render(st.observation(st.seat_of(1)))
    gm_view = game.render(st.observation(st.gamemaster))
    blue_view = game.render(st.observation(st.seat_of(0)))
    row4 = next(line for line in pawn_view.splitlines() if line.startswith(" 4"))
    assert "R" in row4 and "??" in row4 and "##" in row4  # red starts on a4
    assert "Tz" in next(line for line in gm_view.splitlines() if line.startswith(" 4"))
    assert card("item-knife") in blue_view and card("item-knife") not in pawn_view


def test_describe_action_labels() -> None:
    """Actions get readable labels."""
    game = games.load("toxicity")
    obs = bare().observation(0)
    assert game.describe_action(obs, "walk:NE") == "walk north-east"
    knife = "item:item-knife-1#r1:red"
    assert game.describe_action(obs, knife) == "use Knife on red pawn"
    assert game.describe_action(obs, "place:c4") == "place the next card at c4"
    assert game.describe_action(obs, "end") == "end the turn"
