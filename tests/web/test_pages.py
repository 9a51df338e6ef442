"""The pages (issue 8, "Playing"; "Trust": nothing hidden in a page's source)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli.main import app as cli
from tests.web.helpers import create


def test_lobby_and_play_pages_are_served_with_their_modules(client: TestClient) -> None:
    """The lobby, a play page and a replay page are HTML loading ES modules that exist."""
    created = create(client, "futebol", ["human", "random"])
    for path in ("/", f"/tables/{created['id']}", f"/tables/{created['id']}/replay"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        modules = re.findall(r'<script type="module" src="([^"]+)"', page.text)
        assert modules, f"{path} loads no module"
        for module in modules:
            script = client.get(module)
            assert script.status_code == 200
            assert "javascript" in script.headers["content-type"]
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/boards/index.js").status_code == 200


def test_a_play_page_holds_no_view_and_no_token(client: TestClient) -> None:
    """The page is a shell: the seat's view comes from the API with the token from `#`."""
    created = create(client, "toinc", ["human", "human"])
    table = created["id"]
    page = client.get(f"/tables/{table}", params={"token": created["seats"][0]["token"]}).text
    assert all(seat["token"] not in page for seat in created["seats"])
    assert "legal_actions" not in page and "observation" not in page


def test_catalogue_lists_every_game_with_its_options(client: TestClient) -> None:
    """`/api/games` names each game, its options and the computer presets."""
    catalogue = client.get("/api/games").json()
    names = {game["name"] for game in catalogue["games"]}
    assert {"toinc", "futebol", "toxicity"} <= names
    assert "random" in catalogue["presets"]
    by_name = {game["name"]: game for game in catalogue["games"]}
    assert by_name["futebol"]["presets"]["hard"] == catalogue["presets"]["hard"]
    assert "horizon=checkpoint" in by_name["touchdown"]["presets"]["hard"]
    assert "horizon=checkpoint" in by_name["toinc"]["presets"]["hard"]
    seats = client.post("/api/games/toxicity/seats", json={"players": 4}).json()
    assert seats["seats"] == 4


def test_serve_command_is_registered() -> None:
    """`ludoteca serve --help` documents the port and the database."""
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--port" in result.output and "--database" in result.output


def test_futebol_views_carry_the_pitch_layout_for_the_svg_board(client: TestClient) -> None:
    """The SVG board needs the pitch: its rows (public, fixed by the options) come with the view."""
    from ludoteca import games

    created = create(client, "futebol", ["human", "human"])
    view = client.get(f"/api/tables/{created['id']}/view").json()
    assert view["layout"]["rows"] == list(games.load("futebol").board.rows)  # type: ignore[attr-defined]
    toinc = create(client, "toinc", ["human", "human"])
    assert client.get(f"/api/tables/{toinc['id']}/view").json()["layout"] is None
    assert view["board"] == "/boards/futebol/board.js"
    assert client.get("/boards/futebol/board.js").status_code == 200
