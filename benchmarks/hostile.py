"""Hostile requests for the crash benchmark: what issue 15 found breaking the server,
sent in a loop beside the players' load until the server is killed.

Each kind of request has the answers it may get; anything else (above all a 5xx, a
timeout or a dropped connection while the server is up) is counted as a problem.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

DEEP = "[" * 8_000 + "]" * 8_000


@dataclass
class Attack:
    """What the attacker sent and got: answers by (kind, status), and surprises."""

    answers: Counter[tuple[str, int]] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    @property
    def sent(self) -> int:
        """Requests answered."""
        return sum(self.answers.values())


def requests(database: Path, pipe: Path, table: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(kind, path, JSON body or raw text) of each hostile request, against `table`."""
    people = [{"kind": "human"}, {"kind": "human"}]
    token = table["seats"][0]["token"]
    deck = {"game": "toinc", "seats": people}
    return [
        ("deck is the database", "/api/tables", {**deck, "options": {"deck": str(database)}}),
        ("deck is a relative db", "/api/games/toinc/seats", {"deck": database.name}),
        ("deck is a FIFO", "/api/tables", {**deck, "options": {"deck": str(pipe)}}),
        ("deck is /dev/zero", "/api/games/toinc/seats", {"deck": "/dev/zero"}),
        ("roster is /etc/passwd", "/api/games/touchdown/seats", {"yellow_roster": "/etc/passwd"}),
        ("deep JSON move", f"/api/tables/{table['id']}/actions?token={token}", DEEP),
        ("deep JSON event", "/api/events", DEEP),
        ("seed 10**30", "/api/tables", {**deck, "seed": 10**30}),
        ("seeded with a stranger", "/api/tables", {**deck, "seed": 5}),
        ("bot flood", "/api/events/bots", {"game": "toinc", "agents": ["hard"] * 32}),
        (
            "hard computer table",
            "/api/tables",
            {**deck, "seats": [{"kind": "agent", "agent": "hard"}] * 2},
        ),
    ]


ALLOWED = {
    "deck is the database": {422},
    "deck is a relative db": {422},
    "deck is a FIFO": {422},
    "deck is /dev/zero": {422},
    "roster is /etc/passwd": {422},
    "deep JSON move": {400},
    "deep JSON event": {400},
    "seed 10**30": {400},  # the JSON reader refuses a number over 20 digits
    "seeded with a stranger": {422},
    "bot flood": {201, 503},
    "hard computer table": {201, 503},
}


async def attack(
    base: str,
    folder: Path,
    database: Path,
    table: dict[str, Any],
    report: Attack,
    until: float | None = None,
) -> None:
    """Send the hostile requests round after round until the server stops answering, or
    with `until` (a `time.monotonic` deadline) until then, going on past a request cut
    by a worker's death (its slot is started again)."""
    pipe = folder / "deck.fifo"
    if not pipe.exists():
        os.mkfifo(pipe)
    plan = requests(database, pipe, table)
    socket_url = base.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
    cookie = table.get("cookie", "")  # the browser that made the table (`create_tables`)
    headers = {"Cookie": cookie} if cookie else {}
    async with httpx.AsyncClient(base_url=base, timeout=10, headers=headers) as client:
        while until is None or time.monotonic() < until:
            for kind, path, body in plan:
                try:
                    if isinstance(body, str):
                        answer = await client.post(path, content=body)
                    else:
                        answer = await client.post(path, json=body)
                except httpx.TransportError:
                    if until is not None:
                        continue  # a worker killed under the request
                    return  # killed: the crash check takes over
                report.answers[(kind, answer.status_code)] += 1
                if answer.status_code not in ALLOWED[kind]:
                    report.problems.append(f"{kind}: {answer.status_code} {answer.text[:120]}")
            try:
                await _deep_socket(
                    socket_url + f"?token={table['seats'][0]['token']}", headers, report
                )
            except (OSError, websockets.WebSocketException):
                if until is None:
                    return
            await asyncio.sleep(0.05)


async def _deep_socket(url: str, headers: dict[str, str], report: Attack) -> None:
    """Deep JSON on a seat's socket: an error frame, and the socket still answers a ping."""
    async with websockets.connect(
        url, max_size=2**24, open_timeout=10, additional_headers=headers or None
    ) as socket:
        await socket.recv()  # the view
        await socket.send("[" * 2_000 + "]" * 2_000)
        frames = [await socket.recv()]
        await socket.send('{"type": "ping"}')
        while "pong" not in frames[-1]:
            frames.append(await socket.recv())
        kind = "deep JSON socket"
        ok = any('"status":400' in frame for frame in frames)
        report.answers[(kind, 400 if ok else 0)] += 1
        if not ok:
            report.problems.append(f"{kind}: no error frame in {frames!r:.200}")


async def flood(base: str) -> str:
    """Fill the server with computer work, as anyone may: `hard` bot tournaments and
    tables of `hard` computers until it answers 503; what was admitted."""
    bots = {"game": "toinc", "agents": ["hard"] * 8, "rounds": 10}
    table = {"game": "toinc", "seats": [{"kind": "agent", "agent": "hard"}] * 2}
    admitted = Counter[str]()
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for kind, path, body in (
            ("bot tournaments", "/api/events/bots", bots),
            ("computer tables", "/api/tables", table),
        ):
            for _ in range(100):
                answer = await client.post(path, json=body)
                if answer.status_code == 503:
                    break
                answer.raise_for_status()
                admitted[kind] += 1
    return ", ".join(f"{n} {kind}" for kind, n in admitted.items()) + " until 503"
