"""An event's outgoing webhooks (issue 45, item 5): a round paired, a result recorded, the
standings changed, each POSTed as JSON to the organizer's URLs, signed, retried with
backoff, and logged.

- **Signed.** `X-Ludoteca-Signature: t=<unix seconds>,v1=<hex>`, the HMAC-SHA256 of
  `"<t>.<body>"` under the webhook's secret (shown once, when it is made): a receiver
  checks it and refuses old timestamps (replays).
- **Where.** `http` or `https` only; a host that is or resolves to a loopback, private,
  link-local or otherwise reserved address (the server itself, its network) is refused
  when the webhook is made and again at each delivery (a name may resolve elsewhere
  later), unless the server's settings allow them (`allow_private`: the tests' receiver
  on loopback does).
- **Retried.** A delivery not answered 2xx within `TIMEOUT` is tried again after 1, 2, 4 ...
  seconds, `ATTEMPTS` times in all, then marked failed. Deliveries are rows in the
  database: any server process sends those due, each claimed for `LEASE` seconds. The
  process that queues a delivery sends it at once and sleeps until the next is due;
  every process looks for deliveries due at least every `IDLE` seconds (those a process
  queued and could not send before it stopped), and not more often while none is.
- **Bounded.** At most `PER_EVENT` webhooks an event and the newest `KEPT` deliveries a
  webhook; a receiver's answer is read up to 1 KiB.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core.i18n import _
from ludoteca.web.events.forget import Swaps, forget_in_payload
from ludoteca.web.events.store import StoredEvent
from ludoteca.web.events.views import standings
from ludoteca.web.shared.db import DeliveryRow, WebhookRow
from ludoteca.web.shared.errors import conflict, unprocessable
from ludoteca.web.shared.periodic import Periodic
from ludoteca.web.shared.records import as_utc

log = logging.getLogger("ludoteca.web")
PER_EVENT = 5
KEPT = 100
ATTEMPTS = 8
TIMEOUT = 5.0
LEASE = 30.0
"""Seconds a process holds a delivery it is sending."""
IDLE = 10.0
"""Seconds at most between two looks for deliveries due."""
MAX_URL = 2000
KINDS = {
    "pair": "round.paired",
    "repair": "round.paired",
    "edit-pairings": "round.paired",
    "top-cut": "round.paired",
    "advance-cut": "round.paired",
    "final": "round.paired",
    "report": "result.recorded",
    "fix": "result.recorded",
}
"""The event's operations its webhooks are told of, and what they are called; a result,
and a drop or a reinstatement, also change the standings."""
STANDINGS = {"report", "fix", "undo", "drop", "reinstate", "playoff"}


def sign(secret: str, body: bytes, moment: int) -> str:
    """The signature header's value for `body` sent at `moment`."""
    mac = hmac.new(secret.encode(), f"{moment}.".encode() + body, hashlib.sha256)
    return f"t={moment},v1={mac.hexdigest()}"


def check_url(url: str, allow_private: bool) -> str:
    """`url` if a webhook may be sent there (422 naming why not)."""
    parts = urlsplit(url)
    if len(url) > MAX_URL or parts.scheme not in ("http", "https") or not parts.hostname:
        raise unprocessable(_("a webhook's address is an http or https URL"))
    if allow_private:
        return url
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise unprocessable(_("a webhook's host must resolve")) from None
    for address in {info[4][0] for info in found}:
        ip = ipaddress.ip_address(str(address).split("%")[0])
        if not ip.is_global or ip.is_multicast:
            raise unprocessable(_("a webhook may not point at this server or its private network"))
    return url


@dataclass(frozen=True)
class Delivery:
    """One delivery due: its webhook's address and secret, and what to send."""

    id: int
    url: str
    secret: str
    kind: str
    payload: dict[str, Any]
    attempts: int


class Webhooks(Periodic):
    """An event's webhooks and their deliveries (sent when queued or due)."""

    def __init__(self, engine: Engine, allow_private: bool = False) -> None:
        super().__init__("webhooks", self._deliver, IDLE)
        self.engine = engine
        self.allow_private = allow_private

    # ------------------------------------------------------------- the organizer's
    def add(self, event_id: str, url: str) -> dict[str, Any]:
        """A new webhook: its id, address and secret (shown this once)."""
        check_url(url, self.allow_private)
        secret = secrets.token_urlsafe(32)
        with Session(self.engine) as session, session.begin():
            count = session.scalar(
                select(func.count()).select_from(WebhookRow).where(WebhookRow.event_id == event_id)
            )
            if (count or 0) >= PER_EVENT:
                raise conflict(_("an event has at most {most} webhooks", most=PER_EVENT))
            row = WebhookRow(
                event_id=event_id, url=url, secret=secret, created_at=datetime.now(UTC)
            )
            session.add(row)
            session.flush()
            return {"id": row.id, "url": url, "secret": secret}

    def remove(self, event_id: str, hook_id: int) -> None:
        """Delete a webhook and its deliveries (nothing if there is none)."""
        with Session(self.engine) as session, session.begin():
            owned = select(WebhookRow.id).where(
                WebhookRow.id == hook_id, WebhookRow.event_id == event_id
            )
            session.execute(delete(DeliveryRow).where(DeliveryRow.webhook_id.in_(owned)))
            session.execute(
                delete(WebhookRow).where(WebhookRow.id == hook_id, WebhookRow.event_id == event_id)
            )

    def listing(self, event_id: str) -> list[dict[str, Any]]:
        """The event's webhooks, each with its newest deliveries (never the secret)."""
        with Session(self.engine) as session:
            hooks = session.scalars(
                select(WebhookRow).where(WebhookRow.event_id == event_id).order_by(WebhookRow.id)
            ).all()
            out = []
            for hook in hooks:
                rows = session.scalars(
                    select(DeliveryRow)
                    .where(DeliveryRow.webhook_id == hook.id)
                    .order_by(DeliveryRow.id.desc())
                    .limit(20)
                ).all()
                out.append({"id": hook.id, "url": hook.url, "deliveries": [
                    {"id": d.id, "kind": d.kind, "status": d.status, "attempts": d.attempts,
                     "error": d.error, "at": as_utc(d.created_at).isoformat()}
                    for d in rows
                ]})  # fmt: skip
            return out

    def forget(self, event_id: str, swaps: Swaps) -> None:
        """Swap a deleted account's name and id in the event's stored deliveries."""
        if not swaps:
            return
        with Session(self.engine) as session, session.begin():
            rows = session.scalars(
                select(DeliveryRow)
                .join(WebhookRow, WebhookRow.id == DeliveryRow.webhook_id)
                .where(WebhookRow.event_id == event_id)
            )
            for row in rows:
                payload = forget_in_payload(dict(row.payload), swaps)
                if payload != row.payload:
                    row.payload = payload

    # ------------------------------------------------------------- the event's news
    async def changed(self, event: StoredEvent, operation: str) -> None:
        """Queue what an operation tells the event's webhooks (the event service's hook)."""
        kinds = [KINDS[operation]] if operation in KINDS else []
        if operation in STANDINGS:
            kinds.append("standings.changed")
        if kinds:
            await asyncio.to_thread(self._queue, event, kinds)
            self.wake()

    def _queue(self, event: StoredEvent, kinds: list[str]) -> None:
        now = datetime.now(UTC)
        rounds = len(event.record.event.rounds)
        table = standings(event.record.event)[:16]
        with Session(self.engine) as session, session.begin():
            hooks = session.scalars(
                select(WebhookRow.id).where(WebhookRow.event_id == event.id)
            ).all()
            for hook in hooks:
                for kind in kinds:
                    payload = {
                        "kind": kind,
                        "event": {"id": event.id, "name": event.name, "revision": event.revision},
                        "round": rounds,
                        "standings": table if kind == "standings.changed" else None,
                    }
                    session.add(DeliveryRow(
                        webhook_id=hook, kind=kind, payload=payload, status="pending",
                        attempts=0, next_at=now, error=None, created_at=now,
                    ))  # fmt: skip
                session.flush()
                old = (
                    select(DeliveryRow.id)
                    .where(DeliveryRow.webhook_id == hook)
                    .order_by(DeliveryRow.id.desc())
                    .offset(KEPT)
                )
                session.execute(delete(DeliveryRow).where(DeliveryRow.id.in_(old)))

    # ------------------------------------------------------------- delivery
    async def _deliver(self) -> float:
        """Send the deliveries due (one stopped in flight is tried again after its lease);
        the seconds until the next is due."""
        for delivery in await asyncio.to_thread(self._claim):
            await asyncio.to_thread(self._send, delivery)
        return await asyncio.to_thread(self._next_due)

    def _next_due(self) -> float:
        """Seconds until the next pending delivery is due (`IDLE` if none is pending)."""
        with Session(self.engine) as session:
            due = session.scalar(
                select(func.min(DeliveryRow.next_at)).where(DeliveryRow.status == "pending")
            )
        if due is None:
            return IDLE
        return (as_utc(due) - datetime.now(UTC)).total_seconds()

    def _claim(self) -> list[Delivery]:
        """The deliveries due, each claimed for `LEASE` seconds (another process that
        read the same ones finds them taken)."""
        now = datetime.now(UTC)
        out = []
        with Session(self.engine) as session:
            due = session.execute(
                select(DeliveryRow, WebhookRow.url, WebhookRow.secret)
                .join(WebhookRow, WebhookRow.id == DeliveryRow.webhook_id)
                .where(DeliveryRow.status == "pending", DeliveryRow.next_at <= now)
                .order_by(DeliveryRow.next_at, DeliveryRow.id)
                .limit(20)
            ).all()
        for row, url, secret in due:
            with Session(self.engine) as session, session.begin():
                taken = session.execute(
                    update(DeliveryRow)
                    .where(DeliveryRow.id == row.id, DeliveryRow.next_at == row.next_at)
                    .values(next_at=now + timedelta(seconds=LEASE))
                )
                if getattr(taken, "rowcount", 0) == 1:
                    out.append(Delivery(row.id, url, secret, row.kind, row.payload, row.attempts))
        return out

    def _send(self, delivery: Delivery) -> None:
        """POST one delivery; note its outcome and, on failure, when to try again."""
        body = json.dumps(delivery.payload, separators=(",", ":")).encode()
        error = None
        try:
            check_url(delivery.url, self.allow_private)
            request = urllib.request.Request(delivery.url, data=body, method="POST", headers={
                "Content-Type": "application/json",
                "User-Agent": "ludoteca-webhooks",
                "X-Ludoteca-Event": delivery.kind,
                "X-Ludoteca-Delivery": str(delivery.id),
                "X-Ludoteca-Signature": sign(delivery.secret, body, int(time.time())),
            })  # fmt: skip
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                answer.read(1024)
        except urllib.error.HTTPError as exc:
            error = f"HTTP {exc.code}"
        except Exception as exc:  # refused, unreachable, timed out, a bad address
            error = str(exc)[:200] or type(exc).__name__
        attempts = delivery.attempts + 1
        values: dict[str, Any] = {"attempts": attempts, "error": error}
        if error is None:
            values["status"] = "delivered"
        elif attempts >= ATTEMPTS:
            values["status"] = "failed"
        else:
            values["next_at"] = datetime.now(UTC) + timedelta(seconds=2 ** (attempts - 1))
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(DeliveryRow).where(DeliveryRow.id == delivery.id).values(**values)
            )
