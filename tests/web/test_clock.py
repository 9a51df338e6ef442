"""The move clock (issue 19, item 3): Fischer increment per person's seat, computed from
the action log's times; when a person's time runs out the game's medium computer makes
that move for them, marked as a time-out (docs/web.md, "The move clock")."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import update
from sqlalchemy.orm import Session

from ludoteca.web.shared.db import TableRow
from ludoteca.web.tables.clock import ClockRule, remaining
from tests.patience import PATIENCE
from tests.web.conftest import ClientFactory
from tests.web.helpers import view


def _make(client: TestClient, kinds: list[str], clock: Any, game: str = "kalah") -> Any:
    people = ("human", "open")
    seats = [{"kind": k} if k in people else {"kind": "agent", "agent": k} for k in kinds]
    return client.post("/api/tables", json={"game": game, "seats": seats, "clock": clock})


@given(
    st.integers(1, 30),
    st.integers(0, 30),
    st.lists(st.tuples(st.integers(0, 2), st.floats(0, 5)), max_size=40),
)
def test_time_spent_and_increments_add_up(minutes: int, increment: int, moves: Any) -> None:
    """Fischer: a seat's time left = its start - the time its turns took + the increment
    of each of its moves, while its turns took less than its start (no clamping at zero);
    seat 2 plays too but is no person's: it has no clock."""
    rule = ClockRule(minutes, increment)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    turns, times, at = [], [], start
    for seat, seconds in moves:
        at += timedelta(seconds=seconds)
        turns.append(seat)
        times.append(at)
    left = remaining(rule, {0, 1}, start, turns, times, [seat for seat, _ in moves])
    for seat in (0, 1):
        spent = sum(seconds for mover, seconds in moves if mover == seat)
        made = sum(1 for mover, _ in moves if mover == seat)
        expected = max(0.0, minutes * 60 - spent) + increment * made
        if minutes * 60 > spent:
            assert left[seat] == pytest.approx(expected)
    assert set(left) == {0, 1}  # seat 2 is a computer: no clock


def test_a_table_with_a_clock_shows_each_persons_time(client: TestClient) -> None:
    made = _make(client, ["human", "human"], {"minutes": 5, "increment": 3})
    assert made.status_code == 201, made.text
    table, tokens = made.json()["id"], [s["token"] for s in made.json()["seats"]]
    shown = view(client, table, tokens[0])["table"]["clock"]
    assert shown["minutes"] == 5 and shown["increment"] == 3
    assert shown["remaining"] == {"0": 300.0, "1": 300.0} and shown["timeouts"] == []
    seat = shown["running"]
    time.sleep(0.3)
    state = view(client, table, tokens[seat])
    action = state["actions"][0]["action"]
    moved = client.post(
        f"/api/tables/{table}/actions",
        params={"token": tokens[seat]},
        json={"index": state["index"], "action": action},
    )
    assert moved.status_code == 200, moved.text
    after = client.get(f"/api/tables/{table}/clock").json()
    assert 0 < after["remaining"][str(seat)] < 300 + 3 - 0.25  # the 0.3 s slept were charged
    assert "now" in after


@pytest.mark.parametrize(
    "bad",
    [{"minutes": 0}, {"minutes": 181}, {"minutes": "5"}, {"minutes": True}, {"increment": 3},
     {"minutes": 5, "increment": -1}, {"minutes": 5, "extra": 1}, [5, 3], "5+3"],
)  # fmt: skip
def test_a_bad_clock_is_refused_and_no_table_is_made(client: TestClient, bad: Any) -> None:
    before = len(client.get("/api/tables").json()["tables"])
    answer = _make(client, ["human", "open"], bad)
    assert answer.status_code == 400 and "clock" in answer.json()["error"]
    assert len(client.get("/api/tables").json()["tables"]) == before


def test_no_clock_means_none(client: TestClient) -> None:
    made = _make(client, ["human", "random"], None).json()
    assert made["table"]["clock"] is None
    assert client.get(f"/api/tables/{made['id']}/clock").status_code == 404


def test_when_time_runs_out_the_computer_moves_and_it_survives_a_restart(
    make_client: ClientFactory,
) -> None:
    """No time at all (a clock of 0 minutes, made through the service) and 1 s a move: the
    computer moves for each person at once, then each gets 1 s; every such move is a
    time-out of its seat, legal, in the log, and still known after a restart."""
    with make_client() as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        seats = [{"kind": "human"}, {"kind": "human"}]

        async def make() -> Any:
            return await service.create("kalah", {}, seats, None, clock=ClockRule(0, 1))

        assert client.portal is not None
        table, _tokens = client.portal.call(make)
        deadline = time.monotonic() + PATIENCE
        while view(client, table.id, None)["index"] < 2:
            assert time.monotonic() < deadline, "the clock never ran out"
            time.sleep(0.05)
        shown = client.get(f"/api/tables/{table.id}/clock").json()
        first = shown["timeouts"][:2]
        assert [entry["index"] for entry in first] == [0, 1]
    with make_client() as restarted:
        again = restarted.get(f"/api/tables/{table.id}/clock").json()
        assert again["timeouts"][:2] == first


@given(st.floats(0, 100), st.floats(0, 100), st.floats(0, 100))
def test_a_seat_taken_late_is_charged_from_when_it_was_taken(
    waited: float, joined: float, thought: float
) -> None:
    """Seat 0, open when the table was made, is taken `joined` s into a turn that began
    `waited` s after creation and moves `thought` s later: only `thought` is its time."""
    rule, made = ClockRule(5, 0), datetime(2026, 1, 1, tzinfo=UTC)
    sat = made + timedelta(seconds=waited + joined)
    moved = sat + timedelta(seconds=thought)
    left = remaining(rule, {0}, made, [0], [moved], [0], {0: sat})
    assert left[0] == pytest.approx(300 - thought)


def test_a_late_joiner_is_not_charged_the_time_the_seat_sat_open(
    make_client: ClientFactory,
) -> None:
    """Issue 36, item 4: a 1-minute clock, both seats open; the seat first to move is taken
    62 s after the table was made: its clock starts full, is not timed out, and takes
    their move; a restart keeps when they sat down."""
    with make_client() as client:
        made = _make(client, ["open", "open"], {"minutes": 1, "increment": 0})
        table = made.json()["id"]
        service = client.app.state.service  # type: ignore[attr-defined]
        live = service.tables[table]
        first = live.state.current_player  # Kalah draws who moves first
        earlier = live.record.created_at - timedelta(seconds=62)
        live.record.created_at = earlier
        with Session(service.store.engine) as session, session.begin():
            session.execute(update(TableRow).where(TableRow.id == table).values(created_at=earlier))
        joined = client.post(f"/api/tables/{table}/join", json={"seat": first})
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        shown = client.get(f"/api/tables/{table}/clock").json()
        assert shown["running"] == first and shown["remaining"] == {str(first): 60.0}
        since = datetime.fromisoformat(shown["since"])
        assert 0 <= (datetime.now(UTC) - since).total_seconds() < 60  # from the join, not before
        state = view(client, table, token)
        move = client.post(
            f"/api/tables/{table}/actions",
            params={"token": token},
            json={"index": 0, "action": state["actions"][0]["action"]},
        )
        assert move.status_code == 200, move.text
        assert client.get(f"/api/tables/{table}/clock").json()["timeouts"] == []
    with make_client() as restarted:
        again = restarted.get(f"/api/tables/{table}/clock").json()
        assert again["timeouts"] == [] and again["remaining"][str(first)] > 0
