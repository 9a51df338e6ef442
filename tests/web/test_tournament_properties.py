"""Invariants of the organizer API under any sequence of requests (issue 8, "Trust").

Whatever an organizer (or a confused client) sends, in any order: the answer is a 2xx
or a 4xx with a message, never a 5xx; a refused request changes nothing (same revision,
same event); an accepted one is one journal line; and the standings stay ordered by
points (*Pontuação*) with every rank from 1 (*Desempate* decides the order of ties).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.depth import examples
from tests.web.test_tournament_duel import new_event, organizer, post

PLAYERS = ["Ana", "Bruno", "Carla", "Davi", "Elisa"]
RESULTS = ["win", "timed_win", "draw", "timed_loss", "loss", "crushed"]

requests = st.one_of(
    st.tuples(st.just("rounds"), st.just({})),
    st.tuples(st.just("repair"), st.just({})),
    st.tuples(
        st.sampled_from(["results", "fix"]),
        st.fixed_dictionaries(
            {
                "round": st.integers(0, 6),
                "table": st.integers(0, 4),
                "result": st.sampled_from(RESULTS),
            }
        ),
    ),
    st.tuples(
        st.just("drop"),
        st.fixed_dictionaries(
            {"player": st.sampled_from(["ana", "bruno", "carla", "davi", "elisa", "zelda"])}
        ),
    ),
    st.tuples(
        st.just("players"),
        st.fixed_dictionaries({"name": st.sampled_from(["Fabio", "Gil", "Ana", ""])}),
    ),
    st.tuples(st.just("cut"), st.fixed_dictionaries({"size": st.sampled_from([2, 3, 4])})),
    st.tuples(st.just("cut-advance"), st.just({})),
    st.tuples(
        st.just("clock"),
        st.fixed_dictionaries({"action": st.sampled_from(["start", "pause", "resume", "stop"])}),
    ),
)


def organizer_state(client: TestClient, event: str, key: str) -> dict[str, Any]:
    """The organizer's view (what a refused request must leave as it was)."""
    view: dict[str, Any] = client.get(
        f"/api/events/{event}/organizer", headers=organizer(key)
    ).json()
    view.pop("clock")  # the time left moves on by itself
    return view


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it
@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(requests, min_size=1, max_size=12))
def test_any_request_sequence_keeps_the_event_consistent(
    client: TestClient, steps: list[tuple[str, dict[str, Any]]]
) -> None:
    """2xx or 4xx only; refusals change nothing; standings stay ordered by points."""
    event, key = new_event(client, name="Property Duel")
    for name in PLAYERS:
        post(client, event, key, "players", {"name": name})
    for action, body in steps:
        before = organizer_state(client, event, key)
        answer = client.post(f"/api/events/{event}/{action}", json=body, headers=organizer(key))
        assert answer.status_code in (200, 400, 404, 409, 422), (action, body, answer.text)
        after = organizer_state(client, event, key)
        if answer.status_code != 200:
            assert answer.json()["error"]
            assert after == before, (action, body)
            continue
        assert after["revision"] == before["revision"] + 1
        assert len(after["journal"]) == len(before["journal"]) + 1
        standings = after["standings"]
        assert [row["rank"] for row in standings] == list(range(1, len(standings) + 1))
        points = [row["points"] for row in standings]
        assert points == sorted(points, reverse=True)
