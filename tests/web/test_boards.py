"""Board views are served from the games' own packages, and nothing else is."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ludoteca import games
from ludoteca.games import built_in
from ludoteca.web.tables.boards import board_folder


def test_each_game_ships_its_board_and_the_page_is_told_where() -> None:
    for name in built_in():
        folder = board_folder(name)
        assert folder is not None and (folder / "board.js").is_file()
    assert board_folder("toy") is None  # a game without a board folder: text picture only
    assert board_folder("chess") is None


def test_a_board_module_is_served_as_javascript(client: TestClient) -> None:
    answer = client.get("/boards/toinc/cards.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert "export function" in answer.text


def test_a_boards_stylesheet_is_served_as_css_and_named_by_its_module(
    client: TestClient,
) -> None:
    """A board's styles live in its own folder; its module names them (`STYLE`), so the
    page links them before drawing; the shared stylesheet keeps no game's rules."""
    for name in ("toinc", "toxicity"):
        answer = client.get(f"/boards/{name}/board.css")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/css")
        assert f".board-{name}" in answer.text
        assert 'export const STYLE = "board.css";' in client.get(f"/boards/{name}/board.js").text
    shared = client.get("/static/style.css").text
    assert not [game for game in games.names() if f".board-{game}" in shared]


@pytest.mark.parametrize(
    "path",
    [
        "/boards/toinc/game.py",  # not a board module
        "/boards/toinc/board.css.py",
        "/boards/futebol/board.css",  # futebol has no stylesheet
        "/boards/toinc/..%2Fgame.py",
        "/boards/toinc/%2E%2E%2Fconfig.js",
        "/boards/toinc/.hidden.js",
        "/boards/toinc/nothing.js",
        "/boards/chess/board.js",
        "/boards/toy/board.js",
        "/boards/..%2F..%2Fweb/app.js",
        f"/boards/toinc/{'a' * 300}.js",
    ],
)
def test_nothing_else_is_served_from_the_board_route(client: TestClient, path: str) -> None:
    """Only a plain `.js` or `.css` name of a file in a registered game's `board/` folder:
    no path, no other file, no other game's or package's files (404, one message)."""
    answer = client.get(path)
    assert answer.status_code == 404
    assert "traceback" not in answer.text.lower()


def test_a_plugin_games_board_is_found_in_its_package() -> None:
    """`board_folder` looks in the package of the game's class, whoever installed it."""
    cls = games.game_class("touchdown")
    folder = board_folder("touchdown")
    assert folder is not None and cls.__module__.startswith("ludoteca.games.touchdown")
