"""A webhook receiver on loopback for the tests (issue 45): it keeps every POST."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any


class Receiver(BaseHTTPRequestHandler):
    """Keeps every POST (its headers, body and the moment it came); answers `status`."""

    got: list[tuple[dict[str, str], bytes, float]]
    status = 204

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        headers = {k.lower(): v for k, v in self.headers.items()}
        type(self).got.append((headers, body, time.time()))
        self.send_response(type(self).status)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return None


@contextmanager
def receiving() -> Iterator[tuple[str, type[Receiver]]]:
    """A receiver answering on loopback while the block runs: its URL and its handler
    class (whose `got` fills up)."""
    handler = type("Handler", (Receiver,), {"got": [], "status": 204})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", handler
    finally:
        server.shutdown()
