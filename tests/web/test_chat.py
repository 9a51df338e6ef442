"""Table chat (issue 19, item 3): people at a table write, everyone at it reads; a line is
text (never markup), limited in size and pace; the people may keep it to themselves."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.tables import chat as chat_module
from tests.web.conftest import ClientFactory
from tests.web.helpers import create


def _write(client: TestClient, table: str, token: str | None, text: Any) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/tables/{table}/chat", params=params, json={"text": text})


def _read(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    answer = client.get(f"/api/tables/{table}/chat", params=params)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _table(client: TestClient) -> tuple[str, list[str]]:
    created = create(client, "toinc", ["human", "human"])
    return created["id"], [seat["token"] for seat in created["seats"]]


def test_a_person_writes_and_everyone_at_the_table_reads_it_as_text(
    make_client: ClientFactory,
) -> None:
    """A line keeps its text exactly (markup stays text), with its seat and name; it is
    stored, so it is there after a restart."""
    with make_client() as client:
        table, tokens = _table(client)
        client.post(f"/api/tables/{table}/name", params={"token": tokens[0]}, json={"name": "Ana"})
        answer = _write(client, table, tokens[0], "  <b>good luck</b> =1+1  ")
        assert answer.status_code == 200, answer.text
        line = answer.json()
        assert (line["number"], line["seat"], line["name"]) == (1, 0, "Ana")
        assert line["text"] == "<b>good luck</b> =1+1"
        assert _write(client, table, tokens[1], "obrigado!").status_code == 200
        shown = _read(client, table)  # a spectator reads a chat that is not hidden
    with make_client() as restarted:
        again = _read(restarted, table, tokens[1])
    assert [entry["text"] for entry in shown["lines"]] == ["<b>good luck</b> =1+1", "obrigado!"]
    assert again["lines"] == shown["lines"] and again["hidden"] is False


def test_only_a_seat_token_of_the_table_writes(client: TestClient) -> None:
    table, tokens = _table(client)
    other, _ = _table(client)
    assert _write(client, table, None, "hi").status_code == 401
    assert _write(client, other, tokens[0], "hi").status_code == 403
    assert _read(client, table)["lines"] == [] and _read(client, other)["lines"] == []


@pytest.mark.parametrize(
    "bad",
    ["", "   ", "x" * 301, "line\nbreak", "bell\x07", "zero\u200bwidth", 7, None, ["hi"]],
    ids=["empty", "blank", "too-long", "newline", "control", "invisible", "number", "null", "list"],
)
def test_a_bad_line_is_refused_and_nothing_is_stored(client: TestClient, bad: Any) -> None:
    table, tokens = _table(client)
    answer = _write(client, table, tokens[0], bad)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("field 'text' must be")
    assert _read(client, table, tokens[0])["lines"] == []


def test_a_seat_writes_at_most_five_lines_in_ten_seconds(client: TestClient) -> None:
    """The sixth line within the window is 429 and not stored; once the window has moved
    on, the seat writes again; another seat has its own pace."""
    table, tokens = _table(client)
    service = client.app.state.chat  # type: ignore[attr-defined]
    now = [1000.0]
    service.clock = lambda: now[0]
    for number in range(chat_module.BURST):
        assert _write(client, table, tokens[0], f"line {number}").status_code == 200
    refused = _write(client, table, tokens[0], "one too many")
    assert refused.status_code == 429 and "wait" in refused.json()["error"]
    assert _write(client, table, tokens[1], "my own pace").status_code == 200
    now[0] += chat_module.WINDOW + 0.1
    assert _write(client, table, tokens[0], "later").status_code == 200
    texts = [line["text"] for line in _read(client, table)["lines"]]
    assert "one too many" not in texts and texts[-1] == "later"


def test_a_tables_chat_is_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat_module, "MAX_LINES", 2)
    table, tokens = _table(client)
    assert _write(client, table, tokens[0], "one").status_code == 200
    assert _write(client, table, tokens[1], "two").status_code == 200
    full = _write(client, table, tokens[0], "three")
    assert full.status_code == 422 and "full" in full.json()["error"]
    assert len(_read(client, table)["lines"]) == 2


def test_the_people_may_keep_the_chat_to_themselves(client: TestClient) -> None:
    """Hidden by one person: spectators (and so the replay page) see no line, the table's
    people still do; a stranger or no token cannot hide it."""
    table, tokens = _table(client)
    other, other_tokens = _table(client)
    _write(client, table, tokens[0], "between us")
    assert client.post(f"/api/tables/{table}/chat/hide").status_code == 401
    hidden = client.post(f"/api/tables/{table}/chat/hide", params={"token": other_tokens[0]})
    assert hidden.status_code == 403 and _read(client, table)["hidden"] is False
    assert client.post(f"/api/tables/{table}/chat/hide", params={"token": tokens[1]}).json() == {
        "id": table,
        "hidden": True,
    }
    assert _read(client, table) == {"id": table, "hidden": True, "lines": []}
    assert [line["text"] for line in _read(client, table, tokens[0])["lines"]] == ["between us"]
    assert _read(client, other)["hidden"] is False


def test_a_line_reaches_the_tables_live_connections(client: TestClient) -> None:
    """Written over HTTP, sent at once to every socket of the table; a hidden chat only to
    the seats' sockets, not to a spectator's."""
    table, tokens = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as seat_socket,
        client.websocket_connect(f"/ws/tables/{table}") as spectator,
    ):
        assert seat_socket.receive_json()["type"] == "view"
        assert spectator.receive_json()["type"] == "view"
        _write(client, table, tokens[0], "hello")
        for socket in (seat_socket, spectator):
            message = socket.receive_json()
            assert message["type"] == "chat" and message["line"]["text"] == "hello"
        client.post(f"/api/tables/{table}/chat/hide", params={"token": tokens[0]})
        _write(client, table, tokens[0], "secret plan")
        assert seat_socket.receive_json()["line"]["text"] == "secret plan"
        _write(client, table, tokens[0], "x")  # the spectator's next message is a view, not chat
        client.post(f"/api/tables/{table}/name", params={"token": tokens[0]}, json={"name": "Z"})
        assert spectator.receive_json()["type"] == "view"


def test_an_unknown_tables_long_id_is_not_echoed_whole(client: TestClient) -> None:
    answer = client.get("/api/tables/" + "x" * 3000 + "/chat")
    assert answer.status_code == 404 and len(answer.json()["error"]) < 120
