"""Issue 36, item 6: names a stranger makes up leave no state behind. A board file of an
unknown game (a cache keyed on the name) and an organizer's action on an unknown event (a
lock made per id before the id was looked up) each grew the server by their name's size."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ludoteca.web.tables import boards


def test_board_files_of_made_up_games_are_not_remembered(client: TestClient) -> None:
    before = boards._board_folder.cache_info().currsize
    for number in range(50):
        name = f"{number}" + "x" * 8_000
        answer = client.get(f"/boards/{name}/board.js")
        assert answer.status_code == 404
        assert len(answer.text) < 500  # the name is not echoed whole
    assert boards._board_folder.cache_info().currsize == before
    assert client.get("/boards/toinc/board.js").status_code == 200


def test_actions_on_made_up_events_leave_no_lock(client: TestClient) -> None:
    events = client.app.state.events  # type: ignore[attr-defined]
    for number in range(50):
        made_up = f"{number}" + "e" * 8_000
        answer = client.post(f"/api/events/{made_up}/rounds", params={"key": "k"}, json={})
        assert answer.status_code == 404, answer.text[:200]
    assert events._locks == {}
    created = client.post("/api/events", json={"name": "cup"}).json()
    added = client.post(
        f"/api/events/{created['id']}/players", params={"key": created["key"]}, json={"name": "Ana"}
    )
    assert added.status_code == 200, added.text
    assert events._locks == {}
