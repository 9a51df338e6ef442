"""Issue 15, part 5: no credential reaches the server's log, whatever URL carries it."""

from __future__ import annotations

import asyncio
import logging
import secrets
from pathlib import Path
from urllib.parse import quote

import httpx
import websockets
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.web.shared.logs import CREDENTIALS, RedactTokens, redact
from tests.ports import free_port
from tests.web.test_serve import _start


def test_a_websocket_line_keeps_its_other_parameters() -> None:
    """The filter rewrites uvicorn's record: the token hidden, the rest of the line kept."""
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", "/ws/tables/abc?token=s3cr3t&x=1"),
        None,
    )
    assert RedactTokens().filter(record)
    expected = '127.0.0.1:5 - "WebSocket /ws/tables/abc?token=***&x=1" [accepted]'
    assert record.getMessage() == expected


@given(
    name=st.sampled_from(sorted(CREDENTIALS)),
    secret=st.text("abcdefXYZ0123456789-_.~%", min_size=6, max_size=40),
    upper=st.booleans(),
    encode=st.booleans(),
    before=st.sampled_from(["", "a=1&", "page=2;"]),
)
def test_no_credential_survives_redaction(
    name: str, secret: str, upper: bool, encode: bool, before: str
) -> None:
    """Any credential name, in any case, percent-encoded or not, anywhere in the query."""
    shown = name.upper() if upper else name
    if encode:
        shown = "".join(f"%{ord(c):02X}" for c in shown)
    line = f'GET /api/events/e1/organizer?{before}{shown}={secret}&x=2 HTTP/1.1" 200'
    hidden = redact(line)
    assert f"{shown}=***&x=2" in hidden
    assert secret not in hidden.replace("***", "")
    assert redact(f"/api/tables?a=1&b={secret}") == f"/api/tables?a=1&b={secret}"


def test_the_running_server_logs_no_token_and_no_key(tmp_path: Path) -> None:
    """A real `ludoteca serve`: a seat's token and an organizer's key, sent in the query
    (plain and percent-encoded) and on a WebSocket, appear nowhere in its log."""
    port, log = free_port(), tmp_path / "server.log"
    server = _start(port, tmp_path / "web.db", log)
    base = f"http://127.0.0.1:{port}"
    try:
        body = {"game": "toinc", "seats": [{"kind": "human"}, {"kind": "agent"}], "listed": True}
        token = httpx.post(f"{base}/api/tables", json=body).json()["seats"][0]["token"]
        created = httpx.post(f"{base}/api/events", json={"name": "cup"}).json()
        event, key = created["id"], created["key"]
        tables = httpx.get(f"{base}/api/tables").json()["tables"]
        table = tables[0]["id"]
        httpx.get(f"{base}/api/tables/{table}/view", params={"token": token})
        httpx.get(f"{base}/api/events/{event}/organizer", params={"key": key})
        httpx.get(f"{base}/api/events/{event}/organizer?%6Bey={quote(key)}")
        httpx.get(f"{base}/api/events/{event}/organizer?KEY={quote(key)}")
        wrong = secrets.token_urlsafe(16)
        httpx.get(f"{base}/api/events/{event}/organizer", params={"key": wrong})

        async def watch() -> None:
            url = f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}"
            async with websockets.connect(url) as socket:
                await socket.recv()

        asyncio.run(watch())
    finally:
        server.terminate()
        server.wait(timeout=10)
    text = log.read_text(encoding="utf-8")
    assert "/organizer?key=***" in text and "WebSocket" in text, text[-2000:]
    for secret in (token, key, quote(key), wrong):
        assert secret not in text
