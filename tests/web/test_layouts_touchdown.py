"""Touch down's board layout: the public, fixed data its SVG board draws besides the
observation (issue 8, "Playing"; "Trust": it depends on the options only, never on the state)."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from ludoteca import games
from tests.web.helpers import create, short_options


def test_layout_is_the_board_file_and_both_squads() -> None:
    """The grid geometry (*Il campo di gioco*) and every counter's number, role, tackle and
    speed (*I giocatori*) come from the game's data files, keyed by player id."""
    game = games.load("touchdown")
    board, cards = game.board, game.cards  # type: ignore[attr-defined]
    layout = game.board_layout()
    assert layout is not None
    assert (layout["width"], layout["height"]) == (board.width, board.height) == (13, 30)
    assert layout["first_field_row"] == board.first_field_row() == 3
    assert layout["last_field_row"] == board.last_field_row() == 26
    assert layout["ten_yard_lines"] == list(board.ten_yard_lines())
    assert layout["goal_columns"] == [5, 6, 7] and layout["dashed_columns"] == [3, 9]
    assert layout["teams"] == ["Gialli", "Bianchi"]
    assert set(layout["players"]) == set(cards)
    for pid, card in cards.items():
        shown = layout["players"][pid]
        assert (shown["number"], shown["role"], shown["tackle"], shown["speed"]) == (
            card.number,
            card.role,
            card.tackle,
            card.speed,
        )
    assert (layout["quarters"], layout["quarter_minutes"], layout["league"]) == (2, 15, False)


def test_layout_follows_the_options() -> None:
    """Match length, league rules and roster files change the layout, as options may."""
    game = games.load(
        "touchdown",
        length="long",
        quarter_minutes=3,
        league=True,
        yellow_roster="bianchi",
    )
    layout = game.board_layout()
    assert layout is not None
    assert (layout["quarters"], layout["quarter_minutes"], layout["league"]) == (4, 3, True)
    assert layout["teams"] == ["Bianchi", "Bianchi"]
    yellow = {pid[1:] for pid in layout["players"] if pid.startswith("Y")}
    white = {pid[1:] for pid in layout["players"] if pid.startswith("W")}
    assert yellow == white


def test_the_layout_is_the_same_for_every_seat_and_move(client: TestClient) -> None:
    """Each seat and the spectator get one layout, unchanged by play: it carries no state."""
    created = create(client, "touchdown", ["human", "human"], short_options("touchdown"))
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    first = client.get(f"/api/tables/{table}/view").json()
    assert first["layout"] == games.load("touchdown", **short_options("touchdown")).board_layout()
    seat = first["observation"]["current_player"]
    own = client.get(f"/api/tables/{table}/view", params={"token": tokens[seat]}).json()
    body = {"index": 0, "action": own["observation"]["legal_actions"][0]}
    answer = client.post(f"/api/tables/{table}/actions", json=body, params={"token": tokens[seat]})
    assert answer.status_code == 200, answer.text
    for token in (None, *tokens):
        params = {"token": token} if token else {}
        view = client.get(f"/api/tables/{table}/view", params=params).json()
        assert view["index"] == 1 and view["layout"] == first["layout"]


def test_the_board_modules_are_served_and_small(client: TestClient) -> None:
    """touchdown.js and every module it imports are served; each stays under 400 lines."""
    folder = Path(games.__file__).parent / "touchdown" / "board"
    entry = client.get("/boards/touchdown/board.js")
    assert entry.status_code == 200
    imports = re.findall(r'from "\./([a-z]+\.js)"', entry.text)
    assert len(imports) >= 5
    for module in imports:
        assert client.get(f"/boards/touchdown/{module}").status_code == 200
    for path in folder.glob("*.js"):
        assert len(path.read_text().splitlines()) < 400, path.name


BOARD_FIELDS = ("offence", "possession", "mphase", "allow", "bonus", "extra", "last")


def test_every_seat_gets_the_public_fields_the_board_draws(client: TestClient) -> None:
    """The status line, the line of scrimmage and the LAST flag come from the observation
    (`offence`, `mphase`, `allow`, `bonus`, `extra`, `last`), not from the layout or the
    log; touch down has no hidden information, so every seat and the spectator get them
    alike (*Le azioni*: the team that started the action, the movement phase)."""
    created = create(client, "touchdown", ["human", "human"], short_options("touchdown"))
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    seen = []
    for token in (None, *tokens):
        params = {"token": token} if token else {}
        obs = client.get(f"/api/tables/{table}/view", params=params).json()["observation"]
        seen.append({key: obs[key] for key in BOARD_FIELDS})
    assert seen[0] == seen[1] == seen[2]
    assert seen[0] == {
        "offence": 0,
        "possession": 0,
        "mphase": None,
        "allow": None,
        "bonus": None,
        "extra": False,
        "last": False,
    }
