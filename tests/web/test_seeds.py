"""Issue 15, part 2: a table's seed rebuilds every hidden card and die, so the server
draws it, sends it to no one before the game ends, and takes a chosen one only where
every person at the table is its creator (and then marks the table "seeded").
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import ClientFactory
from tests.web.helpers import short_options, view

REFUSED = "a chosen seed tells its chooser every hidden card and die of the game"


def new_table(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    """POST a short Toinc table; the response."""
    body = {"game": "toinc", "options": short_options("toinc"), "seats": seats, **extra}
    return client.post("/api/tables", json=body)


def stored_seed(client: TestClient, table: str) -> int:
    """The seed the server keeps for `table` (what no message may carry)."""
    seed: int = client.app.state.service.tables[table].record.seed  # type: ignore[attr-defined]
    return seed


def test_an_unseeded_table_sends_its_seed_to_no_one_until_the_end(client: TestClient) -> None:
    """Creation, the lobby, both seats' and a spectator's views, the socket, frames and the
    replay: no message holds the seed while the game is on; the replay has it at the end."""
    answer = new_table(client, [{"kind": "human"}, {"kind": "human"}], hotseat=True)
    assert answer.status_code == 201, answer.text
    table, tokens = answer.json()["id"], [s["token"] for s in answer.json()["seats"]]
    secret = str(stored_seed(client, table))
    texts = [answer.text, client.get("/api/tables").text]
    for token in [*tokens, None]:
        params = {"token": token} if token else {}
        texts.append(client.get(f"/api/tables/{table}/view", params=params).text)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as socket:
        texts.append(socket.receive_text())
    for path in ("replay", "frames/0"):
        refused = client.get(f"/api/tables/{table}/{path}")
        assert refused.status_code == 409
        texts.append(refused.text)
    assert all(secret not in text for text in texts)
    assert answer.json()["table"]["seeded"] is False
    while not (current := view(client, table, None))["table"]["finished"]:
        seat = current["observation"]["current_player"]
        mine = view(client, table, tokens[seat])
        move = {"index": mine["index"], "action": mine["actions"][0]["action"]}
        answer = client.post(
            f"/api/tables/{table}/actions", params={"token": tokens[seat]}, json=move
        )
        assert answer.status_code == 200, answer.text
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert replay["seed"] == int(secret) and replay["seeded"] is False


def test_a_creator_who_chose_nothing_gets_a_fresh_deal_each_time(client: TestClient) -> None:
    """Tables made the same way get server-drawn seeds: the hands dealt all differ."""
    hands = []
    for _ in range(4):
        answer = new_table(client, [{"kind": "human"}, {"kind": "human"}])
        table, tokens = answer.json()["id"], [s["token"] for s in answer.json()["seats"]]
        assert stored_seed(client, table).bit_length() > 40  # from `secrets`, 62 bits
        while not (mine := view(client, table, tokens[0]))["observation"]["hand"]:
            seat = mine["observation"]["current_player"]  # the opening hide and guess
            move = view(client, table, tokens[seat])
            body = {"index": move["index"], "action": move["actions"][0]["action"]}
            posted = client.post(
                f"/api/tables/{table}/actions", params={"token": tokens[seat]}, json=body
            )
            assert posted.status_code == 200, posted.text
        hands.append(tuple(sorted(mine["observation"]["hand"])))
    assert len(set(hands)) == len(hands)


@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "human"}, {"kind": "human"}],  # a link for a friend
        [{"kind": "human"}, {"kind": "open"}],  # anyone may join
        [{"kind": "open"}, {"kind": "agent", "agent": "random"}],
    ],
    ids=["two-people", "open-seat", "only-open"],
)
def test_a_seeded_table_with_another_person_is_refused(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    """422 with the reason; nothing is created."""
    answer = new_table(client, seats, seed=42)
    assert answer.status_code == 422, answer.text
    assert REFUSED in answer.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize(
    ("seats", "extra"),
    [
        ([{"kind": "human"}, {"kind": "agent", "agent": "random"}], {}),  # practice
        ([{"kind": "human"}, {"kind": "human"}], {"hotseat": True}),
    ],
    ids=["against-the-computer", "hot-seat"],
)
def test_a_seeded_table_of_its_creator_alone_is_marked_seeded(
    make_client: ClientFactory, seats: list[dict[str, Any]], extra: dict[str, Any]
) -> None:
    """Taken, with the chosen seed, and "seeded" in the lobby and the views, also after a
    restart."""
    with make_client() as client:
        answer = new_table(client, seats, seed=42, listed=True, **extra)
        assert answer.status_code == 201, answer.text
        table = answer.json()["id"]
        assert stored_seed(client, table) == 42
        assert answer.json()["table"]["seeded"] is True
    with make_client() as client:
        assert client.get("/api/tables").json()["tables"][0]["seeded"] is True
        assert view(client, table, None)["table"]["seeded"] is True


def test_a_hotseat_flag_must_be_a_boolean(client: TestClient) -> None:
    """`hotseat: "yes"` is a 400 naming the field."""
    answer = new_table(client, [{"kind": "human"}, {"kind": "human"}], seed=1, hotseat="yes")
    assert answer.status_code == 400 and "'hotseat'" in answer.json()["error"]
