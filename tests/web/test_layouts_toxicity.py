"""Toxicity 101's board layout for the SVG view (issue 8, "Playing"; "Trust")."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ludoteca import games
from tests.web.helpers import create


def test_layout_is_the_data_file_s_board() -> None:
    """The layout is the 12x8 board and its three zones (*Zonas do Tabuleiro*), as the
    data file defines them."""
    game = games.load("toxicity", players=3)
    data = game.data  # type: ignore[attr-defined]
    assert game.board_layout() == {
        "columns": 12,
        "rows": 8,
        "zones": [[0, 5], [6, 8], [9, 11]],
    }
    assert game.board_layout()["zones"] == [list(z) for z in data.zones]  # type: ignore[index]


def test_layout_depends_on_the_options_only_never_the_state() -> None:
    """Every seat count gives the same layout, before and after moves: it can hide nothing."""
    layouts = []
    for players in (3, 4, 5):
        game = games.load("toxicity", players=players)
        state = game.new_game(3)
        for _ in range(10):
            state.apply(state.legal_actions()[0])
        layouts.append(game.board_layout())
    assert layouts[0] == layouts[1] == layouts[2]


def test_toxicity_views_carry_the_layout_and_the_board_module_is_served(client: TestClient) -> None:
    """A seat's view holds the layout next to its observation; the board modules exist,
    and the module names no card (it draws from the view only)."""
    created = create(client, "toxicity", ["human", "random", "random"])
    view = client.get(
        f"/api/tables/{created['id']}/view", params={"token": created["seats"][0]["token"]}
    ).json()
    assert view["layout"]["columns"] == len(view["observation"]["board"][0])
    assert view["layout"]["rows"] == len(view["observation"]["board"])
    assert view["board"] == "/boards/toxicity/board.js"
    for module in ("board.js", "actions.js", "grid.js"):
        source = client.get(f"/boards/toxicity/{module}")
        assert source.status_code == 200
        assert not re.search(r"-\d+#r\d", source.text)
    for module in ("panel.js", "svg.js"):
        assert client.get(f"/boards/toxicity/{module}").status_code == 200
