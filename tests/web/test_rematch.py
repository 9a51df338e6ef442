"""Rematch with seats swapped (issue 19): a finished table's people start the same game
again, every seat moved one place on, each person keeping their token (so people in
different browsers follow with their own links)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import ClientFactory
from tests.web.helpers import create, play_first, view, wait_for_turn


def _finish(client: TestClient, table: str, tokens: dict[int, str]) -> None:
    """Play the people's first legal moves until the table ends (short Kalah)."""
    for _ in range(400):
        public = view(client, table, None)
        seat = public["observation"]["current_player"]
        if seat is None:
            return
        if seat not in tokens:  # the computer's turn: wait for a person's, or the end
            for person, token in tokens.items():
                wait_for_turn(client, table, token, person)
            continue
        play_first(client, table, tokens[seat])
    raise AssertionError("the game did not end")


def _rematch(client: TestClient, table: str, tokens: list[str]) -> Any:
    return client.post(f"/api/tables/{table}/rematch", json={"tokens": tokens})


def test_a_finished_tables_people_get_a_rematch_with_the_seats_swapped(
    client: TestClient,
) -> None:
    created = create(client, "kalah", ["human", "human"], {"seeds": 1})
    table = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    client.post(f"/api/tables/{table}/name", params={"token": tokens[0]}, json={"name": "Ana"})
    _finish(client, table, tokens)
    answer = _rematch(client, table, [tokens[0], tokens[1]])
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert made["id"] != table and made["table"]["game"] == "kalah"
    assert made["table"]["options"]["seeds"] == 1
    assert made["table"]["index"] == 0 and made["table"]["seeded"] is False
    seats = made["table"]["seats"]
    assert [s["name"] for s in seats] == [None, "Ana"]  # Ana moved from seat 0 to seat 1
    assert [s["token"] for s in made["seats"]] == [tokens[1], tokens[0]]  # their own tokens
    assert view(client, made["id"], tokens[0])["seat"] == 1
    assert view(client, table, None)["table"]["rematch"] == made["id"]


def test_the_computer_changes_seats_too(client: TestClient) -> None:
    created = create(client, "kalah", ["human", "random"], {"seeds": 1})
    table, token = created["id"], created["seats"][0]["token"]
    _finish(client, table, {0: token})
    made = _rematch(client, table, [token]).json()
    kinds = [(s["kind"], s["agent"]) for s in made["table"]["seats"]]
    assert kinds == [("agent", "random"), ("human", None)]
    assert made["seats"][1]["token"] and made["seats"][0]["token"] is None


def test_a_rematch_needs_the_end_and_a_persons_token(client: TestClient) -> None:
    created = create(client, "kalah", ["human", "human"], {"seeds": 1})
    table = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    other = create(client, "kalah", ["human", "human"], {"seeds": 1})["seats"][0]["token"]
    before = len(client.app.state.service.tables)  # type: ignore[attr-defined]
    unfinished = _rematch(client, table, list(tokens.values()))
    assert unfinished.status_code == 409 and "still being played" in unfinished.json()["error"]
    _finish(client, table, tokens)
    assert _rematch(client, table, [tokens[0], "not-a-token"]).status_code == 403
    assert _rematch(client, table, [other]).status_code == 403  # another table's person
    assert _rematch(client, table, []).status_code == 400
    assert _rematch(client, table, [7]).status_code == 400
    assert len(client.app.state.service.tables) == before  # type: ignore[attr-defined]


def test_one_person_starts_the_rematch_and_the_other_follows_it(
    make_client: ClientFactory,
) -> None:
    """People in two browsers: one starts it (201), the other asking later gets the same
    table (200), with their own token for their new seat; it is remembered after a
    restart."""
    with make_client() as client:
        created = create(client, "kalah", ["human", "human"], {"seeds": 1})
        table = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        _finish(client, table, tokens)
        first = _rematch(client, table, [tokens[0]])
        assert first.status_code == 201, first.text
        made = first.json()
        assert [s["token"] for s in made["seats"]] == [None, tokens[0]]  # only what was sent
        second = _rematch(client, table, [tokens[1]])
        assert second.status_code == 200 and second.json()["id"] == made["id"]
        assert [s["token"] for s in second.json()["seats"]] == [tokens[1], None]
    with make_client() as restarted:
        again = _rematch(restarted, table, [tokens[1]])
        assert again.status_code == 200 and again.json()["id"] == made["id"]
        assert view(restarted, made["id"], tokens[1])["seat"] == 0
