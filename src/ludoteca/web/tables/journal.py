"""Group commit: the moves of many tables written in one transaction, each acknowledged after.

While one transaction is being written, the moves that arrive wait and go
together in the next one, so one disk sync serves many tables. A move's
`append` returns only once its transaction is committed. If a batch is refused
(one move's index was taken, e.g. by another server process), its moves are
written one by one so only the guilty one fails. Every CHECKPOINT_EVERY
transactions the store's WAL checkpoint runs beside the writer (see
`WebStore.checkpoint`), never inside a move's commit.
"""

from __future__ import annotations

import asyncio
import logging

from ludoteca.web.shared.errors import WebError
from ludoteca.web.shared.records import Move
from ludoteca.web.tables.store import WebStore

CHECKPOINT_EVERY = 200  # committed transactions between two WAL checkpoints
log = logging.getLogger("ludoteca.web")


class Journal:
    """The only writer of the action log in a running server."""

    def __init__(self, store: WebStore) -> None:
        self.store = store
        self._pending: list[tuple[Move, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.transactions = 0  # how many batches were committed (for tests and figures)
        self._checkpoint: asyncio.Task[None] | None = None
        self._since_checkpoint = 0

    async def append(self, move: Move) -> None:
        """Store `move` durably; raises what the store raised (409 `WebError`, DB errors)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((move, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await asyncio.to_thread(self.store.append_actions, [m for m, _ in batch])
                self.transactions += 1
                for _move, done in batch:
                    _settle(done, None)
            except WebError:
                for move, done in batch:
                    try:
                        await asyncio.to_thread(self.store.append_actions, [move])
                        _settle(done, None)
                    except Exception as exc:
                        _settle(done, exc)
            except Exception as exc:
                for _move, done in batch:
                    _settle(done, exc)
            else:
                self._maybe_checkpoint()

    def _maybe_checkpoint(self) -> None:
        self._since_checkpoint += 1
        if self._since_checkpoint < CHECKPOINT_EVERY:
            return
        if self._checkpoint is None or self._checkpoint.done():
            self._since_checkpoint = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        try:
            await asyncio.to_thread(self.store.checkpoint)
        except Exception as exc:  # the next one will try again; commits never wait for it
            log.warning("WAL checkpoint failed: %s", exc)

    async def stop(self) -> None:
        """Wait for a checkpoint in progress (before the store is closed)."""
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
