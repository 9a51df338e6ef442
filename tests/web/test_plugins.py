"""Installed game plugins in the web app: a broken one does not take the lobby down."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.core.test_registry import installed  # noqa: F401  (the fixture)


def test_the_lobby_lists_the_working_plugins_and_skips_the_broken(
    client: TestClient,
    installed: Path,  # noqa: F811
) -> None:
    answer = client.get("/api/games")
    assert answer.status_code == 200
    names = {game["name"] for game in answer.json()["games"]}
    assert "plugged" in names and {"broken", "imposter"}.isdisjoint(names)
    assert {"futebol", "toinc", "touchdown", "toxicity"} <= names
