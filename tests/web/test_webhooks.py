"""An event's webhooks (issue 45, item 5): a receiver on loopback (allowed by the server's
settings, as the tests do) gets each signed delivery: a round paired, a result recorded,
the standings changed; a failing receiver is tried again with backoff and logged;
addresses of the server itself or its network are refused unless the settings allow."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from ludoteca.web.hosted import webhooks
from ludoteca.web.shared.db import DeliveryRow
from ludoteca.web.shared.errors import WebError
from tests.patience import eventually
from tests.web.test_tournament_duel import new_event, organizer, post
from tests.web.webhook_receiver import Receiver


def signed(secret: str, headers: dict[str, str], body: bytes, came: float) -> Any:
    """A delivery's JSON, once its signature is checked: the HMAC of `t.body` under
    `secret`, signed within a minute of when it `came`."""
    stamp, mac = (part.split("=", 1)[1] for part in headers["x-ludoteca-signature"].split(","))
    expected = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256)
    assert hmac.compare_digest(mac, expected.hexdigest()), headers
    assert abs(int(stamp) - came) < 60
    return json.loads(body)


def add(client: TestClient, event: str, key: str, url: str) -> Any:
    return client.post(f"/api/events/{event}/webhooks", json={"url": url}, headers=organizer(key))


def paired_with_a_webhook(client: TestClient, url: str) -> tuple[str, str]:
    """A new event with a webhook to `url`, two players and its first round paired: its
    id and key."""
    event, key = new_event(client)
    add(client, event, key, url)
    for name in ("Ana", "Bia"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    return event, key


def test_each_change_is_delivered_signed_to_a_receiver_on_loopback(
    client: TestClient, receiver: tuple[str, type[Receiver]]
) -> None:
    url, handler = receiver
    client.app.state.webhooks.allow_private = True  # type: ignore[attr-defined]
    event, key = new_event(client)
    made = add(client, event, key, url)
    assert made.status_code == 201, made.text
    secret = made.json()["secret"]
    for name in ("Ana", "Bia"):
        post(client, event, key, "players", {"name": name})
    post(client, event, key, "rounds", {})
    post(client, event, key, "results", {"round": 1, "table": 1, "result": "win"})
    eventually(lambda: len(handler.got) >= 3, "three deliveries")
    kinds = [headers["x-ludoteca-event"] for headers, _body, _came in handler.got]
    assert kinds == ["round.paired", "result.recorded", "standings.changed"]
    for headers, body, came in handler.got:
        assert signed(secret, headers, body, came)["event"]["id"] == event
    standings = json.loads(handler.got[2][1])["standings"]
    assert [row["player"] for row in standings][:1] in (["Ana"], ["Bia"])
    log = client.get(f"/api/events/{event}/webhooks", headers=organizer(key)).json()
    assert {d["status"] for d in log["webhooks"][0]["deliveries"]} == {"delivered"}
    assert secret not in json.dumps(log)  # the secret is shown once


def test_a_failing_receiver_is_tried_again_with_backoff_then_given_up(
    client: TestClient, receiver: tuple[str, type[Receiver]], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, handler = receiver
    handler.status = 500
    hooks = client.app.state.webhooks  # type: ignore[attr-defined]
    hooks.allow_private = True
    monkeypatch.setattr(webhooks, "ATTEMPTS", 3)
    event, key = paired_with_a_webhook(client, url)
    eventually(lambda: len(handler.got) >= 1, "the first attempt")
    with Session(hooks.engine) as session, session.begin():  # the backoff's wait, skipped
        session.execute(update(DeliveryRow).values(next_at=datetime.now(UTC)))
    eventually(lambda: len(handler.got) >= 2, "the second attempt")
    with Session(hooks.engine) as session, session.begin():
        session.execute(update(DeliveryRow).values(next_at=datetime.now(UTC)))

    def given_up() -> bool:
        log = client.get(f"/api/events/{event}/webhooks", headers=organizer(key)).json()
        (delivery,) = log["webhooks"][0]["deliveries"]
        return bool(delivery["status"] == "failed" and delivery["attempts"] == 3)

    eventually(given_up, "the delivery given up after 3 attempts")
    last = client.get(f"/api/events/{event}/webhooks", headers=organizer(key)).json()
    assert last["webhooks"][0]["deliveries"][0]["error"] == "HTTP 500"


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/x",
        "http://localhost/x",
        "http://10.0.0.5/x",
        "http://192.168.1.1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/x",
        "ftp://example.com/x",
        "file:///etc/passwd",
        "not a url",
        "http://" + "a" * 2100 + ".com/",
    ],
)
def test_addresses_of_the_server_or_its_network_are_refused(url: str) -> None:
    with pytest.raises(WebError) as refused:
        webhooks.check_url(url, allow_private=False)
    assert refused.value.status == 422


def test_a_refused_address_makes_no_webhook(client: TestClient) -> None:
    event, key = new_event(client)
    answer = add(client, event, key, "http://127.0.0.1:9/x")
    assert answer.status_code == 422 and "this server" in answer.json()["error"]
    assert client.get(f"/api/events/{event}/webhooks", headers=organizer(key)).json() == {
        "webhooks": []
    }


def test_webhooks_are_the_organizers_and_bounded(client: TestClient) -> None:
    client.app.state.webhooks.allow_private = True  # type: ignore[attr-defined]
    event, key = new_event(client)
    assert (
        client.post(f"/api/events/{event}/webhooks", json={"url": "http://127.0.0.1/"}).status_code
        == 403
    )
    for n in range(webhooks.PER_EVENT):
        assert add(client, event, key, f"http://127.0.0.1/{n}").status_code == 201
    assert add(client, event, key, "http://127.0.0.1/more").status_code == 409
    hook = client.get(f"/api/events/{event}/webhooks", headers=organizer(key)).json()["webhooks"][0]
    gone = client.delete(f"/api/events/{event}/webhooks/{hook['id']}", headers=organizer(key))
    assert gone.status_code == 204
    _other, other_key = new_event(client)
    refused = client.delete(
        f"/api/events/{event}/webhooks/{hook['id'] + 1}", headers=organizer(other_key)
    )
    assert refused.status_code == 403
    for number in ("0", "-1", str(2**31), str(2**63)):  # no database key: one clear 4xx
        named = client.delete(f"/api/events/{event}/webhooks/{number}", headers=organizer(key))
        assert 400 <= named.status_code < 500, (number, named.text)


def test_an_idle_server_does_not_look_for_deliveries_every_second(
    client: TestClient, receiver: tuple[str, type[Receiver]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With nothing pending, a pass sleeps `IDLE` seconds (it looked every second, a
    database query a second in every server process); a delivery queued wakes it, and a
    failed one is next due after its backoff."""
    url, handler = receiver
    hooks = client.app.state.webhooks  # type: ignore[attr-defined]
    hooks.allow_private = True
    assert hooks._next_due() == webhooks.IDLE
    looked = []

    async def counted() -> float:
        looked.append(1)
        return float(await webhooks.Webhooks._deliver(hooks))

    monkeypatch.setattr(hooks, "work", counted)
    hooks.wake()  # the loop now runs the counted pass
    eventually(lambda: looked, "a pass")
    time.sleep(2.5)
    assert len(looked) == 1
    handler.status = 500
    paired_with_a_webhook(client, url)
    eventually(lambda: len(handler.got) >= 1, "the delivery, at once")
    eventually(lambda: len(handler.got) >= 2, "the second attempt, a second later")
    third = lambda: 0 < hooks._next_due() <= 2.0  # noqa: E731 (two seconds after the second)
    eventually(third, "the third attempt due after its backoff")
