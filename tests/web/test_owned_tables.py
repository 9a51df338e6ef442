"""Issue 43: under `serve --workers N` each table is owned by one process. The parent
hands every connection naming a table, WebSockets included, to its owner; a table made
by a worker is its own; kill -9 of a worker moves its tables to the others with no
acknowledged move lost, and the worker is started again."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path

import httpx
import psutil
import pytest
import websockets

from ludoteca.web.shared.routing import owner
from ludoteca.web.workers import WORKER_HEADER
from tests.patience import PATIENCE
from tests.ports import free_port
from tests.web.test_processes import BODY, _move, _stop, postgres  # noqa: F401 (fixture)
from tests.web.test_serve import _start


def _slot(response: httpx.Response) -> int:
    return int(response.headers[WORKER_HEADER])


def _all_ready(base: str, count: int) -> None:
    """Wait until every worker has answered (the parent hands requests in turn)."""
    seen: set[int] = set()
    deadline = time.monotonic() + PATIENCE
    while len(seen) < count:
        assert time.monotonic() < deadline, f"workers answering: {seen}"
        seen.add(_slot(httpx.get(f"{base}/api/games", timeout=5)))


async def _socket_slot(port: int, table: str) -> int:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as live:
        assert live.response is not None
        await live.recv()
        return int(live.response.headers[WORKER_HEADER])


def test_a_tables_requests_and_sockets_all_reach_its_owner(postgres: str, tmp_path: Path) -> None:  # noqa: F811
    port = free_port()
    server = _start(port, postgres, tmp_path / "serve.log", "--workers", "2")  # type: ignore[arg-type]
    base = f"http://127.0.0.1:{port}"
    try:
        _all_ready(base, 2)
        makers: set[int] = set()
        for _ in range(6):
            created = httpx.post(f"{base}/api/tables", json=BODY, timeout=10)
            table, maker = created.json()["id"], _slot(created)
            makers.add(maker)
            assert owner(table, [0, 1]) == maker  # the maker drew an id of its own
            for _ in range(3):
                view = httpx.get(f"{base}/api/tables/{table}/view", timeout=10)
                assert _slot(view) == maker
            page = httpx.get(f"{base}/tables/{table}", timeout=10)
            assert page.status_code == 200 and _slot(page) == maker
            assert asyncio.run(_socket_slot(port, table)) == maker
        assert makers == {0, 1}  # tables are made on both, in turn
    finally:
        _stop(server)


def test_kill_9_of_a_worker_moves_its_tables_and_the_worker_comes_back(
    postgres: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    port = free_port()
    server = _start(port, postgres, tmp_path / "serve.log", "--workers", "2")  # type: ignore[arg-type]
    base = f"http://127.0.0.1:{port}"
    try:
        _all_ready(base, 2)
        created = httpx.post(f"{base}/api/tables", json=BODY, timeout=10)
        table, tokens = created.json()["id"], [s["token"] for s in created.json()["seats"]]
        first = _slot(created)
        rng = random.Random(7)
        played = [_move(base, table, tokens, rng) for _ in range(5)]
        victim = next(
            child
            for child in psutil.Process(server.pid).children()
            if child.environ().get("LUDOTECA_WORKER_SLOT") == str(first)
        )
        victim.send_signal(signal.SIGKILL)
        victim.wait(timeout=10)
        deadline = time.monotonic() + PATIENCE
        while True:  # the other worker takes the table, from the database
            view = httpx.get(f"{base}/api/tables/{table}/view", timeout=10)
            if view.status_code == 200 and _slot(view) != first:
                break
            assert time.monotonic() < deadline, "the table never moved"
            time.sleep(0.05)
        assert view.json()["index"] == len(played)  # every acknowledged move is there
        played += [_move(base, table, tokens, rng) for _ in range(3)]
        deadline = time.monotonic() + PATIENCE
        while _slot(httpx.get(f"{base}/api/tables/{table}/view", timeout=10)) != first:
            assert time.monotonic() < deadline, "the worker was not started again"
            time.sleep(0.1)
        view = httpx.get(f"{base}/api/tables/{table}/view", timeout=10)
        assert view.json()["index"] == len(played)  # back on its owner, as far as it went
        _move(base, table, tokens, rng)
    finally:
        _stop(server)
    assert f"worker {first} stopped" in (tmp_path / "serve.log").read_text()


@pytest.mark.parametrize("pause", [0.0, 0.3])
def test_a_first_line_sent_in_pieces_is_routed_and_a_silent_close_is_harmless(
    postgres: str,  # noqa: F811
    tmp_path: Path,
    pause: float,
) -> None:
    port = free_port()
    server = _start(port, postgres, tmp_path / "serve.log", "--workers", "2")  # type: ignore[arg-type]
    try:

        async def pieces() -> bytes:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            for part in (
                b"GET /api/ga",
                b"mes HTTP/1.1\r\nHost: x\r\n",
                b"Connection: close\r\n\r\n",
            ):
                writer.write(part)
                await writer.drain()
                await asyncio.sleep(pause)
            answer = await reader.read()
            writer.close()
            _reader, quiet = await asyncio.open_connection("127.0.0.1", port)
            quiet.close()  # connects and says nothing
            return answer

        answer = asyncio.run(pieces())
        assert answer.startswith(b"HTTP/1.1 200")

        async def not_http() -> bytes:  # a TLS hello: no method, no line end, passed on at once
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"\x16\x03\x01\x00\xa5" + bytes(40))
            await writer.drain()
            said = await asyncio.wait_for(reader.read(12), 5)
            writer.close()
            return said

        assert asyncio.run(not_http()) == b"HTTP/1.1 400"
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200
    finally:
        _stop(server)
