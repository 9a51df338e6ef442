"""Soak of the web app: normal play for a long while, with and without a hostile stranger
mixed in (issue 36, "Done when").

Each run stores `--tables` two-seat Toinc tables part-way through their games in a fresh
database (SQLite, or PostgreSQL with `--postgres`), starts `ludoteca serve` on it and
plays every table at a person's pace (`bench_web_load.seat_player`); a table that ends
is followed by a new one, so the server holds games at every stage all along, as one up
for months does. An attacked run also sends, from its start, the patterns issue 36
found: `since` floods in three languages, seat renames, huge-integer and deep bodies,
costly agent specs, concurrent studies, made-up names, frames of games in play, event
listings. The server's RSS is noted after `WARMUP` seconds and at the end. It reports
the RSS growth, people's move p99 attacked against quiet, the 5xx answers (503 "busy" is
counted apart: it is the server saying no by design), and the acknowledged moves missing
from the store (none may be).

    python benchmarks/bench_web_soak.py --minutes 20 --tables 100 [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
from bench_web_load import Pace, Tally, Window, percentile, seat_player
from web_server import fresh_database, server

from ludoteca import games
from ludoteca.web.shared.records import HUMAN, Move, StoredSeat, new_token, token_hash
from ludoteca.web.tables.store import WebStore

LANGUAGES = ("en", "pt-BR", "it")
DEEP = "[" * 7_000 + "]" * 7_000  # under the 16 KiB body cap: the nesting check answers
HUGE = "1" * 5_000
COSTLY = "ismcts:iterations=20000,depth=1000000000,rollout=heuristic"
WARMUP = 60.0
"""Seconds of play (and attack) before the server's RSS is first noted."""


@dataclass
class Attack:
    """Every hostile request's answer, by pattern and status."""

    answers: collections.Counter[tuple[str, int]] = field(default_factory=collections.Counter)

    def count(self, pattern: str, status: int) -> None:
        """Note one answer."""
        self.answers[(pattern, status)] += 1

    def failures(self) -> int:
        """Answers 500 and above but 503 (busy)."""
        return sum(n for (_p, status), n in self.answers.items() if status >= 500 and status != 503)


async def _requests(
    client: httpx.AsyncClient, tables: list[dict[str, object]], attack: Attack, stop: asyncio.Event
) -> None:
    """One hostile client: a request of a pattern drawn at random, until `stop`."""
    rng = random.Random(7)
    people = [{"kind": "human"}, {"kind": "human"}]
    mine = (await client.post("/api/tables", json={"game": "toinc", "seats": people})).json()
    token = mine["seats"][0]["token"]
    while not stop.is_set():
        table = str(rng.choice(tables)["id"])
        pattern = rng.choice(
            ["since", "rename", "huge", "deep", "costly", "names", "frames", "events"]
        )
        language = rng.choice(LANGUAGES)
        if pattern == "since":
            since = rng.randrange(0, 2_000)
            answer = await client.get(
                f"/api/tables/{table}/view?since={since}", headers={"Accept-Language": language}
            )
        elif pattern == "rename":
            answer = await client.post(
                f"/api/tables/{mine['id']}/name",
                params={"token": token},
                json={"name": f"Ana {rng.randrange(10**6)}"},
            )
        elif pattern == "huge":
            body = '{"game": "toinc", "seed": ' + HUGE + ', "seats": []}'
            answer = await client.post("/api/tables", content=body)
        elif pattern == "deep":
            answer = await client.post("/api/events", content=DEEP)
        elif pattern == "costly":
            seats = [{"kind": "agent", "agent": COSTLY}] * 2
            answer = await client.post("/api/tables", json={"game": "toinc", "seats": seats})
        elif pattern == "names":
            made_up = "x" * 8_000 + str(rng.randrange(10**9))
            answer = await client.get(f"/boards/{made_up}/board.js")
        elif pattern == "frames":
            answer = await client.get(f"/api/tables/{table}/frames/{rng.randrange(0, 50)}")
        else:
            answer = await client.get("/api/events")
        attack.count(pattern, answer.status_code)
        await asyncio.sleep(0.01)


async def _studies(client: httpx.AsyncClient, attack: Attack, stop: asyncio.Event) -> None:
    """Every 30 s, five studies asked for at once (at most two may run)."""
    body = {"game": "futebol", "games": 10, "level": "random"}
    while not stop.is_set():
        answers = await asyncio.gather(*(client.post("/api/studies", json=body) for _ in range(5)))
        for answer in answers:
            attack.count("study race", answer.status_code)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=30)


@dataclass
class Soaked:
    """One run's figures."""

    rss_warm: float
    rss_end: float
    p99: float
    moves: int
    lost: int
    ended: int
    attack: Attack | None


def staggered(database: str, count: int, seed: int) -> list[dict[str, Any]]:
    """`count` two-seat hot-seat Toinc tables stored in the fresh database before the
    server starts, each part-way through a game of random moves (a point drawn uniformly
    in it): games at every stage, as on a server that has been up a while, so the tables
    ending during the run balance those growing. Tokens as `POST /api/tables` gives."""
    game, rng = games.load("toinc"), random.Random(seed)
    store, made = WebStore(database), []
    try:
        for number in range(count):
            state, moves = game.new_game(seed + number), []
            while not state.is_terminal:
                moves.append((state.current_player, rng.choice(state.legal_actions())))
                state.apply(moves[-1][1])
            tokens = [new_token() for _ in range(game.num_seats)]
            seats = [StoredSeat(n, HUMAN, None, token_hash(t)) for n, t in enumerate(tokens)]
            record = store.create_table(
                "toinc", dict(game.options), seed + number, seats, hotseat=True, listed=False
            )
            played = moves[: rng.randrange(len(moves))]
            if played:
                store.append_actions(
                    [
                        Move(record.id, n, int(seat or 0), act)
                        for n, (seat, act) in enumerate(played)
                    ]
                )
            tables = [{"seat": n, "token": t} for n, t in enumerate(tokens)]
            made.append({"id": record.id, "seats": tables})
    finally:
        store.close()
    return made


async def _slot(
    base: str, tables: list[dict[str, Any]], pace: Pace, window: Window, tally: Tally, seed: int
) -> int:
    """Play `tables[seed]` to its end, then a new table in its place (as its people
    would), and so on until the window closes; how many tables ended."""
    table = tables[seed]
    ws_base, ended = base.replace("http://", "ws://"), 0
    start, handshakes = asyncio.Event(), asyncio.Semaphore(2)
    start.set()
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < window.stop:
            await asyncio.gather(
                *(
                    seat_player(
                        f"{ws_base}/ws/tables/{table['id']}?token={seat['token']}",
                        table["id"],
                        random.Random(seed * 1000 + ended * 2 + seat["seat"]),
                        pace,
                        start,
                        handshakes,
                        [0],
                        window,
                        tally,
                    )
                    for seat in table["seats"]
                )
            )
            if time.monotonic() >= window.stop:
                break
            ended += 1
            body = {"game": "toinc", "seats": [{"kind": "human"}] * 2, "hotseat": True}
            answer = await client.post("/api/tables", json=body)
            answer.raise_for_status()
            table = tables[seed] = answer.json()
    return ended


async def soak(
    base: str,
    pid: int,
    database: str,
    tables: list[dict[str, Any]],
    seconds: float,
    attacked: bool,
) -> Soaked:
    """Play (`WARMUP` s, then `seconds`), attacked all along or not; the run's figures."""
    pace, tally, rss, stop, attack = Pace(1.0, 2.0), Tally(), {}, asyncio.Event(), Attack()
    window = Window(time.monotonic() + WARMUP)
    window.stop = window.start + seconds
    tables = list(tables)  # each slot's table in play: the attacker's targets
    slots = [
        asyncio.create_task(_slot(base, tables, pace, window, tally, number))
        for number in range(len(tables))
    ]
    hostile: list[asyncio.Task[None]] = []
    if attacked:
        client = httpx.AsyncClient(base_url=base, timeout=60)
        hostile = [asyncio.create_task(_requests(client, tables, attack, stop)) for _ in range(4)]
        hostile.append(asyncio.create_task(_studies(client, attack, stop)))
    await asyncio.sleep(WARMUP)
    rss["warm"] = psutil.Process(pid).memory_info().rss
    ended = sum(await asyncio.gather(*slots))
    if tally.errors:
        print(f"{len(tally.errors)} errors, the first: {tally.errors[:3]}", file=sys.stderr)
    stop.set()
    await asyncio.gather(*hostile)
    rss["end"] = psutil.Process(pid).memory_info().rss
    store = WebStore(database)
    try:
        lost = 0
        for table_id, acked in tally.acked.items():
            stored = {index: action for index, _seat, action in store.actions(table_id)}
            lost += sum(1 for index, action in acked.items() if stored.get(index) != action)
    finally:
        store.close()
    ordered = sorted(tally.latencies)
    return Soaked(
        rss["warm"] / 2**20,
        rss["end"] / 2**20,
        percentile(ordered, 0.99) * 1000 if ordered else float("nan"),
        len(ordered),
        lost,
        ended,
        attack if attacked else None,
    )


def run(postgres: str | None, tables: int, seconds: float, attacked: bool) -> Soaked:
    """One run on a fresh database and server."""
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(postgres, Path(folder)) as database,
    ):
        made = staggered(database, tables, seed=11)
        with server(database) as (base, process):
            return asyncio.run(soak(base, process.pid, database, made, seconds, attacked))


def main() -> None:
    """A quiet run and an attacked run; print both and the README line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--postgres", help="an admin URL of a PostgreSQL server (none: SQLite)")
    options = parser.parse_args()
    seconds = options.minutes * 60
    started = time.monotonic()
    quiet = run(options.postgres, options.tables, seconds, attacked=False)
    print(f"quiet: {quiet}", file=sys.stderr)
    loud = run(options.postgres, options.tables, seconds, attacked=True)
    assert loud.attack is not None
    print(f"attacked: {loud}", file=sys.stderr)
    for (pattern, status), count in sorted(loud.attack.answers.items()):
        print(f"  {pattern}: {status} x{count}", file=sys.stderr)
    busy = sum(n for (_p, status), n in loud.attack.answers.items() if status == 503)
    store = "PostgreSQL" if options.postgres else "SQLite"
    print(
        f"\n{store}, {options.tables} tables, {options.minutes:g} min each "
        f"({time.monotonic() - started:.0f} s in all):\n"
    )
    print(
        "| store | RSS quiet (warm → end) | RSS attacked | p99 quiet | p99 attacked | ratio "
        "| games ended | hostile requests | 5xx (503 apart) | lost |\n"
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    print(
        f"| {store} | {_rss(quiet)} | {_rss(loud)} "
        f"| {quiet.p99:.1f} ms | {loud.p99:.1f} ms | {loud.p99 / quiet.p99:.2f}× "
        f"| {quiet.ended + loud.ended} | {sum(loud.attack.answers.values()):,} "
        f"| {loud.attack.failures()} ({busy}) | {quiet.lost + loud.lost} |"
    )


def _rss(run: Soaked) -> str:
    return f"{run.rss_warm:.0f} → {run.rss_end:.0f} MiB ({run.rss_end / run.rss_warm - 1:+.1%})"


if __name__ == "__main__":
    main()
