"""`ludoteca serve --workers N`: N server processes behind one port, a table owned by one.

The parent process binds the port and accepts every connection. It reads the request's
first line without consuming it (`MSG_PEEK`) and hands the connection itself, its file
descriptor over a Unix socket pair (`SCM_RIGHTS`), to the worker that owns the table
the line names (`web.shared.routing`), or to the next worker in turn if it names none.
A WebSocket is a connection of its own: every seat of a table plays on its owner, which
alone holds the table in memory and applies its moves; the others never load it (they
hear of its moves through `web.fanout` and let them be). The parent only accepts,
peeks and passes on: no request's bytes go through it.

Each worker runs the app under uvicorn and serves the connections it is handed. A
worker that dies is started again in its slot; until it says it is ready its tables
go to the other workers, which rebuild them from the database (nothing acknowledged is
lost: a move is acknowledged once stored). When the parent stops, or dies, each worker
sees its socket pair close and stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from ludoteca.web.shared.routing import owner, table_of

log = logging.getLogger("uvicorn.error")
HEAD_WAIT = 10.0
"""Seconds a new connection may take to send its request's first line (then closed)."""
PENDING = 1024
"""Connections waiting for their first line at most; beyond, they go to the next worker
unread (that worker's uvicorn times them out)."""
PEEK = 2048
"""Bytes read ahead for the first line (a longer line is not a table's)."""
RESTART = 1.0
"""Seconds between looks at the workers (a dead one is started again)."""
SLOT, COUNT, CHANNEL = "LUDOTECA_WORKER_SLOT", "LUDOTECA_WORKERS", "LUDOTECA_WORKER_FD"
WORKER_HEADER = "X-Ludoteca-Worker"
"""A response header naming the slot of the worker that answered."""


@dataclass
class Worker:
    """One slot: its process and the parent's end of its socket pair."""

    slot: int
    process: subprocess.Popen[bytes] | None = None
    channel: socket.socket | None = None
    ready: bool = False


class Supervisor:
    """The parent of `count` workers serving the app on `host`:`port`."""

    def __init__(self, count: int, host: str, port: int, settings: dict[str, Any]) -> None:
        self.count, self.host, self.port = count, host, port
        self.settings = {k: v for k, v in settings.items() if k not in ("host", "port")}
        self.workers = [Worker(slot) for slot in range(count)]
        self.pending = 0
        self.routing: set[asyncio.Task[None]] = set()
        self.turn = 0
        self.stopping = asyncio.Event()

    def run(self) -> None:
        """Serve until SIGINT or SIGTERM, then stop every worker."""
        asyncio.run(self._main())

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        family = socket.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM)[0][0]
        listener = socket.create_server((self.host, self.port), family=family, backlog=2048)
        listener.setblocking(False)
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.stopping.set)
        for worker in self.workers:
            self._start(worker)
        log.info(
            "ludoteca: %d worker processes on http://%s:%d (Press CTRL+C to quit)",
            self.count,
            self.host,
            self.port,
        )
        tasks = [loop.create_task(self._accept(listener)), loop.create_task(self._watch())]
        await self.stopping.wait()
        for task in tasks:
            task.cancel()
        listener.close()
        await self._stop_all()

    def _start(self, worker: Worker) -> None:
        """Start `worker`'s process, with a new socket pair."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        environment = os.environ | {
            SLOT: str(worker.slot),
            COUNT: str(self.count),
            CHANNEL: str(theirs.fileno()),
        }
        worker.process = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.web.workers", json.dumps(self.settings)],
            pass_fds=(theirs.fileno(),),
            env=environment,
        )
        theirs.close()
        worker.channel, worker.ready = ours, False
        asyncio.get_running_loop().add_reader(ours.fileno(), self._heard, worker)

    def _heard(self, worker: Worker) -> None:
        """A worker said it is ready, or its end closed (it stopped)."""
        assert worker.channel is not None
        try:
            said = worker.channel.recv(16)
        except BlockingIOError:
            return
        except OSError:
            said = b""
        if said == b"ready":
            worker.ready = True
            return
        self._drop(worker)

    def _drop(self, worker: Worker) -> None:
        """Forget `worker`'s socket pair: it routes nothing until started again."""
        worker.ready = False
        if worker.channel is not None:
            asyncio.get_running_loop().remove_reader(worker.channel.fileno())
            worker.channel.close()
            worker.channel = None

    async def _watch(self) -> None:
        """Start again every worker whose process ended."""
        while True:
            await asyncio.sleep(RESTART)
            for worker in self.workers:
                if worker.process is not None and worker.process.poll() is not None:
                    log.error(
                        "ludoteca: worker %d stopped (exit %s): starting it again",
                        worker.slot,
                        worker.process.returncode,
                    )
                    self._drop(worker)
                    self._start(worker)

    async def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            connection, _address = await loop.sock_accept(listener)
            if self.pending >= PENDING:
                self._hand(connection, None)
                continue
            self.pending += 1
            task = loop.create_task(self._route(connection))
            self.routing.add(task)  # kept: a task nothing refers to may be collected
            task.add_done_callback(self.routing.discard)

    async def _route(self, connection: socket.socket) -> None:
        """Wait for the first line, then hand the connection to the table's owner."""
        try:
            head = await asyncio.wait_for(self._first_line(connection), HEAD_WAIT)
        except (TimeoutError, OSError):
            head = None
        finally:
            self.pending -= 1
        if not head:  # closed before a line, or too slow: nothing to serve
            connection.close()
            return
        self._hand(connection, table_of(head))

    async def _first_line(self, connection: socket.socket) -> bytes:
        """The bytes waiting on `connection` once they hold a whole first line (or
        `PEEK` of them), left unread; empty if the client closed first."""
        while True:
            try:
                head = connection.recv(PEEK, socket.MSG_PEEK)
            except BlockingIOError:
                head = None
            if head == b"" or (head and (b"\n" in head or len(head) >= PEEK)):
                return head
            if head and not head[:1].isupper():  # no HTTP method: its worker answers 400
                return head
            if head:  # part of a line: readable at once, so wait a moment for the rest
                await asyncio.sleep(0.005)
                continue
            loop = asyncio.get_running_loop()
            readable = loop.create_future()
            loop.add_reader(connection.fileno(), readable.set_result, None)
            try:
                await readable
            finally:
                loop.remove_reader(connection.fileno())

    def _hand(self, connection: socket.socket, table_id: str | None) -> None:
        """Pass `connection` to the owner of `table_id` (any worker in turn for None),
        or to another ready worker if that one cannot take it; close it if none can."""
        ready = [w for w in self.workers if w.ready and w.channel is not None]
        if table_id is not None and ready:
            first = owner(table_id, [w.slot for w in ready])
            ready.sort(key=lambda w: w.slot != first)
        elif ready:
            self.turn = (self.turn + 1) % len(ready)
            ready = ready[self.turn :] + ready[: self.turn]
        with connection:
            for worker in ready:
                assert worker.channel is not None
                try:
                    socket.send_fds(worker.channel, [b"c"], [connection.fileno()])
                    return
                except OSError as exc:  # its queue is full, or it just stopped
                    log.warning("ludoteca: worker %d refused a connection: %s", worker.slot, exc)

    async def _stop_all(self) -> None:
        """Close every socket pair (each worker then stops gracefully) and wait."""
        for worker in self.workers:
            self._drop(worker)
            if worker.process is not None and worker.process.poll() is None:
                worker.process.send_signal(signal.SIGTERM)
        for worker in self.workers:
            if worker.process is None:
                continue
            try:
                await asyncio.to_thread(worker.process.wait, 30)
            except subprocess.TimeoutExpired:
                worker.process.kill()


def serve_worker(settings: dict[str, Any]) -> None:
    """A worker: the app under uvicorn, serving the connections the parent hands it."""
    import uvicorn

    channel = socket.socket(fileno=int(os.environ[CHANNEL]))
    opening: set[asyncio.Task[Any]] = set()

    class Handed(uvicorn.Server):
        """uvicorn's server on no socket of its own: it serves the handed connections."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=[])
            if self.should_exit:
                return
            loop = asyncio.get_running_loop()
            config, state = self.config, self.server_state

            def protocol(_loop: asyncio.AbstractEventLoop | None = None) -> asyncio.Protocol:
                made: asyncio.Protocol = config.http_protocol_class(  # type: ignore[call-arg]
                    config=config, server_state=state, app_state=self.lifespan.state, _loop=_loop
                )
                return made

            channel.setblocking(False)
            loop.add_reader(channel.fileno(), self._receive, loop, protocol)
            channel.send(b"ready")

        def _receive(self, loop: asyncio.AbstractEventLoop, protocol: Any) -> None:
            while True:  # every connection handed since the last look
                try:
                    message, fds, _flags, _address = socket.recv_fds(channel, 16, 4)
                except BlockingIOError:
                    return
                except OSError:
                    message, fds = b"", []
                if not message and not fds:  # the parent stopped: stop too
                    loop.remove_reader(channel.fileno())
                    self.should_exit = True
                    return
                for fd in fds:
                    connection = socket.socket(fileno=fd)
                    connection.setblocking(False)
                    task = loop.create_task(loop.connect_accepted_socket(protocol, connection))
                    opening.add(task)
                    task.add_done_callback(opening.discard)

    config = uvicorn.Config(
        "ludoteca.web.app:app_from_environment",
        factory=True,
        workers=1,
        headers=[(WORKER_HEADER, os.environ[SLOT])],  # which worker answered (tests, logs)
        **settings,
    )
    Handed(config).run(sockets=[])


if __name__ == "__main__":
    from ludoteca.web.shared import logs

    logs.install()
    with contextlib.suppress(KeyboardInterrupt):
        serve_worker(json.loads(sys.argv[1]))
