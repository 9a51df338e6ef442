"""The lobby's picture of each game (issue 19, item 4)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_a_games_preview_is_a_spectators_view_of_a_fresh_game(client: TestClient) -> None:
    """The lobby's picture of each game: its board module, layout and the spectator's view
    of a game's start with the default options; an unknown game is a 404."""
    for game in client.get("/api/games").json()["games"]:
        answer = client.get(f"/api/games/{game['name']}/preview")
        assert answer.status_code == 200, answer.text
        shown = answer.json()
        assert shown["seat"] is None and shown["actions"] == [] and shown["index"] == 0
        assert shown["observation"]["seat"] is None and shown["observation"]["legal_actions"] == []
    missing = client.get("/api/games/nosuchgame/preview")
    assert missing.status_code == 404 and "nosuchgame" in missing.json()["error"]
